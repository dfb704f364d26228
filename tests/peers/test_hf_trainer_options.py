"""``min_frequency``, ``limit_alphabet`` and ``initial_alphabet`` mean what they mean in Hugging Face's trainers.

Each is compared with ``tokenizers``' own trainer, run in the test, where the
meaning can be observed: the merges BPE makes before ``min_frequency`` stops it
(on a corpus whose pair counts never tie, since Hugging Face breaks ties in
hash order), and the characters the alphabet keeps under ``limit_alphabet``
(with and without ``initial_alphabet``; among equally frequent characters at
the limit Hugging Face keeps any, so only the choice among those may differ).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from wordpiece_lib import WordCounts, train_bottom_up, train_bpe, train_fast
from wordpiece_lib.training import character_counts, kept_characters

tokenizers = pytest.importorskip("tokenizers")

HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def hf_trained(word_counts, kind: str = "bpe", **options):
    """Hugging Face's BPE or WordPiece trainer on exactly these words (no normalizer, whitespace split)."""
    settings = {"vocab_size": 100_000, "special_tokens": [], "show_progress": False, **options}
    if kind == "bpe":
        tokenizer = tokenizers.Tokenizer(tokenizers.models.BPE(continuing_subword_prefix="##"))
        trainer = tokenizers.trainers.BpeTrainer(continuing_subword_prefix="##", **settings)
    else:
        tokenizer = tokenizers.Tokenizer(tokenizers.models.WordPiece(unk_token="[UNK]"))
        trainer = tokenizers.trainers.WordPieceTrainer(**settings)
    tokenizer.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
    lines = [" ".join([word] * count) for word, count in word_counts.items()]
    tokenizer.train_from_iterator(lines, trainer)
    return tokenizer


def hf_merges(tokenizer) -> list[tuple[str, str]]:
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    return [tuple(merge) if isinstance(merge, list) else tuple(merge.split(" ")) for merge in merges]


def hf_alphabet(tokenizer) -> list[str]:
    """The bare characters in Hugging Face's vocab: the alphabet it kept."""
    return sorted(token for token in tokenizer.get_vocab() if len(token) == 1)


@pytest.mark.parametrize("min_frequency", range(0, 23))
def test_bpe_stops_at_min_frequency_where_hugging_face_does(min_frequency):
    ours = train_bpe(HUG_PUG, 100, special_tokens=[], min_frequency=min_frequency)
    assert ours.merges == hf_merges(hf_trained(HUG_PUG, min_frequency=min_frequency))
    assert ours.merges == train_bpe(HUG_PUG, 100, special_tokens=[], min_frequency=min_frequency, fast=False).merges


def test_under_the_wordpiece_score_no_merged_pair_is_rarer_than_min_frequency(book_text):
    counts = WordCounts.from_texts([book_text], lowercase=True)
    trace = train_fast(counts, 30_000, min_frequency=25)
    assert min(step.pair_count for step in trace.steps) >= 25
    assert trace.stop_reason == "no pair occurs min_frequency=25 times or more"
    assert len(trace.steps) < len(train_fast(counts, 30_000).steps)


@pytest.mark.parametrize("limit", [3, 4, 7])
@pytest.mark.parametrize("initial", ["", "z", "zq"])
def test_limit_alphabet_keeps_hugging_faces_characters_on_a_corpus_without_ties(limit, initial):
    expected = hf_alphabet(hf_trained(HUG_PUG, limit_alphabet=limit, initial_alphabet=list(initial)))
    assert kept_characters(HUG_PUG, limit, initial) == expected
    assert (
        hf_alphabet(hf_trained(HUG_PUG, "wordpiece", limit_alphabet=limit, initial_alphabet=list(initial))) == expected
    )


@pytest.mark.parametrize("limit", [20, 30, 45])
def test_limit_alphabet_on_the_book_agrees_with_hugging_face_up_to_its_arbitrary_ties(book_text, limit):
    counts = WordCounts.from_texts([book_text], lowercase=True)
    theirs = set(hf_alphabet(hf_trained(counts, limit_alphabet=limit)))
    ours = set(kept_characters(counts, limit))
    frequency = character_counts(counts)
    boundary = sorted(frequency.values(), reverse=True)[limit - 1]
    above = {char for char, count in frequency.items() if count > boundary}
    tied = {char for char, count in frequency.items() if count == boundary}
    assert len(ours) == len(theirs) == limit
    assert above <= theirs <= above | tied and above <= ours <= above | tied
    assert ours - above == set(sorted(tied)[: limit - len(above)])  # ours: the smaller code points


def test_initial_alphabet_puts_unseen_characters_in_the_vocab_like_hugging_face():
    theirs = hf_alphabet(hf_trained(HUG_PUG, initial_alphabet=["é", "z"]))
    assert {"é", "z"} <= set(theirs)
    trace = train_fast(HUG_PUG, 100, special_tokens=[], initial_alphabet="zé")
    assert {"é", "z", "##é", "##z"} <= set(trace.tokens())
    # Hugging Face lists every character bare; ours lists the pieces the words begin or continue with.
    assert sorted({token.removeprefix("##") for token in trace.alphabet}) == theirs


def test_the_trainers_agree_with_each_other_under_every_option(book_text):
    counts = Counter(WordCounts.from_texts([book_text[:12_000]], lowercase=True))
    options = {"min_frequency": 3, "limit_alphabet": 24, "initial_alphabet": "éz"}
    fast = train_fast(counts, 400, **options)
    readable = train_bottom_up(counts, 400, **options)
    assert fast.merges == readable.merges and fast.tokens() == readable.tokens()
    assert fast.stop_reason == readable.stop_reason
    kept = set(kept_characters(counts, 24, "éz"))
    assert all(set(word) <= kept for word in fast.word_counts)
