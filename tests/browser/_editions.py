"""The offline edition built once per test session, whichever test module asks first.

Each edition takes a minute or more to build (every notebook is executed), and two modules read the
solutions edition (``test_site_offline.py`` and ``test_accessibility.py``). Under pytest-xdist the
workers share one folder (the parent of their own temporary folders) and a lock: the first worker
builds, the others wait for it and read the same files.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = {"solutions": ROOT / "notebooks" / "solutions", "student": ROOT / "notebooks"}
BUILD_TIMEOUT = 1200  # s, one whole edition; about 60-90 s on two idle cores


def _shared_folder(tmp_path_factory) -> Path:
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_edition(tmp_path_factory, edition: str) -> Path:
    """The site folder of ``edition`` ("solutions" or "student"), built by the command a teacher runs."""
    from filelock import FileLock

    folder = _shared_folder(tmp_path_factory) / f"edition-{edition}"
    folder.mkdir(parents=True, exist_ok=True)
    site = folder / "site"
    done = folder / "built"
    failed = folder / "failed"
    with FileLock(str(folder / "lock")):
        if done.is_file():
            return site
        if failed.is_file():
            raise AssertionError(failed.read_text(encoding="utf-8"))
        result = subprocess.run(
            [
                sys.executable,
                str(ROOT / "tools" / "site" / "build_edition.py"),
                "--edition",
                edition,
                "--out",
                str(site),
                "--notebooks",
                str(NOTEBOOKS[edition]),
            ],
            cwd=ROOT,
            env=dict(os.environ, JUPYTER_PREFER_ENV_PATH="1"),
            capture_output=True,
            text=True,
            timeout=BUILD_TIMEOUT,
        )
        if result.returncode != 0 or "wrote" not in result.stdout:
            message = f"the {edition} edition's build failed:\n{result.stderr[-4000:]}"
            failed.write_text(message, encoding="utf-8")
            raise AssertionError(message)
        done.write_text(result.stdout, encoding="utf-8")
    return site
