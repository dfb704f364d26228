"""The command line: ``python -m wordpiece_lib COMMAND ...``.

Every command reports a problem as one line on stderr (``error: ...``) and
exits with status 2; it never prints a traceback and never leaves a partial
output file behind (outputs are written atomically).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Each command lives in its own module with ``register(subparsers)``; a module
# that is not installed yet (a feature still being built) is skipped.
COMMAND_MODULES = ("cli_train", "cli_encode", "cli_top_down")

DESCRIPTION = """\
Train and use WordPiece vocabularies (the subword tokenizer behind BERT).

examples:
  python -m wordpiece_lib train book.txt --vocab-size 8000 -o vocab.txt
  python -m wordpiece_lib encode --vocab vocab.txt book.txt -o tokens.txt
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available command registered."""
    parser = argparse.ArgumentParser(
        prog="python -m wordpiece_lib",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"wordpiece_lib.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"wordpiece_lib.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status.

    >>> main(["--help"])  # doctest: +ELLIPSIS
    usage: python -m wordpiece_lib [-h] COMMAND ...
    ...
    0
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print("error: interrupted; no output was written", file=sys.stderr)
        return 130
    except (ValueError, TypeError, OSError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"error: {message}", file=sys.stderr)
        return 2
