"""Counting the words of files as a stream: memory follows the distinct words, not the corpus.

``count_files`` reads each file in line-aligned blocks (``textstream``),
splits every block with the fast splitter (``fast_split``) and adds its words
to one ``Counter``. Only the counts and one block are in memory at a time.

It gives exactly ``WordCounts.from_texts`` of the whole files' texts: the same
words, the same counts and the same first-seen order (which the ``"first"``
tie-break reads). Why that survives cutting the text into blocks, and then
into parts counted by different processes or machines:

* a block ends at a line end, and no word and no normalization step reaches
  across a line end (see ``textstream``);
* counting parts separately and merging the results *in the order of the
  parts* (``merge_counts``) gives the words of the first part in their order,
  then the new words of the second part in theirs, and so on: exactly the
  order in which one reader meets them. Merging is associative, so the
  parts can also be merged in a tree, as long as neighbours stay neighbours.

The pieces here count one stream or one part; ``files.count_files`` shares
the parts out to one process, local processes (``local_count``) or a Dask
cluster (``dask_count``), which all return the same ``WordCounts``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import IO

from .._validate import (
    check_instance,
    check_int,
    check_optional_callable,
    check_path,
    check_sequence,
)
from ..text.fast_split import FastSplitter
from ..text.normalizer import BertNormalizer
from .textstream import MAX_WORD_BYTES, FilePart, Progress, check_utf8, is_binary_stream, read_blocks

#: ``progress(n)``: ``n`` more bytes of the input files (as stored on disk) have been counted.


def count_part(
    part: FilePart, splitter: FastSplitter, progress: Progress | None = None, *, max_word_bytes: int = MAX_WORD_BYTES
) -> Counter[str]:
    """The word counts of one file part, in first-seen order.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("Hug, hug!\\nHUG")
    >>> count_part(FilePart(str(path)), FastSplitter(lowercase=True))
    Counter({'hug': 3, ',': 1, '!': 1})
    """
    counts: Counter[str] = Counter()
    count_into(part, splitter, counts, progress, max_word_bytes=max_word_bytes)
    return counts


def count_into(
    part: FilePart | IO[bytes],
    splitter: FastSplitter,
    counts: Counter[str],
    progress: Progress | None = None,
    *,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> None:
    """Add the words of one file part or open binary stream to ``counts`` (new words go last, in first-seen order).

    A run of more than ``max_word_bytes`` bytes without a space or line end stops it (``read_blocks``).
    """
    if not isinstance(part, FilePart) and not is_binary_stream(part):
        raise TypeError(f"part must be a FilePart or an open binary stream, got {type(part).__name__}")
    check_path(part.path, "part.path") if isinstance(part, FilePart) else None
    check_instance(splitter, "splitter", FastSplitter)
    if not isinstance(counts, Counter):
        raise TypeError(f"counts must be a Counter, got {type(counts).__name__}")
    check_optional_callable(progress, "progress", "a function progress(n_bytes)")
    offset, label = (part.start, part.path) if isinstance(part, FilePart) else (0, "standard input")
    for block in read_blocks(part, progress=progress, max_word_bytes=max_word_bytes):
        check_utf8(block, label, offset)
        offset += len(block)
        splitter.count_bytes(block, counts)


def merge_counts(partials: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Add up the counts of consecutive parts; words keep the order a single reader meets them in.

    >>> merge_counts([{"b": 1, "a": 2}, {"c": 1, "a": 1}])
    {'b': 1, 'a': 3, 'c': 1}
    """
    total: dict[str, int] = {}
    for partial in check_sequence(partials, "partials"):
        if not total:
            total = dict(partial)
            continue
        get = total.get
        for word, count in partial.items():
            total[word] = get(word, 0) + count
    return total


def make_splitter(
    *, lowercase: bool = False, pretokenizer: str = "bert", normalizer: BertNormalizer | None = None
) -> FastSplitter:
    """The splitter for these settings (``normalizer`` defaults to BERT's, cased unless ``lowercase``).

    >>> make_splitter(lowercase=True).words("Hug!")
    ['hug', '!']
    """
    return FastSplitter(lowercase=lowercase, pretokenizer=pretokenizer, normalizer=normalizer)


def resolve_workers(workers: int) -> int:
    """``workers`` checked; ``0`` becomes the number of CPUs this process may use.

    >>> resolve_workers(3)
    3
    """
    check_int(workers, "workers", minimum=0)
    if workers == 0:
        return available_cpus()
    return workers


def available_cpus() -> int:
    """The CPUs this process may run on (fewer than the machine's under a container or ``taskset``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


__all__ = [
    "available_cpus",
    "count_into",
    "count_part",
    "make_splitter",
    "merge_counts",
    "resolve_workers",
]
