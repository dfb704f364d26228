"""``WordCounts``: each distinct word and how often it occurs, in first-seen order.

The order matters: the ``"first"`` tie-break policy reads the words in the
order they were first seen, so two runs on the same text merge the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from .._validate import check_callable, check_count, check_str
from ..text.fast_normalizer import FastNormalizer
from ..text.fast_split import FastSplitter
from ..text.normalizer import BertNormalizer
from ..text.pretokenizers import get_pretokenizer


class WordCounts(Mapping[str, int]):
    """An ordered, read-only mapping ``word -> count`` (counts are positive ints).

    >>> counts = WordCounts.from_pairs([("hug", 10), ("pug", 5), ("hug", 2)])
    >>> counts
    WordCounts({'hug': 12, 'pug': 5})
    >>> counts.total, counts.most_common(1)
    (17, [('hug', 12)])
    """

    __slots__ = ("_counts",)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, int]]]:
        # The counts were checked when they were made; a copy (or a worker process) takes them as they are.
        return WordCounts.adopt, (self._counts,)

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        self._counts: dict[str, int] = {}
        if counts is not None:
            if not isinstance(counts, Mapping):
                raise TypeError(
                    f"counts must be a mapping word -> count, got {type(counts).__name__}; "
                    "use WordCounts.from_pairs or WordCounts.from_texts"
                )
            self._add_pairs(counts.items())

    def _add_pairs(self, pairs: Iterable[Any]) -> None:
        for position, item in enumerate(pairs):
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise TypeError(f"pairs[{position}] must be a (word, count) pair, got {item!r}")
            word, count = item
            check_str(word, f"word at pairs[{position}]", allow_empty=False)
            count = check_count(count, f"count of {word!r}")
            self._counts[word] = self._counts.get(word, 0) + count

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, int]]) -> WordCounts:
        """Build from ``(word, count)`` pairs; repeated words add up.

        >>> WordCounts.from_pairs([("low", 5), ("lower", 2)])["low"]
        5
        """
        if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
            raise TypeError(f"pairs must be an iterable of (word, count), got {type(pairs).__name__}")
        counts = cls()
        counts._add_pairs(pairs.items() if isinstance(pairs, Mapping) else pairs)
        return counts

    @classmethod
    def from_words(cls, words: Iterable[str]) -> WordCounts:
        """Count a sequence of already pre-tokenized words.

        >>> WordCounts.from_words("low low lower".split())
        WordCounts({'low': 2, 'lower': 1})
        """
        if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
            raise TypeError(f"words must be an iterable of str, got {type(words).__name__}")
        counts: dict[str, int] = {}
        for position, word in enumerate(words):
            check_str(word, f"words[{position}]", allow_empty=False)
            counts[word] = counts.get(word, 0) + 1
        result = cls()
        result._counts = counts
        return result

    @classmethod
    def from_texts(
        cls,
        texts: Iterable[str] | str,
        *,
        pretokenizer: str | Callable[[str], list[str]] = "bert",
        normalizer: Callable[[str], str] | None = None,
        lowercase: bool = False,
    ) -> WordCounts:
        """Normalize and pre-tokenize ``texts``, then count the words.

        ``normalizer`` defaults to the BERT normalizer (cased unless
        ``lowercase=True``); pass ``lambda text: text`` to skip it.

        >>> WordCounts.from_texts(["Hug, hug!"], lowercase=True)
        WordCounts({'hug': 2, ',': 1, '!': 1})
        """
        if isinstance(texts, str):
            texts = [texts]
        elif isinstance(texts, bytes) or not isinstance(texts, Iterable):
            raise TypeError(f"texts must be a str or an iterable of str, got {type(texts).__name__}")
        # The built-in pre-tokenizers always return non-empty str words; a function of the user's is checked.
        builtin = isinstance(pretokenizer, str)
        if builtin:
            split = get_pretokenizer(pretokenizer)
        else:
            split = check_callable(pretokenizer, "pretokenizer", "a name ('bert', 'whitespace', 'gpt2') or a function")
        if builtin and (normalizer is None or isinstance(normalizer, BertNormalizer)):
            # The same words as normalizer + pre-tokenizer below, through one translation table (fast_split.py).
            splitter = FastSplitter(
                normalizer=normalizer or BertNormalizer(lowercase=lowercase), pretokenizer=pretokenizer
            )
            tally: Counter[str] = Counter()
            for position, text in enumerate(texts):
                splitter.count_text(check_str(text, f"texts[{position}]"), tally)
            return cls.adopt(tally)
        if normalizer is None:
            # FastNormalizer gives BertNormalizer's exact text through one translation table.
            clean: Callable[[str], str] = FastNormalizer(BertNormalizer(lowercase=lowercase))
        else:
            clean = check_callable(normalizer, "normalizer", "a function str -> str")
        counts: dict[str, int] = {}
        for position, text in enumerate(texts):
            check_str(text, f"texts[{position}]")
            cleaned = clean(text)
            if not isinstance(cleaned, str):
                raise TypeError(f"normalizer must return a str, got {type(cleaned).__name__} for texts[{position}]")
            words = split(cleaned) if builtin else _checked_words(split(cleaned))
            for word in words:
                counts[word] = counts.get(word, 0) + 1
        return cls.adopt(counts)

    @classmethod
    def adopt(cls, counts: dict[str, int]) -> WordCounts:
        """Wrap a dict that is already right (non-empty str words, positive int counts), without copying.

        For counters that produced the dict themselves (``counting``); the
        dict must not be changed afterwards. Everything else should use the
        checked constructors.

        >>> WordCounts.adopt({"hug": 2})
        WordCounts({'hug': 2})
        """
        if type(counts) is not dict:
            counts = dict(counts)
        result = cls()
        result._counts = counts
        return result

    def __getitem__(self, word: str) -> int:
        return self._counts[word]

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __repr__(self) -> str:
        return f"WordCounts({self._counts!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, WordCounts):
            return list(self._counts.items()) == list(other._counts.items())
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    @property
    def total(self) -> int:
        """Number of running words (the sum of all counts)."""
        return sum(self._counts.values())

    def most_common(self, n: int | None = None) -> list[tuple[str, int]]:
        """The ``n`` most frequent words; ties keep first-seen order.

        >>> WordCounts.from_words("b a a b c".split()).most_common(2)
        [('b', 2), ('a', 2)]
        """
        ranked = sorted(self._counts.items(), key=lambda item: -item[1])
        return ranked if n is None else ranked[:n]


def _checked_words(words: Any) -> list[str]:
    """The words a custom pre-tokenizer returned, checked; empty ones (as ``text.split(" ")`` makes) dropped."""
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise TypeError(f"pretokenizer must return a list of str, got {type(words).__name__}")
    kept = []
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"pretokenizer must return a list of str, got an item of type {type(word).__name__}")
        if word:
            kept.append(word)
    return kept


def as_word_counts(value: Any, name: str = "word_counts") -> WordCounts:
    """Accept a ``WordCounts``, a mapping or ``(word, count)`` pairs.

    >>> as_word_counts({"hug": 3})
    WordCounts({'hug': 3})
    """
    if isinstance(value, WordCounts):
        return value
    if isinstance(value, (str, bytes)):
        raise TypeError(
            f"{name} must be a WordCounts, a dict word -> count or (word, count) pairs, got {type(value).__name__}"
        )
    if isinstance(value, Mapping):
        return WordCounts(value)
    if isinstance(value, Iterable):
        return WordCounts.from_pairs(value)
    raise TypeError(
        f"{name} must be a WordCounts, a dict word -> count or (word, count) pairs, got {type(value).__name__}"
    )


__all__ = [
    "WordCounts",
    "as_word_counts",
]
