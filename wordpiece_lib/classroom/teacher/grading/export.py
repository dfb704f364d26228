"""The notebooks in the formats of the graders teachers already run: nbgrader and otter-grader.

Both are made from the solution notebooks (the teacher's side). An answer
sits between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` there, with its
``# STUB:`` prompt inside; both graders remove that whole region, so here the
prompt moves out of it: a value's stub (``best_pair = TODO  # a pair``)
goes just before the region, a function's stub (``raise
NotImplementedError``) just after it, where the solution's ``return`` never
reaches it. Each ``%%ipytest`` check cell stays as it is (the student's
hints and ``progress()`` still work) and gets a graded test after it, which
calls the check through :func:`~wordpiece_lib.classroom.runtime.fresh_checks.graded`: the checks loaded
afresh from the installed package, "not done yet" a failure.

* nbgrader: answer cells are solution cells (``### BEGIN SOLUTION``), each
  graded test is a locked grade cell worth the exercise's points, and
  ``nbgrader_config.py`` makes the removed region a comment only (the stub
  kept outside it is what the student sees).
* otter-grader: a question per exercise (``# BEGIN QUESTION`` with its
  points), the answer cell in it, and the graded test as its test (a
  doctest whose expected output is ``True``).

>>> lines = ["def f(x):", "    # BEGIN SOLUTION", "    return 2 * x", "    # END SOLUTION"]
>>> print("\\n".join(prompt_outside(lines, "### BEGIN SOLUTION", "### END SOLUTION")))
def f(x):
    ### BEGIN SOLUTION
    return 2 * x
    ### END SOLUTION
    raise NotImplementedError("your turn: write your answer here")
>>> lines = ["# BEGIN SOLUTION", "# STUB: n = TODO  # an int", "n = 18", "# END SOLUTION"]
>>> print("\\n".join(prompt_outside(lines, "# BEGIN SOLUTION NO PROMPT", "# END SOLUTION")))
n = TODO  # an int
# BEGIN SOLUTION NO PROMPT
n = 18
# END SOLUTION
"""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import (
    check_choice,
    check_instance,
    check_mapping,
    check_path,
    check_sequence,
    check_str,
    check_str_list,
)
from wordpiece_lib.classroom.teacher.grading.plan import check_calls, source_text

BEGIN = re.compile(r"^(?P<indent>[ \t]*)# BEGIN SOLUTION\s*$")
END = re.compile(r"^[ \t]*# END SOLUTION\s*$")
STUB = re.compile(r"^(?P<indent>[ \t]*)# STUB: ?(?P<code>.*)$")
DEFAULT_STUB = 'raise NotImplementedError("your turn: write your answer here")'
#: What nbgrader puts where it removed a solution (the prompt is kept outside the region).
NBGRADER_CODE_STUB = "# YOUR CODE HERE"
FORMATS = ("nbgrader", "otter")


def prompt_outside(lines: Sequence[str], begin: str, end: str) -> list[str]:
    """A cell's lines with each solution region re-marked for a grader, its stub prompt moved out of it."""
    lines = check_str_list(lines, "lines")
    check_str(begin, "begin")
    check_str(end, "end")
    out: list[str] = []
    index = 0
    while index < len(lines):
        opened = BEGIN.match(lines[index])
        if not opened:
            if END.match(lines[index]):
                raise ValueError(f"'# END SOLUTION' without a '# BEGIN SOLUTION' before it: {lines[index]!r}")
            out.append(lines[index])
            index += 1
            continue
        indent = opened["indent"]
        stubs: list[str] = []
        body: list[str] = []
        index += 1
        while index < len(lines) and not END.match(lines[index]):
            stub = STUB.match(lines[index])
            if stub:
                stubs.append(stub["indent"] + stub["code"])
            else:
                body.append(lines[index])
            index += 1
        if index == len(lines):
            raise ValueError("'# BEGIN SOLUTION' without '# END SOLUTION'")
        index += 1
        region = [indent + begin, *body, indent + end]
        out.extend([*stubs, *region] if stubs else [*region, indent + DEFAULT_STUB])
    return out


def has_solution(source: str) -> bool:
    """True for a code cell with a solution region.

    >>> has_solution("x = 1\\n# BEGIN SOLUTION\\nx = 2\\n# END SOLUTION"), has_solution("x = 1")
    (True, False)
    """
    check_str(source, "source")
    return any(BEGIN.match(line) for line in source.splitlines())


@dataclass(frozen=True)
class GradedTest:
    """The graded test made from one check call: its exercise, points and code."""

    key: str
    points: float
    code: str


def _checks_modules(cells: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Name -> module for the checks modules the notebook imports (``from X import checks``)."""
    found: dict[str, str] = {}
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse(source_text(cell))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wordpiece_lib."):
                for alias in node.names:
                    if alias.name == "checks":
                        found[alias.asname or alias.name] = f"{node.module}.checks"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.endswith(".checks") and alias.asname:
                        found[alias.asname] = alias.name
    return found


def graded_test(call: ast.Call, modules: dict[str, str], points: dict[str, float]) -> GradedTest:
    """The graded test for one check call of a check cell (``checks.check_x(answer, ...)``)."""
    check_instance(call, "call", ast.Call)
    check_mapping(modules, "modules", "a dict name -> checks module")
    check_mapping(points, "points", "a dict exercise -> points")
    function = call.func
    if not (isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name)):
        raise ValueError(f"a check cell calls {ast.unparse(call)}, not a function of a checks module")
    module = modules.get(function.value.id)
    if module is None:
        raise ValueError(f"the notebook does not import a checks module as {function.value.id!r}")
    import importlib

    check = getattr(importlib.import_module(module), function.attr, None)
    exercise = getattr(check, "exercise", None)
    if exercise is None:
        raise ValueError(f"{module}.{function.attr} is not a registered check")
    arguments = [ast.unparse(arg) for arg in call.args] + [ast.unparse(keyword) for keyword in call.keywords]
    code = (
        '# Graded test: the checks are loaded afresh from the installed package, and "not done yet" fails.\n'
        "# It runs in the student's kernel; the score the grader keeps comes from `wordpiece classroom grade`'s\n"
        "# sandboxed judge (nbgrader: a preprocessor after Execute; otter: a plugin), which no cell above can reach.\n"
        "from wordpiece_lib.classroom.runtime import graded\n\n"
        f"graded({module!r}, {function.attr!r}, {', '.join(arguments)})"
    )
    return GradedTest(exercise.key, float(points.get(exercise.key, 1.0)), code)


def _clean(cell: dict[str, Any]) -> dict[str, Any]:
    cell = copy.deepcopy(cell)
    if cell.get("cell_type") == "code":
        cell["outputs"], cell["execution_count"] = [], None
    return cell


def _code(source: str, metadata: dict[str, Any] | None = None, cell_id: str | None = None) -> dict[str, Any]:
    cell: dict[str, Any] = {
        "cell_type": "code",
        "metadata": metadata or {},
        "execution_count": None,
        "outputs": [],
        "source": source,
    }
    if cell_id:
        cell["id"] = cell_id
    return cell


def _raw(source: str, cell_id: str) -> dict[str, Any]:
    return {"cell_type": "raw", "id": cell_id, "metadata": {}, "source": source}


def _nbgrader_meta(grade_id: str, *, solution: bool, grade: bool, points: float | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": not solution,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def _answer_keys(source: str, tests: Sequence[GradedTest], calls: Sequence[Any]) -> list[str]:
    """The exercises whose answers a solution cell holds (by the names the check calls pass)."""
    from wordpiece_lib.classroom.teacher.grading.plan import defined_names

    names = defined_names(source)
    return [test.key for test, call in zip(tests, calls) if set(call.answers) & names]


def convert(notebook: dict[str, Any], to: str, points: dict[str, float] | None = None) -> dict[str, Any]:
    """A solution notebook in nbgrader's or otter-grader's source format."""
    check_mapping(notebook, "notebook", "a notebook (a dict)")
    if to not in FORMATS:
        raise ValueError(f"to must be one of {', '.join(FORMATS)}, got {to!r}")
    if points is not None:
        check_mapping(points, "points", "a dict exercise -> points")
    points = points or {}
    cells = [cell for cell in notebook.get("cells", []) if isinstance(cell, dict)]
    modules = _checks_modules(cells)
    answer_names = set()
    from wordpiece_lib.classroom.teacher.grading.plan import answer_names as stub_names
    from wordpiece_lib.classroom.teacher.grading.plan import defined_names

    for cell in cells:
        if cell.get("cell_type") == "code" and has_solution(source_text(cell)):
            student = _student_source(source_text(cell))
            answer_names |= stub_names(student) or (defined_names(source_text(cell)) & defined_names(student))
    calls = []
    for index, cell in enumerate(cells):
        if cell.get("cell_type") == "code":
            calls.extend(check_calls(source_text(cell), answer_names, index))
    tests = [graded_test(call.call, modules, points) for call in calls]
    by_cell: dict[int, list[GradedTest]] = {}
    for call, test in zip(calls, tests):
        by_cell.setdefault(call.cell, []).append(test)
    answer_cell_keys: dict[int, list[str]] = {}
    for index, cell in enumerate(cells):
        if cell.get("cell_type") == "code" and has_solution(source_text(cell)):
            answer_cell_keys[index] = _answer_keys(source_text(cell), tests, calls)
    out = copy.deepcopy(notebook)
    out["cells"] = (_to_nbgrader if to == "nbgrader" else _to_otter)(cells, by_cell, answer_cell_keys)
    if to == "otter":
        name = Path(str(notebook.get("metadata", {}).get("wordpiece_name", "notebook"))).stem
        notebooks = str(notebook.get("metadata", {}).get("wordpiece_notebooks", ""))
        config = (
            "# ASSIGNMENT CONFIG\n"
            f"name: {Path(str(notebook.get('metadata', {}).get('wordpiece_name', 'notebook'))).stem}\n"
            "init_cell: false\ncheck_all_cell: false\nexport_cell: false\nrun_tests: false\n"
            "tests:\n  files: false\n  ok_format: true\n"
            # each question's score comes from `wordpiece classroom grade`'s sandboxed judge (docs/grading.md)
            "plugins:\n  - wordpiece_lib.classroom.teacher.grading.otter_judge.SandboxedJudge:\n"
            f"      notebook: {json.dumps(name)}\n      notebooks: {json.dumps(notebooks)}\n"
        )
        out["cells"].insert(0, _raw(config, "otter-assignment-config"))
    return out


def _student_source(source: str) -> str:
    out = []
    for line in prompt_outside(source.splitlines(), "# BEGIN SOLUTION", "# END SOLUTION"):
        out.append(line)
    text, kept, inside = "\n".join(out), [], False
    for line in text.splitlines():
        if BEGIN.match(line):
            inside = True
        elif END.match(line):
            inside = False
        elif not inside:
            kept.append(line)
    return "\n".join(kept)


def _to_nbgrader(
    cells: list[dict[str, Any]], by_cell: dict[int, list[GradedTest]], answers: dict[int, list[str]]
) -> list[dict[str, Any]]:
    out = []
    for index, cell in enumerate(cells):
        cell = _clean(cell)
        if index in answers:
            lines = prompt_outside(source_text(cell).splitlines(), "### BEGIN SOLUTION", "### END SOLUTION")
            cell["source"] = "\n".join(lines)
            key = "_".join(answers[index]) or f"cell{index}"
            cell["metadata"] = {
                **cell.get("metadata", {}),
                **_nbgrader_meta(f"answer_{key}", solution=True, grade=False),
            }
        out.append(cell)
        for test in by_cell.get(index, []):
            meta = _nbgrader_meta(f"test_{test.key}", solution=False, grade=True, points=test.points)
            # no output: nbgrader would read a printed value as partial credit
            out.append(_code(test.code.replace("\ngraded(", "\nassert graded("), meta, f"graded-{test.key}"[:64]))
    return out


def _to_otter(
    cells: list[dict[str, Any]], by_cell: dict[int, list[GradedTest]], answers: dict[int, list[str]]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    open_question: str | None = None
    for index, cell in enumerate(cells):
        cell = _clean(cell)
        if answers.get(index):
            key = answers[index][0]
            test = next(test for tests in by_cell.values() for test in tests if test.key == key)
            out.append(_raw(f"# BEGIN QUESTION\nname: {key}\npoints: {test.points:g}\ncheck_cell: false", f"q-{key}"))
            open_question = key
            lines = prompt_outside(source_text(cell).splitlines(), "# BEGIN SOLUTION NO PROMPT", "# END SOLUTION")
            cell["source"] = "\n".join(lines)
            out += [_raw("# BEGIN SOLUTION", f"solution-{key}"), cell, _raw("# END SOLUTION", f"end-solution-{key}")]
            continue
        out.append(cell)
        for test in by_cell.get(index, []):
            if open_question != test.key:
                raise ValueError(f"the check of {test.key} comes before its answer cell")
            test_cell = _code(test.code, {}, f"otter-test-{test.key}"[:64])
            test_cell["outputs"] = [
                {"output_type": "execute_result", "data": {"text/plain": "True"}, "metadata": {}, "execution_count": 1}
            ]
            out += [
                _raw("# BEGIN TESTS", f"tests-{test.key}"),
                test_cell,
                _raw("# END TESTS", f"end-tests-{test.key}"),
                _raw("# END QUESTION", f"end-q-{test.key}"),
            ]
            open_question = None
    return out


NBGRADER_CONFIG = f"""\
# nbgrader's settings for the exported workshop notebooks (written by `wordpiece classroom export`).
c = get_config()  # noqa: F821 - nbgrader provides it
# The student's prompt (a TODO line or the NotImplementedError stub) is kept outside the removed region.
c.ClearSolutions.code_stub = {{"python": {NBGRADER_CODE_STUB!r}}}
c.ClearSolutions.begin_solution_delimeter = "### BEGIN SOLUTION"
c.ClearSolutions.end_solution_delimeter = "### END SOLUTION"
# A check that is wrong or "not done yet" raises: nbgrader goes on with the notebook, the grade cell scores 0.
c.Execute.timeout = 300  # seconds a cell may take; an endless loop costs this much per submission
"""

#: What the nbgrader config adds so that each grade cell's result comes from the sandboxed judge (issue 39).
NBGRADER_JUDGE = """# The grade cells run in the student's kernel, where one line of the student's could rebind what they call: their
# results are set again, after Execute, by `wordpiece classroom grade`'s judge (the answers run in a sandbox of
# their own, judged outside it). See docs/grading.md.
from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    Execute,
    IgnorePattern,
    LimitOutput,
    SaveAutoGrades,
)

from wordpiece_lib.classroom.teacher.grading.nbgrader_judge import SandboxedJudge

c.Autograde.autograde_preprocessors = [
    Execute,
    IgnorePattern,
    ClearMetadataPreprocessor,
    LimitOutput,
    SandboxedJudge,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]
c.SandboxedJudge.notebooks = {notebooks!r}  # the workshop's released notebooks, as `grade --notebooks` takes them
"""


def export_notebooks(
    solutions: Sequence[Path], to: str, folder: Path, points: dict[str, float] | None = None
) -> list[Path]:
    """Write each solution notebook in the grader's source layout under ``folder``; return the notebooks written.

    nbgrader: ``folder/source/<notebook>/<notebook>.ipynb`` and ``folder/nbgrader_config.py``
    (an assignment per notebook). otter: ``folder/<notebook>/<notebook>.ipynb``, the input of ``otter assign``.
    """
    from wordpiece_lib.atomic import atomic_write_text

    solutions = [Path(check_path(path, "solutions[...]")) for path in check_sequence(solutions, "solutions")]
    check_choice(to, "to", FORMATS)
    folder = Path(check_path(folder, "folder"))
    if points is not None:
        check_mapping(points, "points", "a dict exercise -> points")
    written = []
    for path in solutions:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        notebook.setdefault("metadata", {})["wordpiece_name"] = path.stem
        notebook["metadata"]["wordpiece_notebooks"] = str(_released_folder([path]))
        converted = convert(notebook, to, points)
        converted["metadata"].pop("wordpiece_name", None)
        converted["metadata"].pop("wordpiece_notebooks", None)
        target = folder / ("source" if to == "nbgrader" else "") / path.stem / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, json.dumps(converted, indent=1, ensure_ascii=False) + "\n")
        written.append(target)
    if to == "nbgrader":
        judge = NBGRADER_JUDGE.format(notebooks=str(_released_folder(solutions)))
        atomic_write_text(folder / "nbgrader_config.py", NBGRADER_CONFIG + judge)
    return written


def _released_folder(solutions: Sequence[Path]) -> Path:
    """The released notebooks beside the solutions' folder (``notebooks/`` for ``notebooks/solutions/``)."""
    return Path(solutions[0]).resolve().parent.parent if solutions else Path("notebooks").resolve()


__all__ = [
    "FORMATS",
    "GradedTest",
    "convert",
    "export_notebooks",
    "graded_test",
    "has_solution",
    "prompt_outside",
]
