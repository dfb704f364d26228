"""The offline editions built once per test session, whichever test module asks first.

Each edition takes a minute or more to build (every notebook is executed). Three modules read
them: ``test_site_offline.py`` and ``test_accessibility.py`` the sites, and ``test_rise.py`` the
student notebooks as the student edition executed them (``executed_notebooks``), so that each
student notebook is executed once a session, not once for the edition and again for the live slides.
Under pytest-xdist the workers share one folder (the parent of their own temporary folders) and a
lock per edition: the first worker builds, the others read the same files. A worker that wants
both editions builds the one no other worker is building first (``built_editions``), rather than
wait idle for the other.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = {"solutions": ROOT / "notebooks" / "solutions", "student": ROOT / "notebooks"}
BUILD_TIMEOUT = 1200  # s, one whole edition; about 60-90 s on two idle cores
#: The folder, beside an edition's site, that holds its notebooks as executed.
EXECUTED = "executed"


class BuildingElsewhere(Exception):
    """Another worker is building this edition right now (asked with ``wait=False``)."""


def _shared_folder(tmp_path_factory) -> Path:
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_edition(tmp_path_factory, edition: str, *, wait: bool = True) -> Path:
    """The site folder of ``edition`` ("solutions" or "student"), built by the command a teacher runs.

    With ``wait=False``, :class:`BuildingElsewhere` when another worker holds the edition's lock.
    """
    from filelock import FileLock, Timeout

    folder = _shared_folder(tmp_path_factory) / f"edition-{edition}"
    folder.mkdir(parents=True, exist_ok=True)
    site = folder / "site"
    done = folder / "built"
    failed = folder / "failed"
    try:
        lock = FileLock(str(folder / "lock"), timeout=-1 if wait else 0)
        lock.acquire()
    except Timeout:
        raise BuildingElsewhere(edition) from None
    try:
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
                "--executed-copies",
                str(folder / EXECUTED),
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
    finally:
        lock.release()
    return site


def built_editions(tmp_path_factory, editions: list[str]) -> dict[str, Path]:
    """The sites of ``editions``, each built once: an edition another worker is building is waited for last."""
    sites: dict[str, Path] = {}
    waiting = list(editions)
    while waiting:
        for edition in waiting:
            try:
                sites[edition] = built_edition(tmp_path_factory, edition, wait=False)
            except BuildingElsewhere:
                continue
            waiting.remove(edition)
            break
        else:  # every edition left is being built by another worker
            edition = waiting.pop(0)
            sites[edition] = built_edition(tmp_path_factory, edition)
    return {edition: sites[edition] for edition in editions}


def executed_notebooks(tmp_path_factory, edition: str) -> Path:
    """The folder of ``edition``'s notebooks as its build executed them (``NN_name.ipynb``, widget state kept)."""
    return built_edition(tmp_path_factory, edition).parent / EXECUTED
