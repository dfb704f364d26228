"""A submission's kernel in a container of the teacher's runtime (podman or Docker), as bubblewrap would show it.

The same description of what a sandbox shows (:func:`.sandbox.shown_mounts`)
is rendered as a ``podman run`` or ``docker run`` command instead of a
``bwrap`` one: a root folder with nothing in it but mount points, read-only;
the system, the Python environment, the package, the data and an authored
notebook's checks bound read-only at their own paths; a private ``tmpfs`` at
``/tmp``; the kernel's sockets folder writable. No network (``--network
none``: the grader talks to the kernel over ZeroMQ's ``ipc`` transport in the
sockets folder), no capabilities, no new privileges, a PID namespace of its
own, and the limits twice: the runtime's (``--memory``, ``--pids-limit``,
``--ulimit`` for CPU time, file size and processes) and, inside,
:mod:`.confined`'s, as under bubblewrap.

* podman runs the kernel from the root folder (``--rootfs``), no image
  needed, in a user namespace of its own: the kernel's user
  (:data:`.sandbox.SANDBOX_UID`) is the grader's own, and the container's
  root is an unprivileged id (``nobody`` for a grader that is root, the first
  of the teacher's subordinate ids for rootless podman).
* Docker needs an image (``--image``): any image serves, since everything
  the kernel uses is bound from the host; an empty one is made with
  ``tar -c --files-from /dev/null | docker import - wordpiece-grade``. Docker
  has no per-container user namespace, so the kernel runs as the teacher's
  user and group ids (with no capabilities); a daemon with ``userns-remap``
  adds one.

Each container is named after its kernel's sockets folder, so the grader
removes it (:meth:`ContainerSandbox.end`) once the kernel is killed: killing
the ``podman run`` client alone would leave the container running.

>>> sandbox = ContainerSandbox("podman", Path("/usr/bin/podman"), Limits())
>>> sandbox.label
'podman'
>>> kernel_container_name(Path("/tmp/kernel-7/sockets")).startswith("wordpiece-grade-")
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wordpiece_lib._validate import check_instance, check_path, check_sequence, check_str
from wordpiece_lib.classroom.teacher.grading.sandbox import (
    SANDBOX_UID,
    SCRATCH,
    Limits,
    Mount,
    SandboxUnavailable,
    _paths,
    shown_mounts,
)

#: The container runtimes ``grade --sandbox`` can use besides bubblewrap.
RUNTIMES = ("podman", "docker")
#: How long a container may live at most (podman's ``--timeout``): the end of a grader that died without removing it.
LIFETIME_SECONDS = 3600
#: How to get each runtime, named in the one-line refusal.
HOW_TO_GET_RUNTIME = {
    "podman": "apt-get install podman (or dnf install podman); or grade with --sandbox bwrap",
    "docker": "install Docker Engine and start its daemon (https://docs.docker.com/engine/install/); "
    "or grade with --sandbox bwrap or --sandbox podman",
}
#: How a teacher makes an image for ``--sandbox docker`` (everything else is bound from the host).
HOW_TO_MAKE_IMAGE = "tar -c --files-from /dev/null | docker import - wordpiece-grade, then --image wordpiece-grade"


def kernel_container_name(sockets: Path) -> str:
    """The name of the container whose kernel talks through ``sockets`` (one kernel, one name).

    >>> kernel_container_name(Path("/tmp/a/sockets")) == kernel_container_name(Path("/tmp/a/sockets"))
    True
    >>> kernel_container_name(Path("/tmp/a/sockets")) != kernel_container_name(Path("/tmp/b/sockets"))
    True
    """
    sockets = Path(check_path(sockets, "sockets"))
    return "wordpiece-grade-" + hashlib.sha256(str(sockets).encode()).hexdigest()[:20]


def _open_files() -> str:
    """The grader's own limit on open files, which a container may not raise (a rootless runtime cannot)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    top = 1 << 20
    soft = top if soft == resource.RLIM_INFINITY else min(soft, top)
    hard = top if hard == resource.RLIM_INFINITY else min(hard, top)
    return f"nofile={soft}:{hard}"


def _user_map() -> list[str]:
    """podman's user namespace: the kernel's user is the grader's; the container's root an unprivileged id."""
    root_outside = "65534" if os.geteuid() == 0 else "1"  # nobody; rootless: the first subordinate id
    return [
        *("--uidmap", f"0:{root_outside}:1", "--uidmap", f"{SANDBOX_UID}:0:1"),
        *("--gidmap", f"0:{root_outside}:1", "--gidmap", f"{SANDBOX_UID}:0:1"),
        *("--user", f"{SANDBOX_UID}:{SANDBOX_UID}"),
    ]


def _mount_point(root: Path, mount: Mount) -> None:
    """Make ``mount``'s target inside ``root`` as the grader, so the runtime makes nothing there as another user."""
    inside = root / mount.target.lstrip("/")
    if mount.kind == "link":
        inside.parent.mkdir(parents=True, exist_ok=True)
        if not inside.is_symlink():
            inside.symlink_to(mount.source)
    elif mount.kind == "scratch":
        inside.mkdir(parents=True, exist_ok=True)
        inside.chmod(0o1777)  # a tmpfs takes its mount point's mode (podman copies it up): the kernel's user writes
    elif mount.kind == "writable" or Path(mount.source).is_dir():
        inside.mkdir(parents=True, exist_ok=True)
    else:
        inside.parent.mkdir(parents=True, exist_ok=True)
        inside.touch(exist_ok=True)


def make_root(root: Path, mounts: Sequence[Mount]) -> Path:
    """An empty root folder for podman's ``--rootfs``: the mount points of ``mounts`` and the runtime's own.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     root = make_root(Path(folder) / "root", [Mount("read-only", "/usr", "/usr"), Mount("scratch", "", "/tmp")])
    ...     sorted(path.name for path in root.iterdir())
    ['dev', 'etc', 'proc', 'run', 'sys', 'tmp', 'usr']
    """
    root = Path(check_path(root, "root"))
    mounts = [
        check_instance(mount, f"mounts[{index}]", Mount) for index, mount in enumerate(check_sequence(mounts, "mounts"))
    ]
    root.mkdir(mode=0o755)
    for folder in ("dev", "proc", "sys", "run", "etc"):
        (root / folder).mkdir(exist_ok=True)
    # the files podman writes or binds into a root (made here, they stay the grader's to delete)
    made = ("etc/hostname", "etc/passwd", "etc/group", "etc/resolv.conf", "etc/hosts", "run/.containerenv")
    for name in (*made, "run/podman-init"):
        (root / name).touch()
    (root / "etc" / "mtab").symlink_to("/proc/mounts")
    for mount in mounts:
        _mount_point(root, mount)
    return root


@dataclass(frozen=True)
class ContainerSandbox:
    """How to run one kernel in a container of ``runtime`` (``podman`` or ``docker``), with the limits given."""

    runtime: str
    program: Path
    limits: Limits
    readable: tuple[Path, ...] = ()
    #: Docker's image (podman: None, the kernel runs from a root folder of mount points)
    image: str | None = None

    @property
    def label(self) -> str:
        """What the grades table's ``sandbox`` column says of a row graded in it."""
        return self.runtime if self.image is None else f"{self.runtime} ({self.image})"

    def command(
        self, argv: Sequence[str], *, sockets: Path, environment: dict[str, str], extra: Sequence[Path] = ()
    ) -> list[str]:
        """``argv`` in a new container that can write ``sockets`` and nothing else of the host.

        For podman, the root folder is made beside ``sockets`` (``root``). ``extra``: more files or folders
        it may read.

        >>> import tempfile
        >>> sandbox = ContainerSandbox("docker", Path("/usr/bin/docker"), Limits(), image="wordpiece-grade")
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     sockets = Path(folder) / "sockets"
        ...     command = sandbox.command(["python", "-c", "1"], sockets=sockets, environment={"HOME": "/tmp"})
        ...     command[:4], command[-4:], f"{sockets}:{sockets}:rw" in command
        (['/usr/bin/docker', 'run', '--rm', '--name'], ['wordpiece-grade', 'python', '-c', '1'], True)
        """
        sockets = Path(check_path(sockets, "sockets"))
        mounts = shown_mounts([*self.readable, *_paths(extra, "extra")], sockets)
        limits = self.limits
        arguments = [
            str(self.program),
            "run",
            "--rm",
            *("--name", kernel_container_name(sockets)),
            *("--network", "none"),
            "--cap-drop=all",
            *("--security-opt", "no-new-privileges"),
            *("--hostname", "sandbox"),
            "--read-only",
            *("--log-driver", "none"),
            *("--memory", str(limits.memory), "--memory-swap", str(limits.memory)),
            *("--pids-limit", str(limits.processes)),
            *("--ulimit", f"cpu={limits.cpu_seconds}:{limits.cpu_seconds}"),
            *("--ulimit", f"fsize={limits.file_size}:{limits.file_size}"),
            *("--ulimit", f"nproc={limits.processes}:{limits.processes}"),
            *("--ulimit", _open_files()),
            *("--workdir", SCRATCH),
        ]
        if self.runtime == "podman":
            arguments += [
                *_user_map(),
                "--read-only-tmpfs=false",
                "--no-hosts",
                "--passwd=false",
                # an init as the first process, as bwrap has: it reaps, and the kernel is not the namespace's pid 1
                "--init",
                *("--timeout", str(LIFETIME_SECONDS)),
            ]
        else:
            arguments += ["--user", f"{os.getuid()}:{os.getgid()}"]
        for mount in mounts:
            if mount.kind == "scratch":
                arguments += [
                    "--mount",
                    f"type=tmpfs,destination={mount.target},tmpfs-size={limits.scratch},tmpfs-mode=1777",
                ]
            elif mount.kind in ("read-only", "writable"):
                mode = "ro" if mount.kind == "read-only" else "rw"
                arguments += ["--volume", f"{mount.source}:{mount.target}:{mode}"]
            elif self.image is not None:  # a link (/lib64 -> usr/lib64): an image may have none; bind what it names
                arguments += ["--volume", f"{(Path(mount.target).parent / mount.source).resolve()}:{mount.target}:ro"]
            # podman: a link is made in its root folder (make_root)
        for key, value in environment.items():
            arguments += ["--env", f"{key}={value}"]
        if self.image is None:
            root = make_root(sockets.parent / "root", mounts)
            arguments += ["--rootfs", str(root)]
        else:
            arguments.append(self.image)
        return [*arguments, *argv]

    def end(self, sockets: Path) -> None:
        """Remove the container of the kernel that talked through ``sockets`` (killing ``run`` leaves it running)."""
        sockets = Path(check_path(sockets, "sockets"))
        # podman would first ask politely and wait 10 s; what runs there is killed at once, as bwrap's is
        wait = ["--time", "0"] if self.runtime == "podman" else []
        stop = [str(self.program), "rm", "--force", *wait, kernel_container_name(sockets)]
        # a runtime gone meanwhile: podman's --timeout ends the container
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run(stop, capture_output=True, timeout=60, check=False)


def _said(result: subprocess.CompletedProcess[str]) -> str:
    said = " ".join((result.stderr or result.stdout).split()) or f"exit status {result.returncode}"
    return said[-300:]


def _probe(sandbox: ContainerSandbox) -> str | None:
    """None when ``sandbox`` runs a command here, else why not (the runtime's own words, one line)."""
    with tempfile.TemporaryDirectory(prefix="wordpiece-probe-") as folder:
        sockets = Path(folder) / "sockets"
        sockets.mkdir(mode=0o700)
        command = sandbox.command([sys.executable, "-c", "pass"], sockets=sockets, environment={})
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as error:
            return str(error)
        finally:
            sandbox.end(sockets)
    return None if result.returncode == 0 else _said(result)


def find_container(
    runtime: str, limits: Limits, readable: Sequence[Path] = (), image: str | None = None
) -> ContainerSandbox:
    """The container sandbox of ``runtime``, or :class:`.sandbox.SandboxUnavailable` naming in one line what is missing.

    ``image``: Docker's image (required for ``docker``; podman runs from a root folder of mount points
    without one).

    >>> try:
    ...     print(find_container("podman", Limits()).label)
    ... except SandboxUnavailable as missing:  # no podman here, or it cannot run a container
    ...     print(str(missing).startswith("--sandbox podman") and "podman")
    podman
    >>> find_container("lxc", Limits())
    Traceback (most recent call last):
    ...
    ValueError: runtime must be one of podman, docker, got 'lxc'
    """
    check_str(runtime, "runtime")
    if runtime not in RUNTIMES:
        raise ValueError(f"runtime must be one of {', '.join(RUNTIMES)}, got {runtime!r}")
    check_instance(limits, "limits", Limits)
    readable = _paths(readable, "readable")
    if image is not None:
        check_str(image, "image")
    option = f"--sandbox {runtime}"
    if runtime == "docker" and not image:
        raise SandboxUnavailable(
            f"{option} needs --image NAME, an image to run each kernel in (any image: the kernel's files are bound "
            f"from this machine); make an empty one: {HOW_TO_MAKE_IMAGE}"
        )
    if not sys.platform.startswith("linux"):
        raise SandboxUnavailable(
            f"{option} binds this machine's Python environment into each container, which works on Linux only "
            f"(this is {sys.platform}): grade on Linux (a VM or WSL2 will do)"
        )
    found = shutil.which(runtime)
    if found is None:
        raise SandboxUnavailable(f"{option}: {runtime} is not installed (not on PATH): {HOW_TO_GET_RUNTIME[runtime]}")
    sandbox = ContainerSandbox(runtime, Path(found), limits, tuple(readable), image)
    trouble = _probe(sandbox)
    if trouble is not None:
        raise SandboxUnavailable(
            f"{option}: {found} cannot run a container here ({trouble}); {remedy(runtime, trouble)}"
        )
    return sandbox


_SUBORDINATE_IDS = (
    "give your user a range of subordinate ids in /etc/subuid and /etc/subgid (usermod --add-subuids), "
    "then podman system migrate"
)
#: What a teacher can do about a runtime's known refusals (a part of its words, the advice).
REMEDIES = (
    ("cgroups in hybrid mode", 'set runtime = "runc" under [engine] in containers.conf (crun refuses mixed cgroups)'),
    ("newuidmap", _SUBORDINATE_IDS),
    ("subuid", _SUBORDINATE_IDS),
    ("Cannot connect to the Docker daemon", "start the Docker daemon"),
    ("permission denied while trying to connect", "add yourself to the docker group (or use rootless Docker)"),
    ("No such image", "make the image first: " + HOW_TO_MAKE_IMAGE.split(", then", 1)[0]),
    ("did not resolve to an alias", "make the image first (podman import), or leave --image out: podman needs none"),
)


def remedy(runtime: str, trouble: str) -> str:
    """What to do when ``runtime`` said ``trouble``: the known remedy, or the docs; and bwrap, always.

    >>> remedy("podman", "Error: crun: cgroups in hybrid mode not supported")
    'set runtime = "runc" under [engine] in containers.conf (crun refuses mixed cgroups), or grade with --sandbox bwrap'
    >>> remedy("docker", "something new")
    'see docs/grading.md (a container of yours), or grade with --sandbox bwrap'
    """
    check_str(runtime, "runtime")
    check_str(trouble, "trouble")
    for words, advice in REMEDIES:
        if words.lower() in trouble.lower():
            return f"{advice}, or grade with --sandbox bwrap"
    return "see docs/grading.md (a container of yours), or grade with --sandbox bwrap"


__all__ = [
    "HOW_TO_GET_RUNTIME",
    "HOW_TO_MAKE_IMAGE",
    "LIFETIME_SECONDS",
    "RUNTIMES",
    "ContainerSandbox",
    "find_container",
    "kernel_container_name",
    "make_root",
    "remedy",
]
