"""``MergeStepper``: walk through a recorded ``Trace``, and its static twin ``step_text``.

First / previous / next / last buttons and a number box of the merges
applied (``slider``: a ``BoundedIntText``, since a slider's handle has no
accessible name in JupyterLab; see ``style.step_box``); the splits of some
words, the pair just merged and the best candidates of that step, winner
highlighted. It only reads the trace: nothing is trained again. The view
renders plain text into a text view (``display.live_text``; the chart as a small HTML
bar chart) and keeps the last rendering in ``.text`` / ``.chart``, so tests
can read it headless.

>>> from wordpiece_lib import train_bottom_up
>>> from wordpiece_lib.data import datasets
>>> trace = train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"], top_k=5)
>>> stepper = MergeStepper(trace)
>>> stepper.next.click()
>>> print(stepper.text.splitlines()[0])
Merge 1 of 4: ##g + ##s -> ##gs   score 5/(20*5) = 1/20 = 0.05
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from wordpiece_lib._validate import check_index, check_int, check_str, check_str_list
from wordpiece_lib.classroom.display import (
    BUTTON_LAYOUT,
    OTHER_COLOUR,
    TIED_COLOUR,
    WINNER_COLOUR,
    hand_on_focus,
    show_text,
    step_box,
    text_view,
)
from wordpiece_lib.model import split_word
from wordpiece_lib.training import Trace, apply_merges


def _words_to_show(trace: Trace, words: Iterable[str] | None, max_words: int) -> list[str]:
    if words is not None:
        chosen = [check_str(word, "words[...]", allow_empty=False) for word in check_str_list(words, "words")]
        return chosen[:max_words]
    if len(trace.word_counts) <= max_words:
        return list(trace.word_counts)
    # On a book the most frequent words are short ("the", ","); longer ones show merges better.
    ranked = [word for word, _ in trace.word_counts.most_common() if len(word) >= 4]
    return (ranked or list(trace.word_counts))[:max_words]


def step_text(trace: Trace, step: int, words: Sequence[str] | None = None, *, max_words: int = 12) -> str:
    """What the merge stepper shows at ``step`` (0 = before any merge), as text.

    >>> from wordpiece_lib import train_bottom_up
    >>> from wordpiece_lib.data import datasets
    >>> trace = train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"])
    >>> print(step_text(trace, 0, ["hugs"]))
    Before any merge: 8 tokens (special tokens + alphabet)
    Next merge: ##g + ##s
    <BLANKLINE>
    hugs   x5   h ##u ##g ##s
    """
    return _StepRenderer(trace, words, max_words).text(step)


class _StepRenderer:
    """Precomputes what does not change between steps, so a step renders fast."""

    def __init__(self, trace: Trace, words: Iterable[str] | None, max_words: int) -> None:
        if not isinstance(trace, Trace):
            raise TypeError(f"trace must be a Trace (from train_bottom_up), got {type(trace).__name__}")
        check_int(max_words, "max_words", minimum=1)
        self.trace = trace
        self.words = _words_to_show(trace, words, max_words)
        self.ranks = trace.merge_ranks()
        self.start_pieces = {word: split_word(word, trace.prefix, marker=trace.marker) for word in self.words}
        self.start_size = len(set(trace.special_tokens) | set(trace.alphabet))
        self.width = max((len(word) for word in self.words), default=0)

    def _check(self, step: int) -> None:
        check_int(step, "step", minimum=0)
        if step > len(self.trace.steps):
            raise ValueError(f"step must be between 0 and {len(self.trace.steps)}, got {step}")

    def text(self, step: int) -> str:
        self._check(step)
        trace = self.trace
        total = len(trace.steps)
        if step == 0:
            lines = [f"Before any merge: {self.start_size} tokens (special tokens + alphabet)"]
            if total:
                left, right = trace.steps[0].pair
                lines.append(f"Next merge: {left} + {right}")
            else:
                lines.append(f"No merge was made ({trace.stop_reason or 'nothing to merge'})")
        else:
            chosen = trace.steps[step - 1]
            left, right = chosen.pair
            lines = [
                f"Merge {step} of {total}: {left} + {right} -> {chosen.new_token}   {self._score_words(chosen)}",
                f"Vocab size now: {chosen.vocab_size}",
            ]
            if step == total and trace.stop_reason:
                lines.append(f"Training stopped here: {trace.stop_reason}")
        lines.append("")
        for word in self.words:
            pieces = apply_merges(self.start_pieces[word], self.ranks, trace.prefix, trace.marker, limit=step)
            count = trace.word_counts.get(word)
            shown_count = f"x{count}" if count is not None else "(not in corpus)"
            lines.append(f"{word:<{self.width}}   {shown_count:<4} {' '.join(pieces)}")
        return "\n".join(lines)

    def _score_words(self, chosen: Any) -> str:
        if self.trace.criterion == "wordpiece":
            return (
                f"score {chosen.pair_count}/({chosen.left_count}*{chosen.right_count}) = {chosen.score} "
                f"= {chosen.score_float:.4g}"
            )
        return f"score {chosen.score} = {chosen.score_float:.4g}"

    def chart(self, step: int) -> str:
        """The candidates of the merge after ``step`` (or of ``step`` itself) as HTML bars."""
        self._check(step)
        steps = self.trace.steps
        if not steps:
            return "<i>no merges in this trace</i>"
        shown = steps[step - 1] if step > 0 else steps[0]
        heading = f"Candidates at merge {shown.number}" + (" (about to happen)" if step == 0 else "")
        candidates = shown.candidates
        if not candidates:
            return f"<b>{html.escape(heading)}</b><br><i>no candidates recorded: train with top_k=8 to see them</i>"
        top = max(c.score_float for c in candidates) or 1.0
        rows = [f"<div style='font-weight:bold;margin-bottom:4px'>{html.escape(heading)}</div>"]
        for candidate in candidates:
            is_winner = candidate.pair == shown.pair
            tied = candidate.score == shown.score
            colour = WINNER_COLOUR if is_winner else (TIED_COLOUR if tied else OTHER_COLOUR)
            width = max(1, round(260 * candidate.score_float / top))
            label = html.escape(f"{candidate.pair[0]} + {candidate.pair[1]}")
            note = " (chosen)" if is_winner else (" (tied)" if tied else "")
            rows.append(
                "<div style='display:flex;align-items:center;font-family:monospace;font-size:13px'>"
                f"<span style='width:170px;text-align:right;padding-right:6px'>{label}</span>"
                f"<span style='display:inline-block;height:14px;width:{width}px;background:{colour}'></span>"
                f"<span style='padding-left:6px'>{html.escape(str(candidate.score))} = "
                f"{candidate.score_float:.4g}{note}</span></div>"
            )
        return "".join(rows)


class MergeStepper:
    """Step through a recorded training run.

    ``words`` picks the words whose pieces are shown (default: all words of
    a small corpus, or the most frequent words of 4+ characters). Train
    with ``top_k`` > 0 to see the candidate chart.
    """

    def __init__(self, trace: Trace, words: Iterable[str] | None = None, *, max_words: int = 12) -> None:
        import ipywidgets as w

        self._renderer = _StepRenderer(trace, words, max_words)
        self.trace = trace
        total = len(trace.steps)
        self.first = w.Button(description="first", tooltip="before any merge", layout=BUTTON_LAYOUT)
        self.previous = w.Button(description="previous", layout=BUTTON_LAYOUT)
        self.next = w.Button(description="next", layout=BUTTON_LAYOUT)
        self.last = w.Button(description="last", tooltip="after the last merge", layout=BUTTON_LAYOUT)
        # The number of merges shown: typed, or stepped with the arrow keys (named by its label, unlike a slider).
        self.slider = step_box("merges", total, tooltip="merges applied")
        self.output = text_view()
        self.chart_view = w.HTML()
        self.first.on_click(lambda _: self.go(0))
        self.previous.on_click(lambda _: self.go(self.slider.value - 1))
        self.next.on_click(lambda _: self.go(self.slider.value + 1))
        self.last.on_click(lambda _: self.go(total))
        hand_on_focus(
            {self.first: self.next, self.previous: self.next, self.next: self.previous, self.last: self.previous}
        )
        self.slider.observe(lambda change: self._render(change["new"]), names="value")
        controls = w.HBox([self.first, self.previous, self.next, self.last, self.slider])
        self.widget = w.VBox([controls, w.HBox([self.output, self.chart_view])])
        self.text = ""
        self.chart = ""
        self._render(0)

    @property
    def step(self) -> int:
        """The number of merges applied in the current view."""
        return int(self.slider.value)

    def go(self, step: int) -> None:
        """Show ``step``; values past either end stop at the end."""
        self.slider.value = min(max(check_index(step, "step"), 0), len(self.trace.steps))

    def _render(self, step: int) -> None:
        self.text = self._renderer.text(step)
        self.chart = self._renderer.chart(step)
        show_text(self.output, self.text)  # the new text and chart first: the buttons' states come after them
        self.chart_view.value = self.chart
        self.first.disabled = self.previous.disabled = step == 0
        self.next.disabled = self.last.disabled = step == len(self.trace.steps)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["MergeStepper", "step_text"]
