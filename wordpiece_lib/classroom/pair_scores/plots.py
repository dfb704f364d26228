"""Figures for notebook 02: the score table as a heatmap and as bars.

Score figures read a ``score_table`` DataFrame; nothing is trained.

>>> from wordpiece_lib import initial_splits
>>> from wordpiece_lib.data import datasets
>>> from wordpiece_lib.classroom.display import score_table
>>> counts = datasets.hug_pug_counts()
>>> figure = score_heatmap(score_table(initial_splits(counts), counts))
>>> figure.axes[0].get_title()
'WordPiece score of each adjacent pair'
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib._validate import check_bool, check_int, check_str
from wordpiece_lib.classroom import display


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

        >>> from wordpiece_lib import initial_splits
        >>> from wordpiece_lib.data import datasets
    >>> from wordpiece_lib.classroom.display import score_table
        >>> counts = datasets.hug_pug_counts()
        >>> score_heatmap(score_table(initial_splits(counts), counts)).axes[0].images[0].get_clim()[0]
        0.0
    """
    _check_table(table)
    check_str(title, "title")
    check_bool(annotate, "annotate")
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
        labels[(row, col)] = display.fraction_text(score)
    width = min(2.0 + 0.9 * len(rights), 16.0)
    height = min(1.5 + 0.55 * len(lefts), 12.0)
    figure, axes = display.new_figure(width, height)
    shown = np.ma.masked_invalid(grid)
    image = axes.imshow(shown, cmap="viridis", aspect="auto", vmin=0.0)
    axes.set_xticks(range(len(rights)), [display.plain(piece) for piece in rights], rotation=45, ha="right")
    axes.set_yticks(range(len(lefts)), [display.plain(piece) for piece in lefts])
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

    axes.add_patch(
        Rectangle((best_col - 0.5, best_row - 0.5), 1, 1, fill=False, edgecolor=display.WINNER_COLOUR, linewidth=3)
    )
    pairs = [
        f"{left} + {right} ({display.fraction_text(score)})"
        for left, right, score in zip(table["left"], table["right"], table["score"])
    ]
    summary = (
        f"Heat map, {title}: {len(table)} pairs that occur side by side, left piece by row ({len(lefts)}), "
        f"right piece by column ({len(rights)}); brighter is a higher score, from 0 to "
        f"{display.fraction_text(max(table['score']))}. Best pair, outlined: {pairs[0]}."
    )
    if len(pairs) > 1:
        summary += f" Next: {display.plain_list(pairs[1:], limit=4)}."
    rows = zip(table["left"], table["right"], (display.fraction_text(score) for score in table["score"]))
    return display.describe(figure, title, summary, display.data_table(["left piece", "right piece", "score"], rows))


def score_bars(table: Any, *, top: int = 15, title: str = "Best pairs, highest score first") -> Any:
    """The ``top`` best pairs as horizontal bars, winner in red, exact labels.

    Pairs tied with the winner are drawn with a red edge: they could have
    won under another tie-break policy.
    """
    _check_table(table)
    check_int(top, "top", minimum=1)
    check_str(title, "title")
    if len(table) == 0:
        raise ValueError("table is empty: there is no pair to draw")
    rows = table.head(top)
    return display.score_bar_chart(
        [f"{left} + {right}" for left, right in zip(rows["left"], rows["right"])],
        list(rows["score"]),
        title=title,
        xlabel="score",
    )


__all__ = ["score_bars", "score_heatmap"]
