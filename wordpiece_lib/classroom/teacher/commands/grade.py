"""``wordpiece classroom grade SUBMISSION... --notebook NN -o grades.csv``: grade submitted notebooks.

Each submission runs in a fresh kernel with a time limit; its answers are
judged by the grader's own checks in the grader's own process (see
:mod:`wordpiece_lib.classroom.teacher.grading`). One CSV row per student and
exercise: status (done, wrong, not done yet, error), points, feedback.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

HELP = "grade submitted notebooks in fresh kernels, judged outside them (one CSV row per student and exercise)"

EPILOG = """\
examples:
  {prog} submitted/*/01_character_splitting.ipynb --notebook 01 -o grades.csv
  {prog} ada.ipynb bob.ipynb --notebook 03 --timeout 30 -o - | column -s, -t

A submission that raises, never ends (--timeout, per cell and per check), prints too much,
exits its kernel or is not a notebook gets rows that say so; the others are still graded.
--checks FILE is the teacher's Python file, run in the grader after the notebook's set-up:
it may replace or add checks and set POINTS = {{"exercise_key": points}} (1 point by default).
exit status: 0 every submission got its rows, 2 a usage error.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grade``."""
    parser.epilog = EPILOG.format(prog=parser.prog)
    parser.add_argument("submissions", nargs="+", metavar="SUBMISSION", help="submitted .ipynb files")
    parser.add_argument(
        "--notebook", required=True, metavar="NN", help="which notebook they are (01, 02, ... or a name)"
    )
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="the grades table (CSV; - for stdout)")
    parser.add_argument("--checks", metavar="FILE", help="the teacher's file of checks and POINTS (Python)")
    parser.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds each cell and each check call may take (60)"
    )
    parser.add_argument(
        "--notebooks",
        metavar="FOLDER",
        help="where the released notebooks are (default: the checkout's notebooks/ folder)",
    )


def _default_notebooks() -> Path:
    import wordpiece_lib

    return Path(wordpiece_lib.__file__).resolve().parents[1] / "notebooks"


def find_notebook(folder: Path, which: str) -> Path:
    """The released notebook ``which`` (``01``, ``01_character_splitting`` or a path) in ``folder``."""
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


def run(args: argparse.Namespace) -> int:
    """Grade every submission; 0 when each got its rows, 2 for a usage error."""
    from wordpiece_lib.atomic import atomic_write_text

    if not args.timeout > 0:
        print("error: --timeout must be a positive number of seconds", file=sys.stderr)
        return 2
    folder = Path(args.notebooks) if args.notebooks else _default_notebooks()
    try:
        released = find_notebook(folder, args.notebook)
    except ValueError as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    checks_file = Path(args.checks) if args.checks else None
    if checks_file is not None and not checks_file.is_file():
        print(f"error: --checks: {checks_file} is not a file", file=sys.stderr)
        return 2
    try:
        import ipykernel  # noqa: F401
        import jupyter_client  # noqa: F401
    except ModuleNotFoundError as missing:
        print(
            f"error: grading runs each submission in a kernel, and {missing.name} is not installed: "
            "pip install 'wordpiece-lib[notebooks]'",
            file=sys.stderr,
        )
        return 2
    from wordpiece_lib.classroom.teacher.grading import COLUMNS, Grader, student_name

    try:
        grader = Grader(released, checks_file=checks_file, seconds=args.timeout)
    except (ValueError, OSError, SyntaxError) as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    rows = []
    for name in args.submissions:
        path = Path(name)
        graded = grader.grade(path, student_name(path, released.stem))
        rows.extend(graded)
        done = sum(row.status == "done" for row in graded)
        print(f"{path}: {done} of {len(graded)} done", file=sys.stderr)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(row.as_list() for row in rows)
    if args.output == "-":
        sys.stdout.write(text.getvalue())
    else:
        try:
            atomic_write_text(args.output, text.getvalue())
        except (OSError, ValueError) as bad:
            print(f"error: -o {args.output}: {bad}", file=sys.stderr)
            return 2
    print(f"graded {len(args.submissions)} submissions, {len(rows)} rows", file=sys.stderr)
    return 0
