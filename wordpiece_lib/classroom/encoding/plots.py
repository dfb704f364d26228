"""Figures for notebook 04: tokens per word as the vocab grows.

>>> from wordpiece_lib import train_bottom_up
>>> from wordpiece_lib.data import datasets
>>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
>>> fertility_curve(trace).axes[0].get_ylabel()
'tokens per word'
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib._validate import check_instance, check_int
from wordpiece_lib.classroom import display
from wordpiece_lib.training import Trace


def fertility_curve(trace: Trace, words: Any = None, *, points: int = 12) -> Any:
    """Average tokens per word (longest-match-first) as the vocab grows.

    Reads the vocab after ``points`` evenly spaced numbers of merges from the
    trace (no training); words default to the trace's corpus, weighted by count.
    """
    from wordpiece_lib.model import encode_word

    check_instance(trace, "trace", Trace)
    check_int(points, "points", minimum=2)
    counts = dict(trace.word_counts) if words is None else {word: 1 for word in words}
    total = len(trace.steps)
    marks = sorted({round(total * index / max(points - 1, 1)) for index in range(points)})
    sizes, averages = [], []
    for mark in marks:
        vocab = set(trace.tokens(mark))
        pieces = sum(len(encode_word(word, vocab, prefix=trace.prefix)) * count for word, count in counts.items())
        sizes.append(len(vocab))
        averages.append(pieces / sum(counts.values()))
    figure, axes = display.new_figure(7.5, 3.6)
    axes.plot(sizes, averages, marker="o")
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    title = "A bigger vocab cuts words into fewer pieces"
    axes.set(xlabel="tokens in the vocab", ylabel="tokens per word", title=title)
    axes.grid(alpha=0.3)
    summary = (
        f"Line chart, {title}: tokens per word (longest match first) against tokens in the vocab, "
        f"{averages[0]:.2f} at {sizes[0]} tokens, {averages[len(averages) // 2]:.2f} at {sizes[len(sizes) // 2]}, "
        f"{averages[-1]:.2f} at {sizes[-1]}."
    )
    rows = [[size, round(average, 3)] for size, average in zip(sizes, averages)]
    return display.describe(
        figure, title, summary, display.data_table(["tokens in the vocab", "tokens per word"], rows)
    )


__all__ = ["fertility_curve"]
