"""The training loop's fast steps give exactly the floats and cuts of the readable functions they stand for.

``train_unigram`` runs ``_e_step`` (for ``expected_counts``) and ``_best_cuts`` + ``_prune``
(for ``corpus_loss`` and ``prune``) over lattices looked up once. These tests compare them
with ``==``, not approximately, on Treasure Island's words at several points of a real
training run (the seed model, after EM, after pruning), so the trained vocab cannot move.
"""

from __future__ import annotations

import json

import pytest
from tokenizers import pre_tokenizers

from wordpiece_lib import WordCounts
from wordpiece_lib.model import UnigramModel
from wordpiece_lib.training import Lattices, corpus_loss, expected_counts, m_step, prune, seed_pieces, train_unigram
from wordpiece_lib.training.unigram import _best_cuts, _e_step, _prune


@pytest.fixture(scope="module")
def book_counts(book_path):
    metaspace = pre_tokenizers.Metaspace()
    lines = book_path.read_text(encoding="utf-8").splitlines()[:3000]
    return WordCounts.from_pairs((word, 1) for line in lines for word, _ in metaspace.pre_tokenize_str(line))


def models_of_a_run(counts):
    """The seed model, the model after two EM rounds, and the model after a pruning and one more round."""
    model = UnigramModel([("<unk>", 0.0), *seed_pieces(counts)], unk_id=0)
    yield model
    for _ in range(2):
        model = UnigramModel(m_step(model, expected_counts(model, counts)[0]), unk_id=0)
    yield model
    model = UnigramModel(prune(model, counts, keep=len(model) * 3 // 4), unk_id=0)
    model = UnigramModel(m_step(model, expected_counts(model, counts)[0]), unk_id=0)
    yield model


def test_the_fast_e_step_is_the_readable_one(book_counts):
    lattices = None
    for model in models_of_a_run(book_counts):
        lattices = lattices or Lattices(model, book_counts)  # built on the seed, reused, as in training
        assert _e_step(model, lattices) == expected_counts(model, book_counts)


def test_one_viterbi_pass_gives_the_loss_and_the_pruning(book_counts):
    lattices = None
    for model in models_of_a_run(book_counts):
        lattices = lattices or Lattices(model, book_counts)
        loss, cuts = _best_cuts(model, lattices)
        assert loss == corpus_loss(model, book_counts)
        assert cuts == [(count, model.best_path(word).ids) for word, count in book_counts.items()]
        keep = len(model) * 3 // 4
        assert _prune(model, cuts, keep) == prune(model, book_counts, keep=keep)


def test_unknown_characters_are_fused_as_best_path_fuses_them():
    counts = WordCounts.from_pairs([("xxab", 3), ("abyy", 2), ("a<unk>b", 1)])
    seed = UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -1.2), ("ab", -1.5), ("x", -3.0), ("y", -3.0)])
    lattices = Lattices(seed, counts)
    smaller = UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -1.2), ("ab", -1.5)])
    loss, cuts = _best_cuts(smaller, lattices)
    assert cuts == [(count, smaller.best_path(word).ids) for word, count in counts.items()]
    assert cuts[0] == (3, [0, 3])  # "xx": two unknown characters, one unknown token
    assert loss == corpus_loss(smaller, counts)
    assert _e_step(smaller, Lattices(seed, counts)) == expected_counts(smaller, counts)


@pytest.mark.parametrize("special_tokens", [["<unk>"], ["<s>", "<unk>", "</s>"], ["<pad>", "<mask>"]])
def test_special_tokens_are_placed_as_hugging_faces_trainer_places_them(special_tokens):
    from tokenizers import Tokenizer, models, trainers

    corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    peer = Tokenizer(models.Unigram())
    trainer = trainers.UnigramTrainer(
        vocab_size=12, unk_token="<unk>", special_tokens=special_tokens, show_progress=False
    )
    peer.train_from_iterator([word for word, count in corpus.items() for _ in range(count)], trainer)
    theirs = UnigramModel.from_json(json.loads(peer.to_str())["model"])
    ours = train_unigram(corpus, 12, special_tokens=special_tokens).model
    specials = len(special_tokens) + ("<unk>" not in special_tokens)
    assert ours.pieces[:specials] == theirs.pieces[:specials]
    assert ours.scores[:specials] == theirs.scores[:specials]
    assert (ours.unk_id, len(ours)) == (theirs.unk_id, len(theirs))
