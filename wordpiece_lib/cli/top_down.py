"""``top-down``: learn a WordPiece vocab top-down, as TensorFlow Text does."""

from __future__ import annotations

import argparse
from typing import Any

from wordpiece_lib import top_down
from wordpiece_lib.cli.common import (
    TRAINER_OPTION_NAMES,
    Report,
    add_trainer_options,
    add_vocab_output,
    check_stdin_once,
    checked_output,
    new_command,
    parse_token_list,
    require_unknown_token,
    save_tokens,
    with_flag_names,
)
from wordpiece_lib.cli.count import add_workers_option, counts_and_settings
from wordpiece_lib.top_down_search import train_top_down
from wordpiece_lib.vocab import BERT_SPECIAL_TOKENS

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
    parser.add_argument(
        "inputs", nargs="*", metavar="INPUT", help="UTF-8 text file(s) to learn from (- for standard input)"
    )
    parser.add_argument(
        "--counts",
        "--word-counts",
        dest="counts",
        metavar="COUNTS_TSV",
        help='learn from "word<TAB>count" lines (from `count`) instead of text (- for standard input)',
    )
    add_workers_option(parser)
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
    reserved = parse_token_list(args.reserved_tokens, "--reserved-tokens")
    require_unknown_token(reserved, "--reserved-tokens")
    check_stdin_once([*args.inputs, args.counts])
    output = checked_output(args.output, [*args.inputs, args.counts], folder_ok=True)
    report = Report(quiet=args.quiet)
    counts, lowercase, _ = counts_and_settings(args, "bert", report)
    try:
        result = train_top_down(
            counts,
            args.vocab_size,
            reserved,
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
    except (ValueError, TypeError) as error:
        raise with_flag_names(error, (*FLAG_NAMES, *TRAINER_OPTION_NAMES)) from None
    tokens = result.tokens
    size = save_tokens(tokens, reserved, output, lowercase=lowercase, prefix=args.joiner)
    report.done(
        output,
        f"{len(tokens):,} tokens (threshold {result.threshold:,}, {len(result.steps)} thresholds tried: "
        f"{result.stop_reason})",
        size,
    )
    if len(tokens) > args.vocab_size:
        report.note(
            f"that is more than --vocab-size {args.vocab_size:,}; the search stopped before a threshold gave "
            "fewer (TensorFlow Text returns the same vocab)"
        )
    elif result.stop_reason != "within slack":
        report.note(
            f"that is fewer than asked; the search ran out of thresholds to try ({result.stop_reason}); "
            "a lower --lower-thresh allows more tokens"
        )
    return 0
