"""``wordpiece classroom export --to nbgrader|otter OUT``: the notebooks in a standard grader's format.

Made from the solution notebooks (the teacher's side); see
:mod:`wordpiece_lib.classroom.teacher.grading.export` for what each format gets.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "write the notebooks in nbgrader's or otter-grader's source format (solution, grade and test cells)"

EPILOG = """\
examples:
  {prog} --to nbgrader course/        then: cd course && nbgrader generate_assignment 01_character_splitting
  {prog} --to otter otter/ --notebook 01 03
                                     then: otter assign otter/01_character_splitting/01_character_splitting.ipynb dist/

The graded tests load the checks afresh from the installed package and count "not done yet" as a
failure; both graders run them in the student's kernel, so for grading that a student's cells
cannot touch use `classroom grade`. --checks FILE: the teacher's file, whose POINTS sets the points.
The graders are not installed with the workshop: pip install 'wordpiece-lib[grading]' in an
environment of their own (bash tools/setup_grading.sh makes .venv-grading).
exit status: 0 written, 2 a usage error.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``export``."""
    parser.epilog = EPILOG.format(prog=parser.prog)
    parser.add_argument("--to", required=True, choices=("nbgrader", "otter"), help="the grader's format")
    parser.add_argument("output", metavar="OUT", help="the folder to write (created if needed)")
    parser.add_argument("--notebook", nargs="+", metavar="NN", help="only these notebooks (01, 03 ...; default all)")
    parser.add_argument("--checks", metavar="FILE", help="the teacher's file (Python) whose POINTS sets the points")
    parser.add_argument(
        "--solutions",
        metavar="FOLDER",
        help="where the solution notebooks are (default: the checkout's notebooks/solutions/)",
    )


def _points(path: Path) -> dict[str, float]:
    namespace: dict[str, object] = {"__name__": "__teacher_checks__"}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)  # the teacher's file
    points = namespace.get("POINTS", {})
    if not isinstance(points, dict):
        raise ValueError(f"POINTS in {path} must be a dict exercise -> points")
    return {str(key): float(value) for key, value in points.items()}


def run(args: argparse.Namespace) -> int:
    """Write the converted notebooks; 0 when written, 2 for a usage error."""
    import wordpiece_lib
    from wordpiece_lib.classroom.teacher.grading import export_notebooks

    folder = (
        Path(args.solutions)
        if args.solutions
        else Path(wordpiece_lib.__file__).resolve().parents[1] / "notebooks" / "solutions"
    )
    solutions = sorted(folder.glob("[0-9][0-9]_*.ipynb")) if folder.is_dir() else []
    if not solutions:
        print(f"error: --solutions: no solution notebooks (NN_*.ipynb) in {folder}", file=sys.stderr)
        return 2
    if args.notebook:
        chosen = []
        for which in args.notebook:
            found = [path for path in solutions if path.stem.startswith(which)]
            if len(found) != 1:
                names = ", ".join(path.stem for path in solutions)
                print(f"error: --notebook {which}: not one notebook of that name (there are: {names})", file=sys.stderr)
                return 2
            chosen += found
        solutions = chosen
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        print(f"error: OUT: {out} exists and is not a folder", file=sys.stderr)
        return 2
    try:
        points = _points(Path(args.checks)) if args.checks else {}
    except (OSError, SyntaxError, ValueError, TypeError) as bad:
        print(f"error: --checks: {bad}", file=sys.stderr)
        return 2
    try:
        written = export_notebooks(solutions, args.to, out, points)
    except (ValueError, OSError) as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    print(f"wrote {len(written)} notebooks for {args.to} to {out}", file=sys.stderr)
    return 0
