"""One verdict: an answer the notebook's own check refuses, ``grade`` refuses, and the other way round.

The mutation suite's cases (the tables of ``exercise_cases``: each exercise's right
answer and its plausible wrong ones) are checked in-process, as the notebook checks
them, and written as answer cells of submissions that ``wordpiece classroom
grade`` judges in its sandboxes. Many cases go into one submission (the n-th
candidate of every exercise), so a notebook's cases cost a few grade runs.

An answer is written as a student would type it: a value as its literal, a
function as its source (a lambda's own text, a function of the cases' table
with the functions it calls), a computed answer as its cell, each preceded by
the imports and values it uses. A case that cannot be written so (an object
made at run time, with no source) is left out, and counted: the test says how
many of each notebook's cases it compared.
"""

from __future__ import annotations

import ast
import builtins
import csv
import inspect
import json
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path
from typing import Any

import exercise_cases
import pytest
import submissions
from exercise_cases.rows import Later

from wordpiece_lib.classroom.runtime import exercise, own_work
from wordpiece_lib.classroom.teacher.grading.plan import defined_names, read_released, source_text, used_names

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
#: The notebooks compared here: the issue's two (01: functions and a value; 12: values, a function, a computed cell).
NOTEBOOKS = {"01": "01_character_splitting", "12": "12_unigram"}


def cases_of(number: str) -> tuple[list[exercise_cases.Case], dict[str, Any]]:
    """The mutation suite's cases of one notebook, and the names of its table (the one place the suite is read)."""
    cases = exercise_cases.table(number)
    return cases, vars(sys.modules[f"{exercise_cases.__name__}.nb{number}"])


def _in_tables(value: Any) -> bool:
    """Whether ``value`` was written in the cases' tables (its source is there to be typed)."""
    return (getattr(value, "__module__", None) or "").startswith(exercise_cases.__name__)


class NotWritable(Exception):
    """This answer has no source a student could type (it was made at run time)."""


def literal(value: Any) -> str:
    """Source text that evaluates to ``value`` (plain data only), or :class:`NotWritable`."""
    if isinstance(value, Later):
        value = value()
    if exercise.is_todo(value):
        return "TODO"
    text = repr(value)
    try:
        back = eval(text, {"Fraction": Fraction})  # our own repr of plain data
    except Exception:
        raise NotWritable(f"{type(value).__name__} has no literal") from None
    if back != value or type(back) is not type(value):
        raise NotWritable(f"{text[:40]} does not read back")
    return text


def _lambda_text(function: types.FunctionType, rename: dict[str, str] | None = None) -> str:
    """A lambda's own text, found in its table's file where its code starts (names in ``rename`` renamed)."""
    text = Path(function.__code__.co_filename).read_text(encoding="utf-8")
    positions = [
        (line, column)
        for line, _, column, end in function.__code__.co_positions()
        if line and column is not None and (column, end) != (0, 0)  # (0, 0): the code's start, not a place in it
    ]
    if not positions:
        raise NotWritable("a lambda without positions")
    first = min(positions)
    found = None
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Lambda):
            begin = (node.lineno, node.col_offset)
            finish = (node.end_lineno or node.lineno, node.end_col_offset or 0)
            if begin <= first <= finish and (
                found is None or (node.lineno, node.col_offset) > (found.lineno, found.col_offset)
            ):
                found = node
    if found is None:
        raise NotWritable("a lambda whose text was not found")
    if rename:
        for name in ast.walk(found):
            if isinstance(name, ast.Name) and name.id in rename:
                name.id = rename[name.id]
    return "(" + ast.unparse(found) + ")"


def _needs(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _needs(const)
    return names


def _binding(name: str, value: Any, prelude: dict[str, str], depth: int = 0) -> None:
    """Add to ``prelude`` the line that gives ``name`` its value in a fresh kernel (and what that line needs)."""
    if name in prelude or depth > 4:
        return
    if isinstance(value, Later):
        value = value()
    if isinstance(value, types.ModuleType):
        prelude[name] = f"import {value.__name__} as {name}" if value.__name__ != name else f"import {name}"
        return
    module = getattr(value, "__module__", None)
    if callable(value) and _in_tables(value) and isinstance(value, types.FunctionType):
        if value.__name__ == "<lambda>":
            prelude[name] = f"{name} = {_lambda_text(value)}"
        else:
            prelude[name] = inspect.getsource(value) + (
                f"\n{name} = {value.__name__}" if name != value.__name__ else ""
            )
        for needed in _needs(value.__code__):
            if needed in value.__globals__ and needed != value.__name__:
                _binding(needed, value.__globals__[needed], prelude, depth + 1)
        return
    if callable(value) and module and not module.startswith(("__main__", exercise_cases.__name__)):
        qualname = getattr(value, "__qualname__", getattr(value, "__name__", ""))
        try:
            owner = __import__(module, fromlist=["_"])
            found = owner
            for part in qualname.split("."):
                found = getattr(found, part)
        except Exception:
            raise NotWritable(f"{name} cannot be imported") from None
        if found is value and "." not in qualname and "<" not in qualname:
            prelude[name] = f"from {module} import {qualname}" + (f" as {name}" if name != qualname else "")
            return
        raise NotWritable(f"{name} cannot be imported")
    prelude[name] = f"{name} = {literal(value)}"


def answer_source(
    case: exercise_cases.Case, answer: tuple[Any, ...], extra: dict[str, Any], released: set[str], names: dict[str, Any]
) -> str:
    """The answer cell a student would type for this candidate (``names``: its table's module namespace)."""
    key = case.key
    prelude: dict[str, str] = {"Fraction": "from fractions import Fraction"}
    cell = extra.get("cell")
    if cell is not None:
        source, names, _keys = cell
        for name, value in names.items():
            if name not in released:  # the notebook's own names (all_cuts, probability) are there already
                _binding(name, value, prelude)
        earlier = list(extra.get("earlier", ()))
        return "\n".join([*prelude.values(), *earlier, source]) + "\n"
    typed = extra.get("source")
    if typed:  # the case says which cell made the answer: that cell is what the student typed
        for name in sorted(used_names(typed) - released - set(dir(builtins))):
            if name in names:
                _binding(name, names[name], prelude)
        return "\n".join([*prelude.values(), typed]) + "\n"
    if len(answer) != 1:
        raise NotWritable("an answer of several parts")
    value = answer[0]
    if isinstance(value, Later):
        value = value()
    if isinstance(value, types.FunctionType):
        # a helper of the same name as the answer (a wrong count_words calling the right one) is bound under another
        helper = f"_{key}_helper"
        rename = {key: helper} if key in _needs(value.__code__) else {}
        for needed in _needs(value.__code__):
            if needed in value.__globals__ and needed not in released and needed != value.__name__:
                _binding(rename.get(needed, needed), value.__globals__[needed], prelude)
        for free, cell_value in zip(value.__code__.co_freevars, value.__closure__ or ()):
            _binding(free, cell_value.cell_contents, prelude)  # a value the cases' function closed over
        if value.__name__ == "<lambda>":
            body = _lambda_text(value, rename)
        else:
            _binding(value.__name__, value, prelude)
            body = value.__name__
        return "\n".join([*prelude.values(), f"{key} = {body}"]) + "\n"
    if callable(value):
        name = getattr(value, "__name__", "")
        _binding(name, value, prelude)
        return "\n".join([*prelude.values(), f"{key} = {name}"]) + "\n"
    return "\n".join([*prelude.values(), f"{key} = {literal(value)}"]) + "\n"


def own_verdict(case: exercise_cases.Case, answer: tuple[Any, ...], extra: dict[str, Any]) -> bool:
    """Whether the notebook's own check passes the answer (in-process, from a fresh start, as the suite runs it)."""
    for workbook in exercise.WORKBOOKS.values():
        workbook.reset()
    own_work.forget_answer_work()
    result, _message = exercise_cases.outcome(case, answer, extra)
    return result == "passed"


@pytest.fixture(scope="module", params=sorted(NOTEBOOKS))
def compared(request, tmp_path_factory):
    """For one notebook: (label, own verdict, grade's row) of every candidate written, and the count left out."""
    number = request.param
    name = NOTEBOOKS[number]
    released_path = ROOT / "notebooks" / f"{name}.ipynb"
    released = read_released(released_path)
    known = set().union(
        *(defined_names(source_text(cell)) for cell in released.cells if cell.get("cell_type") == "code")
    )
    asked = released.answer_names
    rounds: list[dict[str, tuple[str, str, bool]]] = []
    left_out = []
    cases, names = cases_of(number)
    for case in cases:
        if case.key not in asked:
            left_out.append(f"{case.key}: not an answer name of {name}")
            continue
        candidates = [("right", case.right, case.right_extra), *((w.label, w.answer, w.extra) for w in case.wrongs)]
        position = 0
        for label, answer, extra in candidates:
            try:
                source = answer_source(case, answer, dict(extra), known - asked, names)
            except NotWritable as why:
                left_out.append(f"{case.key}/{label}: {why}")
                continue
            verdict = own_verdict(case, answer, dict(extra))
            while len(rounds) <= position:
                rounds.append({})
            rounds[position][case.key] = (label, source, verdict)
            position += 1
    folder = tmp_path_factory.mktemp(f"verdicts{number}")
    paths = []
    for index, answers in enumerate(rounds):
        notebook = submissions.submission({key: src for key, (_, src, _) in answers.items()}, released=released_path)
        paths.append(str(submissions.write(notebook, folder / f"round{index:02d}.ipynb")))
    result = subprocess.run(
        [
            *(sys.executable, "-m", "wordpiece_lib", "classroom", "grade", *paths),
            *("--notebook", number, "--timeout", "30", "--jobs", "2", "-o", "grades.csv"),
        ],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=1800,
    )
    assert result.returncode == 0, result.stderr
    with open(folder / "grades.csv", newline="", encoding="utf-8") as handle:
        rows = {(row["student"], row["exercise"]): row for row in csv.DictReader(handle)}
    found = []
    for index, answers in enumerate(rounds):
        for key, (label, source, verdict) in answers.items():
            found.append((f"{key}/{label}", verdict, rows[(f"round{index:02d}", key)], source))
    (folder / "compared.json").write_text(
        json.dumps({"compared": [(label, own, row["status"]) for label, own, row, _ in found], "left_out": left_out}),
        encoding="utf-8",
    )
    return number, found, left_out


def test_grade_and_the_notebooks_own_check_give_one_verdict(compared):
    number, found, left_out = compared
    disagree = [
        f"{label}: the notebook's check {'passes' if own else 'refuses'} it, grade says {row['status']}: "
        f"{row['feedback'][:200]}\n{source}"
        for label, own, row, source in found
        if own != (row["status"] == "done")
    ]
    assert disagree == [], "\n\n".join(disagree)
    assert sum(own for _, own, _, _ in found) >= 3  # right answers were among them, and passed both ways
    assert len(found) >= 3 * len(left_out), f"too few cases written for {number}: {left_out}"
