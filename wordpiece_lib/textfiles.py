"""Reading text files with errors a student can act on."""

from __future__ import annotations

import os
from pathlib import Path


def read_text_file(path: str | os.PathLike[str], *, name: str = "file") -> str:
    """Read a UTF-8 file; a bad byte is reported with the file and offset.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"caf\\xe9")
    >>> read_text_file(path)
    Traceback (most recent call last):
    ...
    ValueError: ... is not valid UTF-8: byte 0xe9 at offset 3 ...
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    target = Path(path)
    if not target.exists():
        raise FileNotFoundError(f"{name} {target} does not exist")
    if target.is_dir():
        raise IsADirectoryError(f"{name} {target} is a folder, not a file")
    data = target.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{name} {target} is not valid UTF-8: byte 0x{data[error.start]:02x} at offset {error.start} "
            "(convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8)"
        ) from None
