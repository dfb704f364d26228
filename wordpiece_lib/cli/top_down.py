"""``top-down``: learn a WordPiece vocab top-down, as TensorFlow Text does."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from wordpiece_lib import top_down
from wordpiece_lib.cli.common import (
    Report,
    add_vocab_output,
    check_stdin_once,
    checked_output,
    new_command,
    parse_token_list,
    read_input_text,
    require_unknown_token,
    save_tokens,
)
from wordpiece_lib.corpus import WordCounts
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
--lowercase, then the BERT pre-tokenizer) or from --word-counts, a file with
one "word<TAB>count" per line (used as they are; repeated words add up).
The vocab file lists the reserved tokens, the characters, then the learned
tokens, most frequent first. The result is the same as TensorFlow Text's
learn() with the same settings.

examples:
  python -m wordpiece_lib top-down book.txt --vocab-size 8000 -o vocab.txt
  python -m wordpiece_lib top-down --word-counts counts.tsv --vocab-size 30000 --lower-thresh 5 -o vocab.txt
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
        "--word-counts",
        metavar="COUNTS_TSV",
        help='learn from "word<TAB>count" lines instead of text (- for standard input)',
    )
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
            flag, type=kind, default=default, metavar=metavar, help=f"{meaning} (default: %(default)s)"
        )
    numbers.add_argument(
        "--no-joiner-token",
        dest="include_joiner_token",
        action="store_false",
        help="do not mark pieces inside a word with the joiner",
    )
    numbers.add_argument(
        "--joiner", default=top_down.JOINER, help="mark of a piece inside a word (default: %(default)s)"
    )
    parser.set_defaults(run=run)


def read_counts_tsv(path: str | Path) -> WordCounts:
    """Read ``word<TAB>count`` lines (blank lines are skipped; repeated words add up).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "counts.tsv"
    >>> _ = path.write_text("hug\\t10\\npug\\t5\\nhug\\t2\\n")
    >>> read_counts_tsv(path)
    WordCounts({'hug': 12, 'pug': 5})
    """
    text = read_input_text(str(path), what="word counts file").lstrip("\ufeff")
    pairs = []
    # Only "\n" ends a line (str.splitlines would also cut at form feeds and U+2028 inside words).
    for number, line in enumerate((raw.removesuffix("\r") for raw in text.split("\n")), start=1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 2 or not fields[0]:
            raise ValueError(f"{path}, line {number}: expected 'word<TAB>count', got {line!r}")
        word, count = fields
        if word != word.strip():
            raise ValueError(
                f"{path}, line {number}: the word {word!r} has spaces around it; vocab.txt cannot hold that"
            )
        if not re.fullmatch(r"\s*\d+\s*", count) or int(count) == 0:
            raise ValueError(
                f"{path}, line {number}: the count of {word!r} must be a positive whole number, got {count!r}"
            )
        pairs.append((word, int(count)))
    if not pairs:
        raise ValueError(f"{path} holds no 'word<TAB>count' lines: there is nothing to learn from")
    return WordCounts.from_pairs(pairs)


def read_inputs(args: argparse.Namespace) -> WordCounts:
    """The word counts from the INPUT files or from ``--word-counts`` (exactly one of them)."""
    if args.word_counts and args.inputs:
        raise ValueError("give INPUT text files or --word-counts, not both")
    if args.word_counts:
        if args.lowercase:
            raise ValueError("--lowercase applies to INPUT text files; --word-counts words are used as they are")
        return read_counts_tsv(args.word_counts)
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files or --word-counts COUNTS_TSV")
    texts = [read_input_text(path) for path in args.inputs]
    counts = WordCounts.from_texts(texts, lowercase=args.lowercase)
    if not counts:
        raise ValueError(f"no words found in {', '.join(args.inputs)}: the corpus is empty")
    return counts


def with_flag_names(error: Exception) -> Exception:
    """The same error, naming ``--max-token-length`` where it said ``max_token_length``."""
    message = str(error)
    for name in FLAG_NAMES:
        message = re.sub(rf"\b{name}\b", "--" + name.replace("_", "-"), message)
    return type(error)(message)


def run(args: argparse.Namespace) -> int:
    """Learn the vocab and write it; returns the exit status."""
    reserved = parse_token_list(args.reserved_tokens, "--reserved-tokens")
    require_unknown_token(reserved, "--reserved-tokens")
    check_stdin_once([*args.inputs, args.word_counts])
    output = checked_output(args.output, [*args.inputs, args.word_counts], folder_ok=True)
    report = Report(quiet=args.quiet)
    counts = read_inputs(args)
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
        )
    except (ValueError, TypeError) as error:
        raise with_flag_names(error) from None
    tokens = result.tokens
    size = save_tokens(tokens, reserved, output, lowercase=args.lowercase, prefix=args.joiner)
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
