"""The worked answers of notebook 05 (top_down): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordpiece_lib.classroom.top_down import TopDownRounds
from wordpiece_lib.classroom.top_down.checks import _remaining_counts
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.training import JOINER, threshold_pass

SPLIT_POINTS_ANSWER = """```python
def my_split_points(word, vocab):
    pieces = encode_word(word, vocab)
    if pieces == ["[UNK]"]:  # no piece fits somewhere: TensorFlow Text skips the word
        return None
    starts = [0]
    for piece in pieces[:-1]:  # each piece ends where the next one starts
        starts.append(starts[-1] + len(piece.removeprefix("##")))
    return starts
```"""


def _effective_answer(answer: Any, word_counts: Mapping[str, int], token: str, threshold: int, **_: Any) -> str:
    totals, remaining = _remaining_counts(as_word_counts(word_counts))
    longer = sorted(_longer_with_prefix(token, totals), key=lambda text: (-len(text), text))
    steps = ", ".join(f"`{other}` gives back {remaining[other]}" for other in longer)
    return (
        f"`{token}` is counted {totals[token]} times. Longest first: {steps}. "
        f"What is left: {remaining[token]} (the words in which `{token}` runs to the end)."
        f"\n```python\nhug_keeps = {remaining[token]}\n```"
    )


def _survivors_answer(answer: Any, word_counts: Mapping[str, int], threshold: int, **_: Any) -> str:
    totals, remaining = _remaining_counts(as_word_counts(word_counts))
    rows = "\n".join(
        f"| `{token}` | {totals[token]} | {remaining[token]} | {'kept' if remaining[token] >= threshold else ''} |"
        for token in sorted(totals, key=lambda text: (-len(text.removeprefix(JOINER)), text))
    )
    kept = set(threshold_pass(totals, threshold))
    return (
        f"| substring | counted | left when its turn comes | |\n|---|---|---|---|\n{rows}\n\n"
        "```python\nsurvivors = {" + ", ".join(repr(token) for token in sorted(kept)) + "}\n```"
    )


def _threshold_answer(
    answer: Any, rounds: TopDownRounds, target: int, bounds: tuple[int, int], slack_ratio: float = 0.05, **_: Any
) -> str:
    smallest = target * (1 - slack_ratio)
    lower, upper = bounds
    tried, lines = [], []
    while True:
        middle = (lower + upper) // 2
        size = rounds.size(middle)
        tried.append(middle)
        fits = smallest <= size <= target
        if fits or lower >= upper or middle <= 1:
            lines.append(f"({lower} + {upper}) // 2 = {middle} gives {size:,}: {'it fits, done' if fits else 'stop'}")
            break
        if size > target:
            lines.append(f"({lower} + {upper}) // 2 = {middle} gives {size:,}, too many: lower = {middle + 1}")
            lower = middle + 1
        else:
            lines.append(f"({lower} + {upper}) // 2 = {middle} gives {size:,}, too few: upper = {middle - 1}")
            upper = middle - 1
    steps = "\n".join(f"{number}. {line}" for number, line in enumerate(lines, start=1))
    return f"The binary search, try by try:\n\n{steps}\n\n```python\nthreshold_tries = {tried!r}\n```"


def _longer_with_prefix(token: str, totals: Mapping[str, int]) -> list[str]:
    """The longer substrings that start like ``token`` (their counts are taken off it)."""
    return [other for other in totals if other != token and other.startswith(token)]


ANSWERS = {
    "hug_keeps": _effective_answer,
    "survivors": _survivors_answer,
    "my_split_points": SPLIT_POINTS_ANSWER,
    "threshold_tries": _threshold_answer,
}
