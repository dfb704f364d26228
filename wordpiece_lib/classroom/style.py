"""What every figure and widget of the notebooks shares: colours, figure size, buttons.

The chosen pair (or token) is red and the others light blue in every
figure and widget chart, so a learner reads every notebook the same way.

>>> figure, axes = new_figure(4, 3)
>>> figure = score_bar_chart(["a + ##b", "c + ##d"], [Fraction(1, 2), Fraction(1, 3)], title="t", xlabel="score")
>>> [text.get_text() for text in figure.axes[0].texts]
['1/2', '1/3']
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any

from wordpiece_lib._validate import check_sequence, check_size, check_str, check_str_list

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


def new_figure(width: float, height: float) -> tuple[Any, Any]:
    """A closed figure and its axes, so a notebook shows it exactly once.

    >>> figure, axes = new_figure(4, 3)
    >>> [round(size) for size in figure.get_size_inches()]
    [4, 3]
    """
    import matplotlib.pyplot as plt

    for value, name in ((width, "width"), (height, "height")):
        check_size(value, name)
    figure, axes = plt.subplots(figsize=(width, height), layout="constrained")
    plt.close(figure)  # returned, not auto-shown: a notebook displays it once
    return figure, axes


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
    return figure


#: Buttons as wide as their label, in every widget.
BUTTON_LAYOUT = {"width": "auto"}


__all__ = ["OTHER_COLOUR", "WINNER_COLOUR", "fraction_text", "new_figure", "plain"]
