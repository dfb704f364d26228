"""The data sets a benchmark reads, through the library's data module (shared by every script here)."""

from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]


def data_path(name: str) -> Path | None:
    """A data set's checked copy (fetched into the cache if needed), or None after saying why."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    from wordpiece_lib import data

    try:
        return data.fetch(name)
    except data.DataUnavailable as missing:
        print(missing, file=sys.stderr)
        return None
