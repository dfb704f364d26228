"""Checks for notebook 02's exercises: pair counts, the score, the best pair, the score order.

>>> check_wordpiece_score(lambda pair, left, right: Fraction(pair, left * right))
>>> check_wordpiece_score(lambda pair, left, right: pair / (left + right))
Traceback (most recent call last):
...
AssertionError: wordpiece_score(20, 36, 20) returned 0.35714... (a float); the score must be an exact Fraction: ...
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from wordpiece_lib.classroom.exercise import call, require
from wordpiece_lib.pieces import DEFAULT_PREFIX, initial_splits
from wordpiece_lib.scores import best_candidate, pair_counts, rank_candidates, score_pairs, wordpiece_score


def check_pair_counts(function: Callable[[Mapping[str, Sequence[str]], Mapping[str, int]], Mapping[Any, int]]) -> None:
    """Check a function ``(splits, word_counts) -> {pair: count}``.

    >>> from wordpiece_lib.scores import pair_counts
    >>> check_pair_counts(pair_counts)
    >>> check_pair_counts(lambda splits, counts: {p: 1 for s in splits.values() for p in zip(s, s[1:])})
    Traceback (most recent call last):
    ...
    AssertionError: Your count for ('h', '##u') is 1; expected 15: each pair counts as many times as its word occurs (hug x10, hugs x5)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    counts = {"hug": 10, "pug": 5, "hugs": 5, "xaaa": 2}
    splits = initial_splits(counts)
    got = call(function, splits, counts, name="count_pairs", exercise="counting pairs")
    if not isinstance(got, Mapping):
        raise AssertionError(f"count_pairs should return a dict (left, right) -> count, got {type(got).__name__}")
    expected = pair_counts(splits, counts)
    for pair, count in expected.items():
        value = got.get(pair, got.get(f"{pair[0]} {pair[1]}"))
        if value is None:
            raise AssertionError(f"the pair {pair} is missing: use the tuple (left, right) as the key")
        if value != count:
            holders = ", ".join(
                f"{word} x{counts[word]}" for word, pieces in splits.items() if pair in itertools.pairwise(pieces)
            )
            hint = (
                "a pair that occurs twice in one word counts twice (xaaa holds ##a ##a twice)"
                if pair == ("##a", "##a")
                else f"each pair counts as many times as its word occurs ({holders})"
            )
            raise AssertionError(f"Your count for {pair} is {value}; expected {count}: {hint}")
    extra = [pair for pair in got if pair not in expected and not isinstance(pair, str)]
    if extra:
        raise AssertionError(f"your counts hold pairs that are not adjacent in any word: {extra[:5]}")


def check_wordpiece_score(function: Callable[[int, int, int], Any]) -> None:
    """Check a function ``(pair_count, left_count, right_count) -> score``.

    >>> check_wordpiece_score(lambda pair, left, right: Fraction(pair) / (left * right))
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    cases = [(20, 36, 20), (5, 20, 5), (10, 10, 36), (4, 4, 4)]
    for pair, left, right in cases:
        got = call(function, pair, left, right, name="wordpiece_score", exercise="the WordPiece score")
        expected = wordpiece_score(pair, left, right)
        if isinstance(got, float):
            raise AssertionError(
                f"wordpiece_score({pair}, {left}, {right}) returned {got:.5f}... (a float); the score must be an "
                "exact Fraction: use Fraction(pair_count, left_count * right_count) so that ties stay ties"
            )
        if not isinstance(got, (int, Fraction)):
            raise AssertionError(f"wordpiece_score should return a Fraction, got {type(got).__name__}")
        if got != expected:
            if got == Fraction(pair):
                hint = "that is the BPE score (the pair count alone); divide by both piece counts"
            elif got == Fraction(left * right, pair):
                hint = "the fraction is upside down: the pair count goes on top"
            else:
                hint = "the score is pair_count / (left_count * right_count)"
            raise AssertionError(f"wordpiece_score({pair}, {left}, {right}) is {got}; expected {expected}: {hint}")


def check_best_pair(answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int]) -> None:
    """Check the pair a student picked as the best WordPiece merge.

    Any pair tied for the best score is accepted (the tie-break is a choice).

    >>> check_best_pair(("##g", "##s"), {"hugs": ["h", "##u", "##g", "##s"], "hug": ["h", "##u", "##g"]}, {"hugs": 1, "hug": 3})
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    pair = tuple(require(answer, "the best pair"))
    candidates = score_pairs(splits, word_counts)
    scores = {c.pair: c for c in candidates}
    best = rank_candidates(candidates)[0]
    if len(pair) != 2:
        raise AssertionError(f"answer with a (left, right) pair of two pieces, like ('h', '##u'); got {answer!r}")
    if pair not in scores:
        raise AssertionError(
            f"{pair} is not a pair of adjacent pieces in any word{_prefix_hint(pair, scores)}; "
            f"the pairs are {list(scores)[:6]} ..."
        )
    chosen = scores[pair]
    if chosen.score != best.score:
        raise AssertionError(
            f"{pair} scores {chosen.pair_count}/({chosen.left_count}*{chosen.right_count}) = {chosen.score}, "
            f"but a pair scores higher: compute the score of every pair, not just the most frequent one"
        )


def check_score_order(
    answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int], criterion: str
) -> None:
    """Check which pair wins under ``criterion`` (``"wordpiece"`` or ``"bpe"``).

    >>> splits = {"hug": ["h", "##u", "##g"], "hugs": ["h", "##u", "##g", "##s"]}
    >>> check_score_order(("##g", "##s"), splits, {"hug": 10, "hugs": 5}, "wordpiece")
    >>> check_score_order(("##g", "##s"), splits, {"hug": 10, "hugs": 5}, "bpe")
    Traceback (most recent call last):
    ...
    AssertionError: Under 'bpe', ('##g', '##s') scores 5 but ('h', '##u') scores 15: BPE looks at the pair count only
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    pair = tuple(require(answer, f"the best pair under {criterion!r}"))
    candidates = score_pairs(splits, word_counts, criterion)
    scores = {c.pair: c.score for c in candidates}
    best = best_candidate(candidates)
    if len(pair) != 2:
        raise AssertionError(f"answer with a (left, right) pair of two pieces, like ('h', '##u'); got {answer!r}")
    if pair not in scores:
        raise AssertionError(f"{pair} is not a pair of adjacent pieces in any word{_prefix_hint(pair, scores)}")
    if best is not None and scores[pair] != best.score:
        why = "BPE looks at the pair count only" if criterion == "bpe" else "WordPiece divides by both piece counts"
        raise AssertionError(
            f"Under {criterion!r}, {pair} scores {scores[pair]} but {best.pair} scores {best.score}: {why}"
        )


def _prefix_hint(pair: tuple[Any, ...], pairs: Iterable[tuple[str, str]]) -> str:
    """A hint when ``pair`` exists once the inner piece(s) carry the ``##`` prefix.

    >>> _prefix_hint(("l", "o"), [("l", "##o")])
    ": pieces inside a word carry the '##' prefix, so write ('l', '##o')"
    """
    pairs = set(pairs)
    left, right = (str(part) for part in pair)
    bare = [part.removeprefix(DEFAULT_PREFIX) for part in (left, right)]
    for shape in ((bare[0], DEFAULT_PREFIX + bare[1]), (DEFAULT_PREFIX + bare[0], DEFAULT_PREFIX + bare[1])):
        if shape != (left, right) and shape in pairs:
            return f": pieces inside a word carry the {DEFAULT_PREFIX!r} prefix, so write {shape}"
    return ""


__all__ = ["check_best_pair", "check_pair_counts", "check_score_order", "check_wordpiece_score"]
