"""The sampling-exponent drop-down of notebook 09: pick one, and see the vocab's shares and tokens per word move.

``exponent_text`` is the widget's text (and its static twin): at one
exponent, each language's sampling probability, share of the vocab, tokens
per word and parity. ``ExponentExplorer`` shows it under the figure of
:func:`~wordpiece_lib.classroom.other_languages.plots.shares_and_fertility`
(the whole sweep, as the same ``<figure>`` with its text alternative that a
notebook shows, ``classroom/display/figures.py``) with the chosen exponent
marked over it. The exponent is picked from a drop-down, which a screen
reader announces by its name and value (a selection slider announces the
option's index). It reads the sweep's traces and never trains.

The figure is drawn once, when the widget is made, and sent to the browser
once. The mark is a small drawing laid over the picture (both widgets share one
grid cell): moving to another exponent sends that drawing and the text, a few
hundred bytes, never the picture again, so a first visit costs no more than a
revisit (``benchmarks/widget_latency.py``).
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from typing import Any

from wordpiece_lib._validate import check_instance
from wordpiece_lib.classroom.display import WINNER_COLOUR, figure_description, figure_html, show_text, text_view
from wordpiece_lib.classroom.other_languages.plots import shares_and_fertility
from wordpiece_lib.classroom.other_languages.sweep import ExponentSweep

#: The explorer's picture: 80 dots per inch (the figure is 11 inches wide), drawn edge to edge.
EXPLORER_DPI = 80


def exponent_text(sweep: ExponentSweep, exponent: float, vocab_size: int | None = None) -> str:
    """A table, one line per language, of the mix and the vocab trained with ``exponent``."""
    check_instance(sweep, "sweep", ExponentSweep)
    point = sweep.point(exponent)
    figures = sweep.measure(exponent, vocab_size)
    lines = [
        f"exponent {exponent:g}: {figures.vocab_size:,} tokens, {figures.unused_share:.1%} of them used by no language",
        f"{'language':<10}{'sampled':>9}{'vocab share':>13}{'tokens/word':>13}{'parity':>9}",
    ]
    for language in sweep.languages:
        lines.append(
            f"{language:<10}{point.mix.probabilities[language]:>9.1%}{figures.share[language]:>13.1%}"
            f"{figures.tokens_per_word[language]:>13.2f}{figures.parity[language]:>9.2f}"
        )
    return "\n".join(lines)


def figure_png(figure: Any) -> bytes:
    """A matplotlib figure as PNG bytes, at the explorer's resolution, the whole figure (not cropped)."""
    check_instance(figure, "figure", _figure_class())
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=EXPLORER_DPI)
    return buffer.getvalue()


def _figure_class() -> type:
    from matplotlib.figure import Figure

    return Figure


@dataclass(frozen=True)
class DrawnFigure:
    """A figure drawn once, shown again from its picture (a notebook shows it as it shows any described figure).

    Drawing the sweep's figure is most of the explorer's cost; its static twin reuses the picture.

    >>> shown = DrawnFigure("<figure>...</figure>", b"\\x89PNG", "Two panels.")
    >>> data, metadata = shown._repr_mimebundle_()
    >>> sorted(data), metadata
    (['image/png', 'text/html', 'text/plain'], {'image/png': {'alt': 'Two panels.'}})
    """

    html: str
    png: bytes
    summary: str

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        data = {
            "text/html": self.html,
            "image/png": base64.b64encode(self.png).decode("ascii"),
            "text/plain": self.summary,
        }
        return data, {"image/png": {"alt": self.summary}}


@dataclass(frozen=True)
class _Mark:
    """Where one exponent is marked, in the picture's pixels (origin top left): its bar and its line."""

    bar: tuple[float, float, float, float]  # x, y, width, height of the chosen bar's column (left panel)
    line: tuple[float, float, float]  # x, top, bottom of the dashed line (right panel)


def _marks(figure: Any, exponents: list[float]) -> tuple[tuple[int, int], dict[float, _Mark]]:
    """The picture's size and, for each exponent, where ``shares_and_fertility`` would mark it.

    Read from the axes of the figure as it was drawn for the picture (after ``figure_png``): the
    same places ``axvspan`` and ``axvline`` take when the figure is drawn with ``exponent=``.
    """
    left, right = figure.axes[0], figure.axes[1]
    width, height = figure.get_size_inches() * EXPLORER_DPI
    scale = EXPLORER_DPI / figure.dpi  # the axes' transforms are in the figure's own dots

    def pixels(axes: Any, x: float, y: float) -> tuple[float, float]:
        px, py = axes.transData.transform((x, y)) * scale
        return float(px), float(height - py)

    marks = {}
    (first, last), (bottom, top) = left.get_xlim(), left.get_ylim()
    for at, exponent in enumerate(exponents):
        # The chosen bar's column, inside the panel (the first and last bars sit close to its edges).
        x0, y0 = pixels(left, max(at - 0.45, first), top)
        x1, y1 = pixels(left, min(at + 0.45, last), bottom)
        line_x, line_top = pixels(right, exponent, right.get_ylim()[1])
        _, line_bottom = pixels(right, exponent, right.get_ylim()[0])
        marks[exponent] = _Mark((x0, y0, x1 - x0, y1 - y0), (line_x, line_top, line_bottom))
    return (round(width), round(height)), marks


def _mark_svg(size: tuple[int, int], mark: _Mark) -> str:
    """The mark as an SVG as large as the picture (scaled with it); hidden from screen readers: the text says it."""
    width, height = size
    x, y, bar_width, bar_height = mark.bar
    line_x, line_top, line_bottom = mark.line
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" width="{width}" '
        f'viewBox="0 0 {width} {height}" style="display: block; max-width: 100%; height: auto; pointer-events: none">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_width:.1f}" height="{bar_height:.1f}" fill="{WINNER_COLOUR}" '
        f'fill-opacity="0.12" stroke="{WINNER_COLOUR}" stroke-width="2"/>'
        f'<line x1="{line_x:.1f}" y1="{line_top:.1f}" x2="{line_x:.1f}" y2="{line_bottom:.1f}" '
        f'stroke="{WINNER_COLOUR}" stroke-width="1.7" stroke-dasharray="6 3"/></svg>'
    )


class ExponentExplorer:
    """A drop-down of the sweep's exponents, the figure with the chosen one marked, and the table under it."""

    def __init__(self, sweep: ExponentSweep, *, exponent: float | None = None, vocab_size: int | None = None) -> None:
        import ipywidgets as w

        self.sweep = check_instance(sweep, "sweep", ExponentSweep)
        self.vocab_size = vocab_size
        start = sweep.exponents[-1] if exponent is None else exponent
        sweep.point(start)  # a clear error for an exponent the sweep does not have
        self.slider = w.Dropdown(
            options=[(f"{value:g}", value) for value in sweep.exponents],
            value=start,
            description="exponent",
            tooltip="sampling exponent",
        )
        figure = shares_and_fertility(sweep, vocab_size=vocab_size)
        picture = figure_png(figure)
        size, self._marks = _marks(figure, sweep.exponents)
        self._size = size
        self._picture = DrawnFigure(figure_html(figure, picture), picture, figure_description(figure).summary)
        # One grid cell holds the picture and, over its top left corner, the mark (as wide as the picture).
        self.image = w.HTML(self._picture.html, layout={"grid_area": "figure", "max_width": "100%"})
        self.mark = w.HTML(layout={"grid_area": "figure", "align_self": "flex-start", "max_width": "100%"})
        picture_and_mark = w.GridBox(
            [self.image, self.mark], layout={"grid_template_areas": '"figure"', "grid_template_columns": "100%"}
        )
        self.output = text_view()
        self.slider.observe(lambda change: self._render(), names="value")
        self.widget = w.VBox([self.slider, picture_and_mark, self.output])
        self.text = ""
        self._render()

    @property
    def exponent(self) -> float:
        """The exponent shown now."""
        return float(self.slider.value)

    def figure(self) -> DrawnFigure:
        """The whole sweep's figure, no exponent marked, as the explorer drew it: its static twin, drawn once."""
        return self._picture

    def _render(self) -> None:
        exponent = self.exponent
        self.text = exponent_text(self.sweep, exponent, self.vocab_size)
        show_text(self.output, self.text)
        self.mark.value = _mark_svg(self._size, self._marks[exponent])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["DrawnFigure", "ExponentExplorer", "exponent_text", "figure_png"]
