"""BERT-style text normalization, character for character like Hugging Face.

The steps, in the order BERT applies them:

1. *clean*: drop NUL, U+FFFD and every control/format character (Unicode
   category ``C*``) except tab, newline and carriage return; turn every kind
   of whitespace into a plain space;
2. *CJK*: put a space on both sides of each CJK ideograph, so that each one
   later becomes a word of its own;
3. *strip accents* (on by default only when lowercasing): decompose (NFD) and
   drop the combining marks (category ``Mn``), so ``é`` becomes ``e``;
4. *lowercase* one character at a time (no special rule for a final sigma).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ._validate import check_str

# The ideograph blocks Hugging Face's BertNormalizer isolates. Its sixth range
# starts at 0x2B920 (Google's BERT says 0x2B820); we follow Hugging Face, whose
# tokens we promise to reproduce.
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)

_KEPT_CONTROLS = frozenset("\t\n\r")


def is_cjk(char: str) -> bool:
    """True for a CJK ideograph that BERT turns into a word of its own.

    >>> is_cjk("野"), is_cjk("a"), is_cjk("ア")
    (True, False, False)
    """
    code = ord(char)
    return any(low <= code <= high for low, high in CJK_RANGES)


def is_control(char: str) -> bool:
    """True for characters the cleaning step drops (category ``C*``).

    Tab, newline and carriage return are whitespace, not controls.

    >>> is_control("\\x00"), is_control("\\u200b"), is_control("\\t")
    (True, True, False)
    """
    if char in _KEPT_CONTROLS:
        return False
    return unicodedata.category(char).startswith("C")


def is_whitespace(char: str) -> bool:
    """True for characters BERT treats as a word separator.

    >>> is_whitespace(" "), is_whitespace("\\u3000"), is_whitespace("a")
    (True, True, False)
    """
    return char in _KEPT_CONTROLS or char.isspace()


def clean_text(text: str) -> str:
    """Drop control characters and map every whitespace to a plain space.

    >>> clean_text("a\\u200bb\\tc\\u00a0d")
    'ab c d'
    """
    out = []
    for char in text:
        if char == "\x00" or char == "\ufffd" or is_control(char):
            continue
        out.append(" " if is_whitespace(char) else char)
    return "".join(out)


def space_cjk(text: str) -> str:
    """Surround every CJK ideograph with spaces.

    >>> space_cjk("我爱NLP")
    ' 我  爱 NLP'
    """
    return "".join(f" {char} " if is_cjk(char) else char for char in text)


def strip_accents(text: str) -> str:
    """Remove accents: NFD, then drop non-spacing marks (``Mn``).

    >>> strip_accents("Héllò ü")
    'Hello u'
    """
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(char for char in decomposed if unicodedata.category(char) != "Mn")


def lowercase(text: str) -> str:
    """Lowercase character by character, as BERT does.

    Python's ``str.lower`` turns a word-final sigma into ``ς``; BERT does not,
    so each character is lowercased on its own.

    >>> lowercase("ΣΑΣ Hug")
    'σασ hug'
    """
    return "".join(char.lower() for char in text)


@dataclass(frozen=True)
class BertNormalizer:
    """The four BERT normalization steps, each one switchable.

    ``strip_accents=None`` means "strip accents when lowercasing", which is
    what both ``bert-base-uncased`` and Hugging Face's default do.

    >>> BertNormalizer()("Héllò  WORLD")
    'Héllò  WORLD'
    >>> BertNormalizer(lowercase=True)("Héllò  WORLD")
    'hello  world'
    """

    lowercase: bool = False
    strip_accents: bool | None = None
    clean_text: bool = True
    handle_chinese_chars: bool = True

    def __call__(self, text: str) -> str:
        return self.normalize(text)

    @property
    def strips_accents(self) -> bool:
        """Whether accents are stripped, after resolving ``None``."""
        return self.lowercase if self.strip_accents is None else self.strip_accents

    def normalize(self, text: str) -> str:
        """Apply the switched-on steps in BERT's order.

        >>> BertNormalizer(lowercase=True).normalize("Ça\\x00 va")
        'ca va'
        """
        check_str(text, "text")
        if self.clean_text:
            text = clean_text(text)
        if self.handle_chinese_chars:
            text = space_cjk(text)
        if self.strips_accents:
            text = strip_accents(text)
        if self.lowercase:
            text = lowercase(text)
        return text


def normalize(text: str, *, lowercase: bool = False, strip_accents: bool | None = None) -> str:
    """Normalize ``text`` the BERT way (cased by default).

    >>> normalize("Héllò hôw are ü?")
    'Héllò hôw are ü?'
    >>> normalize("Héllò hôw are ü?", lowercase=True)
    'hello how are u?'
    """
    return BertNormalizer(lowercase=lowercase, strip_accents=strip_accents)(text)
