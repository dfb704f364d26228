"""``train``: learn a WordPiece vocab from text files, bottom-up (or, with ``--model unigram``, a Unigram model)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from wordpiece_lib.cli.common import (
    add_compat_option,
    add_pretokenizer_option,
    add_trainer_options,
    add_vocab_output,
    new_command,
    positive_int,
)
from wordpiece_lib.cli.learning import add_corpus_inputs, flags_in_errors, start_learning
from wordpiece_lib.cli.unigram import UNIGRAM_SPECIAL_TOKENS, add_unigram_options, refuse_unigram_options, run_unigram
from wordpiece_lib.model.vocab import BERT_SPECIAL_TOKENS
from wordpiece_lib.training.pair_stats import MAX_TRAINING_WORD_CHARS, check_word_lengths
from wordpiece_lib.training.scores import TIE_BREAKS

MODELS = ("wordpiece", "unigram")

HELP = """\
Learn a WordPiece vocabulary from UTF-8 text files.

The text is normalized the BERT way (cased unless --lowercase), cut into words
by the pre-tokenizer, and merged bottom-up: at each step the pair of pieces
with the best score freq(ab) / (freq(a) * freq(b)) becomes a new token.
The vocab file lists the special tokens, then the alphabet (sorted by code
point), then the learned tokens in merge order; --vocab-size counts them all.
Training stops early when every word is a single token.

The words come from INPUT text files (read as a stream: plain, .gz, .bz2 or
.xz; glob patterns allowed) or from --counts, a file the `count` command wrote
(one "word<TAB>count" line per word, in first-seen order): both give the same
vocab. --min-frequency, --limit-alphabet and --initial-alphabet mean what they
mean in Hugging Face's trainers.

The settings travel with the vocab: -o vocab.txt also writes
vocab.txt.settings.json (lowercase or not, pre-tokenizer, special tokens), which
`encode --vocab vocab.txt` reads (with --counts, they come from the settings
`count` wrote beside the counts); -o NAME.json writes Hugging Face's
tokenizer.json; -o FOLDER/ writes a folder that transformers loads with
AutoTokenizer.from_pretrained(FOLDER).

--model unigram learns a Unigram model instead (SentencePiece's, as Hugging
Face's UnigramTrainer does: a large seed of substrings, EM, pruning by the loss
each piece would cost, every character kept). Its words come from the Metaspace
pre-tokenizer by default (each line cut at its spaces, every word starting with
the mark ▁, no normalizer unless --lowercase; --pretokenizer bert or whitespace
count as for WordPiece), its special tokens default to <unk>, and it is written
as Hugging Face's tokenizer.json (-o NAME.json, -o FOLDER/ or - for standard
output; a vocab.txt has no room for the pieces' scores), which `encode
--tokenizer` reads. --shrinking-factor, --n-sub-iterations, --max-piece-length
and --unk-token mean what they mean in Hugging Face's UnigramTrainer;
--min-frequency, --limit-alphabet, --tie-break, --method and --compat are
WordPiece's only.
"""


def register(subparsers: Any) -> None:
    """Add the ``train`` command."""
    parser = new_command(subparsers, "train", "learn a vocab from text files", HELP)
    add_corpus_inputs(parser)
    parser.add_argument(
        "--model",
        choices=MODELS,
        default="wordpiece",
        help="what to learn: a WordPiece vocab (default) or a Unigram model (written as tokenizer.json)",
    )
    parser.add_argument(
        "--vocab-size",
        type=int,
        required=True,
        metavar="N",
        help="size of the vocab, special tokens and alphabet included",
    )
    add_vocab_output(parser)
    add_pretokenizer_option(parser, extra=("metaspace",))
    add_compat_option(parser)
    parser.add_argument(
        "--tie-break",
        choices=TIE_BREAKS,
        default=None,
        help="which pair wins a tie: the one met first (default) or the alphabetically first",
    )
    parser.add_argument(
        "--special-tokens",
        default=None,
        metavar="LIST",
        help=f"comma-separated special tokens put first; [UNK] must be one of them (default: "
        f"{','.join(BERT_SPECIAL_TOKENS)}; with --model unigram: {UNIGRAM_SPECIAL_TOKENS})",
    )
    parser.add_argument(
        "--method",
        choices=("fast", "reference"),
        default=None,
        help="fast incremental trainer (default) or the slow, readable reference",
    )
    parser.add_argument(
        "--max-word-chars",
        type=positive_int,
        default=MAX_TRAINING_WORD_CHARS,
        metavar="N",
        help="refuse a word of more than N characters: each merge walks a whole word, so one word costs its "
        f"length squared (default: {MAX_TRAINING_WORD_CHARS:,})",
    )
    add_trainer_options(parser)
    add_unigram_options(parser)
    parser.set_defaults(run=run)


def trainer(method: str) -> Callable[..., Any]:
    """The training function for ``--method``."""
    from wordpiece_lib.training.bottom_up import train_bottom_up
    from wordpiece_lib.training.fast_bottom_up import train_fast

    return train_fast if method == "fast" else train_bottom_up


def run(args: argparse.Namespace) -> int:
    """Train and write the vocab; returns the exit status."""
    if args.vocab_size < 1:
        raise ValueError(f"--vocab-size must be a positive number, got {args.vocab_size}")
    if args.model == "unigram":
        return run_unigram(args)
    refuse_unigram_options(args)
    if args.pretokenizer == "metaspace":
        raise ValueError(
            "--pretokenizer metaspace is for --model unigram: a WordPiece vocab is learned from bert, whitespace or gpt2 words"
        )
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
