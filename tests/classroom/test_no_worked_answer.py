"""No worked answer in the installed package, docstrings and doctests included.

A check's doctest that shows the check *passing* on a function it defines
is a complete worked answer, and it ships in every wheel (``help(check)``
prints it in a student's kernel). The release's line search cannot find one
written in other words than the solution notebook's, so this looks for the
shape instead: a doctest that defines a function (``def`` or ``lambda``) and
passes it to a ``check_*`` call that prints nothing (it passed). A wrong
answer shown failing is fine: it says what a mistake looks like.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from pathlib import Path

import wordpiece_lib.classroom

PACKAGE = Path(wordpiece_lib.classroom.__file__).resolve().parent


def passing_answers(source: str, where: str) -> list[str]:
    """Each doctest in ``source`` (a module's text) that passes a check a function it defines."""
    found = []
    parser = doctest.DocTestParser()
    for docstring in _docstrings(source):
        defined: set[str] = set()
        for example in parser.get_examples(docstring):
            try:
                tree = ast.parse(example.source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    defined.add(node.name)
                elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
                    defined.update(target.id for target in node.targets if isinstance(target, ast.Name))
            if example.want.strip() or example.exc_msg is not None:
                continue  # it shows output or an error: not a silent pass
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if not name.startswith("check_"):
                    continue
                for argument in node.args:
                    if isinstance(argument, ast.Lambda) or (isinstance(argument, ast.Name) and argument.id in defined):
                        found.append(f"{where}: {example.source.strip()}")
    return found


def _docstrings(source: str) -> list[str]:
    tree = ast.parse(source)
    nodes = [tree, *(node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef)))]
    return [text for node in nodes if (text := ast.get_docstring(node, clean=False))]


def test_the_finder_sees_a_worked_answer_in_a_doctest():
    source = '''def check_x(f):
    """Check.

    >>> def answer(words):
    ...     return sorted(words)
    >>> check_x(answer)
    >>> check_x(lambda words: words)
    Traceback (most recent call last):
    ...
    AssertionError: not sorted
    """
'''
    assert passing_answers(source, "m.py") == ["m.py: check_x(answer)"]


def test_no_module_of_the_classroom_shows_a_check_passing_on_a_worked_answer():
    """Every module of a notebook's topic (``classroom/<topic>/``, a folder with checks; the runtime's toy ``shout``
    example is no exercise of the course)."""
    found = []
    topics = sorted(folder for folder in PACKAGE.iterdir() if (folder / "checks.py").is_file())
    for path in sorted(path for topic in topics for path in topic.rglob("*.py")):
        found += passing_answers(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    assert found == []


def test_every_classroom_module_was_read():
    """The walk reaches the checks of every course notebook (a renamed folder would hide them)."""
    topics = [module.name for module in pkgutil.iter_modules(wordpiece_lib.classroom.__path__) if module.ispkg]
    with_checks = [topic for topic in topics if (PACKAGE / topic / "checks.py").is_file()]
    assert len(with_checks) >= 12
    assert importlib.import_module(f"wordpiece_lib.classroom.{with_checks[0]}.checks")


def test_no_doctest_passes_an_exercise_its_own_answer():
    """``help(check)`` in a student's kernel shows its docstring: a doctest that passes the exercise's own answer
    (the notebook's data, the expected value) states the answer before it is asked. Examples use other data."""
    from fractions import Fraction

    from exercise_cases import all_cases, now

    found = []
    for case in all_cases():
        right = now(case.right[0])
        if callable(right):
            continue
        name = getattr(case.check, "__name__", "")
        module = importlib.import_module(case.check.__module__)
        source = Path(module.__file__).read_text(encoding="utf-8")
        for docstring in _docstrings(source):
            for example in doctest.DocTestParser().get_examples(docstring):
                if example.exc_msg is not None or example.want.strip():
                    continue
                try:
                    call = ast.parse(example.source).body[0].value
                except (SyntaxError, IndexError, AttributeError):
                    continue
                if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == name and call.args):
                    continue
                try:
                    given = eval(compile(ast.Expression(call.args[0]), "<doctest>", "eval"), {"Fraction": Fraction})
                except Exception:
                    continue  # not a literal: a name the example made
                if given == right or (isinstance(right, (set, frozenset)) and set(given) == set(right)):
                    found.append(f"{case.key}: {example.source.strip()}")
    assert found == []
