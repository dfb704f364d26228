"""Checks for notebook 01's exercises: splitting words, counting them, the alphabet.

>>> check_split_word(lambda word: [word[0]] + ["##" + char for char in word[1:]])
>>> check_split_word(list)
Traceback (most recent call last):
...
AssertionError: Your split of 'hugs' is ['h', 'u', 'g', 's']; expected ['h', '##u', '##g', '##s']: every character after the first needs the '##' prefix
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from wordpiece_lib.classroom.exercise import as_list, call, require
from wordpiece_lib.corpus import WordCounts
from wordpiece_lib.pieces import DEFAULT_PREFIX, alphabet, split_word


def check_split_word(function: Callable[[str], list[str]], prefix: str = DEFAULT_PREFIX) -> None:
    """Check a function that splits a word into its first piece + ``##`` pieces.

    >>> check_split_word(lambda word: [word[0]] + ["##" + c for c in word[1:]])
    >>> check_split_word(lambda word: list(word))
    Traceback (most recent call last):
    ...
    AssertionError: Your split of 'hugs' is ['h', 'u', 'g', 's']; expected ['h', '##u', '##g', '##s']: every character after the first needs the '##' prefix
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word in ("hugs", "a", "tokenization", "café!"):
        got = as_list(call(function, word, name="split", exercise="splitting a word"), f"split({word!r})")
        expected = split_word(word, prefix)
        if got == expected:
            continue
        intro = f"Your split of {word!r} is {got}; expected {expected}"
        if len(got) != len(expected):
            raise AssertionError(
                f"Your split of {word!r} has {len(got)} pieces; expected {len(expected)}: "
                "one piece per character, and every character after the first needs the "
                f"{prefix!r} prefix"
            )
        if got and got[0] != expected[0]:
            raise AssertionError(f"{intro}: the first piece is the bare first character, without {prefix!r}")
        raise AssertionError(f"{intro}: every character after the first needs the {prefix!r} prefix")


def check_marker_split(function: Callable[[str], list[str]], marker: str = "_") -> None:
    """Check a function that splits a word with a begin-of-word marker.

    >>> check_marker_split(lambda word: ["_", *word])
    >>> check_marker_split(lambda word: ["_" + word[0], *word[1:]])
    Traceback (most recent call last):
    ...
    AssertionError: Your split of 'low' is ['_l', 'o', 'w']; expected ['_', 'l', 'o', 'w']: the marker '_' is a piece of its own, in front of the word's characters
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word in ("low", "newest", "a"):
        got = as_list(call(function, word, name="split", exercise="the begin-of-word marker"), f"split({word!r})")
        expected = split_word(word, marker=marker)
        if got == expected:
            continue
        reason = (
            f"the marker {marker!r} is a piece of its own, in front of the word's characters"
            if not got or got[0] != marker
            else "after the marker comes one piece per character, with no prefix"
        )
        raise AssertionError(f"Your split of {word!r} is {got}; expected {expected}: {reason}")


def check_word_counts(function: Callable[[list[str]], Mapping[str, int]]) -> None:
    """Check a function that counts words, keeping first-seen order.

    >>> def count(words):
    ...     counts = {}
    ...     for word in words:
    ...         counts[word] = counts.get(word, 0) + 1
    ...     return counts
    >>> check_word_counts(count)
    >>> check_word_counts(lambda words: {word: 1 for word in words})
    Traceback (most recent call last):
    ...
    AssertionError: 'hug' appears 3 times in the list but your count says 1
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    words = ["hug", "pug", "hug", "pun", "hugs", "hug", "bun", "pun"]
    got = call(function, list(words), name="count_words", exercise="counting words")
    if not isinstance(got, Mapping):
        raise AssertionError(f"count_words should return a dict word -> count, got {type(got).__name__}")
    expected = WordCounts.from_words(words)
    for word, count in expected.items():
        if word not in got:
            raise AssertionError(f"{word!r} is missing from your counts: every distinct word needs an entry")
        if got[word] != count:
            raise AssertionError(f"{word!r} appears {count} times in the list but your count says {got[word]}")
    extra = [word for word in got if word not in expected]
    if extra:
        raise AssertionError(f"your counts hold words that are not in the list: {extra}")
    if list(got) != list(expected):
        raise AssertionError(
            f"the counts are right but the order is {list(got)}; keep the order in which words are first seen: "
            f"{list(expected)} (training breaks ties by reading the words in that order)"
        )


def check_alphabet(answer: Iterable[str], words: Iterable[str], prefix: str = DEFAULT_PREFIX) -> None:
    """Check the starting alphabet of a corpus (order does not matter).

    >>> check_alphabet(["h", "##u", "##g"], ["hug"])
    >>> check_alphabet(["h", "u", "g"], ["hug"])
    Traceback (most recent call last):
    ...
    AssertionError: Your alphabet misses ['##g', '##u'] and has ['g', 'u'] too many: a character inside a word appears with the '##' prefix
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    words = list(words)
    got = set(as_list(require(answer, "the alphabet"), "the alphabet"))
    expected = set(alphabet(words, prefix))
    if got == expected:
        return
    missing, extra = sorted(expected - got), sorted(got - expected)
    parts = []
    if missing:
        parts.append(f"misses {missing}")
    if extra:
        parts.append(f"has {extra} too many")
    hint = (
        f"a character inside a word appears with the {prefix!r} prefix"
        if any(prefix + token in expected for token in extra)
        else "list every first character bare and every other character with the prefix, each once"
    )
    raise AssertionError(f"Your alphabet {' and '.join(parts)}: {hint}")


__all__ = ["check_alphabet", "check_marker_split", "check_split_word", "check_word_counts"]
