"""``compat="google"``: a preset (contradicting settings refused), its offsets, its files, and the default unchanged.

Its tokens are checked against Google's own file in ``tests/peers/test_google_bert.py``.
"""

from __future__ import annotations

import pickle

import pytest

from wordpiece_lib import BertNormalizer, Vocab, WordPieceTokenizer
from wordpiece_lib.text import GoogleNormalizer, GoogleWords

TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "[unused0]", "[", "]", ".", "!", "mask", "cl", "##s"]
TOKENS += ["a", "##a", "b", "##b", "οδος", "οδοσ", "σας", "i", "##i", "e", "##e", "我", "ᄒ", "##ᅡ", "##ᆫ", "\ue000"]


@pytest.fixture
def vocab() -> Vocab:
    return Vocab(TOKENS)


def test_the_default_is_hugging_faces_and_unchanged(vocab):
    tokenizer = WordPieceTokenizer(vocab, lowercase=True)
    assert tokenizer.compat == "huggingface" and tokenizer.max_input_chars_per_word == 100
    assert tokenizer.tokenize("[MASK] ΟΔΟΣ " + "a" * 150) == ["[MASK]", "οδοσ", "[UNK]"]


def test_the_google_mode_gives_googles_rules(vocab):
    tokenizer = WordPieceTokenizer(vocab, lowercase=True, compat="google")
    assert tokenizer.max_input_chars_per_word == 200
    assert tokenizer.tokenize("[MASK] ΟΔΟΣ a\ue000 " + "a" * 150) == [
        "[",
        "mask",
        "]",
        "οδος",
        "[UNK]",
        *["a"] + ["##a"] * 149,
    ]
    assert tokenizer.tokenize("[unused0]") == ["[", "[UNK]", "]"]
    keeping = WordPieceTokenizer(vocab, lowercase=True, compat="google", preserve_unused_tokens=True)
    assert keeping.preserve_unused_tokens and keeping.tokenize("[unused0] [UNUSED0]")[0] == "[unused0]"


def test_a_bad_compat_names_the_allowed_values(vocab):
    with pytest.raises(ValueError, match="compat must be one of 'huggingface', 'google', got 'tf'"):
        WordPieceTokenizer(vocab, compat="tf")
    with pytest.raises(ValueError, match="compat must be one of"):
        WordPieceTokenizer.from_file("vocab.txt", compat="Google")


@pytest.mark.parametrize(
    ("setting", "named"),
    [
        ({"max_input_chars_per_word": 100}, "max_input_chars_per_word=100 contradicts compat='google'"),
        ({"pretokenizer": "whitespace"}, "pretokenizer='whitespace' contradicts compat='google'"),
        ({"normalizer": BertNormalizer(lowercase=True)}, "normalizer=BertNormalizer.* contradicts compat='google'"),
    ],
)
def test_a_setting_contradicting_the_preset_is_refused_naming_both(vocab, setting, named):
    with pytest.raises(ValueError, match=named):
        WordPieceTokenizer(vocab, compat="google", **setting)


def test_settings_changed_later_are_checked_against_the_mode_too(vocab):
    tokenizer = WordPieceTokenizer(vocab, compat="google")
    with pytest.raises(ValueError, match="max_input_chars_per_word=100 contradicts compat='google'"):
        tokenizer.max_input_chars_per_word = 100
    with pytest.raises(ValueError, match="pretokenizer='gpt2' contradicts compat='google'"):
        tokenizer.pretokenizer = "gpt2"
    assert tokenizer.tokenize("ΟΔΟΣ") == ["[UNK]"]
    tokenizer.lowercase = True
    assert isinstance(tokenizer.normalize, GoogleNormalizer) and tokenizer.tokenize("ΟΔΟΣ") == ["οδος"]
    with pytest.raises(ValueError, match="preserve_unused_tokens is a setting of compat='google'"):
        WordPieceTokenizer(vocab, preserve_unused_tokens=True)
    assert WordPieceTokenizer(vocab, compat="google", max_input_chars_per_word=200).compat == "google"


def test_offsets_point_at_the_original_characters(vocab):
    tokenizer = WordPieceTokenizer(vocab, lowercase=True, compat="google")
    texts = [
        "ΟΔΟΣ σας. aé!",
        "a\x00b\u200bab İi 我我 한 \ue000",
        "e\u0301\u0323 ab [MASK] [unused0]",
        "ab\u3000ba" + "a" * 120,
        "",
    ]
    normalizer = GoogleWords(tokenizer.normalize)
    batch = tokenizer.encode_batch(texts, add_special_tokens=False)
    for text, from_batch in zip(texts, batch):
        encoding = tokenizer.encode_plus(text, add_special_tokens=False)
        assert encoding.tokens == tokenizer.tokenize(text) == from_batch.tokens
        assert encoding.offsets == from_batch.offsets
        assert encoding.offsets == sorted(encoding.offsets)
        # Each word's tokens, put together, are Google's word of the original span they point at.
        for word_id in dict.fromkeys(encoding.word_ids):
            places = [i for i, w in enumerate(encoding.word_ids) if w == word_id]
            tokens = [encoding.tokens[i] for i in places]
            start, end = encoding.offsets[places[0]][0], encoding.offsets[places[-1]][1]
            if tokens != ["[UNK]"]:
                glued = tokens[0] + "".join(token.removeprefix("##") for token in tokens[1:])
                assert normalizer.words(text[start:end]) == [glued], (text, tokens)


def test_saving_to_a_hugging_face_file_is_refused_and_the_vocab_loads_back(vocab, tmp_path):
    tokenizer = WordPieceTokenizer(vocab, lowercase=True, compat="google")
    for name in ("tokenizer.json", "folder/", "vocab.txt"):
        with pytest.raises(ValueError, match=r"cannot save a compat='google' tokenizer: tokenizer.json"):
            tokenizer.save(tmp_path / name)
    with pytest.raises(ValueError, match=r"cannot write tokenizer.json for a compat='google' tokenizer"):
        tokenizer.to_json()
    assert list(tmp_path.iterdir()) == []
    path = tokenizer.vocab.save(tmp_path / "vocab.txt")
    loaded = WordPieceTokenizer.from_file(path, compat="google", lowercase=True)
    assert loaded.compat == "google" and loaded.tokenize("ΟΔΟΣ [CLS]") == ["οδος", "[", "cl", "##s", "]"]


def test_from_file_takes_the_casing_and_leaves_the_word_cap_to_the_mode(vocab, tmp_path):
    saved = WordPieceTokenizer(vocab, lowercase=True).save(tmp_path / "tokenizer.json")
    loaded = WordPieceTokenizer.from_file(saved, compat="google")
    assert (loaded.lowercase, loaded.max_input_chars_per_word) == (True, 200)
    assert loaded.tokenize("ΟΔΟΣ") == ["οδος"]
    odd = WordPieceTokenizer(vocab, normalizer=BertNormalizer(lowercase=True, strip_accents=False)).save(
        tmp_path / "odd.json"
    )
    with pytest.raises(ValueError, match=r"odd.json: its normalizer .*has no compat='google' equivalent"):
        WordPieceTokenizer.from_file(odd, compat="google")
    with pytest.raises(ValueError, match="max_input_chars_per_word=100 contradicts compat='google'"):
        WordPieceTokenizer.from_file(saved, compat="google", max_input_chars_per_word=100)


def test_a_google_mode_tokenizer_pickles_with_its_mode(vocab):
    tokenizer = WordPieceTokenizer(vocab, lowercase=True, compat="google", preserve_unused_tokens=True)
    tokenizer.tokenize("warm the cache")
    copy = pickle.loads(pickle.dumps(tokenizer))
    assert copy.compat == "google" and copy.preserve_unused_tokens
    assert copy.tokenize("[unused0] ΟΔΟΣ") == tokenizer.tokenize("[unused0] ΟΔΟΣ") == ["[unused0]", "οδος"]
    assert "compat='google'" in repr(copy)
