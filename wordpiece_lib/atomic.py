"""Safe file writes: a reader sees the old file or the new one, never half, and nothing is left behind.

A regular file is written atomically: the bytes go to a hidden temporary file
in the same folder, are flushed to disk, and the temporary file is renamed
over the target (``os.replace`` is atomic on one file system). If anything
fails midway, Ctrl-C and ``kill`` included, the temporary file is removed and
the old file is untouched. The new file keeps the owner, group and mode of the
one it replaces; a file the user could not write to is refused, not replaced
(a rename would ignore its permissions).

A result of several files (a vocab and its settings, a tokenizer folder) is
written with :func:`atomic_group`: every part is written and synced first,
then all are switched under a lock on their folder, with the old files kept
until the end, so a failure puts the whole old result back and two writers at
once leave one whole result.

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
import dataclasses
import errno
import hashlib
import os
import re
import shutil
import signal
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
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
    """Hold back SIGINT, SIGTERM and SIGHUP for a moment (a clean-up, a switch of files, must not be cut short).

    Blocking them for this thread is not enough: another thread (a pool's, a cluster's) may take the
    signal, and Python then runs its handler in the main thread at once. So for the moment each Python
    handler is stood in for by one that only notes the signal, and each noted signal is raised again, for
    its own handler, when the moment is over.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = (signal.SIGINT, *TERMINATING_SIGNALS)
    noted: list[int] = []
    stood_in = {}
    for signum in held:
        handler = signal.getsignal(signum)
        if callable(handler):
            stood_in[signum] = signal.signal(signum, lambda got, _frame: noted.append(got))
    masking = hasattr(signal, "pthread_sigmask")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held) if masking else set()
    try:
        yield
    finally:
        if masking:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        for signum, handler in stood_in.items():
            signal.signal(signum, handler)  # a signal still pending is noted first (Python checks before it swaps)
        for signum in dict.fromkeys(noted):
            signal.raise_signal(signum)


#: Called, with SIGINT, SIGTERM and SIGHUP held, each time a result has been written whole (``when_written``).
_WRITTEN_HOOKS: list[Callable[[], None]] = []


@contextlib.contextmanager
def when_written(hook: Callable[[], None]) -> Iterator[None]:
    """Within the block, ``hook()`` is called each time a result is written whole: a group of files switched
    in, or a device or a pipe written through and closed.

    The call comes while SIGINT, SIGTERM and SIGHUP are still held, so a program can
    tell a signal that came after its result was complete from one that came before.

    >>> import tempfile, pathlib
    >>> written = []
    >>> with when_written(lambda: written.append("whole")):
    ...     _ = atomic_write_bytes(pathlib.Path(tempfile.mkdtemp()) / "a.txt", b"hug")
    >>> written
    ['whole']
    """
    _WRITTEN_HOOKS.append(hook)
    try:
        yield
    finally:
        _WRITTEN_HOOKS.remove(hook)


def _written() -> None:
    for hook in list(_WRITTEN_HOOKS):
        hook()


NAME_MAX = 255

#: A temporary file's name: ``.NAME.PID-START-HOST-RANDOM.KIND``, hidden beside its target. PID and START (the
#: writer's process id and its start time, in clock ticks since boot) tell whether the writer is still there;
#: HOST (a hash of the machine's name) keeps a writer on another machine of a shared folder apart.
_TEMPORARY = re.compile(r"\.(\d{1,10})-(\d{1,20})-([0-9a-f]{4})-[0-9a-f]{8}\.(?:tmp|old)")
#: Room left for NAME in a temporary name: its other parts at their longest.
_NAME_ROOM = NAME_MAX - len(".." + "9" * 10 + "-" + "9" * 20 + "-ffff-ffffffff.tmp")


def _temporary_name(name: str, kind: str = "tmp") -> str:
    """A hidden ``.NAME.PID-START-HOST-RANDOM.tmp`` name, with NAME shortened so the whole stays within 255 bytes.

    A valid name of 238-255 bytes would otherwise give a temporary name too
    long for the file system, and the save would fail although the name is fine.

    >>> len(_temporary_name("v" * 255).encode()) <= 255, _temporary_name("vocab.txt").startswith(".vocab.txt.")
    (True, True)
    """
    random = os.urandom(4).hex()  # os.urandom rather than secrets: the same bytes, without its imports at start-up
    return f"{_temporary_prefix(name)}{os.getpid()}-{_start_of(os.getpid())}-{_host_mark()}-{random}.{kind}"


def _temporary_prefix(name: str) -> str:
    """What every temporary name of the target ``name`` starts with: ``.NAME.`` (NAME cut to fit)."""
    encoded = name.encode("utf-8", "surrogateescape")
    if len(encoded) > _NAME_ROOM:
        name = encoded[:_NAME_ROOM].decode("utf-8", "ignore")  # cut on a character boundary
    return f".{name}."


def _start_of(pid: int) -> int:
    """When the process ``pid`` started, in clock ticks since boot (Linux's ``/proc/PID/stat``); 0 where unknown.

    With the process id it names one process: a later process given the same id starts later.
    """
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            fields = stream.read().rpartition(b")")[2].split()
        return int(fields[19])  # the 22nd field; the first two (pid and name) are before the ")"
    except (OSError, ValueError, IndexError):
        return 0


def _host_mark() -> str:
    """Four hex digits of the machine's name: temporary files of writers on another machine are never judged."""
    return hashlib.sha256(os.uname().nodename.encode() if hasattr(os, "uname") else b"").hexdigest()[:4]


def _writer_gone(pid: int, start: int) -> bool:
    """True when the process that wrote a temporary file (``pid``, started at ``start``) has ended."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process: there, so not gone
        return False
    # A process of that id is there; it is the writer unless it started at another time (the id was reused).
    now = _start_of(pid)
    return bool(start and now and now != start)


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[str]:
    """Remove the temporary files of ``target`` whose writer has ended (killed before it could clean up);
    the names removed.

    Only files named as this module names them, by a writer on this machine that is no longer
    running: a concurrent writer's file is never touched, nor one whose writer cannot be told.

    >>> import tempfile, pathlib
    >>> remove_stale_temporaries(pathlib.Path(tempfile.mkdtemp()) / "vocab.txt")
    []
    """
    path = Path(target)
    prefix = _temporary_prefix(path.name)
    host = _host_mark()
    removed = []
    try:
        names = [name for name in os.listdir(path.parent or ".") if name.startswith(prefix)]
    except OSError:
        return removed
    for name in names:
        found = _TEMPORARY.fullmatch(name[len(prefix) - 1 :])
        if found is None or found.group(3) != host or not _writer_gone(int(found.group(1)), int(found.group(2))):
            continue
        with contextlib.suppress(OSError):
            os.unlink(path.parent / name)
            removed.append(name)
    return removed


def _create_temporary(folder: Path, name: str) -> tuple[int, str]:
    """Open a new hidden ``.NAME.PID-START-HOST-RANDOM.tmp`` file in ``folder`` for writing.

    Unlike ``tempfile.mkstemp`` (always private, mode 0600) the file gets the
    mode a plain ``open(..., "w")`` would give it (0666 less the umask), so a
    saved vocab is as readable as any other file the user writes.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        candidate = folder / _temporary_name(name)
        try:
            return os.open(candidate, flags, 0o666), str(candidate)
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file for {name} in {folder}")


def _keep_mode_and_owner(target: Path, handle: int, given: str) -> None:
    """Give the new file the owner, group and permissions of the file it replaces, if there is one."""
    try:
        old = os.stat(target)
    except FileNotFoundError:
        return
    new = os.fstat(handle)
    if hasattr(os, "fchown") and (old.st_uid, old.st_gid) != (new.st_uid, new.st_gid):
        try:
            os.fchown(handle, old.st_uid, old.st_gid)  # before the mode: a change of owner clears setuid bits
        except PermissionError:
            raise PermissionError(
                f"cannot replace {given}: its owner or group could not be kept; write the result to another file"
            ) from None
    if hasattr(os, "fchmod"):  # not on Windows, where modes are little more than read-only
        os.fchmod(handle, stat.S_IMODE(old.st_mode))


def check_replaceable(given: str | os.PathLike[str], info: os.stat_result | None = None) -> None:
    """Refuse to replace an existing file the user could not write to (a rename would ignore that).

    A write-protected file (no write permission for anyone, as ``rm`` asks about)
    is refused even for root; a file of another user, or one without write
    permission for this user, is refused for everyone else.

    >>> import tempfile, pathlib
    >>> kept = pathlib.Path(tempfile.mkdtemp()) / "kept.txt"
    >>> _ = kept.write_text("old")
    >>> kept.chmod(0o444)
    >>> check_replaceable(kept)
    Traceback (most recent call last):
    ...
    PermissionError: cannot replace .../kept.txt: it is write-protected; make it writable (chmod u+w) or write to another file
    """
    if info is None:
        try:
            info = os.stat(given)
        except FileNotFoundError:
            return
    if not stat.S_ISREG(info.st_mode):
        return
    if info.st_mode & 0o222 == 0:
        raise PermissionError(
            f"cannot replace {given}: it is write-protected; make it writable (chmod u+w) or write to another file"
        )
    if not hasattr(os, "geteuid") or os.geteuid() == 0:
        return
    if info.st_uid != os.geteuid():
        raise PermissionError(f"cannot replace {given}: it belongs to another user; write the result to another file")
    if not os.access(given, os.W_OK):
        raise PermissionError(f"cannot replace {given}: you have no permission to write it; write to another file")
    if info.st_gid not in {os.getegid(), *os.getgroups()}:
        raise PermissionError(
            f"cannot replace {given}: its group is not one of yours, so it could not be kept; write to another file"
        )


def resolve_output(path: str | os.PathLike[str]) -> tuple[Path, bool]:
    """Where writing ``path`` really goes, and whether it is written through (not replaced).

    Symbolic links are followed. A regular file, or a name not taken yet,
    gives ``(the real path, False)``; a character device or a FIFO gives
    ``(the real path, True)``; anything else, or a file the user could not
    write to (:func:`check_replaceable`), is refused.

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
        info = os.stat(given)
    except FileNotFoundError:
        folder = real.parent
        if not folder.is_dir():
            raise FileNotFoundError(f"cannot write {given}: folder {folder} does not exist") from None
        if len(real.name.encode("utf-8", "surrogateescape")) > NAME_MAX:
            raise OSError(
                errno.ENAMETOOLONG, f"cannot write {given}: a file name has at most {NAME_MAX} bytes"
            ) from None
        return real, False
    except OSError as error:  # a symlink loop, a name too long, a folder we may not enter ...
        raise type(error)(error.errno, f"cannot write {given}: {error.strerror}") from None
    mode = info.st_mode
    if stat.S_ISREG(mode):
        check_replaceable(given, info)
        return real, False
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return (real if real.exists() else given), True
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"cannot write {given}: it is a folder; give a file name inside it")
    kind = "a block device (a disk)" if stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a file"
    raise OSError(f"cannot write {given}: it is {kind}; refusing to write over it")


def check_writable(path: str | os.PathLike[str]) -> bool:
    """Check, before any work, that ``path`` can be written where it will go; True when it is written through.

    :func:`resolve_output` first (a folder, a socket, a file the user may not replace are refused);
    then, for a file that will be replaced, a temporary file is made and removed beside it (a
    folder that takes no new file, a read-only mount, a full inode table refuse that) and an
    existing file is opened for writing without changing it (an immutable or append-only file
    refuses that, and would refuse the rename at the end). A device or a pipe is not tried:
    it is written as it is.

    >>> import tempfile, pathlib
    >>> check_writable(pathlib.Path(tempfile.mkdtemp()) / "vocab.txt"), check_writable("/dev/null")
    (False, True)
    """
    target, through = resolve_output(path)
    if through:
        return True
    given = str(path)
    try:
        with _signals_held():  # the probe is removed even when a signal comes while it exists
            handle, probe = _create_temporary(target.parent, target.name)
            os.close(handle)
            os.unlink(probe)
    except OSError as error:
        raise type(error)(
            error.errno, f"cannot write {given}: no file can be made in {target.parent} ({error.strerror or error})"
        ) from None
    try:
        os.close(os.open(target, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)))
    except FileNotFoundError:
        pass
    except OSError as error:
        if error.errno in (errno.EPERM, errno.EROFS):
            raise type(error)(
                error.errno,
                f"cannot replace {given}: the system does not let it change ({error.strerror}; an immutable or "
                "append-only file, see lsattr); write the result to another file",
            ) from None
    return False


def _named(error: OSError, given: str) -> OSError:
    """The same error, naming the user's path (never the hidden temporary name)."""
    if str(given) in str(error) and not error.filename:
        return error
    return type(error)(error.errno, f"cannot write {given}: {error.strerror or error}")


class _PartStream:
    """The stream of one part being written: it hashes what goes through and names the user's path in errors."""

    def __init__(self, raw: BinaryIO, given: str) -> None:
        self.raw, self.given = raw, given
        self.hash = hashlib.sha256()

    def write(self, data: bytes) -> int:
        self.hash.update(data)
        try:
            return self.raw.write(data)
        except OSError as error:
            raise _named(error, self.given) from None

    def __getattr__(self, name: str) -> object:
        return getattr(self.raw, name)


@dataclasses.dataclass
class _Part:
    given: str
    target: Path
    temporary: str = ""
    backup: str = ""
    sha256: str = ""


@contextlib.contextmanager
def _folder_locks(folders: Iterable[Path], *, shared: bool = False) -> Iterator[None]:
    """Hold ``flock`` on each folder (sorted, so two writers never wait on each other in a circle).

    Writers of a result of several files hold it exclusively while they switch
    the files, readers of such a result shared while they read: nobody sees
    half of one result and half of another. Where folders cannot be locked,
    nothing is held.
    """
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    handles = []
    try:
        for folder in sorted(set(folders)):
            try:
                handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                continue
            handles.append(handle)
            with contextlib.suppress(OSError):
                fcntl.flock(handle, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        yield
    finally:
        for handle in handles:
            os.close(handle)


def shared_folder_lock(*paths: str | os.PathLike[str]) -> contextlib.AbstractContextManager[None]:
    """Read the files ``paths`` (parts of one result) while no writer switches them.

    >>> with shared_folder_lock("vocab.txt", "vocab.txt.settings.json"):
    ...     pass
    """
    return _folder_locks((Path(os.path.realpath(path)).parent for path in paths), shared=True)


class AtomicGroup:
    """Files written as one result: each part goes to a temporary file first, then all replace the old ones together.

    Use :func:`atomic_group`. Every part is written and synced beside its
    target before any target changes; the switch holds a lock on the folders
    (one writer at a time) and keeps a hard link to each old file, so a
    failure halfway through puts every old file back.
    """

    def __init__(self) -> None:
        self.parts: list[_Part] = []

    @contextlib.contextmanager
    def stream(self, path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
        """A binary stream for the part ``path`` (its bytes land when the whole group commits)."""
        target, through = resolve_output(path)
        if through:
            raise OSError(f"cannot write {path}: a device or a pipe cannot be part of a result of several files")
        if any(part.target == target for part in self.parts):
            raise ValueError(f"{path} is written twice in one result")
        part = _Part(str(path), target)
        self.parts.append(part)
        remove_stale_temporaries(target)
        try:
            with _signals_held():  # so no signal strikes between creating the file and knowing its name
                handle, part.temporary = _create_temporary(target.parent, target.name)
        except OSError as error:
            raise _named(error, part.given) from None
        raw = os.fdopen(handle, "wb")
        try:
            _keep_mode_and_owner(target, raw.fileno(), part.given)
            stream = _PartStream(raw, part.given)
            yield stream  # type: ignore[misc]
            try:
                raw.flush()
                os.fsync(raw.fileno())
            except OSError as error:
                raise _named(error, part.given) from None
        finally:
            # Flushed above, or given up with the part: closing must not raise the buffer's write error again,
            # without the path, over the error that says it (a full disk, say).
            with contextlib.suppress(OSError):
                raw.close()
        part.sha256 = stream.hash.hexdigest()

    def add(self, path: str | os.PathLike[str], data: bytes) -> str:
        """Add the part ``path`` holding ``data``; its SHA-256 (hex)."""
        with self.stream(path) as stream:
            stream.write(data)
        return self.parts[-1].sha256

    def _commit(self) -> None:
        several = len(self.parts) > 1
        with _folder_locks(part.target.parent for part in self.parts), _signals_held():
            switched: list[_Part] = []
            try:
                for part in self.parts:
                    if several and os.path.lexists(part.target):
                        part.backup = str(part.target.parent / _temporary_name(part.target.name, "old"))
                        try:
                            os.link(part.target, part.backup)
                        except OSError:  # a file system without hard links: keep a copy instead
                            shutil.copy2(part.target, part.backup)
                    os.replace(part.temporary, part.target)
                    part.temporary = ""
                    switched.append(part)
            except BaseException as error:
                for done in reversed(switched):
                    with contextlib.suppress(OSError):
                        if done.backup:
                            os.replace(done.backup, done.target)
                            done.backup = ""
                        else:
                            os.unlink(done.target)
                if isinstance(error, OSError):
                    raise _named(error, part.given) from None
                raise
            for folder in {part.target.parent for part in self.parts}:
                _sync_folder(folder)
            _written()

    def _discard(self) -> None:
        with _signals_held():
            for part in self.parts:
                for leftover in (part.temporary, part.backup):
                    if leftover:
                        with contextlib.suppress(FileNotFoundError):
                            os.unlink(leftover)
                part.temporary = part.backup = ""


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (where a folder can be opened and synced)."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


@contextlib.contextmanager
def atomic_group() -> Iterator[AtomicGroup]:
    """Write several files as one result (a vocab and its settings, a tokenizer folder): all or none replace the old.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with atomic_group() as group:
    ...     _ = group.add(folder / "vocab.txt", b"[UNK]\\n")
    ...     _ = group.add(folder / "vocab.txt.settings.json", b"{}\\n")
    >>> sorted(path.name for path in folder.iterdir())
    ['vocab.txt', 'vocab.txt.settings.json']
    """
    with terminate_cleanly():
        group = AtomicGroup()
        try:
            yield group
            group._commit()
        finally:
            group._discard()


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
        with _signals_held():
            _written()
        return
    with atomic_group() as group, group.stream(path) as stream:
        yield stream


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
    "NAME_MAX",
    "TERMINATING_SIGNALS",
    "AtomicGroup",
    "TerminatedBySignal",
    "atomic_group",
    "atomic_write_bytes",
    "atomic_write_text",
    "atomic_writer",
    "check_replaceable",
    "check_writable",
    "encode_utf8",
    "remove_stale_temporaries",
    "resolve_output",
    "shared_folder_lock",
    "terminate_cleanly",
    "when_written",
]
