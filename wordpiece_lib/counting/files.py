"""``count_files``: the words of whole files, counted in this process, on local processes or on a Dask cluster.

One entry point for the three ways of counting (notebook 11). The inputs are
found once (``sources.find_sources``: patterns expanded, each file looked at
once); every argument is checked before a file is opened; then the same
sources go to ``stream_count`` (one process), ``local_count`` (``workers=N``)
or ``dask_count`` (``dask=...``). All three give the same ``WordCounts``,
first-seen order included (see ``stream_count`` for why).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import IO, Any

from .._validate import check_instance, check_positive_int
from ..text.fast_split import FastSplitter
from ..text.normalizer import BertNormalizer
from .dask_count import count_with_dask
from .local_count import count_with_processes
from .sources import Source, check_sources, check_unchanged, find_sources
from .stream_count import count_into, make_splitter, resolve_workers
from .textstream import MAX_WORD_BYTES, Progress
from .word_counts import WordCounts


def count_files(
    inputs: Iterable[str | os.PathLike[str] | IO[bytes]],
    *,
    lowercase: bool = False,
    pretokenizer: str = "bert",
    normalizer: BertNormalizer | None = None,
    workers: int = 1,
    dask: Any = None,
    progress: Progress | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> WordCounts:
    """Count the words of UTF-8 text files (plain, gzip, bzip2 or xz; glob patterns allowed) as a stream.

    An open binary stream (standard input) may stand among the files; it is read by this process.

    The result equals ``WordCounts.from_texts([text of each file], ...)``
    with the same settings, first-seen order included, whatever ``workers``
    or ``dask`` say. ``workers`` is the number of local processes (``0``:
    one per CPU); ``dask`` is a Dask ``Client``, a scheduler address such as
    ``"tcp://10.0.0.5:8786"``, or ``"local"`` for a ``LocalCluster`` of
    ``workers`` processes on this machine (needs ``pip install
    "wordpiece-lib[dask]"``). ``progress(n)`` is told as each ``n`` bytes of
    input are done. A run of more than ``max_word_bytes`` bytes without a
    space or line end (``/dev/zero``, a binary file) is an error naming the
    file and offset, and so is a file that changes while it is read.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("Hug, hug!\\n")
    >>> count_files([path], lowercase=True)
    WordCounts({'hug': 2, ',': 1, '!': 1})
    """
    splitter = make_splitter(lowercase=lowercase, pretokenizer=pretokenizer, normalizer=normalizer)
    return count_sources(
        find_sources(inputs), splitter, workers=workers, dask=dask, progress=progress, max_word_bytes=max_word_bytes
    )


def count_sources(
    sources: Sequence[Source],
    splitter: FastSplitter,
    *,
    workers: int = 1,
    dask: Any = None,
    progress: Progress | None = None,
    max_word_bytes: int = MAX_WORD_BYTES,
) -> WordCounts:
    """The word counts of ``sources`` (``find_sources``: expanded and looked at once) cut into words by ``splitter``.

    ``count_files`` with the inputs already found: in this process, on ``workers`` local processes
    or on the Dask cluster ``dask``, all from the same sources.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("Hug, hug!\\n")
    >>> count_sources(find_sources([path]), make_splitter(lowercase=True))
    WordCounts({'hug': 2, ',': 1, '!': 1})
    """
    # Every argument is checked before any file is opened.
    sources = check_sources(sources)
    check_instance(splitter, "splitter", FastSplitter)
    workers = resolve_workers(workers)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function progress(n_bytes) or None, got {type(progress).__name__}")
    # A stream is read once, front to back, so it cannot be shared out in parts.
    if any(source.stream is not None for source in sources) and (dask is not None or workers > 1):
        raise ValueError(
            "an open stream (standard input) is counted by this process alone: give workers=1 and no dask, "
            "or save it to a file first"
        )
    check_positive_int(max_word_bytes, "max_word_bytes")
    if dask is not None:
        found = count_with_dask(
            sources, splitter, dask, workers=workers, progress=progress, max_word_bytes=max_word_bytes
        )
    elif workers > 1:
        found = count_with_processes(
            sources, splitter, workers=workers, progress=progress, max_word_bytes=max_word_bytes
        )
    else:
        counts: Counter[str] = Counter()
        for source in sources:
            count_into(source.reader(), splitter, counts, progress, max_word_bytes=max_word_bytes)
        found = counts
    check_unchanged(sources)
    return WordCounts.adopt(found)


__all__ = ["count_files", "count_sources"]
