"""Hypothesis's texts for comparing a tokenizer with a peer: any character, the troublemakers, whole fragments."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: Reproducible runs with no deadline (a peer's first call is slow), in tests that also take fixtures.
QUICK = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture], derandomize=True
)


def mixed_texts(troublemakers: str, fragments: Sequence[str], max_size: int) -> st.SearchStrategy[str]:
    """Texts of up to ``max_size`` parts, each any UTF-8 character, one of ``troublemakers`` or one of ``fragments``."""
    part = st.one_of(st.characters(codec="utf-8"), st.sampled_from(troublemakers), st.sampled_from(fragments))
    return st.lists(part, max_size=max_size).map("".join)
