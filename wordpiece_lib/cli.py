"""The command line: ``python -m wordpiece_lib COMMAND ...``.

Every command reports a problem as one line on stderr (``error: ...``) and
exits with status 2 (1 for an unexpected failure inside the library); it
never prints a traceback (set ``WORDPIECE_TRACEBACK=1`` to see one) and never
leaves a partial output file behind (outputs are written atomically).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

# Each command lives in its own module with ``register(subparsers)``; a module
# that is not installed yet (a feature still being built) is skipped.
COMMAND_MODULES = ("cli_train", "cli_encode", "cli_top_down")

DESCRIPTION = """\
Train and use WordPiece vocabularies (the subword tokenizer behind BERT).

examples:
  python -m wordpiece_lib train book.txt --vocab-size 8000 -o vocab.txt
  python -m wordpiece_lib encode --vocab vocab.txt book.txt -o tokens.txt
"""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def refuse_overwriting_inputs(output: Path, inputs: Sequence[str | None]) -> None:
    """Stop before the output file would replace one of the input files.

    >>> refuse_overwriting_inputs(Path("vocab.txt"), ["book.txt"])
    >>> refuse_overwriting_inputs(Path("book.txt"), ["./book.txt"])
    Traceback (most recent call last):
    ...
    ValueError: output book.txt is also an input file; write the result to another file
    """
    target = output.resolve()
    for name in inputs:
        if name is not None and Path(name).resolve() == target:
            raise ValueError(f"output {output} is also an input file; write the result to another file")


def checked_output(name: str, inputs: Sequence[str | None]) -> Path:
    """The output path, after checking it can be written without harm.

    >>> checked_output("vocab.txt", ["book.txt"])
    PosixPath('vocab.txt')
    """
    output = Path(name)
    if output.is_dir():
        raise IsADirectoryError(f"output {output} is a folder; give a file name such as {output / 'vocab.txt'}")
    refuse_overwriting_inputs(output, inputs)
    if not output.parent.exists():
        raise FileNotFoundError(f"output folder {output.parent} does not exist")
    return output


def parse_token_list(text: str, flag: str) -> list[str]:
    """Split a comma-separated token list given to ``flag``; an empty item is an error.

    >>> parse_token_list("[PAD],[UNK]", "--special-tokens"), parse_token_list("", "--special-tokens")
    (['[PAD]', '[UNK]'], [])
    """
    if text == "":
        return []
    tokens = [token.strip() for token in text.split(",")]
    if any(not token for token in tokens):
        raise ValueError(f"{flag} has an empty item: {text!r}")
    return tokens


def save_tokens(tokens: Sequence[str], special_tokens: Sequence[str], output: Path) -> None:
    """Write ``tokens`` as ``vocab.txt``, atomically.

    The file holds only the tokens; ``Vocab`` wants an unknown token to check
    them, so ``[UNK]`` is used when present, else the first token.
    """
    from .vocab import UNK_TOKEN, Vocab

    unk = UNK_TOKEN if UNK_TOKEN in tokens else tokens[0]
    Vocab(tokens, unk_token=unk, special_tokens=list(dict.fromkeys(special_tokens))).save(output)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available command registered."""
    parser = OneLineParser(
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
