"""The parts of a tokenizer, slot by slot: what the pipeline asks of each, and every part this library reads, by type.

A tokenizer is Hugging Face's pipeline of five slots, and ``tokenizer.json``
holds one object per slot, named by its ``type``::

    normalizer      BertNormalizer                          text/normalizer.py
                    Sequence, NFC, NFD, NFKC, NFKD,         text/normalizers.py
                    Lowercase, StripAccents, Strip,
                    Replace, Prepend
                    Precompiled                             text/precompiled.py
    pre_tokenizer   BertPreTokenizer, WhitespaceSplit       text/pretokenizers.py
                    Metaspace                               text/metaspace.py
                    Sequence, Split, Digits, Punctuation,   text/splitters.py
                    Whitespace
                    ByteLevel                               text/byte_level.py
    model           WordPiece                               model/wordpiece.py
                    Unigram                                 model/unigram.py
                    BPE                                     model/bpe.py
    post_processor  TemplateProcessing                      pipeline/template.py
                    BertProcessing, RobertaProcessing,      pipeline/processors.py
                    ByteLevel, Sequence
    decoder         WordPiece, Metaspace                    pipeline/decoder.py
                    ByteLevel, BPEDecoder, ByteFallback,    pipeline/decoders.py
                    Fuse, Strip, Replace, Sequence

Each part reads and writes its own object (``from_json``, ``to_json``) and
sits beside what it does. ``REGISTRY`` is the one table of them: the
serializer (``serialization.py``) finds a part's class there by the slot and
the ``type``, and refuses, naming both, a part that is not there (the keys
that have one form only, the added tokens, truncation and padding, have
their reader in ``READERS``). A new part
is a class that does what its slot's protocol below says, added to its
slot's table; nothing else changes (``docs/architecture.md`` walks through
adding a model).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol

from .._json_fields import kind_of
from ..model.bpe import BpeModel
from ..model.unigram import UnigramModel
from ..model.vocab import Vocab
from ..model.wordpiece import WordPieceModel
from ..text.byte_level import ByteLevel
from ..text.metaspace import Metaspace
from ..text.normalizer import BertNormalizer
from ..text.normalizers import (
    NFC,
    NFD,
    NFKC,
    NFKD,
    Lowercase,
    NormalizerSequence,
    Prepend,
    Replace,
    Strip,
    StripAccents,
)
from ..text.precompiled import Precompiled
from ..text.pretokenizers import BertPreTokenizer, WhitespaceSplit
from ..text.splitters import Digits, PreTokenizerSequence, Punctuation, Split, Whitespace
from .added_tokens import read_added_tokens
from .decoder import MetaspaceDecoder, WordPieceDecoder
from .decoders import BPEDecoder, ByteFallback, ByteLevelDecoder, DecoderSequence, Fuse, ReplaceDecoder, StripDecoder
from .encoding import Encoding, TextTokens, TokenIds
from .processors import BertProcessing, ByteLevelProcessing, ProcessorSequence, RobertaProcessing
from .template import Template
from .truncation import Padding, Truncation


class Normalizer(Protocol):
    """A normalizer: a function of the text (``normalize_with_origins`` keeps each character's origin, for offsets)."""

    def __call__(self, text: str) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class PreTokenizer(Protocol):
    """A pre-tokenizer: the words of a normalized text, each character's origin carried along (``Metaspace`` adds one)."""

    @property
    def name(self) -> str: ...

    def split_with_origins(
        self, text: str, origins: Sequence[int], *, at_start: bool = True
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]: ...

    def to_json(self) -> dict[str, Any]: ...


class Model(Protocol):
    """A model: its vocab (token <-> id), its unknown token, and the tokens of one word with their spans in it."""

    @property
    def vocab(self) -> Vocab: ...

    @property
    def unk_token(self) -> str | None: ...

    def tokens_with_spans(self, word: str) -> list[tuple[str, int, int, int]]: ...

    def to_json(self) -> dict[str, Any]: ...


class PostProcessor(Protocol):
    """A post-processor: the special tokens around one text or a pair; its ``tokenizer.json`` object names their ids."""

    @property
    def special_tokens(self) -> tuple[str, ...]: ...

    def added_tokens(self, is_pair: bool) -> int: ...

    def build(
        self, first: TextTokens, second: TextTokens | None, token_ids: TokenIds, *, add_special_tokens: bool = True
    ) -> Encoding: ...

    def to_json(self, token_ids: Mapping[str, int]) -> dict[str, Any]: ...


class Decoder(Protocol):
    """A decoder: the text of a list of tokens."""

    def decode(self, tokens: Iterable[str]) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


#: Every part this library reads, by slot and ``type``; a class's ``from_json(data)`` reads its object
#: (a post-processor's ``from_json(data, token_ids)`` also checks the ids it names).
REGISTRY: dict[str, dict[str, Any]] = {
    "normalizer": {
        "BertNormalizer": BertNormalizer,
        "Sequence": NormalizerSequence,
        "NFC": NFC,
        "NFD": NFD,
        "NFKC": NFKC,
        "NFKD": NFKD,
        "Lowercase": Lowercase,
        "StripAccents": StripAccents,
        "Strip": Strip,
        "Replace": Replace,
        "Prepend": Prepend,
        "Precompiled": Precompiled,
    },
    "pre_tokenizer": {
        "BertPreTokenizer": BertPreTokenizer,
        "WhitespaceSplit": WhitespaceSplit,
        "Metaspace": Metaspace,
        "Sequence": PreTokenizerSequence,
        "ByteLevel": ByteLevel,
        "Split": Split,
        "Digits": Digits,
        "Punctuation": Punctuation,
        "Whitespace": Whitespace,
    },
    "model": {"WordPiece": WordPieceModel, "Unigram": UnigramModel, "BPE": BpeModel},
    "post_processor": {
        "TemplateProcessing": Template,
        "BertProcessing": BertProcessing,
        "RobertaProcessing": RobertaProcessing,
        "ByteLevel": ByteLevelProcessing,
        "Sequence": ProcessorSequence,
    },
    "decoder": {
        "WordPiece": WordPieceDecoder,
        "Metaspace": MetaspaceDecoder,
        "ByteLevel": ByteLevelDecoder,
        "BPEDecoder": BPEDecoder,
        "ByteFallback": ByteFallback,
        "Fuse": Fuse,
        "Strip": StripDecoder,
        "Replace": ReplaceDecoder,
        "Sequence": DecoderSequence,
    },
}

#: The reader of each of ``tokenizer.json``'s other keys, which have one form only (no ``type``).
READERS: dict[str, Callable[..., Any]] = {
    "added_tokens": read_added_tokens,
    "truncation": Truncation.from_json,
    "padding": Padding.from_json,
}


def read_part(slot: str, data: Any, *context: Any, only: Collection[str] | None = None) -> Any:
    """The part a slot's ``tokenizer.json`` object describes (``None`` for ``null``), by its ``type``; or what one of
    the other keys holds (``READERS``). ``only``: the types the caller takes (others refused, naming them).

    >>> read_part("decoder", {"type": "Metaspace", "replacement": "▁"}).decode(["▁hug", "▁pug"])
    'hug pug'
    >>> print(ascii(read_part("normalizer", {"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "Lowercase"}]})("É")))
    'e\\u0301'
    >>> read_part("normalizer", {"type": "ByteLevel"})
    Traceback (most recent call last):
    ...
    ValueError: unsupported normalizer 'ByteLevel': the normalizers read here are BertNormalizer, Sequence, NFC, NFD, NFKC, NFKD, Lowercase, StripAccents, Strip, Replace, Prepend, Precompiled (or none, null)
    """
    reader = READERS.get(slot)
    if reader is not None:
        return reader(data, *context) if data is not None or slot == "added_tokens" else None
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError(f"{slot} must be an object or null, got {type(data).__name__}")
    table = REGISTRY[slot]
    kind = data.get("type")
    part = table.get(kind) if isinstance(kind, str) else None
    if part is None:
        raise ValueError(
            f"unsupported {slot} {kind_of(data)}: the {slot}s read here are {', '.join(table)} (or none, null)"
        )
    if only is not None and kind not in only:  # a class that holds some types only says so before reading
        raise ValueError(
            f"unsupported {slot} {kind_of(data)}: this class takes {', '.join(only)} "
            "(wordpiece_lib.load_tokenizer picks the class the file's model needs)"
        )
    if kind == "Sequence":  # a chain reads each of its parts through this same table
        return part.from_json(data, *context, read=lambda inner: read_part(slot, inner, *context))
    return part.from_json(data, *context)


def type_name(slot: str, part: Any) -> str:
    """The ``type`` a part has in ``tokenizer.json`` (its class's name for a part of no ``type``).

    >>> type_name("model", UnigramModel([("<unk>", 0.0)])), type_name("pre_tokenizer", Metaspace())
    ('Unigram', 'Metaspace')
    """
    kinds = [kind for kind, part_class in REGISTRY[slot].items() if type(part) is part_class]
    return kinds[0] if kinds else type(part).__name__


def write_part(slot: str, part: Any, *context: Any) -> dict[str, Any] | None:
    """The ``tokenizer.json`` object of a part (``null`` for none); a part with no such object is refused.

    >>> write_part("normalizer", BertNormalizer())["type"], write_part("decoder", None)
    ('BertNormalizer', None)
    >>> write_part("normalizer", str.lower)
    Traceback (most recent call last):
    ...
    ValueError: a normalizer function cannot be written to tokenizer.json; use a part that can: BertNormalizer, Sequence, NFC, NFD, NFKC, NFKD, Lowercase, StripAccents, Strip, Replace, Prepend, Precompiled
    """
    if part is None:
        return None
    if not hasattr(part, "to_json"):
        what = "function" if callable(part) else type(part).__name__
        raise ValueError(
            f"a {slot} {what} cannot be written to tokenizer.json; use a part that can: {', '.join(REGISTRY[slot])}"
        )
    data: dict[str, Any] = part.to_json(*context)
    return data


__all__ = [
    "READERS",
    "REGISTRY",
    "Decoder",
    "Model",
    "Normalizer",
    "PostProcessor",
    "PreTokenizer",
    "read_part",
    "type_name",
    "write_part",
]
