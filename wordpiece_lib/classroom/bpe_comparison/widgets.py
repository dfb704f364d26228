"""WordPiece and BPE, growing side by side: one word under the four combinations.

* ``growth_text`` says, after ``step`` merges of both trainers, what each
  learned last, how big each vocab is, and how ``word`` is cut by
  {WordPiece score, BPE count} x {longest match, merge replay} (the static
  twin of the widget; ``tables.segmentation_frame`` gives the same cuts as a
  table for many words).
* ``ParallelGrowth`` is the widget: type a word or pick one of the most
  frequent words, and step through the merges (number box, previous / next). It reads two ``Trace``
  objects and never trains.

>>> from wordpiece_lib import train_fast
>>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> wp, bpe = train_fast(corpus, 100), train_fast(corpus, 100, criterion="bpe")
>>> print(growth_text(wp, bpe, 1, "hugs"))  # doctest: +NORMALIZE_WHITESPACE
after 1 merge of each
                   WordPiece score            BPE count
vocab              13 tokens                 13 tokens
merge 1            ##g + ##s -> ##gs          ##u + ##g -> ##ug
                   (count 5, score 1/20)      (count 20)
<BLANKLINE>
'hugs'             longest match    merge replay
WordPiece score    h ##u ##gs       h ##u ##gs
BPE count          h ##ug ##s       h ##ug ##s
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wordpiece_lib._validate import check_index, check_instance, check_int, check_str, check_str_list
from wordpiece_lib.analysis import ENCODERS, TRAINERS
from wordpiece_lib.classroom.display import BUTTON_LAYOUT, fraction_text, hand_on_focus, show_text, step_box, text_view
from wordpiece_lib.model import UNK_TOKEN, encode_word, split_word
from wordpiece_lib.training import Trace, TraceStep, apply_merges


def _merge_lines(step: TraceStep | None, trainer: str) -> tuple[str, str]:
    if step is None:
        return "(no merge yet)", ""
    what = f"{step.pair[0]} + {step.pair[1]} -> {step.new_token}"
    if trainer == TRAINERS[1]:
        return what, f"(count {step.pair_count:,})"
    return what, f"(count {step.pair_count:,}, score {fraction_text(step.score)})"


class GrowingEncoders:
    """One trace's two encoders (longest match, merge replay) after any number of merges, built once.

    ``longest_match_encoder(trace, steps)`` and ``merge_replay_encoder(trace, steps)``
    (``analysis.segmentation``) build a vocab and a table of merge ranks for each number of
    merges, which grows with it; a widget stepping through a book's trace would rebuild them at
    every step. This keeps, once, the step at which each token joined the vocab and the rank of
    every merge: after ``steps`` merges a token is in the vocab when it joined at ``steps`` or
    before, and a merge is replayed when its rank is below ``steps``. The tokens are the same
    (``tests/classroom/test_bpe_comparison.py`` checks every step of two book traces).

    >>> from wordpiece_lib import train_fast
    >>> encoders = GrowingEncoders(train_fast({"hug": 10, "hugs": 5}, 12, special_tokens=["[UNK]"]))
    >>> encoders.longest_match("hugs", 0), encoders.longest_match("hugs", 3), encoders.merge_replay("mug", 3)
    (['h', '##u', '##g', '##s'], ['hugs'], ['[UNK]', '##u', '##g'])
    """

    def __init__(self, trace: Trace) -> None:
        check_instance(trace, "trace", Trace)
        if trace.marker is not None:
            raise ValueError("trace must use a continuation prefix (##), not a begin-of-word marker")
        self.trace = trace
        self.ranks = trace.merge_ranks()
        joined = dict.fromkeys([*trace.special_tokens, *trace.alphabet], 0)
        for number, step in enumerate(trace.steps, start=1):
            joined.setdefault(step.new_token, number)
        self.joined = joined
        # How many tokens the vocab holds after each number of merges (``len(trace.tokens(steps))``).
        sizes = [0] * (len(trace.steps) + 1)
        for number in joined.values():
            sizes[number] += 1
        for steps in range(1, len(sizes)):
            sizes[steps] += sizes[steps - 1]
        self.sizes = sizes

    def _steps(self, steps: int) -> int:
        check_int(steps, "steps", minimum=0)
        if steps > len(self.trace.steps):
            raise ValueError(f"steps must be between 0 and {len(self.trace.steps)}, got {steps}")
        return steps

    def longest_match(self, word: str, steps: int) -> list[str]:
        """``longest_match_encoder(trace, steps)(word)``."""
        return encode_word(check_str(word, "word"), _VocabAt(self.joined, self._steps(steps)), prefix=self.trace.prefix)

    def merge_replay(self, word: str, steps: int) -> list[str]:
        """``merge_replay_encoder(trace, steps)(word)``: the first merges replayed, a piece outside the vocab [UNK]."""
        steps = self._steps(steps)
        check_str(word, "word", allow_empty=False)
        pieces = apply_merges(split_word(word, self.trace.prefix), self.ranks, self.trace.prefix, limit=steps)
        joined = self.joined
        return [piece if joined.get(piece, steps + 1) <= steps else UNK_TOKEN for piece in pieces]


class _VocabAt:
    """The vocab after ``steps`` merges, as a container: a token is in it when it joined by then."""

    def __init__(self, joined: dict[str, int], steps: int) -> None:
        self.joined, self.steps = joined, steps

    def __contains__(self, token: object) -> bool:
        return self.joined.get(token, self.steps + 1) <= self.steps  # type: ignore[arg-type]


def growth_text(wordpiece: Trace, bpe: Trace, step: int, word: str | None = None) -> str:
    """Both traces after ``step`` merges (a shorter trace stays at its end), and ``word`` under the four combinations.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> print(growth_text(train_fast(corpus, 100), train_fast(corpus, 100, criterion="bpe"), 9).splitlines()[0])
    after 9 merges of WordPiece score, 7 of BPE count (all it learned)
    """
    for name, trace in (("wordpiece", wordpiece), ("bpe", bpe)):
        check_instance(trace, name, Trace)
    return _growth_text(GrowingEncoders(wordpiece), GrowingEncoders(bpe), step, word)


def _growth_text(wordpiece: GrowingEncoders, bpe: GrowingEncoders, step: int, word: str | None) -> str:
    check_int(step, "step", minimum=0)
    traces = (wordpiece.trace, bpe.trace)
    longest = max(len(trace.steps) for trace in traces)
    if step > longest:
        raise ValueError(f"step must be between 0 and {longest}, got {step}")
    cuts = [min(step, len(trace.steps)) for trace in traces]
    if cuts[0] == cuts[1]:
        header = f"after {step} merge{'s' if step != 1 else ''} of each"
    else:
        parts = [
            f"{cut} {'merges ' if index == 0 else ''}of {trainer}{' (all it learned)' if cut < step else ''}"
            for index, (cut, trainer) in enumerate(zip(cuts, TRAINERS, strict=True))
        ]
        header = "after " + ", ".join(parts)
    merges = [
        _merge_lines(trace.steps[cut - 1] if cut else None, trainer)
        for trace, cut, trainer in zip(traces, cuts, TRAINERS, strict=True)
    ]
    width = max(26, *(len(text) + 2 for pair in merges for text in pair))
    lines = [
        header,
        f"{'':<19}{TRAINERS[0]:<{width}}{TRAINERS[1]}",
        f"{'vocab':<19}{wordpiece.sizes[cuts[0]]:,} tokens".ljust(19 + width) + f"{bpe.sizes[cuts[1]]:,} tokens",
        f"{'merge ' + str(step):<19}{merges[0][0]:<{width}}{merges[1][0]}",
    ]
    if merges[0][1] or merges[1][1]:
        lines.append(f"{'':<19}{merges[0][1]:<{width}}{merges[1][1]}".rstrip())
    if word:
        check_str(word, "word")
        cells = [
            [" ".join(encoders.longest_match(word, cut)), " ".join(encoders.merge_replay(word, cut))]
            for encoders, cut in zip((wordpiece, bpe), cuts, strict=True)
        ]
        column = max(len(ENCODERS[0]), *(len(cell) for row in cells for cell in row)) + 3
        lines.append("")
        lines.append(f"{word!r:<19}{ENCODERS[0]:<{column}}{ENCODERS[1]}")
        for trainer, (first, second) in zip(TRAINERS, cells, strict=True):
            lines.append(f"{trainer:<19}{first:<{column}}{second}")
    return "\n".join(line.rstrip() for line in lines)


def frequent_words(trace: Trace, count: int = 30, *, min_length: int = 4) -> list[str]:
    """The ``count`` most frequent words of the trace's corpus with at least ``min_length`` characters.

    >>> from wordpiece_lib import train_fast
    >>> frequent_words(train_fast({"hug": 10, "pug": 5, "hugs": 5}, 20), 2, min_length=3)
    ['hug', 'pug']
    """
    check_instance(trace, "trace", Trace)
    check_int(count, "count", minimum=0)
    check_int(min_length, "min_length", minimum=1)
    chosen = [word for word, _ in trace.word_counts.most_common() if len(word) >= min_length]
    return chosen[:count]


class ParallelGrowth:
    """Both trainers after the same number of merges, and one word under the four combinations.

    Type a word in the box (or pick one of the corpus's most frequent words);
    type the merge step in the number box ``slider`` (or step it with previous / next and the
    arrow keys). ``step`` is where it starts.
    """

    def __init__(
        self,
        wordpiece: Trace,
        bpe: Trace,
        *,
        word: str | None = None,
        words: Iterable[str] | None = None,
        step: int = 0,
    ) -> None:
        import ipywidgets as w

        self.wordpiece = check_instance(wordpiece, "wordpiece", Trace)
        self.bpe = check_instance(bpe, "bpe", Trace)
        # Built once: a step of a book's trace then takes the same time, early or late.
        self._encoders = (GrowingEncoders(wordpiece), GrowingEncoders(bpe))
        self.last_step = max(len(wordpiece.steps), len(bpe.steps))
        choices = (
            [check_str(item, "words[...]", allow_empty=False) for item in check_str_list(words, "words")]
            if words is not None
            else frequent_words(wordpiece)
        )
        start_word = word if word is not None else (choices[0] if choices else "")
        check_str(start_word, "word")
        check_int(step, "step", minimum=0)
        if step > self.last_step:
            raise ValueError(f"step must be between 0 and {self.last_step}, got {step}")
        self.word_box = w.Text(value=start_word, description="word", continuous_update=False)
        self.picker = w.Dropdown(options=["(pick a frequent word)", *choices], description="or pick")
        # The merge step: a number box named by its label (a slider's handle has no name in JupyterLab).
        self.slider = step_box("merges", self.last_step, step, tooltip="merges of each trainer")
        self.previous = w.Button(description="previous", layout=BUTTON_LAYOUT)
        self.next = w.Button(description="next", layout=BUTTON_LAYOUT)
        self.output = text_view()
        self.previous.on_click(lambda _: self.go(self.step - 1))
        self.next.on_click(lambda _: self.go(self.step + 1))
        hand_on_focus({self.previous: self.next, self.next: self.previous})
        self.slider.observe(lambda change: self._render(), names="value")
        self.word_box.observe(lambda change: self._render(), names="value")
        self.picker.observe(self._picked, names="value")
        self.widget = w.VBox(
            [w.HBox([self.word_box, self.picker]), w.HBox([self.previous, self.slider, self.next]), self.output]
        )
        self.text = ""
        self._render()

    @property
    def step(self) -> int:
        """The number of merges shown now."""
        return int(self.slider.value)

    @property
    def word(self) -> str:
        """The word shown now (spaces trimmed)."""
        return self.word_box.value.strip()

    def go(self, step: int) -> None:
        """Show ``step`` merges; values past either end stop at the end."""
        self.slider.value = min(max(check_index(step, "step"), 0), self.last_step)

    def _picked(self, change: dict[str, Any]) -> None:
        if change["new"] != self.picker.options[0]:
            self.word_box.value = change["new"]

    def _render(self) -> None:
        word = self.word
        if " " in word:
            word = word.split()[0]
        self.text = _growth_text(*self._encoders, self.step, word or None)
        self.previous.disabled = self.step == 0
        self.next.disabled = self.step == self.last_step
        show_text(self.output, self.text)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["GrowingEncoders", "ParallelGrowth", "frequent_words", "growth_text"]
