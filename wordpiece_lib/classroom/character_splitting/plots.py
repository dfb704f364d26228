"""Figures for notebook 01: the most frequent words.

Like every figure of the notebooks, it returns a closed ``matplotlib.figure.Figure``
(a notebook shows it once, as the cell's result).

>>> from wordpiece_lib.data import datasets
>>> word_count_bars(datasets.course_counts(), top=5).axes[0].get_title()
'Most frequent words'
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib._validate import check_int, check_str
from wordpiece_lib.classroom import display


def word_count_bars(word_counts: Any, *, top: int = 20, title: str = "Most frequent words") -> Any:
    """The ``top`` most frequent words of a ``WordCounts`` as bars.

    >>> from wordpiece_lib.data import datasets
    >>> word_count_bars(datasets.course_counts(), top=5).axes[0].get_title()
    'Most frequent words'
    """
    if not hasattr(word_counts, "most_common"):
        raise TypeError(f"word_counts must be a WordCounts, got {type(word_counts).__name__}")
    check_int(top, "top", minimum=1)
    check_str(title, "title")
    rows = word_counts.most_common(top)
    if not rows:
        raise ValueError("word_counts is empty: there is nothing to draw")
    figure, axes = display.new_figure(7.5, 0.9 + 0.32 * len(rows))
    positions = list(range(len(rows)))
    axes.barh(positions, [count for _, count in rows], color=display.OTHER_COLOUR)
    axes.set_yticks(positions, [display.plain(repr(word)) for word, _ in rows])
    axes.invert_yaxis()
    axes.set_xlabel("count")
    axes.set_title(title)
    axes.spines[["top", "right"]].set_visible(False)
    words = [f"{word!r} {count:,}" for word, count in rows]
    summary = f"Bar chart, {title}: the {len(rows)} most frequent words with their counts, {display.plain_list(words, limit=6)}."
    return display.describe(figure, title, summary, display.data_table(["word", "count"], rows))


__all__ = ["word_count_bars"]
