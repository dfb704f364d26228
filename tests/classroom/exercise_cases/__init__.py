"""Every exercise of notebooks 01-13 as a table: its right answer and the wrong answers its check must refuse.

One table a notebook (``nb01`` ... ``nb13``): each lists its exercises as
:class:`~exercise_cases.rows.Case` rows, read here by one runner. The tests
(``test_exercises.py`` and ``test_release.py``) run them in-process; as a
script (``python -m exercise_cases``, from ``tests/classroom``) the runner
prints every outcome and message as JSON, run under several
``PYTHONHASHSEED`` values: a check must say the same thing under every hash
seed.

Each wrong answer is a mistake a learner makes: a copied worked example (the
notebook printed it), a call of the library function the exercise asks to
write, or a plausible slip. ``secrets`` are texts that give the answer away;
no failure message may contain them.

Data that is slow to build (notebook 09's mixed vocabs) is wrapped in
:class:`~exercise_cases.rows.Later`: it is made when a case first runs, not
when the cases are listed, so collecting the tests stays quick.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import Any

from wordpiece_lib.data import DataUnavailable, fetch

from .rows import (
    COPIED,
    LIBRARY,
    OTHER,
    SLIP,
    Case,
    Wrong,
    another_cell,
    computed,
    now,
    run_answer_cell,
    start_afresh,
    workbook_of,
)

__all__ = [
    "COPIED", "LIBRARY", "OTHER", "SLIP", "Case", "Wrong", "all_cases", "another_cell", "computed", "data_missing",
    "every_outcome", "now", "outcome", "run_answer_cell", "start_afresh", "workbook_of",
]  # fmt: skip

#: The notebooks, in order: the table of notebook ``NN`` is the module ``nbNN``.
NOTEBOOKS = tuple(f"{number:02d}" for number in range(1, 14))
#: The data set each notebook's cases need (the others need none).
NEEDS = {
    "05": "treasure-island",
    "07": "treasure-island",
    "09": "bert-base-uncased-vocab",
    "10": "treasure-island",
    "13": "bert-base-uncased-vocab",
}


def data_missing(name: str | None = None) -> DataUnavailable | None:
    """Why a data set is not on this machine (never downloads), or None; without ``name``, every one the cases need."""
    for wanted in [name] if name else sorted(set(NEEDS.values())):
        try:
            fetch(wanted, download=False)
        except DataUnavailable as missing:
            return missing
    return None


def table(notebook: str) -> list[Case]:
    """The cases of one notebook (``"01"`` ... ``"13"``), with the wrong answers its blocks add.

    A block is a function of the table's module kept apart from its rows, so additions merge cleanly:
    ``lesson_wrongs`` (slips the messages must name) and ``shortcut_wrongs`` (another library does the work).
    """
    module = importlib.import_module(f"{__name__}.nb{notebook}")
    cases = module.cases()
    more: dict[str, tuple[Any, ...]] = {}
    for block in ("lesson_wrongs", "shortcut_wrongs"):
        for key, wrongs in (getattr(module, block)() if hasattr(module, block) else {}).items():
            more[key] = more.get(key, ()) + tuple(wrongs)
    unknown = sorted(set(more) - {case.key for case in cases})
    assert not unknown, f"nb{notebook}'s blocks name no exercise of its table: {unknown}"
    return [replace(case, wrongs=case.wrongs + more.get(case.key, ())) for case in cases]


def all_cases() -> list[Case]:
    """Every notebook's cases; those whose data set is not on this machine are left out."""
    missing = {name: data_missing(name) is not None for name in set(NEEDS.values())}
    return [
        case for notebook in NOTEBOOKS if not missing.get(NEEDS.get(notebook, ""), False) for case in table(notebook)
    ]


def outcome(case: Case, answer: tuple[Any, ...], extra: dict[str, Any] | None = None) -> tuple[str, str]:
    """``("passed", "")``, ``("failed", message)`` or ``("skipped", reason)`` for one answer."""
    import pytest

    try:
        case.run(answer, extra)
    except AssertionError as failure:
        return "failed", str(failure)
    except pytest.skip.Exception as skipped:
        return "skipped", str(skipped)
    return "passed", ""


def every_outcome() -> dict[str, list[str]]:
    """Every answer of every case, checked once from a fresh start: ``{case/answer: [outcome, message]}``."""
    results = {}
    for case in all_cases():
        start_afresh()
        results[f"{case.key}/right"] = list(outcome(case, case.right, case.right_extra))
        for wrong in case.wrongs:
            start_afresh()
            results[f"{case.key}/{wrong.label}"] = list(outcome(case, wrong.answer, wrong.extra))
    return results
