"""Figures for notebook 07 (a real book), and the small tables behind them.

Like :mod:`wordpiece_lib.plots`, every figure function returns a closed
``matplotlib.figure.Figure`` and never trains: ``fertility_table`` and
``words_touched_per_merge`` read a finished ``Trace`` (its first merges are
the vocab of every smaller size, so one run gives them all).

>>> from wordpiece_lib import datasets, train_bottom_up
>>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
>>> words_touched_per_merge(trace)[:3]  # ('##g', '##s') is in hugs only; ('h', '##u') in hug and hugs
[1, 2, 1]
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any

from .corpus import as_word_counts
from .encode import encode_word
from .pieces import split_word
from .plots import OTHER_COLOUR, WINNER_COLOUR, new_figure
from .trace import Trace, merge_in_pieces

SIZE_COLUMN = "vocab size"


def _check_trace(trace: Any) -> Trace:
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    return trace


def steps_for_size(trace: Trace, size: int) -> int:
    """How many of the trace's merges give a vocab of at most ``size`` tokens.

    >>> from wordpiece_lib import datasets, train_bottom_up
    >>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> len(trace.tokens(0)), steps_for_size(trace, 10), len(trace.tokens(steps_for_size(trace, 10)))
    (8, 2, 10)
    """
    _check_trace(trace)
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"size must be an int, got {type(size).__name__}")
    start = len(trace.tokens(0))
    if size < start:
        raise ValueError(f"size must be at least {start} (special tokens + alphabet), got {size}")
    return bisect.bisect_right([step.vocab_size for step in trace.steps], size)


def fertility_table(trace: Trace, texts: Mapping[str, Any], sizes: Iterable[int]) -> Any:
    """Tokens per word (longest match first) of each text, at each vocab size.

    ``texts`` maps a column name to word counts (a ``WordCounts``, a mapping
    or ``(word, count)`` pairs); a word counts as often as it occurs. A size
    beyond the end of training gives the final vocab (the ``vocab size``
    column says which size was used).

    >>> from wordpiece_lib import datasets, train_bottom_up
    >>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> table = fertility_table(trace, {"corpus": datasets.hug_pug_counts(), "new": {"bugs": 1}}, [8, 100])
    >>> table.round(3).values.tolist()  # 8 tokens: every character alone; at the end 'bugs' is 'b ##ugs'
    [[8.0, 3.139, 4.0], [17.0, 1.0, 2.0]]
    """
    import pandas as pd

    _check_trace(trace)
    if not isinstance(texts, Mapping) or not texts:
        raise TypeError("texts must be a non-empty mapping: column name -> word counts")
    counted = {name: as_word_counts(words, f"texts[{name!r}]") for name, words in texts.items()}
    for name, counts in counted.items():
        if not counts.total:
            raise ValueError(f"texts[{name!r}] has no words")
    rows = []
    for size in sizes:
        vocab = set(trace.tokens(steps_for_size(trace, size)))
        row: dict[str, float] = {SIZE_COLUMN: len(vocab)}
        for name, counts in counted.items():
            pieces = sum(len(encode_word(word, vocab, prefix=trace.prefix)) * count for word, count in counts.items())
            row[name] = pieces / counts.total
        rows.append(row)
    if not rows:
        raise ValueError("sizes is empty: give at least one vocab size")
    return pd.DataFrame(rows, columns=[SIZE_COLUMN, *counted])


def fertility_by_size(table: Any, *, marked: Mapping[str, int] | None = None) -> Any:
    """Tokens per word against vocab size, one line per text of a ``fertility_table``.

    ``marked`` draws a labelled vertical line at each given vocab size.

    >>> import pandas as pd
    >>> figure = fertility_by_size(pd.DataFrame({"vocab size": [100, 200], "book": [3.0, 1.0]}), marked={"HF": 150})
    >>> [line.get_label() for line in figure.axes[0].lines][:1], figure.axes[0].get_xlabel()
    (['book'], 'tokens in the vocab')
    """
    columns = list(getattr(table, "columns", []))
    if SIZE_COLUMN not in columns or len(columns) < 2 or len(table) == 0:
        raise TypeError(
            "table must be a non-empty DataFrame from fertility_table(...): a 'vocab size' column and texts"
        )
    figure, axes = new_figure(7.5, 3.8)
    colours = [WINNER_COLOUR, OTHER_COLOUR, "#2ca02c", "#9467bd", "#8c564b"]
    for index, name in enumerate(column for column in columns if column != SIZE_COLUMN):
        axes.plot(table[SIZE_COLUMN], table[name], marker="o", markersize=4, label=name, color=colours[index % 5])
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    for label, size in (marked or {}).items():
        axes.axvline(size, color="black", linestyle="--", linewidth=1)
        axes.annotate(label, (size, 1.0), xytext=(4, 8), textcoords="offset points", fontsize=9)
    axes.set_xlabel("tokens in the vocab")
    axes.set_ylabel("tokens per word")
    axes.set_title("Tokens per word as the vocab grows")
    axes.legend()
    axes.grid(alpha=0.3)
    return figure


def words_touched_per_merge(trace: Trace) -> list[int]:
    """For every merge, how many distinct training words held the merged pair at that moment.

    Those are the only words an incremental trainer must visit; the reference
    trainer reads every word at every merge. Each word's merges are replayed
    in training order (the next merge a word saw is the first later merge whose
    pair it holds), so this needs no second training run.

    >>> from wordpiece_lib import train_bottom_up
    >>> trace = train_bottom_up({"aab": 3, "ab": 1, "aa": 2}, 100, special_tokens=[])
    >>> trace.merges, words_touched_per_merge(trace)  # ('a', '##a') is in aab and aa
    ([('a', '##a'), ('a', '##b'), ('aa', '##b')], [2, 1, 1])
    """
    _check_trace(trace)
    ranks_of: dict[tuple[str, str], list[int]] = {}
    for rank, step in enumerate(trace.steps):  # a pair can be merged again once a rebuilt token meets it
        ranks_of.setdefault(step.pair, []).append(rank)
    touched = [0] * len(trace.steps)
    for word in trace.word_counts:
        pieces = split_word(word, trace.prefix, marker=trace.marker)
        last = -1
        while len(pieces) > 1:
            upcoming = []
            for pair in itertools.pairwise(pieces):
                ranks = ranks_of.get(pair, ())
                later = bisect.bisect_right(ranks, last)
                if later < len(ranks):
                    upcoming.append(ranks[later])
            if not upcoming:
                break
            last = min(upcoming)
            touched[last] += 1
            step = trace.steps[last]
            pieces = merge_in_pieces(pieces, step.pair, step.new_token)
    return touched


def touched_words(touched: list[int], total_words: int) -> Any:
    """Words each merge touches (dots, log scale) against the words the reference reads every time.

    >>> figure = touched_words([1, 2, 1, 5], 10)
    >>> figure.axes[0].get_yscale()
    'log'
    """
    if isinstance(total_words, bool) or not isinstance(total_words, int) or total_words < 1:
        raise ValueError(f"total_words must be a positive int, got {total_words!r}")
    values = list(touched)
    if not values or not all(isinstance(value, int) and value >= 0 for value in values):
        raise ValueError("touched must be a non-empty list of counts (ints >= 0), e.g. words_touched_per_merge(trace)")
    figure, axes = new_figure(7.5, 3.8)
    numbers = [number for number, value in enumerate(values, start=1) if value > 0]
    axes.scatter(
        numbers, [value for value in values if value > 0], s=4, color=OTHER_COLOUR, label="words holding the pair"
    )
    axes.axhline(total_words, color=WINNER_COLOUR, linewidth=2, label=f"every word ({total_words:,}): the reference")
    mean = sum(values) / len(values)
    axes.axhline(mean, color="black", linestyle="--", linewidth=1, label=f"mean: {mean:.1f} words per merge")
    axes.set_yscale("log")
    axes.set_ylim(0.7, total_words * 80)  # room above the red line for the legend
    axes.set_xlabel("merge number")
    axes.set_ylabel("words read")
    axes.set_title("Words each merge has to visit")
    axes.legend(loc="upper right", fontsize=9)
    axes.grid(alpha=0.3)
    return figure


def _seconds_text(value: float) -> str:
    """
    >>> _seconds_text(3680.4), _seconds_text(0.7194)
    ('3,680 s', '0.719 s')
    """
    return f"{value:,.0f} s" if value >= 100 else f"{value:.3g} s"


def speed_bars(table: Any, column: str = "seconds", *, title: str = "Training time on the whole book") -> Any:
    """Training times as horizontal bars on a log scale, fastest in red.

    ``table`` has a ``trainer`` column and the times in ``column``.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"trainer": ["fast", "slow"], "CPU seconds": [0.5, 500.0]})
    >>> figure = speed_bars(table, "CPU seconds")
    >>> figure.axes[0].get_xscale(), figure.axes[0].get_xlabel()
    ('log', 'CPU seconds (log scale)')
    """
    columns = set(getattr(table, "columns", []))
    if not {"trainer", column} <= columns or len(table) == 0:
        raise TypeError(f"table must be a non-empty DataFrame with columns 'trainer' and {column!r}")
    seconds = [float(value) for value in table[column]]
    if not all(math.isfinite(value) and value > 0 for value in seconds):
        raise ValueError(f"every time must be a positive number of seconds, got {seconds}")
    names = [str(name) for name in table["trainer"]]
    figure, axes = new_figure(7.5, 0.9 + 0.5 * len(names))
    positions = list(range(len(names)))
    fastest = min(seconds)
    colours = [WINNER_COLOUR if value == fastest else OTHER_COLOUR for value in seconds]
    axes.barh(positions, seconds, color=colours)
    for position, value in zip(positions, seconds, strict=True):
        axes.annotate(_seconds_text(value), (value, position), xytext=(4, 0), textcoords="offset points", va="center")
    axes.set_yticks(positions, names)
    axes.invert_yaxis()
    axes.set_xscale("log")
    axes.set_xlim(fastest / 2, max(seconds) * 8)
    axes.set_xlabel(f"{column} (log scale)")
    axes.set_title(title)
    axes.spines[["top", "right"]].set_visible(False)
    return figure


__all__ = [
    "fertility_by_size",
    "fertility_table",
    "speed_bars",
    "steps_for_size",
    "touched_words",
    "words_touched_per_merge",
]
