"""The installable package is the library alone: no vendored JavaScript, nothing that needs a checkout."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> list[str]:
    """The file names inside a wheel built from a copy of the checkout (no network, no build isolation)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "wordpiece_lib", source / "wordpiece_lib", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_wheel_holds_the_whole_package(wheel_names):
    modules = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "wordpiece_lib").rglob("*.py"))
    assert [name for name in modules if name not in wheel_names] == []


def test_the_wheel_holds_no_javascript_no_tools_and_no_notebooks(wheel_names):
    unwanted = [
        name
        for name in wheel_names
        if name.endswith((".js", ".ipynb", ".html", ".j2")) or name.split("/")[0] in {"tools", "notebooks", "tests"}
    ]
    assert unwanted == []


def test_the_package_never_looks_for_the_offline_edition_or_the_notebooks():
    """Code that only works in a checkout lives in tools/; the package does not reach for it."""
    for path in (ROOT / "wordpiece_lib").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for needle in ("site_static", "tools/", '"notebooks"', "build_edition"):
            assert needle not in text, f"{path.relative_to(ROOT)} mentions {needle!r}"
