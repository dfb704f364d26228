"""``encode``: turn text into WordPiece tokens with a vocab file."""

from __future__ import annotations

import argparse
from typing import Any

from .atomic import atomic_write_text
from .cli import checked_output
from .pretokenize import PRETOKENIZERS
from .textfiles import read_text_file
from .tokenizer import WordPieceTokenizer
from .vocab import Vocab

HELP = """\
Split every line of a UTF-8 text file into WordPiece tokens.

Each input line gives one output line: its tokens joined by spaces. Words are
matched longest-first against the vocab; a word that cannot be covered
becomes [UNK]. Use --lowercase with an uncased vocab (bert-base-uncased).
"""


def register(subparsers: Any) -> None:
    """Add the ``encode`` command."""
    parser = subparsers.add_parser(
        "encode",
        help="tokenize a text file with a vocab",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
