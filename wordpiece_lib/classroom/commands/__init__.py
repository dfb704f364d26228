"""``wordpiece classroom COMMAND``: the teacher's commands, one module each.

Each module ``commands/<name>.py`` has ``HELP`` (one line for the list of
commands), ``add_arguments(parser)`` and ``run(args) -> int``. A command's
module is imported only when that command runs (``--help`` reads the
summaries of all), and a name whose module is missing is left out, so a
command can come and go without touching this file.

>>> build_parser("wordpiece classroom").prog
'wordpiece classroom'
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

#: The classroom commands, in the order ``--help`` lists them.
COMMANDS = ("release", "progress", "grade", "export")


class _OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line and exit status 2, like the other commands."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def available() -> list[str]:
    """The commands whose module is present.

    >>> "grade" in available() or "release" in available()
    True
    """
    return [name for name in COMMANDS if importlib.util.find_spec(f"{__name__}.{name}") is not None]


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def build_parser(prog: str, only: str | None = None) -> argparse.ArgumentParser:
    """The ``classroom`` parser; ``only`` builds the arguments of one command (the others are listed)."""
    parser = _OneLineParser(
        prog=prog,
        description="The teacher's kit: hand out, collect and grade the workshop's notebooks.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(title="commands", dest="classroom_command", metavar="COMMAND")
    for name in available():
        module = _module(name) if only in (None, name) else None
        summary = getattr(module, "HELP", None) if module is not None else _summary(name)
        sub = commands.add_parser(
            name,
            help=summary,
            description=summary,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.__class__ = _OneLineParser
        if module is not None and only == name:
            module.add_arguments(sub)
            sub.set_defaults(classroom_run=module.run)
    return parser


def _summary(name: str) -> str:
    return str(getattr(_module(name), "HELP", name))


def main(argv: Sequence[str], prog: str = "wordpiece classroom") -> int:
    """Run one classroom command; return its exit status (2 for a usage error)."""
    argv = list(argv)
    chosen = next((word for word in argv if not word.startswith("-")), None)
    only = chosen if chosen in available() else None
    parser = build_parser(prog, only)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    run = getattr(args, "classroom_run", None)
    if run is None:
        parser.print_help(sys.stderr)
        return 2
    return int(run(args) or 0)


__all__ = ["COMMANDS", "available", "build_parser", "main"]
