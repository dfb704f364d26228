"""Figures for notebook 03: each merge's candidates and score, vocab growth, words made whole.

Every figure reads a ``Trace``; nothing is trained again.

>>> from wordpiece_lib import train_bottom_up
>>> from wordpiece_lib.data import datasets
>>> trace = train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"], top_k=5)
>>> candidate_bars(trace, 1).axes[0].get_title()
'Merge 1: ##g + ##s -> ##gs'
"""

from __future__ import annotations

import math
from typing import Any

from wordpiece_lib._validate import check_bool, check_instance
from wordpiece_lib.classroom import display
from wordpiece_lib.training import Trace


def candidate_bars(trace: Trace, step: int) -> Any:
    """The recorded candidates of merge ``step`` (from 1), winner in red.

    Needs a trace trained with ``top_k > 0``. This is the static twin of the
    merge stepper's chart.
    """
    _check_step(trace, step)
    chosen = trace.steps[step - 1]
    if not chosen.candidates:
        raise ValueError("this trace has no recorded candidates: train with top_k=5 (or more) to draw them")
    return display.score_bar_chart(
        [f"{c.pair[0]} + {c.pair[1]}" for c in chosen.candidates],
        [c.score for c in chosen.candidates],
        title=display.plain(f"Merge {step}: {chosen.pair[0]} + {chosen.pair[1]} -> {chosen.new_token}"),
        xlabel=f"{trace.criterion} score",
    )


def _check_step(trace: Trace, step: int) -> None:
    check_instance(trace, "trace", Trace)
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

    >>> from wordpiece_lib import train_bottom_up
    >>> from wordpiece_lib.data import datasets
    >>> trace = train_bottom_up(datasets.course_counts(), 120)
    >>> [text.get_text() for text in winning_scores(trace).axes[0].texts][:2]
    ['will', 'trai']
    """
    check_instance(trace, "trace", Trace)
    if log is not None:
        check_bool(log, "log")
    if not trace.steps:
        raise ValueError("the trace has no merges to draw")
    steps = [s.number for s in trace.steps]
    values = [s.score_float for s in trace.steps]
    figure, axes = display.new_figure(7.5, 3.6)
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
                color=display.WINNER_COLOUR,
                label="score 1: both pieces occur once, side by side (a rare word)",
            )
            for s in ones[:8]:  # upright names: neighbouring merges would overlap side by side
                axes.annotate(
                    display.plain(s.new_token),
                    (s.number, 1.0),
                    xytext=(0, 7),
                    textcoords="offset points",
                    ha="center",
                    rotation=90,
                )
            axes.legend(loc="lower left", fontsize=9)
            axes.set_ylim(top=4.0 if log else 1.5)
    axes.set_xlabel("merge number")
    axes.set_ylabel(f"winning {trace.criterion} score")
    title = "Score of the pair chosen at each merge"
    axes.set_title(title)
    axes.grid(alpha=0.3)
    first, last = trace.steps[0], trace.steps[-1]
    high = max(trace.steps, key=lambda s: s.score_float)
    summary = (
        f"Line chart, {title}, {len(steps)} merges{' (log scale)' if log else ''}: "
        f"{display.fraction_text(first.score)} at merge 1 ({first.new_token}), {display.fraction_text(last.score)} at merge "
        f"{last.number} ({last.new_token}); highest {display.fraction_text(high.score)} at merge {high.number}."
    )
    if trace.criterion == "wordpiece":
        ones = [s.new_token for s in trace.steps if s.score == 1]
        if ones:
            summary += f" {len(ones)} merges score exactly 1 (marked in red and named): {display.plain_list(ones)}."
    rows = [[s.number, f"{s.pair[0]} + {s.pair[1]}", s.new_token, display.fraction_text(s.score)] for s in trace.steps]
    return display.describe(figure, title, summary, display.data_table(["merge", "pair", "new token", "score"], rows))


def vocab_growth(trace: Trace) -> Any:
    """Vocab size after each merge, from the alphabet to the end of training."""
    check_instance(trace, "trace", Trace)
    start = len(trace.tokens(0))
    steps = [0, *(s.number for s in trace.steps)]
    sizes = [start, *(s.vocab_size for s in trace.steps)]
    figure, axes = display.new_figure(7.5, 3.6)
    axes.step(steps, sizes, where="post")
    axes.axhline(start, color="grey", linestyle=":", linewidth=1)
    axes.annotate(f"start: {start} (special tokens + alphabet)", (0, start), xytext=(4, 6), textcoords="offset points")
    axes.set_xlabel("merge number")
    axes.set_ylabel("tokens in the vocab")
    title = f"Vocab growth ({trace.stop_reason or 'training stopped'})"
    axes.set_title(title)
    axes.grid(alpha=0.3)
    summary = (
        f"Step chart, {title}: {start} tokens before any merge (special tokens and alphabet), "
        f"{sizes[-1]} after {steps[-1]} merges."
    )
    return display.describe(
        figure, title, summary, display.data_table(["merge", "tokens in the vocab"], zip(steps, sizes))
    )


def merge_progress(trace: Trace) -> Any:
    """What each merge does to the training words: pieces per word, and words made whole.

    Top: the average number of pieces per word of the corpus (weighted by
    count) after each merge. Bottom: the share of distinct words that are a
    single token. Reads ``trace.splits_at``; nothing is trained.

    >>> from wordpiece_lib import train_bottom_up
    >>> from wordpiece_lib.data import datasets
    >>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> figure = merge_progress(trace)
    >>> [round(float(y), 2) for y in figure.axes[0].lines[0].get_ydata()][:3]  # 113/36, 108/36, 93/36
    [3.14, 3.0, 2.58]
    """
    check_instance(trace, "trace", Trace)
    if not trace.steps:
        raise ValueError("the trace has no merges to draw")
    counts = dict(trace.word_counts)
    total = sum(counts.values())
    steps = [0, *(s.number for s in trace.steps)]
    per_word, whole = [], []
    for step in steps:
        splits = trace.splits_at(step)
        per_word.append(sum(len(splits[word]) * count for word, count in counts.items()) / total)
        whole.append(100 * sum(len(splits[word]) == 1 for word in counts) / len(counts))
    figure, (top, bottom) = display.new_figure(7.5, 5.2, 2, 1, sharex=True)
    top.plot(steps, per_word, color=display.OTHER_COLOUR, marker="o" if len(steps) <= 60 else None, markersize=3)
    top.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    top.set_ylabel("pieces per word")
    title = f"What the merges do to the training words ({trace.stop_reason or 'training stopped'})"
    top.set_title(title)
    bottom.plot(steps, whole, color=display.WINNER_COLOUR)
    bottom.set_ylim(0, 105)
    bottom.set_ylabel("words that are\none token (%)")
    bottom.set_xlabel("merge number")
    for axes in (top, bottom):
        axes.grid(alpha=0.3)
    summary = (
        f"Two line charts over {steps[-1]} merges, {title}. Top: pieces per word (weighted by count) falls from "
        f"{per_word[0]:.2f} to {per_word[-1]:.2f}. Bottom: words that are one token rise from {whole[0]:.0f}% "
        f"to {whole[-1]:.0f}% of the {len(counts)} distinct words."
    )
    rows = [[step, round(pieces, 3), round(share, 1)] for step, pieces, share in zip(steps, per_word, whole)]
    table = display.data_table(["merge", "pieces per word", "words that are one token (%)"], rows)
    return display.describe(figure, title, summary, table)


__all__ = ["candidate_bars", "merge_progress", "vocab_growth", "winning_scores"]
