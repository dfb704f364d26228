"""What every command accepts: its arguments, their help and defaults, built without loading the library.

``--help`` and a usage error need nothing but this module (and the standard
library's ``argparse``), so they come back at once; the command's own module,
and the part of the library it runs, is imported only when the arguments are
right (``wordpiece_lib.cli.main``). An import-linter contract keeps this module
free of the library's stages.

The few values of the library that flags offer or default to are written out
here for that reason; ``tests/cli/test_parser.py`` holds each one to the
library's own, so they cannot drift apart.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

# -- the library's values that flags show (tests/cli/test_parser.py holds them to the library's) ---------------

#: ``pipeline.compat.COMPAT_MODES``: whose BERT rules cut the text.
COMPAT_MODES = ("huggingface", "google")
#: The keys of ``text.pretokenizers.PRETOKENIZERS``, sorted.
PRETOKENIZERS = ("bert", "gpt2", "none", "whitespace")
#: ``training.scores.TIE_BREAKS``.
TIE_BREAKS = ("first", "lexical")
#: ``model.vocab.BERT_SPECIAL_TOKENS``.
BERT_SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
#: ``counting.textstream.MAX_WORD_BYTES``.
MAX_WORD_BYTES = 1 << 22
#: ``counting.counts_tsv.MAX_COUNTS_FILE_BYTES`` and ``MAX_COUNTS_STREAM_BYTES``.
MAX_COUNTS_FILE_BYTES = 2 * 1024**3
MAX_COUNTS_STREAM_BYTES = 40_000_000
#: ``model.vocab.MAX_VOCAB_FILE_BYTES`` and ``pipeline.tokenizer_json.MAX_JSON_BYTES``.
MAX_VOCAB_FILE_BYTES = 12_000_000
MAX_JSON_BYTES = 30_000_000
#: ``pipeline.truncation.MAX_FILE_PADDING``: the longest padding, from a file or from ``--pad``.
MAX_PADDING = 1 << 17
#: ``training.pair_stats.MAX_TRAINING_WORD_CHARS``.
MAX_TRAINING_WORD_CHARS = 10_000
#: ``training.top_down``'s defaults, which are TensorFlow Text's: the flag, then the value.
TOP_DOWN_DEFAULTS = {
    "--upper-thresh": 10_000_000,
    "--lower-thresh": 10,
    "--num-iterations": 4,
    "--max-input-tokens": 5_000_000,
    "--max-token-length": 50,
    "--max-unique-chars": 1000,
    "--slack-ratio": 0.05,
    "--joiner": "##",
}

# -- the command line's own values -------------------------------------------------------------------------------

#: The longest input line ``encode`` takes by default: encoding holds a line and everything made from it,
#: up to 40 bytes of memory a byte of text for tokens and ids, and 500 for --format jsonl (a token a byte:
#: "a,a,a,..."), so these keep one line under 500 MB.
MAX_LINE_BYTES = 1 << 20
MAX_JSONL_LINE_BYTES = 1 << 18

#: What ``encode`` writes.
FORMATS = ("tokens", "ids", "jsonl")

#: What ``train`` learns.
MODELS = ("wordpiece", "unigram", "bpe")

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

#: Exit status -> meaning, as ``--help`` lists them. A status says whether the result is whole: a signal
#: that comes once it is (the output written and switched in) changes nothing (``cli.signals``).
EXIT_STATUSES = {
    0: "success: the result is whole (even if a signal came once it was)",
    1: "an internal error (please report it, with the command that caused it)",
    2: "a usage error or bad input (the message says which)",
    130: "interrupted (Ctrl-C) before the result was whole; output files were left as they were",
    141: "standard output was closed early (as by head); the output was cut short",
    143: "terminated (SIGTERM) before the result was whole, as 130; 129 for SIGHUP",
}

DESCRIPTION = """\
Train and use WordPiece vocabularies (the subword tokenizer behind BERT).

examples:
  {prog} train book.txt --vocab-size 8000 -o vocab.txt
  {prog} encode --vocab vocab.txt book.txt -o tokens.txt
  cat book.txt | {prog} encode --vocab vocab.txt - -o - | head
  {prog} count corpus/*.txt.gz --lowercase --workers 0 -o counts.tsv
  {prog} train --counts counts.tsv --vocab-size 30000 -o vocab.txt
  {prog} fetch treasure-island

A file name of - means standard input (for an input) or standard output (for -o).
"""


def exit_status_help() -> str:
    """The exit statuses, as the end of ``--help`` shows them.

    >>> print(exit_status_help().splitlines()[1])
      0    success: the result is whole (even if a signal came once it was)
    """
    rows = [f"  {status:<4} {meaning}" for status, meaning in EXIT_STATUSES.items()]
    return "exit status:\n" + "\n".join(rows) + "\n"


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


# -- options several commands share -------------------------------------------------------------------------------


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a bad one is argparse's one-line usage error).

    >>> positive_int("4096")
    4096
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_vocab_output(parser: argparse.ArgumentParser) -> None:
    """The ``-o/--output`` and ``--lowercase`` options that every training command has."""
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="vocab.txt (with its settings beside it in vocab.txt.settings.json), NAME.json (Hugging Face's "
        "tokenizer.json) or FOLDER/ (tokenizer.json, tokenizer_config.json, special_tokens_map.json and "
        "vocab.txt: transformers.AutoTokenizer.from_pretrained loads it); - for standard output (vocab.txt)",
    )
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")


def add_compat_option(parser: argparse.ArgumentParser) -> None:
    """``--compat``: whose BERT rules cut the text, Hugging Face's (default) or Google's reference file's.

    >>> parser = argparse.ArgumentParser()
    >>> add_compat_option(parser)
    >>> parser.parse_args([]).compat, parser.parse_args(["--compat", "google"]).compat
    (None, 'google')
    """
    parser.add_argument(
        "--compat",
        choices=COMPAT_MODES,
        default=None,
        help="whose BERT rules cut the text: Hugging Face's (default) or Google's tokenization.py (google)",
    )


def add_pretokenizer_option(parser: argparse.ArgumentParser, *, extra: Sequence[str] = ()) -> None:
    """``--pretokenizer``: how the commands that cut text into words cut it (BERT's way unless told).

    >>> parser = argparse.ArgumentParser()
    >>> add_pretokenizer_option(parser)
    >>> parser.parse_args([]).pretokenizer, parser.parse_args(["--pretokenizer", "whitespace"]).pretokenizer
    ('bert', 'whitespace')
    """
    parser.add_argument(
        "--pretokenizer",
        choices=sorted([*PRETOKENIZERS, *extra]),
        default="bert",
        action=_Given,
        help="how to cut text into words (default: bert" + (f"; {', '.join(extra)}: see below" if extra else "") + ")",
    )


class _Given(argparse.Action):
    """Store the value, and that it was given (``pretokenizer_given``): a default may yield to saved
    settings, a flag the user typed may not."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        setattr(namespace, self.dest, values)
        setattr(namespace, f"{self.dest}_given", True)


def add_workers_option(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--max-word-bytes``, for every command that counts text files."""
    parser.add_argument(
        "--max-word-bytes",
        type=positive_int,
        default=MAX_WORD_BYTES,
        metavar="N",
        help=f"stop at a run of more than N bytes without a space or line end, which is no word "
        f"(a binary file, /dev/zero; default: {MAX_WORD_BYTES:,})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="processes that count (0: one per CPU; default: one per CPU for inputs over 16 MB, else 1)",
    )


def add_corpus_inputs(parser: argparse.ArgumentParser, *counts_aliases: str) -> None:
    """INPUT text files or ``--counts`` (and its ``counts_aliases``), and ``--workers`` to count the files.

    >>> parser = argparse.ArgumentParser()
    >>> add_corpus_inputs(parser, "--word-counts")
    >>> parser.parse_args(["--word-counts", "c.tsv"]).counts, parser.parse_args(["a.txt", "b.txt"]).inputs
    ('c.tsv', ['a.txt', 'b.txt'])
    """
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help="UTF-8 text file(s) or glob patterns to learn from (- for standard input)",
    )
    parser.add_argument(
        "--counts",
        *counts_aliases,
        dest="counts",
        metavar="COUNTS_TSV",
        help='learn from "word<TAB>count" lines (from `count`) instead of text (- for standard input)',
    )
    parser.add_argument(
        "--max-counts-bytes",
        type=positive_int,
        default=None,
        metavar="N",
        help=f"read at most N bytes of --counts (default: {MAX_COUNTS_FILE_BYTES:,} from a file, "
        f"{MAX_COUNTS_STREAM_BYTES:,} from standard input, a pipe or a device, which may never end)",
    )
    add_workers_option(parser)


def add_trainer_options(parser: argparse.ArgumentParser, *, limit_alphabet: bool = True) -> None:
    """Hugging Face's trainer options, with its meanings (``trainer_options.py``).

    ``limit_alphabet=False`` leaves ``--limit-alphabet`` to the command (top-down has it as another name
    of ``--max-unique-chars``, which means the same).
    """
    options = parser.add_argument_group("Hugging Face's trainer options")
    options.add_argument(
        "--min-frequency",
        type=int,
        default=0,
        metavar="N",
        help="never learn a token seen fewer than N times (a pair bottom-up, a substring top-down; default: 0)",
    )
    if limit_alphabet:
        options.add_argument(
            "--limit-alphabet",
            type=int,
            default=None,
            metavar="N",
            help="keep the N most frequent characters; words with any other are left out (default: all)",
        )
    options.add_argument(
        "--initial-alphabet",
        default="",
        metavar="CHARS",
        help="characters put in the vocab even if the corpus lacks them (every character of CHARS)",
    )


# -- train ---------------------------------------------------------------------------------------------------------

TRAIN_HELP = """\
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

--model bpe learns a byte-level BPE (GPT-2's kind) as Hugging Face's BpeTrainer
does with its ByteLevel pre-tokenizer: each line cut by GPT-2's regex, every
byte a character (the 256 of them in the vocab), the most frequent pair merged
first; special tokens default to <|endoftext|>; --min-frequency counts; it is
written as tokenizer.json with GPT-2's byte-level parts, the same merges
Hugging Face's trainer writes.

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


def train_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``train``."""
    add_corpus_inputs(parser)
    parser.add_argument(
        "--model",
        choices=MODELS,
        default="wordpiece",
        help="what to learn: a WordPiece vocab (default), a Unigram model or a byte-level BPE (both written as "
        "tokenizer.json)",
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
    unigram = parser.add_argument_group("--model unigram options (Hugging Face's UnigramTrainer)")
    for flag, name, kind, _, text in UNIGRAM_OPTIONS:
        unigram.add_argument(
            flag,
            dest=name,
            type=kind,
            default=None,
            metavar="X" if kind is float else "N" if kind is int else "TOKEN",
            help=text,
        )


# -- top-down ------------------------------------------------------------------------------------------------------

TOP_DOWN_HELP = """\
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

#: Hugging Face's name for the same setting: its limit_alphabet keeps the most frequent characters too.
FLAG_ALIASES = {"--max-unique-chars": ("--limit-alphabet",)}

#: The learner's numeric settings as flags: (flag, type, metavar, meaning); defaults in ``TOP_DOWN_DEFAULTS``.
SEARCH_FLAGS = (
    ("--upper-thresh", int, "T", "highest threshold tried"),
    ("--lower-thresh", int, "T", "lowest threshold tried"),
    ("--num-iterations", int, "K", "rounds per threshold"),
    ("--max-input-tokens", int, "N", "learn from the N most frequent words only; -1 for all"),
    ("--max-token-length", int, "N", "leave out words longer than N characters"),
    ("--max-unique-chars", int, "N", "keep the N most frequent characters; words with others are left out"),
    ("--slack-ratio", float, "R", "accept a vocab up to R * vocab-size below the target"),
)


def top_down_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``top-down``."""
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
    for flag, kind, metavar, meaning in SEARCH_FLAGS:
        numbers.add_argument(
            flag, *FLAG_ALIASES.get(flag, ()), type=kind, default=TOP_DOWN_DEFAULTS[flag], metavar=metavar,
            help=f"{meaning} (default: %(default)s)",
        )  # fmt: skip
    numbers.add_argument(
        "--no-joiner-token",
        dest="include_joiner_token",
        action="store_false",
        help="do not mark pieces inside a word with the joiner",
    )
    numbers.add_argument(
        "--joiner", default=TOP_DOWN_DEFAULTS["--joiner"], help="mark of a piece inside a word (default: %(default)s)"
    )
    add_trainer_options(parser, limit_alphabet=False)


# -- encode --------------------------------------------------------------------------------------------------------

ENCODE_HELP = """\
Encode every line of a UTF-8 text file with a WordPiece vocab or a saved tokenizer
(WordPiece, or Unigram: a tokenizer.json with a Unigram model, as `train --model
unigram` or Hugging Face's UnigramTrainer writes it).

Each input line gives one output line:
  --format tokens  the tokens, joined by spaces (the default)
  --format ids     the token ids, joined by spaces
  --format jsonl   one JSON object per line with everything a model needs, under
                   Hugging Face's names: ids, type_ids, tokens, offsets (character
                   spans in the input line), word_ids, sequence_ids,
                   attention_mask, special_tokens_mask; and, with --stride,
                   when --max-length cut the line, "overflowing": the rest as
                   more such objects (windows overlapping by --stride tokens)

The tokenizer comes from --tokenizer (a tokenizer.json, or a folder holding
one: ours or Hugging Face's, with its special tokens, truncation and padding)
or from --vocab (a vocab.txt, with the settings saved beside it by `train`,
vocab.txt.settings.json, when it is there). Flags given here override the saved
settings, with a warning when they contradict them. The template's special
tokens ([CLS] ... [SEP]) are added unless --no-special-tokens; special tokens
typed in the text stay whole. Padding to the longest line treats the whole
file as one batch. The input is read as a stream (plain, or compressed with
gzip, bzip2 or xz) and encoded a few thousand lines at a time, so memory does
not grow with it.
"""


def encode_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``encode``."""
    parser.add_argument(
        "input", metavar="INPUT", help="UTF-8 text file to encode, one text per line (- for standard input)"
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--vocab", metavar="VOCAB_TXT", help="vocab.txt to use, one token per line (- for standard input)"
    )
    source.add_argument(
        "--tokenizer", metavar="FILE_OR_DIR", help="tokenizer.json, or a folder holding one (- for standard input)"
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="where to write the result (- for standard output)"
    )
    parser.add_argument("--format", choices=FORMATS, default="tokens", help="what to write (default: tokens)")
    parser.add_argument(
        "--max-vocab-bytes",
        type=positive_int,
        default=None,
        metavar="N",
        help=f"read a --vocab or --tokenizer of at most N bytes (default: {MAX_VOCAB_FILE_BYTES:,} for a vocab.txt, "
        f"{MAX_JSON_BYTES:,} for a tokenizer.json; loading takes up to 35 and 17 times that in memory)",
    )
    parser.add_argument(
        "--lowercase",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="lowercase and strip accents first, as uncased BERT (default: the saved settings, else no)",
    )
    parser.add_argument(
        "--pretokenizer",
        choices=PRETOKENIZERS,
        default=None,
        help="how to cut text into words (default: the saved settings, else bert)",
    )
    add_compat_option(parser)
    parser.add_argument(
        "--no-special-tokens",
        dest="special_tokens",
        action="store_false",
        help="leave out the template's special tokens ([CLS], [SEP])",
    )
    parser.add_argument(
        "--max-length", type=int, metavar="N", help="cut every line to N tokens, special tokens included"
    )
    parser.add_argument(
        "--max-line-bytes",
        type=positive_int,
        default=None,
        metavar="N",
        help=f"stop at an input line of more than N bytes: encoding holds a whole line and all made from it "
        f"(default: {MAX_LINE_BYTES:,}; {MAX_JSONL_LINE_BYTES:,} with --format jsonl)",
    )
    parser.add_argument(
        "--stride",
        type=int,
        default=None,
        metavar="N",
        help="with --max-length: keep what is cut as more windows overlapping by N tokens (0: not overlapping), "
        "written as 'overflowing' in --format jsonl (Hugging Face's Encoding.overflowing); without it, what is "
        "cut is dropped and every line has the same fields",
    )
    parser.add_argument(
        "--pad",
        metavar="N|longest",
        help=f"pad every line to N tokens (at most {MAX_PADDING:,}), or to the longest line ('longest')",
    )


# -- explain -------------------------------------------------------------------------------------------------------

EXPLAIN_HELP = """\
Take a text apart with a saved tokenizer: every token, and why.

For each token: the normalizer's edits (with their spans in the original
text), the word (pre-token) it came from, and the model's decision:
WordPiece, every longest-match candidate tried and rejected (and why a word
became the unknown token); Unigram, the best cut and its log-probability
against the best cut that differs; BPE, every merge applied, in rank order
(and each character's bytes for a byte-level BPE). The tokens, ids and offsets
are exactly those `encode --tokenizer` gives.

examples:
  python -m wordpiece_lib explain --tokenizer data/tokenizers/clip-bpe.json "Héllo wörld"
  python -m wordpiece_lib explain --tokenizer my-tokenizer/ --format json "unhappiness" > why.json
  python -m wordpiece_lib explain --tokenizer data/bert-base-uncased-vocab.txt - < text.txt
"""


def explain_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``explain``."""
    parser.add_argument("text", metavar="TEXT", help="the text to take apart (- to read it from standard input)")
    parser.add_argument(
        "--tokenizer",
        required=True,
        metavar="FILE_OR_DIR",
        help="tokenizer.json, a folder holding one, or a WordPiece vocab.txt (uncased unless its settings say so)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="lines to read, or JSON (default: text)"
    )


# -- count ---------------------------------------------------------------------------------------------------------

COUNT_HELP = """\
Count the words of UTF-8 text files into a counts file (word<TAB>count lines).

The files are read as a stream (plain, or compressed with gzip, bzip2 or xz),
normalized the BERT way (cased unless --lowercase) and cut into words by the
pre-tokenizer, exactly as `train` does it. Memory follows the number of
distinct words, not the size of the corpus. The counts (and so every vocab
trained from them) are the same whether one process, --workers N processes
or a Dask cluster counted them, down to the order of the lines: the order
in which the words were first seen, which the default tie-break reads.
Beside the counts, COUNTS_TSV.settings.json records --lowercase and --pretokenizer,
so that `train --counts` gives its vocab the same settings.

examples:
  python -m wordpiece_lib count corpus/*.txt.gz --lowercase -o counts.tsv
  python -m wordpiece_lib count big.txt --dask local --workers 2 -o counts.tsv
  python -m wordpiece_lib count /shared/wiki/*.txt --dask tcp://10.0.0.5:8786 -o counts.tsv
  python -m wordpiece_lib train --counts counts.tsv --vocab-size 30000 -o vocab.txt
"""


def count_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``count``."""
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="UTF-8 text files or glob patterns (.gz .bz2 .xz too); - for standard input",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="COUNTS_TSV", help="where to write the counts (- for standard output)"
    )
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")
    add_workers_option(parser)
    add_pretokenizer_option(parser)
    add_compat_option(parser)
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="count on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' for --workers processes here",
    )


# -- fetch ---------------------------------------------------------------------------------------------------------

FETCH_HELP = """\
Fetch data sets by name into the cache folder, checked against their pinned
checksums (a progress bar shows each download). A data set already bundled,
cached or in the mirror folder (WORDPIECE_DATA_MIRROR) is not downloaded
again. Without a name, list every data set and where its copy is.

The cache folder is WORDPIECE_DATA_DIR if set, else data/cache/ in a checkout,
else your user cache folder.

examples:
  python -m wordpiece_lib fetch treasure-island
  python -m wordpiece_lib fetch --all
  python -m wordpiece_lib fetch            # list the data sets
"""


def fetch_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``fetch``."""
    parser.add_argument("names", nargs="*", metavar="NAME", help="data sets to fetch (without one: the list of them)")
    parser.add_argument("--all", action="store_true", help="fetch every data set")
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S", help="seconds to wait for a server")


# -- the whole command line ----------------------------------------------------------------------------------------


class Command(NamedTuple):
    """A command as ``--help`` lists it: its name, the ``wordpiece_lib.cli`` module whose ``run`` does it,
    its summary line, its description, the function that adds its arguments, and whether it writes one
    result (then a signal that comes once that result is whole no longer stops it: ``cli.signals``)."""

    name: str
    module: str
    summary: str
    description: str
    arguments: Callable[[argparse.ArgumentParser], None]
    one_result: bool = True


#: The commands, in the order ``--help`` lists them.
COMMANDS = (
    Command("train", "train", "learn a vocab from text files", TRAIN_HELP, train_arguments),
    Command("encode", "encode", "encode a text file with a vocab or a saved tokenizer", ENCODE_HELP, encode_arguments),
    Command(
        "explain",
        "explain",
        "take a text apart: every token with its edits, word and the model's decision",
        EXPLAIN_HELP,
        explain_arguments,
        one_result=False,
    ),
    Command(
        "top-down",
        "top_down",
        "learn a vocab top-down (TensorFlow Text's algorithm)",
        TOP_DOWN_HELP,
        top_down_arguments,
    ),
    Command(
        "count", "count", "count the words of text files (streamed, parallel or on Dask)", COUNT_HELP, count_arguments
    ),
    Command(
        "fetch",
        "fetch",
        "download the workshop's data sets (or list them)",
        FETCH_HELP,
        fetch_arguments,
        one_result=False,
    ),
)


def build_parser(
    prog: str, *, version: str = "", more: Sequence[Callable[[Any], None]] = (), only: str | None = None
) -> argparse.ArgumentParser:
    """The argument parser of every command; ``more`` are functions that add commands of their own (the
    classroom's) to the parser's subcommands.

    A command's ``run`` is named, not imported: ``module`` in the parsed arguments says which module
    of ``wordpiece_lib.cli`` runs it. With ``only`` (the command the arguments name, as
    ``chosen_command`` finds it), only that command's arguments are added: the others are listed,
    as ``--help`` shows them, and cost nothing more; and ``more`` is called only when ``only`` is
    none of this module's commands (it may be one of theirs), so ``train --help`` loads nothing of
    the classroom.

    >>> build_parser("wordpiece").parse_args(["count", "a.txt", "-o", "c.tsv"]).module
    'count'
    """
    parser = OneLineParser(
        prog=prog,
        description=DESCRIPTION.format(prog=prog),
        epilog=exit_status_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if version:
        parser.add_argument("--version", action="version", version=version)
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            help=command.summary,
            description=command.description,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if only in (None, command.name):
            sub.add_argument("--quiet", action="store_true", help="print nothing on success (no summary, no progress)")
            command.arguments(sub)
        sub.set_defaults(module=command.module, one_result=command.one_result)
    if only is None or only not in {command.name for command in COMMANDS}:
        for add in more:
            add(commands)
    for sub in commands.choices.values():
        sub.epilog = exit_status_help()
    return parser


def chosen_command(argv: Sequence[str]) -> str | None:
    """The command that ``argv`` names: its first word that is no option (the program's own options take no
    value), or ``None``.

    >>> chosen_command(["--version"]), chosen_command(["train", "book.txt"])
    (None, 'train')
    """
    return next((word for word in argv if not word.startswith("-")), None)


__all__ = [
    "COMMANDS",
    "EXIT_STATUSES",
    "Command",
    "OneLineParser",
    "build_parser",
    "chosen_command",
    "exit_status_help",
    "positive_int",
]
