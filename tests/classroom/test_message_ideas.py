"""Every wrong answer is told the idea that went wrong, and no hint holds an answer's value.

Each wrong answer of the mutation suite (``exercise_cases/``) other than a
library call (whose refusal ``test_exercises`` checks; one that also names the
exercise's lesson, as 01's counting routines, is paired too) is paired, in
``exercise_cases/ideas.py``, with a phrase naming its idea: the message its
check gives must hold that phrase. A message that blames another idea (an
apostrophe slip blamed on ``##`` gluing, a 1-based offset blamed on invisible
characters) fails here. The hints of an exercise, shown from the second try,
must not hold the answer: none quotes one of its parts.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from exercise_cases import LIBRARY, OTHER, all_cases, now, outcome, start_afresh, workbook_of
from exercise_cases.ideas import IDEAS

pytestmark = pytest.mark.usefixtures("fresh_start")

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[case.key for case in CASES])
def test_every_wrong_answer_is_told_its_own_idea(case):
    ideas = IDEAS.get(case.key, {})
    told = []
    for wrong in case.wrongs:
        if wrong.kind in (LIBRARY, OTHER) and wrong.label not in ideas:  # told who did the work (test_exercises.py)
            continue
        idea = ideas.get(wrong.label)
        assert idea, f"{case.key}: {wrong.label!r} has no idea in exercise_cases/ideas.py"
        start_afresh()
        result, message = outcome(case, wrong.answer, wrong.extra)
        assert result == "failed", f"{case.key}: {wrong.label!r} {result}"
        if idea.lower() not in message.lower():
            told.append(f"{wrong.label!r} should name {idea!r}, but is told: {message}")
    assert not told, f"{case.key}:\n" + "\n".join(told)


def test_every_idea_belongs_to_a_wrong_answer_of_the_suite():
    rows = {(case.key, wrong.label) for case in CASES for wrong in case.wrongs}
    stale = [(key, label) for key, labels in IDEAS.items() for label in labels if (key, label) not in rows]
    assert not stale, stale


def answer_parts(value: Any) -> set[str]:
    """The parts of a value answer a hint could give away: its strings and numbers, as a message would quote them."""
    value = now(value)
    if callable(value):
        return set()
    if isinstance(value, dict):
        return {part for key, item in value.items() for part in answer_parts(key) | answer_parts(item)}
    if isinstance(value, (list, tuple, set, frozenset)):
        return {part for item in value for part in answer_parts(item)}
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, str):
        return {value} if len(value) > 1 else set()
    if isinstance(value, Fraction):
        return {f"{value.numerator}/{value.denominator}"}
    if isinstance(value, float):
        return {f"{value:.2f}", f"{value:.3f}"}
    if isinstance(value, int):
        return {str(value)}
    return set()


def quoted(hint: str, part: str) -> bool:
    """True when ``hint`` shows ``part``: a number standing alone, a text in quotes or backticks."""
    if re.fullmatch(r"[\d./]+", part):
        return re.search(rf"(?<![\w./]){re.escape(part)}(?![\w/]|\.\d)", hint) is not None
    return any(f"{mark}{part}{mark}" in hint for mark in ("'", '"', "`"))


@pytest.mark.parametrize("case", CASES, ids=[case.key for case in CASES])
def test_no_hint_holds_the_answer(case):
    hints = workbook_of(case.key).exercises[case.key].hints
    parts = set().union(*(answer_parts(value) for value in case.right))
    parts |= {secret.strip("'\"") for secret in case.secret_texts() if len(secret.strip("'\"")) > 1}
    shown = [
        (hint, part) for hint in hints for part in parts if quoted(hint, part) or (len(part) > 12 and part in hint)
    ]
    assert not shown, f"{case.key}: a hint gives the answer away: {shown}"
