"""Word counts on disk: one ``word<TAB>count`` line per word, in first-seen order.

Counting a corpus and training on it can then happen on different machines
or days. The order of the lines is the order the words were first seen, so
the ``"first"`` tie-break gives the same vocab from the file as from the text.

The format is plain UTF-8 text (gzip, bzip2 or xz compressed files are read
too). ``load_counts`` skips blank lines, accepts Windows line ends and a
byte-order mark, and adds up a word listed twice. ``save_counts`` refuses a
word the file could not give back unchanged: one holding a tab or a line
break, or with whitespace at either end (``vocab.txt`` trims it too). Words
from the built-in pre-tokenizers never hold whitespace.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from .._validate import check_bool, check_path, check_positive_int, check_str
from ..atomic import atomic_group, atomic_writer, resolve_output
from ..side_files import settings_path
from ..textfiles import describe_size
from .counts_settings import CountsSettings
from .textstream import check_file, is_binary_stream, read_lines
from .word_counts import WordCounts, as_word_counts

_COUNT = re.compile(r"[0-9]+")
_LINES_PER_WRITE = 10_000


def check_savable(word: str, first: bool = False) -> None:
    """Raise ``ValueError`` if ``word`` would not come back unchanged from a counts file.

    >>> check_savable("hug")
    >>> check_savable("a\\tb")
    Traceback (most recent call last):
    ...
    ValueError: cannot save the word 'a\\tb' in a counts file: it holds a tab (the column separator)
    """
    check_str(word, "word")
    check_bool(first, "first")
    if "\t" in word:
        reason = "it holds a tab (the column separator)"
    elif "\n" in word:
        reason = "it holds a line break"
    elif word != word.strip():
        reason = "it has spaces around it (vocab.txt would trim them)"
    elif first and word.startswith("\ufeff"):
        reason = "it starts with U+FEFF, which would be read as a byte-order mark"
    else:
        return
    raise ValueError(f"cannot save the word {word!r} in a counts file: {reason}")


def _lines(counts: WordCounts) -> Iterator[str]:
    first = True
    for word, count in counts.items():
        # check_savable's conditions, inline: a corpus has a few hundred thousand words and nearly all pass.
        if "\t" in word or "\n" in word or word != word.strip() or (first and word.startswith("\ufeff")):
            check_savable(word, first)
        first = False
        yield f"{word}\t{count}\n"


def save_counts(
    counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    path: str | os.PathLike[str],
    *,
    settings: CountsSettings | None = None,
) -> Path:
    """Write ``counts`` to ``path`` as ``word<TAB>count`` lines, atomically; returns the path.

    With ``settings`` (how the words were made), they are written beside the counts in
    ``NAME.settings.json``, and the two files replace the old ones as one unit. A device or a pipe has
    no "beside": the counts alone are written through it.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "counts.tsv"
    >>> save_counts({"hug": 10, "pug": 5}, path).read_text()
    'hug\\t10\\npug\\t5\\n'
    """
    checked = as_word_counts(counts, "counts")
    target = Path(check_path(path, "path"))
    if settings is not None and not isinstance(settings, CountsSettings):
        raise TypeError(f"settings must be CountsSettings or None, got {type(settings).__name__}")
    if settings is None or resolve_output(target)[1]:
        with atomic_writer(target) as stream:
            write_counts(checked, stream)
        return target
    with atomic_group() as group:
        with group.stream(target) as stream:
            write_counts(checked, stream)
        group.add(settings_path(target), settings.to_json(target, group.parts[-1].sha256))
    return target


def write_counts(counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]], stream: BinaryIO) -> int:
    """Write ``counts`` as ``word<TAB>count`` lines to an open binary stream; returns the bytes written.

    >>> import io
    >>> out = io.BytesIO()
    >>> write_counts({"hug": 10}, out), out.getvalue()
    (7, b'hug\\t10\\n')
    """
    checked = as_word_counts(counts, "counts")
    if not callable(getattr(stream, "write", None)):
        raise TypeError(f"stream must be a binary stream with a write method, got {type(stream).__name__}")
    written = 0
    batch: list[str] = []
    for line in _lines(checked):
        batch.append(line)
        if len(batch) >= _LINES_PER_WRITE:
            written += stream.write("".join(batch).encode("utf-8"))
            batch.clear()
    written += stream.write("".join(batch).encode("utf-8"))
    return written


#: Characters no word to train on may hold: controls (NUL, VT, FF, ...), and the line breaks and spaces
#: other than U+0020 that ``str.split`` and ``str.splitlines`` know (NEL, U+2028, U+3000 ...): a token
#: made of one of them, such as ``##\x0b``, cannot be a vocab.txt line.
_UNTRAINABLE = re.compile("[\x00-\x1f\x7f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\x1c-\x1f]")
#: The most digits of one count (10**30 words is more than any corpus has).
MAX_COUNT_DIGITS = 30
#: The largest counts file read (the counts of tens of millions of distinct words).
MAX_COUNTS_FILE_BYTES = 2 * 1024**3
#: The most bytes read from counts without a size to check first (standard input, a pipe, a device), which may
#: never end: about 3 million distinct words, which take about 400 MB of memory to hold.
MAX_COUNTS_STREAM_BYTES = 40_000_000


def load_counts(
    path: str | os.PathLike[str] | BinaryIO, *, trainable: bool = False, max_bytes: int | None = None
) -> WordCounts:
    """Read a counts file written by ``save_counts`` (or by hand), or an open binary stream of one, as a stream.

    ``trainable``: refuse, with its line, a word holding a character no vocab token can hold (NUL, VT,
    NEL, U+2028 ...), so training from the counts does not fail only at the end.
    ``max_bytes``: the most bytes read (decompressed); by default ``MAX_COUNTS_FILE_BYTES`` for a regular
    file, whose size is checked before reading, and ``MAX_COUNTS_STREAM_BYTES`` for standard input, a pipe
    or a device, which may never end. Past it, reading stops with an error naming the byte offset.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "counts.tsv"
    >>> _ = path.write_text("hug\\t10\\npug\\t5\\nhug\\t2\\n")
    >>> load_counts(path)
    WordCounts({'hug': 12, 'pug': 5})
    """
    check_bool(trainable, "trainable")
    if max_bytes is not None:
        check_positive_int(max_bytes, "max_bytes")
    if is_binary_stream(path):
        source: Any = "counts on standard input" if path is getattr(sys.stdin, "buffer", None) else "counts stream"
        cap = MAX_COUNTS_STREAM_BYTES if max_bytes is None else max_bytes
        lines = read_lines(path, name="counts", max_bytes=cap)  # type: ignore[arg-type]
    else:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a file name (a str or a path), got {type(path).__name__}")
        source = check_file(path, "counts file")
        info = os.stat(source)
        size = info.st_size
        regular = stat.S_ISREG(info.st_mode)
        cap = max_bytes if max_bytes is not None else MAX_COUNTS_FILE_BYTES if regular else MAX_COUNTS_STREAM_BYTES
        if regular and size > cap:
            raise ValueError(
                f"counts file {source} holds {describe_size(size)}, over {describe_size(cap)}, the most read; "
                "drop its rarest words first (they make no tokens), or raise the limit with max_bytes"
            )
        lines = read_lines(source, name="counts file", max_bytes=cap)
    counts: dict[str, int] = {}
    get = counts.get
    for number, raw in enumerate(lines, start=1):
        line = raw.removesuffix("\r")
        if number == 1:
            line = line.removeprefix("\ufeff")
        if not line.strip():
            continue
        word, tab, count = line.partition("\t")
        if not tab or not word or "\t" in count:
            raise ValueError(f"{source}, line {number}: expected 'word<TAB>count', got {line!r}")
        if word != word.strip():
            raise ValueError(
                f"{source}, line {number}: the word {word!r} has spaces around it; vocab.txt cannot hold that"
            )
        odd = _UNTRAINABLE.search(word) if trainable else None
        if odd is not None:
            raise ValueError(
                f"{source}, line {number}: the word {word!r} holds the control or line-break character "
                f"U+{ord(odd.group()):04X}; a token made of it could not be saved in vocab.txt (remove the line)"
            )
        digits = count.strip()
        if len(digits) > MAX_COUNT_DIGITS:
            raise ValueError(
                f"{source}, line {number}: the count of {word!r} has {len(digits):,} digits; a count has at most "
                f"{MAX_COUNT_DIGITS}"
            )
        if not _COUNT.fullmatch(digits) or int(digits) == 0:
            raise ValueError(
                f"{source}, line {number}: the count of {word!r} must be a positive whole number, got {count!r}"
            )
        counts[word] = get(word, 0) + int(digits)
    if not counts:
        raise ValueError(f"{source} holds no 'word<TAB>count' lines: there is nothing to learn from")
    return WordCounts.adopt(counts)


__all__ = [
    "check_savable",
    "load_counts",
    "save_counts",
    "write_counts",
]
