"""The worked answers of notebook 03 (merge_steps): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wordpiece_lib import alphabet, train_bottom_up

MERGE_ALL_ANSWER = """```python
def merge_all(splits, pairs):
    for pair in pairs:  # in the order they were learned: a later pair may hold a token an earlier one made
        new_token = join_pair(*pair)
        merged = {}
        for word, pieces in splits.items():
            out, i = [], 0
            while i < len(pieces):
                if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == tuple(pair):
                    out.append(new_token)
                    i += 2  # both halves are used up
                else:
                    out.append(pieces[i])
                    i += 1
            merged[word] = out
        splits = merged  # the next pair is looked for in the merged pieces
    return splits
```"""


def _merges_answer(name: str, tie_break: str) -> Callable[..., str]:
    def answer(answer: Any, word_counts: Mapping[str, int], count: int, **_: Any) -> str:
        return _merges_text(name, word_counts, count, tie_break)

    return answer


def _merges_text(name: str, word_counts: Mapping[str, int], count: int, tie_break: str) -> str:
    trace = train_bottom_up(word_counts, 10**9, special_tokens=[], tie_break=tie_break, top_k=6)
    lines = []
    for step in trace.steps[:count]:
        tied = [c.pair for c in step.candidates if c.score == step.score]
        note = f" ({len(tied)} pairs tie; the {tie_break!r} policy picks this one)" if len(tied) > 1 else ""
        lines.append(f"{step.number}. `{step.pair[0]} + {step.pair[1]}` → `{step.new_token}`, score {step.score}{note}")
    tokens = [step.new_token for step in trace.steps[:count]]
    return "\n".join(lines) + f"\n\n```python\n{name} = {tokens!r}\n```"


def _final_size_answer(answer: Any, word_counts: Mapping[str, int], special_tokens: Sequence[str], **_: Any) -> str:
    trace = train_bottom_up(word_counts, 10**9, special_tokens=list(special_tokens))
    letters = alphabet(word_counts)
    return (
        f"{len(special_tokens)} special tokens + {len(letters)} pieces in the alphabet ({', '.join(letters)}) + "
        f"{len(trace.steps)} merges (one new token each, until every word is whole) = {len(trace.tokens())}.\n"
        f"```python\nfinal_size = {len(special_tokens)} + {len(letters)} + {len(trace.steps)}\n```"
    )


ANSWERS = {
    "merge_all": MERGE_ALL_ANSWER,
    "first_three": _merges_answer("first_three", "first"),
    "lexical_four": _merges_answer("lexical_four", "lexical"),
    "final_size": _final_size_answer,
}
