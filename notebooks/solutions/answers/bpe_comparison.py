"""The worked answers of notebook 06 (bpe_comparison): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wordpiece_lib import Trace, alphabet, encode_with_merges, encode_word, train_bpe
from wordpiece_lib.analysis import vocab_overlap
from wordpiece_lib.counting import as_word_counts

REPLAY_ANSWER = """```python
def replay(word, merges):
    rank = {}
    for number, pair in enumerate(merges):
        rank.setdefault(tuple(pair), number)  # a pair learned twice counts from its first time
    pieces = [word[0]] + ["##" + letter for letter in word[1:]]
    while True:
        present = [(rank[pair], pair) for pair in zip(pieces, pieces[1:]) if pair in rank]
        if not present:
            return pieces
        _, (left, right) = min(present)  # the pair learned earliest
        merged, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == (left, right):
                merged.append(left + right.removeprefix("##"))
                i += 2
            else:
                merged.append(pieces[i])
                i += 1
        pieces = merged
```"""


def _bpe_merges_answer(answer: Any, word_counts: Mapping[str, int], count: int, **_: Any) -> str:
    counts = as_word_counts(word_counts)
    trace = train_bpe(counts, len(alphabet(counts)) + count, special_tokens=[], top_k=4)
    lines = []
    for step in trace.steps[:count]:
        others = ", ".join(f"`{c.pair[0]} {c.pair[1]}` {c.pair_count}" for c in step.candidates[1:4])
        lines.append(f"{step.number}. `{step.pair[0]} {step.pair[1]}` stands {step.pair_count} times (then: {others})")
    return "\n".join(lines) + f"\n```python\nbpe_first_two = {trace.merges[:count]!r}\n```"


def _jaccard_answer(answer: Any, first: Iterable[str], second: Iterable[str], **_: Any) -> str:
    overlap = vocab_overlap(first, second)
    shared, only_first, only_second = len(overlap.shared), len(overlap.only_first), len(overlap.only_second)
    union = shared + only_first + only_second
    return (
        f"{shared} tokens are in both; {only_first} only in the first and {only_second} only in the second, so "
        f"{union} in either.\n```python\ntoy_jaccard = Fraction({shared}, {union})\n```"
    )


def _differing_answer(answer: Any, trace: Trace, steps: int | None = None, known: Iterable[str] = (), **_: Any) -> str:
    import itertools

    known = set(known)
    letters = "".join(sorted({piece.removeprefix(trace.prefix) for piece in trace.alphabet}))
    starts = sorted({piece for piece in trace.alphabet if not piece.startswith(trace.prefix)})
    vocab = set(trace.tokens(steps))
    merges = trace.merges[: len(trace.steps) if steps is None else steps]
    for length in range(2, 7):
        for first in starts:
            for rest in itertools.product(letters, repeat=length - 1):
                word = first + "".join(rest)
                longest, replayed = encode_word(word, vocab), encode_with_merges(word, merges)
                if word not in known and longest != replayed and longest != ["[UNK]"]:
                    return (
                        f"`{word}`: longest match {longest}, replay {replayed}: a merge learned early takes letters "
                        f"that a longer token would need.\n```python\nbpe_differing_word = {word!r}\n```"
                    )
    return "No such word of up to six letters."


ANSWERS = {
    "bpe_first_two": _bpe_merges_answer,
    "toy_jaccard": _jaccard_answer,
    "replay": REPLAY_ANSWER,
    "bpe_differing_word": _differing_answer,
}
