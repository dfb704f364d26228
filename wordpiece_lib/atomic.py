"""Safe file writes: a reader sees the old file or the new one, never half, and nothing is left behind.

A regular file is written atomically: the bytes go to a hidden temporary file
in the same folder, are flushed to disk, and the temporary file is renamed
over the target (``os.replace`` is atomic on one file system). If anything
fails midway, Ctrl-C and ``kill`` included, the temporary file is removed and
the old file is untouched.

Not every path names a regular file:

* a *symbolic link* is followed: the file it points to is updated and the
  link stays a link (replacing the link itself would cut it);
* a *character device* (``/dev/null``, a terminal) or a *FIFO* (a named pipe,
  ``/dev/stdout`` when it is a pipe) cannot be replaced by a file without
  breaking whatever reads it: it is written through, like ``cat > path``;
* a block device (a disk), a socket or a folder is refused with a clear error.

Signals: Python turns SIGINT into ``KeyboardInterrupt``, so the cleanup above
runs; SIGTERM and SIGHUP would end the process on the spot and strand the
temporary file. While a temporary file exists, :func:`terminate_cleanly`
turns them into :class:`TerminatedBySignal` (a ``SystemExit``) too, when the
program has not installed its own handlers for them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

#: Signals that normally end a process at once, and that a write turns into an exception.
TERMINATING_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class TerminatedBySignal(SystemExit):
    """The process was asked to stop (SIGTERM or SIGHUP) while writing; the exit status is 128 + signal.

    >>> TerminatedBySignal(15).code, TerminatedBySignal(15).name
    (143, 'SIGTERM')
    """

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def _raise_terminated(signum: int, frame: object) -> None:
    raise TerminatedBySignal(signum)


@contextlib.contextmanager
def terminate_cleanly() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`TerminatedBySignal` so ``finally`` blocks run.

    Only signals still at their default action are changed (a program's own
    handlers are kept), only in the main thread (Python allows no other), and
    the previous handlers come back at the end.

    >>> with terminate_cleanly():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, object] = {}
    for signum in TERMINATING_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_DFL:
            previous[signum] = signal.signal(signum, _raise_terminated)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back SIGINT, SIGTERM and SIGHUP for a moment (a cleanup must not be cut short)."""
    held = {signal.SIGINT, *TERMINATING_SIGNALS}
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _create_temporary(folder: Path, name: str) -> tuple[int, str]:
    """Open a new hidden ``.NAME.RANDOM.tmp`` file in ``folder`` for writing.

    Unlike ``tempfile.mkstemp`` (always private, mode 0600) the file gets the
    mode a plain ``open(..., "w")`` would give it (0666 less the umask), so a
    saved vocab is as readable as any other file the user writes.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
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


def resolve_output(path: str | os.PathLike[str]) -> tuple[Path, bool]:
    """Where writing ``path`` really goes, and whether it is written through (not replaced).

    Symbolic links are followed. A regular file, or a name not taken yet,
    gives ``(the real path, False)``; a character device or a FIFO gives
    ``(the real path, True)``; anything else is refused.

    >>> resolve_output("/dev/null")
    (PosixPath('/dev/null'), True)
    >>> resolve_output("/dev")
    Traceback (most recent call last):
    ...
    IsADirectoryError: cannot write /dev: it is a folder; give a file name inside it
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    given = Path(path)
    if str(given) == "":
        raise ValueError("path must not be empty")
    real = Path(os.path.realpath(given))
    try:
        # The given path, not the resolved one: /dev/stdout resolves to "pipe:[...]" under /proc,
        # a name that cannot be opened, while the link itself opens the pipe.
        mode = os.stat(given).st_mode
    except FileNotFoundError:
        folder = real.parent
        if not folder.is_dir():
            raise FileNotFoundError(f"cannot write {given}: folder {folder} does not exist") from None
        return real, False
    except OSError as error:  # a symlink loop, a name too long, a folder we may not enter ...
        raise type(error)(error.errno, f"cannot write {given}: {error.strerror}") from None
    if stat.S_ISREG(mode):
        return real, False
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return (real if real.exists() else given), True
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"cannot write {given}: it is a folder; give a file name inside it")
    kind = "a block device (a disk)" if stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a file"
    raise OSError(f"cannot write {given}: it is {kind}; refusing to write over it")


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary stream whose bytes replace ``path`` only when the ``with`` block ends without error.

    For outputs written a piece at a time (counts, encoded corpora): the
    target never holds half a result. A device or a FIFO is written through
    instead, and SIGTERM/SIGHUP remove the temporary file (see the module
    docstring).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_writer(target) as stream:
    ...     _ = stream.write(b"hug\\n")
    >>> target.read_bytes()
    b'hug\\n'
    """
    target, through = resolve_output(path)
    if through:
        with open(target, "wb") as stream:
            yield stream
        return
    with terminate_cleanly():
        temporary = ""
        try:
            with _signals_held():  # so no signal strikes between creating the file and knowing its name
                handle, temporary = _create_temporary(target.parent, target.name)
            with os.fdopen(handle, "wb") as stream:
                _keep_mode(target, temporary)
                yield stream
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException:
            if temporary:
                with _signals_held(), contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary)
            raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` safely (see the module docstring) and return the path given.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "vocab.txt"
    >>> atomic_write_bytes(target, b"[UNK]\\n").read_bytes()
    b'[UNK]\\n'
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__}")
    with atomic_writer(path) as stream:
        stream.write(data)
    return Path(path)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` as UTF-8 with ``\\n`` line ends to ``path`` safely.

    A lone surrogate (half of a UTF-16 pair, e.g. from ``\\ud800`` or a file
    decoded with ``surrogateescape``) cannot be written as UTF-8: it is
    refused with its position before anything is written.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> atomic_write_text(target, "hug\\n").read_text()
    'hug\\n'
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return atomic_write_bytes(path, encode_utf8(text))


def encode_utf8(text: str, *, what: str = "text") -> bytes:
    """``text`` as UTF-8; a lone surrogate is a ``ValueError`` that says where it is.

    >>> encode_utf8("hug")
    b'hug'
    >>> encode_utf8("hu\\ud800g\\n")
    Traceback (most recent call last):
    ...
    ValueError: text holds a lone surrogate '\\ud800' at line 1, character 3, which UTF-8 cannot encode; remove it or fix the text's decoding
    """
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        column = error.start - (text.rfind("\n", 0, error.start) + 1) + 1
        raise ValueError(
            f"{what} holds a lone surrogate {text[error.start]!r} at line {line}, character {column}, "
            "which UTF-8 cannot encode; remove it or fix the text's decoding"
        ) from None


__all__ = [
    "TERMINATING_SIGNALS",
    "TerminatedBySignal",
    "atomic_write_bytes",
    "atomic_write_text",
    "atomic_writer",
    "encode_utf8",
    "resolve_output",
    "terminate_cleanly",
]
