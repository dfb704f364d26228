"""Figures for notebook 11: words against corpus size, and counting time by how it was counted.

>>> import pandas as pd
>>> seconds_bars(pd.DataFrame({"how": ["one process", "Dask"], "seconds": [2.0, 1.2]})).axes[0].get_title()
'Counting the same corpus'
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib.classroom import display


def growth_figure(table: Any) -> Any:
    """Running words and distinct words against megabytes read (from ``tables.growth_table``).

    Running words grow with the bytes; distinct words grow ever more slowly,
    and they are what counting keeps in memory.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"MB read": [1.0, 2.0], "running words": [100.0, 200.0], "distinct words": [50.0, 70.0]})
    >>> [axes.get_ylabel() for axes in growth_figure(table).axes]
    ['running words (circles, solid)', 'distinct words, kept in memory (squares, dashed)']
    """
    needed = {"MB read", "running words", "distinct words"}
    if not needed <= set(getattr(table, "columns", [])) or len(table) == 0:
        raise TypeError("table must be a non-empty DataFrame from growth_table(...)")
    figure, left = display.new_figure(7.5, 3.6)
    # Each axis is told by its line's marker and style as well as its colour, named in the legend and the labels.
    running = left.plot(
        table["MB read"],
        table["running words"],
        marker="o",
        markersize=4,
        color=display.SERIES_COLOURS[0],
        label="running words (circles, solid; left axis)",
    )
    left.set_xlabel("MB of text read")
    left.set_ylabel("running words (circles, solid)")
    right = left.twinx()
    distinct = right.plot(
        table["MB read"],
        table["distinct words"],
        marker="s",
        markersize=4,
        linestyle="--",
        color=display.WINNER_COLOUR,
        label="distinct words (squares, dashed; right axis)",
    )
    right.set_ylabel("distinct words, kept in memory (squares, dashed)")
    right.set_ylim(bottom=0)
    left.set_ylim(bottom=0)
    title = "Words as the corpus is read: running and distinct"
    left.set_title(title)
    left.legend(handles=[*running, *distinct], loc="upper left", fontsize=9)
    left.grid(alpha=0.3)
    first, last = table.iloc[0], table.iloc[-1]
    summary = (
        f"Line chart with two y axes, {title}, against MB of text read ({first['MB read']:.2f} to "
        f"{last['MB read']:.2f} MB). Left axis, circles, solid line: running words grow with the bytes, "
        f"{first['running words']:,.0f} to {last['running words']:,.0f}. Right axis, squares, dashed line: distinct "
        f"words grow ever more slowly, {first['distinct words']:,.0f} to {last['distinct words']:,.0f}."
    )
    rows = table[["MB read", "running words", "distinct words"]].values.tolist()
    return display.describe(
        figure, title, summary, display.data_table(["MB read", "running words", "distinct words"], rows)
    )


def seconds_bars(table: Any) -> Any:
    """Counting time for each way of counting (columns ``how`` and ``seconds``).

    >>> import pandas as pd
    >>> figure = seconds_bars(pd.DataFrame({"how": ["a", "b"], "seconds": [1.0, 2.0]}))
    >>> figure.axes[0].get_xlabel()
    'seconds (wall clock)'
    """
    if not {"how", "seconds"} <= set(getattr(table, "columns", [])) or len(table) == 0:
        raise TypeError("table must be a non-empty DataFrame with columns 'how' and 'seconds'")
    figure, axes = display.new_figure(7.0, 0.6 + 0.55 * len(table))
    labels = [display.plain(how) for how in table["how"]][::-1]  # a label is text, never a formula
    values = list(table["seconds"])[::-1]
    axes.barh(
        labels,
        values,
        color=[display.SERIES_COLOURS[index % len(display.SERIES_COLOURS)] for index in range(len(labels))],
    )
    for position, value in enumerate(values):
        axes.annotate(f"{value:.2f} s", (value, position), xytext=(4, 0), textcoords="offset points", va="center")
    axes.set_xlabel("seconds (wall clock)")
    title = "Counting the same corpus"
    axes.set_title(title)
    axes.set_xlim(right=max(values) * 1.25)
    timed = [f"{how} {seconds:.2f} s" for how, seconds in zip(table["how"], table["seconds"])]
    summary = f"Bar chart, {title}: wall-clock seconds for each way of counting, {display.plain_list(timed)}."
    rows = [[how, f"{seconds:.2f}"] for how, seconds in zip(table["how"], table["seconds"])]
    return display.describe(figure, title, summary, display.data_table(["how", "seconds"], rows))


__all__ = ["growth_figure", "seconds_bars"]
