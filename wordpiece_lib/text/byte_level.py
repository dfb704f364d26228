"""Byte-level pre-tokenization (GPT-2's): every byte of the text becomes one printable character.

A byte-level BPE never meets an unknown character: its alphabet is the 256
bytes. To keep tokens printable, GPT-2 writes each byte as a character: the
printable ASCII and Latin-1 bytes as themselves, the 68 others (controls,
space, ...) as the characters from U+0100 on, in order, so a space is ``Ġ``
(U+0120) and a newline ``Ċ``. Hugging Face's ``ByteLevel`` pre-tokenizer puts
a space in front of the text (``add_prefix_space``), cuts it with GPT-2's
regex (``use_regex``), then rewrites each piece's UTF-8 bytes that way; every
byte of a character comes from that character, for offsets.

>>> ByteLevel().pre_tokenize("Hug the pug!")
['ĠHug', 'Ġthe', 'Ġpug', '!']
>>> ByteLevel(add_prefix_space=False).pre_tokenize("é 😀")
['Ã©', 'ĠðŁĺĢ']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Self

import regex

from .._json_fields import read_fields
from .._validate import check_bool, check_str
from .splitters import Piece, joined, regex_matches, split_spans


def _byte_chars() -> dict[int, str]:
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    chars = {byte: chr(byte) for byte in printable}
    extra = 0
    for byte in range(256):
        if byte not in chars:
            chars[byte] = chr(256 + extra)
            extra += 1
    return chars


#: Each byte's printable character (GPT-2's ``bytes_to_unicode``) and back.
BYTE_CHARS: dict[int, str] = _byte_chars()
CHAR_BYTES: dict[str, int] = {char: byte for byte, char in BYTE_CHARS.items()}
#: GPT-2's pre-tokenizing pattern, as Hugging Face's ``ByteLevel`` uses it (spaces stay in front of words).
BYTE_LEVEL_REGEX = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
_PATTERN = regex.compile(BYTE_LEVEL_REGEX)
_TABLE = {byte: char for byte, char in BYTE_CHARS.items() if byte < 128}


@lru_cache(maxsize=1 << 16)
def byte_chars(char: str) -> str:
    """The characters of one character's UTF-8 bytes.

    >>> byte_chars(" "), byte_chars("é"), byte_chars("a")
    ('Ġ', 'Ã©', 'a')
    """
    return "".join(BYTE_CHARS[byte] for byte in char.encode("utf-8"))


def to_byte_chars(text: str) -> str:
    """``text`` as byte characters.

    >>> to_byte_chars("hé!")
    'hÃ©!'
    """
    if text.isascii():
        return text.translate(_ASCII_TABLE)
    return "".join(byte_chars(char) for char in text)


_ASCII_TABLE = str.maketrans({chr(byte): char for byte, char in _TABLE.items()})


def from_byte_chars(text: str) -> bytes:
    """The bytes a text of byte characters stands for (a character that is none is kept as its UTF-8).

    >>> from_byte_chars("hÃ©!").decode("utf-8")
    'hé!'
    """
    out = bytearray()
    for char in text:
        byte = CHAR_BYTES.get(char)
        if byte is None:
            out += char.encode("utf-8")
        else:
            out.append(byte)
    return bytes(out)


@dataclass(frozen=True)
class ByteLevelSettings:
    """The three settings of Hugging Face's ``ByteLevel`` object, which its pre-tokenizer, post-processor and decoder
    all read and write the same way (``use_regex`` may be left out: true).

    >>> ByteLevelSettings.from_json({"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True})
    ByteLevelSettings(add_prefix_space=False, trim_offsets=True, use_regex=True)
    """

    #: The slot the object is read for, and the part's name in the messages of a bad one.
    slot: ClassVar[str] = "pre_tokenizer"
    where: ClassVar[str] = "ByteLevel"
    add_prefix_space: bool = True
    trim_offsets: bool = True
    use_regex: bool = True

    def __post_init__(self) -> None:
        for name in ("add_prefix_space", "trim_offsets", "use_regex"):
            check_bool(getattr(self, name), name)

    def to_json(self, *context: Any) -> dict[str, Any]:
        """The ``ByteLevel`` object (``context``, what a slot passes every part, such as a post-processor's ids,
        is not needed)."""
        return {
            "type": "ByteLevel",
            "add_prefix_space": self.add_prefix_space,
            "trim_offsets": self.trim_offsets,
            "use_regex": self.use_regex,
        }

    @classmethod
    def from_json(cls, data: Any, *context: Any) -> Self:
        """Read a ``ByteLevel`` object for this class's slot (``context`` as for ``to_json``)."""
        read_fields(data, cls.slot, "ByteLevel", ("add_prefix_space", "trim_offsets"), ("use_regex",), where=cls.where)
        return cls(data["add_prefix_space"], data["trim_offsets"], data.get("use_regex", True))


@dataclass(frozen=True)
class ByteLevel(ByteLevelSettings):
    """Hugging Face's ``ByteLevel`` pre-tokenizer: a space in front (``add_prefix_space``), GPT-2's regex
    (``use_regex``), then each byte as a character. ``trim_offsets`` is for its post-processor and decoder.

    >>> ByteLevel(use_regex=False).pre_tokenize("a b"), ByteLevel().split_with_origins("é", [0])
    (['ĠaĠb'], ('ĠÃ©', [0, 0, 0], [(0, 3)]))
    """

    type_name: ClassVar[str] = "ByteLevel"
    name: ClassVar[str] = "bytelevel"

    def cut(self, piece: Piece) -> list[Piece]:
        """A piece with its space put in front, cut by the regex (before the bytes are rewritten)."""
        text, origins = piece
        if self.add_prefix_space and text and not text.startswith(" "):
            text, origins = " " + text, (origins[0], *origins)
        if not self.use_regex:
            return [(text, tuple(origins))] if text else []
        spans = split_spans(regex_matches(_PATTERN, text), "Isolated")
        return [(text[start:end], tuple(origins[start:end])) for start, end in spans if end > start]

    def split_pieces(self, piece: Piece, at_start: bool) -> list[Piece]:
        out: list[Piece] = []
        for text, origins in self.cut(piece):
            if text.isascii():
                out.append((text.translate(_ASCII_TABLE), origins))
                continue
            chars = [byte_chars(char) for char in text]
            out.append(("".join(chars), tuple(origin for part, origin in zip(chars, origins) for _ in part)))
        return out

    def split_with_origins(
        self, text: str, origins: Sequence[int], *, at_start: bool = True
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        return joined(self.split_pieces((check_str(text, "text"), origins), at_start))

    def pre_tokenize(self, text: str) -> list[str]:
        """The words of ``text``, as byte characters."""
        return [word for word, _ in self.split_pieces((check_str(text, "text"), range(len(text))), True)]


__all__ = [
    "BYTE_CHARS",
    "BYTE_LEVEL_REGEX",
    "CHAR_BYTES",
    "ByteLevel",
    "ByteLevelSettings",
    "byte_chars",
    "from_byte_chars",
    "to_byte_chars",
]
