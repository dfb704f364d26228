"""What every figure and widget of the notebooks shares: colours, markers, figure size, buttons.

The chosen pair (or token) is red and the others light blue in every
figure and widget chart, so a learner reads every notebook the same way.
Colour is never the only key: a figure that compares series gives each its own
marker (and line style) and labels the lines where they end (``label_line_ends``);
``tests/classroom/test_figure_colours.py`` checks that colours that still tell two
series apart alone stay apart for colour-blind readers.

>>> figure, axes = new_figure(4, 3)
>>> figure = score_bar_chart(["a + ##b", "c + ##d"], [Fraction(1, 2), Fraction(1, 3)], title="t", xlabel="score")
>>> [text.get_text() for text in figure.axes[0].texts]
['1/2', '1/3']
"""

from __future__ import annotations

import itertools
import numbers
from fractions import Fraction
from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_sequence, check_size, check_str, check_str_list

#: The chosen pair or token.
WINNER_COLOUR = "#d62728"
#: A candidate tied with the winner (another tie-break would have chosen it).
TIED_COLOUR = "#f4a582"
#: Every other candidate.
OTHER_COLOUR = "#8fb6d9"
#: Outlines, edges and labels.
INK = "#333333"
#: What a walk has visited (nodes of the automaton, the character being read).
VISITED_COLOUR = "#e66101"
#: A step that failed (a word that becomes [UNK]).
FAILED_FILL = "#fbb4ae"
#: A token, a current position, a node that is neither.
TOKEN_FILL, CURRENT_FILL, PLAIN_FILL = "#d9f0d3", "#fdae61", "#ffffff"
#: Failure links and failure pops of the automaton.
LINK_COLOUR, POPS_COLOUR = "#7f7f7f", "#2c7fb8"
#: Neighbouring tokens of a text alternate these shades, so a word cut into pieces shows its cuts.
TOKEN_SHADES = ("#cfe3f6", "#fde2b8")
#: A special token ([CLS], [MASK] ...): outline and fill; padding; what the template added.
SPECIAL_COLOUR, SPECIAL_FILL = "#7b4fb5", "#e4d7f5"
PADDING_FILL, TEMPLATE_FILL = "#eeeeee", "#e0e0e0"
#: One colour per line when a figure draws several series (trainers, texts, algorithms).
SERIES_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#1b9e77", "#7570b3", "#e7298a", "#66a61e")
#: One marker and one line style per series, beside its colour.
SERIES_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<", ">", "p")
SERIES_LINESTYLES = ("-", "--", "-.", ":")


def series_style(index: int) -> dict[str, Any]:
    """Colour, marker and line style of the ``index``-th series: no two of the first 12 share a marker.

    >>> series_style(0)["marker"], series_style(1)["marker"], series_style(1)["linestyle"]
    ('o', 's', '--')
    """
    check_int(index, "index", minimum=0)
    return {
        "color": SERIES_COLOURS[index % len(SERIES_COLOURS)],
        "marker": SERIES_MARKERS[index % len(SERIES_MARKERS)],
        "linestyle": SERIES_LINESTYLES[index % len(SERIES_LINESTYLES)],
    }


def label_line_ends(axes: Any, labels: list[tuple[Any, ...]], *, fontsize: float = 8) -> None:
    """Write each series' name right of the plot, at the height where its line ends (a direct label).

    ``labels`` holds ``(text, x, y, colour)`` or ``(text, x, y, colour, marker)`` of each
    line's last point. The name is written in dark ink (readable whatever the line's
    colour) after the line's marker in its colour; names too close are pushed apart.

    >>> figure, axes = new_figure(3, 2)
    >>> _ = axes.plot([0, 1], [0, 1]); _ = axes.plot([0, 1], [0, 0.99])
    >>> label_line_ends(axes, [("a", 1, 1, "k", "o"), ("b", 1, 0.99, "k")])
    >>> [text.get_text() for text in axes.texts]
    ['b', 'a']
    """
    labels = check_sequence(labels, "labels")
    check_size(fontsize, "fontsize")
    axes.autoscale_view()  # limits are settled lazily: the heights below need them now
    to_axes = axes.transAxes.inverted()
    placed = []
    for text, x, y, colour, *rest in labels:
        _, height = to_axes.transform(axes.transData.transform((x, y)))
        placed.append([float(height), text, colour, rest[0] if rest else None])
    placed.sort(key=lambda item: item[0])
    gap = fontsize * 1.3 / 72 / max(axes.get_position().height * axes.figure.get_figheight(), 0.5)
    for below, above in itertools.pairwise(placed):
        above[0] = max(above[0], below[0] + gap)
    for height, text, colour, marker in placed:
        if marker:
            axes.plot(
                [1.025],
                [height],
                marker=marker,
                color=colour,
                markersize=fontsize * 0.6,
                transform=axes.transAxes,
                clip_on=False,
                linestyle="none",
            )
        axes.annotate(plain(text), (1.045, height), xycoords="axes fraction", va="center", fontsize=fontsize, color=INK)


def new_figure(width: float, height: float, nrows: int = 1, ncols: int = 1, **options: Any) -> tuple[Any, Any]:
    """A closed figure and its axes (an array of them for a grid), so a notebook shows it exactly once.

    The figure is a ``DescribedFigure`` (:mod:`wordpiece_lib.classroom.display.figures`): the plot
    function ends with ``describe(...)`` and the notebook shows the text alternative with it.

    >>> figure, axes = new_figure(4, 3)
    >>> [round(size) for size in figure.get_size_inches()], type(figure).__name__
    ([4, 3], 'DescribedFigure')
    """
    from wordpiece_lib.classroom.display.figures import new_described_figure

    for value, name in ((width, "width"), (height, "height")):
        check_size(value, name)
    check_int(nrows, "nrows", minimum=1)
    check_int(ncols, "ncols", minimum=1)
    figure = new_described_figure(width, height, nrows, ncols, **options)
    if nrows == ncols == 1:
        return figure, figure.axes[0]
    import numpy as np

    return figure, np.array(figure.axes, dtype=object).reshape(nrows, ncols).squeeze()


def fraction_text(value: Fraction | int | float) -> str:
    """A short label for a score: exact when small, else 4 significant digits.

    >>> fraction_text(Fraction(1, 15)), fraction_text(Fraction(5184, 25)), fraction_text(3)
    ('1/15', '207.4', '3')
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"value must be a number (a Fraction, an int or a float), got {type(value).__name__}")
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        if len(str(value)) <= 6:
            return str(value)
        value = float(value)
    return f"{value:.4g}"


def plain(text: Any) -> str:
    """``text`` as matplotlib must receive it to draw it as it is: a ``$`` would start a formula.

    A token such as ``$\\frac{1}{$`` is data, not mathematics (and an unfinished formula
    would stop the figure with a parse error), so every ``$`` is escaped.

    >>> print(plain("$5"), plain("a$b$c"))
    \\$5 a\\$b\\$c
    """
    return str(text).replace("$", r"\$")


def score_bar_chart(names: list[str], scores: list[Fraction], *, title: str, xlabel: str) -> Any:
    """Horizontal bars of ``scores`` labelled with ``names``, best first in red, exact values beside them.

    >>> score_bar_chart(["a + b", "b + c"], [Fraction(1, 2), Fraction(1, 3)], title="t", xlabel="x").axes[0].get_title()
    't'
    """
    names = check_str_list(names, "names")
    scores = list(check_sequence(scores, "scores"))
    for position, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, numbers.Real):
            raise TypeError(f"scores[{position}] must be a number, got {type(score).__name__}")
    if len(names) != len(scores):
        raise ValueError(f"names and scores must have the same length, got {len(names)} and {len(scores)}")
    check_str(title, "title")
    check_str(xlabel, "xlabel")
    figure, axes = new_figure(7.5, 0.9 + 0.38 * len(names))
    values = [float(score) for score in scores]
    colours = [WINNER_COLOUR if index == 0 else OTHER_COLOUR for index in range(len(values))]
    edges = [WINNER_COLOUR if score == scores[0] else "none" for score in scores]
    positions = list(range(len(values)))
    axes.barh(positions, values, color=colours, edgecolor=edges, linewidth=2)
    axes.set_yticks(positions, [plain(name) for name in names])
    axes.invert_yaxis()
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    top = max(values) if values else 1.0
    for position, (value, score) in enumerate(zip(values, scores)):
        axes.text(value + top * 0.01, position, fraction_text(score), va="center", fontsize=9)
    axes.set_xlim(0, top * 1.18 if top > 0 else 1)
    axes.spines[["top", "right"]].set_visible(False)
    from wordpiece_lib.classroom.display.figures import data_table, describe, plain_list

    ties = [name for name, score in zip(names[1:], scores[1:]) if score == scores[0]]
    summary = f"Bar chart, {title}: {len(names)} bars, {xlabel}, highest first."
    if names:
        summary += f" Best: {names[0]} ({fraction_text(scores[0])})"
        summary += f", tied with {plain_list(ties)}." if ties else "."
        others = [f"{name} ({fraction_text(score)})" for name, score in zip(names[1:], scores[1:])]
        if others:
            summary += f" Then {plain_list(others, limit=4)}."
    rows = [[rank, name, fraction_text(score)] for rank, (name, score) in enumerate(zip(names, scores), start=1)]
    return describe(figure, title, summary, data_table(["rank", "name", xlabel], rows))


#: Buttons as wide as their label, in every widget.
BUTTON_LAYOUT = {"width": "auto"}
#: The class of every widget output area that changes as the learner moves a control. ipywidgets
#: cannot set ``aria-live``; the offline edition's templates make elements of this class announce
#: their updates politely (``docs/architecture.md``, *Figures*).
LIVE_OUTPUT_CLASS = "wordpiece-live"


def step_box(description: str, maximum: int, value: int = 0, *, tooltip: str | None = None, minimum: int = 0) -> Any:
    """The number box of a stepper: which step (``minimum`` to ``maximum``) it shows, typed or stepped with the arrow keys.

    A ``BoundedIntText``, not a slider: ipywidgets 8 renders a slider's handle (``role="slider"``)
    without an accessible name in JupyterLab, while a number box's ``description`` is the
    ``<label for>`` of its input, so a screen reader says "merges, spin button, 3". Values past
    either end stop at the end, as a slider's do.

    >>> box = step_box("merges", 4, 1)
    >>> (type(box).__name__, box.description, box.min, box.max, box.value)
    ('BoundedIntText', 'merges', 0, 4, 1)
    >>> box.value = 9
    >>> box.value
    4
    """
    import ipywidgets

    check_str(description, "description", allow_empty=False)
    check_int(minimum, "minimum", minimum=0)
    check_int(maximum, "maximum", minimum=minimum)
    check_int(value, "value", minimum=0)
    if tooltip is not None:
        check_str(tooltip, "tooltip")
    return ipywidgets.BoundedIntText(
        value=min(max(value, minimum), maximum),
        min=minimum,
        max=maximum,
        step=1,
        description=description,
        tooltip=tooltip,
        continuous_update=True,
        layout=STEP_BOX_LAYOUT,
    )


def hand_on_focus(partners: dict[Any, Any]) -> None:
    """After a press, a button that disabled itself (the last step reached) gives the keyboard focus to its partner.

    A disabled button drops the focus to the page, so a keyboard user would lose their place in the
    notebook (and the next click would wait while JupyterLab activates the cell again). Each key of
    ``partners`` is a button, its value the control that takes the focus. Call it after the widget's
    own ``on_click`` handlers: the check runs once the press has been handled.

    >>> import ipywidgets
    >>> back, forward = ipywidgets.Button(description="back"), ipywidgets.Button(description="forward")
    >>> forward.on_click(lambda button: setattr(button, "disabled", True))  # the end reached
    >>> hand_on_focus({forward: back})
    >>> focused = []
    >>> back.focus = lambda: focused.append("back")
    >>> forward.click()
    >>> focused
    ['back']
    """
    check_instance(partners, "partners", dict)
    for button, partner in partners.items():
        button.on_click(lambda pressed, partner=partner: partner.focus() if pressed.disabled else None)


#: The stepper's number box: room for its label and a five-digit step.
STEP_BOX_LAYOUT = {"width": "14em"}


__all__ = [
    "BUTTON_LAYOUT",
    "CURRENT_FILL",
    "FAILED_FILL",
    "INK",
    "LINK_COLOUR",
    "LIVE_OUTPUT_CLASS",
    "OTHER_COLOUR",
    "PADDING_FILL",
    "PLAIN_FILL",
    "POPS_COLOUR",
    "SERIES_COLOURS",
    "SERIES_LINESTYLES",
    "SERIES_MARKERS",
    "SPECIAL_COLOUR",
    "SPECIAL_FILL",
    "STEP_BOX_LAYOUT",
    "TEMPLATE_FILL",
    "TIED_COLOUR",
    "TOKEN_FILL",
    "TOKEN_SHADES",
    "VISITED_COLOUR",
    "WINNER_COLOUR",
    "fraction_text",
    "hand_on_focus",
    "label_line_ends",
    "new_figure",
    "plain",
    "score_bar_chart",
    "series_style",
    "step_box",
]
