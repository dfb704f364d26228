"""Every Hugging Face loader against ours on the folders we save, and ours on the tokenizers Hugging Face saves.

Each case saves a tokenizer as a folder, loads it with ``tokenizers.Tokenizer.from_file``,
``AutoTokenizer``, ``PreTrainedTokenizerFast``, ``BertTokenizer`` (``BertTokenizerFast`` is the
same class in ``transformers`` 5) and ``BertWordPieceTokenizer(vocab.txt)``, and compares every
field of every encoding (ids, tokens, offsets, word ids, type ids, sequence ids, masks), the
roles transformers gives the special tokens, and decoding, on hypothesis text. The rows of
``docs/hf-differences.md`` are the only places where a loader is allowed to differ; each test
that meets one says which row.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from text_helpers import QUICK, mixed_texts

from wordpiece_lib import BertNormalizer, Template, Vocab, WordPieceTokenizer
from wordpiece_lib.pipeline import FIELDS

tokenizers = pytest.importorskip("tokenizers")
transformers = pytest.importorskip("transformers")

from tokenizers.implementations import BertWordPieceTokenizer  # noqa: E402

TROUBLEMAKERS = "aZé#\u0130\u03a3 ,.!?'\t\x00\u200b\u0301\u0308\u302f\u016d我野👍\ufb01"
FRAGMENTS = ("[MASK]", "<mask>", "[SEP]", "</s>", "<ent>", "<ENT>", "hug", "##s", " ", "Hello", "World", "naïve")
TEXT = mixed_texts(TROUBLEMAKERS, FRAGMENTS, max_size=20)

NORMALIZERS = {
    "uncased": BertNormalizer(lowercase=True),
    "cased": BertNormalizer(),
    "cased-strip-accents": BertNormalizer(strip_accents=True),
    "lowercase-keep-accents": BertNormalizer(lowercase=True, strip_accents=False),
    "no-chinese": BertNormalizer(lowercase=True, handle_chinese_chars=False),
}
#: BERT's specials, and the same ids under RoBERTa-style names (no name transformers would guess).
NAMES = {
    "bert": {"[PAD]": "[PAD]", "[UNK]": "[UNK]", "[CLS]": "[CLS]", "[SEP]": "[SEP]", "[MASK]": "[MASK]"},
    "angle": {"[PAD]": "<pad>", "[UNK]": "<unk>", "[CLS]": "<s>", "[SEP]": "</s>", "[MASK]": "<mask>"},
}


@pytest.fixture(scope="module")
def bert_tokens(bert_vocab_path) -> tuple[str, ...]:
    return Vocab.load(bert_vocab_path).tokens


def make_tokenizer(bert_tokens, names: str, normalizer: BertNormalizer, **options) -> WordPieceTokenizer:
    rename = NAMES[names]
    vocab = Vocab([rename.get(token, token) for token in bert_tokens], unk_token=rename["[UNK]"])
    options.setdefault("template", Template.bert(rename["[CLS]"], rename["[SEP]"]))
    return WordPieceTokenizer(vocab, normalizer=normalizer, special_tokens=list(rename.values()), **options)


def save_folder(tokenizer: WordPieceTokenizer, folder: Path) -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a folder every loader reads the same must save without a warning
        return tokenizer.save(folder / "saved")


def loaders(folder: Path, *, bert_class: bool = True) -> dict[str, object]:
    out: dict[str, object] = {
        "Tokenizer.from_file": tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json")),
        "AutoTokenizer": transformers.AutoTokenizer.from_pretrained(str(folder)),
        "PreTrainedTokenizerFast": transformers.PreTrainedTokenizerFast.from_pretrained(str(folder)),
    }
    if bert_class:
        out["BertTokenizerFast"] = transformers.BertTokenizerFast.from_pretrained(str(folder))
    return out


def peer_encoding(loader, text: str, pair: str | None, add_special_tokens: bool):
    if isinstance(loader, (transformers.PreTrainedTokenizerBase, _AsPeer)):
        return loader(text, pair, add_special_tokens=add_special_tokens).encodings[0]
    return loader.encode(text, pair, add_special_tokens=add_special_tokens)


def differences(ours: WordPieceTokenizer, peers: dict[str, object], text: str, pair: str | None) -> list[str]:
    found = []
    for add_special_tokens in (True, False):
        for name, loader in peers.items():
            # docs/hf-differences.md, row "empty second text": transformers reads pair="" as no pair at all.
            is_transformers = isinstance(loader, transformers.PreTrainedTokenizerBase)
            mine = ours.encode_plus(
                text, pair or None if is_transformers else pair, add_special_tokens=add_special_tokens
            )
            theirs = peer_encoding(loader, text, pair, add_special_tokens)
            found += [
                f"{name}: {field} on {text!r}/{pair!r}"
                for field in FIELDS
                if getattr(mine, field) != getattr(theirs, field)
            ]
            if add_special_tokens:
                decoder = loader.backend_tokenizer if is_transformers else loader
                if ours.decode(mine.ids) != decoder.decode(mine.ids):
                    found.append(f"{name}: decode on {text!r}")
    return found


def check_roles(ours: WordPieceTokenizer, names: str, peers: dict[str, object]) -> None:
    rename = NAMES[names]
    for name, loader in peers.items():
        if not isinstance(loader, transformers.PreTrainedTokenizerBase):
            continue
        roles = (loader.unk_token, loader.pad_token, loader.cls_token, loader.sep_token, loader.mask_token)
        assert roles == tuple(rename[token] for token in ("[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]")), name
        assert loader.convert_tokens_to_ids("qqqzzzxxx") == ours.vocab.unk_id, name
        batch = loader(["hug", "a b c d"], padding=True)["input_ids"]
        assert batch[0][-1] == ours.vocab[rename["[PAD]"]], name


@pytest.mark.parametrize("names", sorted(NAMES))
@pytest.mark.parametrize("setting", sorted(NORMALIZERS))
def test_saved_folders_load_the_same_in_every_loader(bert_tokens, tmp_path, setting, names):
    ours = make_tokenizer(bert_tokens, names, NORMALIZERS[setting])
    folder = save_folder(ours, tmp_path)
    peers = loaders(folder)
    check_roles(ours, names, peers)
    for loaded in (WordPieceTokenizer.from_file(folder), WordPieceTokenizer.from_file(folder / "vocab.txt")):
        peers_and_ours = {"ours reloaded": _AsPeer(loaded)}
        assert differences(ours, peers_and_ours, "Hello Wörld <mask> [MASK] 野", "naïve") == []

    @settings(QUICK, max_examples=40)
    @given(text=TEXT, pair=st.one_of(st.none(), TEXT))
    def same(text, pair):
        assert differences(ours, peers, text, pair) == []

    same()


class _AsPeer:
    """Our tokenizer behind the peers' ``encode`` / ``decode`` (to compare a reloaded one with the same code)."""

    def __init__(self, tokenizer: WordPieceTokenizer) -> None:
        self.tokenizer = tokenizer

    def __call__(self, text, pair, add_special_tokens):
        return _Encodings(self.tokenizer.encode_plus(text, pair, add_special_tokens=add_special_tokens))

    def decode(self, ids):
        return self.tokenizer.decode(ids)


class _Encodings:
    def __init__(self, encoding) -> None:
        self.encodings = [encoding]


@pytest.mark.parametrize("setting", ["uncased", "cased", "cased-strip-accents", "no-chinese"])
def test_bert_word_piece_tokenizer_reads_the_saved_vocab_with_the_config_settings(bert_tokens, tmp_path, setting):
    # BertWordPieceTokenizer reads vocab.txt alone; its settings are keyword arguments, taken from our config here.
    ours = make_tokenizer(bert_tokens, "bert", NORMALIZERS[setting])
    folder = save_folder(ours, tmp_path)
    config = json.loads((folder / "tokenizer_config.json").read_text())
    peer = BertWordPieceTokenizer(
        str(folder / "vocab.txt"),
        lowercase=config["do_lower_case"],
        strip_accents=config["strip_accents"],
        handle_chinese_chars=config["tokenize_chinese_chars"],
    )

    @settings(QUICK, max_examples=60)
    @given(text=TEXT, pair=st.one_of(st.none(), TEXT))
    def same(text, pair):
        assert differences(ours, {"BertWordPieceTokenizer": peer}, text, pair) == []

    same()


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"normalizer": BertNormalizer(lowercase=True, clean_text=False)}, "clean_text=False"),
        ({"max_input_chars_per_word": 7}, "max_input_chars_per_word=7"),
        ({"pretokenizer": "whitespace"}, "pretokenizer='whitespace'"),
        ({"template": None}, "template=None"),
    ],
    ids=["clean_text", "max_chars", "whitespace", "no-template"],
)
def test_settings_bert_tokenizer_cannot_take_warn_and_reach_the_other_loaders(bert_tokens, tmp_path, options, named):
    """docs/hf-differences.md, row "BertTokenizer hard-codes": save warns once, naming the loaders that keep it."""
    normalizer = options.pop("normalizer", NORMALIZERS["uncased"])
    ours = make_tokenizer(bert_tokens, "bert", normalizer, **options)
    with pytest.warns(UserWarning) as caught:
        folder = ours.save(tmp_path / "saved")
    assert len(caught) == 1
    message = str(caught[0].message)
    assert named in message and "BertTokenizer" in message and "AutoTokenizer" in message
    assert "\n" not in message
    peers = loaders(folder, bert_class=False)

    @settings(QUICK, max_examples=25)
    @given(text=TEXT, pair=st.one_of(st.none(), TEXT))
    def same(text, pair):
        assert differences(ours, peers, text, pair) == []

    same()
    # And BertTokenizer does differ on a text that shows the setting (else the warning would be noise).
    bert = transformers.BertTokenizerFast.from_pretrained(str(folder))
    probe = "a\x07b extraordinarily x-y"
    assert bert(probe)["input_ids"] != ours.encode_plus(probe).ids


HF_ADDED = (
    ("<ent>", {}),  # add_tokens' defaults: normalized, not special
    ("<X>", {"lstrip": True, "rstrip": True, "normalized": False}),
    ("Zq", {"single_word": True}),
    ("hug", {"normalized": False}),  # already in the vocab: keeps its id
)
ADDED_TEXT = st.lists(
    st.one_of(
        st.sampled_from(["<ent>", "<ENT>", "<X>", " <X> ", "Zq", "aZq", "Zq!", "hug", "<sp>", "<Sp>", " ", "é"]),
        st.sampled_from(TROUBLEMAKERS),
        st.characters(codec="utf-8"),
    ),
    max_size=14,
).map("".join)


@pytest.mark.parametrize("setting", ["cased-strip-accents", "uncased"])
def test_a_tokenizer_extended_in_hf_loads_encodes_saves_and_loads_back_everywhere(bert_vocab_path, tmp_path, setting):
    normalizer = NORMALIZERS[setting]
    hf = transformers.BertTokenizerFast(
        vocab=str(bert_vocab_path), do_lower_case=normalizer.lowercase, strip_accents=normalizer.strips_accents
    )
    hf.add_tokens([tokenizers.AddedToken(content, **switches) for content, switches in HF_ADDED])
    hf.add_special_tokens({"additional_special_tokens": ["<sp>"]})
    hf.save_pretrained(str(tmp_path / "hf"))
    ours = WordPieceTokenizer.from_file(tmp_path / "hf")
    assert ours.token_ids["<ent>"] == len(ours.vocab) == 30522 and ours.token_ids["<sp>"] == 30525
    assert ours.token_ids["hug"] == hf.convert_tokens_to_ids("hug") < 30522  # in the vocab already: its own id
    peers = {"made in HF": hf, **loaders(tmp_path / "hf")}
    folder = save_folder(ours, tmp_path)
    peers.update({f"{name} (our folder)": loader for name, loader in loaders(folder).items()})
    peers["ours reloaded"] = _AsPeer(WordPieceTokenizer.from_file(folder))

    @settings(QUICK, max_examples=50)
    @given(text=ADDED_TEXT, pair=st.one_of(st.none(), ADDED_TEXT))
    def same(text, pair):
        assert differences(ours, peers, text, pair) == []

    same()
    saved = json.loads((folder / "tokenizer.json").read_text())
    assert saved["added_tokens"] == json.loads((tmp_path / "hf" / "tokenizer.json").read_text())["added_tokens"]


def test_tokens_we_add_reach_every_loader(bert_tokens, tmp_path):
    ours = make_tokenizer(bert_tokens, "angle", NORMALIZERS["cased-strip-accents"])
    assert ours.add_tokens(["<ent>", "Zq"]) == 2
    assert ours.add_tokens(["<sp>"], special=True) == 1
    folder = save_folder(ours, tmp_path)
    peers = loaders(folder)
    check_roles(ours, "angle", peers)
    for name, loader in peers.items():
        if isinstance(loader, transformers.PreTrainedTokenizerBase):
            assert len(loader) == len(bert_tokens) + 3, name
            assert "<sp>" in loader.all_special_tokens, name

    @settings(QUICK, max_examples=50)
    @given(text=ADDED_TEXT, pair=st.one_of(st.none(), ADDED_TEXT))
    def same(text, pair):
        assert differences(ours, peers, text, pair) == []

    same()


# -- truncation, padding and overflow -----------------------------------------------------------------------------

WORDS = st.lists(
    st.sampled_from(["hug", "hugs", "pug", "the", "island", "naïve", "!", "Hello", "野"]), max_size=14
).map(" ".join)
TRUNCATIONS = st.builds(
    dict,
    max_length=st.integers(0, 14),
    stride=st.integers(0, 5),
    strategy=st.sampled_from(["longest_first", "only_first", "only_second"]),
    direction=st.sampled_from(["right", "left"]),
)


def tree(encoding) -> tuple:
    """Every field of an encoding and, nested, of its overflowing windows."""
    return tuple(getattr(encoding, field) for field in FIELDS), tuple(map(tree, encoding.overflowing))


@pytest.fixture(scope="module")
def bert_ours(bert_tokens) -> WordPieceTokenizer:
    return make_tokenizer(bert_tokens, "bert", NORMALIZERS["uncased"])


@settings(QUICK, max_examples=200)
@given(options=TRUNCATIONS, pad=st.sampled_from([None, 0, 16]), text=WORDS, pair=st.one_of(st.none(), WORDS))
def test_truncation_padding_and_overflow_match_tokenizers(bert_ours, options, pad, text, pair):
    """Every window, nested as tokenizers nests a pair's windows; the same refusals at the same moment."""
    from wordpiece_lib import Padding, Truncation

    peer = tokenizers.Tokenizer.from_str(json.dumps(bert_ours.to_json()))
    try:
        peer.enable_truncation(**options)
        peer_refused = None
    except Exception as error:  # the refusal itself is what is compared
        peer_refused = error
    try:
        truncation = Truncation(**options)
        ours = WordPieceTokenizer(
            bert_ours.vocab,
            normalizer=bert_ours.normalize,
            special_tokens=bert_ours.special_tokens,
            truncation=truncation,
            padding=None if pad is None else Padding(pad or None),
        )
        ours_refused = None
    except ValueError as error:
        ours_refused = error
    assert (ours_refused is None) == (peer_refused is None), (ours_refused, peer_refused)
    if ours_refused is not None:
        return
    if pad is not None:
        peer.enable_padding(length=pad or None)
    for add_special_tokens in (True, False):
        try:
            theirs = tree(peer.encode(text, pair, add_special_tokens=add_special_tokens))
        except BaseException as error:  # a panic on a pair's too-large stride
            if isinstance(error, KeyboardInterrupt):
                raise
            theirs = "refused"
        try:
            mine = tree(ours.encode_plus(text, pair, add_special_tokens=add_special_tokens))
        except ValueError:
            mine = "refused"
        assert mine == theirs


def test_overflow_rows_match_transformers_return_overflowing_tokens(bert_ours, tmp_path):
    """transformers' rows: the encoding, then its overflowing windows (one level), with overflow_to_sample_mapping."""
    from wordpiece_lib import Truncation

    folder = save_folder(bert_ours, tmp_path)
    loaded = transformers.AutoTokenizer.from_pretrained(str(folder))
    questions = ["who hugs the pug?", "naïve island"]
    contexts = ["the pug hugs " * 9, "Hello island hugs pug the island " * 3]
    for kwargs, pairs in (
        ({"max_length": 16, "stride": 3, "truncation": "only_second"}, True),
        ({"max_length": 9, "stride": 2, "truncation": True}, False),
    ):
        ours = WordPieceTokenizer(
            bert_ours.vocab,
            normalizer=bert_ours.normalize,
            special_tokens=bert_ours.special_tokens,
            truncation=Truncation(
                kwargs["max_length"], stride=kwargs["stride"], strategy="only_second" if pairs else "longest_first"
            ),
        )
        inputs = (questions, contexts) if pairs else (contexts,)
        theirs = loaded(*inputs, return_overflowing_tokens=True, return_offsets_mapping=True, **kwargs)
        rows, mapping = [], []
        for index, encoding in enumerate(ours.encode_batch(list(zip(*inputs)) if pairs else contexts)):
            rows += [encoding, *encoding.overflowing]
            mapping += [index] * (1 + len(encoding.overflowing))
        assert theirs["overflow_to_sample_mapping"] == mapping
        assert theirs["input_ids"] == [row.ids for row in rows]
        assert theirs["offset_mapping"] == [row.offsets for row in rows]
        assert theirs["token_type_ids"] == [row.type_ids for row in rows]
        assert len(rows) > len(contexts)  # the contexts did overflow


@pytest.mark.parametrize("setting", ["uncased", "cased"])
def test_no_pre_tokenizer_loads_and_encodes_as_hf(tmp_path, setting):
    """``"pre_tokenizer": null``: the whole normalized text is one word, spaces included."""
    vocab = Vocab(["[UNK]", "[CLS]", "[SEP]", "[PAD]", "a", "b", "a b", "##a", "##b", "## b", "é", "##é"])
    ours = WordPieceTokenizer(vocab, normalizer=NORMALIZERS[setting], max_input_chars_per_word=9)
    data = ours.to_json()
    data["pre_tokenizer"] = None
    ours = WordPieceTokenizer.from_json(data)
    assert ours.pretokenizer == "none" and ours.to_json()["pre_tokenizer"] is None
    peer = tokenizers.Tokenizer.from_str(json.dumps(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # BertTokenizer cannot take it: row 1
        folder = ours.save(tmp_path / "saved")
    peers = {"from_str": peer, **loaders(folder, bert_class=False)}
    text = st.lists(st.sampled_from(["a", "b", " ", "A", "é", "É", "\u0301", "[SEP]", "我", "\x00"]), max_size=12)

    @settings(QUICK, max_examples=80)
    @given(text=text.map("".join), pair=st.one_of(st.none(), text.map("".join)))
    def same(text, pair):
        assert differences(ours, peers, text, pair) == []

    same()
