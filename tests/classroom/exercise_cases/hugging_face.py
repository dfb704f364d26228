"""Hugging Face's `tokenizers` and `transformers`, made ready for the rows where another library does the work.

The shortcut a learner takes (issue 40): the exercise's steps handed to another
tokenizer library. Each notebook's table lists its own such answers in a block of
its own (``shortcut_wrongs``); what they share is made here: a WordPiece or BPE
model of a vocab, a trained tokenizer, a BERT-style tokenizer (the rows with `transformers` make
theirs in their cells, as a learner would, so the one-verdict test can write them as submissions). A library not
installed gives no rows (:data:`HAVE_TOKENIZERS`, :data:`HAVE_TRANSFORMERS`): the
runtime refuses it by its module's name all the same.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterable, Mapping
from typing import Any

HAVE_TOKENIZERS = importlib.util.find_spec("tokenizers") is not None
HAVE_TRANSFORMERS = HAVE_TOKENIZERS and importlib.util.find_spec("transformers") is not None


def numbered(tokens: Iterable[str]) -> dict[str, int]:
    """A vocab as Hugging Face's models take it: token -> id, in first-seen order."""
    return {token: number for number, token in enumerate(dict.fromkeys(tokens))}


def wordpiece_model(vocab: Iterable[str], unk: str = "[UNK]") -> Any:
    """Hugging Face's WordPiece model of ``vocab`` (longest match first, the 100-character rule)."""
    from tokenizers import models

    return models.WordPiece(numbered([unk, *vocab]), unk_token=unk, max_input_chars_per_word=100)


def tokens_of(model: Any, word: str) -> list[str]:
    """The tokens a Hugging Face model cuts ``word`` into."""
    return [token.value for token in model.tokenize(word)]


def both_models(trace: Any) -> dict[str, Any]:
    """A cell's names for Hugging Face's two models of one trace: ``wp`` (WordPiece on its vocab), ``bpe`` (its merges).

    ``tokens`` cuts a word with either (:func:`tokens_of`).
    """
    from tokenizers import models

    return {
        "tokens": tokens_of,
        "wp": wordpiece_model(trace.tokens()),
        "bpe": models.BPE(numbered(trace.tokens()), list(trace.merges), continuing_subword_prefix="##"),
    }


def bert_style(vocab: Iterable[str], *, lowercase: bool) -> Any:
    """A Hugging Face tokenizer set up as BERT is: its normalizer, its pre-tokenizer, WordPiece on ``vocab``."""
    from tokenizers import Tokenizer, normalizers, pre_tokenizers

    tokenizer = Tokenizer(wordpiece_model(vocab))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tokenizer


def trained(word_counts: Mapping[str, int], kind: str = "wordpiece", size: int = 1000) -> Any:
    """A Hugging Face tokenizer trained on ``word_counts`` (each word repeated by its count), WordPiece or BPE."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    if kind == "bpe":
        tokenizer = Tokenizer(models.BPE(continuing_subword_prefix="##"))
        trainer = trainers.BpeTrainer(vocab_size=size, continuing_subword_prefix="##", show_progress=False)
    else:
        tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]"))
        trainer = trainers.WordPieceTrainer(vocab_size=size, show_progress=False)
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer.train_from_iterator([word for word, count in word_counts.items() for _ in range(count)], trainer)
    return tokenizer


def merges_of(tokenizer: Any) -> list[tuple[str, str]]:
    """The merges of a trained Hugging Face BPE tokenizer, in order."""
    return [tuple(pair) for pair in json.loads(tokenizer.to_str())["model"]["merges"]]


def new_tokens_of(tokenizer: Any) -> list[str]:
    """The tokens a trained Hugging Face tokenizer made, in order (its alphabet and specials left out)."""
    by_id = sorted(tokenizer.get_vocab().items(), key=lambda item: item[1])
    return [token for token, _ in by_id if len(token.removeprefix("##")) > 1]
