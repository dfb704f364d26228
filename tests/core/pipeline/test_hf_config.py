"""tokenizer_config.json / special_tokens_map.json both ways, and a vocab.txt read with what is beside it."""

from __future__ import annotations

import json
import warnings

import pytest

from wordpiece_lib import BertNormalizer, Padding, Template, Vocab, WordPieceTokenizer
from wordpiece_lib.pipeline import CasingGuess, special_roles, transformers_config

TOKENS = ["<pad>", "<unk>", "<s>", "</s>", "<mask>", "hello", "world", "hug", "##s", "é", "e"]


def angle_tokenizer(**options) -> WordPieceTokenizer:
    vocab = Vocab(TOKENS, unk_token="<unk>")
    return WordPieceTokenizer(vocab, special_tokens=TOKENS[:5], template=Template.bert("<s>", "</s>"), **options)


def test_roles_are_found_from_what_the_tokenizer_does_with_each_token():
    assert special_roles(angle_tokenizer()) == {
        "unk_token": "<unk>",
        "sep_token": "</s>",
        "pad_token": "<pad>",
        "cls_token": "<s>",
        "mask_token": "<mask>",
    }
    # The padding's token is the pad role even when its name says nothing.
    vocab = Vocab(["[UNK]", "[CLS]", "[SEP]", "<blank>", "a"])
    tokenizer = WordPieceTokenizer(vocab, special_tokens=["[UNK]", "[CLS]", "[SEP]", "<blank>"])
    tokenizer.padding = Padding(pad_id=3, pad_token="<blank>")
    assert special_roles(tokenizer)["pad_token"] == "<blank>"


def test_config_carries_every_setting_bert_tokenizer_reads():
    tokenizer = angle_tokenizer(normalizer=BertNormalizer(strip_accents=True, handle_chinese_chars=False))
    config, special_map = transformers_config(tokenizer)
    assert (config["do_lower_case"], config["strip_accents"], config["tokenize_chinese_chars"]) == (False, True, False)
    assert config["unk_token"] == special_map["unk_token"] == "<unk>"
    assert config["cls_token"] == "<s>" and config["mask_token"] == "<mask>"
    uncased, _ = transformers_config(WordPieceTokenizer(Vocab(["[UNK]", "a"]), lowercase=True))
    assert uncased["strip_accents"] is True  # None in the normalizer: follows lowercase, written out


def test_a_vocab_reads_the_config_beside_it(tmp_path):
    """Google's BERT layout: vocab.txt with tokenizer_config.json saying do_lower_case (the issue's example)."""
    (tmp_path / "vocab.txt").write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", *TOKENS[5:]]) + "\n")
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"do_lower_case": True}))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tokenizer = WordPieceTokenizer.from_file(tmp_path / "vocab.txt")
    assert tokenizer.tokenize("Hello World") == ["hello", "world"]
    assert tokenizer.encode_plus("Héllo").tokens == ["[CLS]", "hello", "[SEP]"]
    # special_tokens_map.json gives the roles under their real names; the config wins where both speak.
    (tmp_path / "vocab.txt").write_text("\n".join(TOKENS) + "\n")
    (tmp_path / "special_tokens_map.json").write_text(
        json.dumps({"unk_token": {"content": "<unk>"}, "cls_token": "<s>", "sep_token": "</s>", "mask_token": "<mask>"})
    )
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"do_lower_case": False, "strip_accents": True}))
    tokenizer = WordPieceTokenizer.from_file(tmp_path / "vocab.txt")
    assert tokenizer.vocab.unk_token == "<unk>"
    assert tokenizer.encode_plus("é Hello <mask>").tokens == ["<s>", "e", "<unk>", "<mask>", "</s>"]
    assert WordPieceTokenizer.from_file(tmp_path / "vocab.txt", lowercase=True).tokenize("Hello") == ["hello"]
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"do_lower_case": "yes"}))
    with pytest.raises(ValueError, match="do_lower_case must be true or false"):
        WordPieceTokenizer.from_file(tmp_path / "vocab.txt")


@pytest.mark.parametrize(
    ("tokens", "lowercase", "said"),
    [(["[UNK]", "hello", "world"], True, "looks uncased"), (["[UNK]", "Hello", "world"], False, "read as cased")],
)
def test_a_vocab_alone_says_which_casing_it_took_and_why(tmp_path, tokens, lowercase, said):
    (tmp_path / "vocab.txt").write_text("\n".join(tokens) + "\n")
    with pytest.warns(CasingGuess, match=said) as caught:
        tokenizer = WordPieceTokenizer.from_file(tmp_path / "vocab.txt")
    assert len(caught) == 1 and str(tmp_path / "vocab.txt") in str(caught[0].message)
    assert tokenizer.lowercase is lowercase
    assert tokenizer.tokenize("Hello world") == (["hello", "world"] if lowercase else ["Hello", "world"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # saying the casing silences the guess
        assert WordPieceTokenizer.from_file(tmp_path / "vocab.txt", lowercase=not lowercase).lowercase is not lowercase


def test_offsets_of_a_precomposed_letter_followed_by_a_lower_class_mark_match_hf():
    tokenizers = pytest.importorskip("tokenizers")
    vocab = Vocab(["[UNK]", "u\u302f", "e\u302e", "a"])
    ours = WordPieceTokenizer(vocab, normalizer=BertNormalizer(strip_accents=True), template=None)
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))
    for text in ("\u016d\u302f", "a \u00c8\u302e a", "\u00c8\u0316\u302e"):
        assert ours.encode_plus(text).offsets == peer.encode(text).offsets, text
    assert ours.encode_plus("\u016d\u302f").offsets == [(0, 2)]
