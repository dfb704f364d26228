"""Running the command line in tests: as a whole process, as another user, and on a disk of a given size."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
#: The environment a command runs in: this checkout's library first.
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
#: The user ``nobody``, whom root can become to meet permissions root itself would pass.
NOBODY = 65534


def run_cli(
    *args: object,
    user: int | None = None,
    limit: Callable[[], None] | None = None,
    timeout: float = 300,
    **options: Any,
) -> subprocess.CompletedProcess[str]:
    """``python -m wordpiece_lib ARGS`` in a fresh interpreter, its output captured as text (unless ``text=False``).

    ``user``: run as that user (root only); ``limit``: a ``preexec_fn``, such as a resource limit;
    ``options`` go to ``subprocess.run`` (``input``, ``cwd``, ``stdin``, ...).
    """
    # setpriv rather than subprocess's user=: the interpreter may live under /root, which only an exec by path
    # resolved before the switch (as setpriv does) can reach
    prefix = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"] if user is not None else []
    settings: dict[str, Any] = {"capture_output": True, "text": True, "env": ENV, **options}
    return subprocess.run(
        [*prefix, sys.executable, "-m", "wordpiece_lib", *map(str, args)], preexec_fn=limit, timeout=timeout, **settings
    )


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    """What a command run in this process said on stderr: one ``error:`` line, never a hidden file's name."""
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1, error
    assert ".tmp" not in error and ".old" not in error, error  # the user's path, never the hidden name
    return error


def leftovers(folder: Path) -> list[str]:
    """The hidden files in ``folder`` (where a temporary file would be left)."""
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


@pytest.fixture
def corpus(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """``corpus.txt`` holding the test module's ``TEXT`` (the conftests of the command-line tests offer it)."""
    path = tmp_path / "corpus.txt"
    path.write_text(request.module.TEXT, encoding="utf-8")
    return path


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "64k", *, read_only: bool = False) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``folder`` (made if missing) for the block; a skip where that cannot be done."""
    if not IS_ROOT:
        pytest.skip("mounting a tmpfs needs root")
    folder.mkdir(exist_ok=True)
    flags = f"ro,size={size}" if read_only else f"size={size}"
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", flags, "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
