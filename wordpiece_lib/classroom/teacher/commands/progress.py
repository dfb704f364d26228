"""``wordpiece classroom progress``: a class's progress files merged into one table (and a figure)."""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from wordpiece_lib.atomic import atomic_write_bytes, atomic_write_text
from wordpiece_lib.classroom.runtime import FILE_PREFIX, read_progress_file

HELP = """\
Merge a class's progress files into one table (CSV) and, with --plot, a figure.

Each notebook keeps its progress (status, tries, answer seen, when) in a
small file beside it, .wordpiece-progress-NN.json. Give one FOLDER per
student (a shared hub's home folders, or the folders of collected
submissions): the student is the folder's name, and every progress file
under it is read (hidden folders, virtual environments and
.ipynb_checkpoints are skipped). A progress file given instead of a folder is
read as it is, named after its folder.

This is what each student's kernel reported about itself, which anyone can
edit: use it to see where a class is, and `grade` for marks.

examples:
  wordpiece classroom progress /home/jupyter-* -o class.csv
  wordpiece classroom progress submitted/* -o class.csv --plot class.png
"""

#: The table's columns, in order.
COLUMNS = ("student", "notebook", "exercise", "title", "status", "tries", "answer_seen", "updated", "file")
#: Folders never searched for progress files (large, and never a notebook's folder).
SKIPPED_FOLDERS = frozenset({"node_modules", "site-packages", "__pycache__", ".ipynb_checkpoints"})
#: What ``--plot`` counts, in the order of the bars.
KINDS = ("done", "wrong", "not started")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("folders", nargs="+", metavar="FOLDER", help="one folder per student (or a progress file)")
    parser.add_argument("-o", "--output", required=True, metavar="CSV", help="the merged table; - for standard output")
    parser.add_argument("--plot", metavar="PNG", help="also draw done / wrong / not started per exercise")


@dataclass(frozen=True)
class Row:
    """One student's record of one exercise."""

    student: str
    notebook: str
    exercise: str
    title: str
    status: str
    tries: int
    answer_seen: bool
    updated: str
    file: str

    @property
    def kind(self) -> str:
        """``done``, ``wrong`` or ``not started``: the start of the status.

        >>> Row("ann", "01", "k", "t", "wrong (2 tries)", 2, False, "", "f").kind
        'wrong'
        """
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


def read_rows(student: str, path: Path) -> list[Row]:
    """The rows of one progress file (``ValueError`` naming the file when it is not one)."""
    data = read_progress_file(path)
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
            )
        )
    return rows


def collect(folders: Iterable[str]) -> tuple[list[Row], list[str]]:
    """Every row of every student's files, and one line for each file that could not be read."""
    rows: list[Row] = []
    problems: list[str] = []
    for given in folders:
        path = Path(given)
        if path.is_file():
            student, files = path.resolve().parent.name, [path]
        else:
            student, files = path.resolve().name, list(progress_files(path))
            if not files:
                problems.append(f"{given}: no progress file (.wordpiece-progress-NN.json) under this folder")
        for file in files:
            try:
                rows.extend(read_rows(student, file))
            except (OSError, ValueError) as error:
                problems.append(str(error))
    return rows, problems


def table(rows: Iterable[Row]) -> str:
    """The rows as CSV text, with a header line.

    >>> print(table([Row("ann", "01 · x", "k", "Your turn 1", "done", 0, False, "", "f")]).strip())
    student,notebook,exercise,title,status,tries,answer_seen,updated,file
    ann,01 · x,k,Your turn 1,done,0,False,,f
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([getattr(row, column) for column in COLUMNS])
    return out.getvalue()


def tally(rows: list[Row]) -> dict[tuple[str, str], dict[str, int]]:
    """Students per kind for each (notebook, exercise); a student with no record of an exercise has not started it.

    >>> rows = [Row("ann", "01", "k", "t", "done", 0, False, "", "f"), Row("bob", "02", "j", "t", "wrong (1 try)", 1, False, "", "f")]
    >>> tally(rows)[("01", "k")]
    {'done': 1, 'wrong': 0, 'not started': 1}
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

    from wordpiece_lib.classroom.display import FAILED_FILL, INK

    counts = tally(rows)
    labels = [f"{notebook.split('·')[0].strip()} · {exercise}" for notebook, exercise in counts]
    colours = {"done": "#4daf4a", "wrong": FAILED_FILL, "not started": "#dddddd"}
    hatches = {"done": "", "wrong": "//", "not started": ".."}  # told apart without colour too
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
