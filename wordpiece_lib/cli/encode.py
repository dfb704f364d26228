"""``encode``: turn every line of a text file into tokens, ids, or a model's full input."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import shutil
import stat
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from itertools import chain
from pathlib import Path
from typing import Any, BinaryIO

from wordpiece_lib import WordPieceTokenizer
from wordpiece_lib.cli.common import (
    STDIO,
    ProgressBar,
    Report,
    add_compat_option,
    check_stdin_once,
    checked_output,
    input_source,
    load_vocab,
    new_command,
    open_output,
    positive_int,
    size_of,
    with_flag_names,
)
from wordpiece_lib.counting.textstream import check_file, read_lines
from wordpiece_lib.model.vocab import MAX_VOCAB_FILE_BYTES
from wordpiece_lib.pipeline.hf_config import CasingGuess, config_beside, looks_uncased
from wordpiece_lib.pipeline.loader import load_tokenizer, tokenizer_from_json
from wordpiece_lib.pipeline.tokenizer import Tokenizer
from wordpiece_lib.pipeline.tokenizer_json import MAX_JSON_BYTES, find_settings, parse_json, refuse_wide_encoding
from wordpiece_lib.pipeline.truncation import Padding, Truncation
from wordpiece_lib.text.pretokenizers import PRETOKENIZERS
from wordpiece_lib.textfiles import CHUNK_BYTES, decode_utf8, read_stream

FORMATS = ("tokens", "ids", "jsonl")

HELP = """\
Encode every line of a UTF-8 text file with a WordPiece vocab or a saved tokenizer
(WordPiece, or Unigram: a tokenizer.json with a Unigram model, as `train --model
unigram` or Hugging Face's UnigramTrainer writes it).

Each input line gives one output line:
  --format tokens  the tokens, joined by spaces (the default)
  --format ids     the token ids, joined by spaces
  --format jsonl   one JSON object per line with everything a model needs, under
                   Hugging Face's names: ids, type_ids, tokens, offsets (character
                   spans in the input line), word_ids, sequence_ids,
                   attention_mask, special_tokens_mask; and, when --max-length
                   cut the line, "overflowing": the rest as more such objects
                   (windows overlapping by --stride tokens)

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


def register(subparsers: Any) -> None:
    """Add the ``encode`` command."""
    parser = new_command(subparsers, "encode", "encode a text file with a vocab or a saved tokenizer", HELP)
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
        choices=sorted(PRETOKENIZERS),
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
        default=0,
        metavar="N",
        help="with --max-length: keep what is cut as more windows overlapping by N tokens "
        "('overflowing' in --format jsonl, as Hugging Face's Encoding.overflowing)",
    )
    parser.add_argument(
        "--pad",
        metavar="N|longest",
        help="pad every line to N tokens, or to the longest line ('longest')",
    )
    parser.set_defaults(run=run)


def warn(message: str) -> None:
    """One warning line on stderr."""
    print(f"warning: {message}", file=sys.stderr)


def load(args: argparse.Namespace) -> Tokenizer[Any]:
    """The tokenizer the flags ask for, saved settings first, flags over them (with a warning on a contradiction)."""
    try:
        return _load(args)
    except ValueError as error:  # a file over its cap, or a setting: the message names the flag
        message = str(error).replace("raise the limit with max_bytes", "raise the limit with --max-vocab-bytes")
        raise ValueError(message.replace("compat='google'", "--compat google")) from None


def _load(args: argparse.Namespace) -> Tokenizer[Any]:
    path = args.tokenizer or args.vocab
    compat = args.compat or "huggingface"
    cap = args.max_vocab_bytes
    json_cap = MAX_JSON_BYTES if cap is None else cap
    tokenizer: Tokenizer[Any]
    if path == STDIO and args.tokenizer:
        raw = read_stream(sys.stdin.buffer, "tokenizer on standard input", max_bytes=json_cap, raise_with="max_bytes")
        refuse_wide_encoding(raw, "the tokenizer on standard input")
        data = parse_json(decode_utf8(raw, "standard input"), "the tokenizer on standard input")
        tokenizer = tokenizer_from_json(data, compat=compat)
    elif path == STDIO:
        tokenizer = WordPieceTokenizer(load_vocab(STDIO, max_bytes=cap), compat=compat)
    else:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", CasingGuess)
            read = load_tokenizer if args.tokenizer else WordPieceTokenizer.from_file
            tokenizer = read(path, compat=compat, max_bytes=cap)
        for warning in caught:
            if not issubclass(warning.category, CasingGuess):
                warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
            elif args.lowercase is None:  # the flag, when given, chooses: the guess is moot
                warn(f"{warning.message}; or pass --lowercase / --no-lowercase")
    settings = None if args.tokenizer or path == STDIO else find_settings(path)
    beside = None if args.tokenizer or path == STDIO else config_beside(Path(path))
    saved = args.tokenizer is not None or settings is not None or beside is not None
    where = path if args.tokenizer else settings if settings is not None else beside[1][-1] if beside else None
    if args.lowercase is not None:
        if saved and args.lowercase != tokenizer.lowercase:
            flag = "--lowercase" if args.lowercase else "--no-lowercase"
            warn(f"{flag} contradicts {where}, which says lowercase={str(tokenizer.lowercase).lower()}; using {flag}")
        tokenizer.lowercase = args.lowercase
    elif path == STDIO and looks_uncased(tokenizer.vocab):
        warn(
            "the vocab on standard input has no capital letters, so it looks uncased, but nothing says to lowercase: "
            "capitalised words will become [UNK] or pieces; pass --lowercase (or --no-lowercase to keep the case)"
        )
    if args.pretokenizer is not None:
        if saved and args.pretokenizer != tokenizer.pretokenizer:
            warn(
                f"--pretokenizer {args.pretokenizer} contradicts {where}, which says {tokenizer.pretokenizer}; "
                f"using {args.pretokenizer}"
            )
        tokenizer.pretokenizer = args.pretokenizer
    if args.max_length is not None:
        if args.max_length < 1:
            raise ValueError(f"--max-length must be a positive number, got {args.max_length}")
        if args.stride < 0:
            raise ValueError(f"--stride must be 0 or more, got {args.stride}")
        tokenizer.truncation = Truncation(args.max_length, stride=args.stride)
    elif args.stride:
        raise ValueError("--stride needs --max-length (the windows are max-length tokens long)")
    if args.pad is not None:
        tokenizer.padding = padding_from_flag(args.pad, tokenizer)
    return tokenizer


def padding_from_flag(value: str, tokenizer: Tokenizer[Any]) -> Padding:
    """``--pad N`` or ``--pad longest``, with the vocab's ``[PAD]`` (or the saved padding's token).

    >>> from wordpiece_lib.model.vocab import Vocab
    >>> padding_from_flag("longest", WordPieceTokenizer(Vocab(["[PAD]", "[UNK]"])))
    Padding(length=None, direction='right', pad_to_multiple_of=None, pad_id=0, pad_type_id=0, pad_token='[PAD]')
    """
    if value == "longest":
        length = None
    elif value.isdigit() and int(value) > 0:
        length = int(value)
    else:
        raise ValueError(f"--pad must be a positive number or 'longest', got {value!r}")
    saved = tokenizer.padding
    if saved is not None:
        return Padding(
            length, saved.direction, saved.pad_to_multiple_of, saved.pad_id, saved.pad_type_id, saved.pad_token
        )
    token = next((token for token in ("[PAD]", "<pad>") if token in tokenizer.vocab), None)
    if token is None:
        raise ValueError("--pad needs a [PAD] (or, in a Unigram model, <pad>) token in the vocab")
    return Padding(length, pad_id=tokenizer.vocab[token], pad_token=token)


def format_line(encoding: Any, output_format: str) -> str:
    """One output line for one encoding.

    >>> from wordpiece_lib.pipeline.encoding import Encoding
    >>> format_line(Encoding.from_sequence([7, 8], ["hug", "##s"], [(0, 3), (3, 4)], [0, 0]), "ids")
    '7 8'
    """
    if output_format == "tokens":
        return " ".join(encoding.tokens)
    if output_format == "ids":
        return " ".join(map(str, encoding.ids))
    return json.dumps(encoding.to_dict(), ensure_ascii=False)


def quick_format(
    tokenizer: Tokenizer[Any], output_format: str, add_special_tokens: bool
) -> Callable[[str], list[str]] | None:
    """One line's output items (tokens, or ids as text) computed without its ``Encoding``, or None.

    Tokens and ids alone need no offsets, masks or word ids, which are most of
    the cost of an encoding; truncation, padding and JSON lines need them, so
    for those this gives None. Joined with spaces, the items are the line
    ``format_line`` makes of the line's encoding.

    >>> from wordpiece_lib import Vocab
    >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s"]))
    >>> quick_format(tokenizer, "tokens", True)("hugs"), quick_format(tokenizer, "ids", False)("hugs")
    (['[CLS]', 'hug', '##s', '[SEP]'], ['3', '4'])
    """
    if output_format == "jsonl" or tokenizer.truncation is not None or tokenizer.padding is not None:
        return None
    as_ids = output_format == "ids"
    text_part = tokenizer.encode if as_ids else tokenizer.tokenize
    template = tokenizer.template
    if not add_special_tokens or template is None:
        return lambda line: list(map(str, text_part(line)))
    # The single-text template as a list: a special token's output, or None where the text's own part goes.
    parts = [
        None if piece.sequence is not None else str(tokenizer.vocab[piece.special]) if as_ids else piece.special
        for piece in template.single
    ]

    def line_items(line: str) -> list[str]:
        own = list(map(str, text_part(line)))
        return list(chain.from_iterable(own if part is None else (part,) for part in parts))

    return line_items


#: Lines encoded as one batch: the batch path's speed, and memory that does not grow with the input.
LINES_PER_BATCH = 4096


#: The longest input line ``encode`` takes by default: encoding holds a line and everything made from it,
#: up to 40 bytes of memory a byte of text for tokens and ids, and 500 for --format jsonl (a token a byte:
#: "a,a,a,..."), so these keep one line under 500 MB.
MAX_LINE_BYTES = 1 << 20
MAX_JSONL_LINE_BYTES = 1 << 18


#: Padded tokens in one batch: with padding to N tokens, a batch holds at most this many / N lines.
PADDED_TOKENS_PER_BATCH = 1 << 20


def batches(
    source: str | BinaryIO,
    progress: ProgressBar | None = None,
    max_line_bytes: int = MAX_LINE_BYTES,
    pad_length: int | None = None,
) -> Iterator[list[str]]:
    """The lines of a file or binary stream (read as a stream; plain or compressed), ``LINES_PER_BATCH`` at a time.

    A batch is cut short when its lines add up to ``max_line_bytes``, or when padding each line to
    ``pad_length`` tokens would pass ``PADDED_TOKENS_PER_BATCH``, so memory stays bounded.
    """
    most = LINES_PER_BATCH if not pad_length else max(1, min(LINES_PER_BATCH, PADDED_TOKENS_PER_BATCH // pad_length))
    batch: list[str] = []
    size = 0
    advance = progress.advance if progress is not None and progress.enabled else None
    try:
        for line in read_lines(source, progress=advance, max_line_bytes=max_line_bytes):
            batch.append(line)
            size += len(line)
            if len(batch) >= most or size >= max_line_bytes:
                yield batch
                batch, size = [], 0
    except ValueError as error:
        raise with_flag_names(error, ["max_line_bytes", "max_word_bytes"]) from None
    if batch:
        yield batch


@contextlib.contextmanager
def rereadable(name: str) -> Iterator[str | BinaryIO]:
    """The input ``name`` in a form that can be read twice: a regular file as it is; standard input or a pipe
    copied to a temporary file first (on disk, so memory still does not grow with the input)."""
    if name != STDIO and stat.S_ISREG(os.stat(check_file(name)).st_mode):
        yield name
        return
    with tempfile.TemporaryFile() as copy:
        with contextlib.ExitStack() as closing:
            source = sys.stdin.buffer if name == STDIO else closing.enter_context(open(name, "rb"))
            shutil.copyfileobj(source, copy, CHUNK_BYTES)
        copy.seek(0)
        yield copy  # type: ignore[misc]


def longest_encoding(
    tokenizer: Tokenizer[Any], source: str | BinaryIO, special_tokens: bool, max_line_bytes: int = MAX_LINE_BYTES
) -> int:
    """The number of tokens of the longest line, unpadded (a first pass for ``--pad longest``)."""
    padding, tokenizer.padding = tokenizer.padding, None
    try:
        return max(
            (
                len(encoding)
                for batch in batches(source, max_line_bytes=max_line_bytes)
                for encoding in tokenizer.encode_batch(batch, add_special_tokens=special_tokens)
            ),
            default=0,
        )
    finally:
        tokenizer.padding = padding


def run(args: argparse.Namespace) -> int:
    """Encode batch after batch as a stream, written as it goes (atomically to a file, or to standard output)."""
    inputs = [args.input, args.vocab, args.tokenizer]
    check_stdin_once(inputs)
    output = checked_output(args.output, inputs)
    if args.max_line_bytes is None:
        args.max_line_bytes = MAX_JSONL_LINE_BYTES if args.format == "jsonl" else MAX_LINE_BYTES
    report = Report(quiet=args.quiet)
    tokenizer = load(args)
    padding = tokenizer.padding
    lines = tokens = 0
    with contextlib.ExitStack() as stack:
        source: str | BinaryIO = input_source(args.input)
        if padding is not None and padding.length is None:
            # Padding to the longest line treats the whole input as one batch: find that line first, then pad to it.
            source = stack.enter_context(rereadable(args.input))
            longest = longest_encoding(tokenizer, source, args.special_tokens, args.max_line_bytes)
            if not isinstance(source, str):
                source.seek(0)
            tokenizer.padding = dataclasses.replace(padding, length=longest)
        size = None if args.input == STDIO else size_of(args.input) or None
        progress = stack.enter_context(contextlib.closing(report.progress("B", "encoding", total=size)))
        stream = stack.enter_context(open_output(output))
        quick = quick_format(tokenizer, args.format, args.special_tokens)
        pad_length = tokenizer.padding.length if tokenizer.padding is not None else None
        for batch in batches(source, progress, args.max_line_bytes, pad_length):
            if quick is not None:
                items = list(map(quick, batch))
                tokens += sum(map(len, items))
                written = list(map(" ".join, items))
            else:
                encodings = tokenizer.encode_batch(batch, add_special_tokens=args.special_tokens)
                tokens += sum(len(encoding.ids) for encoding in encodings)
                written = [format_line(encoding, args.format) for encoding in encodings]
            lines += len(batch)
            stream.write("".join(line + "\n" for line in written).encode("utf-8"))
    report.done(output, f"{lines:,} lines, {tokens:,} tokens", stream.written)
    return 0
