"""``encode``: turn text into WordPiece tokens with a vocab file."""

from __future__ import annotations

import argparse
from typing import Any

from wordpiece_lib.atomic import atomic_write_text
from wordpiece_lib.cli.common import checked_output, new_command
from wordpiece_lib.pretokenize import PRETOKENIZERS
from wordpiece_lib.textfiles import read_text_file
from wordpiece_lib.tokenizer import WordPieceTokenizer
from wordpiece_lib.vocab import Vocab

HELP = """\
Split every line of a UTF-8 text file into WordPiece tokens.

Each input line gives one output line: its tokens joined by spaces. Words are
matched longest-first against the vocab; a word that cannot be covered
becomes [UNK]. Use --lowercase with an uncased vocab (bert-base-uncased).
"""


def register(subparsers: Any) -> None:
    """Add the ``encode`` command."""
    parser = new_command(subparsers, "encode", "tokenize a text file with a vocab", HELP)
    parser.add_argument("input", metavar="INPUT", help="UTF-8 text file to tokenize")
    parser.add_argument("--vocab", required=True, metavar="VOCAB_TXT", help="vocab.txt to use (one token per line)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="where to write the tokens")
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")
    parser.add_argument(
        "--pretokenizer",
        choices=sorted(PRETOKENIZERS),
        default="bert",
        help="how to cut text into words (default: bert)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Encode line by line and write the result atomically."""
    output = checked_output(args.output, [args.input, args.vocab])
    vocab = Vocab.load(args.vocab)
    tokenizer = WordPieceTokenizer(vocab, lowercase=args.lowercase, pretokenizer=args.pretokenizer)
    text = read_text_file(args.input, name="input file")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    encoded = "".join(" ".join(tokenizer.tokenize(line)) + "\n" for line in lines)
    atomic_write_text(output, encoded)
    return 0
