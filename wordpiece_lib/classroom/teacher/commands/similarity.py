"""``wordpiece classroom similarity SUBMISSION... --notebook NN -o pairs.csv [--html report.html]``: alike answers.

Compares what each student wrote (the answer cells and the cells they
added, the released notebook's own lines left out) with every other
student's, with copydetect's fingerprints (see
:mod:`wordpiece_lib.classroom.teacher.similarity`); the submissions are read,
never run. This module loads nothing of that until the command runs, so
``wordpiece classroom --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .arguments import add_notebooks_folder, add_student_name, add_submissions, usage_error

HELP = "find pairs of submissions with alike answers (a CSV of the pairs, an HTML page of their shared lines)"

EPILOG = """\
examples:
  {prog} submitted/*/04_encoding.ipynb --notebook 04 -o pairs.csv --html pairs.html
  {prog} collected/*.ipynb --notebook 03 --threshold 0.3 -o - | column -s, -t

Each submission is read as JSON and never run. What a student wrote is their answer cells (found
as grade finds them) and the cells they added, without the released notebook's own lines (a line
whose numbers and strings differ, as a graded release's data do, is still the release's). Every
pair is compared with copydetect's fingerprints (winnowing, as MOSS does): names, strings and
spacing do not matter, reordered lines keep most of what they share. Not counted as shared: the
released notebook's code, the worked solution's (--solution; by default the notebooks folder's
solutions/ copy of the notebook, when there is one), and what more than --common of the class
wrote. A student's share is the part of their own code the other has too; a pair is listed when
the larger share is at least --threshold and at least --min-lines lines of each are shared.
A file that is not a notebook, is larger than 20 MB or is malformed gets a row saying why (and a
line on stderr); the others are still compared. Student names as in grade (--student-name).
exit status: 0 the table (and page) written, 2 a usage error (nothing written then).
"""


def _fraction(text: str) -> float:
    """A number from 0 to 1 (argparse's type for --threshold and --common)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to 1") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not a number from 0 to 1")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``similarity``.

    >>> parser = argparse.ArgumentParser(prog="similarity")
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["ada.ipynb", "bob.ipynb", "--notebook", "04", "-o", "pairs.csv"])
    >>> args.submissions, args.threshold, args.min_lines
    (['ada.ipynb', 'bob.ipynb'], 0.5, 3)
    """
    from_fingerprints = {"threshold": 0.5, "min_lines": 3, "min_match": 20, "common": 0.5}  # as fingerprints.DEFAULT_*
    parser.epilog = EPILOG.format(prog=parser.prog)
    add_submissions(parser, "the table of pairs (CSV; - for stdout)")
    parser.add_argument("--html", metavar="FILE", help="also a page with each pair's shared lines side by side")
    for flag, kind, metavar, help_text in (
        ("--threshold", _fraction, "S", "list a pair when one student's share of shared code is at least S, 0 to 1"),
        ("--min-lines", int, "N", "... and at least N lines of each are shared"),
        (
            "--min-match",
            int,
            "N",
            "the shortest shared run: N characters of code as compared (each name or string one letter, no spaces)",
        ),
        ("--common", _fraction, "F", "code more than F of the class wrote is not counted as shared"),
    ):
        default = from_fingerprints[flag[2:].replace("-", "_")]
        parser.add_argument(flag, type=kind, default=default, metavar=metavar, help=f"{help_text} (%(default)s)")
    add_notebooks_folder(parser)
    parser.add_argument(
        "--solution", metavar="FILE", help="the worked solution notebook, whose code is not counted as shared"
    )
    add_student_name(parser)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve() or (one.exists() and other.exists() and one.samefile(other))
    except OSError:
        return False


def run(args: argparse.Namespace) -> int:
    """Compare every pair of submissions; 0 when the table (and page) are written, 2 for a usage error.

    >>> parser = argparse.ArgumentParser(prog="similarity")
    >>> add_arguments(parser)
    >>> run(parser.parse_args(["ada.ipynb", "--notebook", "04", "-o", "pairs.csv", "--min-lines", "-1"]))
    2
    """
    import importlib.util
    import json

    if importlib.util.find_spec("copydetect") is None:
        raise ModuleNotFoundError("copydetect is not installed", name="copydetect")
    if args.min_lines < 0:
        return usage_error(f"--min-lines must be 0 or more, got {args.min_lines}")
    if args.min_match < 5:
        return usage_error(f"--min-match must be 5 or more (shorter runs are in every program), got {args.min_match}")
    if args.common >= 1:
        return usage_error(f"--common must be below 1 (1 would count nothing as common), got {args.common}")
    from wordpiece_lib.atomic import atomic_write_text
    from wordpiece_lib.classroom.teacher.grading import checkout_notebooks, find_notebook, named_submissions
    from wordpiece_lib.classroom.teacher.similarity import (
        NotANotebook,
        Refused,
        pairs_csv,
        pairs_html,
        read_cells,
        release_from_cells,
        similar_pairs,
        student_code,
    )

    folder = Path(args.notebooks) if args.notebooks else checkout_notebooks()
    try:
        released = find_notebook(folder, args.notebook)
    except ValueError as bad:
        return usage_error(str(bad))
    outputs = [Path(path) for path in (args.output, args.html) if path and path != "-"]
    if len(outputs) == 2 and _same_file(*outputs):
        return usage_error(f"-o and --html name one file ({args.output}): give each its own")
    for output in outputs:
        clash = next((given for given in args.submissions if _same_file(output, Path(given))), None)
        if clash is not None:
            return usage_error(f"{output} is a submission ({clash}): write the results elsewhere")
    if args.solution:
        solution: Path | None = Path(args.solution)
        if not solution.is_file():
            return usage_error(f"--solution: {solution} is not a file")
    else:
        solution = released.parent / "solutions" / released.name
        solution = solution if solution.is_file() else None
    try:
        release_cells = json.loads(released.read_text(encoding="utf-8"))["cells"]
        release = release_from_cells(release_cells)
        # the worked solution read as a student's submission is (its own lines, the release's left out), so that
        # an answer like it leaves the same code once the release's lines are out
        worked = student_code(read_cells(solution), release, "worked solution") if solution is not None else None
    except (OSError, ValueError, KeyError, TypeError) as bad:
        return usage_error(f"cannot read the released notebook or its solution: {bad}")
    from wordpiece_lib.classroom.teacher.grading.plan import source_text

    given_texts = [source_text(cell) for cell in release_cells if cell.get("cell_type") == "code"]
    given_texts += [worked.text()] if worked is not None else []
    try:
        named = named_submissions(args.submissions, released.stem, args.student_name)
    except ValueError as bad:
        return usage_error(str(bad))
    codes, refused = [], []
    for path, student in named:
        try:
            codes.append(student_code(read_cells(path), release, student, path))
        except NotANotebook as bad:
            refused.append(Refused(student, str(path), str(bad)))
            print(f"not compared: {bad}", file=sys.stderr)
    if solution is None and not args.quiet:
        print(
            f"note: no worked solution found ({released.parent / 'solutions' / released.name}): only the released "
            "notebook's code and what most of the class wrote are left out (--solution FILE names one)",
            file=sys.stderr,
        )
    settings = {
        "threshold": args.threshold,
        "min_lines": args.min_lines,
        "min_match": args.min_match,
        "common": args.common,
    }
    pairs = similar_pairs(codes, given_texts, **settings)
    table = pairs_csv(pairs, refused)
    page = None
    if args.html:
        page = pairs_html(
            pairs,
            released.stem,
            [code.student for code in codes],
            refused,
            solution=str(solution) if solution else "",
            **settings,
        )
    try:
        if args.output == "-":
            sys.stdout.write(table)
        else:
            atomic_write_text(args.output, table)
        if page is not None:
            atomic_write_text(args.html, page)
    except (OSError, ValueError) as bad:
        return usage_error(f"cannot write the results: {bad}")
    if not args.quiet:
        print(
            f"compared {len(codes)} submissions ({len(codes) * (len(codes) - 1) // 2} pairs): {len(pairs)} listed"
            + (f", {len(refused)} not compared" if refused else ""),
            file=sys.stderr,
        )
    return 0
