"""Checks behind notebook 05's "your turn" exercises (the top-down learner).

They run in the frame of :mod:`wordpiece_lib.classroom.exercise`: a right
answer passes quietly, a wrong one raises ``AssertionError`` saying in plain
words what is wrong, and an answer still set to ``TODO`` (or a function that
still raises ``NotImplementedError``) skips as "not done yet". The expected
answers come from :mod:`wordpiece_lib.top_down`, which follows TensorFlow Text.

>>> check_effective_count(10, {"hug": 10, "hugs": 5, "hugged": 3}, "hug", 4)
>>> check_effective_count(13, {"hug": 10, "hugs": 5, "hugged": 3}, "hug", 4)
Traceback (most recent call last):
...
AssertionError: 'hug' keeps 10, not 13: you took off only the longer substrings that were kept (the guide's rule); TensorFlow Text takes off every longer substring's count, kept or not (here also 'hugged' x3)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from wordpiece_lib.classroom.exercise import is_todo, not_done, require
from wordpiece_lib.classroom.top_down.widgets import TopDownRounds
from wordpiece_lib.corpus import as_word_counts
from wordpiece_lib.top_down import JOINER, split_points, substring_counts, threshold_pass


def _remaining_counts(word_counts: Mapping[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """Every substring's count before and after TensorFlow Text's subtraction.

    With every count subtracted (kept or not), what a substring keeps does
    not depend on the threshold, so a pass at threshold 0 lists them all.
    """
    totals = substring_counts(word_counts)
    return totals, threshold_pass(totals, 0)


def _longer_with_prefix(token: str, totals: Mapping[str, int]) -> list[str]:
    """The longer substrings that start like ``token`` (their counts are taken off it)."""
    return [other for other in totals if other != token and other.startswith(token)]


def _as_token_set(answer: Any, what: str) -> set[str]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise AssertionError(f"{what} should be a set or list of substrings, got {type(answer).__name__}: {answer!r}")
    tokens = list(answer)
    wrong = [token for token in tokens if not isinstance(token, str)]
    if wrong:
        raise AssertionError(f"{what} should hold strings like 'hug' or '##ug', got {wrong[0]!r}")
    return set(tokens)


def check_surviving_substrings(answer: Any, word_counts: Mapping[str, int], threshold: int) -> None:
    """Check which substrings one threshold pass keeps (TensorFlow Text's rule, before characters are added).

    >>> corpus = {"hug": 6, "hugs": 3, "bugs": 3, "bug": 1}
    >>> check_surviving_substrings({"hug", "##ugs", "##ug", "##gs", "##g", "##s"}, corpus, 4)
    >>> check_surviving_substrings({"hug", "##ugs", "##ug", "##gs", "##g", "##s", "hu"}, corpus, 4)
    Traceback (most recent call last):
    ...
    AssertionError: 'hu' should not survive: it occurs 9 times, but the longer substrings starting with it take 9 of them ('hug' and longer), which leaves 0, below the threshold 4
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    got = _as_token_set(require(answer, "the surviving substrings"), "your answer")
    counts = as_word_counts(word_counts)
    totals, remaining = _remaining_counts(counts)
    expected = set(threshold_pass(totals, threshold))
    if got == expected:
        return
    if got == set(threshold_pass(totals, threshold, subtract="kept")):
        extra = sorted(got - expected)
        raise AssertionError(
            f"that is what the guide's rule keeps: {extra} survive only because a longer substring that was NOT "
            "kept did not give back its count. TensorFlow Text subtracts every longer substring's count from its "
            "prefixes, kept or not"
        )
    if got == set(threshold_pass(totals, threshold + 1)):
        raise AssertionError(
            f"you kept only counts above {threshold}; the rule is count >= threshold "
            f"(the guide says '>', TensorFlow Text and the seed keep a count equal to {threshold})"
        )
    for token in sorted(got - expected, key=lambda text: (-len(text), text)):
        if token not in totals:
            raise AssertionError(
                f"{token!r} is not a substring of any word (a substring that does not start its word is written "
                f"with {JOINER!r} in front, e.g. '##ug')"
            )
        taken = totals[token] - remaining[token]
        if totals[token] < threshold:
            raise AssertionError(
                f"{token!r} should not survive: it occurs only {totals[token]} times, below the threshold {threshold}"
            )
        longer = sorted(_longer_with_prefix(token, totals), key=len)
        raise AssertionError(
            f"{token!r} should not survive: it occurs {totals[token]} times, but the longer substrings starting "
            f"with it take {taken} of them ({longer[0]!r} and longer), which leaves {remaining[token]}, "
            f"below the threshold {threshold}"
        )
    missing = sorted(expected - got, key=lambda text: (-len(text), text))
    token = missing[0]
    raise AssertionError(
        f"{token!r} survives too: after the longer substrings took their share it still counts "
        f"{remaining[token]} >= {threshold} (you are missing {missing})"
    )


def check_effective_count(answer: Any, word_counts: Mapping[str, int], token: str, threshold: int) -> None:
    """Check the count a substring keeps after prefix subtraction (TensorFlow Text's rule).

    >>> check_effective_count(18, {"hug": 10, "hugs": 5, "hugged": 3}, "hug", 4)
    Traceback (most recent call last):
    ...
    AssertionError: 'hug' keeps 10, not 18: 18 is how often 'hug' occurs; now take off the counts of the longer substrings that start with it ('hugs', 'hugged', ...), longest first
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    got = require(answer, f"the effective count of {token!r}")
    if isinstance(got, bool) or not isinstance(got, int):
        raise AssertionError(f"answer with a whole number (an int), got {type(got).__name__}: {got!r}")
    counts = as_word_counts(word_counts)
    totals, remaining = _remaining_counts(counts)
    if token not in totals:
        raise ValueError(f"token {token!r} is not a substring of any word in word_counts")
    expected = remaining[token]
    if got == expected:
        return
    intro = f"{token!r} keeps {expected}, not {got}"
    kept_rule = threshold_pass(totals, threshold, subtract="kept").get(token)
    longer = _longer_with_prefix(token, totals)
    if got == totals[token]:
        words = [other for other in longer if other in counts]
        shown = ", ".join(repr(word) for word in words[:3]) or ", ".join(repr(word) for word in longer[:3])
        raise AssertionError(
            f"{intro}: {got} is how often {token!r} occurs; now take off the counts of the longer substrings "
            f"that start with it ({shown}, ...), longest first"
        )
    if kept_rule is not None and got == kept_rule:
        not_kept = [
            f"{other!r} x{remaining[other]}" for other in longer if other in counts and totals[other] < threshold
        ]
        also = f" (here also {', '.join(not_kept)})" if not_kept else ""
        raise AssertionError(
            f"{intro}: you took off only the longer substrings that were kept (the guide's rule); TensorFlow Text "
            f"takes off every longer substring's count, kept or not{also}"
        )
    if got < 0 or got < expected:
        raise AssertionError(
            f"{intro}: you took off too much. Take off each longer substring's count as it stands when its turn "
            "comes (after ITS longer substrings were taken off), so no word is taken off twice"
        )
    raise AssertionError(
        f"{intro}: every longer substring starting with {token!r} gives back what it still counts when its turn "
        f"comes; in the end {token!r} keeps only the words in which it runs to the end of the word"
    )


def check_split_points(function: Callable[[str, Collection[str]], Any]) -> None:
    """Check a function ``(word, vocab) -> start positions`` of the greedy split (``None`` if it fails).

    >>> check_split_points(split_points)
    >>> check_split_points(lambda word, vocab: split_points(word, vocab) or list(range(len(word))))
    Traceback (most recent call last):
    ...
    AssertionError: split_points('fishing', ...) gave [0, 1, 2, 3, 4, 5, 6]; expected None: no piece of the vocab matches at some position, so TensorFlow Text skips the word (return None); the seed notebook counted every position instead
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    shells_vocab = {"she", "surf", "in", "i", "##l", "##s", "##he", "##e", "##h", "##t"}
    human_vocab = {"human", "h", "##u", "##m", "##a", "##n", "##s", "##uman", "##man", "##an"}
    cases = [
        ("shells", shells_vocab),
        ("fishing", shells_vocab),
        ("humas", human_vocab),
        ("human", human_vocab),
        ("surfs", shells_vocab),
        ("ihe", shells_vocab),
    ]
    for word, vocab in cases:
        got = _call_allowing_none(function, word, set(vocab))
        expected = split_points(word, vocab)
        if got == expected or (got is not None and expected is not None and _as_ints(got) == expected):
            continue
        intro = f"split_points({word!r}, ...) gave {got!r}; expected {expected!r}"
        if expected is None:
            hint = (
                "no piece of the vocab matches at some position, so TensorFlow Text skips the word (return None); "
                "the seed notebook counted every position instead"
            )
        elif got is None:
            hint = "every position has a match here, so the word can be split (did you forget the `return` line?)"
        elif isinstance(got, (list, tuple)) and got and all(isinstance(item, str) for item in got):
            hint = "return the START POSITIONS of the pieces (ints, from 0), not the pieces themselves"
        elif isinstance(got, (list, tuple)) and got and got[0] != 0:
            hint = "the first piece starts at position 0"
        elif isinstance(got, (list, tuple)) and got and got[-1] == len(word):
            hint = f"list only where pieces start: the end of the word ({len(word)}) is not a start"
        else:
            hint = f"do not count the {JOINER!r} of a piece in its length: {JOINER}l covers one character of the word"
        raise AssertionError(f"{intro}: {hint}")


def _call_allowing_none(function: Any, word: str, vocab: set[str]) -> Any:
    """Call the student's function like ``checks.call``, but ``None`` is a real answer here."""
    exercise = "split points"
    if is_todo(function):
        not_done(exercise)
    if not callable(function):
        raise AssertionError(f"split_points should be a function, but it is a {type(function).__name__}: {function!r}")
    try:
        result = function(word, vocab)
    except NotImplementedError:
        not_done(exercise)
    except Exception as error:  # the student's code crashed: say where, in words
        raise AssertionError(f"split_points({word!r}, ...) crashed with {type(error).__name__}: {error}") from None
    if is_todo(result):
        not_done(exercise)
    return result


def _as_ints(value: Any) -> list[int] | None:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return None
    items = list(value)
    if any(isinstance(item, bool) or not isinstance(item, int) for item in items):
        return None
    return items


def check_threshold_for_size(answer: Any, rounds: TopDownRounds, target: int, slack_ratio: float = 0.05) -> None:
    """Check a threshold whose vocab has between ``target * (1 - slack_ratio)`` and ``target`` tokens.

    >>> rounds = TopDownRounds({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    >>> check_threshold_for_size(5, rounds, 19)
    >>> check_threshold_for_size(4, rounds, 19)
    Traceback (most recent call last):
    ...
    AssertionError: threshold 4 gives 20 tokens, more than 19: raise the threshold (fewer substrings are frequent enough)
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    threshold = require(answer, "a threshold for the target size")
    if isinstance(threshold, bool) or not isinstance(threshold, int):
        raise AssertionError(f"answer with a whole-number threshold (an int), got {type(threshold).__name__}")
    if threshold < 1:
        raise AssertionError(f"a threshold is at least 1, got {threshold}")
    if not isinstance(rounds, TopDownRounds):
        raise TypeError(f"rounds must be a TopDownRounds, got {type(rounds).__name__}")
    size = rounds.size(threshold)
    smallest = target * (1 - slack_ratio)
    if size > target:
        raise AssertionError(
            f"threshold {threshold} gives {size:,} tokens, more than {target:,}: raise the threshold "
            "(fewer substrings are frequent enough)"
        )
    if size < smallest:
        raise AssertionError(
            f"threshold {threshold} gives {size:,} tokens, fewer than {smallest:,.0f} (the target minus "
            f"{slack_ratio:.0%}): lower the threshold"
        )


__all__ = ["check_effective_count", "check_split_points", "check_surviving_substrings", "check_threshold_for_size"]
