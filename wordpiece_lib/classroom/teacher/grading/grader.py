"""Grade submitted notebooks: answers run in the learner's kernel, judged in the grader's own process.

For each submission, a fresh kernel (:mod:`.kernel`) runs the released
notebook's cells, except that each answer cell is the submission's own,
run under the grader's answer-cell watch (what the library did in it is
counted there), and no check cell runs. The grader then evaluates each
check call of the released notebook in its own process: a function answer
is a stand-in (:class:`KernelFunction`) that sends the check's fresh inputs
to the kernel and brings the result back as plain data (:mod:`.plain`);
a value answer comes back as plain data. So the checks the grader judges
with are its own, whatever a submission does to its kernel's workbook, to
pytest, to the checks or to files.
"""

from __future__ import annotations

import ast
import base64
import builtins
import contextlib
import inspect
import io
import json
import os
import pickle
import sys
import tempfile
import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import check_path, check_str
from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.runtime import answer_watch
from wordpiece_lib.classroom.runtime.plain import MAX_DEPTH, NotPlain, from_plain
from wordpiece_lib.classroom.runtime.variants import check_variant, variant_active
from wordpiece_lib.classroom.teacher.grading.claims import claim_notes, read_notebook
from wordpiece_lib.classroom.teacher.grading.containers import ContainerSandbox
from wordpiece_lib.classroom.teacher.grading.kernel import Kernel, KernelTrouble
from wordpiece_lib.classroom.teacher.grading.plan import (
    CheckCall,
    Released,
    answer_names,
    context_cells,
    defined_names,
    is_check_cell,
    read_names,
    read_released,
    source_text,
)
from wordpiece_lib.classroom.teacher.grading.sandbox import Sandbox, notebook_data, notebook_modules
from wordpiece_lib.classroom.teacher.spreadsheet import ExerciseLine

#: The columns of the grades table, in order.
COLUMNS = (
    "student",
    "file",
    "notebook",
    "exercise",
    "title",
    "status",
    "points",
    "max_points",
    "feedback",
    "sandbox",
    "tried",
    "variant",
)

DONE, WRONG, NOT_DONE, ERROR = "done", "wrong", "not done yet", "error"

#: What the ``sandbox`` column says of a submission graded without one.
NOT_SANDBOXED = "NOT SANDBOXED (--no-sandbox): its code ran with the grader's rights"


@dataclass(frozen=True)
class Row(ExerciseLine):
    """One line of the grades table: one student, one exercise, its points and why."""

    points: float
    max_points: float
    feedback: str
    file: str = ""
    sandbox: str = ""
    tried: str = ""
    #: The student's variant id in a graded release with variants (their own exercises' data), else empty.
    variant: str = ""

    def as_list(self) -> list[str]:
        return [
            self.student,
            self.file,
            self.notebook,
            self.exercise,
            self.title,
            self.status,
            f"{self.points:g}",
            f"{self.max_points:g}",
            self.feedback,
            self.sandbox,
            self.tried,
            self.variant,
        ]


class KernelFunction(runtime.RunsElsewhere):
    """A submission's function, as the checks see it: each call runs in the submission's kernel."""

    def __init__(self, kernel: Kernel, name: str) -> None:
        self.kernel = kernel
        self.name = name
        self.__name__ = name

    def __repr__(self) -> str:
        return f"<the submission's {self.name}>"

    def call_counted(self, args: Sequence[Any], forbidden: Sequence[runtime.Forbidden]) -> Any:
        try:
            payload = base64.b64encode(pickle.dumps((list(args), tuple(forbidden)))).decode("ascii")
        except Exception as error:  # the check's inputs are the grader's own
            raise KernelTrouble(f"the grader could not send this check's inputs: {error}", fatal=False) from None
        answer = self.kernel.ask(f"call(TOKEN, {self.name!r}, {payload!r})")
        kind = answer.get("kind")
        if kind == "result":
            if answer.get("args") is not None:  # it changed what it was given: the check's own arguments change too
                changed = from_plain(str(answer["args"]), runtime.TODO)
                if isinstance(changed, list) and len(changed) == len(args):
                    for given, now in zip(args, changed, strict=True):
                        mirror(given, now)
            return from_plain(answer["value"], runtime.TODO)
        if kind == "not done":
            raise NotImplementedError("your turn")
        if kind == "forbidden":
            raise runtime.ForbiddenUse(str(answer["label"]), int(answer["calls"]), str(answer["owner"]))
        if kind == "other library":
            raise runtime.OtherLibraryUse(str(answer["library"]), str(answer["what"]))
        if kind == "crash":
            crashed = type(str(answer.get("type", "Exception")), (Exception,), {})
            raise crashed(str(answer.get("message", "")))
        raise KernelTrouble("the kernel gave an answer the grader does not know", fatal=False)


def mirror(given: Any, changed: Any) -> None:
    """Make ``given`` (a list, dict or set the grader passed) hold what the kernel's copy of it became.

    The containers inside it that are still there keep their identity, so whatever the check holds of them
    changes too; anything that is not a plain container is left alone (it cannot be changed from here).

    >>> parts = [{"a": 1}, {"b": 2}]
    >>> first = parts[0]
    >>> mirror(parts, [{"a": 1, "b": 2}, {"b": 2}])
    >>> parts, first is parts[0]
    ([{'a': 1, 'b': 2}, {'b': 2}], True)
    """
    if type(given) is list and type(changed) is list:
        for index in range(min(len(given), len(changed))):
            changed[index] = _kept(given[index], changed[index])
        given[:] = changed
    elif type(given) is dict and type(changed) is dict:
        rebuilt = {}
        for key, value in changed.items():
            rebuilt[key] = _kept(given[key], value) if key in given else value
        given.clear()
        given.update(rebuilt)
    elif type(given) is set and type(changed) is set:
        given.clear()
        given.update(changed)
    elif type(given) is tuple and type(changed) is tuple and len(given) == len(changed):
        for inner, now in zip(given, changed, strict=True):
            if _same_container(inner, now):
                mirror(inner, now)


def _same_container(given: Any, changed: Any) -> bool:
    return type(given) is type(changed) and type(given) in (list, dict, set, tuple)


def _kept(given: Any, changed: Any) -> Any:
    """What a place of a container holds once mirrored: the grader's own object, changed, where it can be."""
    if _same_container(given, changed):
        mirror(given, changed)
        return given
    if isinstance(changed, NotPlain) and not isinstance(given, PLAIN_TYPES):
        return given  # an object that cannot travel as plain data (a tokenizer): the kernel's copy is not shown here
    return changed


#: The types a value answer can be made of (anything else arrives as :class:`NotPlain`).
PLAIN_TYPES = (type(None), bool, int, float, str, Fraction, list, tuple, dict, set, frozenset)


def own_copy(value: Any) -> Any:
    """``value`` with every list, dict, set and tuple in it copied (other objects shared): one check's own inputs.

    A learner's function may change what a check gives it, and the change comes back (:func:`mirror`); the
    check's copies take it, never the values the grader keeps for every submission.

    >>> shared = {"en": {"a": 1.0}}
    >>> mine = own_copy(shared)
    >>> mine["en"]["a"] = 0.0
    >>> shared
    {'en': {'a': 1.0}}
    """
    memo: dict[int, Any] = {}

    def copied(item: Any, depth: int) -> Any:
        kind = type(item)
        if kind not in (list, dict, set, tuple) or depth > MAX_DEPTH:
            return item
        if id(item) in memo:  # a container met twice stays one container
            return memo[id(item)]
        if kind is list:
            memo[id(item)] = new = []
            new.extend(copied(inner, depth + 1) for inner in item)
        elif kind is dict:
            memo[id(item)] = new = {}
            new.update((key, copied(inner, depth + 1)) for key, inner in item.items())
        elif kind is set:
            memo[id(item)] = new = set(item)
        else:
            memo[id(item)] = new = tuple(copied(inner, depth + 1) for inner in item)
        return new

    return copied(value, 0)


def _quiet_namespace() -> dict[str, Any]:
    return {"__name__": "__grader_context__", "display": lambda *args, **kwargs: None, "get_ipython": lambda: None}


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield


def _run_cells(released: Released, indexes: Sequence[int], namespace: dict[str, Any]) -> dict[int, str]:
    """Run released cells in the grader's process; return the errors by cell."""
    errors: dict[int, str] = {}
    for index in indexes:
        source = source_text(released.cells[index])
        try:
            with _silenced():
                exec(compile(source, f"<cell {index}>", "exec"), namespace)  # the teacher's notebook
        except BaseException as error:  # reported with the check that needs the cell
            errors[index] = f"{type(error).__name__}: {error}"
    return errors


class Grader:
    """Grades submissions of one released notebook; the cells the checks need run once, here."""

    def __init__(
        self,
        released_path: Path,
        *,
        checks_file: Path | None = None,
        seconds: float = 60.0,
        sandbox: Sandbox | ContainerSandbox | None = None,
    ) -> None:
        os.environ.setdefault("MPLBACKEND", "Agg")
        self.sandbox = sandbox
        self.released = read_released(released_path)
        if not self.released.checks:
            raise ValueError(f"{released_path} has no check cells (%%ipytest) to grade by")
        self.notebook = released_path.stem
        self.seconds = seconds
        # an authored notebook imports its checks from its own folder: found here and in the kernel, no PYTHONPATH
        self.modules = notebook_modules(released_path)
        self.data = notebook_data(released_path) if self.modules else []
        if self.modules and str(released_path.parent.resolve()) not in sys.path:
            sys.path.insert(0, str(released_path.parent.resolve()))
        self.once, self.again = context_cells(self.released)
        self._released_sources = {source_text(cell) for cell in self.released.cells if cell.get("cell_type") == "code"}
        self.checks_file = checks_file
        #: The variant the set-up cells last ran for (None: the course's data), and the one being graded.
        self._base_variant: str | None = None
        self.variant: str | None = None
        self.points: dict[str, float] = {}
        self._set_up()
        self.exercises: list[tuple[CheckCall, runtime.Exercise | None]] = []
        #: The checks modules the check cells call: imported in every kernel before a submission's cells, so the
        #: answer-cell watch knows each answer's rules there as in the notebook (where the import cell ran first).
        self.check_modules: list[str] = []
        for check in self.released.checks:
            try:
                function = eval(compile(ast.Expression(check.call.func), "<check>", "eval"), self.base)
            except Exception:  # named in the rows
                function = None
            self.exercises.append((check, getattr(function, "exercise", None)))
            owners = [getattr(function, "__module__", None)]
            if isinstance(check.call.func, ast.Attribute):  # checks.check_alphabet: the module named checks
                with contextlib.suppress(Exception):
                    owner = eval(compile(ast.Expression(check.call.func.value), "<check>", "eval"), self.base)
                    owners.append(getattr(owner, "__name__", None) if isinstance(owner, types.ModuleType) else None)
            for name in owners:
                if isinstance(name, str) and name in sys.modules and name not in self.check_modules:
                    self.check_modules.append(name)
        unknown = [check.code for check, known in self.exercises if known is None]
        if checks_file is not None and unknown:  # a replacement the workbook does not know: say how to register it
            name = ast.unparse(next(check.call.func for check, known in self.exercises if known is None))
            raise ValueError(
                f"--checks {checks_file}: {unknown[0]} calls {name}, which is not a registered check (so no exercise, "
                f'no points): decorate your function with @WORKBOOK.check("<exercise key>"), WORKBOOK being the '
                "notebook's checks module's (see docs/grading.md, 'A teacher's own checks')"
            )

    def _set_up(self) -> None:
        """Run the notebook's set-up cells, then the teacher's file, for the active variant (the checks' namespace)."""
        self.base = _quiet_namespace()
        self.base_errors = _run_cells(self.released, self.once, self.base)
        if self.checks_file is not None:  # the teacher's own checks and points, run after the notebook's own set-up
            try:
                code = compile(self.checks_file.read_text(encoding="utf-8"), str(self.checks_file), "exec")
                exec(code, self.base)  # the teacher's file
                self.points = {str(key): float(value) for key, value in dict(self.base.get("POINTS", {})).items()}
            except Exception as error:  # the teacher's file is told about in one line, no traceback
                raise ValueError(f"--checks {self.checks_file}: {type(error).__name__}: {error}") from None

    # ------------------------------------------------------------------ one submission

    def refuse(self, submission: Path, student: str, reason: str, variant: str | None = None) -> list[Row]:
        """Error rows for a submission not graded (no roster entry, two files for one student): ``reason`` says why."""
        label = self.sandbox.label if self.sandbox is not None else NOT_SANDBOXED
        rows = self._finish(self._all(student, ERROR, f"not graded: {reason}"), submission, label, [])
        return [replace(row, variant=variant or "") for row in rows]

    def grade(self, submission: Path, student: str, variant: str | None = None) -> list[Row]:
        """One row per exercise for ``submission``, judged on ``variant``'s data (``None``: the course's own).

        ``variant`` is the student's variant id in a release with variants
        (``release --roster``): the set-up cells, the checks and the kernel
        all work on that variant's data, regenerated here from the id.
        """
        if variant is not None:
            check_variant(variant)
        if variant != self._base_variant:
            with variant_active(variant):
                self._set_up()
            self._base_variant = variant
        self.variant = variant
        try:
            with variant_active(variant):
                rows = self._grade_variant(submission, student)
        finally:
            self.variant = None
        # what the file says of its student and variant is never used, only shown where it differs
        notes = claim_notes(read_notebook(submission), student, variant) if variant is not None else []
        return [replace(row, variant=variant or "", tried=_joined(*notes, row.tried)) for row in rows]

    def _grade_variant(self, submission: Path, student: str) -> list[Row]:
        """One row per exercise of the notebook for ``submission`` (never raises for a bad submission).

        A cell that ends the kernel (``os._exit``, a crash) costs only the
        exercises whose answers it holds: the submission is run again in a
        fresh kernel that skips that cell, and so is a check call that ends it.
        """
        label = self.sandbox.label if self.sandbox is not None else NOT_SANDBOXED
        try:
            cells = _read_submission(submission)
        except ValueError as bad:
            return self._finish(self._all(student, ERROR, f"not graded: {bad}"), submission, label, [])
        plan = _cells_to_run(self.released, cells)
        state = _Attempts()
        for _ in range(len(plan) + len(self.exercises) + 1):
            with tempfile.TemporaryDirectory(prefix="wpg-") as folder:
                try:
                    with Kernel(Path(folder), self.seconds, self.sandbox, self.modules, self.data) as kernel:
                        finished = self._grade_in(kernel, plan, student, state)
                except KernelTrouble as trouble:
                    for index, (check, known) in enumerate(self.exercises):
                        state.rows.setdefault(
                            index, self._row(student, check, known, ERROR, f"not graded: {trouble.reason}")
                        )
                    finished = True
            if finished:
                break
        rows = [state.rows[index] for index in range(len(self.exercises)) if index in state.rows]
        return self._finish(rows, submission, label, state.tried)

    def _finish(self, rows: list[Row], submission: Path, label: str, tried: Sequence[str]) -> list[Row]:
        said = "; ".join(dict.fromkeys(tried))
        return [replace(row, file=str(submission), sandbox=label, tried=said) for row in rows]

    def _all(self, student: str, status: str, feedback: str) -> list[Row]:
        return [self._row(student, check, known, status, feedback) for check, known in self.exercises]

    def _row(self, student: str, check: CheckCall, known: runtime.Exercise | None, status: str, feedback: str) -> Row:
        key = known.key if known else check.name
        title = known.title if known else check.name
        most = self.points.get(key, 1.0)
        return Row(student, self.notebook, key, title, status, most if status == DONE else 0.0, most, feedback)

    def _grade_in(
        self, kernel: Kernel, plan: list[tuple[str, frozenset[str] | None]], student: str, state: _Attempts
    ) -> bool:
        """Run the plan in ``kernel`` and judge the checks not judged yet; True when done, False to go again."""
        kernel.run(
            "from wordpiece_lib.classroom.runtime.kernel_side import KernelSide as _WordpieceKernelSide\n"
            "__wordpiece_grader__ = _WordpieceKernelSide(get_ipython().user_ns, shell=get_ipython())\n"
            "del _WordpieceKernelSide"
        )
        if self.variant is not None:  # the student's own data in their kernel, as their released first cell set it
            kernel.run(
                "from wordpiece_lib.classroom.runtime.variants import activate as _wordpiece_activate\n"
                f"_wordpiece_activate({self.variant!r})\ndel _wordpiece_activate"
            )
        if self.check_modules:  # their watch_answer rules, registered as the notebook's import cell registers them
            kernel.run("\n".join(f"import {name} as _" for name in self.check_modules) + "\ndel _")
        if self.sandbox is not None:
            locked = kernel.ask("forbid_new_processes(TOKEN)")
            if locked.get("trouble"):
                state.note(f"(the sandbox could not refuse new processes: {locked['trouble']})")
        answer_errors: dict[str, str] = dict(state.cell_errors)
        # the latest cell that assigned each answer, as a check finds it in the notebook (answer_cell_source)
        sources: dict[str, str] = {}
        released = {
            position
            for position, (source, answers) in enumerate(plan)
            if answers is None and source in self._released_sources
        }
        names = sorted(self.released.answer_names)
        for position, (source, answers) in enumerate(plan):
            if position in state.skipped:
                continue
            # a cell the learner added that assigns an answer is watched too, as the notebook watches every such cell
            assigned = [] if position in released else [key for key in names if runtime.assigns(source, key)]
            sources.update(dict.fromkeys(assigned, source))
            watched = answers is not None or bool(assigned)
            try:
                result = kernel.ask(f"run_cell(TOKEN, {source!r}, {watched!r}, {position in released!r})")
                state.note(*result.get("tried", []))
                if answers is None:
                    continue
                if result.get("error"):
                    name, message = result["error"]
                    for key in answers:
                        answer_errors[key] = f"its answer cell raised {name}: {message}"
            except KernelTrouble as trouble:
                if trouble.fatal:  # this cell ended the kernel: a fresh one runs the rest without it
                    state.skipped.add(position)
                    for key in answers or ():
                        state.cell_errors[key] = f"its answer cell ended the kernel: {trouble.reason}"
                    if answers is None:
                        state.note(f"a cell it added ended the kernel ({trouble.reason}); graded again without it")
                    return False
                for key in answers or ():
                    answer_errors[key] = f"its answer cell: {trouble.reason}"
        try:
            listed = kernel.ask(f"names(TOKEN, {names!r})")
        except KernelTrouble as trouble:
            for index, (check, known) in enumerate(self.exercises):
                state.rows.setdefault(index, self._row(student, check, known, ERROR, f"not graded: {trouble.reason}"))
            return True
        namespace = dict(self.base)
        for name in names:
            entry = listed.get(name, {})
            if entry.get("kind") == "function":
                namespace[name] = KernelFunction(kernel, name)
            elif entry.get("kind") == "value":
                namespace[name] = from_plain(str(entry["value"]), runtime.TODO)
            elif entry.get("kind") == "too large":
                namespace[name] = runtime.TODO
                size = int(entry.get("size", 0)) / 1_000_000
                answer_errors[name] = f"the answer is too large to grade ({size:.0f} MB as plain data)"
            else:
                namespace[name] = runtime.TODO
        runtime.forget_answer_work()
        for name in names:  # what did each answer's work, as the kernel found it for the value the answer now holds
            entry = listed.get(name, {})
            if isinstance(entry.get("work"), dict):
                answer_watch._WORK[name] = runtime.CellWork.from_plain(str(entry.get("work_source", "")), entry["work"])
        try:
            context_errors = _run_cells(self.released, self.again, namespace)
        except KernelTrouble as trouble:
            for index, (check, known) in enumerate(self.exercises):
                state.rows.setdefault(index, self._row(student, check, known, ERROR, f"not graded: {trouble.reason}"))
            return True
        for index, (check, known) in enumerate(self.exercises):
            if index in state.rows:
                continue
            row = self._judge(student, check, known, namespace, sources, answer_errors, context_errors)
            state.rows[index] = row
            if kernel.dead is not None:  # this check's call ended the kernel: a fresh one judges the others
                with contextlib.suppress(KernelTrouble):
                    kernel.close()
                return False
        with contextlib.suppress(KernelTrouble):
            state.note(*kernel.ask("tried(TOKEN)").get("tried", []))
        return True

    def _judge(
        self,
        student: str,
        check: CheckCall,
        known: runtime.Exercise | None,
        namespace: dict[str, Any],
        sources: dict[str, str],
        answer_errors: dict[str, str],
        context_errors: dict[int, str],
    ) -> Row:
        if known is None:
            return self._row(student, check, known, ERROR, f"not graded: {check.code} is not a check the grader knows")
        for workbook in runtime.WORKBOOKS.values():  # every check as on a first try: the plain message
            workbook.reset()
        call = check.call
        keywords = {keyword.arg for keyword in call.keywords}
        source = next((sources[key] for key in check.answers if key in sources), None)
        try:
            function = eval(compile(_expression(call.func), "<check>", "eval"), namespace)
            # each check its own copies: a learner's function that changes what it is given changes these only
            args = [own_copy(eval(compile(_expression(arg), "<check>", "eval"), namespace)) for arg in call.args]
            kwargs = {
                keyword.arg: own_copy(eval(compile(_expression(keyword.value), "<check>", "eval"), namespace))
                for keyword in call.keywords
                if keyword.arg
            }
        except KernelTrouble as trouble:
            return self._row(student, check, known, ERROR, f"not graded: {trouble.reason}")
        except NotImplementedError:
            return self._row(student, check, known, NOT_DONE, f"not done yet: {known.title}")
        except Exception as error:  # a context cell failed
            failed = "; ".join(context_errors.values()) or "; ".join(self.base_errors.values())
            return self._row(
                student, check, known, ERROR, f"not graded: the check's inputs failed ({error}) {failed}".strip()
            )
        if source is not None and "source" not in keywords and "source" in _parameters(function):
            kwargs["source"] = source
        try:
            with _silenced():
                function(*args, **kwargs)
        except KernelTrouble as trouble:
            return self._row(student, check, known, ERROR, f"not graded: {trouble.reason}")
        except AssertionError as wrong:
            message = str(wrong)
            error = next((answer_errors[key] for key in check.answers if key in answer_errors), None)
            return self._row(student, check, known, WRONG, f"{message} ({error})" if error else message)
        except BaseException as other:  # a skip ("not done yet"), or a check that could not judge
            if _is_skip(other):
                error = next((answer_errors[key] for key in check.answers if key in answer_errors), None)
                if error:
                    return self._row(student, check, known, ERROR, error)
                return self._row(student, check, known, NOT_DONE, str(other) or f"not done yet: {known.title}")
            if isinstance(other, (KeyboardInterrupt, SystemExit)):
                raise
            return self._row(
                student, check, known, WRONG, f"the check could not judge this answer: {type(other).__name__}: {other}"
            )
        return self._row(student, check, known, DONE, "done")


def _joined(*notes: str) -> str:
    """Notes for the ``tried`` column, in order, each once."""
    return "; ".join(dict.fromkeys(note for note in notes if note))


class _Attempts:
    """What the kernels of one submission found so far: rows judged, cells that ended a kernel, what it tried."""

    def __init__(self) -> None:
        self.rows: dict[int, Row] = {}
        self.skipped: set[int] = set()
        self.cell_errors: dict[str, str] = {}
        self.tried: list[str] = []

    def note(self, *tried: str) -> None:
        self.tried += [str(text) for text in tried if str(text) not in self.tried]


def _expression(node: Any) -> ast.Expression:
    return ast.Expression(node)


def _parameters(function: Any) -> set[str]:
    try:
        return set(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return set()


def _is_skip(error: BaseException) -> bool:
    if isinstance(error, runtime.NotDoneYet):
        return True
    try:
        import pytest
    except ModuleNotFoundError:  # pragma: no cover - the checks need pytest to skip
        return False
    return isinstance(error, pytest.skip.Exception)


def _read_submission(path: Path) -> list[dict[str, Any]]:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        notebook = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path.name} is not a notebook (not JSON: {error})") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list) or not all(isinstance(cell, dict) for cell in cells):
        raise ValueError(f"{path.name} is not a notebook (no list of cells)")
    return cells


def _cells_to_run(released: Released, submitted: list[dict[str, Any]]) -> list[tuple[str, frozenset[str] | None]]:
    """The code to run, in order: the released cells, each answer cell replaced by the submission's own.

    A submission's answer cell is found by its cell id, else as the cell that
    defines the same answer names. A cell the learner added (an id the
    release does not have) runs after the released cell it follows; no
    check cell (``%%ipytest``) runs.
    """
    released_ids = {cell.get("id"): index for index, cell in enumerate(released.cells) if cell.get("id")}
    by_id: dict[Any, dict[str, Any]] = {}
    added: dict[int, list[str]] = {}
    anchor = -1
    for cell in submitted:
        if cell.get("cell_type") != "code":
            continue
        cell_id = cell.get("id")
        if cell_id in released_ids:
            by_id[cell_id] = cell
            anchor = released_ids[cell_id]
        else:
            source = source_text(cell)
            if not is_check_cell(source):
                added.setdefault(anchor, []).append(source)
    plan: list[tuple[str, frozenset[str] | None]] = [(source, None) for source in added.get(-1, [])]
    answers: dict[int, str] = {}
    for index, names in released.answers.items():
        mine = by_id.get(released.cells[index].get("id"))
        if mine is None:
            mine = next(
                (
                    other
                    for other in submitted
                    if other.get("cell_type") == "code" and names <= defined_names(source_text(other))
                ),
                None,
            )
        answers[index] = source_text(mine) if mine is not None else source_text(released.cells[index])
    wanted = _cells_answers_need(released, [*answers.values(), *(s for extra in added.values() for s in extra)])
    for index, cell in enumerate(released.cells):
        if cell.get("cell_type") == "code":
            source = source_text(cell)
            if index not in answers and index not in wanted:
                plan.extend((extra, None) for extra in added.get(index, []))
                continue
            if index in released.answers:
                names = released.answers[index]
                answer = answers[index]
                plan.append((answer, names))
                added_here = added.get(index, [])
                plan.extend((extra, None) for extra in added_here if answer_names(extra) != set(names))
                continue
            if not is_check_cell(source):
                plan.append((source, None))
        plan.extend((extra, None) for extra in added.get(index, []) if index not in released.answers)
    return plan


def _cells_answers_need(released: Released, sources: Sequence[str]) -> set[int]:
    """The released cells the answers (and the cells a learner added) need: the set-up cell, and what binds their names.

    Walks back from the answer cells as :func:`~.plan.context_cells` walks back
    from the checks, so the plots, widgets and long runs of a notebook do not
    run for every submission.
    """
    needed: set[str] = set()
    for source in sources:
        needed |= read_names(source)
    needed -= set(dir(builtins))
    code = [index for index, cell in enumerate(released.cells) if cell.get("cell_type") == "code"]
    wanted = {code[0]} if code else set()
    for index in reversed(code):
        source = source_text(released.cells[index])
        if index in released.answers or is_check_cell(source):
            continue
        if defined_names(source) & needed:
            wanted.add(index)
            needed |= read_names(source) - set(dir(builtins))
    return wanted


#: Folder names that say where a notebook is kept, not whose it is (``/home/ada/notebooks/01_x.ipynb`` is ada's).
LAYOUT_FOLDERS = frozenset({"notebooks", "notebook", "submitted", "submissions", "submission", "work", "files"})


def student_name(submission: Path, notebook: str) -> str:
    """Who a submission is from: its file name, or its folder's when the file keeps the notebook's name.

    A folder that names a layout (``notebooks``, ``submitted``...) is passed over:

    >>> student_name(Path("ada.ipynb"), "01_character_splitting")
    'ada'
    >>> student_name(Path("submitted/ada/01_character_splitting.ipynb"), "01_character_splitting")
    'ada'
    >>> student_name(Path("/home/ada/notebooks/01_character_splitting.ipynb"), "01_character_splitting")
    'ada'
    """
    submission = Path(check_path(submission, "submission"))
    check_str(notebook, "notebook")
    if submission.stem != notebook:
        return submission.stem
    for folder in submission.absolute().parents:
        if folder.name and folder.name.lower() not in LAYOUT_FOLDERS:
            return folder.name
    return submission.stem


__all__ = ["COLUMNS", "Grader", "KernelFunction", "Row", "mirror", "own_copy", "student_name"]
