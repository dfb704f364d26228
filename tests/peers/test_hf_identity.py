"""Token identity with Hugging Face ``tokenizers`` on the same vocab and text.

The peer is built in each test from the same ``vocab.txt`` file our library
wrote (or BERT's own), with ``BertNormalizer`` + ``BertPreTokenizer`` +
``models.WordPiece``; every line of Treasure Island must give the same tokens.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wordpiece_lib import BertNormalizer, Vocab, WordPieceTokenizer, bert_split

tokenizers = pytest.importorskip("tokenizers")

EDGE_CASES = [
    "",
    "   ",
    "\t\n  \u3000",
    "Héllò hôw are ü? Ça va, Ørsted, ﬁne naïve café",
    "İstanbul ΣΑΣ Straße",
    "野口里佳 Noguchi Rika 我爱NLP",
    "emoji 👍🏽 family 👨‍👩‍👧 flags 🇫🇷",
    "control\x00chars\x07 here\u200b\ufeff and\ufffd",
    "a" * 101,
    "b" * 100,
    "ж" * 60,
    "hash##tag ##start end## # ##",
    "£10 + $5 = €15 ~ 100% <tag> a|b ^ `x`",
    "[CLS] [UNK] [MASK] text",
    "mixed\u00a0space\u2028line\u2029para",
    "\x1c\x1d\x1e\x1f between",
    "صباح الخير שלום",
    "e\u0301 combining",
    "\U0002b820\U0002b920 edge of the sixth CJK range",
]


def hf_tokenizer(vocab_path: Path, lowercase: bool):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    tokenizer = Tokenizer(models.WordPiece.from_file(str(vocab_path), unk_token="[UNK]", max_input_chars_per_word=100))
    tokenizer.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=lowercase
    )
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    # Like a model's tokenizer (and ours), keep the special tokens whole when they are typed in the text.
    tokenizer.add_special_tokens(list(Vocab.load(vocab_path).special_tokens))
    return tokenizer


def differing_lines(ours: WordPieceTokenizer, theirs, lines: list[str]) -> list[tuple[str, list[str], list[str]]]:
    encoded = theirs.encode_batch(lines, add_special_tokens=False)
    return [
        (line, mine, peer.tokens)
        for line, peer in zip(lines, encoded, strict=True)
        if (mine := ours.tokenize(line)) != peer.tokens
    ]


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "uncased"])
def test_normalizer_and_pretokenizer_match_hf_on_every_line(book_text, lowercase):
    from tokenizers import normalizers, pre_tokenizers

    peer_normalizer = normalizers.BertNormalizer(lowercase=lowercase, strip_accents=None)
    peer_split = pre_tokenizers.BertPreTokenizer()
    ours = BertNormalizer(lowercase=lowercase)
    for line in [*book_text.split("\n"), *EDGE_CASES]:
        normalized = peer_normalizer.normalize_str(line)
        assert ours(line) == normalized, line
        assert bert_split(normalized) == [w for w, _ in peer_split.pre_tokenize_str(normalized)], line


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "uncased"])
def test_vocab_trained_on_the_book_gives_hf_tokens_on_every_line(book_text, tmp_path, lowercase, trained_book_vocab):
    vocab = trained_book_vocab(lowercase)
    path = vocab.save(tmp_path / "vocab.txt")
    ours = WordPieceTokenizer(Vocab.load(path), lowercase=lowercase)
    lines = [*book_text.split("\n"), *EDGE_CASES]
    assert differing_lines(ours, hf_tokenizer(path, lowercase), lines) == []
    # The vocab is a real one: most book words are whole tokens, some are split.
    tokens = ours.tokenize(book_text)
    assert sum(t.startswith("##") for t in tokens) > 1000
    assert tokens.count("[UNK]") == 0


def test_bert_uncased_vocab_gives_hf_tokens_on_every_line(book_text, bert_vocab_path):
    vocab = Vocab.load(bert_vocab_path)
    assert len(vocab) == 30522
    ours = WordPieceTokenizer(vocab, lowercase=True)
    lines = [*book_text.split("\n"), *EDGE_CASES]
    assert differing_lines(ours, hf_tokenizer(bert_vocab_path, True), lines) == []


def test_bert_cased_pipeline_with_uncased_vocab_matches_hf(book_text, bert_vocab_path):
    """Cased text against an uncased vocab: capitalised words fall back to pieces or [UNK]."""
    ours = WordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=False)
    lines = book_text.split("\n")[:400] + EDGE_CASES
    assert differing_lines(ours, hf_tokenizer(bert_vocab_path, False), lines) == []


def test_ids_match_hf(bert_vocab_path):
    ours = WordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=True)
    text = "Fifteen men on the dead man's chest, yo-ho-ho, and a bottle of rum!"
    assert ours.encode(text) == hf_tokenizer(bert_vocab_path, True).encode(text, add_special_tokens=False).ids
