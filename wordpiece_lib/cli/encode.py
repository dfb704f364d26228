"""``encode``: turn every line of a text file into tokens, ids, or a model's full input.

Its arguments are in ``cli.parser``; this module is imported when it runs.
"""

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
    check_stdin_once,
    checked_output,
    input_source,
    load_vocab,
    open_output,
    size_of,
    with_flag_names,
)
from wordpiece_lib.cli.parser import MAX_JSONL_LINE_BYTES, MAX_LINE_BYTES
from wordpiece_lib.counting.textstream import check_file, read_lines
from wordpiece_lib.pipeline.hf_config import CasingGuess, config_beside, looks_uncased
from wordpiece_lib.pipeline.loader import load_tokenizer, tokenizer_from_json
from wordpiece_lib.pipeline.tokenizer import Tokenizer
from wordpiece_lib.pipeline.tokenizer_json import MAX_JSON_BYTES, parse_json, refuse_wide_encoding
from wordpiece_lib.pipeline.truncation import MAX_FILE_PADDING, Padding, Truncation
from wordpiece_lib.side_files import find_settings
from wordpiece_lib.textfiles import CHUNK_BYTES, decode_utf8, read_stream


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
        if args.stride is not None and args.stride < 0:
            raise ValueError(f"--stride must be 0 or more, got {args.stride}")
        tokenizer.truncation = Truncation(args.max_length, stride=args.stride or 0)
    elif args.stride is not None:
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
    elif value.isdigit() and 0 < int(value) <= MAX_FILE_PADDING:
        length = int(value)
    elif value.isdigit() and int(value) > 0:
        raise ValueError(
            f"--pad {value} is over {MAX_FILE_PADDING:,} tokens, the most a line is padded to (every line would take "
            "that much memory); give a smaller --pad, or --pad longest"
        )
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


def format_line(encoding: Any, output_format: str, *, overflowing: bool = False) -> str:
    """One output line for one encoding; a JSON line holds ``overflowing`` only when asked (``--stride``), so that
    otherwise every line has Hugging Face's fields and no more.

    >>> from wordpiece_lib.pipeline.encoding import Encoding
    >>> format_line(Encoding.from_sequence([7, 8], ["hug", "##s"], [(0, 3), (3, 4)], [0, 0]), "ids")
    '7 8'
    """
    if output_format == "tokens":
        return " ".join(encoding.tokens)
    if output_format == "ids":
        return " ".join(map(str, encoding.ids))
    record = encoding.to_dict()
    if not overflowing:
        record.pop("overflowing", None)
    return json.dumps(record, ensure_ascii=False)


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
    target = checked_output(args.output)
    target.refuse_inputs(inputs)
    output = target.name
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
                overflowing = args.stride is not None
                written = [format_line(encoding, args.format, overflowing=overflowing) for encoding in encodings]
            lines += len(batch)
            stream.write("".join(line + "\n" for line in written).encode("utf-8"))
    report.done(output, f"{lines:,} lines, {tokens:,} tokens", stream.written)
    return 0
