"""Checks for notebook 01's exercises: counting words, splitting them, the alphabet.

The function exercises are run on fresh words (never the notebook's examples)
with the library's own version counted (refused when it did the work); a wrong answer is told which
idea is off, never the expected value.

A worked answer stays out of the docstrings (the installed package carries none); a wrong one:

>>> WORKBOOK.reset()
>>> check_split_word(list)
Traceback (most recent call last):
...
AssertionError: split_with_prefix('yzx') gave ['y', 'z', 'x']: every character after the first needs the '##' prefix
"""

from __future__ import annotations

import collections
import random
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.counting import WordCounts
from wordpiece_lib.model import DEFAULT_PREFIX, alphabet, initial_splits, split_word

WORKBOOK = runtime.Workbook(
    "01 · From text to characters",
    [
        runtime.Exercise(
            "count_words",
            "Your turn 1 · count words",
            hints=(
                "counts.get(word, 0) + 1 is the count so far plus one, starting from 0 for a new word.",
                "A dict remembers the order in which its keys were first added.",
            ),
        ),
        runtime.Exercise(
            "split_with_prefix",
            "Your turn 2 · the ## split",
            hints=("word[0] is the first character, word[1:] all the others.",),
        ),
        runtime.Exercise(
            "split_with_end_marker",
            "Your turn 3 · the end-of-word marker",
            hints=(
                "word[:-1] is every character but the last, word[-1] the last one.",
                "The marker is glued to the last character: it is not a piece of its own.",
            ),
        ),
        runtime.Exercise(
            "my_alphabet",
            "Your turn 4 · the alphabet by hand",
            hints=(
                "Write each word as its first pieces (notebook section 4), then list the pieces you wrote.",
                "'h' and '##h' are two different pieces: one starts a word, the other continues one.",
            ),
        ),
    ],
    answers="character_splitting",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's checks try their functions on inputs of their own.
WORKBOOK.vary_fresh_inputs("count_words", "split_with_prefix", "split_with_end_marker")

#: What *Your turn 1* teaches: the refusal of any counting routine says so.
COUNT_BY_HAND = (
    "counting by hand is the exercise: a dict of your own that adds one to a word's count each time the word "
    "appears, with no counting routine (Counter, pandas, numpy) doing it for you"
)

#: Writing these is the exercise: a check fails an answer that calls them.
COUNTING = tuple(
    runtime.Forbidden(rule.label_name, rule.objects, why=COUNT_BY_HAND)
    for rule in runtime.forbid(WordCounts, collections.Counter)
)


def _counting_rules() -> tuple[runtime.Forbidden, ...]:
    """What counts the words for the learner: :data:`COUNTING`, and pandas' and numpy's counting routines.

    The exercise is to see how little counting takes: a dict and a loop. A
    counting routine from any library skips exactly that, vectorised or not:
    pandas' ``value_counts`` and ``groupby`` (then ``size``, ``count``...),
    numpy's ``unique`` (``return_counts=True``, and ``unique_counts``, which
    calls it).

    >>> [rule.label for rule in _counting_rules()]
    ['`WordCounts`', '`Counter`', '`value_counts`', '`groupby`', '`numpy.unique`']
    """
    rules = list(COUNTING)
    try:
        import pandas
        from pandas.core.groupby import DataFrameGroupBy, SeriesGroupBy
    except ImportError:  # pragma: no cover - pandas comes with the classroom's extras
        pass
    else:
        counters = [
            pandas.Series.value_counts,
            pandas.DataFrame.value_counts,
            pandas.Index.value_counts,
            SeriesGroupBy.value_counts,
            DataFrameGroupBy.value_counts,
        ]
        rules.append(runtime.Forbidden("value_counts", tuple(dict.fromkeys(counters)), why=COUNT_BY_HAND))
        groups = (pandas.Series.groupby, pandas.DataFrame.groupby)  # however the groups are then counted
        rules.append(runtime.Forbidden("groupby", tuple(dict.fromkeys(groups)), why=COUNT_BY_HAND))
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy comes with pandas
        pass
    else:
        rules.append(runtime.Forbidden("numpy.unique", (numpy.unique,), why=COUNT_BY_HAND))
    return tuple(rules)


SPLITTING = runtime.forbid(split_word, initial_splits)
#: The alphabet is worked out by hand: a cell assigning it must not let these do the work.
ALPHABET_MAKERS = runtime.forbid(alphabet, split_word, initial_splits)
runtime.watch_answer("my_alphabet", ALPHABET_MAKERS)


CHARACTERS_AS_THEY_ARE = (
    "keep every character as it is: splitting changes no capital and no accent (the normalizer, which runs "
    "before counting, is where that happens)"
)


def _same_letters(got: str, word: str) -> bool:
    """True when ``got`` is ``word`` with capitals or accents changed (lowercased, stripped...)."""

    return _plain(got) == _plain(word)


def _fresh_split_words(key: str, letters: str, shortest: int, longest: int, *fixed: str) -> list[str]:
    """A three-letter word of ``letters``, one of ``shortest`` to ``longest`` characters, then ``fixed`` (same each run)."""
    rng = runtime.fresh_rng(key)
    return [runtime.fresh_word(rng, letters, 3, 3), runtime.fresh_word(rng, shortest=shortest, longest=longest), *fixed]


def _fresh_prefix_words() -> list[str]:
    # capitals and accents stay as they are: splitting never lowercases or strips (the normalizer did that)
    return _fresh_split_words("split_with_prefix", "xyzoq", 6, 9, "é", "Über", "naïve", "McCoy", "c3po!")


#: The original BPE's end-of-word marker (Sennrich et al.), glued to a word's last character.
END_MARKER = "</w>"


def _fresh_marker_words() -> list[str]:
    return _fresh_split_words("split_with_end_marker", "rtae", 5, 8, "ü", "Ärger", "x-ray")


@WORKBOOK.check("split_with_prefix")
def check_split_word(function: Callable[[str], list[str]], prefix: str = DEFAULT_PREFIX) -> None:
    """Check a function that splits a word into its first piece + ``##`` pieces (on fresh words).

    >>> WORKBOOK.reset()
    >>> check_split_word(split_word)
    Traceback (most recent call last):
    ...
    AssertionError: split_with_prefix calls `split_word`, the library's own version, which did the work: the exercise is to write those steps yourself (1 call of code the exercise replaces ran while the check ran your function)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word in _fresh_prefix_words():
        got = runtime.in_container(
            runtime.call(function, word, name="split_with_prefix", exercise="splitting a word", forbidden=SPLITTING),
            list,
            f"what split_with_prefix({word!r}) returned",
            "the pieces in the word's order",
        )
        expected = split_word(word, prefix)
        if got == expected:
            continue
        intro = f"split_with_prefix({word!r}) gave {runtime.short_list(got)}"
        spelled = "".join(piece.removeprefix(prefix) for piece in got)
        if spelled != word and _same_letters(spelled, word):
            raise AssertionError(f"{intro}: {CHARACTERS_AS_THEY_ARE}")
        if spelled != word:
            raise AssertionError(
                f"{intro}: without their {prefix!r} the pieces should spell the word again, one character each"
            )
        if len(got) != len(expected):
            raise AssertionError(f"{intro}: make one piece per character")
        if got and got[0] != expected[0]:
            raise AssertionError(f"{intro}: the first piece is the bare first character, without {prefix!r}")
        raise AssertionError(f"{intro}: every character after the first needs the {prefix!r} prefix")


@WORKBOOK.check("split_with_end_marker")
def check_end_marker_split(function: Callable[[str], list[str]], marker: str = END_MARKER) -> None:
    """Check a function that splits a word into characters, the last one carrying an end-of-word marker.

    >>> WORKBOOK.reset()
    >>> check_end_marker_split(lambda word: [*word, "</w>"])
    Traceback (most recent call last):
    ...
    AssertionError: split_with_end_marker('rrt') gave ['r', 'r', 't', '</w>']: the marker '</w>' is glued to the word's last character, not a piece of its own
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word in _fresh_marker_words():
        got = runtime.in_container(
            runtime.call(
                function, word, name="split_with_end_marker", exercise="the end-of-word marker", forbidden=SPLITTING
            ),
            list,
            f"what split_with_end_marker({word!r}) returned",
            "the pieces in the word's order",
        )
        expected = [*word[:-1], word[-1] + marker]
        if got == expected:
            continue
        intro = f"split_with_end_marker({word!r}) gave {runtime.short_list(got)}"
        bare = [piece.removeprefix(DEFAULT_PREFIX).removesuffix(marker).removeprefix("_") for piece in got]
        spelled = "".join(piece for piece in bare if piece)
        if spelled != word and _same_letters(spelled, word):
            reason = CHARACTERS_AS_THEY_ARE
        elif spelled != word:
            reason = "without the marker the pieces should spell the word again, one character each"
        elif marker in got:
            reason = f"the marker {marker!r} is glued to the word's last character, not a piece of its own"
        elif any(piece.startswith(DEFAULT_PREFIX) or piece == "_" for piece in got):
            reason = (
                f"with an end-of-word marker no piece carries the {DEFAULT_PREFIX!r} prefix and no '_' opens the "
                "word: the marker at the end is the only sign"
            )
        elif sum(piece.endswith(marker) for piece in got) > 1:
            reason = f"only the word's last character carries {marker!r}"
        elif not got or not got[-1].endswith(marker):
            reason = f"the word's last piece carries {marker!r}: it shows where the word ends"
        else:
            reason = "one piece per character, in the word's order"
        raise AssertionError(f"{intro}: {reason}")


def _fresh_word_lists() -> list[list[str]]:
    rng = runtime.fresh_rng("count_words")
    lists = []
    for size in (9, 14):
        distinct = runtime.fresh_words(rng, "abnpsu", count=5, shortest=2, longest=4)
        words = [rng.choice(distinct) for _ in range(size)]
        lists.append(words)
    lists.append([])
    # capitals, as a cased corpus has them: counting never lowercases (the normalizer runs before it); the word
    # seen most often comes last, so an order by count is not the first-seen order
    word = runtime.fresh_word(rng, "abnpsu", 3, 4)
    other = runtime.fresh_word(rng, "abnpsu", 2, 2)
    lists.append([word.title(), other, word, other.upper(), word, word.title(), other, other, other])
    # punctuation marks, words of their own after BERT's pre-tokenizer (the course's counts hold '.'): counting keeps
    # every item as it is, so cleaning a word of its punctuation drops or merges words
    lists.append([other, ",", word, ".", other, "'", word, ".", "!"])
    return lists


def _same_letters_everywhere(got: list[Any], expected: list[str]) -> bool:
    """True when the words of ``got`` are those of ``expected`` with capitals or accents changed."""
    return all(isinstance(word, str) for word in got) and {_plain(word) for word in got} == {
        _plain(word) for word in expected
    }


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@WORKBOOK.check("count_words")
def check_word_counts(function: Callable[[list[str]], Mapping[str, int]]) -> None:
    """Check a function that counts words, keeping first-seen order (on fresh lists of words).

    A worked answer stays out of this docstring (the installed package carries none); a wrong one:

    >>> WORKBOOK.reset()
    >>> check_word_counts(lambda words: {word: 1 for word in words})
    Traceback (most recent call last):
    ...
    AssertionError: count_words(['ubp', 'sbu', 'sau', 'sn', 'sau', 'ubp', ...] (9 words)) counts 'ubp' wrong: add one to a word's count every time the word appears in the list
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for words in _fresh_word_lists():
        got = runtime.call(
            function, list(words), name="count_words", exercise="counting words", forbidden=_counting_rules()
        )
        shown = f"count_words({runtime.short_list(words, noun='words')})"
        runtime.in_container(
            got, dict, f"what count_words returned for {runtime.short_list(words, noun='words')}", "word -> count"
        )
        expected = WordCounts.from_words(words) if words else {}
        if set(got) != set(expected) and _same_letters_everywhere(list(got), list(expected)):
            raise AssertionError(
                f"{shown} counts the words under other spellings ({runtime.short_list(list(got))}): count each word as it "
                "is written; 'Pug' and 'pug' are two words here (making them one is the normalizer's job, before "
                "counting)"
            )
        if words and all(isinstance(key, str) and len(key) == 1 for key in got) and any(len(w) > 1 for w in words):
            raise AssertionError(
                f"{shown} counts single characters: each item of the list is a whole word, and a word is counted as one"
            )
        for word, count in expected.items():
            if word not in got and not any(char.isalnum() for char in word):
                raise AssertionError(
                    f"{shown} has no entry for {word!r}: a punctuation mark is a word of its own here (BERT's "
                    "pre-tokenizer made it one), and counting keeps every word as it is: count it like any other"
                )
            if word not in got:
                raise AssertionError(f"{shown} has no entry for {word!r}: every distinct word of the list needs one")
            if got[word] != count:
                raise AssertionError(
                    f"{shown} counts {word!r} wrong: add one to a word's count every time the word appears in the list"
                )
        extra = [word for word in got if word not in expected]
        if extra:
            raise AssertionError(f"{shown} holds {runtime.short_list(extra)}, which are not words of the list")
        if list(got) != list(expected):
            raise AssertionError(
                f"{shown}: the counts are right but not in first-seen order; keep each word where it first appears "
                "(training breaks ties by reading the words in that order)"
            )


#: The words of *Your turn 4* in the course (a graded release gives each student words of their own).
ALPHABET_WORDS = ("bun", "bug", "gnu")


@WORKBOOK.variants("my_alphabet", course={"words": list(ALPHABET_WORDS)})
def alphabet_variant(rng: random.Random) -> dict[str, list[str]]:
    """Three distinct three-letter words whose alphabet has 4 to 9 pieces, one letter both starting and inside a word.

    As ``bun bug gnu`` (``g`` and ``##g``), a letter that starts one word and
    sits inside another shows that the two are different pieces.
    """
    consonants, vowels = "bcdfghklmnprstvz", "aeiou"
    while True:
        letters = rng.sample(consonants, 4)
        vowel = rng.choice(vowels)
        words = list(
            dict.fromkeys(
                rng.choice(letters) + rng.choice((vowel, vowel, rng.choice(vowels))) + rng.choice(letters)
                for _ in range(3)
            )
        )
        if len(words) != 3:
            continue
        pieces = alphabet(words)
        both = {word[0] for word in words} & {letter for word in words for letter in word[1:]}
        if 4 <= len(pieces) <= 9 and both:
            return {"words": words}


@WORKBOOK.check("my_alphabet")
def check_alphabet(answer: Any, words: Iterable[str], prefix: str = DEFAULT_PREFIX, source: str | None = None) -> None:
    """Check the starting alphabet of a corpus, written by hand (order does not matter, each piece once).

    ``source`` is the code that made the answer (default: the notebook cell
    that assigned ``my_alphabet``); calling ``alphabet`` there fails.

    >>> WORKBOOK.reset()
    >>> check_alphabet(["h", "##u", "##g"], ["hug"])
    >>> check_alphabet(["h", "u", "g"], ["hug"])
    Traceback (most recent call last):
    ...
    AssertionError: your alphabet has a letter from inside a word written bare, without the '##' prefix it needs there: write the letters after the first one as '##' pieces
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    words = list(words)
    got_list = list(
        runtime.in_container(runtime.require(answer, "the alphabet"), list, "your alphabet", "each piece once")
    )
    runtime.refuse_in_answer(
        "my_alphabet",
        ["alphabet", "split_word", "initial_splits"],
        "your answer uses {name}, which does the exercise for you: work the pieces out by hand, then check them",
        source,
    )
    wrong = [item for item in got_list if not isinstance(item, str)]
    if wrong:
        raise AssertionError(f"the alphabet is a list of pieces (str), but it holds {wrong[0]!r}")
    expected = set(alphabet(words, prefix))
    repeated = sorted({item for item in got_list if got_list.count(item) > 1})
    got = set(got_list)
    extra = sorted(got - expected)
    if any(prefix + token in expected for token in extra):
        raise AssertionError(
            f"your alphabet has a letter from inside a word written bare, without the {prefix!r} prefix it needs "
            f"there: write the letters after the first one as {prefix!r} pieces"
        )
    # after a few tries, naming a wrong piece would let one be changed a try until it passes (see runtime.narrowing)
    idea = (
        f"Some pieces are wrong. Go through every word: its first letter is a bare piece, every letter after it a "
        f"{prefix!r} piece; each piece once"
    )
    if extra:
        raise AssertionError(
            runtime.narrowing(
                f"{extra[0]!r} is not a first piece of these words: a piece is one character, bare when it starts a "
                f"word, with {prefix!r} when it does not",
                idea,
            )
        )
    if got != expected:
        starts = {piece for piece in expected if not piece.startswith(prefix)}
        hint = (
            "a word-initial letter is missing: look at the first letter of every word"
            if starts - got
            else f"a {prefix!r} piece is missing: look at every letter after the first, in every word"
        )
        raise AssertionError(runtime.narrowing(f"a piece is missing from your alphabet: {hint}", idea))
    if repeated:
        raise AssertionError(f"your alphabet lists {repeated[0]!r} more than once: list each piece once")


__all__ = [
    "ALPHABET_WORDS",
    "WORKBOOK",
    "alphabet_variant",
    "check_alphabet",
    "check_end_marker_split",
    "check_split_word",
    "check_word_counts",
    "progress",
    "show_answer",
]
