"""``wordpiece classroom progress``: a class's progress files merged into one table (and a figure)."""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import io
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib.classroom.runtime.progress_file import FILE_PREFIX, read_progress_file
from wordpiece_lib.classroom.teacher.spreadsheet import ExerciseLine, spreadsheet_safe

HELP = """\
Merge a class's progress files into one table (CSV) and, with --plot, a figure.

Each notebook keeps its progress (status, tries, answer seen, when) in a
small file beside it, .wordpiece-progress-NN.json. Give one FOLDER per
student (a shared hub's home folders, or the folders of collected
submissions): the student is the folder's name, and every progress file
under it is read (hidden folders, virtual environments and
.ipynb_checkpoints are skipped). A progress file given instead of a folder is
read as it is, named after its folder.

A student folder with no progress file gets a "not started" row for every
exercise of the notebooks the rest of the class has files for. A file that
contradicts itself (status done with done false, negative tries, an exercise
its notebook does not have, a date in the future) has its rows marked
"edited by hand?" in the column check, and the plot counts them apart. Text
a spreadsheet would run as a formula (starting with =, +, - or @) is written
with a ' before it.

This is what each student's kernel reported about itself, which anyone can
edit: use it to see where a class is, and `grade` for marks.

examples:
  wordpiece classroom progress /home/jupyter-* -o class.csv
  wordpiece classroom progress submitted/* -o class.csv --plot class.png
"""

#: The table's columns, in order.
COLUMNS = (
    "student",
    "notebook",
    "exercise",
    "title",
    "status",
    "tries",
    "answer_seen",
    "updated",
    "file",
    "check",
    "variant",
)
#: Folders never searched for progress files (large, and never a notebook's folder).
SKIPPED_FOLDERS = frozenset({"node_modules", "site-packages", "__pycache__", ".ipynb_checkpoints"})
#: What ``--plot`` counts, in the order of the bars.
KINDS = ("done", "wrong", "not started", "edited by hand?")
#: The mark of a row whose file contradicts itself.
EDITED = "edited by hand?"
#: How far in the future a date may be before it is taken as written by hand (clocks differ a little).
CLOCK_SLACK = datetime.timedelta(hours=1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("folders", nargs="+", metavar="FOLDER", help="one folder per student (or a progress file)")
    parser.add_argument("-o", "--output", required=True, metavar="CSV", help="the merged table; - for standard output")
    parser.add_argument("--plot", metavar="PNG", help="also draw done / wrong / not started per exercise")


@dataclass(frozen=True)
class Row(ExerciseLine):
    """One student's record of one exercise, as their progress file keeps it."""

    tries: int
    answer_seen: bool
    updated: str
    file: str
    check: str = ""
    #: The student's variant id, as their progress file keeps it (a release with variants), else empty.
    variant: str = ""

    @property
    def kind(self) -> str:
        """``done``, ``wrong`` or ``not started``: the start of the status; ``edited by hand?`` for a suspect file.

        >>> Row("ann", "01", "k", "t", "wrong (2 tries)", 2, False, "", "f").kind
        'wrong'
        >>> Row("ann", "01", "k", "t", "done", 0, False, "", "f", "edited by hand? (negative tries)").kind
        'edited by hand?'
        """
        if self.check.startswith(EDITED):
            return EDITED
        return next((kind for kind in KINDS if self.status.startswith(kind)), "not started")


def progress_files(folder: Path) -> Iterator[Path]:
    """Every progress file under ``folder``, in name order (skipping hidden and environment folders)."""
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(
            name
            for name in folders
            if not name.startswith(".")
            and name not in SKIPPED_FOLDERS
            and not (Path(root) / name / "pyvenv.cfg").exists()
        )
        for name in sorted(files):
            if name.startswith(FILE_PREFIX) and name.endswith(".json"):
                yield Path(root) / name


def _known_exercises(notebook: str) -> set[str] | None:
    """The exercise keys of a course notebook (from its workbook), or None for a notebook the course does not know."""
    from wordpiece_lib.classroom import runtime

    if notebook not in runtime.WORKBOOKS:
        import importlib
        import pkgutil

        import wordpiece_lib.classroom as classroom

        for topic in pkgutil.iter_modules(classroom.__path__):
            if topic.ispkg and notebook not in runtime.WORKBOOKS:
                with contextlib.suppress(Exception):  # a topic without checks, or one that cannot load here
                    importlib.import_module(f"wordpiece_lib.classroom.{topic.name}.checks")
    workbook = runtime.WORKBOOKS.get(notebook)
    return set(workbook.exercises) if workbook is not None else None


def _in_the_future(text: Any, now: datetime.datetime) -> bool:
    if not isinstance(text, str) or not text:
        return False
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        return False
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when > now + CLOCK_SLACK


def contradictions(data: dict[str, Any], now: datetime.datetime | None = None) -> list[str]:
    """What a progress file says that a notebook never writes: why it looks edited by hand (none for a real file).

    >>> contradictions({"notebook": "x", "exercises": {"k": {"status": "done", "done": False, "tries": -1}}})
    ['k: status done but done is false', 'k: negative tries']
    """
    now = now or datetime.datetime.now(datetime.UTC)
    found = []
    known = _known_exercises(str(data.get("notebook", "")))
    if _in_the_future(data.get("updated"), now):
        found.append("updated in the future")
    for key, record in data["exercises"].items():
        status = str(record.get("status", ""))
        if status.startswith("done") and record.get("done") is False:
            found.append(f"{key}: status done but done is false")
        elif record.get("done") is True and not status.startswith("done"):
            found.append(f"{key}: done is true but status {status!r}")
        tries = record.get("tries", 0)
        if not isinstance(tries, int) or isinstance(tries, bool):
            found.append(f"{key}: tries is not a number")
        elif tries < 0:
            found.append(f"{key}: negative tries")
        if known is not None and key not in known:
            found.append(f"{key}: not an exercise of this notebook")
        if _in_the_future(record.get("when"), now):
            found.append(f"{key}: a date in the future")
    return found


def read_rows(student: str, path: Path) -> list[Row]:
    """The rows of one progress file (``ValueError`` naming the file when it is not one)."""
    data = read_progress_file(path)
    suspect = contradictions(data)
    check = f"{EDITED} ({'; '.join(suspect)})" if suspect else ""
    rows = []
    for key, record in data["exercises"].items():
        tries = record.get("tries", 0)
        rows.append(
            Row(
                student=student,
                notebook=data["notebook"],
                exercise=str(key),
                title=str(record.get("title", key)),
                status=str(record.get("status", "not started")),
                tries=tries if isinstance(tries, int) and not isinstance(tries, bool) else 0,
                answer_seen=record.get("answer_seen") is True,
                updated=str(record.get("when") or ""),
                file=str(path),
                check=check,
                variant=str(data.get("variant") or ""),
            )
        )
    return rows


def collect(folders: Iterable[str]) -> tuple[list[Row], list[str]]:
    """Every row of every student's files, and one line for each file that could not be read.

    A student with no progress file at all gets a "not started" row for every exercise the others' files list.
    """
    rows: list[Row] = []
    problems: list[str] = []
    silent: list[str] = []
    for given in folders:
        path = Path(given)
        if path.is_file():
            student, files = path.resolve().parent.name, [path]
        else:
            student, files = path.resolve().name, list(progress_files(path))
            if not files:
                problems.append(f"{given}: no progress file (.wordpiece-progress-NN.json) under this folder")
                silent.append(student)
        for file in files:
            try:
                rows.extend(read_rows(student, file))
            except (OSError, ValueError) as error:
                problems.append(str(error))
    exercises = {(row.notebook, row.exercise): row.title for row in rows}
    for student in silent:
        rows += [
            Row(student, notebook, key, title, "not started", 0, False, "", "")
            for (notebook, key), title in exercises.items()
        ]
    return rows, problems


def table(rows: Iterable[Row]) -> str:
    """The rows as CSV text, with a header line.

    >>> print(table([Row("ann", "01 · x", "k", "Your turn 1", "done", 0, False, "", "f")]).strip())
    student,notebook,exercise,title,status,tries,answer_seen,updated,file,check,variant
    ann,01 · x,k,Your turn 1,done,0,False,,f,,
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_safe(getattr(row, column)) for column in COLUMNS])
    return out.getvalue()


def _safe(value: Any) -> Any:
    """A text cell a spreadsheet shows and never runs (a leading =, +, - or @ gets a ' before it)."""
    return spreadsheet_safe(value) if isinstance(value, str) else value


def tally(rows: list[Row]) -> dict[tuple[str, str], dict[str, int]]:
    """Students per kind for each (notebook, exercise); a student with no record of an exercise has not started it.

    >>> rows = [Row("ann", "01", "k", "t", "done", 0, False, "", "f"), Row("bob", "02", "j", "t", "wrong (1 try)", 1, False, "", "f")]
    >>> tally(rows)[("01", "k")]
    {'done': 1, 'wrong': 0, 'not started': 1, 'edited by hand?': 0}
    """
    students = sorted({row.student for row in rows})
    exercises = list(dict.fromkeys((row.notebook, row.exercise) for row in rows))
    seen = {(row.student, row.notebook, row.exercise): row.kind for row in rows}
    counts = {}
    for notebook, exercise in sorted(exercises, key=lambda pair: pair[0]):
        kinds = [seen.get((student, notebook, exercise), "not started") for student in students]
        counts[(notebook, exercise)] = {kind: kinds.count(kind) for kind in KINDS}
    return counts


def plot(rows: list[Row], path: str) -> None:
    """Draw done / wrong / not started per exercise as stacked bars, written atomically to ``path`` (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from wordpiece_lib.atomic import atomic_write_bytes
    from wordpiece_lib.classroom.display import FAILED_FILL, INK

    counts = tally(rows)
    labels = [f"{notebook.split('·')[0].strip()} · {exercise}" for notebook, exercise in counts]
    colours = {"done": "#4daf4a", "wrong": FAILED_FILL, "not started": "#dddddd", EDITED: "#ffd92f"}
    hatches = {"done": "", "wrong": "//", "not started": "..", EDITED: "xx"}  # told apart without colour too
    figure, axes = plt.subplots(figsize=(8, 0.35 * len(labels) + 1.5))
    left = [0] * len(labels)
    for kind in KINDS:
        values = [counts[key][kind] for key in counts]
        axes.barh(labels, values, left=left, color=colours[kind], hatch=hatches[kind], edgecolor=INK, label=kind)
        left = [a + b for a, b in zip(left, values)]
    axes.invert_yaxis()
    axes.set_xlabel("students")
    students = len({row.student for row in rows})
    axes.set_title(f"Progress the students' notebooks report ({students} students)")
    axes.legend(loc="lower right")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    plt.close(figure)
    atomic_write_bytes(path, buffer.getvalue())


def run(args: argparse.Namespace) -> int:
    """Merge the files, write the table (and the figure); 2 when no progress file was found at all."""
    from wordpiece_lib.atomic import atomic_write_text  # here, not above: `classroom --help` imports this module

    missing = [folder for folder in args.folders if not Path(folder).exists()]
    if missing:
        raise ValueError(f"FOLDER {missing[0]!r} does not exist")
    if args.plot is not None and Path(args.plot).suffix.lower() != ".png":
        raise ValueError(f"--plot {args.plot!r}: the figure is written as PNG, so name it NAME.png")
    if args.plot is not None:
        import matplotlib  # noqa: F401  (fail now, before any reading, when it is not installed)
    rows, problems = collect(args.folders)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    if not rows:
        print("error: no progress file could be read in any FOLDER given", file=sys.stderr)
        return 2
    text = table(rows)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        atomic_write_text(args.output, text)
    if args.plot:
        plot(rows, args.plot)
    if not args.quiet:
        students = len({row.student for row in rows})
        print(f"{len(rows)} rows from {students} students -> {args.output}", file=sys.stderr)
    return 0
