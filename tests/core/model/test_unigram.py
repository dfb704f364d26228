"""The Unigram model's n-best list and sampling, against every cut of a word enumerated by hand.

A word's cuts are the paths through its lattice; for short words all of them can be
listed, so the n-best list must be the best of them in order, the sampler must draw each
with probability ``P(cut) ** alpha`` over their sum, and ``cut_probability`` must say so
exactly. (Viterbi itself is checked against Hugging Face in tests/peers/test_unigram_hf.py.)
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib.model import UnigramModel

PIECES = [("<unk>", 0.0), ("a", -1.0), ("b", -1.3), ("ab", -2.0), ("ba", -2.1), ("aba", -2.9), ("bb", -2.6)]
MODEL = UnigramModel(PIECES)


def every_cut(model: UnigramModel, text: str) -> list[tuple[float, tuple[str, ...]]]:
    """All paths through the lattice, each with its total score (by recursion, no dynamic programming)."""
    nodes = model.lattice(text)
    cuts: list[tuple[float, tuple[str, ...]]] = []

    def walk(position: int, pieces: tuple[str, ...], score: float) -> None:
        if position == len(text):
            cuts.append((score, pieces))
            return
        for node in nodes:
            if node.start == position:
                walk(node.end, (*pieces, node.piece), node.score + score)

    walk(0, (), 0.0)
    return cuts


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="abx", min_size=1, max_size=8), n=st.integers(1, 12))
def test_the_n_best_are_the_best_cuts_in_order(text, n):
    cuts = every_cut(MODEL, text)
    best = MODEL.nbest(text, n)
    assert len(best) == min(n, len(cuts))
    assert [cut.score for cut in best] == pytest.approx(sorted((score for score, _ in cuts), reverse=True)[:n])
    assert best[0].pieces == MODEL.best_path(text).pieces and best[0].score == MODEL.best_path(text).score


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet="ab", min_size=1, max_size=7), alpha=st.sampled_from([0.0, 0.3, 1.0, 2.5]))
def test_cut_probabilities_sum_to_one_and_follow_the_scores(text, alpha):
    cuts = every_cut(MODEL, text)
    total = sum(math.exp(alpha * score) for score, _ in cuts)
    for score, pieces in cuts:
        assert MODEL.cut_probability(text, list(pieces), alpha) == pytest.approx(math.exp(alpha * score) / total)
    assert sum(MODEL.cut_probability(text, list(pieces), alpha) for _, pieces in cuts) == pytest.approx(1.0)


@pytest.mark.parametrize(("text", "alpha"), [("abab", 1.0), ("abba", 0.5), ("babab", 0.0), ("aabba", 2.0)])
def test_samples_follow_the_cut_probabilities(text, alpha):
    cuts = every_cut(MODEL, text)
    draws = 20_000
    rng = random.Random(20261126)
    seen: dict[tuple[str, ...], int] = {}
    for _ in range(draws):
        pieces = tuple(MODEL.sample(text, alpha, rng).pieces)
        seen[pieces] = seen.get(pieces, 0) + 1
    assert set(seen) <= {pieces for _, pieces in cuts}
    for _, pieces in cuts:
        expected = MODEL.cut_probability(text, list(pieces), alpha)
        # 20,000 draws: a standard error under 0.0036 for any probability; 5 of them is a generous bound.
        assert abs(seen.get(pieces, 0) / draws - expected) < 5 * math.sqrt(expected * (1 - expected) / draws) + 1e-3


def test_a_large_alpha_gives_the_best_cut_and_zero_gives_every_cut_alike():
    rng = random.Random(7)
    assert {tuple(MODEL.sample("abab", 60.0, rng).pieces) for _ in range(200)} == {
        tuple(MODEL.best_path("abab").pieces)
    }
    cuts = every_cut(MODEL, "abab")
    assert [MODEL.cut_probability("abab", list(pieces), 0.0) for _, pieces in cuts] == pytest.approx(
        [1 / len(cuts)] * len(cuts)
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: MODEL.nbest("ab", 0), "n must be"),
        (lambda: MODEL.sample("ab", -1.0, random.Random(0)), "alpha must be"),
        (lambda: MODEL.sample("ab", 1.0, 3), "rng must be"),
        (lambda: MODEL.cut_probability("ab", ["b", "a"]), "do not spell"),
        (lambda: UnigramModel([("a", -1.0)], unk_id=None).nbest("ab", 2), "unk_id is None"),
        (lambda: UnigramModel([("a", -1.0), ("a", -2.0)]), "listed twice"),
        (lambda: UnigramModel([("a", math.nan)]), "finite number"),
        (lambda: UnigramModel([("a", -1.0)], unk_id=3), "unk_id 3"),
    ],
)
def test_bad_arguments_are_named(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
