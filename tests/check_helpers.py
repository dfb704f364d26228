"""Helpers for testing the exercise checks: the message a check fails or skips with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def fails_with(check: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """The message of the AssertionError ``check`` raises (the test fails if it passes)."""
    with pytest.raises(AssertionError) as caught:
        check(*args, **kwargs)
    return str(caught.value)


def skips(check: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """The reason ``check`` skips with (an unfinished exercise: "not done yet")."""
    with pytest.raises(pytest.skip.Exception) as caught:
        check(*args, **kwargs)
    return str(caught.value)
