"""Matplotlib figures for the top-down learner: vocab size against threshold, and by round.

As everywhere in the classroom, every function returns a closed
``matplotlib.figure.Figure`` (colours from :mod:`wordpiece_lib.classroom.display.style`) and never trains: it draws the DataFrames that
``TopDownRounds.sizes_frame`` / ``round_sizes_frame`` return and the steps a
``TopDownResult`` recorded.

>>> import pandas as pd
>>> sizes = pd.DataFrame({"threshold": [1, 10, 100], "vocab_size": [600, 120, 40]})
>>> threshold_curve(sizes, target=100).axes[0].get_xscale()
'log'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_ratio, check_sequence
from wordpiece_lib.classroom import display
from wordpiece_lib.training import SLACK_RATIO, SearchStep


def _plain_numbers(axis: Any) -> None:
    """Label a log axis 1, 10, 100, 1,000 instead of powers of ten."""
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}" if value >= 1 else f"{value:g}"))


def _check_frame(frame: Any, needed: set[str], source: str) -> None:
    columns = set(getattr(frame, "columns", []))
    if not needed <= columns:
        listed = ", ".join(sorted(needed))
        raise TypeError(f"frame must be a DataFrame from {source} with columns {listed}")
    if len(frame) == 0:
        raise ValueError("frame is empty: there is nothing to draw")


def threshold_curve(
    sizes: Any,
    *,
    steps: Sequence[SearchStep] | None = None,
    target: int | None = None,
    slack_ratio: float = SLACK_RATIO,
    marked: int | None = None,
) -> Any:
    """Vocab size against threshold (both on log scales).

    ``steps`` (a ``TopDownResult.steps``) draws the thresholds the binary
    search tried, numbered in order; ``target`` draws the wanted size and the
    band the search accepts (``slack_ratio`` below it); ``marked`` circles one
    threshold of ``sizes`` (e.g. the slider's).

    >>> import pandas as pd
    >>> sizes = pd.DataFrame({"threshold": [1, 10, 100], "vocab_size": [600, 120, 40]})
    >>> figure = threshold_curve(sizes, steps=[SearchStep(1, 100, 50, 60), SearchStep(1, 49, 25, 90)], target=100)
    >>> [text.get_text() for text in figure.axes[0].texts]
    ['target 100', '1', '2']
    """
    _check_frame(sizes, {"threshold", "vocab_size"}, "TopDownRounds.sizes_frame(...)")
    if steps is not None:
        steps = [check_instance(step, "steps[...]", SearchStep) for step in check_sequence(steps, "steps")]
    if target is not None:
        check_int(target, "target", minimum=1)
    if marked is not None:
        check_int(marked, "marked", minimum=1)
    check_ratio(slack_ratio, "slack_ratio")
    ordered = sizes.sort_values("threshold")
    figure, axes = display.new_figure(7.5, 4.0)
    axes.plot(
        ordered["threshold"], ordered["vocab_size"], marker="o", markersize=3, color=display.OTHER_COLOUR, zorder=2
    )
    axes.set_xscale("log")
    axes.set_yscale("log")
    if target is not None:
        axes.axhline(target, color="grey", linestyle="--", linewidth=1)
        axes.axhspan(
            target * (1 - slack_ratio),
            target,
            color="grey",
            alpha=0.15,
            label=f"sizes the search accepts (target - {slack_ratio:.0%})",
        )
        axes.annotate(
            f"target {target:,}",
            (1, target),
            xycoords=("axes fraction", "data"),
            xytext=(-4, 4),
            textcoords="offset points",
            ha="right",
            fontsize=9,
        )
    if steps:
        xs = [step.threshold for step in steps]
        ys = [step.vocab_size for step in steps]
        axes.plot(xs, ys, color=display.WINNER_COLOUR, linewidth=0.8, linestyle=":", zorder=3)
        axes.scatter(xs, ys, color=display.WINNER_COLOUR, s=22, zorder=4, label="thresholds the search tried")
        for number, (x, y) in enumerate(zip(xs, ys), start=1):
            axes.annotate(
                str(number), (x, y), xytext=(4, 4), textcoords="offset points", fontsize=9, color=display.WINNER_COLOUR
            )
    if marked is not None:
        row = ordered[ordered["threshold"] == marked]
        if len(row) == 0:
            raise ValueError(f"marked={marked} is not one of the thresholds in sizes")
        axes.scatter(
            row["threshold"],
            row["vocab_size"],
            s=120,
            facecolors="none",
            edgecolors="black",
            zorder=5,
            label=f"threshold {marked}: {int(row['vocab_size'].iloc[0]):,} tokens",
        )
    _plain_numbers(axes.xaxis)
    _plain_numbers(axes.yaxis)
    axes.set_xlabel("threshold (log scale)")
    axes.set_ylabel("tokens in the vocab (log scale)")
    title = "A higher threshold keeps fewer tokens"
    axes.set_title(title)
    axes.grid(alpha=0.3, which="both")
    if axes.get_legend_handles_labels()[0]:
        axes.legend(loc="lower left", fontsize=9)
    first, last = ordered.iloc[0], ordered.iloc[-1]
    summary = (
        f"Line chart, {title} (log scales): tokens in the vocab against threshold, "
        f"{int(first['vocab_size']):,} tokens at threshold {int(first['threshold']):,} down to "
        f"{int(last['vocab_size']):,} at {int(last['threshold']):,}."
    )
    if target is not None:
        summary += f" Dashed line: the target, {target:,} tokens; the search accepts {slack_ratio:.0%} below it."
    if steps:
        tried = [
            f"{number}: threshold {step.threshold:,}, {step.vocab_size:,} tokens"
            for number, step in enumerate(steps, 1)
        ]
        summary += (
            f" The search tried {len(steps)} thresholds, numbered in order: {display.plain_list(tried, limit=12)}."
        )
    if marked is not None:
        summary += f" Circled: threshold {marked:,}, {int(row['vocab_size'].iloc[0]):,} tokens."
    tables = [
        display.data_table(
            ["threshold", "tokens in the vocab"],
            zip(ordered["threshold"].tolist(), ordered["vocab_size"].tolist()),
            caption="Vocab size by threshold",
        )
    ]
    if steps:
        rows = [[number, step.threshold, step.vocab_size] for number, step in enumerate(steps, start=1)]
        tables.append(
            display.data_table(["try", "threshold", "tokens in the vocab"], rows, caption="The search's tries")
        )
    return display.describe(figure, title, summary, *tables)


def round_sizes(frame: Any) -> Any:
    """Vocab size after each round, one line per threshold.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"threshold": [5, 5, 5], "round": [1, 2, 3], "vocab_size": [400, 190, 200]})
    >>> round_sizes(frame).axes[0].get_xlabel()
    'round'
    """
    _check_frame(frame, {"threshold", "round", "vocab_size"}, "TopDownRounds.round_sizes_frame(...)")
    figure, axes = display.new_figure(7.5, 3.8)
    ends, lines = [], []
    for index, (threshold, rows) in enumerate(frame.groupby("threshold", sort=True)):
        rows = rows.sort_values("round")
        style = display.series_style(index)
        axes.plot(rows["round"], rows["vocab_size"], label=f"threshold {threshold}", **style)
        last = rows.iloc[-1]
        sizes = [f"{int(size):,}" for size in rows["vocab_size"]]
        lines.append(f"threshold {threshold}: {', '.join(sizes)}")
        ends.append((f"t={threshold}: {sizes[-1]}", last["round"], last["vocab_size"], style["color"], style["marker"]))
    axes.set_yscale("log")
    low, high = axes.get_ylim()
    axes.set_ylim(low, high * 4)  # room for the legend above the lines
    _plain_numbers(axes.yaxis)
    axes.set_xticks(sorted(set(frame["round"])))
    axes.set_xlabel("round")
    axes.set_ylabel("tokens in the vocab (log scale)")
    title = "Round 1 keeps too much; the next rounds prune it, then settle"
    axes.set_title(title)
    axes.grid(alpha=0.3, which="both")
    axes.legend(fontsize=9, loc="upper right", ncols=2)
    display.label_line_ends(axes, ends, fontsize=9)
    summary = (
        f"Line chart, {title}: tokens in the vocab (log scale) after each round, one line per threshold, "
        f"each with its own marker and labelled at its end. {'; '.join(lines)}."
    )
    rows = frame.sort_values(["threshold", "round"])[["threshold", "round", "vocab_size"]].values.tolist()
    return display.describe(
        figure, title, summary, display.data_table(["threshold", "round", "tokens in the vocab"], rows)
    )


__all__ = ["round_sizes", "threshold_curve"]
