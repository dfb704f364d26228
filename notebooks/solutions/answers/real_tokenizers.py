"""The worked answers of notebook 13 (real_tokenizers): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
Each answer is worked from the tokenizer's own tables, as the exercise asks, and printed with the steps.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from wordpiece_lib.model import longest_match_attempts
from wordpiece_lib.text import to_byte_chars


def _wordpiece_answer(answer: Any, tokenizer: Any, word: str, **_: Any) -> str:
    model = tokenizer.model
    normalized = tokenizer.normalize(word)
    lines = [f"Longest match first on {normalized!r} (lowercased): every lookup, in order."]
    taken = []
    for attempt in longest_match_attempts(normalized, model.vocab, prefix=model.prefix):
        lines.append(f"    {attempt.candidate!r} {'in the vocab: taken' if attempt.matched else 'not in the vocab'}")
        if attempt.matched:
            taken.append(attempt.candidate)
    lines.append(f"So the tokens are:\n```python\ndoubloons_cut = {taken!r}\n```")
    return "\n".join(lines)


def _bpe_answer(answer: Any, tokenizer: Any, text: str, **_: Any) -> str:
    ranks = {pair: rank for rank, pair in enumerate(tokenizer.model.merges)}
    symbols = list(to_byte_chars(text))
    lines = [f"Start from the byte characters {symbols}; merge the adjacent pair of smallest rank, again and again:"]
    while True:
        pairs = [(ranks[pair], index) for index, pair in enumerate(pairwise(symbols)) if pair in ranks]
        if not pairs:
            break
        rank, index = min(pairs)
        lines.append(f"    rank {rank}: {symbols[index]!r} + {symbols[index + 1]!r}")
        symbols[index : index + 2] = [symbols[index] + symbols[index + 1]]
    lines.append(
        f"No adjacent pair is in the merge list any more: the tokens are\n```python\nparrots_cut = {symbols!r}\n```"
    )
    return "\n".join(lines)


def _unigram_answer(answer: Any, tokenizer: Any, word: str, **_: Any) -> str:
    model = tokenizer.model
    marked = "▁" + word
    best: dict[int, tuple[float, list[str]]] = {0: (0.0, [])}
    lines = [f"Viterbi on {marked!r}: the best total log-probability of every prefix."]
    for end in range(1, len(marked) + 1):
        options = [
            (best[start][0] + model.score_of(marked[start:end]), [*best[start][1], marked[start:end]])
            for start in range(end)
            if start in best and marked[start:end] in model.piece_ids
        ]
        if options:
            best[end] = max(options, key=lambda option: option[0])
            lines.append(f"    {marked[:end]!r}: {best[end][0]:.4f} with {best[end][1]}")
    lines.append(f"So the cut is\n```python\nislanders_cut = {best[len(marked)][1]!r}\n```")
    return "\n".join(lines)


def _rejected_answer(answer: Any, tokenizer: Any, word: str, **_: Any) -> str:
    model = tokenizer.model
    normalized = tokenizer.normalize(word)
    tried = [a for a in longest_match_attempts(normalized, model.vocab, prefix=model.prefix) if a.start == 0]
    rejected = [a.candidate for a in tried if not a.matched]
    taken = next(a.candidate for a in tried if a.matched)
    return (
        f"At the start of {normalized!r}, longest match tried the whole word, then one character less each time: "
        f"{rejected} are not in the vocab; {taken!r} is, and the search stops there.\n```python\nrejected = {rejected!r}\n```"
    )


ANSWERS = {
    "doubloons_cut": _wordpiece_answer,
    "parrots_cut": _bpe_answer,
    "islanders_cut": _unigram_answer,
    "rejected": _rejected_answer,
}
