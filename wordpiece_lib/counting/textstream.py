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
import re
import stat
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

from .._validate import check_int, check_optional_callable, check_path, check_positive_int, check_str
from ..textfiles import UTF16_ADVICE, describe_size, looks_like_utf16, stat_input

#: Blocks handed out by ``read_blocks``: small enough that the C library
#: reuses their memory (1 MB blocks made a process grow to 10x its data).
BLOCK_BYTES = 1 << 16
#: A line longer than this is cut at its last space or tab.
MAX_LINE_BYTES = 1 << 22
#: The longest run of bytes without a space or line end read by default (a "word" of 4 MiB is no word:
#: ``/dev/zero``, a binary file, a gzip bomb); ``max_word_bytes`` raises it.
MAX_WORD_BYTES = 1 << 22

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
            files = glob_files(text)
            if not files:
                raise FileNotFoundError(f"{name} pattern {text} matches no file")
            found.extend(files)
            continue
        found.append(check_file(text, f"{name} file"))
    return found


def glob_files(pattern: str) -> list[Path]:
    """The files ``pattern`` matches, sorted by name, each once (also when links lead to it twice).

    ``**`` walks each folder once: a symbolic link back up the tree (a loop) is
    not followed round and round, as ``glob.glob`` would (41 times for one loop,
    and for ever through two).

    >>> import tempfile, pathlib, os
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "sub").mkdir()
    >>> _ = (folder / "sub" / "a.txt").write_text("a")
    >>> os.symlink(folder, folder / "sub" / "loop")
    >>> [path.name for path in glob_files(str(folder / "**" / "*.txt"))]
    ['a.txt']
    """
    pattern = check_str(pattern, "pattern")
    parts = pattern.split(os.sep)
    if "**" not in parts:
        matches = sorted(glob.glob(pattern))
    else:
        at = parts.index("**")
        root = os.sep.join(parts[:at]) or ("." if not pattern.startswith(os.sep) else os.sep)
        rest = os.sep.join(parts[at + 1 :]) or "*"
        matches = []
        for base in _glob_roots(root):
            for folder in _walk_once(base):
                matches.extend(_glob_files_in(folder, rest))
        matches = sorted(set(matches))
    seen: set[tuple[int, int]] = set()
    return [Path(match) for match in matches if _new_of_kind(match, stat.S_ISREG, seen)]


def _new_of_kind(path: str, kind: Callable[[int], bool], seen: set[tuple[int, int]]) -> bool:
    """True the first time the file or folder behind ``path`` (links followed) is met and is of ``kind``."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    if not kind(info.st_mode) or (info.st_dev, info.st_ino) in seen:
        return False
    seen.add((info.st_dev, info.st_ino))  # a link or a loop reaching it again is not a new one
    return True


def _glob_roots(root: str) -> list[str]:
    return sorted(glob.glob(root)) if glob.has_magic(root) else [root]


def _glob_files_in(folder: str, rest: str) -> list[str]:
    """The paths ``rest`` (a pattern, maybe with ``**`` again) matches in ``folder``."""
    pattern = os.path.join(glob.escape(folder), rest)
    return [str(path) for path in glob_files(pattern)] if "**" in rest.split(os.sep) else glob.glob(pattern)


def _walk_once(base: str) -> Iterator[str]:
    """``base`` and every folder under it (links to folders followed), each real folder once."""
    seen: set[tuple[int, int]] = set()
    stack = [base]
    while stack:
        folder = stack.pop()
        if not _new_of_kind(folder, stat.S_ISDIR, seen):
            continue
        yield folder
        try:
            names = sorted(entry.name for entry in os.scandir(folder) if not entry.name.startswith("."))
        except OSError:
            continue
        stack.extend(os.path.join(folder, name) for name in reversed(names))


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


def split_file(path: str | os.PathLike[str], part_bytes: int, *, size: int | None = None) -> list[FilePart]:
    """Cut a plain file into parts of about ``part_bytes``, each ending at a line end.

    A compressed file cannot be entered in the middle, so it is one part; so is a pipe.
    ``size``: the size of a plain regular file already looked at (``Source.parts``), so it is not looked at again.

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
    if size is not None:
        check_int(size, "size", minimum=0)
    elif not _is_regular(text) or compression(text) is not None:  # a pipe has no size to cut by
        return [FilePart(text, 0, None)]
    else:
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


_SPACES = (b" ", b"\t", b"\r", b"\n")


def _first_space(data: bytes) -> int:
    """The index of the first space, tab, CR or LF in ``data``, or -1."""
    found = [index for index in (data.find(space) for space in _SPACES) if index >= 0]
    return min(found) if found else -1


def _last_space(data: bytes) -> int:
    """The index of the last space, tab, CR or LF in ``data``, or -1."""
    return max(data.rfind(space) for space in _SPACES)


class _Caps:
    """Watches the runs of bytes without a space (words) and without a line end (lines) as chunks go by.

    Each chunk is searched once, so a long line costs linear time, and a run
    over its cap stops the reading with an error naming the file and the byte
    offset where the run starts.
    """

    def __init__(self, label: str, max_word_bytes: int, max_line_bytes: int | None, compressed: bool) -> None:
        self.label, self.max_word, self.max_line = label, max_word_bytes, max_line_bytes
        self.where = "decompressed byte offset" if compressed else "byte offset"
        self.word_run = self.line_run = 0
        self.word_start = self.line_start = 0

    def check(self, chunk: bytes, offset: int) -> None:
        self.word_run, self.word_start = self._follow(
            chunk, offset, self.word_run, self.word_start, self.max_word, _first_space, _last_space, "word"
        )
        if self.max_line is not None:
            self.line_run, self.line_start = self._follow(
                chunk,
                offset,
                self.line_run,
                self.line_start,
                self.max_line,
                lambda data: data.find(b"\n"),
                lambda data: data.rfind(b"\n"),
                "line",
            )

    def _follow(
        self,
        chunk: bytes,
        offset: int,
        run: int,
        start: int,
        cap: int,
        first: Callable[[bytes], int],
        last: Callable[[bytes], int],
        what: str,
    ) -> tuple[int, int]:
        end = last(chunk)
        if end < 0:
            if run == 0:
                start = offset
            run += len(chunk)
            if run > cap:
                self._refuse(what, start, cap, chunk)
            return run, start
        head = first(chunk)
        if run + head > cap:
            self._refuse(what, start if run else offset, cap, chunk)
        if cap < len(chunk) and what == "word":  # a cap below the chunk size: look inside too
            inside = re.search(rb"[^ \t\r\n]{%d}" % (cap + 1), chunk)
            if inside is not None:
                self._refuse(what, offset + inside.start(), cap, chunk)
        elif cap < len(chunk):
            inside = re.search(rb"[^\n]{%d}" % (cap + 1), chunk)
            if inside is not None:
                self._refuse(what, offset + inside.start(), cap, chunk)
        return len(chunk) - end - 1, offset + end + 1

    def _refuse(self, what: str, start: int, cap: int, chunk: bytes) -> None:
        without = "a space or a line end" if what == "word" else "a line end"
        hint = " (it holds NUL bytes: is it a binary file?)" if b"\0" in chunk else ""
        raise ValueError(
            f"{self.label} has a {what} of over {cap:,} bytes without {without}, from {self.where} "
            f"{start:,}{hint}; if that is right, raise the limit with max_{what}_bytes"
        )


def read_blocks(
    part: FilePart | str | os.PathLike[str] | IO[bytes],
    *,
    block_bytes: int = BLOCK_BYTES,
    progress: Progress | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
    max_line_bytes: int | None = None,
    name: str = "input file",
) -> Iterator[bytes]:
    """The bytes of ``part`` (a whole file, or an open binary stream such as standard input),
    decompressed, in blocks that end at a line end.

    ``progress(n)`` is called after each block with the number of bytes read
    from disk since the last call (compressed bytes for a compressed file),
    so a progress bar over the file sizes ends at 100%.

    Memory and time stay bounded on any input (``/dev/zero``, a gzip bomb, a
    line with no line end): a line longer than ``MAX_LINE_BYTES`` is cut at a
    space instead; a run of more than ``max_word_bytes`` bytes without a space
    or line end, or a line longer than ``max_line_bytes`` (when given), is a
    ``ValueError`` naming the file (as ``name``) and the byte offset.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"one\\ntwo\\nthree")
    >>> list(read_blocks(path, block_bytes=5))
    [b'one\\n', b'two\\n', b'three']
    >>> list(read_blocks(path, max_word_bytes=4))
    Traceback (most recent call last):
    ...
    ValueError: input file .../a.txt has a word of over 4 bytes without a space or a line end, from byte offset 8; if that is right, raise the limit with max_word_bytes
    """
    check_positive_int(block_bytes, "block_bytes")
    check_str(name, "name")
    check_positive_int(max_word_bytes, "max_word_bytes")
    if max_line_bytes is not None:
        check_positive_int(max_line_bytes, "max_line_bytes")
    check_optional_callable(progress, "progress", "a function progress(n_bytes)")
    if not is_binary_stream(part) and not isinstance(part, FilePart):
        check_path(part, "part")
    if is_binary_stream(part):
        # An open stream belongs to the caller (standard input is not ours to close).
        stream, raw = _decompressed(part)  # type: ignore[arg-type]
        end = start = None
        label = "standard input" if part is getattr(sys.stdin, "buffer", None) else "the stream"
    else:
        if not isinstance(part, FilePart):
            part = FilePart(os.fspath(part))  # type: ignore[arg-type]
        stream, raw = open_part(part)
        start, end = part.start, part.end
        label = f"{name} {part.path}"
    caps = _Caps(label, max_word_bytes, max_line_bytes, compressed=stream is not raw)
    with contextlib.ExitStack() as closing:
        if start is not None:
            closing.enter_context(raw)
            closing.enter_context(stream)
        remaining = None if end is None or start is None else end - start
        offset = start or 0  # where the next chunk starts (in the decompressed text)
        reported = raw.tell()
        pending: list[bytes] = []  # chunks of the current line, not handed out yet
        pending_bytes = 0
        cut_at = -1  # in the pending bytes: just after their last space, where a line too long is cut
        while True:
            want = block_bytes if remaining is None else min(block_bytes, remaining)
            try:
                chunk = stream.read(want) if want > 0 else b""
            except (EOFError, OSError, lzma.LZMAError, zlib.error) as error:
                if isinstance(error, OSError) and not _is_corrupt(error):
                    raise
                raise ValueError(
                    f"{label} is a damaged or cut short compressed file (stopped at decompressed offset "
                    f"{offset:,}: {error})"
                ) from None
            if remaining is not None:
                remaining -= len(chunk)
            if not chunk:
                if pending:
                    yield b"".join(pending)
                if progress is not None:
                    progress(raw.tell() - reported)
                return
            caps.check(chunk, offset)
            offset += len(chunk)
            newline = chunk.rfind(b"\n")
            if newline < 0:
                space = _last_space(chunk)
                if space >= 0:
                    cut_at = pending_bytes + space + 1
                pending.append(chunk)
                pending_bytes += len(chunk)
                if pending_bytes < MAX_LINE_BYTES or cut_at < 0:
                    continue
                data = b"".join(pending)
                block, rest = data[:cut_at], data[cut_at:]
            else:
                pending.append(chunk[: newline + 1])
                block, rest = b"".join(pending), chunk[newline + 1 :]
            pending = [rest] if rest else []
            pending_bytes = len(rest)
            cut_at = _last_space(rest) + 1 if rest else -1
            cut_at = cut_at if cut_at > 0 else -1
            yield block
            if progress is not None:
                position = raw.tell()
                progress(position - reported)
                reported = position


def _is_corrupt(error: OSError) -> bool:
    """True for the ``OSError`` gzip and bz2 raise on a damaged stream (not a disk's read error)."""
    return error.errno is None


def decode_block(block: bytes, path: str | os.PathLike[str], offset: int, name: str = "input file") -> str:
    """``block`` as text; a bad byte is reported with the file and its offset (``offset`` is where the block starts).

    >>> decode_block(b"caf\\xc3\\xa9", "a.txt", 0)
    'café'
    >>> decode_block(b"caf\\xe9", "a.txt", 100)
    Traceback (most recent call last):
    ...
    ValueError: input file a.txt is not valid UTF-8: byte 0xe9 at offset 103 (convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8)
    """
    if offset == 0 and looks_like_utf16(block):
        raise ValueError(f"{name} {os.fspath(path)} {UTF16_ADVICE}")
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
    """Raise ``decode_block``'s error if ``block`` is not valid UTF-8 (ASCII needs no decoding), or looks like UTF-16."""
    if not block.isascii() or (offset == 0 and looks_like_utf16(block)):
        decode_block(block, path, offset)


def read_lines(
    path: str | os.PathLike[str] | IO[bytes],
    *,
    block_bytes: int = BLOCK_BYTES,
    name: str = "input file",
    progress: Progress | None = None,
    max_line_bytes: int | None = None,
    max_bytes: int | None = None,
) -> Iterator[str]:
    """The lines of a (possibly compressed) UTF-8 file or open binary stream, without their ``\\n``, as a stream.

    A last line without ``\\n`` is still a line; memory holds one block (and
    the longest line) at a time. ``progress`` is told the bytes read, as by ``read_blocks``.
    A line of more than ``max_line_bytes`` bytes (when given) is an error naming the file and offset;
    so is more than ``max_bytes`` bytes in all (decompressed), checked as each block comes, before it is used.

    >>> import io
    >>> list(read_lines(io.BytesIO(b"hug\\t1\\n" * 9), name="counts", max_bytes=20))
    Traceback (most recent call last):
    ...
    ValueError: reading counts on the stream stopped at byte offset 20 (20 bytes), the most it reads; if that is right, raise the limit with max_bytes

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
        where = f"{name} on {'the ' if label == 'stream' else ''}{label}"
    else:
        label = os.fspath(check_file(path, name))  # type: ignore[arg-type]
        where = f"{name} {label}"
    offset = 0
    pending = ""
    if max_line_bytes is not None:
        check_positive_int(max_line_bytes, "max_line_bytes")
    if max_bytes is not None:
        check_positive_int(max_bytes, "max_bytes")
    # With a cap on lines, that is the one that counts: no word may be longer than its line anyway.
    word_cap = MAX_WORD_BYTES if max_line_bytes is None else max(max_line_bytes, MAX_WORD_BYTES)
    blocks = read_blocks(
        path,
        block_bytes=block_bytes,
        progress=progress,
        name=name,
        max_line_bytes=max_line_bytes,
        max_word_bytes=word_cap,
    )
    for block in blocks:
        if max_bytes is not None and offset + len(block) > max_bytes:
            # Checked per block, so the cost stays linear; an endless source (a pipe, /dev/zero) ends here.
            raise ValueError(
                f"reading {where} stopped at byte offset {max_bytes:,} ({describe_size(max_bytes)}), the most "
                "it reads; if that is right, raise the limit with max_bytes"
            )
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
]
