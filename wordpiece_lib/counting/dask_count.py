"""Counting on a Dask cluster: the same parts and the same in-order merge, spread over machines.

Each plain file is cut into line-aligned parts (``textstream.split_file``);
a compressed file is one part. Every part becomes a Dask task that reads its
bytes *on the worker* (so the files must be at the same path on every
worker: a shared or copied folder) and returns its word counts. Neighbouring
results are then merged in a tree of tasks, left to right, so the order of
first sight is the one-process order (``counting.merge_counts``), and only
the final counts travel back to this process.

``cluster`` is a ``distributed.Client``, a scheduler address
(``"tcp://10.0.0.5:8786"``), or ``"local"`` for a ``LocalCluster`` of worker
processes on this machine (its dashboard address is printed by the CLI).
Dask is imported only here, and only when used: the library works without it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from .._validate import check_bool, check_int
from ..text.fast_split import FastSplitter
from .sources import Source, check_sources, total_size
from .stream_count import count_part, merge_counts
from .textstream import MAX_WORD_BYTES, FilePart, Progress

#: Parts are sized for about this many per worker (for balance), within these bounds.
PARTS_PER_WORKER = 8
MIN_PART_BYTES = 1 << 20
MAX_PART_BYTES = 1 << 27
#: How many neighbouring results one merge task adds up.
MERGE_FAN_IN = 8

INSTALL_HINT = 'Dask is not installed: pip install "wordpiece-lib[dask]" (or dask[distributed])'


def import_distributed() -> Any:
    """The ``distributed`` module, or an ``ImportError`` that says how to install it."""
    try:
        import distributed
    except ImportError as error:
        raise ImportError(INSTALL_HINT) from error
    return distributed


def local_cluster(workers: int, *, dashboard: bool = True, processes: bool = True) -> Any:
    """A ``LocalCluster`` of ``workers`` single-threaded processes, listening on this machine only.

    Its web dashboard (a free port on 127.0.0.1) needs ``bokeh``; without
    it, or with ``dashboard=False``, there is none. With ``processes=False``
    the workers are threads of this process: the same scheduler, tasks and
    dashboard, without a Python process (about 45 MB) for each worker, which
    a notebook on a shared server, 60 kernels at a time, cannot spare; the
    threads share one interpreter, so they count no faster than one process.

    >>> with local_cluster(1, dashboard=False, processes=False) as cluster:
    ...     len(cluster.workers)
    1
    """
    check_int(workers, "workers", minimum=1)
    check_bool(dashboard, "dashboard")
    check_bool(processes, "processes")
    distributed = import_distributed()
    if dashboard:
        try:
            import bokeh  # noqa: F401
        except ImportError:
            dashboard = False
    dashboard_address = "127.0.0.1:0" if dashboard else None
    # Worker processes talk to the scheduler over TCP on 127.0.0.1; threads over Dask's in-process transport,
    # which listens on no port at all.
    network = {"host": "127.0.0.1"} if processes else {}
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=processes,
        dashboard_address=dashboard_address,
        **network,
    )


@contextlib.contextmanager
def connected(cluster: Any, workers: int) -> Iterator[Any]:
    """A ``Client`` for ``cluster`` (see the module docstring); what this opened is closed afterwards."""
    distributed = import_distributed()
    if isinstance(cluster, distributed.Client):
        yield cluster
        return
    if isinstance(cluster, str) and cluster == "local":
        with _children_quiet():
            started = local_cluster(workers)
        with started, distributed.Client(started) as client, _quiet_when_stopped():
            yield client
        return
    if isinstance(cluster, str) and cluster:
        with distributed.Client(cluster, timeout="30s") as client, _quiet_when_stopped():
            yield client
        return
    if hasattr(cluster, "scheduler_address"):  # a cluster object (LocalCluster, a cloud cluster ...)
        with distributed.Client(cluster) as client:
            yield client
        return
    raise TypeError(
        "dask must be a distributed.Client, a scheduler address such as 'tcp://10.0.0.5:8786', "
        f"a cluster object, or 'local', got {type(cluster).__name__}"
    )


@contextlib.contextmanager
def _children_quiet() -> Iterator[None]:
    """Start the cluster's processes with their standard error on ``os.devnull``.

    Ctrl-C in a terminal goes to every process of the command, and each Dask
    process printed its own traceback (49 lines and more) under the one line
    this process prints. Their errors still reach this process as exceptions.
    """
    try:
        saved = os.dup(2)
    except OSError:  # no standard error at all: nothing to keep quiet
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


@contextlib.contextmanager
def _quiet_when_stopped() -> Iterator[None]:
    """On Ctrl-C or another stop, close the cluster without its log lines (the command says it in one)."""
    try:
        yield
    except (KeyboardInterrupt, SystemExit):
        logging.disable(logging.CRITICAL)
        raise


class PartCounts:
    """The counts of consecutive parts, as one opaque object.

    Dask walks a plain dict result item by item to serialize it, which made
    moving a part's counts between workers take seconds; wrapped, the dict
    travels as one serialized object.
    """

    __slots__ = ("counts",)

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts

    def __sizeof__(self) -> int:
        # What Dask's memory accounting sees: about 100 bytes a word (the key, its count and the table slot).
        return 100 * len(self.counts)


def dashboard_link(client: Any) -> str | None:
    """The address of the cluster's web dashboard, or ``None`` if it has none."""
    services = client.scheduler_info().get("services", {})
    return client.dashboard_link if "dashboard" in services else None


def _count(part: FilePart, splitter: FastSplitter, max_word_bytes: int = MAX_WORD_BYTES) -> PartCounts:
    return PartCounts(dict(count_part(part, splitter, max_word_bytes=max_word_bytes)))


def _merge(*partials: PartCounts) -> PartCounts:
    return PartCounts(merge_counts(partial.counts for partial in partials))


def plan_parts(sources: Sequence[Source], workers: int, part_bytes: int | None = None) -> list[FilePart]:
    """Line-aligned parts of every file of ``sources`` (``find_sources``), with absolute paths (workers may
    start in another folder).

    >>> import tempfile, pathlib
    >>> from .sources import find_sources
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("hug\\n")
    >>> [part.end for part in plan_parts(find_sources([path]), 2)]
    [4]
    """
    sources = check_sources(sources)
    if part_bytes is None:
        total = total_size(sources)
        part_bytes = max(MIN_PART_BYTES, min(MAX_PART_BYTES, total // (PARTS_PER_WORKER * max(workers, 1)) + 1))
    return [part._replace(path=os.path.abspath(part.path)) for source in sources for part in source.parts(part_bytes)]


def count_with_dask(
    sources: Sequence[Source],
    splitter: FastSplitter,
    cluster: Any,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    part_bytes: int | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> dict[str, int]:
    """The word counts of the files ``sources`` (``find_sources``; in order), counted by the Dask cluster ``cluster``.

    ``workers`` is the size of a ``"local"`` cluster. Parts are about
    ``part_bytes`` (default: sized from the inputs and the cluster's workers).
    """
    with connected(cluster, workers) as client:
        known_workers = len(client.scheduler_info().get("workers", {})) or workers
        parts = plan_parts(sources, known_workers, part_bytes)
        if not parts:
            return {}
        # Keys name what a task does, so the dashboard reads "count" and "merge"; the token keeps two
        # countings apart (Dask takes equal keys for equal results).
        token = uuid.uuid4().hex
        leaves = client.map(
            _count,
            parts,
            splitter=splitter,
            max_word_bytes=max_word_bytes,
            key=[f"count-{token}-{i}" for i in range(len(parts))],
            pure=False,
        )
        found = {os.path.abspath(source.name): source.size for source in sources}
        sizes = {future.key: _part_size(part, found) for future, part in zip(leaves, parts)}
        level = list(leaves)
        depth = 0
        while len(level) > 1:
            depth += 1
            level = [
                client.submit(_merge, *level[start : start + MERGE_FAN_IN], key=f"merge-{token}-{depth}-{start}")
                for start in range(0, len(level), MERGE_FAN_IN)
            ]
        # Hold no leaf past its merge: the workers then free each part's counts as soon as it is added up.
        waiting = {future: sizes[future.key] for future in leaves} if progress is not None else {}
        del leaves
        return _outcome(client, level[0], waiting, progress, token).counts


#: How often the wait for the counts looks whether the cluster is still there.
POLL_SECONDS = 2.0
#: How often it looks once the cluster has no worker: the end should come promptly.
WORKERLESS_POLL_SECONDS = 0.25
#: A cluster without a single worker for this long will count nothing more: the count stops. Long enough
#: for a worker's nanny to start it again after a crash (about a second), short enough not to look hung.
WORKERLESS_SECONDS = 5.0


def _outcome(client: Any, result: Any, waiting: dict[Any, int], progress: Progress | None, token: str) -> PartCounts:
    """The result of ``result``, reporting each finished part to ``progress``; a lost scheduler, or a cluster
    left without workers for ``WORKERLESS_SECONDS``, ends the wait with a ``ConnectionError``
    (Dask itself would wait for ever). ``token`` is in the key of every task of this count."""
    workerless_since: float | None = None
    had_workers = bool(client.scheduler_info().get("workers"))  # when the tasks were sent
    while True:
        try:
            outcome = result.result(timeout=POLL_SECONDS if workerless_since is None else WORKERLESS_POLL_SECONDS)
        except TimeoutError:
            outcome = None
        except BaseException as error:
            if type(error).__name__ == "KilledWorker":  # a part's task took down every worker it was given
                raise ConnectionError(
                    f"Dask workers at {client.scheduler.address} died while counting (killed, or out of memory), "
                    "each time the same part was tried; look at the workers' logs, then count again"
                ) from None
            # Dask cancels every task when the client loses its scheduler ("scheduler-connection-lost").
            if "Cancelled" not in type(error).__name__:
                raise
            raise ConnectionError(
                f"lost the Dask scheduler at {client.scheduler.address} before the count was done; "
                "start it again and count again"
            ) from None
        for future in [future for future in waiting if outcome is not None or future.done()]:
            if progress is not None:
                progress(waiting[future])
            del waiting[future]
        if outcome is not None:
            return outcome
        if client.status not in ("running", "connecting", "newly-created"):
            raise ConnectionError(
                f"lost the Dask scheduler at {client.scheduler.address} (the client is {client.status}); "
                "start it again and count again"
            )
        try:
            workers = len(client.nthreads())
        except (OSError, TimeoutError) as error:
            raise ConnectionError(f"lost the Dask scheduler at {client.scheduler.address}: {error}") from None
        if workers:
            workerless_since, had_workers = None, True
        elif workerless_since is None:
            workerless_since = time.monotonic()
        elif time.monotonic() - workerless_since > WORKERLESS_SECONDS:
            lost = had_workers or _removed_a_worker_of(client, token)
            what = "lost every Dask worker of" if lost else "found no Dask worker in"
            raise ConnectionError(
                f"{what} the cluster at {client.scheduler.address} (none for {WORKERLESS_SECONDS:.0f} s) before "
                "the count was done; start some (dask worker ADDRESS) and count again"
            )


def _removed_a_worker_of(client: Any, token: str) -> bool:
    """Whether the scheduler removed a worker that held a task of this count. The wait looks at the
    workers only every ``POLL_SECONDS``, so a worker can come and go between two looks; the scheduler's
    own record tells a lost worker from one that never came."""
    try:
        events = client.get_events("all")
    except (OSError, TimeoutError):
        return False
    for _, message in events:
        if not isinstance(message, dict) or message.get("action") != "remove-worker":
            continue
        held = [*message.get("processing-tasks", ()), *message.get("lost-computed-tasks", ())]
        if any(token in str(key) for key in held):
            return True
    return False


def _part_size(part: FilePart, found: dict[str, int]) -> int:
    """The bytes of ``part``; a whole file's are its size as it was found (``found``: path -> size)."""
    end = found.get(part.path, 0) if part.end is None else part.end
    return end - part.start


__all__ = [
    "INSTALL_HINT",
    "MERGE_FAN_IN",
    "PARTS_PER_WORKER",
    "PartCounts",
    "connected",
    "count_with_dask",
    "dashboard_link",
    "import_distributed",
    "local_cluster",
    "plan_parts",
]
