"""``count_files``: the words of whole files, counted in this process, on local processes or on a Dask cluster.

One entry point for the three ways of counting (notebook 11). It checks
every argument before a file is opened, then hands the parts to
``stream_count`` (one process), ``local_count`` (``workers=N``) or
``dask_count`` (``dask=...``). All three give the same ``WordCounts``, first-seen
order included (see ``stream_count`` for why).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from typing import IO, Any

from ..text.normalizer import BertNormalizer
from .dask_count import count_with_dask
from .local_count import count_with_processes
from .stream_count import count_into, expand_sources, make_splitter, resolve_workers
from .textstream import FilePart, Progress
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
    input are done.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("Hug, hug!\\n")
    >>> count_files([path], lowercase=True)
    WordCounts({'hug': 2, ',': 1, '!': 1})
    """
    # Every argument is checked before any file is opened.
    splitter = make_splitter(lowercase=lowercase, pretokenizer=pretokenizer, normalizer=normalizer)
    workers = resolve_workers(workers)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function progress(n_bytes) or None, got {type(progress).__name__}")
    sources = expand_sources(inputs)
    # A stream is read once, front to back, so it cannot be shared out in parts.
    if any(not isinstance(source, str) for source in sources) and (dask is not None or workers > 1):
        raise ValueError(
            "an open stream (standard input) is counted by this process alone: give workers=1 and no dask, "
            "or save it to a file first"
        )
    paths: list[str] = sources  # type: ignore[assignment]
    if dask is not None:
        return WordCounts.adopt(count_with_dask(paths, splitter, dask, workers=workers, progress=progress))
    if workers > 1:
        return WordCounts.adopt(count_with_processes(paths, splitter, workers=workers, progress=progress))
    counts: Counter[str] = Counter()
    for source in sources:
        count_into(FilePart(source) if isinstance(source, str) else source, splitter, counts, progress)
    return WordCounts.adopt(counts)


__all__ = ["count_files"]
