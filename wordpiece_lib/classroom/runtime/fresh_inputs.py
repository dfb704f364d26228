"""Inputs a check makes up for the learner's function: fresh, yet the same on every run.

A check that only tries the examples the notebook printed passes an answer
that copies those examples. So the checks call the learner's function on
words and corpora made here, from a ``random.Random`` seeded with the
exercise's name: a string seed is hashed with SHA-512 by :mod:`random`, not
with Python's salted ``hash``, so the inputs are identical on every run and
under every ``PYTHONHASHSEED``. Nothing here iterates over a set.

>>> fresh_rng("count_words").random() == fresh_rng("count_words").random()
True
>>> fresh_words(fresh_rng("demo"), "abc", count=3, shortest=2, longest=4) == fresh_words(fresh_rng("demo"), "abc", count=3, shortest=2, longest=4)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from wordpiece_lib._validate import check_instance, check_int, check_str, check_str_list
from wordpiece_lib.classroom.runtime.variants import active_variant, fresh_inputs_vary, variant_rng

#: Letters the made-up words are spelled with (no vowels/consonants bias: any string is a word here).
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def fresh_rng(exercise: str) -> random.Random:
    """A random generator seeded by the exercise's name and the active variant (the same numbers on every run).

    A graded release's student (and the grader, judging their submission)
    works on a variant of their own (:mod:`~.variants`): the checks of the
    exercises declared with ``vary_fresh_inputs`` try other inputs than a classmate's.

    >>> fresh_rng("split").randrange(1000) == fresh_rng("split").randrange(1000)
    True
    >>> from wordpiece_lib.classroom.runtime.variants import variant_active, vary_fresh_inputs
    >>> vary_fresh_inputs("split")
    >>> course = fresh_rng("split").random()
    >>> with variant_active("0123456789abcdef"):
    ...     fresh_rng("split").random() == fresh_rng("split").random() != course
    True
    """
    check_str(exercise, "exercise", allow_empty=False)
    variant = active_variant()
    if variant is None or not fresh_inputs_vary(exercise):
        return random.Random(f"wordpiece-workshop:{exercise}")
    return variant_rng(variant, f"fresh:{exercise}")


def fresh_word(rng: random.Random, letters: str = LETTERS, shortest: int = 1, longest: int = 8) -> str:
    """One made-up word.

    >>> len(fresh_word(fresh_rng("w"), "xy", 3, 3))
    3
    """
    _check_word_shape(rng, letters, shortest, longest)
    return "".join(rng.choice(letters) for _ in range(rng.randint(shortest, longest)))


def _check_word_shape(rng: random.Random, letters: str, shortest: int, longest: int) -> None:
    check_instance(rng, "rng", random.Random)
    check_str(letters, "letters", allow_empty=False)
    check_int(shortest, "shortest", minimum=1)
    check_int(longest, "longest", minimum=shortest)


def fresh_words(
    rng: random.Random, letters: str = LETTERS, *, count: int, shortest: int = 1, longest: int = 8
) -> list[str]:
    """``count`` distinct made-up words, in the order they were made.

    >>> words = fresh_words(fresh_rng("w"), "ab", count=4, shortest=2, longest=3)
    >>> len(words), len(set(words))
    (4, 4)
    """
    _check_word_shape(rng, letters, shortest, longest)
    check_int(count, "count", minimum=0)
    if count > len(letters) ** longest:
        raise ValueError(f"cannot make {count} distinct words of at most {longest} letters from {letters!r}")
    words: list[str] = []
    seen: set[str] = set()
    while len(words) < count:
        word = fresh_word(rng, letters, shortest, longest)
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


def fresh_counts(
    rng: random.Random,
    letters: str = LETTERS,
    *,
    count: int,
    shortest: int = 2,
    longest: int = 6,
    most: int = 20,
) -> dict[str, int]:
    """Made-up word counts: ``count`` distinct words, each seen 1 to ``most`` times.

    >>> counts = fresh_counts(fresh_rng("c"), "abc", count=3)
    >>> len(counts), all(1 <= n <= 20 for n in counts.values())
    (3, True)
    """
    check_int(most, "most", minimum=1)
    return {
        word: rng.randint(1, most)
        for word in fresh_words(rng, letters, count=count, shortest=shortest, longest=longest)
    }


def shuffled(rng: random.Random, items: Sequence[str]) -> list[str]:
    """A shuffled copy (the original is left alone).

    >>> sorted(shuffled(fresh_rng("s"), ["b", "a"]))
    ['a', 'b']
    """
    check_instance(rng, "rng", random.Random)
    copy = check_str_list(items, "items")
    rng.shuffle(copy)
    return copy


#: The letters of the made-up hug/pug-like words of the variants (no j, q, x or y: none reads oddly).
CONSONANTS, VOWELS = "bcdfghklmnprstvwz", "aeiou"


def hug_pug_like_counts(rng: random.Random) -> dict[str, int]:
    """Five hug/pug-like words with counts: four of consonant, vowel, consonant sharing one vowel (as hug, pug,
    pun and bun share ``u``, so a frequent pair exists to merge) and one of them plus a letter (as hugs); counts 3
    to 14, 18 to 72 in all (the course's corpus has 36).

    >>> counts = hug_pug_like_counts(random.Random(7))
    >>> len(counts), 18 <= sum(counts.values()) <= 72, len({word[1] for word in counts})
    (5, True, 1)
    """
    check_instance(rng, "rng", random.Random)
    while True:
        onsets, codas = rng.sample(CONSONANTS, 3), rng.sample(CONSONANTS, 3)
        vowel = rng.choice(VOWELS)
        words = list(dict.fromkeys(rng.choice(onsets) + vowel + rng.choice(codas) for _ in range(8)))[:4]
        if len(words) < 4:
            continue
        words.append(rng.choice(words) + rng.choice(CONSONANTS))
        counts = {word: rng.randint(3, 14) for word in dict.fromkeys(words)}
        if len(counts) == 5 and 18 <= sum(counts.values()) <= 72:
            return counts


__all__ = [
    "CONSONANTS",
    "LETTERS",
    "VOWELS",
    "fresh_counts",
    "fresh_rng",
    "fresh_word",
    "fresh_words",
    "hug_pug_like_counts",
    "shuffled",
]
