"""Fixtures the robustness tests share."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_helpers import corpus  # noqa: F401  (the fixture, for every test here)


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder anyone may write, in a place the user nobody can reach (pytest's own folders are private)."""
    folder = Path(tempfile.mkdtemp(prefix="wordpiece-open-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder)
