"""``tokenizer.json`` both ways, the files saved beside a vocab, and settings changed after first use."""

from __future__ import annotations

import json

import pytest

from wordpiece_lib import (
    AddedToken,
    BertNormalizer,
    Padding,
    Template,
    Truncation,
    Vocab,
    WordPieceDecoder,
    WordPieceTokenizer,
    encode_word,
)
from wordpiece_lib.pipeline import CasingGuess
from wordpiece_lib.side_files import settings_path

tokenizers = pytest.importorskip("tokenizers")

VOCAB = Vocab(["[UNK]", "<pad>", "<s>", "</s>", "<mask>", "hug", "@@s", "p", "@@u", "@@g", "é", "e", "##s"])
TEXTS = ["hugs pug", "HUGS  Pug <mask> x", "  <mask> hugé pugs hugs", "a\tb\u3000c"]


def every_setting_changed() -> WordPieceTokenizer:
    """A tokenizer where every setting differs from the default."""
    return WordPieceTokenizer(
        VOCAB,
        normalizer=BertNormalizer(strip_accents=True, clean_text=False, handle_chinese_chars=False),
        pretokenizer="whitespace",
        prefix="@@",
        max_input_chars_per_word=17,
        special_tokens=[AddedToken("<pad>"), AddedToken("<mask>", lstrip=True), AddedToken("<s>"), AddedToken("</s>")],
        template=Template("<s> $A </s>", "<s> $A </s> </s> $B:1 </s>:1"),
        truncation=Truncation(50, strategy="only_first", direction="left", stride=3),
        padding=Padding(60, direction="left", pad_to_multiple_of=8, pad_id=1, pad_token="<pad>"),
        decoder=WordPieceDecoder("@@", cleanup=False),
    )


def settings_of(tokenizer: WordPieceTokenizer) -> dict:
    return {
        "vocab": tokenizer.vocab.tokens,
        "unk": tokenizer.vocab.unk_token,
        "normalizer": tokenizer.normalize,
        "lowercase": tokenizer.lowercase,
        "pretokenizer": tokenizer.pretokenizer,
        "prefix": tokenizer.prefix,
        "max_input_chars_per_word": tokenizer.max_input_chars_per_word,
        "special_tokens": tokenizer.special_tokens,
        "template": tokenizer.template,
        "truncation": tokenizer.truncation,
        "padding": tokenizer.padding,
        "decoder": tokenizer.decoder,
    }


def test_round_trip_ours_hf_ours_keeps_every_setting(tmp_path):
    ours = every_setting_changed()
    path = ours.save(tmp_path / "tokenizer.json")
    peer = tokenizers.Tokenizer.from_file(str(path))
    peer.save(str(tmp_path / "by_hf.json"))
    assert json.loads((tmp_path / "by_hf.json").read_text(encoding="utf-8")) == ours.to_json()  # HF's own format
    back = WordPieceTokenizer.from_file(tmp_path / "by_hf.json")
    assert settings_of(back) == settings_of(ours)
    for text in TEXTS:
        assert back.encode_plus(text) == ours.encode_plus(text)
        assert back.encode_plus(text).ids == peer.encode(text).ids
        assert back.encode_plus(text).offsets == peer.encode(text).offsets


def test_hf_built_tokenizer_round_trips_through_ours(tmp_path):
    """HF -> ours -> HF: the JSON Hugging Face wrote comes back unchanged."""
    from tokenizers import AddedToken as HfAddedToken
    from tokenizers import decoders, models, normalizers, pre_tokenizers, processors

    peer = tokenizers.Tokenizer(
        models.WordPiece({t: i for i, t in enumerate(VOCAB)}, unk_token="[UNK]", continuing_subword_prefix="@@")
    )
    peer.normalizer = normalizers.BertNormalizer(lowercase=True, strip_accents=False)
    peer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    peer.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", pair="<s> $A </s> $B:1 </s>:1", special_tokens=[("<s>", 2), ("</s>", 3)]
    )
    peer.decoder = decoders.WordPiece(prefix="@@")
    peer.add_special_tokens([HfAddedToken("<mask>", rstrip=True, normalized=False), "<s>", "</s>"])
    peer.enable_truncation(20, strategy="only_second", direction="left")
    peer.enable_padding(direction="right", pad_id=1, pad_token="<pad>", length=None, pad_to_multiple_of=4)
    data = json.loads(peer.to_str())
    ours = WordPieceTokenizer.from_json(data)
    assert ours.to_json() == data
    assert ours.lowercase and ours.normalize.strip_accents is False and ours.prefix == "@@"


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda t: setattr(t, "model", __import__("tokenizers").models.BPE()), "unsupported model 'BPE'"),
        (
            lambda t: setattr(t, "normalizer", __import__("tokenizers").normalizers.ByteLevel()),
            "unsupported normalizer 'ByteLevel'",
        ),
        (lambda t: setattr(t, "pre_tokenizer", __import__("tokenizers").pre_tokenizers.Metaspace()), "'Metaspace'"),
        (
            lambda t: setattr(t, "pre_tokenizer", __import__("tokenizers").pre_tokenizers.UnicodeScripts()),
            "unsupported pre_tokenizer 'UnicodeScripts'",
        ),
        (
            lambda t: setattr(t, "decoder", __import__("tokenizers").decoders.CTC()),
            "unsupported decoder 'CTC'",
        ),
    ],
    ids=[
        "bpe-model",
        "byte-level-normalizer",
        "metaspace",
        "unicode-scripts",
        "ctc-decoder",
    ],
)
def test_unsupported_components_are_refused_by_name(change, named):
    peer = tokenizers.Tokenizer.from_str(json.dumps(every_setting_changed().to_json()))
    change(peer)
    with pytest.raises(ValueError, match=__import__("re").escape(named)):
        WordPieceTokenizer.from_json(json.loads(peer.to_str()))


def test_unwritable_settings_are_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match=r"'gpt2' pre-tokenizer has no exact tokenizer\.json equivalent"):
        WordPieceTokenizer(VOCAB, pretokenizer="gpt2").save(tmp_path / "t.json")
    with pytest.raises(ValueError, match="a normalizer function cannot be written"):
        WordPieceTokenizer(VOCAB, normalizer=str.lower).save(tmp_path / "t.json")
    assert not list(tmp_path.iterdir())


def test_broken_files_give_one_clear_error(tmp_path):
    (tmp_path / "broken.json").write_text('{"model": ', encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json is not valid JSON"):
        WordPieceTokenizer.from_file(tmp_path / "broken.json")
    (tmp_path / "gaps.json").write_text(
        json.dumps(
            {
                "pre_tokenizer": {"type": "BertPreTokenizer"},
                "model": {
                    "type": "WordPiece",
                    "unk_token": "[UNK]",
                    "continuing_subword_prefix": "##",
                    "max_input_chars_per_word": 100,
                    "vocab": {"[UNK]": 0, "a": 2},
                },
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match=r"gives 'a' the id 2; ids must be 0 \.\.\. 1"):
        WordPieceTokenizer.from_file(tmp_path / "gaps.json")
    with pytest.raises(FileNotFoundError, match=r"holds no tokenizer\.json"):
        WordPieceTokenizer.from_file(tmp_path)


def test_vocab_txt_travels_with_its_settings(tmp_path):
    ours = WordPieceTokenizer(VOCAB, lowercase=True, pretokenizer="whitespace", prefix="@@", template=None)
    path = ours.save(tmp_path / "vocab.txt")
    assert Vocab.load(path) == VOCAB
    assert settings_path(path).name == "vocab.txt.settings.json"
    loaded = WordPieceTokenizer.from_file(path)
    assert settings_of(loaded) == settings_of(ours)
    assert WordPieceTokenizer.from_file(path).tokenize("HUGS pug") == ["hug", "@@s", "p", "@@u", "@@g"]
    settings_path(path).unlink()  # without it: the defaults, and the casing the vocab's letters suggest, said
    with pytest.warns(CasingGuess, match="looks uncased"):
        alone = WordPieceTokenizer.from_file(path)
    assert alone.prefix == "##" and alone.lowercase is True
    with pytest.raises(ValueError, match="holds the settings of a vocab"):
        ours.save(tmp_path / "again.txt")
        WordPieceTokenizer.from_file(tmp_path / "again.txt.settings.json")


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("prefix", "@@"),
        ("max_input_chars_per_word", 3),
        ("lowercase", True),
        ("pretokenizer", "whitespace"),
        ("special_tokens", []),
        ("normalize", BertNormalizer(lowercase=True, strip_accents=False)),
    ],
)
def test_settings_changed_after_first_use_take_effect(setting, value):
    text = "HUGS, pugé <mask>hugs"
    tokenizer = WordPieceTokenizer(VOCAB, special_tokens=["<mask>"])
    before = tokenizer.tokenize(text)
    tokenizer.encode_plus(text)
    setattr(tokenizer, setting, value)
    fresh = WordPieceTokenizer(
        VOCAB,
        special_tokens=tokenizer.special_tokens,
        prefix=tokenizer.prefix,
        max_input_chars_per_word=tokenizer.max_input_chars_per_word,
        pretokenizer=tokenizer.pretokenizer,
        normalizer=tokenizer.normalize,
    )
    assert tokenizer.tokenize(text) == fresh.tokenize(text) != before
    assert tokenizer.encode_plus(text) == fresh.encode_plus(text)
    if "<mask>" not in text or setting == "special_tokens":
        expected = [
            t
            for w in tokenizer.words(text)
            for t in encode_word(
                w, VOCAB, prefix=tokenizer.prefix, max_input_chars_per_word=tokenizer.max_input_chars_per_word
            )
        ]
        assert tokenizer.tokenize(text) == expected


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: WordPieceTokenizer(VOCAB, template=Template("$A </s>", "$A </s> $A")),
            ValueError,
            "must hold $A and $B once",
        ),
        (
            lambda: WordPieceTokenizer(VOCAB, template=Template.bert()),
            ValueError,
            "template token '[CLS]' is not in the vocab",
        ),
        (
            lambda: WordPieceTokenizer(VOCAB, special_tokens=["[MASK]"], template=Template.bert("[MASK]", "[SEP]")),
            ValueError,
            "template token '[SEP]' is not in the vocab",
        ),
        (lambda: WordPieceTokenizer(VOCAB, padding=Padding(pad_token="<pad>")), ValueError, "but '<pad>' has id 1"),
        (lambda: Truncation(-1), ValueError, "max_length must be at least 0"),
        (lambda: Padding(direction="up"), ValueError, "direction must be one of 'right', 'left'"),
        (lambda: WordPieceTokenizer(VOCAB).encode_batch("hug"), TypeError, "inputs must be a list of texts"),
        (
            lambda: WordPieceTokenizer(VOCAB).encode_batch([("a", "b", "c")]),
            TypeError,
            "inputs[0] must be a str or a (text, pair)",
        ),
        (lambda: WordPieceTokenizer(VOCAB).encode_plus("a", 3), TypeError, "pair must be a str, got int"),
        (lambda: WordPieceTokenizer(VOCAB, template="nope"), TypeError, "template must be a Template, 'bert' or None"),
        (lambda: AddedToken(""), ValueError, "content must not be empty"),
        (
            lambda: WordPieceTokenizer(
                VOCAB, truncation=Truncation(4, stride=3), template=Template("<s> $A </s>", "<s> $A </s> $B")
            ),
            ValueError,
            "stride=3 is larger than the 2 tokens a text keeps (max_length=4 minus 2 special tokens)",
        ),
        (
            lambda: WordPieceTokenizer(VOCAB, truncation=Truncation(4, stride=4), template=None).encode_plus(
                "hug hug hug hug hug"
            ),
            ValueError,
            "stride=4 must be smaller than the 4 tokens",
        ),
    ],
)
def test_bad_settings_and_inputs_name_the_problem(make, error, message):
    with pytest.raises(error, match=__import__("re").escape(message)):
        make()


def test_added_tokens_beyond_the_vocab_keep_their_ids_and_switches():
    ours = WordPieceTokenizer(VOCAB, lowercase=True, template=None)
    assert ours.add_tokens(["<Ent>", AddedToken(" <x> ", special=False, lstrip=True)]) == 2
    assert ours.add_tokens(["<Ent>"]) == 0  # already there
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))
    for text in ["hug <ENT> pug", "hug  <x>  é", "<ent><ent>"]:
        mine, theirs = ours.encode_plus(text), peer.encode(text)
        assert (mine.ids, mine.tokens, mine.offsets) == (theirs.ids, theirs.tokens, theirs.offsets), text
    data = ours.to_json()
    assert [(entry["id"], entry["normalized"]) for entry in data["added_tokens"]][-2:] == [(13, True), (14, False)]
    assert WordPieceTokenizer.from_json(data).encode("hug <ent>") == ours.encode("hug <ent>") == [5, 13]
    data["added_tokens"][-1]["id"] = 16
    with pytest.raises(ValueError, match=r"must take the ids 13, 14 \.\.\. in order, without gaps"):
        WordPieceTokenizer.from_json(data)


def test_max_length_below_the_special_tokens_leaves_the_text_uncut_as_hf():
    ours = WordPieceTokenizer(VOCAB, truncation=Truncation(1), template=Template("<s> $A </s>", "<s> $A </s> $B"))
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))
    assert ours.encode_plus("hug hug").tokens == peer.encode("hug hug").tokens == ["<s>", "hug", "hug", "</s>"]
    assert ours.encode_plus("hug hug").overflowing == [] == peer.encode("hug hug").overflowing


@pytest.mark.parametrize(
    ("remove", "named"),
    [
        (lambda data: data["model"].pop("unk_token"), "model has no unk_token"),
        (lambda data: data["model"].pop("max_input_chars_per_word"), "model has no max_input_chars_per_word"),
        (lambda data: data["normalizer"].pop("lowercase"), "normalizer has no lowercase"),
        (lambda data: data["added_tokens"][0].pop("rstrip"), "has no rstrip"),
    ],
    ids=["unk_token", "max_chars", "lowercase", "added-rstrip"],
)
def test_required_fields_are_required_as_in_hf(remove, named):
    data = WordPieceTokenizer(VOCAB, special_tokens=["<s>"]).to_json()
    remove(data)
    with pytest.raises(Exception):  # noqa: B017 - tokenizers' own error type; ours is checked below
        tokenizers.Tokenizer.from_str(json.dumps(data))
    with pytest.raises(ValueError, match=named):
        WordPieceTokenizer.from_json(data)
    data = WordPieceTokenizer(VOCAB).to_json()
    del data["normalizer"]["strip_accents"]  # optional in both: null, following lowercase
    tokenizers.Tokenizer.from_str(json.dumps(data))
    assert WordPieceTokenizer.from_json(data).normalize.strip_accents is None


def test_lone_surrogates_are_refused_as_in_hf():
    ours = WordPieceTokenizer(VOCAB)
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))
    text = "hug" + chr(0xDC80)
    with pytest.raises(TypeError):
        peer.encode(text)
    for call in (
        ours.tokenize,
        ours.encode,
        ours.encode_plus,
        lambda t: ours.encode_batch([t]),
        lambda t: ours.encode_plus("a", t),
    ):
        with pytest.raises(ValueError, match="lone surrogate"):
            call(text)


def test_clean_up_tokenization_spaces_is_transformers_second_pass(bert_tokenizer_json):
    transformers = pytest.importorskip("transformers")
    peer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tokenizers.Tokenizer.from_str(json.dumps(bert_tokenizer_json))
    )
    ours = WordPieceTokenizer.from_json(bert_tokenizer_json)
    ours.truncation = ours.padding = None
    for text in ["Jim's pug, he said. Isn't it?", "they're here ; we've 'm ok !", "do not go"]:
        ids = ours.encode(text)
        for clean in (True, False):
            assert ours.decode(ids, clean_up_tokenization_spaces=clean) == peer.decode(
                ids, clean_up_tokenization_spaces=clean
            )
