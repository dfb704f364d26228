"""``LongestMatchExplorer``: type a word, step through every lookup of longest-match-first.

It shows which piece matched and why a word can end up as one ``[UNK]``.
``attempts_frame`` gives the same lookups as a table, for a static cell
next to the widget.

>>> explorer = LongestMatchExplorer({"hug", "##s"}, word="hugs")
>>> explorer.next.click()
>>> explorer.text.splitlines()[-1]
'... 1 more lookup(s): press next'
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from wordpiece_lib._validate import check_index, check_instance, check_int, check_sequence, check_str, check_str_list
from wordpiece_lib.classroom.display import BUTTON_LAYOUT, hand_on_focus, show_text, step_box, text_view
from wordpiece_lib.model import (
    DEFAULT_PREFIX,
    MAX_INPUT_CHARS_PER_WORD,
    MatchAttempt,
    encode_word,
    longest_match_attempts,
)


def attempts_frame(
    word: str,
    vocab: Container[str],
    *,
    prefix: str = DEFAULT_PREFIX,
    max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
) -> Any:
    """Every lookup longest-match-first makes, as a DataFrame (the static twin).

    >>> attempts_frame("hugs", {"hug", "##s"})[["tried", "found"]].values.tolist()
    [['hugs', False], ['hug', True], ['##s', True]]
    """
    import pandas as pd

    rows = [
        {"position": a.start, "tried": a.candidate, "found": a.matched}
        for a in longest_match_attempts(word, vocab, prefix=prefix, max_input_chars_per_word=max_input_chars_per_word)
    ]
    return pd.DataFrame(rows, columns=["position", "tried", "found"])


def explain_attempts(
    word: str,
    attempts: Sequence[MatchAttempt],
    shown: int,
    tokens: Sequence[str],
    *,
    unk_token: str = "[UNK]",
    max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
) -> str:
    """The explorer's text after ``shown`` lookups (all lookups: the verdict too).

    >>> from wordpiece_lib import longest_match_attempts
    >>> attempts = list(longest_match_attempts("hugs", {"hug", "##s"}))
    >>> print(explain_attempts("hugs", attempts, 3, ["hug", "##s"]))
    Word: 'hugs' (4 characters)
    lookup 1: 'hugs' at 0 -> not in vocab
    lookup 2: 'hug'  at 0 -> FOUND, continue at 3
    lookup 3: '##s'  at 3 -> FOUND, continue at 4
    <BLANKLINE>
    Result: hug ##s
    """
    check_str(word, "word")
    attempts = check_sequence(attempts, "attempts")
    for position, attempt in enumerate(attempts):
        check_instance(attempt, f"attempts[{position}]", MatchAttempt)
    shown = check_index(shown, "shown", minimum=0)
    tokens = check_str_list(tokens, "tokens")
    check_str(unk_token, "unk_token")
    check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
    lines = [f"Word: {word!r} ({len(word)} characters)"]
    if len(word) > max_input_chars_per_word:
        lines.append(
            f"It is longer than {max_input_chars_per_word} characters, so it becomes {unk_token} "
            "without any lookup (a guard against very long strings)."
        )
        return "\n".join(lines)
    width = max((len(a.candidate) for a in attempts), default=0) + 2
    for number, attempt in enumerate(attempts[:shown], start=1):
        verdict = f"FOUND, continue at {attempt.end}" if attempt.matched else "not in vocab"
        lines.append(f"lookup {number}: {attempt.candidate!r:<{width}} at {attempt.start} -> {verdict}")
    if shown < len(attempts):
        lines.append(f"... {len(attempts) - shown} more lookup(s): press next")
        return "\n".join(lines)
    lines.append("")
    if tokens == [unk_token] and attempts and not attempts[-1].matched:
        stuck = attempts[-1].start
        lines.append(
            f"Nothing in the vocab starts at position {stuck} (not even the single piece {attempts[-1].candidate!r}), "
            f"so the WHOLE word becomes {unk_token}, not just that part."
        )
    lines.append(f"Result: {' '.join(tokens)}")
    return "\n".join(lines)


class LongestMatchExplorer:
    """Type a word; step through the lookups of longest-match-first.

    The number box ``slider`` counts how many lookups are shown; the last position shows
    the result and, for an ``[UNK]``, the position where nothing matched.
    """

    def __init__(
        self,
        vocab: Container[str],
        word: str = "hugs",
        *,
        prefix: str = DEFAULT_PREFIX,
        unk_token: str = "[UNK]",
        max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
    ) -> None:
        import ipywidgets as w

        if not isinstance(vocab, Container) or isinstance(vocab, str):
            raise TypeError(f"vocab must be a Vocab or a set of tokens, got {type(vocab).__name__}")
        check_str(word, "word")
        self.vocab = vocab
        self.prefix = check_str(prefix, "prefix")
        self.unk_token = check_str(unk_token, "unk_token")
        self.max_input_chars_per_word = check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
        self.word_box = w.Text(value=word, description="word", continuous_update=True)
        self.previous = w.Button(description="previous", layout=BUTTON_LAYOUT)
        self.next = w.Button(description="next", layout=BUTTON_LAYOUT)
        # How many lookups are shown: a number box named by its label (a slider's handle has no name).
        self.slider = step_box("lookups", 0, tooltip="vocab lookups made so far")
        self.output = text_view()
        self.previous.on_click(lambda _: self._move(-1))
        self.next.on_click(lambda _: self._move(1))
        hand_on_focus({self.previous: self.next, self.next: self.previous})
        self.slider.observe(lambda change: self._render(), names="value")
        self.word_box.observe(lambda change: self._load(change["new"]), names="value")
        self.widget = w.VBox([self.word_box, w.HBox([self.previous, self.next, self.slider]), self.output])
        self.text = ""
        self.attempts: list[MatchAttempt] = []
        self.tokens: list[str] = []
        self._load(word)

    def _load(self, word: str) -> None:
        word = word.strip()
        self.attempts = (
            list(
                longest_match_attempts(
                    word, self.vocab, prefix=self.prefix, max_input_chars_per_word=self.max_input_chars_per_word
                )
            )
            if word
            else []
        )
        self.tokens = (
            encode_word(
                word,
                self.vocab,
                prefix=self.prefix,
                unk_token=self.unk_token,
                max_input_chars_per_word=self.max_input_chars_per_word,
            )
            if word
            else []
        )
        self._word = word
        # Start by showing the first lookup: the widget answers right away. The text is sent before the
        # number box's new bounds, so the browser draws it without waiting for the box (its observer then
        # finds the text shown already and sends nothing).
        self._render(min(1, len(self.attempts)))
        with self.slider.hold_trait_notifications():
            self.slider.max = len(self.attempts)
            self.slider.value = min(1, len(self.attempts))
        self._render()

    def _move(self, delta: int) -> None:
        shown = min(max(self.slider.value + delta, 0), self.slider.max)
        self._render(shown)  # the new text first, then the number box (its observer sends nothing new)
        self.slider.value = shown

    def _render(self, shown: int | None = None) -> None:
        shown = int(self.slider.value) if shown is None else shown
        if not self._word:
            self.text = "Type a word above."
        else:
            self.text = explain_attempts(
                self._word,
                self.attempts,
                shown,
                self.tokens,
                unk_token=self.unk_token,
                max_input_chars_per_word=self.max_input_chars_per_word,
            )
        show_text(self.output, self.text)  # the new text first: the buttons' states come after it
        self.previous.disabled = shown == 0
        self.next.disabled = shown >= len(self.attempts)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["LongestMatchExplorer", "attempts_frame", "explain_attempts"]
