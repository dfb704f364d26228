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
import json
from collections import Counter
from pathlib import Path

from wordpiece_lib.cli.common import (
    STDIO,
    Report,
    check_stdin_once,
    checked_output,
    input_source,
    parse_token_list,
    with_flag_names,
    write_output,
    writes_through,
)
from wordpiece_lib.cli.count import _expanded, counts_and_settings, where_from
from wordpiece_lib.counting.stream_count import input_size
from wordpiece_lib.counting.textstream import read_lines
from wordpiece_lib.counting.word_counts import WordCounts
from wordpiece_lib.pipeline.added_tokens import AddedToken
from wordpiece_lib.pipeline.tokenizer_json import is_folder_name
from wordpiece_lib.pipeline.unigram_tokenizer import UnigramTokenizer
from wordpiece_lib.text.metaspace import Metaspace
from wordpiece_lib.text.normalizer import BertNormalizer

#: Unigram's own options: (flag, parameter, type, default, help).
UNIGRAM_OPTIONS = (
    ("--shrinking-factor", "shrinking_factor", float, 0.75, "the share of pieces each pruning keeps (default: 0.75)"),
    ("--n-sub-iterations", "n_sub_iterations", int, 2, "EM rounds between two prunings (default: 2)"),
    ("--max-piece-length", "max_piece_length", int, 16, "the longest piece, in characters (default: 16)"),
    (
        "--unk-token",
        "unk_token",
        str,
        "<unk>",
        "the unknown piece, put first unless among --special-tokens (default: <unk>)",
    ),
)
#: What ``--special-tokens`` is for ``--model unigram`` when not given (Hugging Face's trainer: the unknown piece).
UNIGRAM_SPECIAL_TOKENS = "<unk>"
#: WordPiece's options that Hugging Face's UnigramTrainer does not have, with the value meaning "not given".
WORDPIECE_ONLY = (
    ("min_frequency", 0),
    ("limit_alphabet", None),
    ("tie_break", None),
    ("method", None),
    ("compat", None),
)


def add_unigram_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``--model unigram`` (Hugging Face's ``UnigramTrainer``'s), in a group of their own.

    >>> parser = argparse.ArgumentParser()
    >>> add_unigram_options(parser)
    >>> parser.parse_args(["--shrinking-factor", "0.5"]).shrinking_factor, parser.parse_args([]).max_piece_length
    (0.5, None)
    """
    group = parser.add_argument_group("--model unigram options (Hugging Face's UnigramTrainer)")
    for flag, name, kind, _, text in UNIGRAM_OPTIONS:
        group.add_argument(
            flag,
            dest=name,
            type=kind,
            default=None,
            metavar="X" if kind is float else "N" if kind is int else "TOKEN",
            help=text,
        )


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


def metaspace_counts(args: argparse.Namespace, normalizer: BertNormalizer | None, report: Report) -> WordCounts:
    """The words of INPUT's lines after ``Metaspace`` (each line on its own, as Hugging Face's trainer reads files).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("hug  pug\\nhug\\n")
    >>> args = argparse.Namespace(counts=None, inputs=[str(path)])
    >>> dict(metaspace_counts(args, None, Report(quiet=True)))
    {'▁hug': 2, '▁': 1, '▁pug': 1}
    """
    if args.counts:
        raise ValueError(
            "--counts holds words cut by `count` (BERT's or whitespace pre-tokenizer), not Metaspace's: give INPUT "
            "text files, or --pretokenizer bert/whitespace to learn from those counts"
        )
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files")
    paths = [path for name in args.inputs for path in _expanded(name)]
    metaspace = Metaspace()
    counts: Counter[str] = Counter()
    progress = report.progress("B", "counting", total=None if STDIO in paths else input_size(paths))
    try:
        for path in paths:
            for line in read_lines(input_source(path), progress=progress.advance if progress.enabled else None):
                counts.update(metaspace.pre_tokenize(normalizer(line) if normalizer is not None else line))
    finally:
        progress.close()
    if not counts:
        raise ValueError(f"no words found in {', '.join(map(where_from, args.inputs))}: the corpus is empty")
    return WordCounts(counts)


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
    output = checked_output(args.output, [*args.inputs, args.counts], folder_ok=True)
    report = Report(quiet=args.quiet)
    options = {name: getattr(args, name) for _, name, *_ in UNIGRAM_OPTIONS if getattr(args, name) is not None}
    if pretokenizer == "metaspace":
        normalizer = BertNormalizer(lowercase=True) if args.lowercase else None
        counts = metaspace_counts(args, normalizer, report)
    else:
        counts, lowercase, pretokenizer = counts_and_settings(args, pretokenizer, report)
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
    if output == STDIO or (not is_folder_name(output) and writes_through(output)):
        size = write_output(
            output, (json.dumps(tokenizer.to_json(), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
        )
    else:
        saved = tokenizer.save(output)
        size = sum(path.stat().st_size for path in saved.iterdir()) if saved.is_dir() else saved.stat().st_size
    report.done(output, f"{len(model):,} pieces", size)
    return 0


__all__ = [
    "UNIGRAM_OPTIONS",
    "add_unigram_options",
    "check_output",
    "metaspace_counts",
    "refuse_unigram_options",
    "run_unigram",
]
