"""Shared fixtures: where the reference data lives.

The book and BERT's vocab are not part of the repository. Tests read them
from ``WORDPIECE_DATA_DIR`` (CI and the README set it to ``../shared/data``);
when unset, the folder ``../shared/data`` beside the checkout is used.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


def data_dir_path() -> Path:
    """The folder holding ``treasure-island.txt`` and BERT's vocab."""
    configured = os.environ.get("WORDPIECE_DATA_DIR")
    return Path(configured) if configured else REPO_ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    folder = data_dir_path()
    if not (folder / "treasure-island.txt").is_file():
        pytest.fail(
            f"reference data not found in {folder}: set WORDPIECE_DATA_DIR to the folder holding treasure-island.txt"
        )
    return folder


@pytest.fixture(scope="session")
def book_text(data_dir: Path) -> str:
    """The full text of Treasure Island."""
    return (data_dir / "treasure-island.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def bert_vocab_path(data_dir: Path) -> Path:
    """BERT base uncased ``vocab.txt`` (30,522 tokens)."""
    return data_dir / "bert-base-uncased-vocab.txt"
