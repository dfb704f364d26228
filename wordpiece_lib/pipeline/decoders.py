"""Hugging Face's other decoders, each a step of a chain: ``ByteLevel``, ``BPEDecoder``, ``ByteFallback``,
``Fuse``, ``Strip``, ``Replace`` and ``Sequence``.

Hugging Face decodes in two stages: each decoder turns the list of tokens
into a new list (``decode_chain``), a ``Sequence`` passes the list along its
decoders, and the text is the last list joined. ``WordPiece`` and
``Metaspace`` (``decoder.py``) take part in a chain the same way. A
SentencePiece model converted by ``transformers`` decodes with
``Sequence[Replace("▁", " "), ByteFallback, Fuse, Strip(" ", 1, 0)]``.

>>> chain = DecoderSequence((ReplaceDecoder("▁", " "), ByteFallback(), Fuse(), StripDecoder(" ", 1, 0)))
>>> chain.decode(["▁Hug", "<0xC3>", "<0xA9>", "▁pug"])
'Hugé pug'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from .._json_fields import read_fields, read_sequence
from .._validate import check_int, check_str, check_str_list
from ..text.byte_level import CHAR_BYTES, ByteLevelSettings
from ..text.normalizers import PatternReplacement
from ..text.splitters import regex_matches
from .decoder import MetaspaceDecoder, WordPieceDecoder, clean_up


def decode_chain(decoder: Any, tokens: list[str]) -> list[str]:
    """One decoder's step of a chain: its ``decode_chain``, or, for a decoder without one, its whole text.

    >>> decode_chain(WordPieceDecoder(), ["hug", "##s", "!", "pug"])  # cleanup glues the ! back
    ['hug', 's', '!', ' pug']
    """
    chain = getattr(decoder, "decode_chain", None)
    if chain is not None:
        out: list[str] = chain(tokens)
        return out
    if isinstance(decoder, WordPieceDecoder):
        parts = []
        for position, token in enumerate(tokens):
            if position:
                token = token[len(decoder.prefix) :] if token.startswith(decoder.prefix) else " " + token
            parts.append(clean_up(token) if decoder.cleanup else token)
        return parts
    if isinstance(decoder, MetaspaceDecoder):
        return [
            token.replace(decoder.replacement, "" if position == 0 and decoder.prepend_scheme != "never" else " ")
            for position, token in enumerate(tokens)
        ]
    return [decoder.decode(tokens)]


class _Step:
    """What every decoder here shares: ``decode`` is its chain step's tokens joined, and a decoder with no
    setting (``ByteFallback``, ``Fuse``) is its ``type`` alone in ``tokenizer.json``.

    >>> Fuse.from_json({"type": "Fuse"}), ByteFallback().to_json()
    (Fuse(), {'type': 'ByteFallback'})
    """

    type_name: ClassVar[str]

    def decode_chain(self, tokens: list[str]) -> list[str]:  # pragma: no cover - each step gives its own
        raise NotImplementedError

    def decode(self, tokens: Iterable[str]) -> str:
        """The text of ``tokens``."""
        return "".join(self.decode_chain(check_str_list(tokens, "tokens")))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type_name}

    @classmethod
    def from_json(cls, data: Any) -> Any:
        read_fields(data, "decoder", cls.type_name)
        return cls()


@dataclass(frozen=True)
class ByteLevelDecoder(ByteLevelSettings, _Step):
    """Hugging Face's ``ByteLevel`` decoder: each token's byte characters back to bytes, the whole read as UTF-8
    (a bad sequence becomes U+FFFD); a token that is not byte characters is kept as its own text.

    >>> ByteLevelDecoder().decode(["ĠHug", "Ã", "©"])
    ' Hugé'
    """

    type_name: ClassVar[str] = "ByteLevel"
    slot: ClassVar[str] = "decoder"
    where: ClassVar[str] = "ByteLevel decoder"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out = bytearray()
        for token in tokens:
            codes = [CHAR_BYTES.get(char) for char in token]
            if all(code is not None for code in codes):
                out += bytes(codes)  # type: ignore[arg-type]
            else:
                out += token.encode("utf-8")
        return [out.decode("utf-8", errors="replace")]


@dataclass(frozen=True)
class BPEDecoder(_Step):
    """Hugging Face's ``BPEDecoder``: the end-of-word ``suffix`` becomes a space (nothing in the last token).

    >>> BPEDecoder().decode(["hug</w>", "pu", "g</w>"])
    'hug pug'
    """

    type_name: ClassVar[str] = "BPEDecoder"
    suffix: str = "</w>"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        last = len(tokens) - 1
        return [token.replace(self.suffix, "" if index == last else " ") for index, token in enumerate(tokens)]

    def to_json(self) -> dict[str, Any]:
        return {"type": "BPEDecoder", "suffix": self.suffix}

    @classmethod
    def from_json(cls, data: Any) -> BPEDecoder:
        """Read a ``BPEDecoder``.

        >>> BPEDecoder.from_json({"type": "BPEDecoder", "suffix": "</w>"}).suffix
        '</w>'
        """
        read_fields(data, "decoder", "BPEDecoder", ("suffix",), where="BPEDecoder")
        return cls(check_str(data["suffix"], "suffix"))


def _byte_of(token: str) -> int | None:
    if len(token) == 6 and token.startswith("<0x") and token.endswith(">"):
        digits = token[3:5]
        if all(char in "0123456789abcdefABCDEF" for char in digits):
            return int(digits, 16)
    return None


@dataclass(frozen=True)
class ByteFallback(_Step):
    """Hugging Face's ``ByteFallback``: runs of ``<0xNN>`` tokens become the text their bytes spell
    (each byte a U+FFFD when they are not UTF-8).

    >>> ByteFallback().decode_chain(["a", "<0xC3>", "<0xA9>", "b", "<0xFF>"])
    ['a', 'é', 'b', '�']
    >>> ByteFallback().decode_chain(["<0xC3>", "<0xA9>", "<0xFF>"])  # one run, not UTF-8: a U+FFFD a byte
    ['�', '�', '�']
    """

    type_name: ClassVar[str] = "ByteFallback"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out: list[str] = []
        pending = bytearray()

        def flush() -> None:
            if pending:
                try:
                    out.append(pending.decode("utf-8"))
                except UnicodeDecodeError:
                    out.extend(["\ufffd"] * len(pending))
                pending.clear()

        for token in tokens:
            byte = _byte_of(token)
            if byte is not None:
                pending.append(byte)
                continue
            flush()
            out.append(token)
        flush()
        return out


@dataclass(frozen=True)
class Fuse(_Step):
    """Hugging Face's ``Fuse``: every token joined into one.

    >>> Fuse().decode_chain(["a", " b"])
    ['a b']
    """

    type_name: ClassVar[str] = "Fuse"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return ["".join(tokens)]


@dataclass(frozen=True)
class StripDecoder(_Step):
    """Hugging Face's ``Strip`` decoder: up to ``start`` copies of ``content`` removed from each token's start,
    up to ``stop`` from its end.

    >>> StripDecoder(" ", 1, 0).decode_chain(["  hug "])
    [' hug ']
    """

    type_name: ClassVar[str] = "Strip"
    content: str = " "
    start: int = 0
    stop: int = 0

    def __post_init__(self) -> None:
        check_str(self.content, "content", allow_empty=False)
        if len(self.content) != 1:
            raise ValueError(f"content must be one character (Hugging Face's is a char), got {self.content!r}")
        check_int(self.start, "start", minimum=0)
        check_int(self.stop, "stop", minimum=0)

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out = []
        for token in tokens:
            begin = 0
            for index in range(min(self.start, len(token))):
                if token[index] != self.content:
                    break
                begin = index + 1
            end = len(token)
            for back in range(min(self.stop, len(token))):
                index = len(token) - back - 1
                if token[index] != self.content:
                    break
                end = index
            out.append(token[begin:end] if begin <= end else "")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"type": "Strip", "content": self.content, "start": self.start, "stop": self.stop}

    @classmethod
    def from_json(cls, data: Any) -> StripDecoder:
        """Read a ``Strip`` decoder (content, start and stop are required).

        >>> StripDecoder.from_json({"type": "Strip", "content": " ", "start": 1, "stop": 0}).start
        1
        """
        read_fields(data, "decoder", "Strip", ("content", "start", "stop"))
        return cls(data["content"], data["start"], data["stop"])


@dataclass(frozen=True)
class ReplaceDecoder(PatternReplacement, _Step):
    """Hugging Face's ``Replace`` decoder: every match of ``pattern`` in each token becomes ``content``.

    >>> ReplaceDecoder("▁", " ").decode_chain(["▁Hug", "s"])
    [' Hug', 's']
    >>> ReplaceDecoder.from_json({"type": "Replace", "pattern": {"String": "▁"}, "content": " "}).content
    ' '
    """

    type_name: ClassVar[str] = "Replace"
    slot: ClassVar[str] = "decoder"
    where: ClassVar[str] = "Replace decoder"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        if not self.pattern and not self.is_regex:
            return list(tokens)
        out = []
        for token in tokens:
            parts = [
                self.content if matched else token[start:end]
                for (start, end), matched in regex_matches(self._compiled, token)
            ]
            out.append("".join(parts))
        return out


@dataclass(frozen=True)
class DecoderSequence(_Step):
    """Hugging Face's ``decoders.Sequence``: the tokens through each decoder's step in turn.

    >>> DecoderSequence((ByteFallback(), Fuse())).decode(["<0x68>", "ug"])
    'hug'
    """

    type_name: ClassVar[str] = "Sequence"
    decoders: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.decoders, tuple):
            object.__setattr__(self, "decoders", tuple(self.decoders))
        for position, part in enumerate(self.decoders):
            if not hasattr(part, "decode"):
                raise TypeError(f"decoders[{position}] must be a decoder part, got {type(part).__name__}")

    def decode_chain(self, tokens: list[str]) -> list[str]:
        for part in self.decoders:
            tokens = decode_chain(part, tokens)
        return tokens

    def to_json(self) -> dict[str, Any]:
        return {"type": "Sequence", "decoders": [part.to_json() for part in self.decoders]}

    @classmethod
    def from_json(cls, data: Any, read: Any = None) -> DecoderSequence:
        """Read a ``Sequence`` decoder; ``read`` reads each of its decoders (the registry's reader).

        >>> DecoderSequence.from_json({"type": "Sequence", "decoders": [{"type": "Fuse"}]}, Fuse.from_json)
        DecoderSequence(decoders=(Fuse(),))
        """
        return cls(read_sequence(data, "decoder", "decoders", read))


__all__ = [
    "BPEDecoder",
    "ByteFallback",
    "ByteLevelDecoder",
    "DecoderSequence",
    "Fuse",
    "ReplaceDecoder",
    "StripDecoder",
    "decode_chain",
]
