"""The comparison helpers: every metric on hand-checked toy inputs, the chapter split on the book."""

from __future__ import annotations

import pytest

from wordpiece_lib import train_fast
from wordpiece_lib.analysis import (
    ENCODERS,
    TRAINERS,
    combinations,
    differing_words,
    longest_match_encoder,
    measure,
    merge_replay_encoder,
    vocab_overlap,
)
from wordpiece_lib.data import datasets

# ---------------------------------------------------------------- chapters


# ---------------------------------------------------------------- sizes and encoders


def test_steps_for_size(hug_pug_traces):
    wordpiece, bpe = hug_pug_traces
    # Start: [UNK] + 7 letters = 8 tokens; every merge of hug/pug makes a new token.
    assert [wordpiece.steps_for_size(size) for size in (8, 9, 12, 17, None)] == [0, 1, 4, 9, 9]
    assert bpe.steps_for_size(15) == 7
    assert bpe.steps_for_size(16) == len(bpe.steps)  # past the end: the whole trace
    with pytest.raises(ValueError, match="at least 8"):
        bpe.steps_for_size(7)
    with pytest.raises(TypeError, match="size must be an int or None"):
        bpe.steps_for_size("8")


def test_size_counts_tokens_not_steps():
    # A merge that rebuilds a known token adds a step but no token: the size is reached one step later.
    counts = {"abc": 5, "xbc": 3}
    trace = train_fast(counts, 100, special_tokens=["[UNK]"], criterion="bpe")
    for size in range(len(trace.tokens(0)), len(trace.tokens()) + 1):
        assert len(trace.tokens(trace.steps_for_size(size))) == size


def test_the_four_combinations_by_hand(hug_pug_traces):
    encoders = combinations(*hug_pug_traces)
    assert list(encoders) == [(trainer, encoder) for trainer in TRAINERS for encoder in ENCODERS]
    cut = {key: encode("pugs") for key, encode in encoders.items()}
    # WordPiece learned ##gs at step 1 and pug at step 8: replay takes ##gs, longest match takes pug.
    assert cut == {
        ("WordPiece score", "longest match"): ["pug", "##s"],
        ("WordPiece score", "merge replay"): ["pu", "##gs"],
        ("BPE count", "longest match"): ["pug", "##s"],
        ("BPE count", "merge replay"): ["pug", "##s"],
    }
    # 'm' is unknown: longest match gives one [UNK] for the word, replay one per unknown letter.
    assert encoders[("WordPiece score", "longest match")]("mug") == ["[UNK]"]
    assert encoders[("WordPiece score", "merge replay")]("mug") == ["[UNK]", "##u", "##g"]
    assert encoders[("BPE count", "merge replay")]("mug") == ["[UNK]", "##ug"]
    # At 9 tokens each has made one merge only.
    small = combinations(*hug_pug_traces, 9)
    assert small[("WordPiece score", "longest match")]("hugs") == ["h", "##u", "##gs"]
    assert small[("BPE count", "merge replay")]("hugs") == ["h", "##ug", "##s"]


def test_encoders_reject_marker_traces():
    trace = train_fast(datasets.article_counts(), 30, special_tokens=["[UNK]"], marker="_")
    with pytest.raises(ValueError, match="continuation prefix"):
        longest_match_encoder(trace)
    with pytest.raises(ValueError, match="continuation prefix"):
        merge_replay_encoder(trace)


# ---------------------------------------------------------------- metrics


def test_every_metric_by_hand():
    # hugs x2 -> 2 tokens, ab x2 -> 1 token, zz x1 -> [UNK] [UNK]
    table = {"hugs": ["hu", "##gs"], "ab": ["ab"], "zz": ["[UNK]", "[UNK]"]}
    metrics = measure(table.__getitem__, {"hugs": 2, "ab": 2, "zz": 1})
    assert (metrics.words, metrics.tokens, metrics.characters) == (5, 8, 14)
    assert metrics.fertility == 8 / 5
    assert metrics.chars_per_token == 14 / 8
    assert metrics.split_share == 3 / 5  # hugs twice and zz once
    assert metrics.unk_rate == 2 / 8
    assert metrics.unk_word_rate == 1 / 5
    assert metrics.as_dict()["fertility"] == 1.6


def test_measure_rejects_bad_input():
    with pytest.raises(ValueError, match="empty"):
        measure(list, {})
    with pytest.raises(TypeError, match="encode"):
        measure("list", {"a": 1})
    with pytest.raises(ValueError, match="returned no token"):
        measure(lambda word: [], {"a": 1})


def test_vocab_overlap_by_hand():
    overlap = vocab_overlap(["hug", "##s", "pu"], ["hug", "##s", "##ug", "pun", "[UNK]"])
    assert overlap.shared == ["##s", "hug"]
    assert overlap.only_first == ["pu"]
    assert overlap.only_second == ["##ug", "[UNK]", "pun"]
    assert overlap.jaccard == 2 / 6
    assert vocab_overlap([], []).jaccard == 1.0
    with pytest.raises(TypeError, match="second"):
        vocab_overlap(["a"], "a")


def test_toy_vocab_overlap_by_hand(hug_pug_traces):
    # Shared: [UNK], 7 letters, hug, hugs, pug, pun, bun (13); union 17 + 15 - 13 = 19.
    overlap = vocab_overlap(hug_pug_traces[0].tokens(), hug_pug_traces[1].tokens())
    assert overlap.only_first == ["##gs", "bu", "hu", "pu"] and overlap.only_second == ["##ug", "##un"]
    assert overlap.jaccard == 13 / 19


def test_differing_words_by_hand(hug_pug_traces):
    wordpiece = hug_pug_traces[0]
    found = differing_words(longest_match_encoder(wordpiece), merge_replay_encoder(wordpiece), ["hugs", "pugs", "bun"])
    assert found == [("pugs", ["pug", "##s"], ["pu", "##gs"])]
    with pytest.raises(TypeError, match="words"):
        differing_words(list, list, "pugs")


# ---------------------------------------------------------------- tables
