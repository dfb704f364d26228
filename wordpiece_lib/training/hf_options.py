"""Three options of Hugging Face's trainers, with its meanings: ``min_frequency``, ``limit_alphabet``, ``initial_alphabet``.

They keep a web-scale vocabulary sensible (read from ``BpeTrainer`` in
Hugging Face ``tokenizers``, which its ``WordPieceTrainer`` wraps):

* ``min_frequency``: a pair is merged only if it occurs at least this many
  times. Hugging Face merges the most frequent pair first, so it simply stops
  at the first pair below the bar; under the WordPiece score a rarer pair can
  score best, so here every pair below the bar is passed over and training
  stops when no pair is left that reaches it. Words are never dropped for it.
  ``0`` and ``1`` both mean no limit (Hugging Face's default is ``0``).
* ``limit_alphabet``: keep at most this many distinct characters. Each
  character is counted once per occurrence in the corpus (word counts
  included), and the least frequent ones go. Hugging Face breaks ties among
  equally frequent characters in hash-map order (it differs between runs);
  here the character with the smaller code point stays. Hugging Face then
  deletes the dropped characters from the middle of the words, which joins
  letters that were never neighbours; here a word holding a dropped character
  is left out of training instead (it can only become ``[UNK]`` when encoded,
  since the vocab cannot spell it).
* ``initial_alphabet``: characters that are in the vocab even if the corpus
  never shows them. They count as the most frequent characters for
  ``limit_alphabet`` (so a limit below their number drops some of them, as in
  Hugging Face). Hugging Face adds the bare character; a WordPiece vocab also
  needs it inside words, so with the ``##`` convention both ``c`` and ``##c``
  are added. Hugging Face keeps the first character of a longer string
  silently; here such a string is an error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .._validate import check_int, check_mapping, check_str
from ..counting.word_counts import WordCounts

#: The largest count, given to the characters of ``initial_alphabet`` (as Hugging Face does).
_ALWAYS = float("inf")


def check_min_frequency(value: Any) -> int:
    """``min_frequency`` checked: a whole number, 0 or more.

    >>> check_min_frequency(2)
    2
    """
    return check_int(value, "min_frequency", minimum=0)


def check_limit_alphabet(value: Any) -> int | None:
    """``limit_alphabet`` checked: ``None`` (no limit) or a whole number, 0 or more.

    >>> check_limit_alphabet(None), check_limit_alphabet(100)
    (None, 100)
    """
    return None if value is None else check_int(value, "limit_alphabet", minimum=0)


def check_initial_alphabet(value: Any) -> list[str]:
    """``initial_alphabet`` checked: single characters (a str gives its characters), without repeats.

    >>> check_initial_alphabet("abca"), check_initial_alphabet(["é", "ß"])
    (['a', 'b', 'c'], ['é', 'ß'])
    """
    return check_characters(value, "initial_alphabet")


def check_characters(value: Any, name: str) -> list[str]:
    """``value`` as a list of single characters without repeats (a str gives its characters); errors name ``name``.

    >>> check_characters("hug", "characters")
    ['h', 'u', 'g']
    """
    check_str(name, "name", allow_empty=False)
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be characters (a str or a list of 1-character str), got {type(value).__name__}")
    chars = []
    for position, item in enumerate(value):
        if not isinstance(item, str):
            raise TypeError(f"{name}[{position}] must be a 1-character str, got {type(item).__name__}")
        if len(item) != 1:
            raise ValueError(
                f"{name}[{position}] must be one character, got {item!r} "
                "(Hugging Face would keep only its first character)"
            )
        chars.append(item)
    return list(dict.fromkeys(chars))


def character_counts(word_counts: Mapping[str, int]) -> Counter[str]:
    """How often each character occurs in the corpus (every position, times the word's count).

    >>> character_counts({"hug": 2, "bug": 1})
    Counter({'u': 3, 'g': 3, 'h': 2, 'b': 1})
    """
    check_mapping(word_counts, "word_counts", "a mapping word -> count")
    counts: Counter[str] = Counter()
    for word, count in word_counts.items():
        for char, times in Counter(word).items():
            counts[char] += times * count
    return counts


def kept_characters(
    word_counts: Mapping[str, int], limit_alphabet: int | None = None, initial_alphabet: Iterable[str] = ()
) -> list[str]:
    """The characters the alphabet keeps, sorted by code point.

    Every character of the corpus and of ``initial_alphabet``; with
    ``limit_alphabet``, only that many: the most frequent, ``initial_alphabet``
    first, ties to the smaller code point.

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> kept_characters(corpus, 3)
    ['g', 'p', 'u']
    >>> kept_characters(corpus, 3, initial_alphabet="z")
    ['g', 'u', 'z']
    """
    limit = check_limit_alphabet(limit_alphabet)
    initial = check_initial_alphabet(initial_alphabet)
    weights: dict[str, float] = dict(character_counts(word_counts))
    for char in initial:
        weights[char] = _ALWAYS
    ranked = sorted(weights, key=lambda char: (-weights[char], char))
    if limit is not None:
        ranked = ranked[:limit]
    return sorted(ranked)


def words_within(word_counts: WordCounts, characters: Iterable[str]) -> WordCounts:
    """The words spelled only with ``characters`` (first-seen order and counts kept).

    >>> words_within(WordCounts({"hug": 2, "bug": 1, "hum": 4}), "hugm")
    WordCounts({'hug': 2, 'hum': 4})
    """
    check_mapping(word_counts, "word_counts", "a WordCounts")
    allowed = frozenset(check_characters(characters, "characters"))
    return WordCounts.adopt({word: count for word, count in word_counts.items() if allowed.issuperset(word)})


def initial_pieces(characters: Iterable[str], prefix: str, marker: str | None) -> list[str]:
    """The pieces that let the vocab spell ``characters`` anywhere in a word.

    >>> initial_pieces("ab", "##", None), initial_pieces("ab", "##", "_")
    (['a', '##a', 'b', '##b'], ['a', 'b'])
    """
    check_str(prefix, "prefix")
    if marker is not None:
        check_str(marker, "marker")
    pieces = []
    for char in check_characters(characters, "characters"):
        pieces.append(char)
        if marker is None:
            pieces.append(prefix + char)
    return pieces


def apply_alphabet_options(
    word_counts: WordCounts, limit_alphabet: Any, initial_alphabet: Any
) -> tuple[WordCounts, list[str]]:
    """The counts a trainer learns from and the extra characters it must add, under the two alphabet options.

    >>> apply_alphabet_options(WordCounts({"hug": 2, "bug": 1}), 4, "z")
    (WordCounts({'hug': 2}), ['z'])
    """
    check_mapping(word_counts, "word_counts", "a WordCounts")
    limit = check_limit_alphabet(limit_alphabet)
    initial = check_initial_alphabet(initial_alphabet)
    if limit is None and not initial:
        return word_counts, []
    kept = kept_characters(word_counts, limit, initial)
    counts = word_counts if limit is None else words_within(word_counts, kept)
    chosen = set(kept)
    return counts, [char for char in initial if char in chosen]


__all__ = [
    "apply_alphabet_options",
    "character_counts",
    "check_characters",
    "check_initial_alphabet",
    "check_limit_alphabet",
    "check_min_frequency",
    "initial_pieces",
    "kept_characters",
    "words_within",
]
