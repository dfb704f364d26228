"""Figures for notebook 07 (a real book): tokens per word by size, words touched, training time.

>>> import pandas as pd
>>> speed_bars(pd.DataFrame({"trainer": ["fast", "reference"], "seconds": [0.6, 300.0]})).axes[0].get_title()
'Training time on the whole book'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from wordpiece_lib._validate import check_mapping, check_sequence, check_str
from wordpiece_lib.classroom.real_book.tables import SIZE_COLUMN
from wordpiece_lib.classroom.style import OTHER_COLOUR, SERIES_COLOURS, WINNER_COLOUR, new_figure, plain


def text_fertility_curves(table: Any, *, marked: Mapping[str, int] | None = None) -> Any:
    """Tokens per word against vocab size, one line per text of a ``text_fertility_table``.

    ``marked`` draws a labelled vertical line at each given vocab size.

    >>> import pandas as pd
    >>> figure = text_fertility_curves(pd.DataFrame({"vocab size": [100, 200], "book": [3.0, 1.0]}), marked={"HF": 150})
    >>> [line.get_label() for line in figure.axes[0].lines][:1], figure.axes[0].get_xlabel()
    (['book'], 'tokens in the vocab')
    """
    if marked is not None:
        check_mapping(marked, "marked", "a dict label -> vocab size")
    columns = list(getattr(table, "columns", []))
    if SIZE_COLUMN not in columns or len(columns) < 2 or len(table) == 0:
        raise TypeError(
            "table must be a non-empty DataFrame from text_fertility_table(...): a 'vocab size' column and texts"
        )
    figure, axes = new_figure(7.5, 3.8)
    colours = [WINNER_COLOUR, OTHER_COLOUR, *SERIES_COLOURS[2:5]]
    for index, name in enumerate(column for column in columns if column != SIZE_COLUMN):
        axes.plot(
            table[SIZE_COLUMN], table[name], marker="o", markersize=4, label=plain(name), color=colours[index % 5]
        )
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    for label, size in (marked or {}).items():
        axes.axvline(size, color="black", linestyle="--", linewidth=1)
        axes.annotate(plain(label), (size, 1.0), xytext=(4, 8), textcoords="offset points", fontsize=9)
    axes.set_xlabel("tokens in the vocab")
    axes.set_ylabel("tokens per word")
    axes.set_title("Tokens per word as the vocab grows")
    axes.legend()
    axes.grid(alpha=0.3)
    return figure


def touched_words(touched: list[int], total_words: int) -> Any:
    """Words each merge touches (dots, log scale) against the words the reference reads every time.

    >>> figure = touched_words([1, 2, 1, 5], 10)
    >>> figure.axes[0].get_yscale()
    'log'
    """
    if isinstance(total_words, bool) or not isinstance(total_words, int) or total_words < 1:
        raise ValueError(f"total_words must be a positive int, got {total_words!r}")
    values = list(check_sequence(touched, "touched"))
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
    check_str(column, "column")
    check_str(title, "title")
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
    axes.set_yticks(positions, [plain(name) for name in names])
    axes.invert_yaxis()
    axes.set_xscale("log")
    axes.set_xlim(fastest / 2, max(seconds) * 8)
    axes.set_xlabel(f"{column} (log scale)")
    axes.set_title(title)
    axes.spines[["top", "right"]].set_visible(False)
    return figure


__all__ = ["speed_bars", "text_fertility_curves", "touched_words"]
