"""Figures for notebook 10: how long texts are in tokens, and what a padded batch looks like.

>>> from wordpiece_lib.pipeline.encoding import Encoding
>>> batch = [Encoding.special(1, "[CLS]", 0), Encoding.special(1, "[CLS]", 0).padded(2, pad_id=0, pad_token="[PAD]")]
>>> batch_figure(batch).axes[0].get_title()
'A batch as the model sees it: 2 texts x 2 positions'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordpiece_lib._validate import check_index, check_instance, check_int, check_sequence, check_str
from wordpiece_lib.classroom.style import (
    OTHER_COLOUR,
    PADDING_FILL,
    SERIES_COLOURS,
    SPECIAL_COLOUR,
    WINNER_COLOUR,
    new_figure,
)
from wordpiece_lib.pipeline.encoding import Encoding


def length_histogram(lengths: Sequence[int], max_length: int | None = None, *, title: str | None = None) -> Any:
    """How many texts have how many tokens; with ``max_length``, a line where truncation cuts.

    >>> length_histogram([3, 5, 5, 9], max_length=6).axes[0].get_xlabel()
    'tokens per text (special tokens included)'
    """
    values = [check_index(length, "lengths[...]", minimum=0) for length in check_sequence(lengths, "lengths")]
    if max_length is not None:
        check_index(max_length, "max_length", minimum=1)
    if title is not None:
        check_str(title, "title")
    if not values:
        raise ValueError("lengths is empty: there is nothing to draw")
    figure, axes = new_figure(7, 3.2)
    top = max(values)
    bins = range(0, top + 2, max(1, (top + 1) // 40))
    axes.hist(values, bins=bins, color=OTHER_COLOUR, edgecolor="white")
    if max_length is not None:
        cut = sum(value > max_length for value in values)
        axes.axvline(max_length, color=WINNER_COLOUR, linewidth=2)
        axes.annotate(
            f"max_length = {max_length}: {cut:,} of {len(values):,} texts cut",
            xy=(max_length, 0.92),
            xycoords=("data", "axes fraction"),
            xytext=(6, 0),
            textcoords="offset points",
            color=WINNER_COLOUR,
        )
    axes.set_xlabel("tokens per text (special tokens included)")
    axes.set_ylabel("texts")
    axes.set_title(title or "Length of each text in tokens")
    return figure


def batch_figure(encodings: Sequence[Encoding], *, max_rows: int = 40) -> Any:
    """A padded batch as a grid: one row per text, one column per position; tokens, special tokens, padding.

    The grey share is wasted work: the model computes on padding, then the
    attention mask (0 there) makes it ignore the result.
    """
    import numpy as np
    from matplotlib.colors import ListedColormap

    check_int(max_rows, "max_rows", minimum=1)
    rows = check_sequence(encodings, "encodings")[:max_rows]
    for position, encoding in enumerate(rows):
        check_instance(encoding, f"encodings[{position}]", Encoding)
    if not rows:
        raise ValueError("encodings is empty: there is nothing to draw")
    width = max(len(encoding) for encoding in rows)
    grid = np.zeros((len(rows), width))
    for row, encoding in enumerate(rows):
        for column, (mask, special) in enumerate(zip(encoding.attention_mask, encoding.special_tokens_mask)):
            grid[row, column] = 0 if mask == 0 else (2 if special else 1)
        grid[row, len(encoding) :] = np.nan
    figure, axes = new_figure(7, 0.5 + 0.22 * len(rows))
    axes.imshow(
        grid, cmap=ListedColormap([PADDING_FILL, SERIES_COLOURS[0], SPECIAL_COLOUR]), vmin=0, vmax=2, aspect="auto"
    )
    padding = sum(mask == 0 for encoding in rows for mask in encoding.attention_mask)
    total = sum(len(encoding) for encoding in rows)
    axes.set_title(f"A batch as the model sees it: {len(rows)} texts x {width} positions")
    axes.set_xlabel(
        f"position (blue: token, purple: [CLS]/[SEP], grey: padding, {padding / max(total, 1):.0%} of the batch)"
    )
    axes.set_ylabel("text")
    return figure


__all__ = ["batch_figure", "length_histogram"]
