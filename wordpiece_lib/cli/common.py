"""What the commands share: output checks, token lists and writing a vocab."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wordpiece_lib.vocab import UNK_TOKEN, Vocab


def new_command(subparsers: Any, name: str, summary: str, description: str) -> argparse.ArgumentParser:
    """Add the command ``name`` (one line of ``summary`` in the list, ``description`` in its own help).

    >>> commands = argparse.ArgumentParser().add_subparsers()
    >>> new_command(commands, "hug", "say hello", "Say hello.\\n").prog.split()[-1]
    'hug'
    """
    return subparsers.add_parser(
        name, help=summary, description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )


def add_vocab_output(parser: argparse.ArgumentParser) -> None:
    """The ``-o/--output`` and ``--lowercase`` options that every training command has."""
    parser.add_argument("-o", "--output", required=True, metavar="VOCAB_TXT", help="where to write vocab.txt")
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")


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

    unk = UNK_TOKEN if UNK_TOKEN in tokens else tokens[0]
    Vocab(tokens, unk_token=unk, special_tokens=list(dict.fromkeys(special_tokens))).save(output)
