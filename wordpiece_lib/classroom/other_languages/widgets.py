"""The sampling-exponent slider of notebook 09: move it, and see the vocab's shares and tokens per word move.

``exponent_text`` is the widget's text (and its static twin): at one
exponent, each language's sampling probability, share of the vocab, tokens
per word and parity. ``ExponentExplorer`` shows it with the figure of
:func:`~wordpiece_lib.classroom.other_languages.plots.shares_and_fertility`
marking the chosen exponent, as the same ``<figure>`` with its text alternative
that a notebook shows (``classroom/display/figures.py``). The exponent is picked from a
drop-down, which a screen reader announces by its name and value (a selection
slider announces the option's index). It reads the sweep's traces and never trains.
"""

from __future__ import annotations

import io
from typing import Any

from wordpiece_lib._validate import check_instance
from wordpiece_lib.classroom.display import LIVE_OUTPUT_CLASS, figure_html
from wordpiece_lib.classroom.other_languages.plots import shares_and_fertility
from wordpiece_lib.classroom.other_languages.sweep import ExponentSweep


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
    """A matplotlib figure as PNG bytes, at the explorer's resolution."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    return buffer.getvalue()


class ExponentExplorer:
    """A drop-down of the sweep's exponents, the figure with the chosen one marked, and the table beside it."""

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
        self.image = w.HTML(layout={"max_width": "100%"})
        self.output = w.Output(layout={"border": "1px solid #ddd", "padding": "4px"})
        self.output.add_class(LIVE_OUTPUT_CLASS)
        self._pictures: dict[float, str] = {}
        self.slider.observe(lambda change: self._render(), names="value")
        self.widget = w.VBox([self.slider, self.image, self.output])
        self.text = ""
        self._render()

    @property
    def exponent(self) -> float:
        """The exponent shown now."""
        return float(self.slider.value)

    def _render(self) -> None:
        exponent = self.exponent
        if exponent not in self._pictures:
            figure = shares_and_fertility(self.sweep, exponent=exponent, vocab_size=self.vocab_size)
            self._pictures[exponent] = figure_html(figure, figure_png(figure))
        self.image.value = self._pictures[exponent]
        self.text = exponent_text(self.sweep, exponent, self.vocab_size)
        # Setting ``outputs`` directly works with and without a running kernel.
        self.output.outputs = ({"output_type": "stream", "name": "stdout", "text": self.text + "\n"},)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["ExponentExplorer", "exponent_text", "figure_png"]
