"""The worked answers of notebook 12 (unigram): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wordpiece_lib.classroom.display import fraction_text
from wordpiece_lib.classroom.unigram import cut_fraction, every_cut
from wordpiece_lib.classroom.unigram.checks import _zero_cost
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.training import model_from_frequencies, substring_frequencies

WORD_PROBABILITY_ANSWER = """```python
def word_probability(word, probabilities):
    # total[i]: the summed probability of every way to cut word[:i] (total[0] = 1: the empty start)
    total = [Fraction(0)] * (len(word) + 1)
    total[0] = Fraction(1)
    for end in range(1, len(word) + 1):
        for start in range(end):
            piece = word[start:end]
            if piece in probabilities:
                total[end] += total[start] * probabilities[piece]
    return total[len(word)]
```"""


def _best_cut_answer(answer: Any, word_counts: Mapping[str, int], word: str, **_: Any) -> str:
    frequencies = substring_frequencies(as_word_counts(word_counts))
    total = sum(frequencies.values())
    cuts = sorted(every_cut(word, frequencies), key=lambda cut: -cut_fraction(cut, frequencies))
    lines = [
        f"| `{' '.join(cut)}` | {' × '.join(f'{frequencies[p]}/{total}' for p in cut)} | "
        f"{fraction_text(cut_fraction(cut, frequencies))} |"
        for cut in cuts
    ]
    best = cut_fraction(cuts[0], frequencies)
    tied = sum(cut_fraction(cut, frequencies) == best for cut in cuts)
    return (
        "| cut | product | probability |\n|---|---|---|\n"
        + "\n".join(lines)
        + f"\n```python\nbugs_best = (Fraction({best.numerator}, {best.denominator}), {tied})\n```"
    )


def _zero_cost_answer(answer: Any, word_counts: Mapping[str, int], **_: Any) -> str:
    counts = as_word_counts(word_counts)
    model = model_from_frequencies(substring_frequencies(counts))
    lines = []
    for word in counts:
        cuts = model.nbest(word, 3)
        lines.append(f"* `{word}`: best cut {' '.join(cuts[0].pieces)}")
    zero = _zero_cost(counts)
    return (
        "Removing a piece costs nothing when every word that uses it in its best cut has another cut as likely "
        "without it (and nothing when no best cut uses it):\n"
        + "\n".join(lines)
        + "\n```python\nzero_cost = {" + ", ".join(repr(piece) for piece in sorted(zero)) + "}\n```"
    )


def _chance_answer(
    answer: Any, word_counts: Mapping[str, int], word: str, cut: Iterable[str], alpha: int = 1, **_: Any
) -> str:
    frequencies = substring_frequencies(as_word_counts(word_counts))
    cuts = every_cut(word, frequencies)
    chances = [cut_fraction(each, frequencies) ** alpha for each in cuts]
    share = cut_fraction(list(cut), frequencies) ** alpha / sum(chances)
    powered = "probability" if alpha == 1 else f"probability ** {alpha}"
    lines = [f"| `{' '.join(each)}` | {fraction_text(chance)} |" for each, chance in zip(cuts, chances)]
    return (
        f"| cut | {powered} |\n|---|---|\n"
        + "\n".join(lines)
        + f"\n\nThe chance is the cut's {powered} over their sum.\n```python\nhug_chance = Fraction({share.numerator}, "
        f"{share.denominator})\n```"
    )


ANSWERS = {
    "bugs_best": _best_cut_answer,
    "word_probability": WORD_PROBABILITY_ANSWER,
    "zero_cost": _zero_cost_answer,
    "hug_chance": _chance_answer,
}
