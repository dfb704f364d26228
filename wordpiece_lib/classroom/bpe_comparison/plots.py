"""Matplotlib figures for WordPiece against BPE: fertility by vocab size, and the first merges.

As everywhere in the classroom, every function returns a closed
``matplotlib.figure.Figure`` (colours from :mod:`wordpiece_lib.classroom.display.style`) and never trains: ``combination_fertility_curves`` draws the
DataFrame of ``combination_fertility_points``, ``first_merges`` reads two
``Trace`` objects.

>>> import pandas as pd
>>> frame = pd.DataFrame({"trainer": ["BPE count"] * 2, "encoder": ["merge replay"] * 2,
...                       "vocab_size": [100, 200], "fertility": [2.0, 1.5]})
>>> combination_fertility_curves(frame).axes[0].get_ylabel()
'tokens per word (fertility)'
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_sequence, check_str
from wordpiece_lib.analysis import ENCODERS, TRAINERS
from wordpiece_lib.classroom import display
from wordpiece_lib.training import Trace

#: One colour per trainer, one line style per encoder.
TRAINER_COLOURS = {TRAINERS[0]: display.SERIES_COLOURS[0], TRAINERS[1]: display.SERIES_COLOURS[1]}
ENCODER_STYLES = {ENCODERS[0]: "-", ENCODERS[1]: "--"}
#: Markers per trainer (longest match, merge replay), so a trainer is told by its shape as well as its colour.
TRAINER_MARKERS = {TRAINERS[0]: ("o", "x"), TRAINERS[1]: ("s", "+")}


def combination_fertility_curves(frame: Any, *, marked: tuple[int, ...] = (), title: str | None = None) -> Any:
    """Fertility against vocab size: one line per combination (colour: trainer, style: encoder).

    ``marked`` draws thin vertical lines at some sizes (e.g. the table's 2,000 and 8,000).

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"trainer": ["WordPiece score", "BPE count"], "encoder": ["longest match"] * 2,
    ...                       "vocab_size": [100, 100], "fertility": [3.0, 1.5]})
    >>> [line.get_label() for line in combination_fertility_curves(frame).axes[0].get_lines()][:2]
    ['WordPiece score / longest match', 'BPE count / longest match']
    """
    marked = tuple(check_int(size, "marked[...]", minimum=1) for size in check_sequence(marked, "marked"))
    if title is not None:
        check_str(title, "title")
    needed = {"trainer", "encoder", "vocab_size", "fertility"}
    if not needed <= set(getattr(frame, "columns", [])):
        raise TypeError(
            "frame must be a DataFrame from combination_fertility_points(...) with columns " + ", ".join(sorted(needed))
        )
    if len(frame) == 0:
        raise ValueError("frame is empty: there is nothing to draw")
    figure, axes = display.new_figure(7.5, 4.2)
    ends, lines = [], []
    for trainer in TRAINERS:
        for encoder in ENCODERS:
            rows = frame[(frame["trainer"] == trainer) & (frame["encoder"] == encoder)].sort_values("vocab_size")
            if len(rows) == 0:
                continue
            axes.plot(
                rows["vocab_size"],
                rows["fertility"],
                linestyle=ENCODER_STYLES[encoder],
                marker=TRAINER_MARKERS[trainer][encoder == ENCODERS[1]],
                markersize=5,
                color=TRAINER_COLOURS[trainer],
                label=f"{trainer} / {encoder}",
            )
            first, last = rows.iloc[0], rows.iloc[-1]
            marker = TRAINER_MARKERS[trainer][encoder == ENCODERS[1]]
            ends.append(
                (f"{trainer} / {encoder}", last["vocab_size"], last["fertility"], TRAINER_COLOURS[trainer], marker)
            )
            lines.append(
                f"{trainer} / {encoder}: {first['fertility']:.2f} at {int(first['vocab_size']):,} tokens, "
                f"{last['fertility']:.2f} at {int(last['vocab_size']):,}"
            )
    for size in marked:
        axes.axvline(size, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xscale("log")
    title = title or "Fertility on the held-out text: lower is better"
    axes.set(xlabel="tokens in the vocab (log scale)", ylabel="tokens per word (fertility)", title=title)
    axes.grid(alpha=0.3, which="both")
    axes.legend(fontsize=9)
    display.label_line_ends(axes, ends)
    summary = (
        f"Line chart, {title}: tokens per word against tokens in the vocab (log scale), one line per trainer "
        f"(colour and marker) and encoder (solid: longest match, dashed: merge replay), each labelled at its end. "
        f"{'; '.join(lines)}."
    )
    table = frame.pivot_table(index="vocab_size", columns=["trainer", "encoder"], values="fertility")
    columns = ["tokens in the vocab", *(f"{trainer} / {encoder}" for trainer, encoder in table.columns)]
    rows = [
        [int(size), *(round(float(value), 3) for value in values)] for size, values in zip(table.index, table.values)
    ]
    return display.describe(figure, title, summary, display.data_table(columns, rows))


def first_merges(wordpiece: Trace, bpe: Trace, count: int = 30) -> Any:
    """The first ``count`` merges of each trainer, side by side: the token made and its pair count.

    Bars show how often the merged pair occurred (log scale); a red, bold label
    marked with a dot is a token the other trainer also learns in its first
    ``count`` merges.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> figure = first_merges(train_fast(corpus, 100), train_fast(corpus, 100, criterion="bpe"), 5)
    >>> [axes.get_title() for axes in figure.axes]
    ['WordPiece score: first 5 merges', 'BPE count: first 5 merges']
    """
    for name, trace in (("wordpiece", wordpiece), ("bpe", bpe)):
        check_instance(trace, name, Trace)
    check_int(count, "count", minimum=1)
    shown = [trace.steps[:count] for trace in (wordpiece, bpe)]
    if not any(shown):
        raise ValueError("neither trace has a merge: there is nothing to draw")
    made = [{step.new_token for step in steps} for steps in shown]
    rows = max(len(steps) for steps in shown)
    figure, axes_pair = display.new_figure(9, max(2.5, 0.22 * rows + 1.2), 1, 2, sharey=True)
    highest = max(step.pair_count for steps in shown for step in steps)
    for index, (axes, trainer, steps) in enumerate(zip(axes_pair, TRAINERS, shown, strict=True)):
        other = made[1 - index]
        positions = list(range(len(steps)))
        axes.barh(positions, [step.pair_count for step in steps], color=TRAINER_COLOURS[trainer], alpha=0.8)
        for position, step in zip(positions, steps, strict=True):
            shared = step.new_token in other
            axes.annotate(
                display.plain(f"{'• ' if shared else ''}{step.new_token}  ({step.pair_count:,})"),
                (step.pair_count, position),
                xytext=(3, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
                color=display.WINNER_COLOUR if shared else "black",
                fontweight="bold" if shared else "normal",
            )
        axes.set_xscale("log")
        axes.set_xlim(0.8, highest * 12)
        axes.set_title(f"{trainer}: first {len(steps)} merges")
        axes.set_xlabel("count of the merged pair (log scale)")
        axes.grid(alpha=0.3, axis="x")
    axes_pair[0].set_yticks(range(rows), [str(number) for number in range(1, rows + 1)], fontsize=7)
    axes_pair[0].set_ylim(rows - 0.5, -0.5)
    axes_pair[0].set_ylabel("merge step")
    title = f"The first {count} merges of each trainer"
    both = [step.new_token for step in shown[0] if step.new_token in made[1]]
    parts = [
        f"{trainer}: {display.plain_list([f'{step.new_token} ({step.pair_count:,})' for step in steps], limit=5)}"
        for trainer, steps in zip(TRAINERS, shown, strict=True)
    ]
    summary = (
        f"Two bar charts side by side, {title}: each merge's new token and the count of its pair (log scale). "
        f"{'; '.join(parts)}. {len(both)} tokens are learned by both (red, bold, with a dot)"
        + (f": {display.plain_list(both)}." if both else ".")
    )
    columns = ["merge", *(f"{trainer}: {what}" for trainer in TRAINERS for what in ("token", "pair count", "both"))]
    table = []
    for number in range(rows):
        row: list[object] = [number + 1]
        for index, steps in enumerate(shown):
            if number < len(steps):
                step = steps[number]
                row += [step.new_token, step.pair_count, "yes" if step.new_token in made[1 - index] else "no"]
            else:
                row += ["", "", ""]
        table.append(row)
    return display.describe(figure, title, summary, display.data_table(columns, table))


__all__ = ["ENCODER_STYLES", "TRAINER_COLOURS", "TRAINER_MARKERS", "combination_fertility_curves", "first_merges"]
