"""The fresh inputs of every function exercise tell each slip of the mutation suite from the right answer.

A check runs the learner's function on inputs it makes up (fresh words,
corpora, vocabs). A slip that gives the same results as the right answer on
every one of them passes on the fresh inputs alone, however the check words
its messages: 01's ``count_words`` that lowercased passed while every fresh
word was lower case. So the calls the check makes of the right answer are
recorded, and each slip (and copied worked example) of the exercise's table
is called on the same inputs: at least one result, or what the call does to
its inputs, must differ. Calls on the notebook's own data (a case's ``data``)
are left out: they are not fresh.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from exercise_cases import LIBRARY, OTHER, all_cases, now, outcome, start_afresh

pytestmark = pytest.mark.usefixtures("fresh_start")

#: A refusal by what the answer runs (the library's or the notebook's own version), not by its results.
REFUSED_FOR_WHAT_IT_RUNS = (" own version, which did the work", "your answer uses '", "your answer runs '")


def canonical(value: Any) -> Any:
    """``value`` as plain data that compares its types and its order too (``0.5`` is not ``Fraction(1, 2)`` here)."""
    if isinstance(value, dict):
        return ("dict", [(canonical(key), canonical(item)) for key, item in value.items()])
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((canonical(item) for item in value), key=repr))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [canonical(item) for item in value])
    if isinstance(value, (bool, int, float, str, Fraction, type(None))):
        return (type(value).__name__, value)
    return (type(value).__name__, repr(value))


def results_on(function: Any, calls: list[tuple[Any, ...]]) -> list[Any]:
    """What ``function`` gives on each call (a crash is a result too), and what it left of its inputs."""
    seen = []
    for args in calls:
        given = copy.deepcopy(args)
        try:
            result = canonical(function(*given))
        except Exception as error:  # a slip that crashes where the right answer does not is told apart
            result = ("raised", type(error).__name__)
        seen.append((result, canonical(given)))
    return seen


def fresh_calls(case: Any) -> list[tuple[Any, ...]]:
    """The calls the check makes of the right answer, on its fresh inputs only."""
    right = now(case.right[0])
    data = [now(value) for value in case.data]
    calls: list[tuple[Any, ...]] = []

    def recorded(*args: Any) -> Any:
        if not any(arg is item for arg in args for item in data):
            calls.append(copy.deepcopy(args))
        return right(*args)

    start_afresh()
    assert outcome(case, (recorded, *case.right[1:]), case.right_extra) == ("passed", ""), case.key
    return calls


def _function_cases() -> list[Any]:
    return [case for case in all_cases() if callable(now(case.right[0])) and not isinstance(now(case.right[0]), type)]


FUNCTION_CASES = _function_cases()


@pytest.mark.parametrize("case", FUNCTION_CASES, ids=[case.key for case in FUNCTION_CASES])
def test_every_slip_gives_another_result_on_some_fresh_input(case):
    calls = fresh_calls(case)
    assert calls, f"{case.key}: the check made no fresh input"
    right = results_on(now(case.right[0]), calls)
    alike = []
    for wrong in case.wrongs:
        if wrong.kind in (LIBRARY, OTHER) or "cell" in wrong.extra or not callable(now(wrong.answer[0])):
            continue
        start_afresh()
        _result, message = outcome(case, wrong.answer, wrong.extra)
        if any(part in message for part in REFUSED_FOR_WHAT_IT_RUNS):
            continue  # refused for what it runs, whatever its results
        if results_on(now(wrong.answer[0]), calls) == right:
            alike.append(wrong.label)
    assert not alike, f"{case.key}: the fresh inputs cannot tell these from the right answer: {alike}"
