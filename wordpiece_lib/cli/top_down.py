"""``top-down``: learn a WordPiece vocab top-down, as TensorFlow Text does.

Its arguments are in ``cli.parser``; this module is imported when it runs.
"""

from __future__ import annotations

import argparse

from wordpiece_lib.cli.learning import flags_in_errors, start_learning
from wordpiece_lib.training import top_down
from wordpiece_lib.training.top_down_search import train_top_down

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
