"""Figures for notebook 12: a word's lattice, training step by step, sampled cuts, three trainers on a book.

Every function returns a closed matplotlib figure and never trains. Each figure
also carries a short text alternative made from the data it drew
(``figure.text_alternative``, read with :func:`text_alternative`): what it shows
and its key values, for a screen reader and for anyone who cannot see it. Where
the classroom's ``figures`` module is there (issue 32), the same text and the data
table are attached with its ``describe``, which the notebooks display with the image.
Series are told apart by marker, line style or hatching as well as by colour.

>>> import math
>>> from wordpiece_lib.model import UnigramModel
>>> model = UnigramModel([("<unk>", 0.0), ("a", math.log(0.5)), ("b", math.log(0.3)), ("ab", math.log(0.2))])
>>> print(text_alternative(lattice(model, "ab")))
Lattice of 'ab': 3 pieces found between its 2 positions; the best cut is ab (total log-probability -1.609); the other pieces are a and b.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_str
from wordpiece_lib.classroom import display
from wordpiece_lib.model import UnigramModel

#: Hatches that tell bars apart without colour.
HATCHES = ("", "//", "..", "xx", "\\\\", "++")
#: Markers and line styles that tell lines apart without colour.
MARKERS, LINESTYLES = ("o", "s", "^", "D"), ("-", "--", "-.", ":")


def _new_figure(width: float, height: float, nrows: int = 1) -> tuple[Any, Any]:
    """``style.new_figure`` for one panel; a column of ``nrows`` panels sharing the x axis otherwise."""
    if nrows == 1:
        return display.new_figure(width, height)
    try:  # issue 32's figures carry their description into the notebook's display
        from wordpiece_lib.classroom.display import new_described_figure

        figure = new_described_figure(width, height, nrows, 1, sharex=True)
        return figure, list(figure.axes)
    except ImportError:
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(nrows, 1, figsize=(width, height), layout="constrained", sharex=True)
        plt.close(figure)  # returned, not auto-shown: a notebook displays it once
        return figure, list(axes)


def _described(figure: Any, title: str, summary: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Any:
    """Attach the text alternative (and, with issue 32's ``figures``, its data table) and return the figure."""
    figure.text_alternative = " ".join(summary.split())
    try:
        from wordpiece_lib.classroom.display import data_table, describe
    except ImportError:
        return figure
    return describe(figure, title, figure.text_alternative, data_table(list(columns), [list(row) for row in rows]))


def text_alternative(figure: Any) -> str:
    """The short description a figure of this module carries.

    >>> text_alternative(object())
    Traceback (most recent call last):
    ...
    ValueError: this figure carries no text alternative (draw it with wordpiece_lib.classroom.unigram.plots)
    """
    text = getattr(figure, "text_alternative", None)
    if not isinstance(text, str):
        raise ValueError("this figure carries no text alternative (draw it with wordpiece_lib.classroom.unigram.plots)")
    return text


def _count(number: int, thing: str) -> str:
    """``1 pruning``, ``3 prunings``."""
    return f"{number} {thing}" + ("" if number == 1 else "s")


def _names(items: Sequence[str], limit: int = 8) -> str:
    items = list(items)
    if len(items) > limit:
        return ", ".join(items[:limit]) + f" and {len(items) - limit} more"
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 2 else " and ".join(items)


def lattice(model: UnigramModel, word: str, position: int | None = None) -> Any:
    """Every piece of the model found in ``word`` as an arc from where it starts to where it ends.

    The best cut's arcs are red and thick (solid); the others light blue and dashed;
    each arc is labelled with its piece and score. With ``position``, only the arcs
    ending at or before it are drawn, and the best cut of the word read so far.
    """
    from wordpiece_lib.classroom.unigram.widgets import viterbi_steps

    check_instance(model, "model", UnigramModel)
    check_str(word, "word", allow_empty=False)
    steps = viterbi_steps(model, word)
    end = len(word) if position is None else check_int(position, "position", minimum=1)
    if end > len(word):
        raise ValueError(f"position must be between 1 and {len(word)}, got {end}")
    step = steps[end - 1]
    best_arcs: set[tuple[int, int]] = set()
    start = 0
    for piece in step.best:
        best_arcs.add((start, start + len(piece)))
        start += len(piece)
    nodes = [node for node in model.lattice(word) if node.end <= end]
    figure, axes = display.new_figure(max(4.5, 1.1 * len(word) + 1.5), 3.4)
    for x, char in enumerate(word):
        axes.text(
            x + 0.5,
            -0.18,
            display.plain(char),
            ha="center",
            va="top",
            fontsize=13,
            color=display.INK if x < end else "#999999",
        )
    for x in range(len(word) + 1):
        axes.plot([x], [0], marker="o", color=display.INK, markersize=4)
        axes.text(x, 0.08, str(x), ha="center", fontsize=8, color="#666666")
    others = []
    for node in nodes:
        on_best = (node.start, node.end) in best_arcs
        span = node.end - node.start
        height = 0.35 + 0.3 * span + (0.12 if on_best else 0)
        xs = [node.start + (node.end - node.start) * t / 20 for t in range(21)]
        ys = [height * math.sin(math.pi * t / 20) for t in range(21)]
        axes.plot(
            xs,
            ys,
            color=display.WINNER_COLOUR if on_best else display.OTHER_COLOUR,
            linewidth=2.6 if on_best else 1.2,
            linestyle="-" if on_best else "--",
            zorder=3 if on_best else 2,
        )
        axes.text(
            (node.start + node.end) / 2,
            height + 0.03,
            f"{display.plain(node.piece)} {node.score:.2f}",
            ha="center",
            fontsize=8,
            color=display.WINNER_COLOUR if on_best else display.INK,
            fontweight="bold" if on_best else "normal",
        )
        if not on_best:
            others.append(node.piece)
    axes.set_xlim(-0.4, len(word) + 0.4)
    axes.set_ylim(-0.45, 0.55 + 0.3 * max((n.end - n.start for n in nodes), default=1) + 0.3)
    axes.axis("off")
    read = "" if end == len(word) else f" (the first {end} characters read)"
    axes.set_title(
        f"The lattice of '{display.plain(word)}'{read}: best cut {' '.join(map(display.plain, step.best))}", fontsize=10
    )
    summary = (
        f"Lattice of {word!r}{read}: {len(nodes)} pieces found between its {end} positions; the best cut is "
        f"{' '.join(step.best)} (total log-probability {step.total:.3f}); the other pieces are {_names(others)}."
    )
    rows = [
        (node.piece, node.start, node.end, round(node.score, 4), "yes" if (node.start, node.end) in best_arcs else "")
        for node in nodes
    ]
    return _described(figure, f"Lattice of {word}", summary, ["piece", "start", "end", "score", "best cut"], rows)


def training_curve(frame: Any, *, title: str, loss_label: str = "corpus loss (best cuts)") -> Any:
    """Two panels over the training steps: the loss (top) and the number of pieces (bottom).

    ``frame`` is ``tables.rounds_frame(...)``: an EM round is a circle on a solid
    line, a pruning a square with its step shaded, so the two kinds of step are
    told apart without colour.
    """
    check_str(title, "title")
    check_str(loss_label, "loss_label")
    needed = {"step", "kind", "vocab_size", "loss"}
    if not needed <= set(getattr(frame, "columns", [])):
        raise TypeError("frame must be a DataFrame from rounds_frame(...) with columns step, kind, vocab_size, loss")
    if len(frame) == 0:
        raise ValueError("frame is empty: there is nothing to draw")
    figure, (top, bottom) = _new_figure(7.5, 4.6, nrows=2)
    steps, kinds = list(frame["step"]), list(frame["kind"])
    for axes, column, label in ((top, "loss", loss_label), (bottom, "vocab_size", "pieces")):
        values = list(frame[column])
        axes.plot(steps, values, color=display.SERIES_COLOURS[0], linestyle="-", linewidth=1.2, zorder=2)
        for kind, marker, colour in (
            ("start", "D", display.INK),
            ("em", "o", display.SERIES_COLOURS[0]),
            ("prune", "s", display.WINNER_COLOUR),
        ):
            xs = [s for s, k in zip(steps, kinds) if k == kind]
            ys = [v for v, k in zip(values, kinds) if k == kind]
            if xs:
                axes.scatter(xs, ys, marker=marker, color=colour, s=36, zorder=3, label=kind)
        for s, k in zip(steps, kinds):
            if k == "prune":
                axes.axvspan(s - 0.5, s + 0.5, color="#eeeeee", zorder=1)
        axes.set_ylabel(label)
        axes.grid(alpha=0.3)
    top.set_title(title, fontsize=10)
    top.legend(fontsize=8, loc="upper right", title="step", title_fontsize=8)
    bottom.set_xlabel("training step (shaded: a pruning)")
    first, last = frame.iloc[0], frame.iloc[-1]
    prunings = kinds.count("prune")
    summary = (
        f"{title}. Two panels over {len(frame)} training steps ({_count(kinds.count('em'), 'EM round')}, {_count(prunings, 'pruning')}). "
        f"The loss goes from {first['loss']:,.1f} to {last['loss']:,.1f}; the pieces from {int(first['vocab_size']):,} "
        f"to {int(last['vocab_size']):,}, falling most at the prunings."
    )
    rows = [(int(r.step), r.kind, int(r.vocab_size), round(float(r.loss), 3)) for r in frame.itertuples()]
    return _described(figure, title, summary, ["step", "kind", "pieces", "loss"], rows)


def sampling_bars(frame: Any, *, word: str) -> Any:
    """For each cut of a word (rows), its chance at each ``alpha`` (bars told apart by hatching and colour).

    A black tick on each bar marks the share the samples gave. ``frame`` is
    ``widgets.sampling_frame(...)``.
    """
    check_str(word, "word", allow_empty=False)
    needed = {"alpha", "cut", "chance", "sampled"}
    if not needed <= set(getattr(frame, "columns", [])):
        raise TypeError("frame must be a DataFrame from sampling_frame(...) with columns alpha, cut, chance, sampled")
    if len(frame) == 0:
        raise ValueError("frame is empty: there is nothing to draw")
    alphas = list(dict.fromkeys(frame["alpha"]))
    cuts = list(dict.fromkeys(frame["cut"]))
    figure, axes = display.new_figure(7.5, 1.2 + 0.45 * len(cuts) * max(1, len(alphas)) / 2)
    height = 0.8 / len(alphas)
    for number, alpha in enumerate(alphas):
        rows = frame[frame["alpha"] == alpha].set_index("cut")
        ys = [index + number * height for index in range(len(cuts))]
        axes.barh(
            ys,
            [rows.loc[cut, "chance"] for cut in cuts],
            height=height,
            color=display.SERIES_COLOURS[number % len(display.SERIES_COLOURS)],
            hatch=HATCHES[number % len(HATCHES)],
            edgecolor=display.INK,
            linewidth=0.5,
            label=f"alpha {alpha:g}",
        )
        axes.scatter([rows.loc[cut, "sampled"] for cut in cuts], ys, marker="|", color="black", s=90, zorder=3)
    axes.set_yticks(
        [index + height * (len(alphas) - 1) / 2 for index in range(len(cuts))], [display.plain(c) for c in cuts]
    )
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("chance of being drawn (black tick: share among the samples)")
    axes.set_title(f"Sampling cuts of '{display.plain(word)}': alpha 0 makes every cut as likely", fontsize=10)
    axes.legend(fontsize=8, loc="lower right")
    parts = []
    for alpha in alphas:
        rows = frame[frame["alpha"] == alpha]
        top = rows.sort_values("chance", ascending=False, kind="stable").iloc[0]
        parts.append(f"at alpha {alpha:g} the most likely cut is {top['cut']} ({top['chance']:.1%})")
    summary = f"Bar chart of the {len(cuts)} cuts of {word!r} at alpha {', '.join(f'{a:g}' for a in alphas)}: " + (
        "; ".join(parts) + "."
    )
    rows = [(r.alpha, r.cut, round(r.chance, 4), round(r.sampled, 4)) for r in frame.itertuples()]
    return _described(figure, f"Sampling cuts of {word}", summary, ["alpha", "cut", "chance", "sampled share"], rows)


def three_way_bars(frame: Any) -> Any:
    """Tokens per word on the held-out chapter: one group of bars per vocab size, one hatched bar per model.

    ``frame`` has columns ``vocab size``, ``model`` and ``tokens per word``.
    """
    needed = {"vocab size", "model", "tokens per word"}
    if not needed <= set(getattr(frame, "columns", [])):
        raise TypeError("frame must have the columns 'vocab size', 'model' and 'tokens per word'")
    if len(frame) == 0:
        raise ValueError("frame is empty: there is nothing to draw")
    sizes = list(dict.fromkeys(frame["vocab size"]))
    models = list(dict.fromkeys(frame["model"]))
    figure, axes = display.new_figure(7.5, 3.6)
    width = 0.8 / len(models)
    for number, model in enumerate(models):
        rows = frame[frame["model"] == model].set_index("vocab size")
        xs = [index + number * width for index in range(len(sizes))]
        values = [float(rows.loc[size, "tokens per word"]) for size in sizes]
        axes.bar(
            xs,
            values,
            width=width,
            color=display.SERIES_COLOURS[number % len(display.SERIES_COLOURS)],
            hatch=HATCHES[number % len(HATCHES)],
            edgecolor=display.INK,
            linewidth=0.5,
            label=model,
        )
        for x, value in zip(xs, values):
            axes.text(x, value + 0.01, f"{value:.2f}", ha="center", fontsize=8)
    axes.set_xticks([index + width * (len(models) - 1) / 2 for index in range(len(sizes))], [f"{s:,}" for s in sizes])
    axes.set_xlabel("vocab size")
    axes.set_ylabel("tokens per word (held-out chapter)")
    axes.set_ylim(0, float(max(frame["tokens per word"])) * 1.12)  # bars start at 0: their lengths compare
    axes.set_title("Fewer tokens per word is better: three trainers, same sizes", fontsize=10)
    axes.legend(fontsize=8, loc="upper right")
    parts = []
    for size in sizes:
        rows = frame[frame["vocab size"] == size]
        parts.append(
            f"at {size:,}: " + ", ".join(f"{r['model']} {float(r['tokens per word']):.2f}" for _, r in rows.iterrows())
        )
    summary = "Grouped bar chart of tokens per word on the held-out chapter; " + "; ".join(parts) + "."
    rows = [(int(r["vocab size"]), r["model"], round(float(r["tokens per word"]), 4)) for _, r in frame.iterrows()]
    return _described(
        figure, "Tokens per word, three trainers", summary, ["vocab size", "model", "tokens per word"], rows
    )


__all__ = ["lattice", "sampling_bars", "text_alternative", "three_way_bars", "training_curve"]
