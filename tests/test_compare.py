"""The comparison helpers: every metric on hand-checked toy inputs, the chapter split on the book."""

from __future__ import annotations

import pytest

from wordpiece_lib import datasets, train_fast
from wordpiece_lib.compare import (
    ENCODERS,
    TRAINERS,
    combinations,
    compare_combinations,
    differing_words,
    fertility_by_size,
    fertility_table,
    first_merges_frame,
    held_out_split,
    longest_match_encoder,
    measure,
    merge_replay_encoder,
    replay_merges,
    segmentation_frame,
    split_chapters,
    steps_for_size,
    vocab_overlap,
)

HUG_PUG = dict(datasets.HUG_PUG_COUNTS)


@pytest.fixture(scope="module")
def toy():
    """WordPiece and BPE on hug/pug, to the end: 17 and 15 tokens with [UNK]."""
    return train_fast(HUG_PUG, 100, special_tokens=["[UNK]"]), train_fast(
        HUG_PUG, 100, special_tokens=["[UNK]"], criterion="bpe"
    )


# ---------------------------------------------------------------- chapters


def test_split_chapters_by_hand():
    text = "Title\n\n1\nOne,\ntwo.\n\n2\nThree.\n 10 \nTen."
    assert split_chapters(text) == {1: "One,\ntwo.", 2: "Three.", 10: "Ten."}
    assert split_chapters("Part 1\nA\nPart 2\nB", r"^Part (\d+)$") == {1: "A", 2: "B"}


def test_split_chapters_rejects_bad_input():
    with pytest.raises(ValueError, match="no chapter heading"):
        split_chapters("no numbers here")
    with pytest.raises(ValueError, match="chapter 1 appears twice"):
        split_chapters("1\na\n1\nb")
    with pytest.raises(TypeError, match="text"):
        split_chapters(None)


def test_the_book_has_34_chapters_with_their_titles(book_text):
    chapters = split_chapters(book_text)
    assert list(chapters) == list(range(1, 35))
    assert "Black Dog Appears and Disappears" in chapters[2][:200]
    assert "The Black Spot" in chapters[3][:200]
    training, held_out = held_out_split(book_text, 13)
    assert held_out == chapters[13]
    assert held_out not in training
    assert all(chapters[number] in training for number in (1, 12, 14, 34))
    with pytest.raises(ValueError, match=r"chapter must be one of the book's chapters 1\.\.34, got 35"):
        held_out_split(book_text, 35)


# ---------------------------------------------------------------- sizes and encoders


def test_steps_for_size(toy):
    wordpiece, bpe = toy
    # Start: [UNK] + 7 letters = 8 tokens; every merge of hug/pug makes a new token.
    assert [steps_for_size(wordpiece, size) for size in (8, 9, 12, 17, None)] == [0, 1, 4, 9, 9]
    assert steps_for_size(bpe, 15) == 7
    with pytest.raises(ValueError, match=r"between 8 .* and 15"):
        steps_for_size(bpe, 16)
    with pytest.raises(ValueError, match="between 8"):
        steps_for_size(bpe, 7)
    with pytest.raises(TypeError, match="trace"):
        steps_for_size({}, 8)


def test_size_counts_tokens_not_steps():
    # A merge that rebuilds a known token adds a step but no token: the size is reached one step later.
    counts = {"abc": 5, "xbc": 3}
    trace = train_fast(counts, 100, special_tokens=["[UNK]"], criterion="bpe")
    for size in range(len(trace.tokens(0)), len(trace.tokens()) + 1):
        assert len(trace.tokens(steps_for_size(trace, size))) == size


def test_the_four_combinations_by_hand(toy):
    encoders = combinations(*toy)
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
    small = combinations(*toy, 9)
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


def test_toy_vocab_overlap_by_hand(toy):
    # Shared: [UNK], 7 letters, hug, hugs, pug, pun, bun (13); union 17 + 15 - 13 = 19.
    overlap = vocab_overlap(toy[0].tokens(), toy[1].tokens())
    assert overlap.only_first == ["##gs", "bu", "hu", "pu"] and overlap.only_second == ["##ug", "##un"]
    assert overlap.jaccard == 13 / 19


def test_differing_words_by_hand(toy):
    wordpiece = toy[0]
    found = differing_words(longest_match_encoder(wordpiece), merge_replay_encoder(wordpiece), ["hugs", "pugs", "bun"])
    assert found == [("pugs", ["pug", "##s"], ["pu", "##gs"])]
    with pytest.raises(TypeError, match="words"):
        differing_words(list, list, "pugs")


# ---------------------------------------------------------------- tables


def test_compare_combinations_by_hand(toy):
    frame = compare_combinations(*toy, {"pugs": 1, "mug": 1})
    # pugs: 2 tokens everywhere; mug: [UNK] under longest match, [UNK] ##u ##g (WP) or [UNK] ##ug (BPE) under replay.
    assert frame["fertility"].tolist() == [3 / 2, 5 / 2, 3 / 2, 4 / 2]
    assert frame["chars_per_token"].tolist() == [7 / 3, 7 / 5, 7 / 3, 7 / 4]
    assert frame["split_share"].tolist() == [1 / 2, 1.0, 1 / 2, 1.0]
    assert frame["unk_rate"].tolist() == [1 / 3, 1 / 5, 1 / 3, 1 / 4]
    assert frame["unk_word_rate"].tolist() == [1 / 2] * 4
    assert frame["vocab_size"].tolist() == [17, 17, 15, 15]


def test_fertility_table_and_by_size(toy):
    table = fertility_table(*toy, {"pugs": 1, "mug": 1}, [8, None])
    assert table.index.tolist() == [8, "max (17 and 15)"]
    # No merge yet: pugs is p ##u ##g ##s; mug is [UNK] (longest match) or [UNK] ##u ##g (replay).
    assert table.loc[8].tolist() == [5 / 2, 7 / 2, 5 / 2, 7 / 2]
    assert table.loc["max (17 and 15)"].tolist() == [3 / 2, 5 / 2, 3 / 2, 2.0]
    frame = fertility_by_size(*toy, {"pugs": 1}, [8, 12, 16])
    sizes = {trainer: frame[frame.trainer == trainer]["vocab_size"].unique().tolist() for trainer in TRAINERS}
    assert sizes == {"WordPiece score": [8, 12, 16, 17], "BPE count": [8, 12, 15]}
    longest = frame[(frame.trainer == "BPE count") & (frame.encoder == "longest match")]
    # 12 tokens: ##ug, ##un, hug, pun learned, so pugs is p ##ug ##s; at 15 pug is learned: pug ##s.
    assert longest["fertility"].tolist() == [4.0, 3.0, 2.0]


def test_first_merges_frame_by_hand(toy):
    frame = first_merges_frame(*toy, 30)
    assert len(frame) == 9  # WordPiece has 9 merges, BPE 7: the BPE columns are blank after 7
    assert frame["WordPiece"].tolist()[:3] == ["##gs", "hu", "hugs"]
    assert frame["BPE"].tolist() == ["##ug", "##un", "hug", "pun", "pug", "hugs", "bun", "", ""]
    assert frame["BPE count"].tolist()[:3] == [20, 16, 15]
    assert frame["WP in both"].tolist()[:3] == [False, False, True]


def test_segmentation_frame_by_steps_and_size(toy):
    by_steps = segmentation_frame(*toy, ["hugs"], steps=1)
    assert by_steps.loc["hugs"].tolist() == ["h ##u ##gs", "h ##u ##gs", "h ##ug ##s", "h ##ug ##s"]
    assert segmentation_frame(*toy, ["hugs"], steps=100).loc["hugs"].tolist() == ["hugs"] * 4
    with pytest.raises(ValueError, match="not both"):
        segmentation_frame(*toy, ["hugs"], 9, steps=1)


def test_replay_merges_by_hand(toy):
    bpe = toy[1]
    checks = replay_merges(HUG_PUG, bpe.merges, count_ties=7)
    assert all(check.is_most_frequent for check in checks)
    # Step 5: p ##ug (pug) and hug ##s (hugs) both occur 5 times; every other step has one best pair.
    assert [check.tied for check in checks] == [1, 1, 1, 1, 2, 1, 1]
    assert [check.best_count for check in checks] == [20, 16, 15, 12, 5, 5, 4]
