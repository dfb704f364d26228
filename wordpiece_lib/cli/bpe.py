"""``train --model bpe``: learn a byte-level BPE (GPT-2's kind) as Hugging Face's ``BpeTrainer`` does, and write it
as ``tokenizer.json``.

Each line of the INPUT files is cut by Hugging Face's ``ByteLevel`` pre-tokenizer
(GPT-2's regex, no space put in front, every byte a character), the words are
counted and ``train_byte_level_bpe`` learns the merges; the model is written
with GPT-2's parts (``ByteLevel`` pre-tokenizer, post-processor and decoder)
and its special tokens, so that ``encode --tokenizer``, ``explain`` and Hugging
Face load it.
"""

from __future__ import annotations

import argparse

from wordpiece_lib.cli.common import (
    Report,
    check_stdin_once,
    checked_output,
    parse_token_list,
    save_tokenizer,
)
from wordpiece_lib.cli.count import count_words_by_line, find_inputs
from wordpiece_lib.cli.parser import UNIGRAM_OPTIONS
from wordpiece_lib.cli.unigram import check_output
from wordpiece_lib.pipeline.added_tokens import AddedToken
from wordpiece_lib.pipeline.decoders import ByteLevelDecoder
from wordpiece_lib.pipeline.processors import ByteLevelProcessing
from wordpiece_lib.pipeline.tokenizer import Tokenizer
from wordpiece_lib.text.byte_level import ByteLevel
from wordpiece_lib.training.byte_bpe import train_byte_level_bpe

#: What ``--special-tokens`` is for ``--model bpe`` when not given (GPT-2's one special token).
BPE_SPECIAL_TOKENS = "<|endoftext|>"
#: Options of the other trainers that this one does not have, with the value meaning "not given".
NOT_BPE = (
    ("limit_alphabet", None),
    ("tie_break", None),
    ("method", None),
    ("compat", None),
    ("counts", None),
)


def run_bpe(args: argparse.Namespace) -> int:
    """``train --model bpe``: check everything, count the byte-level words, train, write ``tokenizer.json``."""
    for name, absent in NOT_BPE:
        if getattr(args, name, absent) != absent:
            flag = "--" + name.replace("_", "-")
            raise ValueError(f"{flag} is not an option of --model bpe (a byte-level BPE learns from INPUT text files)")
    for flag, name, *_ in UNIGRAM_OPTIONS:
        if getattr(args, name, None) is not None:
            raise ValueError(f"{flag} is an option of --model unigram; --model bpe has no such setting")
    if getattr(args, "lowercase", False) or getattr(args, "pretokenizer_given", False) or args.initial_alphabet:
        raise ValueError(
            "--model bpe reads the text as it is, through the ByteLevel pre-tokenizer, with the 256 bytes as its "
            "alphabet: --lowercase, --pretokenizer and --initial-alphabet do not apply"
        )
    special_tokens = parse_token_list(
        args.special_tokens if args.special_tokens is not None else BPE_SPECIAL_TOKENS, "--special-tokens"
    )
    check_output(args.output)
    check_stdin_once(args.inputs)
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files")
    target = checked_output(args.output, folder_ok=True)
    sources = find_inputs(args.inputs)
    target.refuse_inputs([source.path for source in sources])
    report = Report(quiet=args.quiet)
    pre_tokenizer = ByteLevel(add_prefix_space=False)
    counts = count_words_by_line(args.inputs, sources, report, pre_tokenizer.pre_tokenize)
    model = train_byte_level_bpe(
        counts, args.vocab_size, special_tokens=special_tokens, min_frequency=args.min_frequency
    )
    tokenizer = Tokenizer(
        model,
        pretokenizer=pre_tokenizer,
        template=ByteLevelProcessing(trim_offsets=True),
        decoder=ByteLevelDecoder(),
        special_tokens=[AddedToken(token) for token in dict.fromkeys(special_tokens)],
    )
    output = target.name
    report.done(output, f"{len(model.vocab):,} tokens, {len(model.merges):,} merges", save_tokenizer(tokenizer, output))
    return 0


__all__ = ["BPE_SPECIAL_TOKENS", "run_bpe"]
