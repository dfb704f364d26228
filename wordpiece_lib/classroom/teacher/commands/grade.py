"""``wordpiece classroom grade SUBMISSION... --notebook NN -o grades.csv``: grade submitted notebooks.

Each submission runs in a fresh kernel with a time limit; its answers are
judged by the grader's own checks in the grader's own process (see
:mod:`wordpiece_lib.classroom.teacher.grading`). One CSV row per student and
exercise: status (done, wrong, not done yet, error), points, feedback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .arguments import add_notebooks_folder, add_student_name, add_submissions, usage_error

HELP = "grade submitted notebooks in fresh kernels, judged outside them (one CSV row per student and exercise)"

EPILOG = """\
examples:
  {prog} submitted/*/01_character_splitting.ipynb --notebook 01 -o grades.csv
  {prog} /home/*/notebooks/03_merge_steps.ipynb --notebook 03 --jobs 2 -o grades.csv
  {prog} ada.ipynb bob.ipynb --notebook 03 --timeout 30 -o - | column -s, -t

Each submission's kernel runs in a sandbox of its own (bubblewrap: no network, no other process,
no file of yours but the Python environment, the package and the data, read-only; new processes
refused; --memory per kernel); --sandbox podman or --sandbox docker --image NAME runs it in a
container of yours instead, showing the same. Where no sandbox can run, grade stops and says what is missing;
--no-sandbox grades anyway and every row says so. The rows say what a submission tried that the
sandbox stopped (column "tried").
A submission that raises, never ends (--timeout, per cell and per check), prints too much,
exits its kernel or is not a notebook gets rows that say so; the others are still graded.
--checks FILE is the teacher's Python file, run in the grader after the notebook's set-up:
it may replace or add checks and set POINTS = {{"exercise_key": points}} (1 point by default).
The student is the file's name, or its folder's when the file keeps the notebook's name
(submitted/ada/01_x.ipynb, /home/ada/notebooks/01_x.ipynb: ada); --student-name PATTERN
for other layouts, with {{student}} where the name is: 'collected/{{student}}-*.ipynb'.
With --roster roster.csv --secret-file FILE (a release made with them), each
submission is judged on its student's own variant, regenerated from the
student's id and the secret: the student is the roster row whose "submission"
column names the file, else the name the rules above give. A file whose
student is not on the roster, and every file of a student who handed in two,
get error rows; the "variant" column holds each row's variant id. What a file says of its
student or variant (first cell, metadata) is never used, only noted in "tried" where it differs.
Without --roster, a released notebook from a release with variants is a usage error, and a
submission that names a variant gets error rows (never judged on the course's public data).
exit status: 0 every submission got its rows, 2 a usage error (grades.csv is then not written).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grade``."""
    parser.epilog = EPILOG.format(prog=parser.prog)
    add_submissions(parser, "the grades table (CSV; - for stdout)")
    parser.add_argument("--checks", metavar="FILE", help="the teacher's file of checks and POINTS (Python)")
    parser.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds each cell and each check call may take (60)"
    )
    add_notebooks_folder(parser)
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="grade N submissions at once (one core each; 1)"
    )
    parser.add_argument(
        "--memory", default="2G", metavar="SIZE", help="memory each submission's kernel may use (2G; 512M, 4G ...)"
    )
    parser.add_argument(
        "--sandbox",
        choices=("bwrap", "podman", "docker"),
        default="bwrap",
        help="what each kernel runs in: bubblewrap (bwrap, the default), or a podman or Docker container",
    )
    parser.add_argument(
        "--image",
        metavar="NAME",
        help="the image of --sandbox docker's containers (any image: the kernel's files are bound from here)",
    )
    parser.add_argument(
        "--no-sandbox",
        action="store_true",
        help="grade without a sandbox (the code runs with your rights; every row says so)",
    )
    add_student_name(parser)
    parser.add_argument(
        "--roster", metavar="CSV", help="the roster the release was made with: each submission judged on its variant"
    )
    parser.add_argument("--secret-file", metavar="FILE", help="the course's secret the release's variants came from")


def run(args: argparse.Namespace) -> int:
    """Grade every submission; 0 when each got its rows, 2 for a usage error."""
    from wordpiece_lib.atomic import atomic_write_text

    if not args.timeout > 0:
        return usage_error("--timeout must be a positive number of seconds")
    if args.jobs < 1:
        return usage_error(f"--jobs must be 1 or more, got {args.jobs}")
    if args.no_sandbox and args.sandbox != "bwrap":
        return usage_error(f"--no-sandbox and --sandbox {args.sandbox}: choose one")
    if args.image is not None and args.sandbox == "bwrap":
        return usage_error("--image names a container image: give it with --sandbox docker or --sandbox podman")
    from wordpiece_lib.classroom.teacher.grading import Limits, checkout_notebooks, find_notebook, parse_size

    try:
        limits = Limits(memory=parse_size(args.memory))
    except ValueError as bad:
        return usage_error(f"--memory: {bad}")
    if limits.memory < 256 * 2**20:
        return usage_error(f"--memory {args.memory}: a kernel needs at least 256M")
    folder = Path(args.notebooks) if args.notebooks else checkout_notebooks()
    try:
        released = find_notebook(folder, args.notebook)
    except ValueError as bad:
        return usage_error(str(bad))
    checks_file = Path(args.checks) if args.checks else None
    if checks_file is not None and not checks_file.is_file():
        return usage_error(f"--checks: {checks_file} is not a file")
    try:
        import ipykernel  # noqa: F401
        import jupyter_client  # noqa: F401
    except ModuleNotFoundError as missing:
        return usage_error(
            f"grading runs each submission in a kernel, and {missing.name} is not installed: "
            "pip install 'wordpiece-lib[notebooks]'"
        )
    from wordpiece_lib.classroom.teacher.grading import (
        SandboxUnavailable,
        find_container,
        find_sandbox,
        grade_all,
        named_submissions,
        notebook_modules,
        write_table,
    )

    roster, secret_file = getattr(args, "roster", None), getattr(args, "secret_file", None)
    if (roster is None) != (secret_file is None):
        given, missing = ("--roster", "--secret-file") if roster is not None else ("--secret-file", "--roster")
        return usage_error(f"{given} needs {missing} too: the variants come from the roster's ids and the secret")
    variants = None
    try:
        if roster is not None:
            from wordpiece_lib.classroom.teacher.grading import roster_submissions
            from wordpiece_lib.classroom.teacher.roster import read_roster, read_secret

            found = roster_submissions(
                args.submissions, released.stem, read_roster(roster), read_secret(secret_file), args.student_name
            )
            named = [(path, student) for path, student, _, _ in found]
            variants = [(variant, reason) for _, _, variant, reason in found]
        else:
            named = named_submissions(args.submissions, released.stem, args.student_name)
            variants = _without_roster(released, [path for path, _ in named])
    except ValueError as bad:
        return usage_error(str(bad))
    sandbox = None
    if not args.no_sandbox:
        try:
            if args.sandbox == "bwrap":
                sandbox = find_sandbox(limits, notebook_modules(released))
            else:
                sandbox = find_container(args.sandbox, limits, notebook_modules(released), args.image)
        except SandboxUnavailable as missing:
            return usage_error(str(missing))
    try:
        rows = grade_all(
            released,
            named,
            checks_file=checks_file,
            seconds=args.timeout,
            sandbox=sandbox,
            jobs=args.jobs,
            variants=variants,
        )
    except (ValueError, OSError, SyntaxError) as bad:
        return usage_error(str(bad))
    text = write_table(rows)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        try:
            atomic_write_text(args.output, text)
        except (OSError, ValueError) as bad:
            return usage_error(f"-o {args.output}: {bad}")
    print(f"graded {len(named)} submissions, {len(rows)} rows", file=sys.stderr)
    return 0


def _without_roster(released: Path, submissions: list[Path]) -> list[tuple[None, str]] | None:
    """Grading without ``--roster``: a ``ValueError`` when the released notebook comes from a release with variants;
    for the submissions, None when none names a variant, else why each one that does is not graded.

    Without ``--roster`` every submission is judged on the course's own data, whose answers are in the public
    repository, so a copy of a release with variants is never graded so. The released notebook is the teacher's
    (it stops the run); a submission is the student's: naming a variant gives its own rows an error, never
    stopping the others' grading.
    """
    from wordpiece_lib.classroom.teacher.grading.claims import read_notebook, variant_named

    variant = variant_named(read_notebook(released))
    if variant is not None:
        raise ValueError(
            f"{released}: the released notebook comes from a release with variants (it names the variant {variant}): "
            "grade with --roster and --secret-file, so that each submission is judged on its student's own variant, "
            "not on the course's data"
        )
    reasons = [
        ""
        if variant_named(read_notebook(path)) is None
        else "it comes from a release with variants (it names a variant): grade with --roster and --secret-file, "
        "so that it is judged on its student's own variant, not on the course's data"
        for path in submissions
    ]
    return [(None, reason) for reason in reasons] if any(reasons) else None
