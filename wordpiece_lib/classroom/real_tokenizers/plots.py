"""Notebook 13's figures, each with its text alternative: one word cut by every tokenizer, and tokens per word.

>>> figure = cut_figure({"A": [("un", 0, 2), ("happy", 2, 7)], "B": [("unhappy", 0, 7)]}, "unhappy")
>>> figure.text_alternative.startswith("Chart of one word cut by 2 tokenizers")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wordpiece_lib._validate import check_str
from wordpiece_lib.classroom.display import (
    INK,
    SERIES_COLOURS,
    TOKEN_SHADES,
    data_table,
    describe,
    new_figure,
    plain,
)

HATCHES = ("", "//", "..", "xx")


def _described(figure: Any, title: str, summary: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Any:
    """Attach the text alternative and its data table, and return the figure."""
    figure.text_alternative = " ".join(summary.split())
    return describe(figure, title, figure.text_alternative, data_table(list(columns), [list(row) for row in rows]))


def cut_figure(cuts: Mapping[str, Sequence[tuple[str, int, int]]], word: str) -> Any:
    """One row per tokenizer: its tokens of ``word`` as boxes over the characters they stand for.

    ``cuts`` maps a tokenizer's name to its tokens, each ``(token, start, end)`` in the word.

    >>> cut_figure({"A": [("hug", 0, 3), ("s", 3, 4)]}, "hugs").text_alternative.endswith("A: hug + s.")
    True
    """
    check_str(word, "word", allow_empty=False)
    if not isinstance(cuts, Mapping) or not cuts:
        raise TypeError("cuts must be a non-empty dict of tokenizer name -> [(token, start, end), ...]")
    from matplotlib.patches import Rectangle

    names = list(cuts)
    figure, axes = new_figure(8.0, 0.7 + 0.55 * len(names))
    for row, name in enumerate(names):
        y = len(names) - 1 - row
        for index, (token, start, end) in enumerate(cuts[name]):
            box = Rectangle((start, y + 0.1), max(end - start, 0.15), 0.8, facecolor=TOKEN_SHADES[index % 2])
            box.set(edgecolor=INK, linewidth=1.2)
            axes.add_patch(box)
            axes.text(
                (start + end) / 2, y + 0.5, plain(token), ha="center", va="center", fontsize=8, family="monospace"
            )
    axes.set_xlim(0, len(word))
    axes.set_ylim(0, len(names))
    axes.set_yticks([len(names) - 1 - row + 0.5 for row in range(len(names))], names, fontsize=8)
    axes.set_xticks([position + 0.5 for position in range(len(word))], list(word), family="monospace")
    axes.tick_params(axis="x", length=0)
    axes.set_title(f"One word, {len(names)} tokenizers: {plain(word)!s}", fontsize=10, color=SERIES_COLOURS[0])
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    listed = "; ".join(f"{name}: {' + '.join(token for token, _, _ in cuts[name])}" for name in names)
    summary = (
        f"Chart of one word cut by {len(names)} tokenizers, each token a box over its characters of {word!r}: {listed}."
    )
    rows = [(name, token, start, end) for name in names for token, start, end in cuts[name]]
    return _described(figure, f"{word}, cut {len(names)} ways", summary, ["tokenizer", "token", "start", "end"], rows)


def tokens_per_word_bars(frame: Any) -> Any:
    """Tokens per word of each tokenizer (``frame``: columns ``tokenizer`` and ``tokens per word``), bars from 0.

    >>> import pandas as pd
    >>> bars = tokens_per_word_bars(pd.DataFrame({"tokenizer": ["A", "B"], "tokens per word": [1.25, 2.0]}))
    >>> bars.text_alternative
    'Horizontal bar chart of tokens per word; A 1.25, B 2.00.'
    """
    if not {"tokenizer", "tokens per word"} <= set(getattr(frame, "columns", [])):
        raise TypeError("frame must have the columns 'tokenizer' and 'tokens per word'")
    if len(frame) == 0:
        raise ValueError("frame is empty: there is nothing to draw")
    names = list(frame["tokenizer"])
    values = [float(value) for value in frame["tokens per word"]]
    figure, axes = new_figure(7.0, 0.8 + 0.5 * len(names))
    positions = list(range(len(names)))[::-1]
    for index, (position, value) in enumerate(zip(positions, values)):
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        axes.barh(position, value, color=colour, hatch=HATCHES[index % 4], edgecolor=INK, linewidth=0.5)
        axes.text(value + 0.02, position, f"{value:.2f}", va="center", fontsize=8)
    axes.set_yticks(positions, names, fontsize=8)
    axes.set_xlim(0, max(values) * 1.15)
    axes.set_xlabel("tokens per word")
    axes.set_title("Fewer tokens per word: a vocab that fits the text", fontsize=10)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    summary = "Horizontal bar chart of tokens per word; " + ", ".join(
        f"{name} {value:.2f}" for name, value in zip(names, values)
    )
    rows = [(name, round(value, 4)) for name, value in zip(names, values)]
    return _described(figure, "Tokens per word, four tokenizers", summary + ".", ["tokenizer", "tokens per word"], rows)


__all__ = ["cut_figure", "tokens_per_word_bars"]
