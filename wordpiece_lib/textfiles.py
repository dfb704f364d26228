"""Reading text files with errors a student can act on, and with an end even when the file has none.

A path may name a regular file, a pipe or a device; the last two have no size
to check beforehand (``/dev/zero`` never ends), so they are read a chunk at a
time and stopped at ``max_bytes``, or at the first NUL byte where text cannot
hold one (a vocab: a NUL means a binary file, not a ``vocab.txt``).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

CHUNK_BYTES = 1 << 20


def describe_size(size: int) -> str:
    """A byte count for people: ``1,536 bytes`` below 10 kB, else kB, MB or GB (powers of 1000).

    >>> describe_size(12), describe_size(63_200), describe_size(4 * 1024**3)
    ('12 bytes', '63.2 kB', '4.29 GB')
    """
    if size < 10_000:
        return f"{size:,} bytes"
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            value = size / scale
            return f"{value:.3g} {unit}" if value < 100 else f"{value:,.0f} {unit}"
    return f"{size:,} bytes"  # pragma: no cover (unreachable)


def decode_utf8(data: bytes, source: str) -> str:
    """``data`` decoded as UTF-8; a bad byte is reported with ``source`` and its offset.

    >>> decode_utf8(b"caf\\xe9", "input file a.txt")
    Traceback (most recent call last):
    ...
    ValueError: input file a.txt is not valid UTF-8: byte 0xe9 at offset 3 (convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{source} is not valid UTF-8: byte 0x{data[error.start]:02x} at offset {error.start} "
            "(convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8)"
        ) from None


#: What to say of a text in UTF-16 where UTF-8 is wanted.
UTF16_ADVICE = "looks like UTF-16 text, not UTF-8 (convert it first, e.g. iconv -f utf-16 -t utf-8)"


def looks_like_utf16(head: bytes) -> bool:
    """True when the first bytes of a text look like UTF-16: its byte order mark, or a NUL in every other byte
    (and not in the bytes between: all NULs, as ``/dev/zero`` gives, are no text at all).

    >>> looks_like_utf16("hug".encode("utf-16")), looks_like_utf16("hug pug".encode("utf-16-le")), looks_like_utf16(b"hug")
    (True, True, False)
    >>> looks_like_utf16(bytes(64))
    False
    """
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    sample = head[:1024]
    if len(sample) < 4:
        return False
    half = len(sample) // 2
    nuls = sorted((sample[0::2].count(0), sample[1::2].count(0)))
    return nuls[1] > 0.9 * half and nuls[0] < 0.1 * half


def read_stream(
    stream: BinaryIO,
    source: str,
    *,
    max_bytes: int | None = None,
    refuse_nul: bool = False,
    raise_with: str | None = None,
) -> bytes:
    """Everything ``stream`` holds, a chunk at a time, stopping with a ``ValueError`` past the limits.

    ``raise_with`` names the parameter (or flag) that raises ``max_bytes``, for the error to say.

    >>> import io
    >>> read_stream(io.BytesIO(b"hug\\n"), "standard input")
    b'hug\\n'
    >>> read_stream(io.BytesIO(b"\\0" * 10), "vocab file /dev/zero", refuse_nul=True)
    Traceback (most recent call last):
    ...
    ValueError: vocab file /dev/zero holds a NUL byte at offset 0: it is a binary file, not text
    """
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = stream.read(CHUNK_BYTES)
        if not chunk:
            return b"".join(chunks)
        if refuse_nul and b"\0" in chunk:
            if total == 0 and looks_like_utf16(chunk):
                raise ValueError(f"{source} {UTF16_ADVICE}")
            offset = total + chunk.index(b"\0")
            raise ValueError(f"{source} holds a NUL byte at offset {offset:,}: it is a binary file, not text")
        total += len(chunk)
        if max_bytes is not None and total > max_bytes:
            raise ValueError(
                f"{source} is larger than {max_bytes:,} bytes ({describe_size(max_bytes)}), the most it may hold; "
                "stopped reading" + _raise_advice(raise_with)
            )
        chunks.append(chunk)


def _raise_advice(raise_with: str | None) -> str:
    return "" if raise_with is None else f" (if that is right, raise the limit with {raise_with})"


def stat_input(path: str | os.PathLike[str], source: str) -> os.stat_result:
    """``os.stat`` of an input, with errors that name it as ``source`` (``"input file book.txt"``).

    A socket cannot be opened as a file (the system says "No such device or address"), so it is
    refused here, in words.

    >>> stat_input("no/such.txt", "input file no/such.txt")
    Traceback (most recent call last):
    ...
    FileNotFoundError: input file no/such.txt does not exist
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise FileNotFoundError(
                f"{source} is a symbolic link to {os.readlink(path)}, which does not exist"
            ) from None
        raise FileNotFoundError(f"{source} does not exist") from None
    except OSError as error:  # a symbolic link loop, a path through a file, ...
        raise type(error)(error.errno, f"cannot read {source}: {error.strerror}") from None
    if stat.S_ISSOCK(info.st_mode):
        raise OSError(
            errno.ENXIO,
            f"{source} is a socket, not a file: it cannot be read as one (let the program behind it write to a "
            "file or a pipe, and give that)",
        )
    return info


def read_file_bytes(
    path: str | os.PathLike[str],
    *,
    name: str = "file",
    max_bytes: int | None = None,
    refuse_nul: bool = False,
    raise_with: str | None = None,
) -> bytes:
    """The bytes of ``path`` (a file, a pipe or a device), with clear errors and an upper bound.

    ``raise_with`` names the parameter (or flag) that raises ``max_bytes``, for the error to say.

    >>> read_file_bytes("/dev/null", name="input file")
    b''
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    target = Path(path)
    source = f"{name} {target}"
    info = stat_input(target, source)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(f"{source} is a folder, not a file")
    if stat.S_ISREG(info.st_mode) and max_bytes is not None and info.st_size > max_bytes:
        raise ValueError(
            f"{source} is {describe_size(info.st_size)} ({info.st_size:,} bytes), more than the {max_bytes:,} bytes "
            "it may hold" + _raise_advice(raise_with)
        )
    try:
        with open(target, "rb") as stream:
            return read_stream(stream, source, max_bytes=max_bytes, refuse_nul=refuse_nul, raise_with=raise_with)
    except OSError as error:
        if error.errno is None:
            raise
        raise type(error)(error.errno, f"cannot read {source}: {error.strerror}") from None


def read_text_file(
    path: str | os.PathLike[str],
    *,
    name: str = "file",
    max_bytes: int | None = None,
    refuse_nul: bool = False,
    raise_with: str | None = None,
) -> str:
    """Read a UTF-8 file; a bad byte is reported with the file and offset.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"caf\\xe9")
    >>> read_text_file(path)
    Traceback (most recent call last):
    ...
    ValueError: ... is not valid UTF-8: byte 0xe9 at offset 3 ...
    """
    data = read_file_bytes(path, name=name, max_bytes=max_bytes, refuse_nul=refuse_nul, raise_with=raise_with)
    return decode_utf8(data, f"{name} {Path(path)}")


__all__ = [
    "CHUNK_BYTES",
    "decode_utf8",
    "describe_size",
    "looks_like_utf16",
    "read_file_bytes",
    "read_stream",
    "read_text_file",
    "stat_input",
]
