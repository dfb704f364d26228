"""A class's submissions graded as one batch: who each is from, several at once, one table at the end.

:func:`named_submissions` names the student of each file (two files of one
student are an error naming both, before anything runs);
:func:`grade_all` grades them, ``jobs`` at a time, each submission in its
own kernel and sandbox, and returns only once every sandbox of the batch is
gone; :func:`write_table` makes the CSV text, with every text cell safe to
open in a spreadsheet.

>>> [name for _, name in named_submissions(["/home/ada/notebooks/01_x.ipynb", "bob.ipynb"], "01_x")]
['ada', 'bob']
>>> print(write_table([]).strip())
student,file,notebook,exercise,title,status,points,max_points,feedback,sandbox,tried,variant
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import multiprocessing
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import (
    check_bool,
    check_instance,
    check_int,
    check_optional_callable,
    check_optional_str,
    check_path,
    check_seconds,
    check_sequence,
    check_str,
)
from wordpiece_lib.classroom.teacher.grading.claims import read_notebook
from wordpiece_lib.classroom.teacher.grading.containers import ContainerSandbox
from wordpiece_lib.classroom.teacher.grading.grader import COLUMNS, Grader, Row, student_name
from wordpiece_lib.classroom.teacher.grading.plan import source_text
from wordpiece_lib.classroom.teacher.grading.sandbox import Sandbox
from wordpiece_lib.classroom.teacher.roster import Student, variants_of
from wordpiece_lib.classroom.teacher.spreadsheet import spreadsheet_safe


def _pattern(pattern: str) -> re.Pattern[str]:
    if pattern.count("{student}") != 1:
        raise ValueError(f"--student-name {pattern!r}: put {{student}} once where the student's name is")
    parts = []
    for piece in re.split(r"(\{student\}|\*\*|\*|\?)", pattern):
        parts.append(
            {"{student}": "(?P<student>[^/]+?)", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(piece, re.escape(piece))
        )
    return re.compile("(?:^|/)" + "".join(parts) + "$")


def named_submissions(paths: Sequence[str | Path], notebook: str, pattern: str | None = None) -> list[tuple[Path, str]]:
    """Each submission with its student's name; a ``ValueError`` naming both files when two give one name.

    ``notebook``: the released notebook's name (a file of that name is named by its folder); ``pattern``: where
    the name is in each path, ``{student}`` in a pattern like ``collected/{student}-*.ipynb``.

    >>> named_submissions(["in/ada-late.ipynb"], "01_x", "in/{student}-*.ipynb")
    [(PosixPath('in/ada-late.ipynb'), 'ada')]
    """
    paths = [check_path(path, f"paths[{index}]") for index, path in enumerate(check_sequence(paths, "paths"))]
    check_str(notebook, "notebook")
    check_optional_str(pattern, "pattern")
    compiled = _pattern(pattern) if pattern is not None else None
    named: list[tuple[Path, str]] = []
    first: dict[str, Path] = {}
    for given in paths:
        path = Path(given)
        if compiled is not None:
            found = compiled.search(path.as_posix())
            if found is None:
                raise ValueError(f"--student-name {pattern!r} does not match {given}: no student's name there")
            name = found.group("student")
        else:
            name = student_name(path, notebook)
        if name in first:
            raise ValueError(
                f"{first[name]} and {given} are both from the student {name!r}: give one file per student "
                "(or --student-name PATTERN to read the name elsewhere in the path)"
            )
        first[name] = path
        named.append((path, name))
    return named


def roster_submissions(
    paths: Sequence[str | Path],
    notebook: str,
    students: Sequence[Student],
    secret: bytes,
    pattern: str | None = None,
) -> list[tuple[Path, str, str | None, str]]:
    """Each submission with its student, their variant id and why it is not graded ('' when it is).

    A roster row's ``submission`` (a file name or a path) names its student's
    file; other files are named by the rules of :func:`named_submissions`. A
    file whose student is not on the roster, and every file of a student who
    handed in two, are not graded: the reason says which.

    >>> from wordpiece_lib.classroom.teacher.roster import Student
    >>> found = roster_submissions(["in/ada.ipynb", "in/eve.ipynb"], "01_x", [Student("ada")], b"0123456789abcdef")
    >>> [(student, variant, reason[:25]) for _, student, variant, reason in found]
    [('ada', '49dd39aa9e95cc05', ''), ('eve', None, 'no roster entry for "eve"')]
    """
    check_str(notebook, "notebook")
    compiled = _pattern(check_str(pattern, "pattern")) if pattern is not None else None
    students = check_sequence(students, "students")
    variants = variants_of(students, secret)  # each student a Student, the secret bytes
    by_file = {student.submission: student.student for student in students if student.submission}
    found: list[tuple[Path, str]] = []
    for index, given in enumerate(check_sequence(paths, "paths")):
        path = Path(check_path(given, f"paths[{index}]"))
        name = by_file.get(str(given)) or by_file.get(path.name)
        if name is None and compiled is not None:
            match = compiled.search(path.as_posix())
            if match is None:
                raise ValueError(f"--student-name {pattern!r} does not match {given}: no student's name there")
            name = match.group("student")
        found.append((path, name if name is not None else student_name(path, notebook)))
    files: dict[str, list[Path]] = {}
    for path, name in found:
        files.setdefault(name, []).append(path)
    rows: list[tuple[Path, str, str | None, str]] = []
    for path, name in found:
        variant = variants.get(name)
        if variant is None:
            reason = (
                f'no roster entry for "{name}" (the name this file\'s path gives): add the student to the roster, or '
                "name the file in its student's submission column"
            )
        elif len(files[name]) > 1:
            others = ", ".join(str(other) for other in files[name] if other != path)
            reason = f'two submissions for the student "{name}" ({path} and {others}): hand in one file per student'
        else:
            reason = ""
        rows.append((path, name, variant, reason))
    return rows


_WORKER: Grader | None = None


def _start_worker(
    released: Path, checks_file: Path | None, seconds: float, sandbox: Sandbox | ContainerSandbox | None
) -> None:
    global _WORKER
    _WORKER = Grader(released, checks_file=checks_file, seconds=seconds, sandbox=sandbox)


def _grade_one(path: Path, student: str, variant: str | None = None, refused: str = "") -> list[Row]:
    assert _WORKER is not None
    if refused:
        return _WORKER.refuse(path, student, refused, variant)
    return _WORKER.grade(path, student, variant)


def grade_all(
    released: Path,
    named: Sequence[tuple[Path, str]],
    *,
    checks_file: Path | None = None,
    seconds: float = 60.0,
    sandbox: Sandbox | ContainerSandbox | None = None,
    jobs: int = 1,
    progress: Callable[[str], object] | None = None,
    variants: Sequence[tuple[str | None, str]] | None = None,
) -> list[Row]:
    """Every submission's rows, in the order given; returns once every kernel and sandbox of the batch is gone.

    ``released``: the released notebook; ``named``: each submission with its student (:func:`named_submissions`);
    ``checks_file``: the teacher's checks and points; ``seconds``: what each cell and check call may take;
    ``sandbox``: where each kernel runs (None: with the grader's rights, and every row says so); ``jobs``: how
    many submissions are graded at once; ``progress``: told one line per submission graded (default: stderr);
    ``variants``: for each submission of ``named``, its student's variant id and why it is not graded (``""``
    when it is: see :func:`roster_submissions`), or None when the release has no variants.

    >>> released = Path("notebooks/01_character_splitting.ipynb")
    >>> rows = grade_all(released, [(released, "nobody")], progress=print)  # the released notebook: nothing answered
    notebooks/01_character_splitting.ipynb: 0 of 4 done
    >>> [row.status for row in rows]
    ['not done yet', 'not done yet', 'not done yet', 'not done yet']
    """
    import sys

    released = Path(check_path(released, "released"))
    named = _checked_named(named)
    checks_file = None if checks_file is None else Path(check_path(checks_file, "checks_file"))
    seconds = check_seconds(seconds, "seconds")
    if sandbox is not None and not isinstance(sandbox, (Sandbox, ContainerSandbox)):
        raise TypeError(f"sandbox must be a Sandbox or a ContainerSandbox, got {type(sandbox).__name__}")
    check_int(jobs, "jobs", minimum=1)
    check_optional_callable(progress, "progress", "a function progress(line)")
    say = progress if progress is not None else (lambda line: print(line, file=sys.stderr))
    each = [(None, "")] * len(named) if variants is None else _checked_variants(variants, len(named))
    # with variants no two students' copies are alike (each first cell names its own): the same code is one copy
    copies = _same_code(named) if variants is not None else {}
    rows: list[Row] = []
    if jobs == 1 or len(named) < 2:
        grader = Grader(released, checks_file=checks_file, seconds=seconds, sandbox=sandbox)
        for (path, student), (variant, refused) in zip(named, each):
            graded = grader.refuse(path, student, refused, variant) if refused else grader.grade(path, student, variant)
            rows += _noted(graded, copies.get(path, ""))
            say(f"{path}: {sum(row.status == 'done' for row in graded)} of {len(graded)} done")
        return rows
    # new processes, not forks of this one: the grader holds threads and sockets a fork would copy half-made
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(named)),
        mp_context=context,
        initializer=_start_worker,
        initargs=(released, checks_file, seconds, sandbox),
    ) as pool:
        futures = [
            pool.submit(_grade_one, path, student, variant, refused)
            for (path, student), (variant, refused) in zip(named, each)
        ]
        for (path, _), future in zip(named, futures):
            graded = future.result()
            rows += _noted(graded, copies.get(path, ""))
            say(f"{path}: {sum(row.status == 'done' for row in graded)} of {len(graded)} done")
    return rows  # the pool is shut down: its workers, and so their kernels' sandboxes, are gone


def _same_code(named: Sequence[tuple[Path, str]]) -> dict[Path, str]:
    """For each submission whose code cells are those of another student's submission, a note naming the others.

    >>> import json, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> notebook = json.dumps({"cells": [{"cell_type": "code", "source": "x = 1"}], "metadata": {}})
    >>> for name in ("ada", "bob", "cyd"):
    ...     _ = (folder / f"{name}.ipynb").write_text(notebook if name != "cyd" else notebook.replace("1", "2"))
    >>> notes = _same_code([(folder / f"{name}.ipynb", name) for name in ("ada", "bob", "cyd")])
    >>> [notes.get(folder / f"{name}.ipynb", "")[:58] for name in ("ada", "bob", "cyd")]
    ["the same code cells as another student's submission: bob's", "the same code cells as another student's submission: ada's", '']
    """
    by_code: dict[str, list[tuple[Path, str]]] = {}
    for path, student in named:
        notebook = read_notebook(path)
        if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
            continue
        code = [
            source_text(cell)
            for cell in notebook["cells"]
            if isinstance(cell, dict) and cell.get("cell_type") == "code"
        ]
        key = hashlib.sha256(json.dumps(code).encode("utf-8")).hexdigest()
        by_code.setdefault(key, []).append((path, student))
    notes: dict[Path, str] = {}
    for group in by_code.values():
        for path, student in group:
            others = [f"{other}'s ({other_path})" for other_path, other in group if other != student]
            if others:
                notes[path] = (
                    f"the same code cells as another student's submission: {', '.join(others)}; one student handed "
                    "in another's copy"
                )
    return notes


def _noted(rows: list[Row], note: str) -> list[Row]:
    """``rows`` with ``note`` first in their ``tried`` column."""
    if not note:
        return rows
    return [replace(row, tried="; ".join(part for part in (note, row.tried) if part)) for row in rows]


def _checked_named(named: Any) -> list[tuple[Path, str]]:
    """``named`` as a list of (submission path, student) pairs; a ``TypeError`` naming ``named`` otherwise."""
    pairs = []
    for index, pair in enumerate(check_sequence(named, "named")):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"named[{index}] must be a (submission, student) pair, got {pair!r:.60}")
        pairs.append((Path(check_path(pair[0], f"named[{index}][0]")), check_str(pair[1], f"named[{index}][1]")))
    return pairs


def _checked_variants(variants: Any, count: int) -> list[tuple[str | None, str]]:
    """``variants`` as a list of (variant id or None, reason) pairs, one per submission; an error naming it otherwise."""
    pairs = []
    for index, pair in enumerate(check_sequence(variants, "variants")):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"variants[{index}] must be a (variant, reason) pair, got {pair!r:.60}")
        variant = None if pair[0] is None else check_str(pair[0], f"variants[{index}][0]")
        pairs.append((variant, check_str(pair[1], f"variants[{index}][1]")))
    if len(pairs) != count:
        raise ValueError(f"variants must give one (variant, reason) per submission: {len(pairs)} for {count}")
    return pairs


def judge_file(
    submission: Path,
    notebook: str,
    *,
    notebooks: Path | None = None,
    student: str = "student",
    sandboxed: bool = True,
    seconds: float = 60.0,
) -> dict[str, Row]:
    """One submission judged as ``grade`` judges it, in a sandbox: its rows by exercise (for the exports' graders).

    ``notebook`` names the released notebook (``01`` or ``01_character_splitting``) in ``notebooks`` (default: the
    checkout's). A :class:`~.sandbox.SandboxUnavailable` says what is missing when no sandbox can run here.

    >>> verdicts = judge_file(Path("notebooks/01_character_splitting.ipynb"), "01", sandboxed=False)  # unanswered
    >>> verdicts["count_words"].status
    'not done yet'
    """
    submission = Path(check_path(submission, "submission"))
    check_str(notebook, "notebook")
    notebooks = None if notebooks is None else Path(check_path(notebooks, "notebooks"))
    check_str(student, "student")
    check_bool(sandboxed, "sandboxed")
    seconds = check_seconds(seconds, "seconds")
    from wordpiece_lib.classroom.teacher.grading.sandbox import Limits, find_sandbox, notebook_modules

    released = find_notebook(Path(notebooks) if notebooks else checkout_notebooks(), notebook)
    sandbox = find_sandbox(Limits(), notebook_modules(released)) if sandboxed else None
    grader = Grader(released, seconds=seconds, sandbox=sandbox)
    return {row.exercise: row for row in grader.grade(Path(submission), student)}


def checkout_notebooks() -> Path:
    """The released notebooks of the clone this package runs from (``notebooks/`` beside ``wordpiece_lib/``).

    >>> checkout_notebooks().name
    'notebooks'
    """
    import wordpiece_lib

    return Path(wordpiece_lib.__file__).resolve().parents[1] / "notebooks"


def find_notebook(folder: Path, which: str) -> Path:
    """The released notebook ``which`` (``01``, ``01_character_splitting`` or a path) in ``folder``.

    >>> find_notebook(checkout_notebooks(), "01").name
    '01_character_splitting.ipynb'
    """
    folder = Path(check_path(folder, "folder"))
    check_str(which, "which")
    given = Path(which)
    if given.suffix == ".ipynb" and given.is_file():
        return given
    if not folder.is_dir():
        raise ValueError(f"--notebooks: {folder} is not a folder of released notebooks")
    found = sorted(folder.glob(f"{which}*.ipynb")) if which else []
    if len(found) != 1:
        names = ", ".join(path.stem for path in sorted(folder.glob("[0-9][0-9]_*.ipynb"))) or "none"
        what = "no" if not found else "more than one"
        raise ValueError(f"--notebook {which}: {what} notebook of that name in {folder} (there are: {names})")
    return found[0]


def write_table(rows: Sequence[Row]) -> str:
    """The grades table as CSV text (a header line, then one line per row, every text cell spreadsheet-safe).

    >>> row = Row("ada", "01_x", "count_words", "Your turn 1", "wrong", 0.0, 1.0, "=1+1 is not a count", "ada.ipynb")
    >>> print(write_table([row]).splitlines()[1])
    ada,ada.ipynb,01_x,count_words,Your turn 1,wrong,0,1,'=1+1 is not a count,,,
    """
    rows = [check_instance(row, f"rows[{index}]", Row) for index, row in enumerate(check_sequence(rows, "rows"))]
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row.as_list()])
    return text.getvalue()


__all__ = [
    "checkout_notebooks",
    "find_notebook",
    "grade_all",
    "judge_file",
    "named_submissions",
    "roster_submissions",
    "write_table",
]
