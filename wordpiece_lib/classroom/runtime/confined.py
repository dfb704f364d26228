"""Inside a submission's sandbox: the limits, the report of what its code tried, and no new processes.

``python -m wordpiece_lib.classroom.runtime.confined -f CONNECTION_FILE``
is the kernel's command line. Before IPython's kernel starts, it:

* sets hard resource limits (memory, CPU time, file size, processes) from
  ``WORDPIECE_GRADE_LIMITS`` (set by :mod:`.sandbox`; absent with
  ``--no-sandbox``): a process cannot raise a hard limit again;
* installs an audit hook (:pep:`578`) that notes what the submission tried
  that the sandbox stops: starting a process, a network socket, a signal to
  another process, a file read or written outside what its sandbox shows,
  a search of the file system. An audit hook cannot be removed; it only
  *reports* (the sandbox and the filter below are what stop it), and the
  grader puts the notes in the submission's rows.

Once the kernel is up, the grader's helper calls
:func:`forbid_new_processes`: a seccomp filter (libseccomp, through
``pyseccomp``) makes ``fork``, ``vfork``, ``execve`` and a ``clone`` that
is not a thread fail with ``EPERM``, and refuses network sockets and the
calls that would change namespaces or mounts. Threads stay allowed
(``clone3`` says ``ENOSYS``, so the C library makes them with ``clone``).

>>> note = Notes(allowed=(), scratch=("/tmp",))
>>> note("subprocess.Popen", ("python", ["python", "-c", "1"], None, None))
>>> note("open", ("/tmp/mine.txt", "w", 0))
>>> note("open", ("/home/teacher/grades.csv", "w", 0))
>>> note.tried
['started a process (python -c 1)', 'wrote /home/teacher/grades.csv (outside its sandbox)']
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import sys
from collections.abc import Sequence
from typing import Any

#: At most this many notes are kept (a loop that tries the same thing a million times gives one).
MAX_NOTES = 12
#: At most this many folders searched are noted (a walk of the whole disk gives the first few).
MAX_SEARCHES = 3
#: The environment variable that carries the limits into the sandbox.
LIMITS_VARIABLE = "WORDPIECE_GRADE_LIMITS"
#: The environment variable that names the folders the sandbox shows (reads there are not noted).
SEEN_VARIABLE = "WORDPIECE_GRADE_SEEN"

_PROCESS_EVENTS = {
    "subprocess.Popen": "started a process",
    "os.system": "started a process",
    "os.exec": "started a process",
    "os.posix_spawn": "started a process",
    "os.spawn": "started a process",
    "os.fork": "forked",
    "os.forkpty": "forked",
    "pty.spawn": "started a process",
}
_PROC_OTHER = re.compile(r"^/proc/(\d+)(/|$)")


class Notes:
    """The audit hook: notes, in words, what a submission tried that its sandbox stops."""

    def __init__(self, allowed: Sequence[str], scratch: Sequence[str] = ()) -> None:
        self.allowed = tuple(path.rstrip("/") or "/" for path in allowed)
        # the private folders: a path there whose folder does not exist names a file of the host (/tmp/ada.ipynb)
        self.scratch = tuple(path.rstrip("/") or "/" for path in scratch)
        self.tried: list[str] = []
        self._pid = os.getpid()

    def _add(self, text: str) -> None:
        if text not in self.tried and len(self.tried) < MAX_NOTES:
            self.tried.append(text)

    def _inside(self, path: str) -> bool:
        if path.startswith("/proc/"):
            found = _PROC_OTHER.match(path)
            return found is None or int(found.group(1)) == self._pid
        if any(path == root or path.startswith(root + "/") for root in self.scratch):
            return os.path.isdir(os.path.dirname(path))
        return any(path == root or path.startswith(root + "/") for root in self.allowed)

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            self._open(args)
        elif event in _PROCESS_EVENTS:
            shown = args[1] if event in ("subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn") else args[:1]
            if isinstance(shown, (list, tuple)):
                shown = " ".join(str(part) for part in shown)
            detail = f" ({str(shown)[:120]})" if shown else ""
            self._add(f"{_PROCESS_EVENTS[event]}{detail}")
        elif event == "socket.__new__" and len(args) > 1 and args[1] not in (socket.AF_UNIX, -1):
            self._add("opened a network socket")
        elif event == "socket.connect" and len(args) > 1 and not isinstance(args[1], (str, bytes)):
            self._add(f"connected to {args[1]!r}"[:160])
        elif event in ("os.kill", "os.killpg") and args and args[0] not in (0, self._pid, os.getpgid(0)):
            self._add(f"signalled process {args[0]}")
        elif event in ("os.listdir", "os.scandir", "glob.glob") and args:
            path = os.fsdecode(args[0]) if isinstance(args[0], (str, bytes)) else "."
            path = os.path.abspath(path) if event != "glob.glob" else path
            searches = sum(text.startswith("searched ") for text in self.tried)
            if (event == "glob.glob" or not self._inside(path)) and searches < MAX_SEARCHES:
                self._add(f"searched {path[:160]}")

    def _open(self, args: tuple[Any, ...]) -> None:
        path, mode, flags = [*args, None, None, None][:3]
        if not isinstance(path, (str, bytes)):
            return  # an open file descriptor
        path = os.path.abspath(os.fsdecode(path))
        if "/__pycache__/" in path:
            return  # the import system looking for a module's cached bytecode
        writes = bool(mode and any(letter in mode for letter in "wax+")) or bool(
            isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        )
        if self._inside(path):
            return
        if path.startswith("/proc/"):
            self._add(f"read {path[:160]} (another process)")
        elif writes:
            self._add(f"wrote {path[:160]} (outside its sandbox)")
        else:
            self._add(f"read {path[:160]} (outside its sandbox)")


#: The notes of this kernel (set when the program starts); the grader's helper reads ``NOTES.tried``.
NOTES: Notes | None = None


def _set_limits(text: str) -> None:
    """Set the hard limits ``memory,cpu_seconds,file_size,processes`` (bytes, seconds, bytes, count) for good.

    Every part is checked before any limit is set: a hard limit cannot be raised again, and ``-1`` would mean no
    limit at all.
    """
    import resource

    parts = text.split(",") if isinstance(text, str) else []
    if len(parts) != 4 or not all(re.fullmatch(r"[0-9]+", part) and int(part) > 0 for part in parts):
        raise ValueError(
            f"{LIMITS_VARIABLE} must be memory,cpu_seconds,file_size,processes: four positive whole numbers "
            f"(bytes, seconds, bytes, count), got {text!r:.80}"
        )
    memory, cpu, file_size, processes = (int(part) for part in parts)
    for limit, value in (
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_FSIZE, file_size),
        (resource.RLIMIT_NPROC, processes),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(limit, (value, value))


def forbid_new_processes() -> str | None:
    """Load the seccomp filter that refuses new processes and network sockets; None, or why it could not.

    For good: a filter cannot be unloaded, so the example loads it in a process of its own.

    >>> import subprocess
    >>> probe = '''
    ... import subprocess
    ... from wordpiece_lib.classroom.runtime.confined import forbid_new_processes
    ... trouble = forbid_new_processes()
    ... try:
    ...     subprocess.run(["true"])
    ... except OSError:
    ...     print("refused")
    ... else:
    ...     print("not refused:", trouble)
    ... '''
    >>> print(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.strip())
    refused
    """
    if not sys.platform.startswith("linux"):
        return f"no seccomp on {sys.platform}"
    try:
        import pyseccomp as seccomp
    except (ImportError, OSError, RuntimeError) as missing:  # pyseccomp not installed, or no libseccomp
        return f"no seccomp filter: {missing}"
    refuse = seccomp.ERRNO(errno.EPERM)
    try:
        rules = seccomp.SyscallFilter(seccomp.ALLOW)
        for call in (
            "fork",
            "vfork",
            "execve",
            "execveat",
            "ptrace",
            "unshare",
            "setns",
            "mount",
            "umount2",
            "pivot_root",
            "chroot",
            "bpf",
            "perf_event_open",
            "userfaultfd",
            "io_uring_setup",
            "process_vm_writev",
            "process_vm_readv",
        ):
            rules.add_rule(refuse, call)
        clone_thread = 0x00010000  # CLONE_THREAD: a thread is fine, a new process is not
        rules.add_rule(refuse, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, clone_thread, 0))
        rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")  # its flags are out of a filter's reach
        rules.add_rule(refuse, "socket", seccomp.Arg(0, seccomp.NE, socket.AF_UNIX))
        rules.load()
    except (OSError, RuntimeError, ValueError) as error:
        return f"the seccomp filter did not load: {error}"
    return None


def _main() -> None:
    """Set the limits and the notes, then run IPython's kernel with this program's arguments (``-f CONNECTION_FILE``).

    The program is the interface (the grader's kernel command runs it); this function, which changes the process
    for good, is not one to call from elsewhere.
    """
    global NOTES
    limits = os.environ.pop(LIMITS_VARIABLE, "")
    if limits:
        _set_limits(limits)
    # loaded now: finding libseccomp runs ldconfig, which is no business of the notes (forbid_new_processes says
    # what is missing)
    with contextlib.suppress(ImportError, OSError, RuntimeError):
        import pyseccomp  # noqa: F401
    seen = [part for part in os.environ.pop(SEEN_VARIABLE, "").split(os.pathsep) if part]
    NOTES = Notes([*seen, "/dev"], scratch=[os.getcwd(), os.environ.get("TMPDIR", "/tmp")])
    sys.addaudithook(NOTES)
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


__all__ = ["LIMITS_VARIABLE", "NOTES", "SEEN_VARIABLE", "Notes", "forbid_new_processes"]


if __name__ == "__main__":  # run as a program: the notes belong to the importable module, where the helper reads them
    from wordpiece_lib.classroom.runtime import confined

    confined._main()
