"""Unit tests of the core modules on hand-checked inputs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wordpiece_lib.classroom.display import score_table, trace_frame, word_counts_frame
from wordpiece_lib.counting import WordCounts
from wordpiece_lib.data import hug_pug_counts, selene_counts
from wordpiece_lib.model import (
    Vocab,
    alphabet,
    decode_pieces,
    encode_word,
    initial_splits,
    longest_match_attempts,
    split_word,
)
from wordpiece_lib.pipeline import WordPieceTokenizer
from wordpiece_lib.text import BertNormalizer, pretokenize
from wordpiece_lib.training import (
    encode_with_merges,
    merge_in_pieces,
    merge_pair,
    pair_counts,
    piece_counts,
    score_pairs,
    train_bottom_up,
)


def test_normalizer_steps():
    assert BertNormalizer()("Héllo\u00a0Wörld\x00\u200b") == "Héllo Wörld"
    assert BertNormalizer(lowercase=True)("Héllo Wörld") == "hello world"
    assert BertNormalizer(lowercase=True, strip_accents=False)("Héllo") == "héllo"
    assert BertNormalizer(strip_accents=True)("Héllo") == "Hello"
    assert BertNormalizer()("中文") == " 中  文 "
    assert BertNormalizer(handle_chinese_chars=False)("中文") == "中文"
    assert BertNormalizer(clean_text=False)("a\x00b") == "a\x00b"
    assert BertNormalizer(lowercase=True)("ΣΑΣ") == "σασ"  # no final-sigma rule, as in BERT


def test_pretokenizers_on_one_sentence():
    sentence = "Jim's map—found in 1750—isn't lost!"
    assert pretokenize(sentence, "whitespace") == ["Jim's", "map—found", "in", "1750—isn't", "lost!"]
    bert = ["Jim", "'", "s", "map", "—", "found", "in", "1750", "—", "isn", "'", "t", "lost", "!"]
    assert pretokenize(sentence, "bert") == bert
    gpt2 = ["Jim", "'s", "map", "—", "found", "in", "1750", "—", "isn", "'t", "lost", "!"]
    assert pretokenize(sentence, "gpt2") == gpt2


def test_word_counts_keep_first_seen_order_and_add_up():
    counts = WordCounts.from_texts(["b a b", "c a"], pretokenizer="whitespace")
    assert list(counts.items()) == [("b", 2), ("a", 2), ("c", 1)]
    assert counts.total == 5 and len(counts) == 3
    assert WordCounts.from_pairs(counts.items()) == counts
    assert word_counts_frame(counts)["count"].tolist() == [2, 2, 1]


def test_split_word_both_styles_and_alphabet():
    assert split_word("word") == ["w", "##o", "##r", "##d"]
    assert split_word("word", "@@") == ["w", "@@o", "@@r", "@@d"]
    assert split_word("a") == ["a"]
    assert split_word("low", marker="▁") == ["▁", "l", "o", "w"]
    assert alphabet(["aa", "ab"]) == ["##a", "##b", "a"]


def test_counts_include_single_piece_words_and_overlapping_pairs():
    splits = {"aaa": ["a", "##a", "##a"], "b": ["b"], "x": ["x", "##a", "##a", "##a"]}
    counts = {"aaa": 2, "b": 3, "x": 1}
    assert piece_counts(splits, counts) == {"a": 2, "##a": 7, "b": 3, "x": 1}
    assert pair_counts(splits, counts) == {("a", "##a"): 2, ("##a", "##a"): 4, ("x", "##a"): 1}
    scores = {c.pair: c.score for c in score_pairs(splits, counts)}
    assert scores[("##a", "##a")] == Fraction(4, 49)
    assert {c.pair: c.score for c in score_pairs(splits, counts, "bpe")}[("##a", "##a")] == 4
    assert merge_in_pieces(["x", "##a", "##a", "##a"], ("##a", "##a"), "##aa") == ["x", "##aa", "##a"]


def test_score_table_is_sorted_best_first_with_exact_scores():
    counts = hug_pug_counts()
    table = score_table(initial_splits(counts), counts)
    assert list(table.columns) == ["left", "right", "pair_count", "left_count", "right_count", "score", "score_float"]
    assert table.iloc[0][["left", "right", "score"]].tolist() == ["##g", "##s", Fraction(1, 20)]
    assert table["score"].is_monotonic_decreasing
    lexical = score_table(initial_splits(counts), counts, tie_break="lexical")
    assert list(lexical.iloc[1][["left", "right"]]) == ["##u", "##g"]
    bpe = score_table(initial_splits(counts), counts, criterion="bpe")
    assert list(bpe.iloc[0][["left", "right", "pair_count"]]) == ["##u", "##g", 20]


def test_trace_replay_matches_the_splits_of_each_step():
    counts = selene_counts()
    trace = train_bottom_up(counts, 100, prefix="_", special_tokens=[])
    splits = initial_splits(counts, "_")
    for number, step in enumerate(trace.steps, start=1):
        splits = merge_pair(splits, step.pair, step.new_token)
        assert trace.splits_at(number) == splits
    with pytest.raises(ValueError, match="steps must be between 0 and 16"):
        trace.splits_at(17)
    frame = trace_frame(trace)
    assert frame["step"].tolist() == list(range(1, 17)) and frame["vocab_size"].tolist() == list(range(14, 30))


def test_vocab_size_counts_tokens_and_stops_at_target():
    trace = train_bottom_up(hug_pug_counts(), 12)
    assert len(trace.tokens()) == 12 and trace.stop_reason == "reached vocab_size=12"
    assert trace.tokens(steps=0) == [
        "[PAD]",
        "[UNK]",
        "[CLS]",
        "[SEP]",
        "[MASK]",
        "##g",
        "##n",
        "##s",
        "##u",
        "b",
        "h",
        "p",
    ]


def test_a_merge_that_rebuilds_an_existing_token_adds_nothing():
    """``a ##bc`` and ``ab ##c`` both make ``abc``: the second merge adds no token."""
    counts = WordCounts.from_pairs([("abc", 1), ("ab", 1), ("bc", 1), ("xbc", 1)])
    trace = train_bottom_up(counts, 1000, special_tokens=["[UNK]"])
    assert len(trace.tokens()) == len(set(trace.tokens()))
    assert len(trace.tokens()) == len(trace.alphabet) + 1 + len(trace.new_tokens)


def test_longest_match_first_unknown_and_length_rule():
    vocab = {"[UNK]", "un", "##aff", "##able", "a", "##a"}
    assert encode_word("unaffable", vocab) == ["un", "##aff", "##able"]
    assert encode_word("unaffablez", vocab) == ["[UNK]"]
    assert encode_word("a" * 100, vocab) == ["a"] + ["##a"] * 99
    assert encode_word("a" * 101, vocab) == ["[UNK]"]
    assert encode_word("a" * 5, vocab, max_input_chars_per_word=4) == ["[UNK]"]
    attempts = list(longest_match_attempts("unaffablez", vocab))
    assert attempts[0].candidate == "unaffablez" and not attempts[0].matched
    assert [a.candidate for a in attempts if a.matched] == ["un", "##aff", "##able"]
    assert attempts[-1].candidate == "##z" and not attempts[-1].matched


def test_merge_replay_and_longest_match_can_differ():
    """Merges ##g ##s, h ##u, hu ##g: replay gives ``hu ##gs``, longest match ``hug ##s``."""
    trace = train_bottom_up(hug_pug_counts(), 10, special_tokens=["[UNK]"], tie_break="first")
    merges = [("##g", "##s"), ("h", "##u"), ("hu", "##g")]
    vocab = {*trace.alphabet, "##gs", "hu", "hug"}
    assert encode_with_merges("hugs", merges) == ["hu", "##gs"]
    assert encode_word("hugs", vocab) == ["hug", "##s"]


def test_vocab_round_trip_is_byte_identical(tmp_path):
    text = "[PAD]\n[UNK]\nhug\n##s\n"
    path = tmp_path / "vocab.txt"
    path.write_text(text, encoding="utf-8")
    again = Vocab.load(path).save(tmp_path / "again.txt")
    assert again.read_bytes() == path.read_bytes()
    assert Vocab.from_text("\ufeff[UNK]\r\nhug") == Vocab(["[UNK]", "hug"])


def test_tokenizer_round_trip_ids_and_decode():
    trace = train_bottom_up(hug_pug_counts(), 20)
    tokenizer = WordPieceTokenizer(trace.vocab())
    ids = tokenizer.encode("hugs pug bun")
    assert tokenizer.decode(ids) == "hugs pug bun"
    assert tokenizer.convert_ids_to_tokens(ids) == tokenizer.tokenize("hugs pug bun")
    assert decode_pieces(["hug", "##s", "!"]) == "hugs !"
    assert repr(tokenizer).startswith("WordPieceTokenizer(vocab=")


def test_encode_word_uses_the_vocabs_own_unknown_token():
    vocab = Vocab(["<unk>", "hug"], unk_token="<unk>")
    assert encode_word("mug", vocab) == ["<unk>"]
    assert encode_word("mug", {"hug"}) == ["[UNK]"]  # a plain set has no unknown token of its own


def test_numpy_ids_are_accepted_where_ints_are():
    import numpy as np

    assert Vocab(["[UNK]", "hug"]).token(np.int64(1)) == "hug"


def test_switches_and_functions_are_checked_when_given_not_at_first_use():
    with pytest.raises(TypeError, match="lowercase must be True or False, got str"):
        BertNormalizer(lowercase="no")
    with pytest.raises(TypeError, match="normalizer must be a function"):
        WordPieceTokenizer(Vocab(["[UNK]", "hug"]), normalizer=5)


def test_trace_steps_must_be_in_range():
    trace = train_bottom_up(hug_pug_counts(), 15)
    with pytest.raises(ValueError, match="steps must be between 0 and 3, got -1"):
        trace.tokens(steps=-1)
    assert trace.tokens(steps=None) == trace.tokens()
