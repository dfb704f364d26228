"""The fast trainer makes exactly the reference trainer's merges.

Differential tests (hypothesis) on corpora built to tie a lot, the seeds'
printed vocabs, and the book (identical to the reference for a few hundred
merges; run to the end with invariants checked).
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.test_seeds import COURSE_VOCAB_70  # the course chapter's printed vocab, kept once
from wordpiece_lib import (
    PairStats,
    WordCounts,
    alphabet,
    best_candidate,
    initial_splits,
    join_pair,
    merge_pair,
    pair_counts,
    rank_candidates,
    score_pairs,
    train_bottom_up,
    train_fast,
)
from wordpiece_lib.data import datasets

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

# ----------------------------------------------------------------- strategies

LETTERS = st.sampled_from(["ab", "ab", "abc", "aA", "xyz"])


@st.composite
def corpora(draw: st.DrawFn) -> dict:
    """A small corpus built for ties: tiny alphabets, repeated words, equal counts, long words, huge counts."""
    letters = draw(LETTERS)
    short = st.text(alphabet=letters, min_size=1, max_size=6)
    long = st.text(alphabet=letters[:2], min_size=20, max_size=30)
    single = st.sampled_from(list(letters))
    word = st.one_of(short, short, short, single, long)
    words = draw(st.lists(word, min_size=1, max_size=8))
    counts = draw(
        st.one_of(
            st.lists(st.just(1), min_size=len(words), max_size=len(words)),
            st.lists(st.sampled_from([1, 2, 4]), min_size=len(words), max_size=len(words)),
            st.lists(st.integers(1, 40), min_size=len(words), max_size=len(words)),
            # Huge counts: the queue rounds guest counts to three leading bits, which small counts barely exercise.
            st.lists(st.integers(1, 10**7), min_size=len(words), max_size=len(words)),
        )
    )
    pairs = list(zip(words, counts, strict=True))  # repeated words add up
    style = draw(st.sampled_from(["prefix", "prefix", "marker"]))
    options: dict = {"prefix": "##", "marker": None} if style == "prefix" else {"marker": "_"}
    specials = draw(st.sampled_from([[], ["[UNK]"], ["[UNK]", letters[0]], [letters[:2]]]))
    start = len(
        set(specials) | set(alphabet((w for w, _ in pairs), options.get("prefix", "##"), marker=options["marker"]))
    )
    extra = draw(st.one_of(st.integers(0, 12), st.just(1000)))  # 1000: run until every word is whole
    return {"word_counts": pairs, "vocab_size": start + extra, "special_tokens": specials, **options}


def assert_same_run(corpus: dict, **options: object) -> None:
    reference = train_bottom_up(**corpus, **options)
    fast = train_fast(**corpus, **options)
    assert fast.steps == reference.steps  # pairs, tokens, exact scores, counts, vocab sizes, candidates
    assert fast.tokens() == reference.tokens()
    assert fast.stop_reason == reference.stop_reason
    assert (fast.alphabet, fast.special_tokens, fast.word_counts) == (
        reference.alphabet,
        reference.special_tokens,
        reference.word_counts,
    )


SETTINGS = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(corpora())
def test_wordpiece_first_matches_reference(corpus):
    assert_same_run(corpus, tie_break="first")


@SETTINGS
@given(corpora())
def test_wordpiece_lexical_matches_reference(corpus):
    assert_same_run(corpus, tie_break="lexical")


@SETTINGS
@given(corpora(), st.sampled_from(["first", "lexical"]))
def test_bpe_matches_reference(corpus, tie_break):
    assert_same_run(corpus, criterion="bpe", tie_break=tie_break)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora(), st.sampled_from(["first", "lexical"]), st.sampled_from(["wordpiece", "bpe"]), st.integers(1, 6))
def test_top_k_candidates_match_reference(corpus, tie_break, criterion, top_k):
    assert_same_run(corpus, tie_break=tie_break, criterion=criterion, top_k=top_k)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    corpora(),
    st.sampled_from(["wordpiece", "bpe"]),
    st.sampled_from(["first", "lexical"]),
    st.booleans(),
    st.lists(st.integers(0, 10**6), max_size=25),
)
def test_pair_stats_follow_any_merge_order(corpus, criterion, tie_break, ranks, choices):
    """Merging pairs picked at random (not the best), counts, best pair and ranks stay those of a recount."""
    counts = WordCounts.from_pairs(corpus["word_counts"])
    marker = corpus.get("marker")
    splits = initial_splits(counts, marker=marker)
    stats = PairStats(splits.values(), counts.values(), criterion=criterion, tie_break=tie_break, ranks=ranks)
    for choice in choices:
        candidates = score_pairs(splits, counts, criterion)
        best = best_candidate(candidates, tie_break)
        offered = stats.best()
        if best is None:
            assert offered is None
            break
        assert offered == (best.pair, best.pair_count, best.left_count, best.right_count)
        ranked = rank_candidates(candidates, tie_break)[:3]
        assert [c.pair for c in stats.top(3)] == [c.pair for c in ranked]
        assert stats.first_seen_ranks(c.pair for c in ranked) == {c.pair: c.first_seen for c in ranked}
        pair = candidates[choice % len(candidates)].pair
        new_token = join_pair(*pair, marker=marker)
        if new_token in pair:
            continue
        stats.merge(*pair, new_token)
        splits = merge_pair(splits, pair, new_token)
        assert stats.splits() == list(splits.values())
        assert len(stats) == len(pair_counts(splits, counts))


# ---------------------------------------------------------------------- seeds


def test_hug_pug_course_steps():
    trace = train_fast(datasets.hug_pug_counts(), 10, special_tokens=[])
    # The course: ("##g", "##s") wins at 1/20; then ("h", "##u") at 1/36 (every pair with ##u scores 1/36).
    assert (trace.steps[0].pair, trace.steps[0].score) == (("##g", "##s"), Fraction(1, 20))
    assert (trace.steps[1].pair, trace.steps[1].score) == (("h", "##u"), Fraction(1, 36))
    # Third step by hand (the course's text slips here): freq(hu) = 15, freq(##g) = 15 (hug and pug),
    # freq(##gs) = 5, so (hu, ##gs) = 5/75 = 1/15 beats (hu, ##g) = 10/225.
    assert (trace.steps[2].new_token, trace.steps[2].score) == ("hugs", Fraction(1, 15))
    assert trace.tokens() == ["##g", "##n", "##s", "##u", "b", "h", "p", "##gs", "hu", "hugs"]


PIPELINE_VOCAB_100 = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "!", "##3", "##a", "##b", "##c", "##d", "##e", "##f", "##g",
    "##h", "##i", "##j", "##k", "##l", "##m", "##n", "##o", "##p", "##r", "##s", "##t", "##u", "##v", "##w",
    "##x", "##y", "'", ",", ".", "2", ":", "?", "C", "D", "F", "G", "I", "K", "O", "P", "R", "b", "c", "d", "e",
    "f", "g", "h", "i", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "v", "w", "y", "z", "ex", "kw", "Kw",
    "tw", "Im", "Ob", "Obj", "Dj", "ob", "obj", "dj", "exc", "##ck", "py", "Py", "Cy", "Du", "Fu", "Imp", "sh",
    "wh", "##cks", "##cksd", "sc", "##pb", "##mb", "##mbd", "##yp", "##mp", "imp", "##mm", "##py",
]  # fmt: skip


@pytest.mark.parametrize(
    ("counts", "size", "expected"),
    [(datasets.course_counts, 70, COURSE_VOCAB_70), (datasets.pipeline_counts, 100, PIPELINE_VOCAB_100)],
    ids=["course-70", "pipeline-100"],
)
def test_seed_vocabs(counts, size, expected):
    """The vocabs the course chapter and the pipeline notebook print."""
    assert train_fast(counts(), size).tokens() == expected


@pytest.mark.parametrize("tie_break", ["first", "lexical"])
@pytest.mark.parametrize("counts", [datasets.course_counts, datasets.pipeline_counts, datasets.selene_counts])
def test_seed_corpora_to_the_end(counts, tie_break):
    assert_same_run({"word_counts": counts(), "vocab_size": 10_000}, tie_break=tie_break)


def test_a_merge_that_rebuilds_a_known_token_adds_no_token():
    corpus = {"word_counts": datasets.hug_pug_counts(), "vocab_size": 11, "special_tokens": ["[UNK]", "##gs"]}
    trace = train_fast(**corpus)
    # 1 special + 7 letters + "##gs" (already special): the first merge is a step without a new token.
    assert (trace.steps[0].new_token, trace.steps[0].vocab_size) == ("##gs", 9)
    assert trace.tokens().count("##gs") == 1
    assert_same_run(corpus)


def test_article_marker_style_to_the_end():
    assert_same_run({"word_counts": datasets.article_counts(), "vocab_size": 100, "marker": "_", "special_tokens": []})


# ----------------------------------------------------------------------- book


@pytest.fixture(scope="module", params=[False, True], ids=["cased", "lowercased"])
def book_counts(request, book_text):
    return WordCounts.from_texts(book_text, lowercase=request.param)


def test_book_first_merges_match_reference(book_counts):
    start = len(set(alphabet(book_counts)) | {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"})
    size = start + 150
    reference = train_bottom_up(book_counts, size)
    fast = train_fast(book_counts, size)
    assert fast.steps == reference.steps
    assert fast.tokens() == reference.tokens()


@pytest.mark.parametrize("tie_break", ["first", "lexical"])
def test_book_to_the_end(book_counts, tie_break):
    trace = train_fast(book_counts, 1_000_000, tie_break=tie_break)
    assert trace.stop_reason == "every word is a single token: nothing left to merge"
    tokens = trace.tokens()
    assert len(tokens) == len(set(tokens)) == trace.steps[-1].vocab_size
    assert set(book_counts) <= set(tokens)  # every word (prefix style: its own text) is a token
    final = trace.splits_at(len(trace.steps), list(book_counts)[::7])
    assert all(pieces == [word] for word, pieces in final.items())
    # Each step adds a token exactly when it is new; scores and counts agree with each other.
    seen = set(trace.special_tokens) | set(trace.alphabet)
    for step in trace.steps[::101]:
        assert step.score == Fraction(step.pair_count, step.left_count * step.right_count)
    for step in trace.steps:
        seen.add(step.new_token)
        assert step.vocab_size == len(seen)


def test_book_agrees_with_its_own_counts(book_counts):
    """After each of the first merges, the reported counts are the counts of the corpus at that point."""
    trace = train_fast(book_counts, 400, tie_break="first")
    stats = PairStats(trace.splits_at(0).values(), book_counts.values())
    for step in trace.steps[:60]:
        assert step.pair_count == stats.pair_count(step.pair)
        assert (step.left_count, step.right_count) == (stats.piece_count(step.pair[0]), stats.piece_count(step.pair[1]))
        stats.merge(*step.pair, step.new_token)
    assert stats.splits() == list(trace.splits_at(60).values())


# ------------------------------------------------------------- behaviour, API


def test_progress_reports_every_merge_like_the_reference():
    calls_fast: list[tuple[int, int]] = []
    calls_reference: list[tuple[int, int]] = []
    train_fast(datasets.pipeline_counts(), 120, progress=lambda done, planned: calls_fast.append((done, planned)))
    train_bottom_up(datasets.pipeline_counts(), 120, progress=lambda d, p: calls_reference.append((d, p)))
    assert calls_fast == calls_reference
    assert [done for done, _ in calls_fast] == list(range(1, len(calls_fast) + 1))


def test_same_result_under_every_hash_seed():
    script = (
        "from wordpiece_lib.data import datasets\n"
        "from wordpiece_lib.training.fast_bottom_up import train_fast\n"
        "corpus = [('abab', 1), ('ba', 1), ('abba', 1), ('b', 2), ('aab', 1), ('bab', 1)]\n"
        "for tie in ('first', 'lexical'):\n"
        "    print(train_fast(corpus, 100, tie_break=tie).merges)\n"
        "    print(train_fast(datasets.pipeline_counts(), 300, tie_break=tie).merges)\n"
    )
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=REPO_ROOT, check=True
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1


def test_likelihood_points_to_the_reference():
    with pytest.raises(ValueError, match="train_bottom_up"):
        train_fast(datasets.hug_pug_counts(), 20, criterion="likelihood")


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"criterion": "score"}, ValueError, "criterion"),
        ({"tie_break": "random"}, ValueError, "tie_break"),
        ({"top_k": -1}, ValueError, "top_k"),
        ({"top_k": 1.5}, TypeError, "top_k"),
        ({"vocab_size": 3}, ValueError, "vocab_size"),
        ({"vocab_size": "20"}, TypeError, "vocab_size"),
        ({"word_counts": {}}, ValueError, "empty"),
        ({"word_counts": "hug"}, TypeError, "word_counts"),
        ({"word_counts": {"##a": 1}}, ValueError, "prefix"),
        ({"special_tokens": ["[UNK]", 3]}, TypeError, "special_tokens"),
        ({"progress": "bar"}, TypeError, "progress"),
    ],
)
def test_bad_arguments_are_named(kwargs, error, match):
    arguments = {"word_counts": datasets.hug_pug_counts(), "vocab_size": 20, **kwargs}
    with pytest.raises(error, match=match):
        train_fast(**arguments)


def test_merge_rejects_a_token_equal_to_its_parts():
    stats = PairStats([["a", "##b"]], [1])
    with pytest.raises(ValueError, match="new_token"):
        stats.merge("a", "##b", "a")


@pytest.mark.parametrize(
    ("splits", "counts", "error", "match"),
    [
        ([["a", "##b"]], [0], ValueError, r"counts\[0\]"),
        ([["a", "##b"]], ["2"], TypeError, r"counts\[0\]"),
        ([["a", "##b"], []], [1, 1], ValueError, r"splits\[1\]"),
        ([["a", ""]], [1], ValueError, r"splits\[0\]"),
        ([["a", 7]], [1], TypeError, r"splits\[0\]"),
        ([["a", "##b"]], [1, 2], ValueError, "shorter|longer"),
    ],
)
def test_pair_stats_rejects_bad_input(splits, counts, error, match):
    with pytest.raises(error, match=match):
        PairStats(splits, counts)
