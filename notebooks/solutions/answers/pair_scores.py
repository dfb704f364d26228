"""The worked answers of notebook 02 (pair_scores): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wordpiece_lib import rank_candidates, score_pairs

COUNT_PAIRS_ANSWER = """```python
def count_pairs(splits, word_counts):
    counts = {}
    for word, pieces in splits.items():
        for pair in zip(pieces, pieces[1:]):  # every neighbouring pair, repeats included
            counts[pair] = counts.get(pair, 0) + word_counts[word]
    return counts
```"""


SCORE_ANSWER = """```python
def wordpiece_score(pair_count, left_count, right_count):
    return Fraction(pair_count, left_count * right_count)
```"""


def _best_pairs_answer(name: str) -> Callable[..., str]:
    def answer(answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int], *rest: Any) -> str:
        return _best_pairs_text(name, splits, word_counts, rest[0] if rest else "wordpiece")

    return answer


def _best_pairs_text(
    name: str, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int], criterion: str
) -> str:
    candidates = rank_candidates(score_pairs(splits, word_counts, criterion))
    best = [c for c in candidates if c.score == candidates[0].score]
    rows = "\n".join(
        f"| `{c.pair[0]} {c.pair[1]}` | {c.pair_count} | {c.left_count} | {c.right_count} | {c.score} |"
        for c in candidates[:6]
    )
    value = "score" if criterion == "wordpiece" else "count"
    return (
        f"Score every pair ({value}), best first:\n\n| pair | freq(ab) | freq(a) | freq(b) | {value} |\n"
        f"|---|---|---|---|---|\n{rows}\n\nAny of these is right: {[c.pair for c in best]}\n"
        f"```python\n{name} = {best[0].pair!r}\n```"
    )


ANSWERS = {
    "count_pairs": COUNT_PAIRS_ANSWER,
    "wordpiece_score": SCORE_ANSWER,
    "best_after_ug": _best_pairs_answer("best_after_ug"),
    "bpe_first": _best_pairs_answer("bpe_first"),
}
