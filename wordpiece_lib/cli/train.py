"""``train``: learn a WordPiece vocab from text files, bottom-up (or, with ``--model unigram``, a Unigram model).

Its arguments are in ``cli.parser``; this module is imported when it runs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from wordpiece_lib.cli.common import refuse_google_output
from wordpiece_lib.cli.learning import flags_in_errors, start_learning
from wordpiece_lib.cli.parser import UNIGRAM_OPTIONS
from wordpiece_lib.model.vocab import BERT_SPECIAL_TOKENS
from wordpiece_lib.training.bottom_up import train_bottom_up
from wordpiece_lib.training.fast_bottom_up import train_fast
from wordpiece_lib.training.pair_stats import check_word_lengths


def trainer(method: str) -> Callable[..., Any]:
    """The training function for ``--method``."""
    return train_fast if method == "fast" else train_bottom_up


def refuse_unigram_options(args: argparse.Namespace) -> None:
    """``--model wordpiece`` with a Unigram option: an error naming it.

    >>> refuse_unigram_options(argparse.Namespace(shrinking_factor=0.5))
    Traceback (most recent call last):
    ...
    ValueError: --shrinking-factor is an option of --model unigram; WordPiece training has no such setting
    """
    for flag, name, *_ in UNIGRAM_OPTIONS:
        if getattr(args, name, None) is not None:
            raise ValueError(f"{flag} is an option of --model unigram; WordPiece training has no such setting")


def run(args: argparse.Namespace) -> int:
    """Train and write the vocab; returns the exit status."""
    if args.vocab_size < 1:
        raise ValueError(f"--vocab-size must be a positive number, got {args.vocab_size}")
    if args.model == "unigram":
        from wordpiece_lib.cli.unigram import run_unigram  # the Unigram model's own pieces, only for it

        return run_unigram(args)
    if args.model == "bpe":
        from wordpiece_lib.cli.bpe import run_bpe  # the byte-level BPE's own pieces, only for it

        return run_bpe(args)
    refuse_unigram_options(args)
    if args.pretokenizer == "metaspace":
        raise ValueError(
            "--pretokenizer metaspace is for --model unigram: a WordPiece vocab is learned from bert, whitespace or gpt2 words"
        )
    if args.compat == "google":  # said now; from --counts, the compat is known once their settings are read
        refuse_google_output(args.output)
    args.tie_break = args.tie_break or "first"
    args.method = args.method or "fast"
    special_tokens = args.special_tokens if args.special_tokens is not None else ",".join(BERT_SPECIAL_TOKENS)
    start = start_learning(args, special_tokens, "--special-tokens", args.pretokenizer)
    train = trainer(args.method)
    with flags_in_errors("max_word_chars"):
        check_word_lengths(start.counts, args.max_word_chars)  # before any pair is counted, for both methods
    lengths = {"max_word_chars": args.max_word_chars} if args.method == "fast" else {}
    progress = start.report.progress("merge", "training")
    try:
        with flags_in_errors("max_word_chars"):
            trace = train(
                start.counts,
                args.vocab_size,
                **lengths,
                special_tokens=start.special_tokens,
                tie_break=args.tie_break,
                progress=progress if progress.enabled else None,  # no call per merge when nothing is shown
                min_frequency=args.min_frequency,
                limit_alphabet=args.limit_alphabet,
                initial_alphabet=args.initial_alphabet,
            )
    finally:
        progress.close()
    tokens = trace.tokens()
    start.save(tokens, f"{len(tokens):,} tokens", pretokenizer=start.pretokenizer, compat=args.compat)
    if args.compat == "google" and not args.quiet:
        case = " --lowercase" if start.lowercase else ""
        print(
            f"note: {start.output} has no settings file (Hugging Face's settings cannot say compat=google): "
            f"encode with --vocab {start.output} --compat google{case}",
            file=sys.stderr,
        )
    return 0
