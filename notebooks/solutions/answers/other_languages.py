"""The worked answers of notebook 09 (other_languages): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from wordpiece_lib import Vocab
from wordpiece_lib.analysis import measure
from wordpiece_lib.classroom.other_languages import ExponentSweep
from wordpiece_lib.classroom.other_languages.checks import reference_disagreements
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.text import normalization_merges

SHARE_ANSWER = """```python
def share_of(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]
    owned = 0
    for token in counted:
        best = max(usage, key=lambda lang: usage[lang].get(token, 0))  # max keeps the first of equal values
        if best == language and usage[language].get(token, 0) > 0:
            owned += 1
    return owned / len(counted)
```"""


def _merges_answer(answer: Any, words: Iterable[str], normalizer: Callable[[str], str], **_: Any) -> str:
    groups = [list(group) for group in normalization_merges(list(words), normalizer).values()]
    return (
        "Lowercase every word, decompose it (NFD) and drop its non-spacing marks (category Mn), then group the "
        f"words that come out the same:\n```python\nmerged_groups = {groups!r}\n```"
    )


def _fertility_answer(answer: Any, tokenize: Callable[[str], list[str]], word_counts: Any, **_: Any) -> str:
    counts = as_word_counts(word_counts)
    value = measure(tokenize, counts).fertility
    return (
        "Tokens of every word, weighted by its count, divided by the number of words:\n"
        f"```python\ngreek_tokens_per_word = {value!r}\n```"
    )


def _exponent_answer(answer: Any, sweep: ExponentSweep, limit: float, vocab_size: int | None = None, **_: Any) -> str:
    fitting = [e for e in sweep.exponents if max(sweep.measure(e, vocab_size).parity.values()) <= limit]
    chosen = max(fitting) if fitting else None
    return (
        f"The exponents whose worst parity stays within {limit}: {fitting}; the largest of them.\n"
        f"```python\nchosen_exponent = {chosen!r}\n```"
    )


def _disagreements_answer(answer: Any, texts: Mapping[str, str], vocab: Vocab, **_: Any) -> str:
    expected = reference_disagreements(texts, vocab)
    return (
        "Tokenize each text both ways and, where they differ, find the rule behind it:\n"
        f"```python\nbert_disagreements = {expected!r}\n```"
    )


ANSWERS = {
    "merged_groups": _merges_answer,
    "greek_tokens_per_word": _fertility_answer,
    "share_of": SHARE_ANSWER,
    "chosen_exponent": _exponent_answer,
    "bert_disagreements": _disagreements_answer,
}
