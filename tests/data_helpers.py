"""The tests' way to a data set: its checked copy, or one line saying what is missing and how to fetch it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from wordpiece_lib import data
from wordpiece_lib.data import text_sha256

REQUIRE_DATA_ENV = "WORDPIECE_REQUIRE_DATA"

#: A data set named in code: load_book("x"), load_text("x"), fetch("x"), or load_book() for its default book.
DATA_CALL = re.compile(r"\b(?:load_book|load_text|fetch)\(\s*(?:name\s*=\s*)?[\"']([\w-]+)[\"']|\bload_book\(\s*\)")


def data_required() -> bool:
    """True when a missing data set must fail the test run (``WORDPIECE_REQUIRE_DATA=1``, set by CI)."""
    return os.environ.get(REQUIRE_DATA_ENV, "").strip().lower() not in {"", "0", "false", "no"}


def missing_data(names: list[str]) -> data.DataUnavailable | None:
    """The first of ``names`` with no checked copy on this machine (never downloads), or None."""
    for name in names:
        try:
            data.fetch(name, download=False)
        except data.DataUnavailable as missing:
            return missing
    return None


def skip_or_fail(missing: data.DataUnavailable) -> None:
    """Skip with the one-line hint, or fail (with every place looked in) when data is required."""
    if data_required():
        pytest.fail(f"{missing.hint} ({REQUIRE_DATA_ENV}=1: a missing data set is an error)\n{missing}")
    pytest.skip(missing.hint)


def data_path(name: str) -> Path:
    """A checked copy of data set ``name``; else a skip (a failure when data is required) saying how to fetch it."""
    missing = missing_data([name])
    if missing is not None:
        skip_or_fail(missing)
    return data.fetch(name, download=False)


def data_sets_used(code: str) -> list[str]:
    """The data sets a piece of code loads by name (``load_book()`` alone means the default book)."""
    names = [match.group(1) or "treasure-island" for match in DATA_CALL.finditer(code)]
    return [name for name in dict.fromkeys(names) if name in data.DATASETS]


def require_data_for(code: str) -> None:
    """Skip (or fail) when ``code`` loads a data set that is not on this machine."""
    missing = missing_data(data_sets_used(code))
    if missing is not None:
        skip_or_fail(missing)


def is_pinned_copy(text: str, name: str = "treasure-island") -> bool:
    """Whether ``text`` is the copy whose figures the tests and notebooks quote (its pinned checksum)."""
    return text_sha256(text) == data.DATASETS[name].sha256


def require_pinned_copy(text: str, name: str = "treasure-island") -> None:
    """Skip a check of figures that hold only on the pinned copy of a book, when ``text`` is another copy."""
    if not is_pinned_copy(text, name):
        pytest.skip(f"these figures hold for the pinned copy of {name} only; this copy's text checksum differs")
