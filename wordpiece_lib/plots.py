"""Matplotlib figures for the notebooks: scores, merges and vocab growth.

Every function returns a ``matplotlib.figure.Figure`` (closed for pyplot, so
a notebook shows it once, as the cell's result) and never trains: score
figures read a ``score_table`` DataFrame, step figures read a ``Trace``.

>>> from wordpiece_lib import datasets, initial_splits, score_table
>>> counts = datasets.hug_pug_counts()
>>> figure = score_heatmap(score_table(initial_splits(counts), counts))
>>> figure.axes[0].get_title()
'WordPiece score of each adjacent pair'
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from .trace import Trace

WINNER_COLOUR = "#d62728"
OTHER_COLOUR = "#8fb6d9"


def new_figure(width: float, height: float) -> tuple[Any, Any]:
    """A closed figure and its axes, so a notebook shows it exactly once.

    >>> figure, axes = new_figure(4, 3)
    >>> [round(size) for size in figure.get_size_inches()]
    [4, 3]
    """
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(width, height), layout="constrained")
    plt.close(figure)  # returned, not auto-shown: a notebook displays it once
    return figure, axes


def fraction_text(value: Fraction | int | float) -> str:
    """A short label for a score: exact when small, else 4 significant digits.

    >>> fraction_text(Fraction(1, 15)), fraction_text(Fraction(5184, 25)), fraction_text(3)
    ('1/15', '207.4', '3')
    """
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        if len(str(value)) <= 6:
            return str(value)
        value = float(value)
    return f"{value:.4g}"


def _check_table(table: Any) -> None:
    needed = {"left", "right", "score"}
    columns = set(getattr(table, "columns", []))
    if not needed <= columns:
        raise TypeError("table must be a DataFrame from score_table(...) with columns left, right, score")


def score_heatmap(table: Any, *, title: str = "WordPiece score of each adjacent pair", annotate: bool = True) -> Any:
    """Scores as a grid: left piece (rows) x right piece (columns).

    Empty cells are pairs that never occur next to each other. The colour
    scale starts at 0, so colours compare as the scores do. The best pair
    (the table's first row) is outlined in ``WINNER_COLOUR`` (red).

    >>> from wordpiece_lib import datasets, initial_splits, score_table
    >>> counts = datasets.hug_pug_counts()
    >>> score_heatmap(score_table(initial_splits(counts), counts)).axes[0].images[0].get_clim()[0]
    0.0
    """
    _check_table(table)
    if len(table) == 0:
        raise ValueError("table is empty: there is no pair to draw")
    import numpy as np

    lefts = list(dict.fromkeys(table["left"]))
    rights = list(dict.fromkeys(table["right"]))
    grid = np.full((len(lefts), len(rights)), np.nan)
    labels: dict[tuple[int, int], str] = {}
    for left, right, score in zip(table["left"], table["right"], table["score"]):
        row, col = lefts.index(left), rights.index(right)
        grid[row, col] = float(score)
        labels[(row, col)] = fraction_text(score)
    width = min(2.0 + 0.9 * len(rights), 16.0)
    height = min(1.5 + 0.55 * len(lefts), 12.0)
    figure, axes = new_figure(width, height)
    shown = np.ma.masked_invalid(grid)
    image = axes.imshow(shown, cmap="viridis", aspect="auto", vmin=0.0)
    axes.set_xticks(range(len(rights)), rights, rotation=45, ha="right")
    axes.set_yticks(range(len(lefts)), lefts)
    axes.set_xlabel("right piece")
    axes.set_ylabel("left piece")
    axes.set_title(title)
    figure.colorbar(image, ax=axes, label="score (red outline: best pair)")
    if annotate and len(labels) <= 150:
        top = np.nanmax(grid)
        for (row, col), text in labels.items():
            colour = "black" if grid[row, col] > 0.6 * top else "white"
            axes.text(col, row, text, ha="center", va="center", fontsize=9, color=colour)
    best_row, best_col = lefts.index(table["left"].iloc[0]), rights.index(table["right"].iloc[0])
    from matplotlib.patches import Rectangle

    axes.add_patch(Rectangle((best_col - 0.5, best_row - 0.5), 1, 1, fill=False, edgecolor=WINNER_COLOUR, linewidth=3))
    return figure


def score_bars(table: Any, *, top: int = 15, title: str = "Best pairs, highest score first") -> Any:
    """The ``top`` best pairs as horizontal bars, winner in red, exact labels.

    Pairs tied with the winner are drawn with a red edge: they could have
    won under another tie-break policy.
    """
    _check_table(table)
    if len(table) == 0:
        raise ValueError("table is empty: there is no pair to draw")
    rows = table.head(top)
    return _bars(
        [f"{left} + {right}" for left, right in zip(rows["left"], rows["right"])],
        list(rows["score"]),
        title=title,
        xlabel="score",
    )


def _bars(names: list[str], scores: list[Fraction], *, title: str, xlabel: str) -> Any:
    figure, axes = new_figure(7.5, 0.9 + 0.38 * len(names))
    values = [float(score) for score in scores]
    colours = [WINNER_COLOUR if index == 0 else OTHER_COLOUR for index in range(len(values))]
    edges = [WINNER_COLOUR if score == scores[0] else "none" for score in scores]
    positions = list(range(len(values)))
    axes.barh(positions, values, color=colours, edgecolor=edges, linewidth=2)
    axes.set_yticks(positions, names)
    axes.invert_yaxis()
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    top = max(values) if values else 1.0
    for position, (value, score) in enumerate(zip(values, scores)):
        axes.text(value + top * 0.01, position, fraction_text(score), va="center", fontsize=9)
    axes.set_xlim(0, top * 1.18 if top > 0 else 1)
    axes.spines[["top", "right"]].set_visible(False)
    return figure


def candidate_bars(trace: Trace, step: int) -> Any:
    """The recorded candidates of merge ``step`` (from 1), winner in red.

    Needs a trace trained with ``top_k > 0``. This is the static twin of the
    merge stepper's chart.
    """
    _check_step(trace, step)
    chosen = trace.steps[step - 1]
    if not chosen.candidates:
        raise ValueError("this trace has no recorded candidates: train with top_k=5 (or more) to draw them")
    return _bars(
        [f"{c.pair[0]} + {c.pair[1]}" for c in chosen.candidates],
        [c.score for c in chosen.candidates],
        title=f"Merge {step}: {chosen.pair[0]} + {chosen.pair[1]} -> {chosen.new_token}",
        xlabel=f"{trace.criterion} score",
    )


def _check_step(trace: Trace, step: int) -> None:
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be an int, got {type(step).__name__}")
    if not 1 <= step <= len(trace.steps):
        raise ValueError(f"step must be between 1 and {len(trace.steps)}, got {step}")


def winning_scores(trace: Trace, *, log: bool | None = None) -> Any:
    """The winning score of every merge, in order.

    WordPiece scores do not fall steadily like BPE counts: a merge can make
    a rare pair suddenly score high. Merges scoring exactly 1 (the highest
    possible WordPiece score: both pieces occur once, side by side) are
    marked and named. ``log`` defaults to a log scale when the scores span
    more than two orders of magnitude.

    >>> from wordpiece_lib import datasets, train_bottom_up
    >>> trace = train_bottom_up(datasets.course_counts(), 120)
    >>> [text.get_text() for text in winning_scores(trace).axes[0].texts][:2]
    ['will', 'trai']
    """
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    if not trace.steps:
        raise ValueError("the trace has no merges to draw")
    steps = [s.number for s in trace.steps]
    values = [s.score_float for s in trace.steps]
    figure, axes = new_figure(7.5, 3.6)
    marker = "o" if len(steps) <= 60 else None
    axes.plot(steps, values, marker=marker, markersize=4, linewidth=1)
    positive = [v for v in values if v > 0 and math.isfinite(v)]
    if log is None:
        log = bool(positive) and max(positive) / min(positive) > 100
    if log:
        axes.set_yscale("log")
    if trace.criterion == "wordpiece":
        ones = [s for s in trace.steps if s.score == 1]
        if ones:
            axes.plot(
                [s.number for s in ones],
                [1.0] * len(ones),
                linestyle="none",
                marker="o",
                markersize=7,
                color=WINNER_COLOUR,
                label="score 1: both pieces occur once, side by side (a rare word)",
            )
            for s in ones[:8]:  # upright names: neighbouring merges would overlap side by side
                axes.annotate(
                    s.new_token, (s.number, 1.0), xytext=(0, 7), textcoords="offset points", ha="center", rotation=90
                )
            axes.legend(loc="lower left", fontsize=9)
            axes.set_ylim(top=4.0 if log else 1.5)
    axes.set_xlabel("merge number")
    axes.set_ylabel(f"winning {trace.criterion} score")
    axes.set_title("Score of the pair chosen at each merge")
    axes.grid(alpha=0.3)
    return figure


def vocab_growth(trace: Trace) -> Any:
    """Vocab size after each merge, from the alphabet to the end of training."""
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    start = len(trace.tokens(0))
    steps = [0, *(s.number for s in trace.steps)]
    sizes = [start, *(s.vocab_size for s in trace.steps)]
    figure, axes = new_figure(7.5, 3.6)
    axes.step(steps, sizes, where="post")
    axes.axhline(start, color="grey", linestyle=":", linewidth=1)
    axes.annotate(f"start: {start} (special tokens + alphabet)", (0, start), xytext=(4, 6), textcoords="offset points")
    axes.set_xlabel("merge number")
    axes.set_ylabel("tokens in the vocab")
    axes.set_title(f"Vocab growth ({trace.stop_reason or 'training stopped'})")
    axes.grid(alpha=0.3)
    return figure


def merge_progress(trace: Trace) -> Any:
    """What each merge does to the training words: pieces per word, and words made whole.

    Top: the average number of pieces per word of the corpus (weighted by
    count) after each merge. Bottom: the share of distinct words that are a
    single token. Reads ``trace.splits_at``; nothing is trained.

    >>> from wordpiece_lib import datasets, train_bottom_up
    >>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> figure = merge_progress(trace)
    >>> [round(float(y), 2) for y in figure.axes[0].lines[0].get_ydata()][:3]  # 113/36, 108/36, 93/36
    [3.14, 3.0, 2.58]
    """
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    if not trace.steps:
        raise ValueError("the trace has no merges to draw")
    import matplotlib.pyplot as plt

    counts = dict(trace.word_counts)
    total = sum(counts.values())
    steps = [0, *(s.number for s in trace.steps)]
    per_word, whole = [], []
    for step in steps:
        splits = trace.splits_at(step)
        per_word.append(sum(len(splits[word]) * count for word, count in counts.items()) / total)
        whole.append(100 * sum(len(splits[word]) == 1 for word in counts) / len(counts))
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(7.5, 5.2), sharex=True, layout="constrained")
    plt.close(figure)  # returned, not auto-shown: a notebook displays it once
    top.plot(steps, per_word, color=OTHER_COLOUR, marker="o" if len(steps) <= 60 else None, markersize=3)
    top.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    top.set_ylabel("pieces per word")
    top.set_title(f"What the merges do to the training words ({trace.stop_reason or 'training stopped'})")
    bottom.plot(steps, whole, color=WINNER_COLOUR)
    bottom.set_ylim(0, 105)
    bottom.set_ylabel("words that are\none token (%)")
    bottom.set_xlabel("merge number")
    for axes in (top, bottom):
        axes.grid(alpha=0.3)
    return figure


def word_count_bars(word_counts: Any, *, top: int = 20, title: str = "Most frequent words") -> Any:
    """The ``top`` most frequent words of a ``WordCounts`` as bars.

    >>> from wordpiece_lib import datasets
    >>> word_count_bars(datasets.course_counts(), top=5).axes[0].get_title()
    'Most frequent words'
    """
    if not hasattr(word_counts, "most_common"):
        raise TypeError(f"word_counts must be a WordCounts, got {type(word_counts).__name__}")
    rows = word_counts.most_common(top)
    if not rows:
        raise ValueError("word_counts is empty: there is nothing to draw")
    figure, axes = new_figure(7.5, 0.9 + 0.32 * len(rows))
    positions = list(range(len(rows)))
    axes.barh(positions, [count for _, count in rows], color=OTHER_COLOUR)
    axes.set_yticks(positions, [repr(word) for word, _ in rows])
    axes.invert_yaxis()
    axes.set_xlabel("count")
    axes.set_title(title)
    axes.spines[["top", "right"]].set_visible(False)
    return figure


def fertility_curve(trace: Trace, words: Any = None, *, points: int = 12) -> Any:
    """Average tokens per word (longest-match-first) as the vocab grows.

    Reads the vocab after ``points`` evenly spaced numbers of merges from the
    trace (no training); words default to the trace's corpus, weighted by count.
    """
    from .encode import encode_word

    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    counts = dict(trace.word_counts) if words is None else {word: 1 for word in words}
    total = len(trace.steps)
    marks = sorted({round(total * index / max(points - 1, 1)) for index in range(points)})
    sizes, averages = [], []
    for mark in marks:
        vocab = set(trace.tokens(mark))
        pieces = sum(len(encode_word(word, vocab, prefix=trace.prefix)) * count for word, count in counts.items())
        sizes.append(len(vocab))
        averages.append(pieces / sum(counts.values()))
    figure, axes = new_figure(7.5, 3.6)
    axes.plot(sizes, averages, marker="o")
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    axes.set_xlabel("tokens in the vocab")
    axes.set_ylabel("tokens per word")
    axes.set_title("A bigger vocab cuts words into fewer pieces")
    axes.grid(alpha=0.3)
    return figure


__all__ = [
    "candidate_bars",
    "fertility_curve",
    "fraction_text",
    "merge_progress",
    "score_bars",
    "score_heatmap",
    "vocab_growth",
    "winning_scores",
    "word_count_bars",
]
