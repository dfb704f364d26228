"""Fixtures of the classroom tests."""

from __future__ import annotations

import pytest
from exercise_cases import start_afresh


@pytest.fixture
def fresh_start() -> None:
    """Every workbook's tries and every answer cell's work forgotten before the test, as in a new kernel."""
    start_afresh()
