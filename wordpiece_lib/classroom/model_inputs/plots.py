"""Figures for notebook 10: how long texts are in tokens, and what a padded batch looks like.

>>> from wordpiece_lib.pipeline import Encoding
>>> batch = [Encoding.special(1, "[CLS]", 0), Encoding.special(1, "[CLS]", 0).padded(2, pad_id=0, pad_token="[PAD]")]
>>> batch_figure(batch).axes[0].get_title()
'A batch as the model sees it: 2 texts x 2 positions'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordpiece_lib._validate import check_index, check_instance, check_int, check_sequence, check_str
from wordpiece_lib.classroom import display
from wordpiece_lib.pipeline import Encoding

#: Special tokens in the batch grid: a purple that stays apart from the tokens' blue and the padding's grey
#: for colour-blind readers too (tests/classroom/test_figure_colours.py); each also carries a letter.
BATCH_SPECIAL_FILL = "#c2a5cf"


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
    figure, axes = display.new_figure(7, 3.2)
    top = max(values)
    bins = range(0, top + 2, max(1, (top + 1) // 40))
    axes.hist(values, bins=bins, color=display.OTHER_COLOUR, edgecolor="white")
    if max_length is not None:
        cut = sum(value > max_length for value in values)
        axes.axvline(max_length, color=display.WINNER_COLOUR, linewidth=2)
        axes.annotate(
            f"max_length = {max_length}: {cut:,} of {len(values):,} texts cut",
            xy=(max_length, 0.92),
            xycoords=("data", "axes fraction"),
            xytext=(6, 0),
            textcoords="offset points",
            color=display.WINNER_COLOUR,
        )
    axes.set_xlabel("tokens per text (special tokens included)")
    axes.set_ylabel("texts")
    title = title or "Length of each text in tokens"
    axes.set_title(title)
    ordered = sorted(values)
    summary = (
        f"Histogram, {title}: {len(values):,} texts from {ordered[0]:,} to {ordered[-1]:,} tokens, "
        f"median {ordered[len(ordered) // 2]:,}, mean {sum(values) / len(values):.1f}."
    )
    if max_length is not None:
        summary += f" A red line at max_length = {max_length}: {cut:,} of {len(values):,} texts are longer and get cut."
    step = bins.step
    rows = []
    for start in bins[:-1]:
        number = sum(start <= value < start + step for value in values)
        if number:
            rows.append([f"{start}" if step == 1 else f"{start}-{start + step - 1}", number])
    table = display.data_table(["tokens per text", "texts"], rows, caption="Texts by length (empty bins left out)")
    return display.describe(figure, title, summary, table)


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
    figure, axes = display.new_figure(7, 0.5 + 0.22 * len(rows))
    axes.imshow(
        grid,
        cmap=ListedColormap([display.PADDING_FILL, display.SERIES_COLOURS[0], BATCH_SPECIAL_FILL]),
        vmin=0,
        vmax=2,
        aspect="auto",
    )
    # Special tokens also carry a letter (C for [CLS], S for [SEP] ...): colour is not the only key.
    for row, encoding in enumerate(rows):
        for column, (token, special) in enumerate(zip(encoding.tokens, encoding.special_tokens_mask)):
            if special and encoding.attention_mask[column]:
                letter = token.strip("[]<>")[:1].upper() or "?"
                axes.text(
                    column, row, letter, ha="center", va="center", fontsize=6, color=display.INK, fontweight="bold"
                )
    padding = sum(mask == 0 for encoding in rows for mask in encoding.attention_mask)
    total = sum(len(encoding) for encoding in rows)
    specials = sum(
        bool(special and mask)
        for encoding in rows
        for special, mask in zip(encoding.special_tokens_mask, encoding.attention_mask)
    )
    title = f"A batch as the model sees it: {len(rows)} texts x {width} positions"
    axes.set_title(title)
    axes.set_xlabel(
        "position (dark blue: token; purple with a letter: [CLS] C, [SEP] S; light grey: padding, "
        f"{padding / max(total, 1):.0%} of the batch)"
    )
    axes.set_ylabel("text")
    summary = (
        f"Grid, {title}: one row per text, one column per position. {total - padding - specials:,} text tokens, "
        f"{specials:,} special tokens and {padding:,} padding positions ({padding / max(total, 1):.0%} of the batch, "
        "work the attention mask then ignores)."
    )
    table_rows = []
    for row, encoding in enumerate(rows, start=1):
        pads = sum(mask == 0 for mask in encoding.attention_mask)
        table_rows.append([row, len(encoding) - pads, pads, " ".join(encoding.tokens[: len(encoding) - pads])])
    table = display.data_table(["text", "tokens (special included)", "padding", "tokens"], table_rows)
    return display.describe(figure, title, summary, table)


__all__ = ["batch_figure", "length_histogram"]
