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
from wordpiece_lib.classroom import display
from wordpiece_lib.classroom.real_book.tables import SIZE_COLUMN


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
    figure, axes = display.new_figure(7.5, 3.8)
    colours = [display.WINNER_COLOUR, display.SERIES_COLOURS[0], *display.SERIES_COLOURS[2:5]]
    texts = [column for column in columns if column != SIZE_COLUMN]
    ends, lines = [], []
    for index, name in enumerate(texts):
        colour = colours[index % 5]
        axes.plot(
            table[SIZE_COLUMN],
            table[name],
            marker=display.SERIES_MARKERS[index % len(display.SERIES_MARKERS)],
            linestyle=("-", "--", "-.", ":")[index % 4],
            markersize=4,
            label=display.plain(name),
            color=colour,
        )
        marker = display.SERIES_MARKERS[index % len(display.SERIES_MARKERS)]
        ends.append((str(name), table[SIZE_COLUMN].iloc[-1], table[name].iloc[-1], colour, marker))
        lines.append(
            f"{name}: {table[name].iloc[0]:.2f} at {int(table[SIZE_COLUMN].iloc[0]):,} tokens, "
            f"{table[name].iloc[-1]:.2f} at {int(table[SIZE_COLUMN].iloc[-1]):,}"
        )
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    for label, size in (marked or {}).items():
        axes.axvline(size, color="black", linestyle="--", linewidth=1)
        axes.annotate(display.plain(label), (size, 1.0), xytext=(4, 8), textcoords="offset points", fontsize=9)
    axes.set_xlabel("tokens in the vocab")
    axes.set_ylabel("tokens per word")
    title = "Tokens per word as the vocab grows"
    axes.set_title(title)
    axes.legend()
    axes.grid(alpha=0.3)
    display.label_line_ends(axes, ends)
    summary = (
        f"Line chart, {title}: tokens per word against tokens in the vocab, one line per text (its own marker "
        f"and line style, labelled at its end). {'; '.join(lines)}."
    )
    if marked:
        summary += (
            " Dashed vertical lines: "
            + display.plain_list([f"{label} at {size:,}" for label, size in marked.items()])
            + "."
        )
    rows = table[[SIZE_COLUMN, *texts]].values.tolist()
    return display.describe(figure, title, summary, display.data_table([SIZE_COLUMN, *map(str, texts)], rows))


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
    figure, axes = display.new_figure(7.5, 3.8)
    numbers = [number for number, value in enumerate(values, start=1) if value > 0]
    axes.scatter(
        numbers,
        [value for value in values if value > 0],
        s=4,
        color=display.OTHER_COLOUR,
        label="words holding the pair",
    )
    axes.axhline(
        total_words, color=display.WINNER_COLOUR, linewidth=2, label=f"every word ({total_words:,}): the reference"
    )
    mean = sum(values) / len(values)
    axes.axhline(mean, color="black", linestyle="--", linewidth=1, label=f"mean: {mean:.1f} words per merge")
    axes.set_yscale("log")
    axes.set_ylim(0.7, total_words * 80)  # room above the red line for the legend
    axes.set_xlabel("merge number")
    axes.set_ylabel("words read")
    title = "Words each merge has to visit"
    axes.set_title(title)
    axes.legend(loc="upper right", fontsize=9)
    axes.grid(alpha=0.3)
    busiest = max(range(len(values)), key=values.__getitem__)
    ordered = sorted(values)
    summary = (
        f"Dot chart, {title}: the words holding the merged pair at each of {len(values):,} merges (log scale), "
        f"against the {total_words:,} words the reference trainer reads at every merge (solid line). "
        f"Mean {mean:.1f} words per merge (dashed line), median {ordered[len(ordered) // 2]:,}, "
        f"most {values[busiest]:,} at merge {busiest + 1:,}."
    )
    block = max(1, math.ceil(len(values) / 40))
    rows = []
    for start in range(0, len(values), block):
        part = values[start : start + block]
        rows.append([f"{start + 1:,}-{start + len(part):,}", round(sum(part) / len(part), 1), max(part)])
    table = display.data_table(
        ["merges", "mean words read", "most words read"], rows, caption=f"By blocks of {block} merges"
    )
    return display.describe(figure, title, summary, table)


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
    figure, axes = display.new_figure(7.5, 0.9 + 0.5 * len(names))
    positions = list(range(len(names)))
    fastest = min(seconds)
    colours = [display.WINNER_COLOUR if value == fastest else display.OTHER_COLOUR for value in seconds]
    axes.barh(positions, seconds, color=colours)
    for position, value in zip(positions, seconds, strict=True):
        axes.annotate(_seconds_text(value), (value, position), xytext=(4, 0), textcoords="offset points", va="center")
    axes.set_yticks(positions, [display.plain(name) for name in names])
    axes.invert_yaxis()
    axes.set_xscale("log")
    axes.set_xlim(fastest / 2, max(seconds) * 8)
    axes.set_xlabel(f"{column} (log scale)")
    axes.set_title(title)
    axes.spines[["top", "right"]].set_visible(False)
    timed = [f"{name} {_seconds_text(value)}" for name, value in zip(names, seconds, strict=True)]
    slowest = max(seconds)
    summary = f"Bar chart, {title}: {column} on a log scale, fastest in red: {display.plain_list(timed)}." + (
        f" The slowest takes {slowest / fastest:,.0f} times as long as the fastest." if len(seconds) > 1 else ""
    )
    rows = [[name, _seconds_text(value)] for name, value in zip(names, seconds, strict=True)]
    return display.describe(figure, title, summary, display.data_table(["trainer", column], rows))


__all__ = ["speed_bars", "text_fertility_curves", "touched_words"]
