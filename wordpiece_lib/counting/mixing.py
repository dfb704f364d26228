"""Mixing corpora of several languages into one training corpus, with a sampling exponent.

A multilingual vocab is trained on one corpus made of many languages' text.
Taken as it comes, the big languages drown the small ones. Multilingual BERT
and its successors re-balance by sampling language ``i`` with probability

    p_i = n_i ** exponent / sum_j n_j ** exponent

where ``n_i`` is the size of language ``i``'s corpus: ``exponent = 1`` keeps
the natural proportions, ``exponent = 0`` gives every language the same share,
and values in between (mBERT used 0.7, XLM-R 0.3) lift the small languages
part of the way.

Instead of drawing random samples, :func:`mix_corpora` gives every word its
*expected* count in a mix of ``budget`` words (its count in its own corpus,
times ``budget * p_i / n_i``, rounded to the nearest integer). The result is
the same on every run and every machine, so every figure made from it can be
reproduced; the words whose expected count rounds to zero are left out (and
counted in ``MixedCorpus.dropped``).

>>> mix = mix_corpora({"en": {"the": 60, "cat": 40}, "fr": {"le": 10}}, exponent=0)
>>> mix.probabilities
{'en': 0.5, 'fr': 0.5}
>>> mix.counts
WordCounts({'the': 33, 'cat': 22, 'le': 55})
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .._validate import check_int, check_str
from .word_counts import WordCounts, as_word_counts


def _check_exponent(exponent: object) -> float:
    if isinstance(exponent, bool) or not isinstance(exponent, (int, float)):
        raise TypeError(f"exponent must be a number, got {type(exponent).__name__}: {exponent!r}")
    if not math.isfinite(exponent) or exponent < 0:
        raise ValueError(f"exponent must be a finite number >= 0, got {exponent!r}")
    return float(exponent)


def sampling_probabilities(sizes: Mapping[str, int | float], exponent: float) -> dict[str, float]:
    """``p_i = n_i ** exponent / sum_j n_j ** exponent`` for every language (keys keep their order).

    >>> sampling_probabilities({"en": 900, "fr": 100}, 1)
    {'en': 0.9, 'fr': 0.1}
    >>> sampling_probabilities({"en": 900, "fr": 100}, 0.5)
    {'en': 0.75, 'fr': 0.25}
    >>> sampling_probabilities({"en": 900, "fr": 100}, 0)
    {'en': 0.5, 'fr': 0.5}
    """
    exponent = _check_exponent(exponent)
    if not isinstance(sizes, Mapping):
        raise TypeError(f"sizes must be a mapping language -> corpus size, got {type(sizes).__name__}")
    if not sizes:
        raise ValueError("sizes is empty: give at least one language")
    for language, size in sizes.items():
        check_str(language, "language", allow_empty=False)
        if isinstance(size, bool) or not isinstance(size, (int, float)):
            raise TypeError(f"the size of {language!r} must be a number, got {type(size).__name__}: {size!r}")
        if not math.isfinite(size) or size <= 0:
            raise ValueError(f"the size of {language!r} must be a finite number > 0, got {size!r}")
    try:
        weights = {language: float(size) ** exponent for language, size in sizes.items()}
    except OverflowError:
        weights = {}
    if not weights or not all(math.isfinite(weight) for weight in weights.values()):
        # Huge sizes or exponents: divide by the largest size first, so that no power overflows.
        largest = max(sizes.values())
        weights = {language: (size / largest) ** exponent for language, size in sizes.items()}
    total = math.fsum(weights.values())
    return {language: weight / total for language, weight in weights.items()}


@dataclass(frozen=True)
class MixedCorpus:
    """One training corpus made of several languages (see :func:`mix_corpora`).

    * ``counts``: the mixed word counts, to train on;
    * ``exponent``, ``sizes`` (words of each language's own corpus) and
      ``probabilities`` (each language's share of the mix);
    * ``budget``: the words the mix was asked to hold;
    * ``language_words``: the words each language contributes after rounding;
    * ``dropped``: distinct words of each language whose expected count rounded to zero.
    """

    counts: WordCounts
    exponent: float
    sizes: dict[str, int]
    probabilities: dict[str, float]
    budget: int
    language_words: dict[str, int]
    dropped: dict[str, int]

    @property
    def languages(self) -> list[str]:
        """The languages, in the order given."""
        return list(self.sizes)

    def scale(self, language: str) -> float:
        """How many times more often a word of ``language`` occurs in the mix than in its own corpus.

        >>> mix_corpora({"en": {"the": 60, "cat": 40}, "fr": {"le": 10}}, exponent=1).scale("fr")
        1.0
        """
        if language not in self.sizes:
            raise KeyError(f"{language!r} is not in this mix; its languages are {self.languages}")
        return self.budget * self.probabilities[language] / self.sizes[language]


def mix_corpora(
    corpora: Mapping[str, WordCounts | Mapping[str, int]], exponent: float, *, budget: int | None = None
) -> MixedCorpus:
    """Mix ``corpora`` (language -> word counts) into one corpus of about ``budget`` words.

    Language ``i`` gets ``budget * p_i`` words (``p_i`` from
    :func:`sampling_probabilities` with the corpora's sizes), spread over its
    words in proportion to their counts and rounded to integers (halves to
    even). ``budget`` defaults to the corpora's total size, so ``exponent=1``
    gives back the corpora as they are. A word that several languages share
    adds up; the order is the languages' order, then each corpus's own.

    >>> mix = mix_corpora({"en": {"the": 60, "cat": 40}, "fr": {"le": 10}}, exponent=0.5)
    >>> {language: round(p, 4) for language, p in mix.probabilities.items()}
    {'en': 0.7597, 'fr': 0.2403}
    >>> mix.counts, mix.language_words
    (WordCounts({'the': 50, 'cat': 33, 'le': 26}), {'en': 83, 'fr': 26})
    """
    if not isinstance(corpora, Mapping):
        raise TypeError(f"corpora must be a mapping language -> word counts, got {type(corpora).__name__}")
    if not corpora:
        raise ValueError("corpora is empty: give at least one language")
    checked: dict[str, WordCounts] = {}
    for language, counts in corpora.items():
        check_str(language, "language", allow_empty=False)
        checked[language] = as_word_counts(counts)
        if not checked[language]:
            raise ValueError(f"the corpus of {language!r} is empty")
    sizes = {language: counts.total for language, counts in checked.items()}
    probabilities = sampling_probabilities(sizes, exponent)
    budget = sum(sizes.values()) if budget is None else check_int(budget, "budget", minimum=1)
    mixed: dict[str, int] = {}
    language_words: dict[str, int] = {}
    dropped: dict[str, int] = {}
    for language, counts in checked.items():
        scale = budget * probabilities[language] / sizes[language]
        words = lost = 0
        for word, count in counts.items():
            expected = round(count * scale)
            if expected == 0:
                lost += 1
                continue
            mixed[word] = mixed.get(word, 0) + expected
            words += expected
        language_words[language] = words
        dropped[language] = lost
    if not mixed:
        raise ValueError(f"budget={budget} is too small: every word's expected count rounds to 0")
    return MixedCorpus(
        counts=WordCounts.from_pairs(mixed.items()),
        exponent=_check_exponent(exponent),
        sizes=sizes,
        probabilities=probabilities,
        budget=budget,
        language_words=language_words,
        dropped=dropped,
    )


__all__ = ["MixedCorpus", "mix_corpora", "sampling_probabilities"]
