"""The three Hugging Face trainer options in every learner: checked by hand, fast = readable, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import WordCounts, train_bottom_up, train_bpe, train_fast, train_top_down
from wordpiece_lib.training import kept_characters, prepare_words

HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
WORDS = st.text(st.sampled_from("abcdeéz"), min_size=1, max_size=6)
CORPORA = st.dictionaries(WORDS, st.integers(1, 30), min_size=1, max_size=12)


def test_by_hand_min_frequency_passes_over_rare_pairs_under_the_wordpiece_score():
    # The first WordPiece merge is ##g ##s (5 / (20 * 5)); with min_frequency=6 it is not allowed,
    # and the best pair seen at least 6 times is h ##u (15 / (15 * 36)).
    assert train_fast(HUG_PUG, 100, special_tokens=[]).merges[0] == ("##g", "##s")
    trace = train_fast(HUG_PUG, 100, special_tokens=[], min_frequency=6)
    assert trace.merges[0] == ("h", "##u")
    assert all(step.pair_count >= 6 for step in trace.steps)


def test_by_hand_the_alphabet_limit_counts_every_occurrence():
    # u 36, g 20, p 17, n 16, h 15, s 5, b 4: three characters keep u, g, p; only "pug" is spelled with them.
    assert kept_characters(HUG_PUG, 3) == ["g", "p", "u"]
    trace = train_fast(HUG_PUG, 100, special_tokens=[], limit_alphabet=3)
    assert dict(trace.word_counts) == {"pug": 5}
    assert trace.tokens() == ["##g", "##u", "p", "pu", "pug"]
    # A tie at the limit goes to the smaller code point: b and c both occur once.
    assert kept_characters({"ab": 2, "c": 1}, 2) == ["a", "b"]


def test_initial_characters_come_first_and_take_places_under_the_limit():
    assert kept_characters(HUG_PUG, 3, "zy") == ["u", "y", "z"]
    trace = train_fast(HUG_PUG, 100, special_tokens=["[UNK]"], initial_alphabet="é")
    assert {"é", "##é"} <= set(trace.tokens()) and trace.tokens()[0] == "[UNK]"
    assert train_fast(HUG_PUG, 100, special_tokens=[], marker="_", initial_alphabet="é").alphabet.count("é") == 1


@settings(deadline=None, derandomize=True, max_examples=80)
@given(
    counts=CORPORA,
    extra=st.integers(0, 15),
    min_frequency=st.integers(0, 12),
    limit=st.one_of(st.none(), st.integers(1, 8)),
    initial=st.text(st.sampled_from("aéqz"), max_size=2),
    criterion=st.sampled_from(["wordpiece", "bpe"]),
    tie_break=st.sampled_from(["first", "lexical"]),
)
def test_the_fast_trainer_makes_the_readable_ones_merges_under_every_option(
    counts, extra, min_frequency, limit, initial, criterion, tie_break
):
    options = {
        "special_tokens": ["[UNK]"],
        "min_frequency": min_frequency,
        "limit_alphabet": limit,
        "initial_alphabet": initial,
        "criterion": criterion,
        "tie_break": tie_break,
        "top_k": 3,
    }
    try:
        readable = train_bottom_up(counts, 60 + extra, **options)
    except ValueError as error:
        assert "leaves no word to train on" in str(error) or "vocab_size" in str(error)
        return
    fast = train_fast(counts, 60 + extra, **options)
    assert fast.steps == readable.steps and fast.tokens() == readable.tokens()
    assert fast.stop_reason == readable.stop_reason
    assert all(step.pair_count >= min_frequency for step in fast.steps)


def test_bpe_takes_the_options_too():
    trace = train_bpe(HUG_PUG, 100, special_tokens=[], min_frequency=16, initial_alphabet="z")
    assert trace.merges == [("##u", "##g"), ("##u", "##n")] and "##z" in trace.tokens()


def test_top_down_never_learns_below_min_frequency_and_adds_initial_characters():
    corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    plain = train_top_down(corpus, 25, ["[UNK]"], lower_thresh=1)
    assert plain.threshold < 9
    for method in ("fast", "readable"):
        result = train_top_down(corpus, 25, ["[UNK]"], lower_thresh=1, min_frequency=9, method=method)
        assert all(step.threshold >= 9 for step in result.steps)
        assert result.tokens == ["[UNK]", "b", "g", "h", "n", "p", "s", "u", "pun", "hug"] + [
            f"##{char}" for char in "bghnpsu"
        ]
        with_initial = train_top_down(corpus, 40, ["[UNK]"], lower_thresh=1, initial_alphabet="zé", method=method)
        assert with_initial.tokens[1:11] == ["b", "g", "h", "n", "p", "s", "u", "z", "é", "pun"]
        assert with_initial.tokens[-2:] == ["##z", "##é"]


def test_top_down_max_unique_chars_is_hugging_faces_limit_alphabet(book_text):
    counts = WordCounts.from_texts([book_text], lowercase=True)
    for limit in (20, 30, 40):
        kept_words = prepare_words(counts, [], max_unique_chars=limit, max_token_length=10**6, max_input_tokens=None)
        allowed = set(kept_characters(counts, limit))
        assert {word for word, _ in kept_words} == {word for word in counts if set(word) <= allowed}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: train_fast(HUG_PUG, 50, min_frequency=-1), ValueError, "min_frequency must be at least 0, got -1"),
        (lambda: train_fast(HUG_PUG, 50, min_frequency=2.5), TypeError, "min_frequency must be an int"),
        (lambda: train_fast(HUG_PUG, 50, limit_alphabet=-2), ValueError, "limit_alphabet must be at least 0"),
        (lambda: train_fast(HUG_PUG, 50, limit_alphabet=1), ValueError, "limit_alphabet=1 leaves no word"),
        (lambda: train_fast(HUG_PUG, 50, initial_alphabet=["ab"]), ValueError, r"initial_alphabet\[0\] must be one"),
        (lambda: train_fast(HUG_PUG, 50, initial_alphabet=[1]), TypeError, r"initial_alphabet\[0\] must be a 1-char"),
        (lambda: train_fast(HUG_PUG, 50, initial_alphabet=b"ab"), TypeError, "initial_alphabet must be characters"),
        (lambda: train_top_down(HUG_PUG, 50, [], min_frequency=-3), ValueError, "min_frequency must be at least 0"),
    ],
)
def test_bad_options_are_named(call, error, message):
    with pytest.raises(error, match=message):
        call()
