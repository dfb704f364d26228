"""``tools/notebooks.sh`` opens the student notebooks only; ``--solutions`` opens the worked solutions.

The script's JupyterLab arguments are read with ``WORDPIECE_NOTEBOOKS_DRY_RUN`` (it then runs nothing),
and a real JupyterLab server is started with them on 127.0.0.1: its file browser's listing (the
contents API) must show what a student or a teacher should see, and nothing else.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JUPYTER = Path(sys.executable).with_name("jupyter")

pytestmark = pytest.mark.slow


def script_arguments(*flags: str) -> list[str]:
    env = dict(os.environ, WORDPIECE_NOTEBOOKS_DRY_RUN="1")
    result = subprocess.run(
        ["bash", str(ROOT / "tools" / "notebooks.sh"), *flags], capture_output=True, text=True, env=env, check=True
    )
    return result.stdout.splitlines()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def listing(arguments: list[str], tmp_path: Path, folder: str = "") -> list[str]:
    """Start JupyterLab with ``arguments`` from the repository root; return the names it lists in ``folder``."""
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_DATA_DIR=str(tmp_path / "data"))
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    server = subprocess.Popen(
        [
            str(JUPYTER),
            *arguments,
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            f"--IdentityProvider.token={token}",
            "--allow-root",
        ],  # fmt: skip
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}/api/contents/{folder}?token={token}"
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    return sorted(item["name"] for item in json.load(response)["content"])
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_the_script_opens_the_notebooks_folder_with_the_solutions_hidden():
    arguments = script_arguments()
    assert arguments[0] == "lab" and "--ServerApp.root_dir=notebooks" in arguments
    assert "--ContentsManager.hide_globs=solutions" in arguments
    teacher = script_arguments("--solutions", "--port", "9999")
    assert "--ServerApp.root_dir=notebooks/solutions" in teacher and teacher[-2:] == ["--port", "9999"]
    assert "--ContentsManager.hide_globs=solutions" not in teacher


def test_a_student_sees_the_student_notebooks_only(tmp_path):
    names = listing(script_arguments(), tmp_path)
    notebooks = sorted(path.name for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [name for name in names if name.endswith(".ipynb")] == notebooks
    assert "solutions" not in names, f"the solutions are one click away: {names}"
    # The live slides' style is served (RISE loads it) but not listed.
    assert (ROOT / "notebooks" / "rise.css").is_file() and "rise.css" not in names, names


def test_the_solutions_flag_opens_the_solutions(tmp_path):
    names = listing(script_arguments("--solutions"), tmp_path)
    solutions = sorted(path.name for path in (ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))
    assert [name for name in names if name.endswith(".ipynb")] == solutions
