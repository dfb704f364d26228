"""``wordpiece classroom ...``: the teacher's commands (release, progress, grade, similarity, export).

Each command is one module of this package, ``commands/<name>.py``, with
``HELP`` (its description, whose first line is the summary in :data:`COMMANDS`),
``add_arguments(parser)`` and ``run(args) -> int``. Only the module of the
command named on the line is imported (``wordpiece classroom --help`` lists the
summaries and imports none; ``wordpiece train`` never loads the classroom), and
a name whose module is missing is left out, so each command can arrive on its own. The command line
(:mod:`wordpiece_lib.cli`) reaches this package through one edge, loaded when
``classroom`` is the command: :func:`main`.

Errors are the command line's: one line on stderr and exit status 2 for a
usage error or bad input (a command needing a package that is not installed
says which ``pip install`` gives it).

>>> main(["--help"], prog="wordpiece classroom")  # doctest: +ELLIPSIS
usage: wordpiece classroom [-h] COMMAND ...
...
0
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

#: Every classroom command, in the order ``--help`` lists them (one module each in this package), with its
#: summary: the first line of the module's ``HELP`` (a test holds them together).
COMMANDS = {
    "release": "Write a student release: the student notebooks, the data, the library as a wheel, and how to install",
    "progress": "Merge a class's progress files into one table (CSV) and, with --plot, a figure",
    "grade": "grade submitted notebooks in fresh kernels, judged outside them (one CSV row per student and exercise)",
    "similarity": "find pairs of submissions with alike answers (a CSV of the pairs, an HTML page of their shared lines)",
    "export": "write the notebooks in nbgrader's or otter-grader's source format (solution, grade and test cells)",
}

#: The one line ``wordpiece --help`` shows for ``classroom``.
SUMMARY = "a teacher's tools: a student release, the class's progress, grading, alike answers, export to graders"

DESCRIPTION = """\
A teacher's tools for the workshop's notebooks.

examples:
  {prog} release class-release/ --mode graded
  {prog} progress /home/*/wordpiece -o class.csv --plot class.png
"""

#: Package to install when a module a command needs is missing (module -> the pip argument).
EXTRA_FOR_MODULE = {
    "matplotlib": "wordpiece-lib[kernel]",
    "nbformat": "wordpiece-lib[notebooks]",
    "nbclient": "wordpiece-lib[notebooks]",
    "setuptools": "setuptools>=77",
    "nbgrader": "wordpiece-lib[grading]",
    "otter": "wordpiece-lib[grading]",
    "copydetect": "wordpiece-lib[grading]",
}


class ClassroomParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line with exit status 2, like every other command's."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def available() -> list[str]:
    """The commands whose module is in this copy of the package, in :data:`COMMANDS` order.

    >>> set(available()) >= {"release", "progress"}
    True
    """
    return [name for name in COMMANDS if importlib.util.find_spec(f"{__name__}.{name}") is not None]


def load(name: str) -> ModuleType:
    """The module of the command ``name``."""
    return importlib.import_module(f"{__name__}.{name}")


def summary(module: ModuleType) -> str:
    """A command module's one-line summary: the first line of its ``HELP``.

    >>> summary(load("grade")) == COMMANDS["grade"]
    True
    """
    return str(module.HELP).strip().splitlines()[0].rstrip(".")


def build_parser(prog: str = "wordpiece classroom", chosen: str | None = None) -> argparse.ArgumentParser:
    """The ``classroom`` parser: every available command listed, the arguments of ``chosen`` (all when None) built.

    Only the modules of the built commands are imported, so ``--help`` and a mistyped command answer at once.

    >>> parser = build_parser(chosen="progress")
    >>> parser.parse_args(["progress", "class/", "-o", "class.csv"]).output
    'class.csv'
    """
    parser = ClassroomParser(
        prog=prog, description=DESCRIPTION.format(prog=prog), formatter_class=argparse.RawDescriptionHelpFormatter
    )
    subparsers = parser.add_subparsers(title="commands", dest="classroom_command", metavar="COMMAND")
    for name in available():
        if chosen is not None and name != chosen:
            subparsers.add_parser(name, help=COMMANDS[name])
            continue
        module = load(name)
        command = subparsers.add_parser(
            name,
            help=summary(module),
            description=module.HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.add_argument("--quiet", action="store_true", help="print nothing on success")
        module.add_arguments(command)
        command.set_defaults(classroom_run=module.run)
    return parser


def main(argv: Sequence[str], prog: str = "wordpiece classroom") -> int:
    """Parse ``argv`` (what follows ``classroom``) and run the command; its exit status.

    >>> main(["no-such-command"], prog="wordpiece classroom")
    2
    """
    named = next((word for word in argv if not word.startswith("-")), None)
    parser = build_parser(prog, chosen=named if named in COMMANDS else "")
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as stop:
        return int(stop.code or 0)
    run = getattr(args, "classroom_run", None)
    if run is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(run(args) or 0)
    except ModuleNotFoundError as missing:
        top = (missing.name or "").split(".")[0]
        wanted = EXTRA_FOR_MODULE.get(top, top)
        print(
            f'error: `{prog} {args.classroom_command}` needs {top}, which is not installed: pip install "{wanted}"',
            file=sys.stderr,
        )
        return 2
    except (ValueError, TypeError, OSError) as error:  # bad input: one line, as every command says it
        text = str(error).strip()
        print(f"error: {text.splitlines()[0] if text else type(error).__name__}", file=sys.stderr)
        return 2


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``classroom`` to the command line: everything after it goes to :func:`main`, loaded when it runs."""
    # No option of its own (prefix_chars no argument starts with): --help and the rest all go to main().
    parser = subparsers.add_parser("classroom", help=SUMMARY, add_help=False, prefix_chars="\0")
    parser.add_argument("classroom_args", nargs=argparse.REMAINDER)

    def run(args: argparse.Namespace) -> int:
        return main(args.classroom_args, prog=f"{parser.prog}")

    parser.set_defaults(run=run)


__all__ = ["COMMANDS", "available", "build_parser", "main", "register", "summary"]
