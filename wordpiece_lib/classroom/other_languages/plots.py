"""Figures for notebook 09: one bar per language, and how the exponent and vocab size move each language.

>>> figure = language_bars({"en": 1.0, "ru": 3.5}, title="BERT", xlabel="tokens per word", reference=1.0)
>>> [label.get_text() for label in figure.axes[0].get_yticklabels()]
['en', 'ru']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wordpiece_lib._validate import (
    check_bool,
    check_index,
    check_instance,
    check_mapping,
    check_sequence,
    check_size,
    check_str,
)
from wordpiece_lib.classroom.other_languages.sweep import ExponentSweep
from wordpiece_lib.classroom.style import INK, OTHER_COLOUR, SERIES_COLOURS, WINNER_COLOUR, new_figure, plain

#: Tokens no language uses, in the share figure.
UNUSED_COLOUR = "#cccccc"


def language_colour(index: int) -> str:
    """The colour of the ``index``-th language in every figure of the notebook.

    >>> language_colour(0) == language_colour(len(SERIES_COLOURS) + 3)
    False
    """
    check_index(index, "index", minimum=0)
    extra = ("#17becf", "#bcbd22", "#7f7f7f", "#e377c2", "#a6761d")
    palette = (*SERIES_COLOURS, *extra)
    return palette[index % len(palette)]


def language_bars(
    values: Mapping[str, float],
    *,
    title: str,
    xlabel: str,
    reference: float | None = None,
    labels: Mapping[str, str] | None = None,
    percent: bool = False,
) -> Any:
    """One horizontal bar per language, its value written beside it; ``reference`` draws a dotted line.

    >>> figure = language_bars({"zh": 0.5}, title="t", xlabel="x", percent=True)
    >>> figure.axes[0].texts[0].get_text()
    '50.0%'
    """
    if not isinstance(values, Mapping) or not values:
        raise TypeError("values must be a non-empty mapping language -> number")
    check_str(title, "title")
    check_str(xlabel, "xlabel")
    if reference is not None:
        check_size(reference, "reference")
    if labels is not None:
        check_mapping(labels, "labels", "a dict language -> label")
    check_bool(percent, "percent")
    names = list(values)
    numbers = [float(values[name]) for name in names]
    figure, axes = new_figure(7.0, 0.8 + 0.34 * len(names))
    positions = list(range(len(names)))
    colours = [
        WINNER_COLOUR if reference is not None and number > 1.5 * reference else OTHER_COLOUR for number in numbers
    ]
    axes.barh(positions, numbers, color=colours)
    axes.set_yticks(positions, [plain(labels.get(name, name) if labels else name) for name in names])
    axes.invert_yaxis()
    top = max(numbers) if max(numbers) > 0 else 1.0
    for position, number in zip(positions, numbers):
        text = f"{number:.1%}" if percent else f"{number:.2f}"
        axes.text(number + top * 0.01, position, text, va="center", fontsize=9, color=INK)
    if reference is not None:
        axes.axvline(reference, color="grey", linestyle=":", linewidth=1)
    axes.set_xlim(0, top * 1.2)
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    return figure


def _two_panels(width: float, height: float) -> tuple[Any, Any]:
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, 2, figsize=(width, height), layout="constrained")
    plt.close(figure)
    return figure, axes


def shares_and_fertility(sweep: ExponentSweep, *, exponent: float | None = None, vocab_size: int | None = None) -> Any:
    """Left: each language's share of the vocab, one stacked bar per exponent. Right: tokens per word against the exponent.

    ``exponent`` (one of the sweep's) is marked in both panels; without it the
    figure shows the whole sweep evenly (the static figure beside the widget).
    """
    check_instance(sweep, "sweep", ExponentSweep)
    exponents = sweep.exponents
    if exponent is not None and exponent not in exponents:
        raise ValueError(f"exponent must be one of the sweep's {exponents}, got {exponent!r}")
    figures = [sweep.measure(value, vocab_size) for value in exponents]
    figure, (left, right) = _two_panels(11.0, 4.2)
    positions = list(range(len(exponents)))
    bottoms = [0.0] * len(exponents)
    for index, language in enumerate(sweep.languages):
        heights = [measured.share[language] for measured in figures]
        left.bar(positions, heights, bottom=bottoms, color=language_colour(index), label=language, width=0.7)
        bottoms = [bottom + height for bottom, height in zip(bottoms, heights)]
    unused = [measured.unused_share for measured in figures]
    left.bar(positions, unused, bottom=bottoms, color=UNUSED_COLOUR, label="unused", width=0.7)
    left.set_xticks(positions, [f"{value:g}" for value in exponents])
    left.set_xlabel("sampling exponent")
    left.set_ylabel("share of the vocab")
    left.set_ylim(0, 1)
    size = figures[0].vocab_size
    left.set_title(f"Who owns the {size:,} tokens")
    left.legend(fontsize=7, ncol=2, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    _line_per_language(right, exponents, [measured.tokens_per_word for measured in figures], sweep.languages)
    right.set_xlabel("sampling exponent")
    right.set_ylabel("tokens per word")
    right.set_title("Tokens per word, by language")
    right.grid(alpha=0.3)
    if exponent is not None:
        at = exponents.index(exponent)
        left.axvspan(at - 0.45, at + 0.45, color=WINNER_COLOUR, alpha=0.12, zorder=0)
        right.axvline(exponent, color=WINNER_COLOUR, linewidth=1.5, linestyle="--")
    return figure


def _line_per_language(
    axes: Any, exponents: Sequence[float], values: Sequence[Mapping[str, float]], languages: Sequence[str]
) -> None:
    """One line per language: its value at each exponent, in the language's colour."""
    for index, language in enumerate(languages):
        axes.plot(
            exponents,
            [at_exponent[language] for at_exponent in values],
            marker="o",
            markersize=3,
            color=language_colour(index),
            label=language,
        )


def parity_by_exponent(sweep: ExponentSweep, *, limit: float | None = None, vocab_size: int | None = None) -> Any:
    """Each language's parity against the exponent; ``limit`` draws the line the exercise asks to stay under."""
    check_instance(sweep, "sweep", ExponentSweep)
    if limit is not None:
        check_size(limit, "limit")
    exponents = sweep.exponents
    figures = [sweep.measure(value, vocab_size) for value in exponents]
    figure, axes = new_figure(7.5, 4.0)
    _line_per_language(axes, exponents, [measured.parity for measured in figures], sweep.languages)
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    if limit is not None:
        axes.axhline(limit, color=WINNER_COLOUR, linestyle="--", linewidth=1.2, label=f"limit {limit:g}")
    axes.set_xlabel("sampling exponent")
    axes.set_ylabel(f"parity (tokens / {sweep.languages[0]} tokens)")
    axes.set_title(f"Parity on the parallel phrases, {figures[0].vocab_size:,}-token mixed vocabs")
    axes.legend(fontsize=7, ncol=2, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    axes.grid(alpha=0.3)
    return figure


def parity_by_size(sweep: ExponentSweep, exponents: Sequence[float], sizes: Sequence[int]) -> Any:
    """The worst and the mean parity (over the languages) against the vocab size, one line pair per exponent."""
    check_instance(sweep, "sweep", ExponentSweep)
    exponents, sizes = check_sequence(exponents, "exponents"), check_sequence(sizes, "sizes")
    if not sizes or not exponents:
        raise ValueError("give at least one exponent and one vocab size")
    figure, axes = new_figure(7.5, 3.8)
    others = sweep.languages[1:]
    for index, exponent in enumerate(exponents):
        measured = [sweep.parity(exponent, size) for size in sizes]  # (vocab size, parity by language)
        actual = [size for size, _ in measured]
        worst = [max(parities[language] for language in others) for _, parities in measured]
        mean = [sum(parities[language] for language in others) / len(others) for _, parities in measured]
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        axes.plot(actual, worst, marker="o", markersize=3, color=colour, label=f"exponent {exponent:g}: worst")
        axes.plot(
            actual, mean, marker="s", markersize=3, color=colour, linestyle="--", label=f"exponent {exponent:g}: mean"
        )
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    axes.set_xlabel("tokens in the mixed vocab")
    axes.set_ylabel("parity")
    axes.set_title("Parity as the vocab grows")
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    return figure


__all__ = ["language_bars", "language_colour", "parity_by_exponent", "parity_by_size", "shares_and_fertility"]
