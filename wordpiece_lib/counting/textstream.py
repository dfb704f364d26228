"""Reading text files as a stream: line-aligned blocks, compressed files, progress in bytes.

A corpus may be far larger than memory, so nothing here reads a whole file.
``read_blocks`` hands out blocks of about ``block_bytes`` that end at a line
end (a line longer than ``MAX_LINE_BYTES`` is cut at a space or tab
instead), so a word is never cut in two and each block can be normalized and
split on its own with exactly the words the whole text would give.

Files compressed with gzip, bzip2 or xz are recognised by their first bytes
(whatever their name) and decompressed on the fly. A plain file can also be
cut into line-aligned ``FilePart`` byte ranges (``split_file``), so that
several processes or machines each read their own part.
"""

from __future__ import annotations

import bz2
import contextlib
import glob
import gzip
import io
import lzma
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

from .._validate import check_optional_callable, check_path, check_positive_int, check_sequence, check_str
from ..textfiles import stat_input

#: Blocks handed out by ``read_blocks``: small enough that the C library
#: reuses their memory (1 MB blocks made a process grow to 10x its data).
BLOCK_BYTES = 1 << 16
#: A line longer than this is cut at its last space or tab.
MAX_LINE_BYTES = 1 << 22

# The magic numbers of the formats we decompress; no UTF-8 text starts with any of them
# (0x8b and 0xfd never start a UTF-8 character; "BZh" is followed by a digit and the block magic).
_FORMATS: tuple[tuple[str, bytes, Callable[[IO[bytes]], IO[bytes]]], ...] = (
    ("gzip", b"\x1f\x8b", lambda raw: gzip.GzipFile(fileobj=raw, mode="rb")),
    ("xz", b"\xfd7zXZ\x00", lambda raw: lzma.LZMAFile(raw, mode="rb")),  # noqa: SIM115 (closed by read_blocks)
    ("bzip2", b"BZh", lambda raw: bz2.BZ2File(raw, mode="rb")),
)
_BZIP2_BLOCK = b"1AY&SY"  # bytes 4-9 of a bzip2 file (bytes 3 is the block size digit)
_HEAD_BYTES = 10  # enough to tell every format above

Progress = Callable[[int], object]


class FilePart(NamedTuple):
    """Bytes ``start`` to ``end`` of the file at ``path`` (``end=None``: to the end of the file).

    A compressed file is never cut: its part is the whole file.
    """

    path: str
    start: int = 0
    end: int | None = None


def compression(path: str | os.PathLike[str]) -> str | None:
    """``"gzip"``, ``"bzip2"`` or ``"xz"`` when the file starts like one, else ``None`` (plain text).

    A pipe or a device is ``None`` without being read: a byte read from it could not be read again.

    >>> import tempfile, gzip, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.txt").write_bytes(b"plain")
    >>> with gzip.open(folder / "b.txt", "wt") as stream:
    ...     _ = stream.write("squeezed")
    >>> compression(folder / "a.txt"), compression(folder / "b.txt")
    (None, 'gzip')
    """
    if not _is_regular(path):
        return None
    with open(path, "rb") as stream:
        return _format_of(stream.read(_HEAD_BYTES))


def _format_of(head: bytes) -> str | None:
    for name, magic, _ in _FORMATS:
        if head.startswith(magic) and (name != "bzip2" or (head[3:4].isdigit() and head[4:10] == _BZIP2_BLOCK)):
            return name
    return None


def _is_regular(path: str | os.PathLike[str]) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


class _Replayed(io.RawIOBase):
    """A stream that cannot seek (a pipe, standard input) whose first bytes were read to recognise its
    format: they are handed out again before the rest, and ``tell`` counts the bytes read so far."""

    def __init__(self, head: bytes, rest: IO[bytes], *, owned: bool) -> None:
        self._head = head
        self._rest = rest
        self._owned = owned  # a file we opened is closed with us; standard input never is
        self._position = 0

    def close(self) -> None:
        if self._owned and not self.closed:
            self._rest.close()
        super().close()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
        else:
            data = self._rest.read(len(buffer))
            size = len(data)
            buffer[:size] = data
        self._position += size
        return size

    def tell(self) -> int:
        return self._position


def expand_inputs(patterns: Iterable[str | os.PathLike[str]], *, name: str = "input") -> list[Path]:
    """The files named by ``patterns``: paths, or glob patterns (``*``, ``?``, ``[...]``, ``**``) sorted by name.

    A pattern that matches nothing, a missing file or a folder is an error
    naming it. Files are kept in the order given (a file named twice is read twice).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "b.txt").write_text("b"), (folder / "a.txt").write_text("a")
    >>> [path.name for path in expand_inputs([folder / "*.txt"])]
    ['a.txt', 'b.txt']
    """
    check_str(name, "name")
    if isinstance(patterns, (str, bytes, os.PathLike)) or not isinstance(patterns, Iterable):
        raise TypeError(f"{name}s must be a list of paths or patterns, got {type(patterns).__name__}")
    found: list[Path] = []
    for pattern in patterns:
        if not isinstance(pattern, (str, os.PathLike)):
            raise TypeError(f"each {name} must be a str or a path, got {type(pattern).__name__}")
        text = os.fspath(pattern)
        if not os.path.exists(text) and glob.has_magic(text):
            matches = sorted(glob.glob(text, recursive=True))
            files = [Path(match) for match in matches if os.path.isfile(match)]
            if not files:
                raise FileNotFoundError(f"{name} pattern {text} matches no file")
            found.extend(files)
            continue
        found.append(check_file(text, f"{name} file"))
    return found


def check_file(path: str | os.PathLike[str], name: str = "input file") -> Path:
    """``path`` if it is a file that exists; otherwise an error naming it as ``name``.

    >>> check_file("no/such.txt")
    Traceback (most recent call last):
    ...
    FileNotFoundError: input file no/such.txt does not exist
    """
    check_path(path, "path")
    check_str(name, "name")
    target = Path(path)
    if stat.S_ISDIR(stat_input(target, f"{name} {target}").st_mode):
        raise IsADirectoryError(
            f"{name} {target} is a folder, not a file (give the files in it, e.g. {target / '*.txt'})"
        )
    return target


def split_file(path: str | os.PathLike[str], part_bytes: int) -> list[FilePart]:
    """Cut a plain file into parts of about ``part_bytes``, each ending at a line end.

    A compressed file cannot be entered in the middle, so it is one part; so is a pipe.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"one line\\ntwo lines\\nthree\\n")
    >>> [part[1:] for part in split_file(path, 10)]
    [(0, 19), (19, 25)]
    """
    check_path(path, "path")
    if isinstance(part_bytes, bool) or not isinstance(part_bytes, int) or part_bytes < 1:
        raise ValueError(f"part_bytes must be a positive int, got {part_bytes!r}")
    text = os.fspath(path)
    if not _is_regular(text) or compression(text) is not None:  # a pipe has no size to cut by
        return [FilePart(text, 0, None)]
    size = os.path.getsize(text)
    parts: list[FilePart] = []
    start = 0
    with open(text, "rb") as stream:
        while start < size:
            if size - start <= part_bytes:
                parts.append(FilePart(text, start, size))
                break
            stream.seek(start + part_bytes - 1)
            end = _next_boundary(stream)
            parts.append(FilePart(text, start, end))
            start = end
    return parts


def _next_boundary(stream: IO[bytes]) -> int:
    """The position just after the next line end at or after the stream's position (or a space in a huge line)."""
    while True:
        line = stream.readline(MAX_LINE_BYTES)
        if len(line) < MAX_LINE_BYTES or line.endswith(b"\n"):  # a line end, or the end of the file
            return stream.tell()
        # A line too long to wait for: cut after its last space or tab (bytes that are never inside a word).
        cut = max(line.rfind(b" "), line.rfind(b"\t"), line.rfind(b"\r"))
        if cut >= 0:
            position = stream.tell() - len(line) + cut + 1
            stream.seek(position)
            return position


def open_part(part: FilePart) -> tuple[IO[bytes], IO[bytes]]:
    """The (decompressed) stream of ``part`` positioned at its start, and the file underneath it."""
    raw = open(part.path, "rb")  # noqa: SIM115 (returned to the caller, who closes it)
    try:
        return _decompressed(raw, part.start)
    except BaseException:
        raw.close()
        raise


def _decompressed(raw: IO[bytes], start: int | None = None) -> tuple[IO[bytes], IO[bytes]]:
    """The text stream of an open file or pipe (decompressed when it starts like gzip, bzip2 or xz), and
    the stream under it whose ``tell`` counts the bytes read.

    ``start`` is where a part of a file begins (the format is read at the file's start); ``None`` means a
    caller's stream, read from where it stands. The format is read from the stream itself, never by
    opening the path a second time: a pipe would lose those bytes.
    """
    if raw.seekable():
        origin = raw.tell() if start is None else 0
        kind = _format_of(raw.read(_HEAD_BYTES))
        raw.seek(origin if kind or start is None else start)
    else:
        head = raw.read(_HEAD_BYTES)
        kind = _format_of(head)
        raw = _Replayed(head, raw, owned=start is not None)  # type: ignore[assignment]
    if kind is None:
        return raw, raw
    opener = next(open_stream for name, _, open_stream in _FORMATS if name == kind)
    return opener(raw), raw


def read_blocks(
    part: FilePart | str | os.PathLike[str] | IO[bytes],
    *,
    block_bytes: int = BLOCK_BYTES,
    progress: Progress | None = None,
) -> Iterator[bytes]:
    """The bytes of ``part`` (a whole file, or an open binary stream such as standard input),
    decompressed, in blocks that end at a line end.

    ``progress(n)`` is called after each block with the number of bytes read
    from disk since the last call (compressed bytes for a compressed file),
    so a progress bar over the file sizes ends at 100%.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"one\\ntwo\\nthree")
    >>> list(read_blocks(path, block_bytes=5))
    [b'one\\n', b'two\\n', b'three']
    """
    check_positive_int(block_bytes, "block_bytes")
    check_optional_callable(progress, "progress", "a function progress(n_bytes)")
    if not is_binary_stream(part) and not isinstance(part, FilePart):
        check_path(part, "part")
    if is_binary_stream(part):
        # An open stream belongs to the caller (standard input is not ours to close).
        stream, raw = _decompressed(part)  # type: ignore[arg-type]
        end = start = None
    else:
        if not isinstance(part, FilePart):
            part = FilePart(os.fspath(part))  # type: ignore[arg-type]
        stream, raw = open_part(part)
        start, end = part.start, part.end
    with contextlib.ExitStack() as closing:
        if start is not None:
            closing.enter_context(raw)
            closing.enter_context(stream)
        remaining = None if end is None or start is None else end - start
        reported = raw.tell()
        carry = b""
        while True:
            want = block_bytes if remaining is None else min(block_bytes, remaining)
            chunk = stream.read(want) if want > 0 else b""
            if remaining is not None:
                remaining -= len(chunk)
            if not chunk:
                if carry:
                    yield carry
                if progress is not None:
                    progress(raw.tell() - reported)
                return
            data = carry + chunk if carry else chunk
            cut = data.rfind(b"\n") + 1
            if cut == 0 and len(data) >= MAX_LINE_BYTES:
                cut = max(data.rfind(b" "), data.rfind(b"\t"), data.rfind(b"\r")) + 1
            if cut == 0:
                carry = data
                continue
            carry = data[cut:]
            yield data[:cut]
            if progress is not None:
                position = raw.tell()
                progress(position - reported)
                reported = position


def decode_block(block: bytes, path: str | os.PathLike[str], offset: int, name: str = "input file") -> str:
    """``block`` as text; a bad byte is reported with the file and its offset (``offset`` is where the block starts).

    >>> decode_block(b"caf\\xc3\\xa9", "a.txt", 0)
    'café'
    >>> decode_block(b"caf\\xe9", "a.txt", 100)
    Traceback (most recent call last):
    ...
    ValueError: input file a.txt is not valid UTF-8: byte 0xe9 at offset 103 (convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8)
    """
    try:
        return block.decode("utf-8")
    except UnicodeDecodeError as error:
        where = "offset" if _is_plain(path) else "offset (in the decompressed text)"
        raise ValueError(
            f"{name} {os.fspath(path)} is not valid UTF-8: byte 0x{block[error.start]:02x} at "
            f"{where} {offset + error.start} (convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8)"
        ) from None


def _is_plain(path: str | os.PathLike[str]) -> bool:
    """True unless ``path`` is an existing compressed file (whose offsets count decompressed bytes)."""
    try:
        return compression(path) is None
    except OSError:
        return True


def check_utf8(block: bytes, path: str | os.PathLike[str], offset: int) -> None:
    """Raise ``decode_block``'s error if ``block`` is not valid UTF-8 (ASCII needs no decoding)."""
    if not block.isascii():
        decode_block(block, path, offset)


def read_lines(
    path: str | os.PathLike[str] | IO[bytes],
    *,
    block_bytes: int = BLOCK_BYTES,
    name: str = "input file",
    progress: Progress | None = None,
) -> Iterator[str]:
    """The lines of a (possibly compressed) UTF-8 file or open binary stream, without their ``\\n``, as a stream.

    A last line without ``\\n`` is still a line; memory holds one block (and
    the longest line) at a time. ``progress`` is told the bytes read, as by ``read_blocks``.

    >>> import io, tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"one\\n\\ntwo")
    >>> list(read_lines(path)), list(read_lines(io.BytesIO(b"hug\\n")))
    (['one', '', 'two'], ['hug'])
    """
    check_positive_int(block_bytes, "block_bytes")
    check_optional_callable(progress, "progress", "a function progress(n_bytes)")
    if is_binary_stream(path):
        label = "standard input" if path is getattr(sys.stdin, "buffer", None) else "stream"
    else:
        label = os.fspath(check_file(path, name))  # type: ignore[arg-type]
    offset = 0
    pending = ""
    for block in read_blocks(path, block_bytes=block_bytes, progress=progress):
        text = decode_block(block, label, offset, name)
        offset += len(block)
        lines = text.split("\n")
        lines[0] = pending + lines[0]
        pending = lines.pop()
        yield from lines
    if pending:
        yield pending


def is_binary_stream(source: object) -> bool:
    """True for an open binary stream (something ``read_blocks`` reads as it is rather than opening).

    >>> import io
    >>> is_binary_stream(io.BytesIO()), is_binary_stream("a.txt")
    (True, False)
    """
    return hasattr(source, "read") and not isinstance(source, (str, bytes, os.PathLike))


def total_bytes(paths: Iterable[str | os.PathLike[str]]) -> int:
    """The size on disk of all ``paths`` (what ``read_blocks`` progress adds up to)."""
    return sum(os.path.getsize(check_path(path, "each of paths")) for path in check_sequence(paths, "paths"))


__all__ = [
    "BLOCK_BYTES",
    "MAX_LINE_BYTES",
    "FilePart",
    "Progress",
    "check_file",
    "check_utf8",
    "compression",
    "decode_block",
    "expand_inputs",
    "is_binary_stream",
    "open_part",
    "read_blocks",
    "read_lines",
    "split_file",
    "total_bytes",
]
