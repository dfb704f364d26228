"""What the grader reads in a notebook as released: its answer cells, its check cells, the cells the checks need.

A released (student) notebook marks every answer: a name assigned
``TODO`` (``best_pair = TODO``) or a function whose body is the
``raise NotImplementedError("your turn...")`` stub. Its check cells
(``%%ipytest``) call one check each, such as
``checks.check_alphabet(my_alphabet, ["bun", "bug", "gnu"])``. The grader
evaluates those calls itself; the other arguments (``variant``,
``word_counts``...) come from the released notebook's own cells, run in the
grader's process, never from a submission. :func:`context_cells` picks the
cells the calls need, and says which of them use an answer (those run
again for every submission, with the submission's answers).

>>> cell = "variant = {'hug': 10}\\n\\nfirst_three = TODO  # a list\\n"
>>> sorted(answer_names(cell)), sorted(defined_names(cell))
(['first_three'], ['first_three', 'variant'])
>>> [(test.name, test.answers) for test in check_calls("%%ipytest\\ndef test_a():\\n    checks.check_merges(first_three, variant, 3)\\n", {"first_three"})]
[('test_a', ('first_three',))]
"""

from __future__ import annotations

import ast
import builtins
import json
import re
import symtable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import check_int, check_mapping, check_path, check_str, check_str_list

#: The line the student notebooks have where a function's body is to be written.
STUB_RAISE = re.compile(r"raise NotImplementedError\(\s*[\"']your turn")


def source_text(cell: dict[str, Any]) -> str:
    """A cell's source as one string (notebook files may store a list of lines).

    >>> source_text({"source": ["a\\n", "b"]})
    'a\\nb'
    """
    check_mapping(cell, "cell", "a notebook cell (a dict)")
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _parse(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except SyntaxError:  # a magic cell, or a learner's typo
        return None


def answer_names(source: str) -> set[str]:
    """The answers a released cell asks for: names assigned ``TODO``, functions whose body is the stub.

    >>> sorted(answer_names('def f(x):\\n    raise NotImplementedError("your turn: write it")\\ny = TODO'))
    ['f', 'y']
    """
    check_str(source, "source")
    tree = _parse(source)
    if tree is None:
        return set()
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == "TODO":
            found.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and STUB_RAISE.search(ast.unparse(node)):
            found.add(node.name)
    return found


def defined_names(source: str) -> set[str]:
    """Every name a cell binds (assignments, definitions, imports, loop variables), at any depth outside functions.

    >>> sorted(defined_names("import numpy as np\\nfrom a import b\\nfor i in x:\\n    y = i"))
    ['b', 'i', 'np', 'y']
    """
    check_str(source, "source")
    tree = _parse(source)
    if tree is None:
        return set()
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
            return  # what a function binds inside stays inside
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                found.add((alias.asname or alias.name).split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def used_names(source: str | ast.AST) -> set[str]:
    """Every name a cell (or an expression) reads.

    >>> sorted(used_names("y = f(x) + len(z)"))
    ['f', 'len', 'x', 'z']
    """
    if not isinstance(source, (str, ast.AST)):
        raise TypeError(f"source must be a str or an ast node, got {type(source).__name__}")
    tree = _parse(source) if isinstance(source, str) else source
    if tree is None:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def read_names(source: str | ast.AST) -> set[str]:
    """The names a cell (or an expression) reads from outside: :func:`used_names` without its inner locals.

    A comprehension's variables, a lambda's or a function's parameters and locals are the cell's own; a
    released cell that binds a name of the same spelling (a loop's ``language``) is not what the cell needs.

    >>> sorted(read_names("m = {l: f(c) for l, c in pairs}\\nshort = lambda word: word[:n]"))
    ['f', 'n', 'pairs']
    """
    if not isinstance(source, (str, ast.AST)):
        raise TypeError(f"source must be a str or an ast node, got {type(source).__name__}")
    text = source if isinstance(source, str) else ast.unparse(source)
    try:
        top = symtable.symtable(text, "<cell>", "exec")
    except (SyntaxError, ValueError):  # a magic cell: every name it spells
        return used_names(source)
    found: set[str] = set()

    def visit(table: symtable.SymbolTable) -> None:
        for symbol in table.get_symbols():
            if symbol.is_referenced() and (table is top or symbol.is_global()):
                found.add(symbol.get_name())
        for child in table.get_children():
            visit(child)

    visit(top)
    return found


@dataclass(frozen=True)
class CheckCall:
    """One test of a check cell: the call of a check, and which of its arguments are answers."""

    name: str
    call: ast.Call
    answers: tuple[str, ...]
    cell: int

    @property
    def code(self) -> str:
        return ast.unparse(self.call)


def check_calls(source: str, answers: set[str], cell: int = 0) -> list[CheckCall]:
    """The check called by each ``test_*`` function of a ``%%ipytest`` cell (none for any other cell)."""
    check_str(source, "source")
    answers = set(check_str_list(answers, "answers"))
    check_int(cell, "cell", minimum=0)
    lines = source.splitlines()
    if not lines or not lines[0].strip().startswith("%%ipytest"):
        return []
    tree = _parse("\n".join(lines[1:]))
    if tree is None:
        return []
    found = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test"):
            continue
        calls = [stmt.value for stmt in node.body if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)]
        if calls:
            used = used_names(calls[0])
            found.append(CheckCall(node.name, calls[0], tuple(sorted(used & answers)), cell))
    return found


@dataclass(frozen=True)
class Released:
    """A released notebook as the grader sees it."""

    path: Path
    cells: tuple[dict[str, Any], ...]
    answers: dict[int, frozenset[str]]  # answer cell index -> the answer names it asks for
    checks: tuple[CheckCall, ...]

    @property
    def answer_names(self) -> set[str]:
        return {name for names in self.answers.values() for name in names}


#: A variant id in a first cell's ``start_notebook(..., variant="...")`` (a student's copy of a release with variants).
_VARIANT_ARGUMENT = re.compile(r""",\s*variant\s*=\s*["'][0-9a-f]{16}["'](?=\s*\))""")


def _without_variant(cell: dict[str, Any]) -> dict[str, Any]:
    """``cell`` with no variant id in its ``start_notebook`` call: the grader sets each submission's variant itself.

    Grading with ``--notebooks`` pointing at one student's copy must not judge the whole class on that
    student's variant (``grade --roster`` regenerates each student's own).

    >>> _without_variant({"cell_type": "code", "source": 'start_notebook("01 · x", variant="0123456789abcdef")'})
    {'cell_type': 'code', 'source': 'start_notebook("01 · x")'}
    """
    if cell.get("cell_type") != "code" or "start_notebook(" not in source_text(cell):
        return cell
    return {**cell, "source": _VARIANT_ARGUMENT.sub("", source_text(cell))}


def read_released(path: Path) -> Released:
    """Read a released (student) notebook: its answer cells and check calls."""
    path = Path(check_path(path, "path"))
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = tuple(_without_variant(cell) for cell in notebook.get("cells", []) if isinstance(cell, dict))
    answers: dict[int, frozenset[str]] = {}
    for index, cell in enumerate(cells):
        if cell.get("cell_type") == "code":
            names = answer_names(source_text(cell))
            if names:
                answers[index] = frozenset(names)
    every = {name for names in answers.values() for name in names}
    checks = []
    for index, cell in enumerate(cells):
        if cell.get("cell_type") == "code":
            checks.extend(check_calls(source_text(cell), every, index))
    return Released(path, cells, answers, tuple(checks))


def is_check_cell(source: str) -> bool:
    """True for a ``%%ipytest`` cell (the grader runs the checks itself, never a notebook's check cell).

    >>> is_check_cell("%%ipytest\\ndef test(): pass"), is_check_cell("x = 1")
    (True, False)
    """
    check_str(source, "source")
    return source.lstrip().startswith("%%ipytest")


def context_cells(released: Released) -> tuple[list[int], list[int]]:
    """The cells whose names the check calls need: those to run once, and those to run again per submission.

    Walks back from the check calls: a cell is needed when it binds a name a
    needed cell (or a check call) reads. A needed cell that reads an answer,
    or a name bound by such a cell, depends on the submission.
    """
    if not isinstance(released, Released):
        raise TypeError(f"released must be a Released (from read_released), got {type(released).__name__}")
    needed = set().union(*(read_names(check.call) for check in released.checks)) - set(dir(builtins))
    needed -= released.answer_names
    chosen: list[int] = []
    for index in range(len(released.cells) - 1, -1, -1):
        cell = released.cells[index]
        source = source_text(cell)
        if cell.get("cell_type") != "code" or is_check_cell(source) or _parse(source) is None:
            continue
        bound = defined_names(source)
        if bound & needed:
            chosen.append(index)
            needed |= read_names(source) - set(dir(builtins))
    chosen.reverse()
    tainted = set(released.answer_names)
    once, again = [], []
    for index in chosen:
        source = source_text(released.cells[index])
        if index not in released.answers and read_names(source) & tainted:
            again.append(index)
            tainted |= defined_names(source)
        else:
            once.append(index)
    return once, again


__all__ = [
    "CheckCall",
    "Released",
    "answer_names",
    "check_calls",
    "context_cells",
    "defined_names",
    "is_check_cell",
    "read_names",
    "read_released",
    "source_text",
    "used_names",
]
