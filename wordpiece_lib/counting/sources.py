"""The inputs of a count, found once: each file with its size as it was found, or an open stream.

A count is given names, glob patterns and open streams (standard input).
``find_sources`` expands the patterns and looks at every file once; what it
saw is all that the rest needs: the one-process count reads the sources in
order, the local workers and Dask cut them into parts by the sizes found here,
a progress bar counts towards their total, and at the end the count is checked
against the versions found here (a file written to while it was read gives
counts of no version of it).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "b.txt").write_text("pug\\n"), (folder / "a.txt").write_text("hug hug\\n")
>>> sources = find_sources([folder / "*.txt"])
>>> [pathlib.Path(source.name).name for source in sources], total_size(sources)
(['a.txt', 'b.txt'], 12)
"""

from __future__ import annotations

import functools
import os
import stat
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from .._validate import check_sequence
from .textstream import FilePart, compression, expand_inputs, is_binary_stream, split_file


@dataclass(frozen=True, eq=False)
class Source:
    """One input of a count: a file and what ``os.stat`` said of it when it was found, or an open binary stream.

    ``size`` is the bytes on disk of a regular file (0 for a stream, a pipe or a device, which have
    none to plan by); ``version`` (size, modification time, inode, device) tells a regular file that
    changed from the one that was found.
    """

    name: str
    stream: IO[bytes] | None = None
    size: int = 0
    version: tuple[int, int, int, int] | None = None

    @property
    def path(self) -> str | None:
        """The file's path (``None`` for an open stream)."""
        return None if self.stream is not None else self.name

    @property
    def regular(self) -> bool:
        """True for a regular file (a pipe, a device or a stream has no size to cut by)."""
        return self.version is not None

    @functools.cached_property
    def compression(self) -> str | None:
        """``"gzip"``, ``"bzip2"`` or ``"xz"`` for a compressed file (read from its first bytes once), else ``None``."""
        return compression(self.name) if self.regular else None

    def reader(self) -> FilePart | IO[bytes]:
        """What ``read_blocks`` reads for this source: the whole file, or the stream itself.

        >>> Source("a.txt").reader()
        FilePart(path='a.txt', start=0, end=None)
        """
        return self.stream if self.stream is not None else FilePart(self.name)

    def parts(self, part_bytes: int) -> list[FilePart]:
        """Line-aligned parts of about ``part_bytes`` (``split_file``); a compressed file, a pipe or a device is one.

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
        >>> _ = path.write_text("hug pug\\nbun\\n")
        >>> [(part.start, part.end) for part in find_sources([path])[0].parts(4)]
        [(0, 8), (8, 12)]
        """
        if self.stream is not None:
            raise ValueError(f"{self.name} is an open stream: it is read by this process alone, not in parts")
        if not self.regular or self.compression is not None:
            return [FilePart(self.name)]
        return split_file(self.name, part_bytes, size=self.size)


def find_sources(inputs: Iterable[str | os.PathLike[str] | IO[bytes]]) -> list[Source]:
    """Each input as a ``Source``: patterns expanded (``expand_inputs``: sorted by name, each an error when it
    matches nothing), files looked at once, open binary streams kept as they are (named "standard input"
    when it is standard input's).

    >>> import io
    >>> find_sources([io.BytesIO(b"hug")])[0].name
    'stream'
    """
    if isinstance(inputs, (str, bytes, os.PathLike)) or not isinstance(inputs, Iterable):
        raise TypeError(f"inputs must be a list of paths, patterns or binary streams, got {type(inputs).__name__}")
    sources: list[Source] = []
    for item in inputs:
        if is_binary_stream(item):
            name = "standard input" if item is getattr(sys.stdin, "buffer", None) else "stream"
            sources.append(Source(name, stream=item))  # type: ignore[arg-type]
            continue
        for path in expand_inputs([item]):  # type: ignore[list-item]
            sources.append(_looked_at(str(path)))
    return sources


def _looked_at(path: str) -> Source:
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        return Source(path)
    return Source(path, size=info.st_size, version=(info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev))


def check_sources(sources: Any) -> list[Source]:
    """``sources`` as a list, if it is a list of ``Source`` (as ``find_sources`` gives); else a ``TypeError``.

    >>> check_sources(["a.txt"])
    Traceback (most recent call last):
    ...
    TypeError: sources must be a list of Source (from find_sources), got a list holding str
    """
    checked = check_sequence(sources, "sources")
    odd = next((item for item in checked if not isinstance(item, Source)), None)
    if odd is not None:
        raise TypeError(
            f"sources must be a list of Source (from find_sources), got a list holding {type(odd).__name__}"
        )
    return checked


def total_size(sources: Sequence[Source]) -> int:
    """The bytes on disk of every source: what a progress bar in bytes counts towards (streams add nothing).

    >>> total_size([Source("a.txt", size=3), Source("b.txt", size=4)])
    7
    """
    return sum(source.size for source in check_sources(sources))


def check_unchanged(sources: Sequence[Source]) -> None:
    """Refuse counts of a file that was written to, cut short or replaced while it was read.

    >>> check_unchanged([Source("no/such/file.txt")])
    """
    for source in check_sources(sources):
        if not source.regular:
            continue
        try:
            info = os.stat(source.name)
            now = (info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)
        except OSError:
            now = None
        if now != source.version:
            raise ValueError(
                f"input file {source.name} changed while it was read (its size, time or identity differ): the "
                "counts match no version of it; count it again when nothing writes to it"
            )


__all__ = ["Source", "check_sources", "check_unchanged", "find_sources", "total_size"]
