"""Atomic file writes: a reader sees the old file or the new one, never half.

The text goes to a temporary file in the same folder, is flushed to disk, and
is then renamed over the target (``os.replace`` is atomic on one file
system). If anything fails midway the temporary file is removed and the old
file is untouched.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


def _create_temporary(folder: Path, name: str) -> tuple[int, str]:
    """Open a new hidden ``.NAME.RANDOM.tmp`` file in ``folder`` for writing.

    Unlike ``tempfile.mkstemp`` (always private, mode 0600) the file gets the
    mode a plain ``open(..., "w")`` would give it (0666 less the umask), so a
    saved vocab is as readable as any other file the user writes.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        # os.urandom rather than the secrets module: the same bytes, without its imports at start-up.
        candidate = folder / f".{name}.{os.urandom(6).hex()}.tmp"
        try:
            return os.open(candidate, flags, 0o666), str(candidate)
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file for {name} in {folder}")


def _keep_mode(target: Path, temporary: str) -> None:
    """Give the new file the permissions of the file it replaces, if there is one."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return
    os.chmod(temporary, mode)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically and return the path.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "vocab.txt"
    >>> atomic_write_bytes(target, b"[UNK]\\n").read_bytes()
    b'[UNK]\\n'
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(f"cannot write {target}: folder {folder} does not exist")
    handle, temporary = _create_temporary(folder, target.name)
    try:
        with os.fdopen(handle, "wb") as stream:
            _keep_mode(target, temporary)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    return target


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` as UTF-8 with ``\\n`` line ends to ``path`` atomically.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> atomic_write_text(target, "hug\\n").read_text()
    'hug\\n'
    """
    return atomic_write_bytes(path, text.encode("utf-8"))


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary stream whose bytes replace ``path`` only when the ``with`` block ends without error.

    For outputs written a piece at a time (counts, encoded corpora): they
    go to a temporary file beside the target, which is renamed over it at
    the end, so the target never holds half a result. A device or a pipe
    (``/dev/stdout``, a FIFO) is not a file that can be replaced: it is
    written to directly.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_writer(target) as stream:
    ...     _ = stream.write(b"hug\\n")
    >>> target.read_bytes()
    b'hug\\n'
    """
    target = Path(path)
    try:
        special = not stat.S_ISREG(os.stat(target).st_mode)
    except FileNotFoundError:
        special = False
    if special:
        with open(target, "wb") as stream:
            yield stream
        return
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(f"cannot write {target}: folder {folder} does not exist")
    handle, temporary = _create_temporary(folder, target.name)
    try:
        with os.fdopen(handle, "wb") as stream:
            _keep_mode(target, temporary)
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
