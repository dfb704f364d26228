"""The command line: ``python -m wordpiece_lib COMMAND ...``.

Every command reports a problem as one line on stderr (``error: ...``) and
exits with status 2 (1 for an unexpected failure inside the library); it
never prints a traceback (set ``WORDPIECE_TRACEBACK=1`` to see one) and never
leaves a partial output file behind (outputs are written atomically).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from wordpiece_lib.cli import count, encode, fetch, top_down, train

#: Every command, in the order ``--help`` lists them; each module has ``register(subparsers)``.
COMMANDS = (train, encode, top_down, count, fetch)

DESCRIPTION = """\
Train and use WordPiece vocabularies (the subword tokenizer behind BERT).

examples:
  python -m wordpiece_lib train book.txt --vocab-size 8000 -o vocab.txt
  python -m wordpiece_lib encode --vocab vocab.txt book.txt -o tokens.txt
  python -m wordpiece_lib count corpus/*.txt.gz --lowercase --workers 0 -o counts.tsv
  python -m wordpiece_lib train --counts counts.tsv --vocab-size 30000 -o vocab.txt
  python -m wordpiece_lib fetch treasure-island
"""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available command registered."""
    parser = OneLineParser(
        prog="python -m wordpiece_lib",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register(subparsers)
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
        print(f"error: {_first_line(error)}", file=sys.stderr)
        return 2
    except MemoryError:
        print("error: out of memory; try a smaller --vocab-size or a smaller input", file=sys.stderr)
        return 2
    except Exception as error:
        if os.environ.get("WORDPIECE_TRACEBACK"):
            raise
        print(
            f"error: unexpected {type(error).__name__}: {_first_line(error)} (a bug in wordpiece_lib: please report "
            "it; set WORDPIECE_TRACEBACK=1 to see the traceback)",
            file=sys.stderr,
        )
        return 1


def _first_line(error: BaseException) -> str:
    text = str(error)
    return text.splitlines()[0] if text.strip() else type(error).__name__
