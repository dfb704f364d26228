"""``count_files``: the words of whole files, counted in this process, on local processes or on a Dask cluster.

One entry point for the three ways of counting (notebook 11). It checks
every argument before a file is opened, then hands the parts to
``stream_count`` (one process), ``local_count`` (``workers=N``) or
``dask_count`` (``dask=...``). All three give the same ``WordCounts``, first-seen
order included (see ``stream_count`` for why).
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import IO, Any

from .._validate import check_positive_int
from ..text.normalizer import BertNormalizer
from .dask_count import count_with_dask
from .local_count import count_with_processes
from .stream_count import count_into, expand_sources, make_splitter, resolve_workers
from .textstream import MAX_WORD_BYTES, FilePart, Progress
from .word_counts import WordCounts


def count_files(
    inputs: Iterable[str | os.PathLike[str] | IO[bytes]],
    *,
    lowercase: bool = False,
    pretokenizer: str = "bert",
    normalizer: BertNormalizer | None = None,
    workers: int = 1,
    dask: Any = None,
    progress: Progress | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> WordCounts:
    """Count the words of UTF-8 text files (plain, gzip, bzip2 or xz; glob patterns allowed) as a stream.

    An open binary stream (standard input) may stand among the files; it is read by this process.

    The result equals ``WordCounts.from_texts([text of each file], ...)``
    with the same settings, first-seen order included, whatever ``workers``
    or ``dask`` say. ``workers`` is the number of local processes (``0``:
    one per CPU); ``dask`` is a Dask ``Client``, a scheduler address such as
    ``"tcp://10.0.0.5:8786"``, or ``"local"`` for a ``LocalCluster`` of
    ``workers`` processes on this machine (needs ``pip install
    "wordpiece-lib[dask]"``). ``progress(n)`` is told as each ``n`` bytes of
    input are done. A run of more than ``max_word_bytes`` bytes without a
    space or line end (``/dev/zero``, a binary file) is an error naming the
    file and offset, and so is a file that changes while it is read.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("Hug, hug!\\n")
    >>> count_files([path], lowercase=True)
    WordCounts({'hug': 2, ',': 1, '!': 1})
    """
    # Every argument is checked before any file is opened.
    splitter = make_splitter(lowercase=lowercase, pretokenizer=pretokenizer, normalizer=normalizer)
    workers = resolve_workers(workers)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function progress(n_bytes) or None, got {type(progress).__name__}")
    sources = expand_sources(inputs)
    # A stream is read once, front to back, so it cannot be shared out in parts.
    if any(not isinstance(source, str) for source in sources) and (dask is not None or workers > 1):
        raise ValueError(
            "an open stream (standard input) is counted by this process alone: give workers=1 and no dask, "
            "or save it to a file first"
        )
    check_positive_int(max_word_bytes, "max_word_bytes")
    paths: list[str] = sources  # type: ignore[assignment]
    before = _file_versions(sources)
    if dask is not None:
        found = count_with_dask(
            paths, splitter, dask, workers=workers, progress=progress, max_word_bytes=max_word_bytes
        )
    elif workers > 1:
        found = count_with_processes(paths, splitter, workers=workers, progress=progress, max_word_bytes=max_word_bytes)
    else:
        counts: Counter[str] = Counter()
        for source in sources:
            part = FilePart(source) if isinstance(source, str) else source
            count_into(part, splitter, counts, progress, max_word_bytes=max_word_bytes)
        found = counts
    _check_unchanged(before)
    return WordCounts.adopt(found)


def _file_versions(sources: Iterable[object]) -> dict[str, tuple[int, int, int, int]]:
    """Size, modification time and identity of each regular file among ``sources`` (streams are skipped).

    >>> _file_versions(["no/such/file.txt"])
    {}
    """
    versions = {}
    for source in sources:
        if isinstance(source, str):
            try:
                info = os.stat(source)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                versions[source] = (info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)
    return versions


def _check_unchanged(before: Mapping[str, tuple[int, int, int, int]]) -> None:
    """Refuse counts of a file that was written to, cut short or replaced while it was read (no version of it).

    >>> _check_unchanged(_file_versions(["no/such/file.txt"]))
    """
    for path, version in before.items():
        if _file_versions([path]).get(path) != version:
            raise ValueError(
                f"input file {path} changed while it was read (its size, time or identity differ): the counts "
                "match no version of it; count it again when nothing writes to it"
            )


__all__ = ["count_files"]
