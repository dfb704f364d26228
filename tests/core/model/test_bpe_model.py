"""The BPE model's cut between starters: a word cut before each character that only ever starts a token (each
piece merged once and kept) gives the tokens of the whole word merged at once, and Hugging Face's."""

from __future__ import annotations

import pickle
import random

import pytest

from wordpiece_lib.model import BpeModel

ALPHABET = ["▁", "a", "b", "c", "<unk>"]
MERGES = [("a", "b"), ("▁", "a"), ("▁a", "b"), ("b", "c"), ("ab", "c"), ("▁ab", "c"), ("c", "c"), ("▁", "c")]


def model(**switches):
    return BpeModel.from_merges(ALPHABET, MERGES, unk_token="<unk>", **switches)


def random_words(count: int) -> list[str]:
    rng = random.Random(42)
    return ["".join(rng.choice("▁abcx") for _ in range(rng.randint(1, 24))) for _ in range(count)]


def test_a_starter_is_a_token_that_nothing_is_merged_in_front_of():
    assert model()._starters == frozenset({"▁"})
    assert model(continuing_subword_prefix="##")._starters == frozenset()  # a prefix marks the word's inside
    assert model(end_of_word_suffix="</w>")._starters == frozenset()


@pytest.mark.parametrize("switches", [{}, {"fuse_unk": True}, {"ignore_merges": True}])
def test_the_pieces_give_the_whole_words_tokens_and_hugging_faces(switches):
    tokenizers = pytest.importorskip("tokenizers")
    ours = model(**switches)
    peer = tokenizers.models.BPE(dict(ours.token_ids), list(ours.merges), unk_token="<unk>", **switches)
    for word in random_words(400):
        whole = [(ours.vocab.tokens[i], i, start, end) for i, start, end in ours._merge(ours._symbols(word))]
        if switches.get("ignore_merges") and word in ours.token_ids:
            whole = [(word, ours.token_ids[word], 0, len(word))]
        assert ours.tokens_with_spans(word) == whole, word
        assert [token.value for token in peer.tokenize(word)] == [token for token, *_ in whole], word
    assert ours._pieces  # the pieces were kept, and a second pass reads them
    assert [ours.tokenize(word) for word in random_words(50)] == [
        model(**switches).tokenize(w) for w in random_words(50)
    ]


def test_a_pickled_model_starts_with_no_pieces_and_cuts_the_same():
    ours = model()
    words = random_words(30)
    before = [ours.tokenize(word) for word in words]
    copy = pickle.loads(pickle.dumps(ours))
    assert copy._pieces == {} and copy._starters == ours._starters
    assert [copy.tokenize(word) for word in words] == before
