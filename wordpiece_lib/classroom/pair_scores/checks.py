"""Checks for notebook 02's exercises: pair counts, the score, the best pair, BPE's pick.

Function exercises run on fresh corpora with the library's own version
counted (refused when it did the work); value exercises accept any pair tied for the best. No failure
message names the expected value: it names the idea that is off.

A worked answer stays out of the docstrings (the installed package carries none); a wrong one:

>>> WORKBOOK.reset()
>>> check_wordpiece_score(lambda pair, left, right: pair / (left * right))
Traceback (most recent call last):
...
AssertionError: wordpiece_score(5, 7, 17) returned a float; the score must be an exact Fraction, so that equal scores stay equal: build it with Fraction(...)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.display import score_table
from wordpiece_lib.classroom.runtime.fresh_inputs import CONSONANTS as _CONSONANTS
from wordpiece_lib.classroom.runtime.fresh_inputs import VOWELS as _VOWELS
from wordpiece_lib.classroom.runtime.fresh_inputs import hug_pug_like_counts
from wordpiece_lib.model import DEFAULT_PREFIX, initial_splits, join_pair
from wordpiece_lib.training import (
    best_candidate,
    likelihood_gain,
    merge_pair,
    pair_counts,
    rank_candidates,
    score_pairs,
    wordpiece_score,
)

WORKBOOK = runtime.Workbook(
    "02 · Which pair should be merged? Scores",
    [
        runtime.Exercise(
            "count_pairs",
            "Your turn 1 · count pairs",
            hints=(
                "zip(pieces, pieces[1:]) gives every pair of neighbouring pieces of one word, repeats included.",
                "A word seen n times adds n to each of its pairs.",
            ),
        ),
        runtime.Exercise(
            "wordpiece_score",
            "Your turn 2 · the score",
            hints=("Fraction(a, b) is the exact fraction a / b.",),
        ),
        runtime.Exercise(
            "best_after_ug",
            "Your turn 3 · pick the winner after one merge",
            hints=(
                "After the merge, recount: the merged pieces are rarer now, and the new token is a piece of its own.",
                "Score = freq(ab) / (freq(a) * freq(b)): a pair whose pieces seldom occur apart scores high.",
            ),
        ),
        runtime.Exercise(
            "bpe_first",
            "Your turn 4 · BPE's choice",
            hints=("Add up, for each pair, the counts of the words it stands in (twice if it stands there twice).",),
        ),
    ],
    answers="pair_scores",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's checks try their functions on inputs of their own.
WORKBOOK.vary_fresh_inputs("count_pairs", "wordpiece_score")

COUNTING_PAIRS = runtime.forbid(pair_counts, score_pairs, score_table)
SCORING = runtime.forbid(wordpiece_score, likelihood_gain)


def _fresh_pair_corpora() -> list[dict[str, int]]:
    rng = runtime.fresh_rng("count_pairs")
    corpora = [runtime.fresh_counts(rng, "abnu", count=6, shortest=2, longest=5) for _ in range(2)]
    corpora.append({"nana": 3, "banana": 2, "xaaa": 4})  # pairs that stand twice in one word
    return corpora


@WORKBOOK.check("count_pairs")
def check_pair_counts(function: Callable[[Mapping[str, Sequence[str]], Mapping[str, int]], Mapping[Any, int]]) -> None:
    """Check a function ``(splits, word_counts) -> {pair: count}`` on fresh corpora.

    A worked answer stays out of this docstring (the installed package carries none); a wrong one:

    >>> WORKBOOK.reset()
    >>> check_pair_counts(lambda splits, counts: {p: 1 for s in splits.values() for p in zip(s, s[1:])})
    Traceback (most recent call last):
    ...
    AssertionError: count_pairs counts the pair ('u', '##b') wrong: a word seen n times adds n to every pair in it
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for counts in _fresh_pair_corpora():
        splits = initial_splits(counts)
        given = {word: list(pieces) for word, pieces in splits.items()}
        got = runtime.call(
            function, given, dict(counts), name="count_pairs", exercise="counting pairs", forbidden=COUNTING_PAIRS
        )
        runtime.in_container(got, dict, "what count_pairs returned", "(left, right) -> count")
        expected = pair_counts(splits, counts)
        extra = [pair for pair in got if pair not in expected]
        if extra:  # first: a pair that never stands side by side is the slip, not the counts
            raise AssertionError(
                f"count_pairs holds {extra[0]!r}, which is not a pair of neighbouring pieces: a pair is a piece and "
                "the piece right after it"
            )
        for pair, count in expected.items():
            value = got.get(pair)
            if value != count and (slip := _known_slip(got, splits, counts)) is not None:
                raise AssertionError(f"count_pairs counts the pair {pair} wrong: {slip}")
            if value is None:
                raise AssertionError(
                    f"count_pairs has no entry for the pair {pair}: use the tuple (left, right) as the key, one for "
                    "every pair of neighbouring pieces"
                )
            if value != count:
                raise AssertionError(
                    f"count_pairs counts the pair {pair} wrong: add, for every word, its count to each pair of "
                    "neighbouring pieces in it (twice if the pair stands twice)"
                )


def _known_slip(got: Mapping[Any, Any], splits: Mapping[str, Sequence[str]], counts: Mapping[str, int]) -> str | None:
    """The idea behind counts that are off (a pair seen twice in a word, a word's first or last pair, the weights)."""

    def counted(pairs_of: Callable[[Sequence[str]], Iterable[tuple[str, str]]], weighted: bool = True) -> dict:
        totals: dict[tuple[str, str], int] = {}
        for word, pieces in splits.items():
            for pair in pairs_of(pieces):
                totals[pair] = totals.get(pair, 0) + (counts[word] if weighted else 1)
        return totals

    def same(other: Mapping[Any, Any]) -> bool:
        return all(got.get(pair, 0) == other.get(pair, 0) for pair in set(got) | set(other))

    if same(counted(lambda pieces: itertools.pairwise(pieces[:-1]))):
        return (
            "each word's LAST pair is missing: the pairs run up to the word's last piece (zip(pieces, pieces[1:]) "
            "stops there by itself)"
        )
    if same(counted(lambda pieces: itertools.pairwise(pieces[1:]))):
        return "each word's FIRST pair is missing: the pairs start with the word's first piece"
    if same(counted(lambda pieces: set(itertools.pairwise(pieces)))):
        return "a pair that stands twice in one word counts twice for that word"
    unweighted = counted(itertools.pairwise, weighted=False)
    if same(unweighted) or (set(got) == set(unweighted) and all(value == 1 for value in got.values())):
        return "a word seen n times adds n to every pair in it"
    return None


@WORKBOOK.check("wordpiece_score")
def check_wordpiece_score(function: Callable[[int, int, int], Any]) -> None:
    """Check a function ``(pair_count, left_count, right_count) -> score`` on fresh counts.

    >>> WORKBOOK.reset()
    >>> check_wordpiece_score(lambda pair, left, right: Fraction(pair, left + right))
    Traceback (most recent call last):
    ...
    AssertionError: wordpiece_score(5, 7, 17) is not 5/24: the two piece counts are multiplied, not added
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    rng = runtime.fresh_rng("wordpiece_score")
    cases = []
    for _ in range(5):
        pair = rng.randint(1, 9)
        cases.append((pair, pair + rng.randint(0, 12), pair + rng.randint(0, 12)))
    cases.append((3, 11, 1))  # 3/11: a float would be rounded
    # counts of a real corpus: the product passes a million, so a float made a Fraction again (limit_denominator,
    # round) cannot come back to the exact score
    pair = rng.randint(2, 9)
    cases.append((pair, 1009 + rng.randint(0, 40) * 2, 997 + rng.randint(0, 40) * 2))
    for pair, left, right in cases:
        got = runtime.call(
            function, pair, left, right, name="wordpiece_score", exercise="the WordPiece score", forbidden=SCORING
        )
        expected = wordpiece_score(pair, left, right)
        shown = f"wordpiece_score({pair}, {left}, {right})"
        if isinstance(got, float):
            raise AssertionError(
                f"{shown} returned a float; the score must be an exact Fraction, so that equal scores stay equal: "
                "build it with Fraction(...)"
            )
        if isinstance(got, bool) or not isinstance(got, (int, Fraction)):
            raise AssertionError(f"wordpiece_score should return a Fraction, got {type(got).__name__}")
        if got == expected:
            continue
        if expected and got == Fraction(float(expected)):
            hint = (
                "that Fraction was built from a float, already rounded by the division: give Fraction the whole "
                "numbers (top, bottom) and let it divide exactly"
            )
        elif expected and (
            abs(got - expected) < expected / 1000
            or any(got == Fraction(float(expected)).limit_denominator(10**digits) for digits in range(1, 7))
        ):
            hint = (
                "that Fraction was rounded on the way (a float, round or limit_denominator): close, but not the "
                "score; give Fraction the whole numbers (top, bottom) and let it divide exactly"
            )
        elif got == Fraction(pair):
            hint = "that is the BPE score (the pair count alone); WordPiece divides by how common each piece is"
        elif expected and got == 1 / expected:
            hint = "the fraction is upside down: the pair count goes on top"
        elif got == Fraction(pair, left + right):
            hint = "the two piece counts are multiplied, not added"
        else:
            hint = "the score is the pair count divided by the product of the two piece counts"
        raise AssertionError(f"{shown} is not {got}: {hint}")


def _as_pair(answer: Any) -> tuple[str, str]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(answer, str):
        raise AssertionError(f"answer with the PAIR of pieces, like ('h', '##u'), not the token {answer!r}")
    pair = runtime.in_container(answer, tuple, "your pair", "(left, right), like ('h', '##u')")
    if len(pair) != 2 or not all(isinstance(piece, str) for piece in pair):
        raise AssertionError(f"answer with a (left, right) pair of two pieces, like ('h', '##u'); got {answer!r}")
    return pair[0], pair[1]


def _not_a_pair(pair: tuple[str, str], pairs: Iterable[tuple[str, str]], splits: Mapping[str, Sequence[str]]) -> str:
    pairs = set(pairs)
    intro = f"{pair} is not a pair of neighbouring pieces in any word of these splits"
    if all(isinstance(part, str) for part in pair) and any(join_pair(*pair) in pieces for pieces in splits.values()):
        return (
            f"{intro}: it was merged already, and its two pieces now stand as one token; score the pairs of the "
            "splits as they are after the merge"
        )
    if (pair[1], pair[0]) in pairs:
        return f"{intro}: a pair is written left piece first, as the two stand in the word (yours is turned round)"
    hint = _prefix_hint(pair, pairs)
    if hint:
        return intro + hint
    return f"{intro}: take the pairs from these splits, the words of this corpus as they stand now"


@WORKBOOK.check("best_after_ug")
def check_best_pair(answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int]) -> None:
    """Check the pair a learner picked as the best WordPiece merge (any pair tied for the best passes).

    >>> WORKBOOK.reset()
    >>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> check_best_pair(("##g", "##s"), initial_splits(counts), counts)
    >>> check_best_pair(("h", "##u"), initial_splits(counts), counts)
    Traceback (most recent call last):
    ...
    AssertionError: ('h', '##u') scores 15/(15*36) = 1/36, but another pair scores higher: compute the score of every pair, not only of the most frequent one
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    pair = _as_pair(runtime.require(answer, "the best pair"))
    candidates = score_pairs(splits, word_counts)
    scores = {c.pair: c for c in candidates}
    best = rank_candidates(candidates)[0]
    if pair not in scores:
        raise AssertionError(_not_a_pair(pair, scores, splits))
    chosen = scores[pair]
    if chosen.score != best.score:
        raise AssertionError(
            f"{pair} scores {chosen.pair_count}/({chosen.left_count}*{chosen.right_count}) = {chosen.score}, "
            "but another pair scores higher: compute the score of every pair, not only of the most frequent one"
        )


@WORKBOOK.check("bpe_first")
def check_score_order(
    answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int], criterion: str
) -> None:
    """Check which pair wins under ``criterion`` (``"wordpiece"`` or ``"bpe"``); any pair tied for the best passes.

    >>> WORKBOOK.reset()
    >>> splits = {"hug": ["h", "##u", "##g"], "hugs": ["h", "##u", "##g", "##s"]}
    >>> check_score_order(("##g", "##s"), splits, {"hug": 10, "hugs": 5}, "wordpiece")
    >>> check_score_order(("##g", "##s"), splits, {"hug": 10, "hugs": 5}, "bpe")
    Traceback (most recent call last):
    ...
    AssertionError: ('##g', '##s') stands 5 times side by side, and another pair more often: BPE looks at the pair count only, not at how common the pieces are
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    pair = _as_pair(runtime.require(answer, f"the best pair under {criterion!r}"))
    candidates = score_pairs(splits, word_counts, criterion)
    scores = {c.pair: c for c in candidates}
    best = best_candidate(candidates)
    if pair not in scores:
        raise AssertionError(_not_a_pair(pair, scores, splits))
    if best is None or scores[pair].score == best.score:
        return
    if criterion == "bpe":
        wordpiece_best = best_candidate(score_pairs(splits, word_counts))
        if wordpiece_best is not None and pair == wordpiece_best.pair:
            raise AssertionError(
                f"{pair} is the pair WordPiece would merge (the best score); BPE ignores how common the pieces are "
                "and takes the pair that stands side by side most often"
            )
        once_a_word = {c.pair: c.pair_count for c in score_pairs(splits, dict.fromkeys(word_counts, 1), criterion)}
        if once_a_word.get(pair) == max(once_a_word.values()):
            raise AssertionError(
                f"{pair} stands in the most distinct words, but each word counts as often as it occurs: a pair "
                "standing in a word seen n times stands there n times; weigh each pair by its words' counts"
            )
        raise AssertionError(
            f"{pair} stands {scores[pair].pair_count} times side by side, and another pair more often: BPE looks at "
            "the pair count only, not at how common the pieces are"
        )
    raise AssertionError(
        f"{pair} scores {scores[pair].score}, and another pair scores higher: WordPiece divides the pair count by "
        "both piece counts"
    )


#: The corpus of *Your turn 3* in the course: the course chapter's five words (Hugging Face LLM course, chapter 6)
#: with ``bug`` for ``bun``. On the chapter's own words, after BPE's favourite merge the most frequent pair is also
#: WordPiece's best, so counting pairs instead of scoring them passed; here the two differ.
AFTER_MERGE_COUNTS = {"hug": 10, "pug": 5, "pun": 12, "bug": 4, "hugs": 5}
#: The corpus of *Your turn 4* in the course: the SELENE notebook's toy document.
BPE_FIRST_COUNTS = {"low": 5, "lower": 2, "newest": 6, "widest": 3, "longer": 1}


def _one_best(candidates: Sequence[Any]) -> Any:
    """The best candidate when no other shares its score, else ``None``."""
    ranked = rank_candidates(candidates)
    return ranked[0] if len(ranked) == 1 or ranked[0].score != ranked[1].score else None


@WORKBOOK.variants("best_after_ug", course={"word_counts": dict(AFTER_MERGE_COUNTS)})
def after_merge_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """Five hug/pug-like words, counts 3 to 14 (18 to 72 in all): one pair most frequent, one best pair after its merge.

    The words share one vowel, as hug, pug, pun, bun and hugs share ``u``, so
    a frequent pair exists to merge; one word is another plus a letter (hugs).
    After the merge, the most frequent pair is not WordPiece's best, so an answer
    that counts pairs instead of scoring them is wrong, as on the course's words.
    """
    while True:
        counts = hug_pug_like_counts(rng)
        splits = initial_splits(counts)
        favourite = _one_best(score_pairs(splits, counts, "bpe"))
        if favourite is None:
            continue
        merged = merge_pair(splits, favourite.pair, join_pair(*favourite.pair))
        best = _one_best(score_pairs(merged, counts))
        frequent = rank_candidates(score_pairs(merged, counts, "bpe"))[0]
        if best is not None and best.pair != frequent.pair:
            return {"word_counts": counts}


@WORKBOOK.variants("bpe_first", course={"word_counts": dict(BPE_FIRST_COUNTS)})
def bpe_first_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """A toy document like SELENE's: five words from three stems and two endings, counts 1 to 7, one most frequent pair."""
    while True:
        stems = list(
            dict.fromkeys(rng.choice(_CONSONANTS) + rng.choice(_VOWELS) + rng.choice(_CONSONANTS) for _ in range(3))
        )
        endings = [rng.choice(_VOWELS) + rng.choice(_CONSONANTS) for _ in range(2)]
        if len(stems) < 3 or endings[0] == endings[1]:
            continue
        words = list(dict.fromkeys(rng.choice(stems) + rng.choice(["", *endings]) for _ in range(12)))[:5]
        counts = {word: rng.randint(1, 7) for word in words}
        if (
            len(counts) == 5
            and 9 <= sum(counts.values()) <= 34
            and _one_best(score_pairs(initial_splits(counts), counts, "bpe"))
        ):
            return {"word_counts": counts}


def _prefix_hint(pair: tuple[Any, ...], pairs: Iterable[tuple[str, str]]) -> str:
    """A hint when ``pair`` exists once the inner piece(s) carry the ``##`` prefix.

    >>> _prefix_hint(("l", "o"), [("l", "##o")])
    ": pieces inside a word carry the '##' prefix (and the first piece of a word does not)"
    """
    pairs = set(pairs)
    left, right = (str(part) for part in pair)
    bare = [part.removeprefix(DEFAULT_PREFIX) for part in (left, right)]
    for shape in ((bare[0], DEFAULT_PREFIX + bare[1]), (DEFAULT_PREFIX + bare[0], DEFAULT_PREFIX + bare[1])):
        if shape != (left, right) and shape in pairs:
            return (
                f": pieces inside a word carry the {DEFAULT_PREFIX!r} prefix (and the first piece of a word does not)"
            )
    return ""


__all__ = [
    "AFTER_MERGE_COUNTS",
    "BPE_FIRST_COUNTS",
    "WORKBOOK",
    "after_merge_variant",
    "bpe_first_variant",
    "check_best_pair",
    "check_pair_counts",
    "check_score_order",
    "check_wordpiece_score",
    "progress",
    "show_answer",
]
