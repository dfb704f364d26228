"""The sandboxes a grading test can use on this machine: bubblewrap, and podman when it can run a container.

podman is given settings of the test's own (``CONTAINERS_CONF``, ``CONTAINERS_STORAGE_CONF``): its
storage in a temporary folder (driver ``vfs``, which needs no kernel module), never the machine's
containers; cgroups managed through their files when no systemd runs; and ``runc`` when it is there,
since ``crun`` refuses a machine whose cgroups are mixed v1 and v2. A runtime that cannot run a
container here is a skip whose reason is ``grade``'s own one-line refusal.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from pathlib import Path

#: Where the tests' podman keeps its settings and storage (made once, for the whole session, then removed).
_FOLDER = Path(tempfile.mkdtemp(prefix="wordpiece-podman-tests-"))
# rootless podman's storage may hold files of the teacher's subordinate ids: what cannot go stays in /tmp
atexit.register(functools.partial(shutil.rmtree, _FOLDER, ignore_errors=True))


def podman_settings() -> dict[str, str]:
    """The environment variables that point podman at the tests' own settings and storage."""
    engine = ['events_logger = "file"']
    if not Path("/run/systemd/system").is_dir():
        engine.append('cgroup_manager = "cgroupfs"')
    if shutil.which("runc"):
        engine.append('runtime = "runc"')
    conf = _FOLDER / "containers.conf"
    storage = _FOLDER / "storage.conf"
    if not conf.exists():
        conf.write_text("[engine]\n" + "\n".join(engine) + "\n", encoding="utf-8")
        storage.write_text(
            f'[storage]\ndriver = "vfs"\ngraphroot = "{_FOLDER / "graph"}"\nrunroot = "{_FOLDER / "run"}"\n',
            encoding="utf-8",
        )
    return {"CONTAINERS_CONF": str(conf), "CONTAINERS_STORAGE_CONF": str(storage)}


def environment(runtime: str) -> dict[str, str]:
    """The environment a ``grade`` with ``--sandbox runtime`` runs in, in these tests."""
    return {**os.environ, **(podman_settings() if runtime == "podman" else {})}


_REASONS: dict[str, str | None] = {}


def why_not(runtime: str) -> str | None:
    """None when ``grade --sandbox runtime`` can run here, else why not (``grade``'s refusal, one line)."""
    if runtime not in _REASONS:
        from wordpiece_lib.classroom.teacher.grading import Limits, SandboxUnavailable, find_container, find_sandbox

        saved = dict(os.environ)
        os.environ.update(environment(runtime))
        try:
            if runtime == "bwrap":
                find_sandbox(Limits())
            else:
                find_container(runtime, Limits(), image="wordpiece-grade" if runtime == "docker" else None)
            _REASONS[runtime] = None
        except SandboxUnavailable as missing:
            _REASONS[runtime] = str(missing)
        finally:
            os.environ.clear()
            os.environ.update(saved)
    return _REASONS[runtime]
