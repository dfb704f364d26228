"""One verdict: an answer the notebook's own check refuses, ``grade`` refuses, and the other way round.

The mutation suite's cases (the tables of ``exercise_cases``: each exercise's right
answer and its plausible wrong ones) are checked in-process, as the notebook checks
them, and written as answer cells of submissions that ``wordpiece classroom
grade`` judges in its sandboxes. Many cases go into one submission (the n-th
candidate of every exercise), and every round of a notebook goes to one ``grade``
run, so a notebook's cases cost one batch.

An answer is written as a student would type it: in the released answer cell, the
stub (``name = TODO``, or the function whose body is the ``NotImplementedError``
line) is replaced and the cell's other lines are kept. A value is written as its
literal, a function as its source (a lambda's own text, a function of the cases'
table with the functions it calls and the values it closed over, another cell's
function with that cell's code), a computed answer as its cell; each is preceded
by the imports and values it uses. A name the notebook defines is the notebook's
own (its worked ``all_cuts``, its ``tokenizer``); a value of the table that would
take such a name is written under another one. A case that cannot be written so
(an object made at run time, with no source) is left out, and counted: the test
says how many of each notebook's cases it compared.

The comparison is of outcomes, not only of pass or fail: a check that passes is
``done``, a refusal ``wrong`` and a skip ``not done yet``; an ``error`` (the cell
raised) would be a case the test wrote badly, or a grader that differs.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import inspect
import json
import symtable
import sys
import textwrap
import time
import types
from fractions import Fraction
from pathlib import Path
from typing import Any

import exercise_cases
import pytest
import submissions
from exercise_cases.rows import CELLS, FROM_CELL, Later

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.teacher.grading.plan import (
    STUB_RAISE,
    Released,
    defined_names,
    read_names,
    read_released,
    source_text,
)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
#: The notebooks compared here: every one of the workshop's.
NOTEBOOKS = {path.name[:2]: path.stem for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
#: The grader's status for each outcome of the notebook's own check.
GRADE_STATUS = {"passed": "done", "failed": "wrong", "skipped": "not done yet"}


def cases_of(number: str) -> list[exercise_cases.Case]:
    """The mutation suite's cases of one notebook (the one place the suite is read)."""
    return exercise_cases.table(number)


class NotWritable(Exception):
    """This answer has no source a student could type (it was made at run time)."""


def _now(value: Any) -> Any:
    return value() if isinstance(value, Later) else value


def _same(one: Any, other: Any) -> bool:
    """Equal, and of the same types all the way down (a literal read back is the value it was made from)."""
    if type(one) is not type(other):
        return False
    if isinstance(one, (list, tuple)):
        return len(one) == len(other) and all(_same(a, b) for a, b in zip(one, other, strict=True))
    if isinstance(one, dict):
        return list(one) == list(other) and all(_same(one[key], other[key]) for key in one)
    return bool(one == other)


def literal(value: Any) -> str:
    """Source text that evaluates to ``value`` (plain data only), or :class:`NotWritable`."""
    value = _now(value)
    if runtime.is_todo(value):
        return "TODO"
    text = repr(value)
    try:
        back = eval(text, {"Fraction": Fraction})  # our own repr of plain data
    except Exception:
        raise NotWritable(f"{type(value).__name__} has no literal") from None
    if not _same(back, value):
        raise NotWritable(f"{text[:40]} does not read back")
    return text


def renamed(text: str, renames: dict[str, str]) -> str:
    """``text`` with the names of ``renames`` (read, bound, defined or imported) given their new names."""
    if not renames:
        return text
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in renames:
            node.id = renames[node.id]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in renames:
            node.name = renames[node.name]
        elif isinstance(node, ast.alias):
            bound = node.asname or node.name.split(".")[0]
            if bound in renames and (node.asname or "." not in node.name):
                node.asname = renames[bound]
    return ast.unparse(tree)


def free_names(text: str) -> set[str]:
    """The names a cell reads and does not bind at its top level: what must come from elsewhere."""
    top = symtable.symtable(text, "<cell>", "exec")
    bound = {symbol.get_name() for symbol in top.get_symbols() if symbol.is_assigned() or symbol.is_imported()}
    return read_names(text) - bound


def _lambda_node(function: types.FunctionType) -> ast.Lambda:
    """A lambda's own node, found in its table's file where its code starts."""
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
    return found


#: Values written as literals: two of them are never one name's (``False`` is every flag's).
LITERAL_TYPES = (bool, int, float, complex, str, bytes, type(None), Fraction, tuple, frozenset)


def _in_tables(value: Any) -> bool:
    """Whether ``value`` was written in the cases' tables (its source is there to be typed)."""
    return (getattr(value, "__module__", None) or "").startswith(exercise_cases.__name__)


class TypedCell:
    """What a student types for one candidate: the lines that bind what the answer uses, then the answer.

    ``notebook`` holds the names the released notebook defines: the answer uses
    the notebook's own where it reads one, and a value of the table that would
    take one of them (or an answer's name, ``taken``) is bound under another name.
    """

    def __init__(self, notebook: Notebook, taken: set[str]) -> None:
        self.notebook = notebook.names
        self.defs = notebook.defs
        self.imports = notebook.imports
        self.aliases = notebook.aliases
        self.taken = notebook.names | taken | {"TODO"}
        self.lines: dict[str, str] = {"Fraction": "from fractions import Fraction"}
        self.values: dict[str, Any] = {"Fraction": Fraction}

    def text(self, *answer: str) -> str:
        return "\n".join([*self.lines.values(), *answer]) + "\n"

    def _fresh(self, wanted: str) -> str:
        number = 1
        while f"{wanted}_{number}" in self.taken or f"{wanted}_{number}" in self.values:
            number += 1
        return f"{wanted}_{number}"

    def bind(self, wanted: str, value: Any, *, answer: bool = False) -> str:
        """Bind ``value`` in the cell, under ``wanted`` where that name is free; the name it is bound as.

        With ``answer``, ``wanted`` is the answer's own name: the function is written under it.
        """
        value = _now(value)
        if getattr(builtins, wanted, None) is value:
            return wanted
        for name, bound in self.values.items():
            if (bound is value and not isinstance(value, LITERAL_TYPES)) or (name == wanted and _same(bound, value)):
                return name  # the same object (a literal only under its own name: two False are two names)
        free = answer or wanted not in self.taken
        name = wanted if free and wanted not in self.values else self._fresh(wanted)
        self.values[name] = value
        text = self._binding(name, value)
        self.lines.pop(name, None)
        self.lines[name] = text  # after what it needs (bound while it was written)
        return name

    def notebooks_own(self, name: str, value: Any) -> bool:
        """Whether ``value``, named ``name`` in the tables, is what the notebook's ``name`` is.

        A library object is, when the notebook imports that very object under the name; a function of the
        tables is the notebook's worked one when the notebook defines one of that name; a value with a
        literal is written out (under another name where the notebook has one); anything else the tables
        made (a trace, a tokenizer) stands for the notebook's own.
        """
        if name not in self.notebook:
            return False
        value = _now(value)
        if isinstance(value, types.ModuleType) or _importable(value):
            return self.imports.get(name, _MISSING) is value
        if callable(value) and not isinstance(value, type) and hasattr(value, "__name__"):
            return name in self.defs
        try:
            literal(value)
        except NotWritable:
            return True
        return False

    def uses(self, text: str, names: dict[str, Any], skip: set[str] = frozenset()) -> str:
        """``text`` with every name it reads from ``names`` bound (those that stand for the notebook's are its own)."""
        renames = {}
        for name in sorted(free_names(text) - skip):
            if name not in names:
                continue
            if self.notebooks_own(name, names[name]):
                if name in self.aliases:
                    renames[name] = self.aliases[name]
                continue
            bound = self.bind(name, names[name])
            if bound != name:
                renames[name] = bound
        return renamed(text, renames)

    def _binding(self, name: str, value: Any) -> str:
        if isinstance(value, types.ModuleType):
            return f"import {value.__name__} as {name}" if value.__name__ != name else f"import {name}"
        if _hashable(value) and value in CELLS:
            return self._another_cell(name, value)
        function = getattr(value, "__wrapped__", value)  # a functools.cache of the tables: its def, decorator and all
        if isinstance(function, types.FunctionType) and _in_tables(function):
            return self._function(name, value, function)
        if isinstance(value, (types.BuiltinMethodType, types.MethodType)) and not isinstance(
            getattr(value, "__self__", None), types.ModuleType
        ):
            owner = getattr(value, "__self__", None)
            return f"{name} = {literal(owner)}.{value.__name__}"
        if callable(value):
            return self._imported(name, value)
        return f"{name} = {literal(value)}"

    def _imported(self, name: str, value: Any) -> str:
        module = getattr(value, "__module__", None) or ""
        qualname = getattr(value, "__qualname__", getattr(value, "__name__", ""))
        if not module or module.startswith(("__main__", exercise_cases.__name__)) or "<" in qualname:
            raise NotWritable(f"{type(value).__name__} {name} cannot be imported")
        try:
            found = __import__(module, fromlist=["_"])
            for part in qualname.split("."):
                found = getattr(found, part)
        except Exception:
            raise NotWritable(f"{name} cannot be imported") from None
        if found is not value:
            raise NotWritable(f"{name} cannot be imported")
        head, _, rest = qualname.partition(".")
        if not rest:
            return f"from {module} import {head}" + (f" as {name}" if name != head else "")
        owner = self.bind(head, getattr(__import__(module, fromlist=["_"]), head))
        return f"{name} = {owner}.{rest}"

    def _function(self, name: str, value: Any, function: types.FunctionType) -> str:
        """A function of the tables: its own text, what it reads from its module and the values it closed over."""
        if function.__name__ == "<lambda>":
            text = ast.unparse(_lambda_node(function))
            own = set()
        else:
            text = textwrap.dedent(inspect.getsource(function))
            own = {function.__name__}
        renames = {function.__name__: name} if own and function.__name__ != name else {}
        for free, cell in zip(function.__code__.co_freevars, function.__closure__ or (), strict=True):
            bound = self.bind(free, cell.cell_contents)
            if bound != free:
                renames[free] = bound
        reads = free_names(text) - own - set(function.__code__.co_freevars)
        for needed in sorted(reads):
            if needed not in function.__globals__:
                continue
            if self.notebooks_own(needed, function.__globals__[needed]):
                continue
            bound = self.bind(needed, function.__globals__[needed])
            if bound != needed:
                renames[needed] = bound
        return renamed(text, renames) if own else f"{name} = {renamed(text, renames)}"

    def _another_cell(self, name: str, value: Any) -> str:
        """A function another cell defined: that cell's code, with the names it ran among bound first."""
        code, names = CELLS[value]
        renames = {}
        for defined in sorted(defined_names(code)):
            if defined == value.__name__:
                if defined != name:
                    renames[defined] = name
            elif defined in self.taken or defined in self.values:
                renames[defined] = self._fresh(defined)
                self.values[renames[defined]] = object()  # held by that cell
        for needed, given in names.items():
            if self.notebooks_own(needed, given):
                continue
            bound = self.bind(needed, given)
            if bound != needed:
                renames[needed] = bound
        return renamed(code.strip("\n"), renames)


_MISSING = object()


def _importable(value: Any) -> bool:
    """A library's function or class (what ``from module import name`` gives), not one of the tables'."""
    if isinstance(value, types.BuiltinFunctionType):
        named = isinstance(getattr(value, "__self__", None), types.ModuleType) or value.__self__ is None
    else:
        named = isinstance(value, (type, types.FunctionType))
    module = getattr(value, "__module__", None) or ""
    return (
        named
        and bool(module)
        and not module.startswith(("__main__", exercise_cases.__name__))
        and not (_hashable(value) and value in CELLS)
    )


def notebook_imports(released: Released) -> dict[str, Any]:
    """The objects the released notebook's import lines bind, by name."""
    found: dict[str, Any] = {}
    for cell in released.cells:
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse(source_text(cell))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            try:
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        module = __import__(alias.name)
                        found[alias.asname or alias.name.split(".")[0]] = (
                            sys.modules[alias.name] if alias.asname else module
                        )
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    module = __import__(node.module, fromlist=["_"])
                    for alias in node.names:
                        found[alias.asname or alias.name] = getattr(module, alias.name)
            except (ImportError, AttributeError):
                continue
    return found


@dataclasses.dataclass(frozen=True)
class Notebook:
    """What the released notebook defines: every name, those bound by a ``def``, its imports, and where."""

    names: set[str]
    defs: set[str]
    imports: dict[str, Any]
    aliases: dict[str, str]
    #: name -> (index of the first code cell that binds it, the statements there that do)
    first_bound: dict[str, tuple[int, str]]


def read_notebook(number: str, released: Released) -> Notebook:
    """What notebook ``number``'s released cells define (its answer cells' other lines included)."""
    names: set[str] = set()
    defs: set[str] = set()
    first_bound: dict[str, tuple[int, str]] = {}
    for index, cell in enumerate(released.cells):
        source = source_text(cell)
        if cell.get("cell_type") != "code" or index in released.answers:
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        names |= defined_names(source)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defs.add(node.name)
            segment = ast.get_source_segment(source, node) or ""
            for name in defined_names(segment):
                if name not in first_bound:
                    first_bound[name] = (index, segment)
                elif first_bound[name][0] == index and segment not in first_bound[name][1]:
                    first_bound[name] = (index, first_bound[name][1] + "\n" + segment)
    for index in released.answers:  # the answer cells' own other lines (a cell's variant = {...})
        for name in defined_names(source_text(released.cells[index])):
            names.add(name)
            first_bound.setdefault(name, (index, ""))
    names -= released.answer_names
    return Notebook(names, defs, notebook_imports(released), ALIASES.get(number, {}), first_bound)


def before_the_cell(typed: str, cell: int, notebook: Notebook) -> str:
    """``typed`` with the lines that bind the notebook's names it reads but the notebook binds only later.

    A student who reads ``big`` in an answer cell, where the notebook trains it a section later, has
    run (or copied) that line first: it goes at the top of the answer.
    """
    lines: list[str] = []
    wanted = free_names(typed) - set(dir(builtins))
    seen: set[str] = set()
    while wanted - seen:
        name = sorted(wanted - seen)[0]
        seen.add(name)
        where = notebook.first_bound.get(name)
        if where is None or where[0] <= cell or not where[1]:
            continue
        if where[1] not in lines:
            lines.insert(0, where[1])
            wanted |= free_names(where[1]) - set(dir(builtins))
    return "\n".join([*lines, typed])


#: Names the tables' cells give an object the notebook holds under another name (notebook 08's automaton of
#: ``TOKEN_VOCAB`` is its ``token_automaton``; its ``automaton`` is the paper's).
ALIASES = {"08": {"automaton": "token_automaton"}}


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def answer_text(
    case: exercise_cases.Case,
    parts: tuple[str, ...],
    answer: tuple[Any, ...],
    extra: dict[str, Any],
    table: dict[str, Any],
    typing: TypedCell,
) -> str:
    """The lines a student types in place of the stub for this candidate (``parts``: the answers' names)."""
    cell = extra.get("cell")
    if cell is not None:  # a computed answer: the cell that computed it, among its names
        source, names, _keys = cell
        earlier = [typing.uses(text, names) for text in extra.get("earlier", ())]
        return typing.text(*earlier, typing.uses(source, names))
    typed = extra.get("source")
    if typed:  # the case says which cell made the answer: that cell is what the student typed, in its terms
        imports = {name: value for name, value in table.items() if name not in typing.notebook}
        return typing.text(typing.uses(typed, imports, skip=set(dir(builtins))))
    lines = []
    for name, value in zip(parts, answer, strict=True):
        value = _now(value)
        if callable(value):  # a function under the answer's name, or a library's bound to it
            own = isinstance(value, types.FunctionType) and (_in_tables(value) or value in CELLS)
            bound = typing.bind(name, value, answer=True) if own else typing.bind(value.__name__, value)
            if bound != name:
                lines.append(f"{name} = {bound}")
        else:
            lines.append(f"{name} = {literal(value)}")
    return typing.text(*lines)


def _stub_lines(source: str, name: str) -> tuple[int, int]:
    """The lines (from, to, 0-based, end excluded) of the stub that asks for ``name`` in a released cell."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == "TODO":
            if any(isinstance(target, ast.Name) and target.id == name for target in node.targets):
                return node.lineno - 1, node.end_lineno or node.lineno
        elif (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.name == name
            and STUB_RAISE.search(ast.unparse(node))
        ):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            return first - 1, node.end_lineno or node.lineno
    raise NotWritable(f"no stub for {name}")


def in_released_cell(released_source: str, parts: tuple[str, ...], typed: str) -> str:
    """The released answer cell with its stubs for ``parts`` replaced by ``typed`` (the cell's other lines kept)."""
    lines = released_source.splitlines()
    spans = sorted(_stub_lines(released_source, name) for name in parts)
    for start, end in reversed(spans[1:]):
        del lines[start:end]
    start, end = spans[0]
    lines[start:end] = typed.rstrip("\n").splitlines()
    return "\n".join(lines) + "\n"


def answer_parts(case: exercise_cases.Case, released: Released) -> tuple[str, ...] | None:
    """The names a case's answer is given as: the arguments of its check's call in the released notebook."""
    for check in released.checks:
        function = check.call.func
        called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)
        if called != case.check.__name__:
            continue
        parts = check.call.args[: len(case.right)]
        if all(isinstance(part, ast.Name) and part.id in released.answer_names for part in parts):
            return tuple(part.id for part in parts)  # type: ignore[union-attr]
    return None


def own_outcome(case: exercise_cases.Case, answer: tuple[Any, ...], extra: dict[str, Any]) -> tuple[str, str]:
    """The notebook's own check's outcome and message (in-process, from a fresh start, as the suite runs it)."""
    exercise_cases.start_afresh()
    return exercise_cases.outcome(case, answer, extra)


Round = dict[str, tuple[str, str, tuple[str, str]]]


def written(number: str) -> tuple[list[Round], list[str]]:
    """One notebook's candidates as answer cells, in rounds (the n-th candidate of every exercise), and those left out.

    A round maps an answer cell (by its first answer's name) to the candidate's label, the cell's source and the
    notebook's own check's outcome.
    """
    released_path = ROOT / "notebooks" / f"{NOTEBOOKS[number]}.ipynb"
    released = read_released(released_path)
    cases = cases_of(number)
    table = vars(sys.modules[f"{exercise_cases.__name__}.nb{number}"])
    cells_of = {part: index for index, names in released.answers.items() for part in names}
    asked = released.answer_names
    known = read_notebook(number, released)
    rounds: list[Round] = []
    left_out = []
    for case in cases:
        parts = answer_parts(case, released)
        if parts is None or len({cells_of[part] for part in parts}) != 1:
            left_out.append(f"{case.key}: its check is not called on answers of one cell")
            continue
        cell_source = source_text(released.cells[cells_of[parts[0]]])
        candidates = [("right", case.right, case.right_extra), *((w.label, w.answer, w.extra) for w in case.wrongs)]
        position = 0
        for label, answer, extra in candidates:
            try:
                if any(part is FROM_CELL for part in answer) and "cell" not in extra:
                    raise NotWritable("an answer slot with no cell")
                typed = answer_text(case, parts, answer, dict(extra), table, TypedCell(known, asked))
                typed = before_the_cell(typed, cells_of[parts[0]], known)
                source = in_released_cell(cell_source, parts, typed)
                compile(source, f"<{case.key}/{label}>", "exec")
            except NotWritable as why:
                left_out.append(f"{case.key}/{label}: {why}")
                continue
            outcome = own_outcome(case, answer, dict(extra))
            while len(rounds) <= position:
                rounds.append({})
            rounds[position][parts[0]] = (f"{case.key}/{label}", source, outcome)
            position += 1
    return rounds, left_out


@pytest.fixture(scope="module", params=sorted(NOTEBOOKS))
def compared(request, tmp_path_factory):
    """For one notebook: (label, own outcome, grade's row, source) of every candidate written, and those left out."""
    number = request.param
    released_path = ROOT / "notebooks" / f"{NOTEBOOKS[number]}.ipynb"
    started = time.monotonic()
    rounds, left_out = written(number)
    written_in = time.monotonic() - started
    folder = tmp_path_factory.mktemp(f"verdicts{number}")
    paths = []
    for index, answers in enumerate(rounds):
        notebook_file = submissions.submission(
            {part: src for part, (_, src, _) in answers.items()}, released=released_path
        )
        paths.append(str(submissions.write(notebook_file, folder / f"round{index:02d}.ipynb")))
    graded = submissions.grade([*paths, "--notebook", number, "--timeout", "30", "--jobs", "2"], folder, 1800)
    rows = {(row["student"], row["exercise"]): row for row in graded}
    found = []
    for index, answers in enumerate(rounds):
        for label, source, outcome in answers.values():
            found.append((label, outcome, rows[(f"round{index:02d}", label.split("/", 1)[0])], source))
    (folder / "compared.json").write_text(
        json.dumps(
            {
                "compared": [(label, own, row["status"], row["feedback"]) for label, own, row, _ in found],
                "left_out": left_out,
                "seconds": {"written and checked": written_in, "graded": time.monotonic() - started - written_in},
            }
        ),
        encoding="utf-8",
    )
    return number, found, left_out


def test_grade_and_the_notebooks_own_check_give_one_verdict(compared):
    number, found, left_out = compared
    disagree = [
        f"{label}: the notebook's check says {own[0]}, grade says {row['status']}: {row['feedback'][:300]}\n{source}"
        for label, own, row, source in found
        if GRADE_STATUS[own[0]] != row["status"]
    ]
    assert disagree == [], "\n\n".join(disagree)
    rights = [own for label, own, _, _ in found if label.endswith("/right")]
    assert len(rights) >= 3 and all(own[0] == "passed" for own in rights)  # each right answer: done both ways
    assert len(found) >= 3 * len(left_out), f"too few cases written for {number}: {left_out}"
