"""What one vocab does to several languages: tokens per word, ``[UNK]`` rate, parity, vocab shares.

* :func:`measure_languages` runs :func:`wordpiece_lib.analysis.segmentation.measure`
  on each language's word counts: tokens per word (fertility) and the share of
  tokens that are ``[UNK]``.
* **Parity** (:func:`parity`): a language's token count on a text over
  English's token count on *the same text in English* (a parallel text). At 1
  the two cost the same; at 2 the language pays twice as many tokens for the
  same content (the "tokenization premium"). :func:`parallel_token_counts`
  counts the tokens of every language's version of a parallel text.
* **Vocab shares** (:func:`vocab_shares`): which language each token of a
  vocab serves. A token belongs to the language that uses it most (the usage
  tables come from :func:`token_usage`); a language's share is the part of the
  vocab it owns.

>>> encode = lambda text: text.split()  # a toy tokenizer: one token per space-separated piece
>>> parity(parallel_token_counts(encode, {"en": ["good day"], "de": ["guten Tag"], "x": ["go od da y"]}))
{'en': 1.0, 'de': 1.0, 'x': 2.0}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .._validate import check_callable, check_str
from ..counting.word_counts import WordCounts, as_word_counts
from ..model.vocab import BERT_SPECIAL_TOKENS, UNK_TOKEN
from .segmentation import SegmentationMetrics, measure

#: The language parity is measured against, unless told otherwise.
REFERENCE_LANGUAGE = "en"

Tokenize = Callable[[str], list[str]]


def _check_languages(value: object, name: str) -> None:
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping language -> ..., got {type(value).__name__}")
    if not value:
        raise ValueError(f"{name} is empty: give at least one language")
    for language in value:
        check_str(language, f"a language of {name}", allow_empty=False)


def measure_languages(
    tokenize: Tokenize, corpora: Mapping[str, WordCounts | Mapping[str, int]], *, unk_token: str = UNK_TOKEN
) -> dict[str, SegmentationMetrics]:
    """Tokens per word and ``[UNK]`` rate (and the rest of ``SegmentationMetrics``) for each language.

    ``tokenize`` takes one word of a corpus (it may normalize and split it
    further, as a whole BERT pipeline does) and returns its tokens.

    >>> metrics = measure_languages(list, {"en": {"ab": 3}, "el": {"αβγ": 1, "?": 1}}, unk_token="?")
    >>> {language: (m.fertility, m.unk_rate) for language, m in metrics.items()}
    {'en': (2.0, 0.0), 'el': (2.0, 0.25)}
    """
    check_callable(tokenize, "tokenize", "a function word -> tokens")
    _check_languages(corpora, "corpora")
    return {
        language: measure(tokenize, as_word_counts(counts, f"the corpus of {language!r}"), unk_token=unk_token)
        for language, counts in corpora.items()
    }


def parallel_token_counts(tokenize: Tokenize, texts: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """The number of tokens of each language's version of a parallel text (a list of aligned segments).

    Every language must have the same number of segments: segment ``k`` of
    each is the same content in that language.

    >>> parallel_token_counts(str.split, {"en": ["a b", "c"], "fr": ["a", "b c d"]})
    {'en': 3, 'fr': 4}
    """
    check_callable(tokenize, "tokenize", "a function text -> tokens")
    _check_languages(texts, "texts")
    lengths = set()
    counts = {}
    for language, segments in texts.items():
        if isinstance(segments, (str, bytes)) or not isinstance(segments, Sequence):
            raise TypeError(f"the text of {language!r} must be a list of segments, got {type(segments).__name__}")
        lengths.add(len(segments))
        total = 0
        for position, segment in enumerate(segments):
            check_str(segment, f"segment {position} of {language!r}")
            total += len(tokenize(segment))
        counts[language] = total
    if len(lengths) > 1:
        sizes = {language: len(segments) for language, segments in texts.items()}
        raise ValueError(f"a parallel text has the same number of segments in every language, got {sizes}")
    return counts


def parity(token_counts: Mapping[str, int | float], reference: str = REFERENCE_LANGUAGE) -> dict[str, float]:
    """Each language's token count divided by the ``reference`` language's (on the same content).

    >>> parity({"en": 100, "fr": 130, "hi": 410})
    {'en': 1.0, 'fr': 1.3, 'hi': 4.1}
    """
    _check_languages(token_counts, "token_counts")
    if reference not in token_counts:
        raise ValueError(f"reference {reference!r} is not among the languages {list(token_counts)}")
    for language, count in token_counts.items():
        if isinstance(count, bool) or not isinstance(count, (int, float)) or not math.isfinite(count) or count < 0:
            raise ValueError(f"the token count of {language!r} must be a number >= 0, got {count!r}")
    base = token_counts[reference]
    if base == 0:
        raise ValueError(f"the reference {reference!r} has no token: parity would divide by zero")
    return {language: count / base for language, count in token_counts.items()}


def token_usage(tokenize: Tokenize, word_counts: WordCounts | Mapping[str, int | float]) -> Counter[str]:
    """How often each token is used when every word of ``word_counts`` is tokenized, weighted by its count.

    The counts may be relative frequencies (floats), as in a frequency list.

    >>> token_usage(list, {"aab": 2, "b": 1})
    Counter({'a': 4, 'b': 3})
    """
    check_callable(tokenize, "tokenize", "a function word -> tokens")
    if not isinstance(word_counts, Mapping):
        raise TypeError(f"word_counts must be a mapping word -> count, got {type(word_counts).__name__}")
    usage: Counter[str] = Counter()
    for word, count in word_counts.items():
        check_str(word, "a word of word_counts")
        if isinstance(count, bool) or not isinstance(count, (int, float)) or not math.isfinite(count) or count < 0:
            raise ValueError(f"the count of {word!r} must be a number >= 0, got {count!r}")
        for token in tokenize(word):
            usage[token] += count
    return usage


@dataclass(frozen=True)
class VocabShares:
    """Which language each token of a vocab serves, and each language's share.

    * ``owners``: token -> the language that uses it most (``None``: no language uses it);
    * ``counted``: how many tokens were shared out (the vocab minus the skipped special tokens);
    * ``owned``: language -> how many tokens it owns; ``unused``: tokens no language uses.
    """

    owners: dict[str, str | None]
    counted: int
    owned: dict[str, int]
    unused: int

    @property
    def shares(self) -> dict[str, float]:
        """Each language's owned tokens over the counted tokens (the unused ones are in no share)."""
        return {language: count / self.counted for language, count in self.owned.items()}

    def tokens_of(self, language: str) -> list[str]:
        """The tokens ``language`` owns, in vocab order."""
        return [token for token, owner in self.owners.items() if owner == language]


def vocab_shares(
    tokens: Iterable[str], usage: Mapping[str, Mapping[str, float]], *, skip: Iterable[str] = BERT_SPECIAL_TOKENS
) -> VocabShares:
    """Share out the tokens of a vocab: each goes to the language with the largest usage of it.

    ``usage`` maps each language to its token usage (for instance
    :func:`token_usage` of its word counts). A tie goes to the language listed
    first; a token no language uses is *unused*. Tokens in ``skip`` (the
    special tokens) are not shared out.

    >>> shares = vocab_shares(["[UNK]", "a", "b", "##c", "d"], {"en": {"a": 5, "b": 1}, "fr": {"b": 2, "##c": 1}})
    >>> shares.owners
    {'a': 'en', 'b': 'fr', '##c': 'fr', 'd': None}
    >>> shares.owned, shares.unused, shares.shares
    ({'en': 1, 'fr': 2}, 1, {'en': 0.25, 'fr': 0.5})
    """
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Iterable):
        raise TypeError(f"tokens must be a list of tokens, got {type(tokens).__name__}")
    _check_languages(usage, "usage")
    for language, table in usage.items():
        if not isinstance(table, Mapping):
            raise TypeError(f"the usage of {language!r} must be a mapping token -> count, got {type(table).__name__}")
    skipped = set(skip)
    owners: dict[str, str | None] = {}
    owned = dict.fromkeys(usage, 0)
    unused = 0
    for token in tokens:
        if token in skipped or token in owners:
            continue
        best, best_use = None, 0.0
        for language, table in usage.items():
            use = table.get(token, 0)
            if use > best_use:
                best, best_use = language, use
        owners[token] = best
        if best is None:
            unused += 1
        else:
            owned[best] += 1
    if not owners:
        raise ValueError("tokens holds no token outside skip: there is nothing to share out")
    return VocabShares(owners=owners, counted=len(owners), owned=owned, unused=unused)


__all__ = [
    "REFERENCE_LANGUAGE",
    "VocabShares",
    "measure_languages",
    "parallel_token_counts",
    "parity",
    "token_usage",
    "vocab_shares",
]
