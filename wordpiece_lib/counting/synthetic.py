"""Synthetic corpora of any size: lines of words drawn with given frequencies (Zipf-like when real).

Benchmarks and notebook 11 need corpora of 10 MB to 1 GB with a realistic
spread of word frequencies, generated on the spot instead of downloaded or
committed. ``write_corpus`` draws words independently, each with probability
proportional to its weight (for instance ``wordfreq``'s English frequencies,
or a book's own word counts), into lines of 4 to 24 words, the first word
capitalised and a full stop at the end. The same seed gives the same bytes.

Independent draws make no grammar, but the distinct words, their frequencies
and so the cost of counting and training grow with the size the way they do
in real text of the same vocabulary (up to the list's size: the number of
distinct words stops growing once every listed word has been drawn).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from .._validate import check_int, check_path, check_sequence
from ..atomic import atomic_writer

#: Words drawn at a time (memory: a few arrays of this length).
_DRAW = 1 << 18


def write_corpus(
    path: str | os.PathLike[str],
    weights: Mapping[str, float] | Sequence[tuple[str, float]],
    size_bytes: int,
    *,
    seed: int = 0,
    shortest_line: int = 4,
    longest_line: int = 24,
) -> Path:
    """Write about ``size_bytes`` of lines drawn from ``weights`` (word -> weight) to ``path``; returns it.

    The file ends at the first line end after ``size_bytes``; it is written
    atomically and in blocks, so memory does not grow with its size.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "corpus.txt"
    >>> text = write_corpus(path, {"hug": 3, "pug": 1}, 60, seed=1).read_text()
    >>> len(text) >= 60, text.endswith(" .\\n"), set(text.split()) <= {"hug", "pug", "Hug", "Pug", "."}
    (True, True, True)
    """
    import numpy as np

    check_path(path, "path")
    pairs = list(weights.items()) if isinstance(weights, Mapping) else check_sequence(weights, "weights")
    check_int(seed, "seed", minimum=0)
    if not pairs:
        raise ValueError("weights is empty: give at least one word with a positive weight")
    words = np.array([word for word, _ in pairs], dtype=object)
    chances = np.array([float(weight) for _, weight in pairs], dtype=float)
    if not np.all(chances > 0) or not np.all(np.isfinite(chances)):
        raise ValueError("every weight must be a positive, finite number")
    if any(not isinstance(word, str) or not word or word != word.strip() or " " in word for word in words):
        raise ValueError("every word must be a non-empty str without spaces")
    check_int(size_bytes, "size_bytes", minimum=1)
    check_int(shortest_line, "shortest_line", minimum=1)
    check_int(longest_line, "longest_line", minimum=shortest_line)
    cumulative = np.cumsum(chances / chances.sum())
    generator = np.random.default_rng(seed)
    written = 0
    with atomic_writer(path) as stream:
        while written < size_bytes:
            drawn = words[np.minimum(np.searchsorted(cumulative, generator.random(_DRAW)), len(words) - 1)]
            lengths = generator.integers(shortest_line, longest_line + 1, size=_DRAW // shortest_line)
            ends = np.cumsum(lengths)
            ends = ends[ends <= _DRAW]
            lines = []
            start = 0
            for end in ends.tolist():
                line = drawn[start:end]
                lines.append(
                    f"{line[0].capitalize()} {' '.join(line[1:])} .\n" if end - start > 1 else f"{line[0]} .\n"
                )
                start = end
            block = "".join(lines).encode("utf-8")
            if written + len(block) > size_bytes:
                cut = block.index(b"\n", size_bytes - written - 1) + 1 if size_bytes - written > 0 else 0
                block = block[:cut]
            stream.write(block)
            written += len(block)
    return Path(path)


__all__ = [
    "write_corpus",
]
