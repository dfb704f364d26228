"""``top-down``: learn a WordPiece vocab top-down, as TensorFlow Text does."""

from __future__ import annotations

import argparse
from typing import Any

from wordpiece_lib.cli.common import (
    add_trainer_options,
    add_vocab_output,
    new_command,
)
from wordpiece_lib.cli.learning import add_corpus_inputs, flags_in_errors, start_learning
from wordpiece_lib.model.vocab import BERT_SPECIAL_TOKENS
from wordpiece_lib.training import top_down
from wordpiece_lib.training.top_down_search import train_top_down

HELP = """\
Learn a WordPiece vocabulary top-down, with TensorFlow Text's algorithm.

Every substring of every word is counted; the substrings counted at least T
times are kept (longest first, each one's count taken off its shorter
prefixes), every character is added back, and this is repeated a few times on
the pieces the words split into. T is found by a binary search, so the vocab
ends up at most --vocab-size tokens and at most --slack-ratio below it (or,
when no threshold gets there, as close as the search could come).

Words come either from UTF-8 text files (BERT normalizer, cased unless
--lowercase, then the BERT pre-tokenizer; read as a stream: plain, .gz, .bz2
or .xz, glob patterns allowed) or from --counts, a file with one
"word<TAB>count" per line such as the `count` command writes (used as they
are; repeated words add up).
The vocab file lists the reserved tokens, the characters, then the learned
tokens, most frequent first. The result is the same as TensorFlow Text's
learn() with the same settings.

examples:
  python -m wordpiece_lib top-down book.txt --vocab-size 8000 -o vocab.txt
  python -m wordpiece_lib top-down --counts counts.tsv --vocab-size 30000 --lower-thresh 5 -o vocab.txt
"""

# Parameter names in error messages become the flags a student typed.
FLAG_NAMES = (
    "vocab_size",
    "upper_thresh",
    "lower_thresh",
    "num_iterations",
    "max_input_tokens",
    "max_token_length",
    "max_unique_chars",
    "slack_ratio",
    "reserved_tokens",
    "joiner",
)


#: Hugging Face's name for the same setting: its limit_alphabet keeps the most frequent characters too.
FLAG_ALIASES = {"--max-unique-chars": ("--limit-alphabet",)}

#: The learner's numeric settings as flags: (flag, type, TensorFlow Text's default, metavar, meaning).
SEARCH_FLAGS = (
    ("--upper-thresh", int, top_down.UPPER_THRESH, "T", "highest threshold tried"),
    ("--lower-thresh", int, top_down.LOWER_THRESH, "T", "lowest threshold tried"),
    ("--num-iterations", int, top_down.NUM_ITERATIONS, "K", "rounds per threshold"),
    (
        "--max-input-tokens",
        int,
        top_down.MAX_INPUT_TOKENS,
        "N",
        "learn from the N most frequent words only; -1 for all",
    ),
    ("--max-token-length", int, top_down.MAX_TOKEN_LENGTH, "N", "leave out words longer than N characters"),
    (
        "--max-unique-chars",
        int,
        top_down.MAX_UNIQUE_CHARS,
        "N",
        "keep the N most frequent characters; words with others are left out",
    ),
    ("--slack-ratio", float, top_down.SLACK_RATIO, "R", "accept a vocab up to R * vocab-size below the target"),
)


def register(subparsers: Any) -> None:
    """Add the ``top-down`` command."""
    parser = new_command(subparsers, "top-down", "learn a vocab top-down (TensorFlow Text's algorithm)", HELP)
    add_corpus_inputs(parser, "--word-counts")
    parser.add_argument(
        "--vocab-size", type=int, required=True, metavar="N", help="largest vocab wanted, reserved tokens included"
    )
    add_vocab_output(parser)
    parser.add_argument(
        "--reserved-tokens",
        default=",".join(BERT_SPECIAL_TOKENS),
        metavar="LIST",
        help="comma-separated tokens put first, [UNK] among them; words equal to one are left out (default: %(default)s)",
    )
    numbers = parser.add_argument_group("search and filtering (TensorFlow Text's defaults)")
    for flag, kind, default, metavar, meaning in SEARCH_FLAGS:
        numbers.add_argument(
            flag, *FLAG_ALIASES.get(flag, ()), type=kind, default=default, metavar=metavar,
            help=f"{meaning} (default: %(default)s)",
        )  # fmt: skip
    numbers.add_argument(
        "--no-joiner-token",
        dest="include_joiner_token",
        action="store_false",
        help="do not mark pieces inside a word with the joiner",
    )
    numbers.add_argument(
        "--joiner", default=top_down.JOINER, help="mark of a piece inside a word (default: %(default)s)"
    )
    add_trainer_options(parser, limit_alphabet=False)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Learn the vocab and write it; returns the exit status."""
    if not args.joiner or args.joiner != args.joiner.strip():
        # Said before any work, in the flag's name (the tokenizer would say "prefix" after the training).
        raise ValueError(
            f"--joiner must be a mark without spaces, such as {top_down.JOINER}, got {args.joiner!r}: it marks "
            "the pieces inside a word"
        )
    start = start_learning(args, args.reserved_tokens, "--reserved-tokens", "bert")
    with flags_in_errors(*FLAG_NAMES):
        result = train_top_down(
            start.counts,
            args.vocab_size,
            start.special_tokens,
            upper_thresh=args.upper_thresh,
            lower_thresh=args.lower_thresh,
            num_iterations=args.num_iterations,
            max_input_tokens=args.max_input_tokens,
            max_token_length=args.max_token_length,
            max_unique_chars=args.max_unique_chars,
            slack_ratio=args.slack_ratio,
            include_joiner_token=args.include_joiner_token,
            joiner=args.joiner,
            min_frequency=args.min_frequency,
            initial_alphabet=args.initial_alphabet,
        )
    tokens = result.tokens
    start.save(
        tokens,
        f"{len(tokens):,} tokens (threshold {result.threshold:,}, {len(result.steps)} thresholds tried: "
        f"{result.stop_reason})",
        prefix=args.joiner,
    )
    if len(tokens) > args.vocab_size:
        start.report.note(
            f"that is more than --vocab-size {args.vocab_size:,}; the search stopped before a threshold gave "
            "fewer (TensorFlow Text returns the same vocab)"
        )
    elif result.stop_reason != "within slack":
        start.report.note(
            f"that is fewer than asked; the search ran out of thresholds to try ({result.stop_reason}); "
            "a lower --lower-thresh allows more tokens"
        )
    return 0
