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
from wordpiece_lib.classroom import display
from wordpiece_lib.classroom.other_languages.sweep import ExponentSweep

#: Tokens no language uses, in the share figure.
UNUSED_COLOUR = "#cccccc"
#: One hatch per language in the stacked bars (beside its colour and its name written in the bar).
LANGUAGE_HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++", "||", "**", "OO", "//..")


def language_colour(index: int) -> str:
    """The colour of the ``index``-th language in every figure of the notebook.

    >>> language_colour(0) == language_colour(len(display.SERIES_COLOURS) + 3)
    False
    """
    check_index(index, "index", minimum=0)
    extra = ("#17becf", "#bcbd22", "#7f7f7f", "#e377c2", "#a6761d")
    palette = (*display.SERIES_COLOURS, *extra)
    return palette[index % len(palette)]


def language_marker(index: int) -> str:
    """The marker of the ``index``-th language's line: the first 12 languages each have their own.

    >>> len({language_marker(index) for index in range(11)})
    11
    """
    return display.SERIES_MARKERS[check_index(index, "index", minimum=0) % len(display.SERIES_MARKERS)]


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
    figure, axes = display.new_figure(7.0, 0.8 + 0.34 * len(names))
    positions = list(range(len(names)))
    high = [reference is not None and number > 1.5 * reference for number in numbers]
    colours = [display.WINNER_COLOUR if over else display.OTHER_COLOUR for over in high]
    bars = axes.barh(positions, numbers, color=colours, edgecolor=display.INK, linewidth=0.4)
    for bar, over in zip(bars, high):
        if over:  # hatched as well as red, so the colour is not the only cue
            bar.set_hatch("///")
    axes.set_yticks(positions, [display.plain(labels.get(name, name) if labels else name) for name in names])
    axes.invert_yaxis()
    top = max(numbers) if max(numbers) > 0 else 1.0
    for position, number in zip(positions, numbers):
        text = f"{number:.1%}" if percent else f"{number:.2f}"
        axes.text(number + top * 0.01, position, text, va="center", fontsize=9, color=display.INK)
    if reference is not None:
        axes.axvline(reference, color="grey", linestyle=":", linewidth=1)
    axes.set_xlim(0, top * 1.2)
    axes.set_xlabel(xlabel + (" (red, hatched: over 1.5 times the dotted reference)" if any(high) else ""))
    axes.set_title(title)
    shown = [labels.get(name, name) if labels else name for name in names]
    texts = [f"{label} {f'{number:.1%}' if percent else f'{number:.2f}'}" for label, number in zip(shown, numbers)]
    summary = f"Bar chart, {title}: {xlabel} by language, {display.plain_list(texts, limit=12)}."
    if reference is not None:
        over = [label for label, flag in zip(shown, high) if flag]
        summary += f" Dotted line at the reference {reference:.2f}" + (
            f"; over 1.5 times it (red, hatched): {display.plain_list(over, limit=12)}."
            if over
            else "; none is over 1.5 times it."
        )
    rows = [[label, f"{number:.1%}" if percent else round(number, 3)] for label, number in zip(shown, numbers)]
    return display.describe(figure, title, summary, display.data_table(["language", xlabel], rows))


def _two_panels(width: float, height: float) -> tuple[Any, Any]:
    return display.new_figure(width, height, 1, 2)


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
        left.bar(
            positions,
            heights,
            bottom=bottoms,
            color=language_colour(index),
            hatch=LANGUAGE_HATCHES[index % len(LANGUAGE_HATCHES)],
            edgecolor="white",
            linewidth=0.5,
            label=language,
            width=0.7,
        )
        for position, bottom, height in zip(positions, bottoms, heights):
            if height >= 0.045:  # the language's name in its part of the bar: a key that needs no colour
                left.text(
                    position,
                    bottom + height / 2,
                    display.plain(language),
                    ha="center",
                    va="center",
                    fontsize=7,
                    color=display.INK,
                    bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
                )
        bottoms = [bottom + height for bottom, height in zip(bottoms, heights)]
    unused = [measured.unused_share for measured in figures]
    left.bar(positions, unused, bottom=bottoms, color=UNUSED_COLOUR, label="unused", width=0.7, edgecolor="white")
    left.set_xticks(positions, [f"{value:g}" for value in exponents])
    left.set_xlabel("sampling exponent")
    left.set_ylabel("share of the vocab")
    left.set_ylim(0, 1)
    size = figures[0].vocab_size
    left.set_title(f"Who owns the {size:,} tokens")
    left.legend(fontsize=7, ncol=2, loc="upper left", bbox_to_anchor=(1.0, 1.0), handleheight=1.6, handlelength=2.4)
    ends = _line_per_language(right, exponents, [measured.tokens_per_word for measured in figures], sweep.languages)
    right.set_xlabel("sampling exponent")
    right.set_ylabel("tokens per word")
    right.set_title("Tokens per word, by language")
    right.grid(alpha=0.3)
    if exponent is not None:
        at = exponents.index(exponent)
        left.axvspan(at - 0.45, at + 0.45, color=display.WINNER_COLOUR, alpha=0.12, zorder=0)
        right.axvline(exponent, color=display.WINNER_COLOUR, linewidth=1.5, linestyle="--")
    display.label_line_ends(right, ends, fontsize=7)
    title = f"Who owns the {size:,} tokens, and tokens per word, by sampling exponent"
    first, last = figures[0], figures[-1]
    low, high = f"{exponents[0]:g}", f"{exponents[-1]:g}"
    biggest = max(sweep.languages, key=lambda language: last.share[language])
    costly = max(sweep.languages, key=lambda language: last.tokens_per_word[language])
    main = sweep.languages[0]
    summary = (
        f"Two panels for the sampling exponents {display.plain_list([f'{value:g}' for value in exponents])}"
        + (f" (exponent {exponent:g} marked)" if exponent is not None else "")
        + f". Left, stacked bars: each language's share of the {size:,}-token vocab, each part hatched and named. "
        f"{main}'s share goes from {first.share[main]:.1%} at {low} to {last.share[main]:.1%} at {high}; at {high} "
        f"{biggest} owns most ({last.share[biggest]:.1%}) and {last.unused_share:.1%} is used by no language. "
        f"Right, one line per language (own marker, named at its end): tokens per word; at {high} {main} needs "
        f"{last.tokens_per_word[main]:.2f}, {costly} the most ({last.tokens_per_word[costly]:.2f})."
    )
    rows = [
        [f"{value:g}", language, f"{measured.share[language]:.1%}", round(measured.tokens_per_word[language], 3)]
        for value, measured in zip(exponents, figures)
        for language in sweep.languages
    ]
    rows += [
        [f"{value:g}", "unused", f"{measured.unused_share:.1%}", ""] for value, measured in zip(exponents, figures)
    ]
    table = display.data_table(["exponent", "language", "share of the vocab", "tokens per word"], rows)
    return display.describe(figure, title, summary, table)


def _line_per_language(
    axes: Any, exponents: Sequence[float], values: Sequence[Mapping[str, float]], languages: Sequence[str]
) -> list[tuple[str, float, float, str]]:
    """One line per language: its value at each exponent, in the language's colour and marker, named at its end."""
    ends = []
    for index, language in enumerate(languages):
        colour = language_colour(index)
        axes.plot(
            exponents,
            [at_exponent[language] for at_exponent in values],
            marker=language_marker(index),
            markersize=5,
            linewidth=1.2,
            color=colour,
            label=language,
        )
        ends.append((language, exponents[-1], values[-1][language], colour, language_marker(index)))
    return ends


def parity_by_exponent(sweep: ExponentSweep, *, limit: float | None = None, vocab_size: int | None = None) -> Any:
    """Each language's parity against the exponent; ``limit`` draws the line the exercise asks to stay under."""
    check_instance(sweep, "sweep", ExponentSweep)
    if limit is not None:
        check_size(limit, "limit")
    exponents = sweep.exponents
    figures = [sweep.measure(value, vocab_size) for value in exponents]
    figure, axes = display.new_figure(7.5, 4.0)
    ends = _line_per_language(axes, exponents, [measured.parity for measured in figures], sweep.languages)
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    if limit is not None:
        axes.axhline(limit, color=display.WINNER_COLOUR, linestyle="--", linewidth=1.2, label=f"limit {limit:g}")
    axes.set_xlabel("sampling exponent")
    axes.set_ylabel(f"parity (tokens / {sweep.languages[0]} tokens)")
    title = f"Parity on the parallel phrases, {figures[0].vocab_size:,}-token mixed vocabs"
    axes.set_title(title)
    axes.legend(fontsize=7, ncol=2, loc="upper left", bbox_to_anchor=(1.12, 1.0))
    axes.grid(alpha=0.3)
    display.label_line_ends(axes, ends, fontsize=7)
    base = sweep.languages[0]
    parts = []
    for value, measured in zip(exponents, figures):
        worst = max(sweep.languages, key=lambda language: measured.parity[language])
        part = f"at {value:g} the worst is {worst} ({measured.parity[worst]:.2f})"
        if limit is not None:
            over = [language for language in sweep.languages if measured.parity[language] > limit]
            part += f", over the limit: {display.plain_list(over, limit=11) if over else 'none'}"
        parts.append(part)
    summary = (
        f"Line chart, {title}: each language's tokens for the same phrases divided by {base}'s, against the "
        f"sampling exponent; one line per language, each with its own marker and named at its end"
        + (f"; dashed line: the limit {limit:g}" if limit is not None else "")
        + f". {'; '.join(parts)}."
    )
    columns = ["language", *(f"exponent {value:g}" for value in exponents)]
    rows = [[language, *(round(measured.parity[language], 3) for measured in figures)] for language in sweep.languages]
    return display.describe(figure, title, summary, display.data_table(columns, rows))


def parity_by_size(sweep: ExponentSweep, exponents: Sequence[float], sizes: Sequence[int]) -> Any:
    """The worst and the mean parity (over the languages) against the vocab size, one line pair per exponent."""
    check_instance(sweep, "sweep", ExponentSweep)
    exponents, sizes = check_sequence(exponents, "exponents"), check_sequence(sizes, "sizes")
    if not sizes or not exponents:
        raise ValueError("give at least one exponent and one vocab size")
    figure, axes = display.new_figure(7.5, 3.8)
    others = sweep.languages[1:]
    ends, parts, rows = [], [], []
    for index, exponent in enumerate(exponents):
        measured = [sweep.parity(exponent, size) for size in sizes]  # (vocab size, parity by language)
        actual = [size for size, _ in measured]
        worst = [max(parities[language] for language in others) for _, parities in measured]
        mean = [sum(parities[language] for language in others) / len(others) for _, parities in measured]
        colour = display.SERIES_COLOURS[index % len(display.SERIES_COLOURS)]
        worst_marker, mean_marker = (
            display.SERIES_MARKERS[(2 * index) % 12],
            display.SERIES_MARKERS[(2 * index + 1) % 12],
        )
        axes.plot(actual, worst, marker=worst_marker, markersize=5, color=colour, label=f"exponent {exponent:g}: worst")
        axes.plot(
            actual,
            mean,
            marker=mean_marker,
            markersize=5,
            color=colour,
            linestyle="--",
            label=f"exponent {exponent:g}: mean",
        )
        ends += [
            (f"α {exponent:g} worst", actual[-1], worst[-1], colour, worst_marker),
            (f"α {exponent:g} mean", actual[-1], mean[-1], colour, mean_marker),
        ]
        parts.append(
            f"exponent {exponent:g}: worst {worst[0]:.2f} to {worst[-1]:.2f}, mean {mean[0]:.2f} to {mean[-1]:.2f}"
        )
        rows += [[f"{exponent:g}", size, round(w, 3), round(m, 3)] for size, w, m in zip(actual, worst, mean)]
    axes.axhline(1.0, color="grey", linestyle=":", linewidth=1)
    title = "Parity as the vocab grows"
    axes.set(xlabel="tokens in the mixed vocab", ylabel="parity", title=title)
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    display.label_line_ends(axes, ends)
    summary = (
        f"Line chart, {title}: the worst (solid) and mean (dashed) parity over the languages other than "
        f"{sweep.languages[0]} against the mixed vocab's size, one pair of lines per exponent, each with its own "
        f"marker and named at its end; from the smallest to the largest vocab: {'; '.join(parts)}."
    )
    table = display.data_table(["exponent", "tokens in the mixed vocab", "worst parity", "mean parity"], rows)
    return display.describe(figure, title, summary, table)


__all__ = [
    "LANGUAGE_HATCHES",
    "language_bars",
    "language_colour",
    "language_marker",
    "parity_by_exponent",
    "parity_by_size",
    "shares_and_fertility",
]
