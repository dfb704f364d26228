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

import contextlib
import ctypes
import errno
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..text.fast_split import FastSplitter
from .sources import Source, check_sources, total_size
from .stream_count import available_cpus, count_into, count_part
from .textstream import MAX_WORD_BYTES, FilePart, Progress, check_utf8, read_blocks

#: Parts are sized so that each worker gets several (for balance), within these bounds.
MIN_PART_BYTES = 1 << 20
MAX_PART_BYTES = 1 << 26

_splitter: FastSplitter | None = None  # set once in each worker process
_max_word_bytes = MAX_WORD_BYTES


def _start_worker(splitter: FastSplitter, max_word_bytes: int = MAX_WORD_BYTES, parent: int | None = None) -> None:
    global _splitter, _max_word_bytes
    _splitter = splitter
    _max_word_bytes = max_word_bytes
    # A forked worker inherits its parent's own signal handlers, which answer for the whole command (the
    # command line's); the worker just stops, as with Python's defaults (its parent sees the part lost, and
    # says so). A signal the parent ignores stays ignored.
    for name, default in (
        ("SIGINT", signal.default_int_handler),
        ("SIGTERM", signal.SIG_DFL),
        ("SIGHUP", signal.SIG_DFL),
    ):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) not in (signal.SIG_IGN, signal.SIG_DFL, default, None):
            signal.signal(signum, default)
    if parent is not None:
        die_with_parent(parent)


#: ``prctl`` option: the signal a process gets when its parent ends (Linux).
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """End this worker process when its parent ``parent`` ends, even by SIGKILL (which runs no cleanup).

    On Linux the kernel sends SIGKILL at once (``prctl(PR_SET_PDEATHSIG)``); elsewhere, and as a second
    guard, a thread looks every second whether the parent is still there.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent already went before the line above
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    with contextlib.suppress(RuntimeError):  # no thread to spare: on Linux the kernel's signal still holds
        threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def usable_workers(sources: Sequence[Source], part_bytes: int, workers: int) -> int:
    """No more processes than CPUs, nor than parts to count (a compressed file counts as one per CPU).

    >>> usable_workers([], 1 << 20, 100)
    1
    """
    cpus = available_cpus()
    parts = 0
    for source in check_sources(sources):
        if source.compression is None:
            parts += max(1, -(-source.size // part_bytes))
        else:
            parts += cpus  # read here and handed out in parcels as it goes
    return max(1, min(workers, cpus, parts))


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
    sources: Sequence[Source],
    splitter: FastSplitter,
    *,
    workers: int,
    progress: Progress | None = None,
    part_bytes: int | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> dict[str, int]:
    """The word counts of the files ``sources`` (``find_sources``; in order), counted by ``workers`` processes.

    >>> import tempfile, pathlib
    >>> from .sources import find_sources
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("b a\\n" * 3 + "c a\\n" * 3)
    >>> count_with_processes(find_sources([path]), FastSplitter(), workers=2, part_bytes=4)
    {'b': 3, 'a': 6, 'c': 3}
    """
    sources = check_sources(sources)
    total_bytes = total_size(sources)
    if part_bytes is None:
        part_bytes = part_bytes_for(total_bytes, workers)
    if total_bytes <= part_bytes and all(source.compression is None for source in sources):
        # Plain files that make one part: workers would get nothing to share and only add their start-up.
        counts: Counter[str] = Counter()
        for source in sources:
            count_into(source.reader(), splitter, counts, progress, max_word_bytes=max_word_bytes)
        return dict(counts)
    total: dict[str, int] = {}
    workers = usable_workers(sources, part_bytes, workers)
    context = multiprocessing.get_context(start_method())
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(splitter, max_word_bytes, os.getpid())
    )
    finished = False
    try:
        pending: deque[tuple[Future[dict[str, int]], int]] = deque()
        for function, arguments, size in _tasks(sources, part_bytes, progress, max_word_bytes):
            pending.append((pool.submit(function, *arguments), size))
            while len(pending) >= 2 * workers:
                _merge_next(pending, total, progress)
        while pending:
            _merge_next(pending, total, progress)
        finished = True
    except BrokenProcessPool:
        raise ChildProcessError(
            "a counting process ended before its part was counted (killed, or out of memory?); count again, "
            "perhaps with fewer workers"
        ) from None
    except (OSError, RuntimeError) as error:
        # A fork that fails (EAGAIN, ENOMEM), or the pool's own thread that cannot start, under a limit on
        # processes (ulimit -u) or memory; anything else is not about starting processes.
        starting = isinstance(error, OSError) and error.errno in (errno.EAGAIN, errno.ENOMEM) and not error.filename
        if not starting and "can't start new thread" not in str(error):
            raise
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise ChildProcessError(
            f"cannot start {workers} counting processes ({reason}): the system's limit on processes or memory "
            "is reached; give fewer workers"
        ) from None
    finally:
        _stop(pool, finished)
    return total


def _stop(pool: ProcessPoolExecutor, finished: bool) -> None:
    """Shut the pool down; after a failure, end its processes at once rather than wait for their parts
    (or for ever, for processes whose pool never got going)."""
    if finished:
        pool.shutdown(wait=True)
        return
    # The pool keeps its processes in a private table; there is no public way to end them now.
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    # Let the pool's own thread finish closing its pipe now: at exit, Python wakes that thread up through
    # the pipe, and a pipe closed in between prints "Exception ignored ... Bad file descriptor".
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=5)


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
    sources: Sequence[Source], part_bytes: int, progress: Progress | None, max_word_bytes: int = MAX_WORD_BYTES
) -> Iterator[tuple[Any, tuple[Any, ...], int]]:
    """Each part as (function, arguments, bytes to report when its counts are merged), in order."""
    for source in sources:
        if source.compression is None:
            for part in source.parts(part_bytes):
                yield _count_file_part, (part,), (part.end or 0) - part.start
            continue
        parcel: list[bytes] = []
        parcel_size = 0
        offset = 0
        # A compressed file's bytes are reported as they are read here; its parcels' results add none.
        for block in read_blocks(source.reader(), progress=progress, max_word_bytes=max_word_bytes):
            parcel.append(block)
            parcel_size += len(block)
            if parcel_size >= part_bytes:
                yield _count_parcel, (source.name, offset, parcel), 0
                offset += parcel_size
                parcel, parcel_size = [], 0
        if parcel:
            yield _count_parcel, (source.name, offset, parcel), 0


__all__ = [
    "count_with_processes",
    "part_bytes_for",
    "start_method",
]
