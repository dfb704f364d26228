"""``tokenizer.json``, both ways: a tokenizer's parts to Hugging Face's JSON, and back, each part by its ``type``.

``tokenizer.json`` holds a whole pipeline: the added tokens, truncation and
padding, and one object per slot (normalizer, pre-tokenizer, post-processor,
decoder, model), in this order. ``parts_to_json`` writes it from a
``TokenizerParts``; ``parts_from_json`` reads one back, asking the registry
(``parts.py``) which class reads each slot's object: the serializer knows
slots, never a particular part, so a new part needs no change here.
``tokenizers.Tokenizer.from_file`` reads what ``parts_to_json`` writes, and
the tokens are the same (``tests/peers``).
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .added_tokens import AddedToken
from .parts import Decoder, Model, PostProcessor, PreTokenizer, read_part, write_part
from .tokenizer_json import SETTINGS_MARK, VOCAB_FILE
from .truncation import Padding, Truncation


@dataclass(frozen=True)
class TokenizerParts:
    """A tokenizer as ``tokenizer.json`` holds it: its five parts, its added tokens (in id order), truncation, padding.

    >>> from wordpiece_lib.model.vocab import Vocab
    >>> from wordpiece_lib.model.wordpiece import WordPieceModel
    >>> parts = TokenizerParts(WordPieceModel(Vocab(["[UNK]", "a"])), added_tokens=(AddedToken("<x>"),))
    >>> dict(parts.token_ids())
    {'[UNK]': 0, 'a': 1, '<x>': 2}
    """

    model: Model
    normalizer: Callable[[str], str] | None = None
    pre_tokenizer: PreTokenizer | None = None
    template: PostProcessor | None = None
    decoder: Decoder | None = None
    added_tokens: tuple[AddedToken, ...] = ()
    truncation: Truncation | None = None
    padding: Padding | None = None

    def token_ids(self) -> Mapping[str, int]:
        """Every token's id: the model's vocab, then the added tokens beyond it, in order (Hugging Face's ids)."""
        vocab = self.model.vocab
        beyond = [token.content for token in self.added_tokens if token.content not in vocab]
        return ChainMap({content: len(vocab) + index for index, content in enumerate(beyond)}, vocab.lookup_table())


def parts_to_json(parts: TokenizerParts) -> dict[str, Any]:
    """The ``tokenizer.json`` contents of ``parts``, keys in Hugging Face's order.

    >>> from wordpiece_lib.model.vocab import Vocab
    >>> from wordpiece_lib.model.wordpiece import WordPieceModel
    >>> data = parts_to_json(TokenizerParts(WordPieceModel(Vocab(["[UNK]", "a"]))))
    >>> list(data), data["model"]["vocab"]
    (['version', 'truncation', 'padding', 'added_tokens', 'normalizer', 'pre_tokenizer', 'post_processor', 'decoder', 'model'], {'[UNK]': 0, 'a': 1})
    """
    token_ids = parts.token_ids()
    return {
        "version": "1.0",
        "truncation": parts.truncation.to_json() if parts.truncation is not None else None,
        "padding": parts.padding.to_json() if parts.padding is not None else None,
        "added_tokens": [token.to_json(token_ids[token.content]) for token in parts.added_tokens],
        "normalizer": write_part("normalizer", parts.normalizer),
        "pre_tokenizer": write_part("pre_tokenizer", parts.pre_tokenizer),
        "post_processor": write_part("post_processor", parts.template, token_ids),
        "decoder": write_part("decoder", parts.decoder),
        "model": write_part("model", parts.model),
    }


def parts_from_json(
    data: Any, *, model: Model | None = None, model_types: Collection[str] | None = None
) -> TokenizerParts:
    """The parts ``tokenizer.json`` contents describe; ``model`` stands for the file's (a settings file has no vocab),
    ``model_types`` are the models the caller takes (another is refused before it is read).

    >>> entry = {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
    ...          "max_input_chars_per_word": 100, "vocab": {"[UNK]": 0, "a": 1}}
    >>> parts = parts_from_json({"pre_tokenizer": {"type": "WhitespaceSplit"}, "model": entry})
    >>> parts.pre_tokenizer, parts.model.vocab.tokens, parts.normalizer
    (WhitespaceSplit(), ('[UNK]', 'a'), None)
    """
    if not isinstance(data, dict):
        raise ValueError(f"tokenizer.json must hold an object, got {type(data).__name__}")
    if model is None:
        if SETTINGS_MARK in data:
            vocab_file = data.get("vocab_file", VOCAB_FILE)
            raise ValueError(
                f"this file holds the settings of a vocab: load the vocab {vocab_file!s} beside it instead"
            )
        model = read_part("model", data.get("model"), only=model_types)
        if model is None:
            raise ValueError("tokenizer.json has no model (its model is null): there is nothing to cut words with")
    added, token_ids = read_part("added_tokens", data.get("added_tokens"), model.vocab)
    return TokenizerParts(
        model=model,
        normalizer=read_part("normalizer", data.get("normalizer")),
        pre_tokenizer=read_part("pre_tokenizer", data.get("pre_tokenizer")),
        template=read_part(
            "post_processor", data.get("post_processor"), ChainMap(token_ids, model.vocab.lookup_table())
        ),
        decoder=read_part("decoder", data.get("decoder")),
        added_tokens=tuple(added),
        truncation=read_part("truncation", data.get("truncation")),
        padding=read_part("padding", data.get("padding")),
    )


__all__ = ["TokenizerParts", "parts_from_json", "parts_to_json"]
