"""Pair statistics and the three ways to rank a merge.

For the current splits of every word (weighted by the word's count):

* ``freq(a)``: how often piece ``a`` occurs; ``freq(ab)``: how often ``a`` is
  directly followed by ``b`` (overlaps count: ``##a ##a ##a`` holds the pair
  ``(##a, ##a)`` twice);
* **wordpiece**: ``freq(ab) / (freq(a) * freq(b))``;
* **bpe**: ``freq(ab)``;
* **likelihood**: the article seed's likelihood ratio
  ``L_new / L_old = (P(ab) / (P(a) P(b))) ** freq(ab)`` with
  ``P(x) = freq(x) / N`` over the ``N`` pieces and ``P(ab) = freq(ab) / N_pairs``
  over the ``N_pairs`` adjacent pairs.

Scores are ``fractions.Fraction`` so that equal scores are equal, and ties are
broken by a named policy, never by floating-point noise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from .._validate import check_choice, check_count, check_mapping, check_splits

CRITERIA = ("wordpiece", "bpe", "likelihood")
TIE_BREAKS = ("first", "lexical")

Pair = tuple[str, str]
Splits = Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class Candidate:
    """One pair that could be merged next, with the counts behind its score.

    ``first_seen`` is the rank of the pair's first occurrence when reading the
    words in first-seen order, left to right (the ``"first"`` tie-break).
    """

    pair: Pair
    pair_count: int
    left_count: int
    right_count: int
    score: Fraction
    first_seen: int

    @property
    def score_float(self) -> float:
        """The score as a float, for display (``inf`` if too large)."""
        return display_float(self.score)


def display_float(score: Fraction) -> float:
    """An exact score as a float for display; ``inf`` when it is too large.

    Likelihood gains are powers and can exceed the float range.

    >>> display_float(Fraction(1, 20)), display_float(Fraction(10) ** 400)
    (0.05, inf)
    """
    try:
        return float(score)
    except OverflowError:
        return float("inf")


def _check_splits_and_counts(splits: Any, word_counts: Any) -> None:
    check_splits(splits)
    check_mapping(word_counts, "word_counts", "a dict word -> count (or a WordCounts)")
    missing = next((word for word in splits if word not in word_counts), None)
    if missing is not None:
        raise ValueError(f"splits has the word {missing!r}, which word_counts does not count")


def piece_counts(splits: Splits, word_counts: Mapping[str, int]) -> dict[str, int]:
    """``freq(piece)`` over the current splits, in first-seen order.

    >>> piece_counts({"hug": ["h", "##u", "##g"], "pug": ["p", "##u", "##g"]}, {"hug": 10, "pug": 5})
    {'h': 10, '##u': 15, '##g': 15, 'p': 5}
    """
    _check_splits_and_counts(splits, word_counts)
    counts: dict[str, int] = {}
    for word, pieces in splits.items():
        # Each distinct word is cut once, but it stands in the corpus `count` times: every piece of it
        # counts that often. Working on distinct words is what makes training fast enough to follow.
        count = word_counts[word]
        for piece in pieces:
            counts[piece] = counts.get(piece, 0) + count
    return counts


def pair_counts(splits: Splits, word_counts: Mapping[str, int]) -> dict[Pair, int]:
    """``freq(a, b)`` for every adjacent pair, in first-seen order.

    >>> pair_counts({"hug": ["h", "##u", "##g"], "pug": ["p", "##u", "##g"]}, {"hug": 10, "pug": 5})
    {('h', '##u'): 10, ('##u', '##g'): 15, ('p', '##u'): 5}
    """
    _check_splits_and_counts(splits, word_counts)
    counts: dict[Pair, int] = {}
    for word, pieces in splits.items():
        count = word_counts[word]
        # Only neighbours inside one word: a merge never joins pieces across a space. Overlapping pairs all
        # count ("##a ##a ##a" holds (##a, ##a) twice), which is what Hugging Face's trainer counts too.
        for pair in pairwise(pieces):
            counts[pair] = counts.get(pair, 0) + count
    return counts


def wordpiece_score(pair_count: int, left_count: int, right_count: int) -> Fraction:
    """``freq(ab) / (freq(a) * freq(b))``, exactly.

    >>> wordpiece_score(5, 20, 5)
    Fraction(1, 20)
    """
    check_count(pair_count, "pair_count")
    check_count(left_count, "left_count")
    check_count(right_count, "right_count")
    # How much more often a and b stand side by side than if pieces were drawn independently (up to a constant
    # factor): BPE's frequency alone favours pairs of common pieces ("e" + "##s"), this ratio favours pairs
    # whose parts are rarely seen apart. A Fraction, not a float: two equal scores must compare equal.
    return Fraction(int(pair_count), int(left_count) * int(right_count))


def likelihood_gain(
    pair_count: int, left_count: int, right_count: int, total_pieces: int, total_pairs: int
) -> Fraction:
    """The article's ``L_new / L_old`` for merging one pair, exactly.

    The toy corpus ``low lower newest widest`` with a begin-of-word marker has
    24 pieces and 20 pairs; ``lo`` occurs twice, ``l`` and ``o`` twice each:

    >>> float(likelihood_gain(2, 2, 2, total_pieces=24, total_pairs=20))
    207.36
    """
    for value, name in (
        (pair_count, "pair_count"),
        (left_count, "left_count"),
        (right_count, "right_count"),
        (total_pieces, "total_pieces"),
        (total_pairs, "total_pairs"),
    ):
        check_count(value, name)
    # Merging replaces freq(ab) occurrences of "a then b" (probability P(a) P(b) each under a model of
    # independent pieces) by one piece ab (probability P(ab)). The likelihood of the corpus changes by that
    # ratio once per occurrence, hence the power. Its base is the WordPiece score times N^2 / N_pairs, the
    # same for every pair of one step: that is why ranking by the WordPiece score is ranking by likelihood
    # gain when the power is left out (the article's argument; notebook 02 works it through).
    ratio = Fraction(pair_count * total_pieces * total_pieces, total_pairs * left_count * right_count)
    return ratio**pair_count


def score_pairs(splits: Splits, word_counts: Mapping[str, int], criterion: str = "wordpiece") -> list[Candidate]:
    """Every adjacent pair with its counts and score, in first-seen order.

    >>> [(c.pair, c.score) for c in score_pairs({"hug": ["h", "##u", "##g"]}, {"hug": 2})]
    [(('h', '##u'), Fraction(1, 2)), (('##u', '##g'), Fraction(1, 2))]
    """
    check_choice(criterion, "criterion", CRITERIA)
    pieces = piece_counts(splits, word_counts)
    pairs = pair_counts(splits, word_counts)
    # The totals matter only to the likelihood criterion, where P(x) = freq(x) / N; the other two are ratios
    # of counts alone.
    total_pieces = sum(pieces.values())
    total_pairs = sum(pairs.values())
    candidates = []
    # `pairs` keeps first-seen order, so the position is the "first" tie-break's rank, recorded for free.
    for rank, ((left, right), count) in enumerate(pairs.items()):
        left_count, right_count = pieces[left], pieces[right]
        if criterion == "wordpiece":
            score = wordpiece_score(count, left_count, right_count)
        elif criterion == "bpe":
            score = Fraction(count)
        else:
            score = likelihood_gain(count, left_count, right_count, total_pieces, total_pairs)
        candidates.append(Candidate((left, right), count, left_count, right_count, score, rank))
    return candidates


def ranking_key(candidate: Candidate, tie_break: str) -> tuple[Any, ...]:
    """Sort key: best score first, ties broken by ``tie_break``.

    ``"first"``: the pair met first reading the words in first-seen order;
    ``"lexical"``: the alphabetically smallest ``(left, right)``.
    """
    # Negated scores so that an ascending sort puts the best first. Ties are real (exact Fractions), so the
    # second key decides them, by a rule a learner can name, never by the order a hash table happened to use.
    if tie_break == "first":
        return (-candidate.score, candidate.first_seen)
    return (-candidate.score, candidate.pair)


def _check_candidates(candidates: Any) -> None:
    if isinstance(candidates, (str, bytes)) or not isinstance(candidates, Iterable):
        raise TypeError(f"candidates must be a list of Candidate (from score_pairs), got {type(candidates).__name__}")
    for position, candidate in enumerate(candidates):
        if not isinstance(candidate, Candidate):
            raise TypeError(f"candidates[{position}] must be a Candidate, got {type(candidate).__name__}")


def rank_candidates(candidates: Sequence[Candidate], tie_break: str = "first") -> list[Candidate]:
    """Candidates sorted best first under a tie-break policy.

    >>> ranked = rank_candidates(score_pairs({"ab": ["a", "##b"], "cd": ["c", "##d"]}, {"ab": 1, "cd": 1}), "lexical")
    >>> [c.pair for c in ranked]
    [('a', '##b'), ('c', '##d')]
    """
    check_choice(tie_break, "tie_break", TIE_BREAKS)
    _check_candidates(candidates)
    return sorted(candidates, key=lambda candidate: ranking_key(candidate, tie_break))


def best_candidate(candidates: Sequence[Candidate], tie_break: str = "first") -> Candidate | None:
    """The pair to merge next, or ``None`` when nothing is left to merge.

    >>> best_candidate([]) is None
    True
    """
    check_choice(tie_break, "tie_break", TIE_BREAKS)
    _check_candidates(candidates)
    if not candidates:
        return None
    # min over the ranking key, not a sort: one pass picks the same pair that rank_candidates would put first.
    return min(candidates, key=lambda candidate: ranking_key(candidate, tie_break))


__all__ = [
    "CRITERIA",
    "TIE_BREAKS",
    "Candidate",
    "Pair",
    "Splits",
    "best_candidate",
    "display_float",
    "likelihood_gain",
    "pair_counts",
    "piece_counts",
    "rank_candidates",
    "ranking_key",
    "score_pairs",
    "wordpiece_score",
]
