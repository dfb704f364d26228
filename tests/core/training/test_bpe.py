"""The BPE trainer and merge-replay encoder, and identity with Hugging Face's BPE on the book."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import BpeEncoder, WordCounts, encode_with_merges, train_bottom_up, train_bpe, train_fast
from wordpiece_lib.data import datasets, held_out_split
from wordpiece_lib.training import hf_bpe_tokenizer, merge_ranks

HUG_PUG = dict(datasets.HUG_PUG_COUNTS)
EDGE_LINES = [
    "",
    "Héllò hôw are ü? Ça va, Ørsted, ﬁne naïve café",
    "野口里佳 Noguchi Rika 我爱NLP",
    "emoji 👍🏽 smœøg flags 🇫🇷",
    "hash##tag ##start end## # ##",
    "£10 + $5 = €15 ~ 100% <tag> a|b ^ `x`",
    "a" * 120,
]


# ---------------------------------------------------------------- training


def test_hug_pug_merges_by_hand():
    # Pair counts: ##u ##g = hug 10 + pug 5 + hugs 5 = 20; ##u ##n = pun 12 + bun 4 = 16; then
    # h ##ug = 15 (hug, hugs), p ##un = 12, p ##ug = 5 ties hug ##s = 5 (p ##ug is met first), then b ##un = 4.
    trace = train_bpe(HUG_PUG, 100, special_tokens=["[UNK]"])
    assert [(step.new_token, step.pair_count) for step in trace.steps] == [
        ("##ug", 20),
        ("##un", 16),
        ("hug", 15),
        ("pun", 12),
        ("pug", 5),
        ("hugs", 5),
        ("bun", 4),
    ]
    assert all(step.score == step.pair_count for step in trace.steps)
    assert trace.criterion == "bpe"
    assert trace.stop_reason.startswith("every word is a single token")


def test_lexical_tie_break_changes_the_tied_step():
    # At step 5, p ##ug and hug ##s both occur 5 times; alphabetically 'hug' < 'p'.
    trace = train_bpe(HUG_PUG, 100, special_tokens=[], tie_break="lexical")
    assert [step.new_token for step in trace.steps][4:6] == ["hugs", "pug"]


@pytest.mark.parametrize("tie_break", ["first", "lexical"])
@pytest.mark.parametrize(
    "counts",
    [datasets.hug_pug_counts(), datasets.selene_counts(), datasets.course_counts()],
    ids=["hug_pug", "selene", "course"],
)
def test_fast_and_reference_give_the_same_trace(counts, tie_break):
    fast = train_bpe(counts, 10_000, tie_break=tie_break, top_k=3)
    reference = train_bpe(counts, 10_000, tie_break=tie_break, top_k=3, fast=False)
    assert fast.steps == reference.steps
    assert fast.steps == train_bottom_up(counts, 10_000, tie_break=tie_break, top_k=3, criterion="bpe").steps


def test_marker_style_is_supported():
    trace = train_bpe(datasets.article_counts(), 100, special_tokens=[], marker="_")
    assert trace.merges[0][0] == "_"
    assert trace.tokens()[-1] in {"_" + word for word in datasets.ARTICLE_WORDS}


def test_bad_arguments_are_named():
    with pytest.raises(TypeError, match="fast"):
        train_bpe(HUG_PUG, 20, fast="yes")
    with pytest.raises(ValueError, match="vocab_size"):
        train_bpe(HUG_PUG, 3)
    with pytest.raises(ValueError, match="tie_break"):
        train_bpe(HUG_PUG, 20, tie_break="random")


# ---------------------------------------------------------------- encoding


def test_encoder_by_hand():
    trace = train_bpe(HUG_PUG, 100, special_tokens=["[UNK]"])
    encoder = BpeEncoder(trace)
    assert encoder.encode_word("bugs") == ["b", "##ug", "##s"]  # no merge makes bug
    assert encoder.encode_word("hugs") == ["hugs"]
    # 'm' is unknown: one [UNK] for it, and the rest is still merged.
    assert encoder.encode_word("mug") == ["[UNK]", "##ug"]
    # two unknown letters give two [UNK]s (Hugging Face's fuse_unk=False)
    assert encoder.encode_word("hmmug") == ["h", "[UNK]", "[UNK]", "##ug"]
    assert encoder.tokenize("Hugs, BUN!") == ["hugs", "[UNK]", "bun", "[UNK]"]
    assert BpeEncoder(trace, steps=1).encode_word("hugs") == ["h", "##ug", "##s"]
    assert BpeEncoder(trace, steps=0).encode_word("hugs") == ["h", "##u", "##g", "##s"]


def test_encoder_without_vocab_keeps_every_piece():
    encoder = BpeEncoder(merges=[("##u", "##g")])
    assert encoder.encode_word("mug") == ["m", "##ug"]
    assert repr(encoder) == "BpeEncoder(1 merges, no vocab)"


words = st.text(alphabet="hpbugns", min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(word=words, steps=st.integers(0, 7))
def test_encoder_equals_merge_replay_on_known_letters(word, steps):
    trace = train_bpe(HUG_PUG, 100, special_tokens=["[UNK]"])
    expected = encode_with_merges(word, trace.merges[:steps])
    known = set(trace.tokens(steps))
    assert BpeEncoder(trace, steps=steps).encode_word(word) == [p if p in known else "[UNK]" for p in expected]


def test_merge_ranks():
    assert merge_ranks([("a", "##b"), ("c", "##d"), ("a", "##b")]) == {("a", "##b"): 0, ("c", "##d"): 1}
    assert merge_ranks({("a", "##b"): 3}) == {("a", "##b"): 3}
    with pytest.raises(TypeError, match="merges"):
        merge_ranks("ab")
    with pytest.raises(TypeError, match=r"merges\[1\]"):
        merge_ranks([("a", "##b"), ("c",)])


def test_encoder_rejects_bad_input():
    trace = train_bpe(HUG_PUG, 100, special_tokens=["[UNK]"])
    with pytest.raises(ValueError, match="not both"):
        BpeEncoder(trace, merges=[("a", "##b")])
    with pytest.raises(ValueError, match="steps must be between 0 and 7"):
        BpeEncoder(trace, steps=8)
    with pytest.raises(ValueError, match="give a trace, or merges"):
        BpeEncoder()
    with pytest.raises(TypeError, match="trace must be a Trace"):
        BpeEncoder(["a"])
    with pytest.raises(TypeError, match="vocab must be a collection"):
        BpeEncoder(merges=[], vocab="abc")
    with pytest.raises(ValueError, match="word"):
        BpeEncoder(trace).encode_word("")


# ---------------------------------------------------------------- Hugging Face


tokenizers = pytest.importorskip("tokenizers")


@pytest.fixture(scope="module")
def book_bpe(book_text):
    """BPE trained on the book without chapter 13 (so the book has words it never saw), to the end."""
    training, _ = held_out_split(book_text, 13)
    return train_bpe(WordCounts.from_texts(training, lowercase=True), 100_000)


@pytest.mark.parametrize("steps", [None, 2000], ids=["full", "2000-merges"])
def test_same_tokens_as_hf_bpe_on_every_line_of_the_book(book_text, book_bpe, steps):
    ours = BpeEncoder(book_bpe, steps=steps)
    theirs = hf_bpe_tokenizer(book_bpe, steps=steps)
    lines = [*book_text.split("\n"), *EDGE_LINES]
    encoded = theirs.encode_batch(lines, add_special_tokens=False)
    differ = [
        (line, mine, peer.tokens) for line, peer in zip(lines, encoded) if (mine := ours.tokenize(line)) != peer.tokens
    ]
    assert differ == []
    assert sum(token == "[UNK]" for peer in encoded for token in peer.tokens) > 0  # the edge lines test unknown letters


def test_hf_without_unk_token_drops_unknown_letters(book_bpe):
    # Why hf_bpe_tokenizer sets unk_token: without it HF silently loses the letter.
    from tokenizers import Tokenizer, models

    vocab = {token: index for index, token in enumerate(book_bpe.tokens())}
    bare = Tokenizer(models.BPE(vocab=vocab, merges=book_bpe.merges, continuing_subword_prefix="##"))
    assert "ø" not in "".join(book_bpe.alphabet)
    assert bare.encode("smøg", add_special_tokens=False).tokens != BpeEncoder(book_bpe, lowercase=False).tokenize(
        "smøg"
    )
    assert "[UNK]" in BpeEncoder(book_bpe).encode_word("smøg")


def test_train_fast_is_what_train_bpe_runs():
    assert train_bpe(HUG_PUG, 12).steps == train_fast(HUG_PUG, 12, criterion="bpe").steps
