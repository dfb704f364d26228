"""Notebook 06's tables: the four tokenizers side by side, and Hugging Face's merges replayed."""

from __future__ import annotations

import pytest

from wordpiece_lib import WordCounts, train_bpe
from wordpiece_lib.analysis import TRAINERS
from wordpiece_lib.classroom.bpe_comparison import (
    combination_fertility_points,
    combination_fertility_table,
    compare_combinations,
    first_merges_frame,
    hf_trained_merges,
    replay_merges,
    segmentation_frame,
)
from wordpiece_lib.data import datasets

HUG_PUG = dict(datasets.HUG_PUG_COUNTS)


def test_compare_combinations_by_hand(hug_pug_traces):
    frame = compare_combinations(*hug_pug_traces, {"pugs": 1, "mug": 1})
    # pugs: 2 tokens everywhere; mug: [UNK] under longest match, [UNK] ##u ##g (WP) or [UNK] ##ug (BPE) under replay.
    assert frame["fertility"].tolist() == [3 / 2, 5 / 2, 3 / 2, 4 / 2]
    assert frame["chars_per_token"].tolist() == [7 / 3, 7 / 5, 7 / 3, 7 / 4]
    assert frame["split_share"].tolist() == [1 / 2, 1.0, 1 / 2, 1.0]
    assert frame["unk_rate"].tolist() == [1 / 3, 1 / 5, 1 / 3, 1 / 4]
    assert frame["unk_word_rate"].tolist() == [1 / 2] * 4
    assert frame["vocab_size"].tolist() == [17, 17, 15, 15]


def test_fertility_table_and_by_size(hug_pug_traces):
    table = combination_fertility_table(*hug_pug_traces, {"pugs": 1, "mug": 1}, [8, None])
    assert table.index.tolist() == [8, "max (17 and 15)"]
    # No merge yet: pugs is p ##u ##g ##s; mug is [UNK] (longest match) or [UNK] ##u ##g (replay).
    assert table.loc[8].tolist() == [5 / 2, 7 / 2, 5 / 2, 7 / 2]
    assert table.loc["max (17 and 15)"].tolist() == [3 / 2, 5 / 2, 3 / 2, 2.0]
    frame = combination_fertility_points(*hug_pug_traces, {"pugs": 1}, [8, 12, 16])
    sizes = {trainer: frame[frame.trainer == trainer]["vocab_size"].unique().tolist() for trainer in TRAINERS}
    assert sizes == {"WordPiece score": [8, 12, 16, 17], "BPE count": [8, 12, 15]}
    longest = frame[(frame.trainer == "BPE count") & (frame.encoder == "longest match")]
    # 12 tokens: ##ug, ##un, hug, pun learned, so pugs is p ##ug ##s; at 15 pug is learned: pug ##s.
    assert longest["fertility"].tolist() == [4.0, 3.0, 2.0]


def test_first_merges_frame_by_hand(hug_pug_traces):
    frame = first_merges_frame(*hug_pug_traces, 30)
    assert len(frame) == 9  # WordPiece has 9 merges, BPE 7: the BPE columns are blank after 7
    assert frame["WordPiece"].tolist()[:3] == ["##gs", "hu", "hugs"]
    assert frame["BPE"].tolist() == ["##ug", "##un", "hug", "pun", "pug", "hugs", "bun", "", ""]
    assert frame["BPE count"].tolist()[:3] == [20, 16, 15]
    assert frame["WP in both"].tolist()[:3] == [False, False, True]


def test_segmentation_frame_by_steps_and_size(hug_pug_traces):
    by_steps = segmentation_frame(*hug_pug_traces, ["hugs"], steps=1)
    assert by_steps.loc["hugs"].tolist() == ["h ##u ##gs", "h ##u ##gs", "h ##ug ##s", "h ##ug ##s"]
    assert segmentation_frame(*hug_pug_traces, ["hugs"], steps=100).loc["hugs"].tolist() == ["hugs"] * 4
    with pytest.raises(ValueError, match="not both"):
        segmentation_frame(*hug_pug_traces, ["hugs"], 9, steps=1)


def test_replay_merges_by_hand(hug_pug_traces):
    bpe = hug_pug_traces[1]
    checks = replay_merges(HUG_PUG, bpe.merges, count_ties=7)
    assert all(check.is_most_frequent for check in checks)
    # Step 5: p ##ug (pug) and hug ##s (hugs) both occur 5 times; every other step has one best pair.
    assert [check.tied for check in checks] == [1, 1, 1, 1, 2, 1, 1]
    assert [check.best_count for check in checks] == [20, 16, 15, 12, 5, 5, 4]


def test_hf_trainer_merges_most_frequent_pairs_and_agrees_until_a_tie(book_text):
    """HF's BpeTrainer breaks ties by token ids (hash-map order): its merges may differ from ours after a tie.

    What must hold for any correct BPE trainer: every merged pair has the highest count at its step
    (replayed on our own counts), and the two merge lists agree on every step before the first tie.
    """
    counts = WordCounts.from_texts(book_text, lowercase=True)
    ours = train_bpe(counts, 100_000).merges
    theirs = hf_trained_merges(book_text.split("\n"), 100_000, special_tokens=["[UNK]"])
    checks = replay_merges(counts, theirs, count_ties=200)
    assert all(check.is_most_frequent for check in checks), [c for c in checks if not c.is_most_frequent][:3]
    first_tie = next((check.step for check in checks if check.tied > 1), 201)
    assert theirs[: first_tie - 1] == ours[: first_tie - 1]
    assert first_tie > 10  # the first ten counts of English letters pairs are far apart


def test_replay_flags_a_merge_that_is_not_the_most_frequent():
    checks = replay_merges(HUG_PUG, [("##g", "##s"), ("##u", "##g")], count_ties=2)
    # Step 1: ##g ##s occurs 5 times, ##u ##g 20. Step 2: ##u ##g is left in hug and pug (15), p ##u in pug and pun (17).
    assert [(c.pair_count, c.best_count, c.is_most_frequent) for c in checks] == [(5, 20, False), (15, 17, False)]
