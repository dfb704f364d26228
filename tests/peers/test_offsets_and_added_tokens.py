"""Offsets through normalization, and added tokens, checked against Hugging Face on random Unicode.

Hypothesis writes texts full of the characters that change length when
normalized (controls dropped, ideographs spaced, ``İ`` lengthened when
lowercased without accent stripping, combining marks reordered), mixed with
special tokens typed in the text; the encodings of ours and of
``tokenizers`` built from the same ``tokenizer.json`` must agree in every field.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from text_helpers import QUICK, mixed_texts

from wordpiece_lib import AddedToken, BertNormalizer, Vocab, WordPieceTokenizer
from wordpiece_lib.pipeline import FIELDS, AddedTokenSplitter
from wordpiece_lib.text import normalize_with_origins

tokenizers = pytest.importorskip("tokenizers")

TROUBLEMAKERS = (
    "aZé#\u0130\u03a3\u00df ,.!?'\t\n\r\x00\x07\u200b\u200d\u200f\ufeff\ufffd\u00a0\u3000"
    "\u0301\u0308\u0315\u0316\u07a6\u0898\u1734\U0001d165\U0001d16d\U00011938\u0378\u0890\u2e43\u166d"
    "我野ア한👍🏽👨שלוםعربي\U0002b820\U0002b920\u1c89\ua7cb\ufb01\u01c5"
)
FRAGMENTS = ("[MASK]", "[SEP]", "[CLS]", "[mask]", "[MAS", "hug", "##s", " ", "İstanbul", "Ǆ")
TEXT = mixed_texts(TROUBLEMAKERS, FRAGMENTS, max_size=30)

NORMALIZERS = {
    "uncased": BertNormalizer(lowercase=True),
    "cased": BertNormalizer(),
    "lowercase-keep-accents": BertNormalizer(lowercase=True, strip_accents=False),
    "cased-strip-accents": BertNormalizer(strip_accents=True),
    "nothing": BertNormalizer(clean_text=False, handle_chinese_chars=False, strip_accents=False),
}


@pytest.fixture(scope="module")
def bert_vocab(bert_vocab_path) -> Vocab:
    return Vocab.load(bert_vocab_path)


def assert_same(ours, peer, text: str, pair: str | None = None) -> None:
    for add_special_tokens in (True, False):
        mine = ours.encode_plus(text, pair, add_special_tokens=add_special_tokens)
        theirs = peer.encode(text, pair, add_special_tokens=add_special_tokens)
        for name in FIELDS:
            assert getattr(mine, name) == getattr(theirs, name), f"{name} differ on {text!r} / {pair!r}"


@pytest.mark.parametrize("pretokenizer", ["bert", "whitespace"])
@pytest.mark.parametrize("name", sorted(NORMALIZERS))
def test_offsets_and_every_field_match_hf_on_random_unicode(bert_vocab, name, pretokenizer):
    ours = WordPieceTokenizer(bert_vocab, normalizer=NORMALIZERS[name], pretokenizer=pretokenizer)
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))

    @settings(QUICK, max_examples=250)
    @given(text=TEXT, pair=st.one_of(st.none(), TEXT))
    def same(text, pair):
        assert_same(ours, peer, text, pair)

    same()


@settings(QUICK, max_examples=300)
@given(text=TEXT)
def test_aligned_normalization_is_the_normalizer_and_origins_climb(text):
    for normalizer in NORMALIZERS.values():
        aligned = normalize_with_origins(text, normalizer)
        assert aligned.text == normalizer(text)
        assert len(aligned.origins) == len(aligned.text)
        assert all(0 <= origin < len(text) for origin in aligned.origins)


def test_offsets_through_length_changes(bert_vocab):
    keep_accents = WordPieceTokenizer(bert_vocab, normalizer=NORMALIZERS["lowercase-keep-accents"], template=None)
    encoding = keep_accents.encode_plus("xİy")  # İ lowercases to i + U+0307: two characters from one
    assert encoding.tokens == ["[UNK]"] and encoding.offsets == [(0, 3)]
    uncased = WordPieceTokenizer(bert_vocab, lowercase=True, template=None)
    encoding = uncased.encode_plus("a\x00b\u200bc 野口 Café")  # dropped controls, spaced ideographs, stripped accent
    assert list(zip(encoding.tokens, encoding.offsets)) == [
        ("abc", (0, 5)),
        ("野", (6, 7)),
        ("口", (7, 8)),
        ("cafe", (9, 13)),
    ]


@pytest.mark.parametrize(
    "token",
    [
        AddedToken("<x>", lstrip=True),
        AddedToken("<x>", rstrip=True),
        AddedToken("<x>", lstrip=True, rstrip=True),
        AddedToken("<x>", single_word=True),
        AddedToken("<x>", special=False),
    ],
    ids=["lstrip", "rstrip", "both", "single_word", "not-special"],
)
def test_added_token_switches_match_hf(token):
    vocab = Vocab(["[UNK]", "[CLS]", "[SEP]", "<x>", "a", "b", "##b", "<", ">", "x", "##x"])
    ours = WordPieceTokenizer(vocab, special_tokens=[token, "[CLS]", "[SEP]"])
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))
    texts = ["a <x> b", "a<x>b", "  <x>  ", "<x><x>", "ab<x> <x>bb", "a\u3000<x>\tb", "<x", "x<x>x", "é<x>"]
    for text in texts:
        assert_same(ours, peer, text)
        ids = peer.encode(text).ids
        assert ours.decode(ids) == peer.decode(ids)
        assert ours.encode(text) == peer.encode(text, add_special_tokens=False).ids


def test_added_tokens_longest_match_wins():
    splitter = AddedTokenSplitter([AddedToken("[MA"), AddedToken("[MASK]"), AddedToken("K]")])
    assert splitter.split("[MASK]K]") == [(0, 6, "[MASK]"), (6, 8, "K]")]
    assert splitter.split("[MAK]") == [(0, 3, "[MA"), (3, 5, "K]")]
