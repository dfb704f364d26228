"""Counting on every core of this machine: worker processes, results merged in order.

Python runs one thread of Python code at a time, so the counting is spread
over processes. Each plain file is cut into line-aligned parts
(``textstream.split_file``) that the workers read themselves; a compressed
file cannot be entered in the middle, so this process decompresses it and
sends its blocks out in parcels. Each worker returns the counts of its part;
they are merged in the order of the parts (``counting.merge_counts``), so the
result is the one-process result, first-seen order included.

At most ``2 * workers`` parts are out at a time: memory holds a few parts'
counts and the running total, whatever the corpus size.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections import Counter, deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..text.fast_split import FastSplitter
from .stream_count import count_into, count_part
from .textstream import MAX_WORD_BYTES, FilePart, Progress, check_utf8, compression, read_blocks, split_file

#: Parts are sized so that each worker gets several (for balance), within these bounds.
MIN_PART_BYTES = 1 << 20
MAX_PART_BYTES = 1 << 26

_splitter: FastSplitter | None = None  # set once in each worker process
_max_word_bytes = MAX_WORD_BYTES


def _start_worker(splitter: FastSplitter, max_word_bytes: int = MAX_WORD_BYTES) -> None:
    global _splitter, _max_word_bytes
    _splitter = splitter
    _max_word_bytes = max_word_bytes


def _count_file_part(part: FilePart) -> dict[str, int]:
    assert _splitter is not None
    return dict(count_part(part, _splitter, max_word_bytes=_max_word_bytes))


def _count_parcel(path: str, offset: int, blocks: list[bytes]) -> dict[str, int]:
    assert _splitter is not None
    counts: Counter[str] = Counter()
    for block in blocks:
        check_utf8(block, path, offset)
        offset += len(block)
        _splitter.count_bytes(block, counts)
    return dict(counts)


def start_method() -> str:
    """How worker processes start: forked on Linux (fast, and a script needs no ``__main__`` guard), else spawned.

    macOS and Windows spawn: there, a script that counts with ``workers > 1``
    must keep its top-level code under ``if __name__ == "__main__":``.
    """
    return "fork" if sys.platform.startswith("linux") else "spawn"


def part_bytes_for(total: int, workers: int) -> int:
    """About two parts per worker, between 1 MB and 64 MB each.

    Two give some balance when one worker lags; more would cost this
    process a merge of a part's counts each, on a core the workers need.

    >>> part_bytes_for(100 * 2**20, 2) // 2**20
    25
    """
    return max(MIN_PART_BYTES, min(MAX_PART_BYTES, total // (2 * workers) + 1))


def count_with_processes(
    paths: list[str],
    splitter: FastSplitter,
    *,
    workers: int,
    progress: Progress | None = None,
    part_bytes: int | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> dict[str, int]:
    """The word counts of ``paths`` (in order), counted by ``workers`` processes.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("b a\\n" * 3 + "c a\\n" * 3)
    >>> count_with_processes([str(path)], FastSplitter(), workers=2, part_bytes=4)
    {'b': 3, 'a': 6, 'c': 3}
    """
    total_bytes = sum(map(os.path.getsize, paths))
    if part_bytes is None:
        part_bytes = part_bytes_for(total_bytes, workers)
    if total_bytes <= part_bytes and all(compression(path) is None for path in paths):
        # Plain files that make one part: workers would get nothing to share and only add their start-up.
        counts: Counter[str] = Counter()
        for path in paths:
            count_into(FilePart(path), splitter, counts, progress, max_word_bytes=max_word_bytes)
        return dict(counts)
    total: dict[str, int] = {}
    context = multiprocessing.get_context(start_method())
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(splitter, max_word_bytes)
    ) as pool:
        pending: deque[tuple[Future[dict[str, int]], int]] = deque()
        for function, arguments, size in _tasks(paths, part_bytes, progress, max_word_bytes):
            pending.append((pool.submit(function, *arguments), size))
            while len(pending) >= 2 * workers:
                _merge_next(pending, total, progress)
        while pending:
            _merge_next(pending, total, progress)
    return total


def _merge_next(
    pending: deque[tuple[Future[dict[str, int]], int]], total: dict[str, int], progress: Progress | None
) -> None:
    future, size = pending.popleft()
    partial = future.result()
    if not total:
        total.update(partial)
    else:
        get = total.get
        for word, count in partial.items():
            total[word] = get(word, 0) + count
    if progress is not None and size:
        progress(size)


def _tasks(
    paths: list[str], part_bytes: int, progress: Progress | None, max_word_bytes: int = MAX_WORD_BYTES
) -> Iterator[tuple[Any, tuple[Any, ...], int]]:
    """Each part as (function, arguments, bytes to report when its counts are merged), in order."""
    for path in paths:
        if compression(path) is None:
            for part in split_file(path, part_bytes):
                yield _count_file_part, (part,), (part.end or 0) - part.start
            continue
        parcel: list[bytes] = []
        parcel_size = 0
        offset = 0
        # A compressed file's bytes are reported as they are read here; its parcels' results add none.
        for block in read_blocks(FilePart(path), progress=progress, max_word_bytes=max_word_bytes):
            parcel.append(block)
            parcel_size += len(block)
            if parcel_size >= part_bytes:
                yield _count_parcel, (path, offset, parcel), 0
                offset += parcel_size
                parcel, parcel_size = [], 0
        if parcel:
            yield _count_parcel, (path, offset, parcel), 0


__all__ = [
    "count_with_processes",
    "part_bytes_for",
    "start_method",
]
