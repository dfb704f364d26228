"""``train --model unigram``: learn a Unigram model (SentencePiece's) and write it as Hugging Face's ``tokenizer.json``.

The words come from INPUT files as Hugging Face's trainer sees them: with the
default ``Metaspace`` pre-tokenizer each line is cut at its spaces, every word
starting with ``▁`` (no normalizer, unless ``--lowercase``); with ``--pretokenizer
bert`` or ``whitespace`` the words are counted as for WordPiece (``--counts`` too).
The model is then trained by ``train_unigram`` and written with its pre-tokenizer,
decoder and special tokens, so that ``encode --tokenizer`` and Hugging Face load it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from wordpiece_lib.cli.common import (
    STDIO,
    Report,
    check_stdin_once,
    checked_output,
    parse_token_list,
    save_tokenizer,
    with_flag_names,
)
from wordpiece_lib.cli.count import count_words_by_line, counts_and_settings, find_inputs
from wordpiece_lib.cli.parser import UNIGRAM_OPTIONS, UNIGRAM_SPECIAL_TOKENS
from wordpiece_lib.counting.sources import Source
from wordpiece_lib.counting.word_counts import WordCounts
from wordpiece_lib.pipeline.added_tokens import AddedToken
from wordpiece_lib.pipeline.tokenizer_json import is_folder_name
from wordpiece_lib.pipeline.unigram_tokenizer import UnigramTokenizer
from wordpiece_lib.text.metaspace import Metaspace
from wordpiece_lib.text.normalizer import BertNormalizer

#: WordPiece's options that Hugging Face's UnigramTrainer does not have, with the value meaning "not given".
WORDPIECE_ONLY = (
    ("min_frequency", 0),
    ("limit_alphabet", None),
    ("tie_break", None),
    ("method", None),
    ("compat", None),
)


def check_output(name: str) -> None:
    """A Unigram model is written as ``tokenizer.json`` (a file, a folder, or standard output), never a vocab.txt.

    >>> check_output("model.json"), check_output("out/"), check_output("-")
    (None, None, None)
    >>> check_output("vocab.txt")
    Traceback (most recent call last):
    ...
    ValueError: -o vocab.txt: a Unigram model is written as Hugging Face's tokenizer.json (-o NAME.json, -o FOLDER/, or - for standard output); a vocab.txt has no room for the pieces' scores
    """
    if name == STDIO or Path(name).suffix == ".json" or is_folder_name(name):
        return
    raise ValueError(
        f"-o {name}: a Unigram model is written as Hugging Face's tokenizer.json (-o NAME.json, -o FOLDER/, "
        "or - for standard output); a vocab.txt has no room for the pieces' scores"
    )


def metaspace_counts(
    args: argparse.Namespace, sources: Sequence[Source], normalizer: BertNormalizer | None, report: Report
) -> WordCounts:
    """The words of INPUT's lines after ``Metaspace`` (each line on its own, as Hugging Face's trainer reads files).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("hug  pug\\nhug\\n")
    >>> args = argparse.Namespace(counts=None, inputs=[str(path)])
    >>> dict(metaspace_counts(args, find_inputs(args.inputs), None, Report(quiet=True)))
    {'▁hug': 2, '▁': 1, '▁pug': 1}
    """
    if args.counts:
        raise ValueError(
            "--counts holds words cut by `count` (BERT's or whitespace pre-tokenizer), not Metaspace's: give INPUT "
            "text files, or --pretokenizer bert/whitespace to learn from those counts"
        )
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files")
    metaspace = Metaspace()

    def cut(line: str) -> list[str]:
        return metaspace.pre_tokenize(normalizer(line) if normalizer is not None else line)

    return WordCounts(count_words_by_line(args.inputs, sources, report, cut))


def run_unigram(args: argparse.Namespace) -> int:
    """``train --model unigram``: check everything, count, train, write ``tokenizer.json``; the exit status."""
    for name, absent in WORDPIECE_ONLY:
        if getattr(args, name, absent) != absent:
            flag = "--" + name.replace("_", "-")
            raise ValueError(
                f"{flag} is an option of WordPiece training; Hugging Face's UnigramTrainer has no such setting"
            )
    special_tokens = parse_token_list(
        args.special_tokens if args.special_tokens is not None else UNIGRAM_SPECIAL_TOKENS, "--special-tokens"
    )
    pretokenizer = args.pretokenizer if getattr(args, "pretokenizer_given", False) else "metaspace"
    if pretokenizer not in ("metaspace", "bert", "whitespace"):
        raise ValueError(
            f"--pretokenizer {pretokenizer} has no tokenizer.json twin: use metaspace (the default), bert or whitespace"
        )
    check_output(args.output)
    check_stdin_once([*args.inputs, args.counts])
    if args.counts and args.inputs:
        raise ValueError("give INPUT text files or --counts, not both")
    target = checked_output(args.output, folder_ok=True)
    sources = find_inputs(args.inputs)
    target.refuse_inputs([*(source.path for source in sources), args.counts])
    output = target.name
    report = Report(quiet=args.quiet)
    options = {name: getattr(args, name) for _, name, *_ in UNIGRAM_OPTIONS if getattr(args, name) is not None}
    if pretokenizer == "metaspace":
        normalizer = BertNormalizer(lowercase=True) if args.lowercase else None
        counts = metaspace_counts(args, sources, normalizer, report)
    else:
        counts, lowercase, pretokenizer = counts_and_settings(args, sources, pretokenizer, report)
        normalizer = BertNormalizer(lowercase=lowercase)
    from wordpiece_lib.training.unigram import train_unigram

    try:
        model = train_unigram(
            counts,
            args.vocab_size,
            initial_alphabet=args.initial_alphabet,
            special_tokens=special_tokens,
            **options,
        ).model
    except (ValueError, TypeError) as error:
        raise with_flag_names(
            error, [*(name for _, name, *_ in UNIGRAM_OPTIONS), "vocab_size", "initial_alphabet", "special_tokens"]
        ) from None
    # The special tokens as the trainer put them first (the unknown piece before them when not among them),
    # each kept whole when typed in a text, as Hugging Face's trainer adds them.
    specials = list(dict.fromkeys(special_tokens))
    if options.get("unk_token", "<unk>") not in specials:
        specials.insert(0, options.get("unk_token", "<unk>"))
    tokenizer = UnigramTokenizer(
        model,
        normalizer=normalizer,
        pretokenizer=Metaspace() if pretokenizer == "metaspace" else pretokenizer,
        special_tokens=[AddedToken(token) for token in specials],
    )
    report.done(output, f"{len(model):,} pieces", save_tokenizer(tokenizer, output))
    return 0


__all__ = [
    "UNIGRAM_OPTIONS",
    "check_output",
    "metaspace_counts",
    "run_unigram",
]
