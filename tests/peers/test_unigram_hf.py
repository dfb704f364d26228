"""Unigram encoding: the same tokens and ids as Hugging Face's ``models.Unigram``, from the same pieces and scores.

The vocab comes from Hugging Face's own ``UnigramTrainer`` on Treasure Island (so the
scores are real log-probabilities, with the ties and near-ties a real model has),
passed to both through ``tokenizer.json``'s model object. Every word of every line of
the book is compared, then made-up text with unknown characters, the unknown piece typed
in the text, and byte fallback.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from wordpiece_lib.model import UnigramModel


def hf_tokens(model: models.Unigram, word: str) -> list[tuple[str, int]]:
    return [(token.value, token.id) for token in model.tokenize(word)]


def ours(model: UnigramModel, word: str) -> list[tuple[str, int]]:
    return list(zip(model.tokenize(word), model.ids(word), strict=True))


@pytest.fixture(scope="module", params=[2000, 8000])
def trained(request, book_path):
    """A Unigram model trained by Hugging Face on the novel, as both libraries load it from tokenizer.json."""
    tokenizer = Tokenizer(models.Unigram())
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    trainer = trainers.UnigramTrainer(vocab_size=request.param, unk_token="<unk>", special_tokens=["<unk>"])
    lines = book_path.read_text(encoding="utf-8").splitlines()
    tokenizer.train_from_iterator(lines, trainer)
    data = json.loads(tokenizer.to_str())["model"]
    return tokenizer, UnigramModel.from_json(data), lines


def test_every_word_of_the_book(trained):
    tokenizer, model, lines = trained
    words = {word for line in lines for word, _ in tokenizer.pre_tokenizer.pre_tokenize_str(line)}
    assert len(words) > 10_000
    differences = [word for word in sorted(words) if ours(model, word) != hf_tokens(tokenizer.model, word)]
    assert differences == []


def test_the_model_object_round_trips(trained):
    tokenizer, model, _ = trained
    again = json.loads(tokenizer.to_str())["model"]
    assert model.to_json() == {key: again[key] for key in ("type", "unk_id", "vocab", "byte_fallback")}


# Letters of the book, a few it never saw, the unknown piece itself, and an accented capital.
FRAGMENTS = [*"etaoinshrdlucmwfgypbvkjxqz", "▁", "é", "Ж", "<unk>", "'", "Q"]
TEXT = st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_made_up_text(trained, text):
    tokenizer, model, _ = trained
    assert ours(model, text) == hf_tokens(tokenizer.model, text)


PIECES = [
    ("<unk>", 0.0),
    ("a", -1.0),
    ("b", -1.0),
    ("ab", -2.0),
    ("ba", -2.0),
    ("aba", -3.0),
    ("<0xC3>", -5.0),
    ("<0xA9>", -5.0),
]


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="abé€", max_size=12), byte_fallback=st.booleans())
def test_ties_unknowns_and_byte_fallback(text, byte_fallback):
    """Equal totals everywhere (a + b = ab): the tie rule decides; é has its two bytes, € has not."""
    peer = models.Unigram(PIECES, unk_id=0, byte_fallback=byte_fallback)
    model = UnigramModel(PIECES, unk_id=0, byte_fallback=byte_fallback)
    assert ours(model, text) == hf_tokens(peer, text)


@pytest.mark.parametrize("text", ["ab", "aab", "b", "abb", "x", "aba", ""])
def test_without_an_unknown_piece_only_a_character_the_best_path_needs_is_an_error(text):
    """Hugging Face refuses a text only where an unknown piece would have been put on the path."""
    pieces = [("a", -1.0), ("ab", -1.0)]
    try:
        expected = hf_tokens(models.Unigram(pieces, unk_id=None), text)
    except Exception:  # Hugging Face's error type is its own; the point is that it refuses
        with pytest.raises(ValueError, match="unk_id is None"):
            UnigramModel(pieces, unk_id=None).tokenize(text)
    else:
        assert ours(UnigramModel(pieces, unk_id=None), text) == expected
