"""What the commands share: output checks, token lists and writing a vocab."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wordpiece_lib.tokenizer import WordPieceTokenizer
from wordpiece_lib.tokenizer_json import is_folder_name
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
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="vocab.txt (with its settings beside it in vocab.settings.json), NAME.json (Hugging Face's "
        "tokenizer.json) or FOLDER/ (tokenizer.json, tokenizer_config.json, special_tokens_map.json and "
        "vocab.txt: transformers.AutoTokenizer.from_pretrained loads it)",
    )
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


def checked_output(name: str, inputs: Sequence[str | None], *, folder_ok: bool = False) -> Path:
    """The output path, after checking it can be written without harm.

    With ``folder_ok``, an existing folder, a name ending with ``/`` or a
    name without a suffix is a folder to save a tokenizer into.

    >>> checked_output("vocab.txt", ["book.txt"])
    PosixPath('vocab.txt')
    >>> checked_output("my-tokenizer/", ["book.txt"], folder_ok=True)
    PosixPath('my-tokenizer')
    """
    output = Path(name)
    if folder_ok and is_folder_name(name):
        if not output.is_dir() and not output.parent.is_dir():
            raise FileNotFoundError(f"cannot create the folder {output}: {output.parent} does not exist")
        return output
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


def with_flag_names(error: Exception, names: Sequence[str]) -> Exception:
    """The same error, naming ``--max-token-length`` where it said ``max_token_length`` (for each of ``names``).

    >>> with_flag_names(ValueError("min_frequency must be at least 0"), ["min_frequency"])
    ValueError('--min-frequency must be at least 0')
    """
    message = str(error)
    for name in names:
        message = re.sub(rf"\b{name}\b", "--" + name.replace("_", "-"), message)
    return type(error)(message)


def add_trainer_options(parser: argparse.ArgumentParser, *, limit_alphabet: bool = True) -> None:
    """Hugging Face's trainer options, with its meanings (``trainer_options.py``).

    ``limit_alphabet=False`` leaves ``--limit-alphabet`` to the command (top-down has it as another name
    of ``--max-unique-chars``, which means the same).
    """
    options = parser.add_argument_group("Hugging Face's trainer options")
    options.add_argument(
        "--min-frequency",
        type=int,
        default=0,
        metavar="N",
        help="never learn a token seen fewer than N times (a pair bottom-up, a substring top-down; default: 0)",
    )
    if limit_alphabet:
        options.add_argument(
            "--limit-alphabet",
            type=int,
            default=None,
            metavar="N",
            help="keep the N most frequent characters; words with any other are left out (default: all)",
        )
    options.add_argument(
        "--initial-alphabet",
        default="",
        metavar="CHARS",
        help="characters put in the vocab even if the corpus lacks them (every character of CHARS)",
    )


#: The trainer options' parameter names, as ``with_flag_names`` turns them into flags.
TRAINER_OPTION_NAMES = ("min_frequency", "limit_alphabet", "initial_alphabet")


def save_tokens(
    tokens: Sequence[str],
    special_tokens: Sequence[str],
    output: Path,
    *,
    lowercase: bool = False,
    pretokenizer: str = "bert",
    prefix: str = "##",
) -> Path:
    """Save a learned vocab with the settings it was learned with; the format follows ``output``'s name.

    ``NAME.json``: Hugging Face's ``tokenizer.json``; a folder: the layout
    ``transformers.AutoTokenizer.from_pretrained`` loads; anything else:
    ``vocab.txt`` and, beside it, ``NAME.settings.json`` (so ``encode`` knows
    whether the vocab is lowercased, its pre-tokenizer, prefix and special
    tokens). The unknown token is ``[UNK]`` when the vocab has it, else its
    first token.
    """
    unk = UNK_TOKEN if UNK_TOKEN in tokens else tokens[0]
    vocab = Vocab(tokens, unk_token=unk, special_tokens=list(dict.fromkeys(special_tokens)))
    tokenizer = WordPieceTokenizer(vocab, lowercase=lowercase, pretokenizer=pretokenizer, prefix=prefix)
    return tokenizer.save(output)
