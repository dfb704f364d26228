"""BERT-style text normalization, character for character like Hugging Face.

The steps, in the order BERT applies them:

1. *clean*: drop NUL, U+FFFD and every control/format/private-use character
   (Unicode category ``C*`` but not unassigned ``Cn``) except tab, newline and
   carriage return; turn every kind of whitespace into a plain space;
2. *CJK*: put a space on both sides of each CJK ideograph, so that each one
   later becomes a word of its own;
3. *strip accents* (on by default only when lowercasing): decompose (NFD) and
   drop the combining marks (category ``Mn``), so ``é`` becomes ``e``;
4. *lowercase* one character at a time (no special rule for a final sigma).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from .._json_fields import check_type, require_fields
from .._validate import check_bool, check_str
from .unicode_forms import decompose

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


def _code_points(ranges: tuple[tuple[int, int], ...]) -> frozenset[str]:
    return frozenset(chr(code) for low, high in ranges for code in range(low, high + 1))


# Hugging Face decides "control" and "non-spacing mark" with Unicode tables
# older than Python 3.11's (Unicode 14.0), and it has no table of unassigned
# code points (category Cn). To give its tokens we copy its view, found by
# normalizing every code point with both (tests/robustness/test_fuzz.py repeats that
# scan, so a newer Python or tokenizers release that moves a character fails
# a test instead of drifting silently):
# * unassigned characters are kept, not dropped as controls;
# * these format characters (Cf) came after its tables and are kept;
_FORMAT_CHARS_UNKNOWN_TO_HF = _code_points(((0x890, 0x891), (0x8E2, 0x8E2), (0x110CD, 0x110CD), (0x13430, 0x13438)))
# * these non-spacing marks (Mn) came after its tables and survive accent stripping;
# fmt: off
_MARKS_UNKNOWN_TO_HF = _code_points(
    (
    (0x7FD, 0x7FD), (0x898, 0x89F), (0x8CA, 0x8E1), (0x9FE, 0x9FE), (0xAFA, 0xAFF), (0xB55, 0xB55), (0xC04, 0xC04),
    (0xC3C, 0xC3C), (0xD00, 0xD00), (0xD3B, 0xD3C), (0xD81, 0xD81), (0xEBA, 0xEBA), (0x180F, 0x180F),
    (0x1885, 0x1886), (0x1ABF, 0x1ACE), (0x1DF6, 0x1DFB), (0xA82C, 0xA82C), (0xA8C5, 0xA8C5), (0xA8FF, 0xA8FF),
    (0xA9BD, 0xA9BD), (0x10D24, 0x10D27), (0x10EAB, 0x10EAC), (0x10F46, 0x10F50), (0x10F82, 0x10F85),
    (0x11070, 0x11070), (0x11073, 0x11074), (0x110C2, 0x110C2), (0x111C9, 0x111C9), (0x111CF, 0x111CF),
    (0x1123E, 0x1123E), (0x1133B, 0x1133B), (0x11438, 0x1143F), (0x11442, 0x11444), (0x11446, 0x11446),
    (0x1145E, 0x1145E), (0x1182F, 0x11837), (0x11839, 0x1183A), (0x1193B, 0x1193C), (0x1193E, 0x1193E),
    (0x11943, 0x11943), (0x119D4, 0x119D7), (0x119DA, 0x119DB), (0x119E0, 0x119E0), (0x11A01, 0x11A0A),
    (0x11A33, 0x11A38), (0x11A3B, 0x11A3E), (0x11A47, 0x11A47), (0x11A51, 0x11A56), (0x11A59, 0x11A5B),
    (0x11A8A, 0x11A96), (0x11A98, 0x11A99), (0x11C30, 0x11C36), (0x11C38, 0x11C3D), (0x11C3F, 0x11C3F),
    (0x11C92, 0x11CA7), (0x11CAA, 0x11CB0), (0x11CB2, 0x11CB3), (0x11CB5, 0x11CB6), (0x11D31, 0x11D36),
    (0x11D3A, 0x11D3A), (0x11D3C, 0x11D3D), (0x11D3F, 0x11D45), (0x11D47, 0x11D47), (0x11D90, 0x11D91),
    (0x11D95, 0x11D95), (0x11D97, 0x11D97), (0x11EF3, 0x11EF4), (0x16F4F, 0x16F4F), (0x16FE4, 0x16FE4),
    (0x1CF00, 0x1CF2D), (0x1CF30, 0x1CF46), (0x1E000, 0x1E006), (0x1E008, 0x1E018), (0x1E01B, 0x1E021),
    (0x1E023, 0x1E024), (0x1E026, 0x1E02A), (0x1E130, 0x1E136), (0x1E2AE, 0x1E2AE), (0x1E2EC, 0x1E2EF),
    (0x1E944, 0x1E94A),
    )
)
# fmt: on
# * U+1734 HANUNOO SIGN PAMUDPOD was a non-spacing mark before Unicode 14 (now Mc): still stripped.
_MARKS_ONLY_TO_HF = frozenset("\u1734")
# * its NFD is Unicode 9.0's (characters decomposed or reordered by newer tables are left as they are):
#   text/unicode_forms.py;
# * its lowercasing is newer than Python 3.11's: these capitals, unassigned in Unicode 14, have a lowercase twin.
_LOWERCASE_UNKNOWN_TO_PYTHON = {
    chr(capital): chr(capital + shift)
    for first, last, shift in (
        (0x1C89, 0x1C89, 1),
        (0xA7CC, 0xA7CC, 1),
        (0xA7CE, 0xA7CE, 1),
        (0xA7D2, 0xA7D2, 1),
        (0xA7D4, 0xA7D4, 1),
        (0xA7DA, 0xA7DA, 1),
        (0x10D50, 0x10D65, 0x20),
        (0x16EA0, 0x16EB8, 0x1B),
    )
    for capital in range(first, last + 1)
} | {"\ua7cb": "\u0264", "\ua7dc": "\u019b"}


def is_cjk(char: str) -> bool:
    """True for a CJK ideograph that BERT turns into a word of its own.

    >>> is_cjk("野"), is_cjk("a"), is_cjk("ア")
    (True, False, False)
    """
    code = ord(char)
    return any(low <= code <= high for low, high in CJK_RANGES)


def is_control(char: str) -> bool:
    """True for characters the cleaning step drops (category ``C*``, as Hugging Face sees it).

    Tab, newline and carriage return are whitespace, not controls; unassigned
    code points (``Cn``) are kept, as Hugging Face keeps them.

    >>> is_control("\\x00"), is_control("\\u200b"), is_control("\\t"), is_control("\\u0378")
    (True, True, False, False)
    """
    if char in _KEPT_CONTROLS or char in _FORMAT_CHARS_UNKNOWN_TO_HF:
        return False
    category = unicodedata.category(char)
    return category.startswith("C") and category != "Cn"


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
    if text.isascii():
        return text
    # NFD with Hugging Face's Unicode 9.0 tables: a newer mark is a starter there, and its order counts.
    return "".join(char for char, _ in decompose(text, compatibility=False) if not is_stripped_mark(char))


def is_stripped_mark(char: str) -> bool:
    """True for a non-spacing mark (``Mn``) that accent stripping drops, as Hugging Face decides it.

    >>> is_stripped_mark("\\u0301"), is_stripped_mark("e"), is_stripped_mark("\\u0898")
    (True, False, False)
    """
    if char in _MARKS_ONLY_TO_HF:
        return True
    return unicodedata.category(char) == "Mn" and char not in _MARKS_UNKNOWN_TO_HF


def lowercase(text: str) -> str:
    """Lowercase character by character, as BERT does.

    Python's ``str.lower`` turns a word-final sigma into ``ς``; BERT does not,
    so each character is lowercased on its own.

    >>> lowercase("ΣΑΣ Hug")
    'σασ hug'
    """
    return "".join(_LOWERCASE_UNKNOWN_TO_PYTHON.get(char) or char.lower() for char in text)


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

    def __post_init__(self) -> None:
        # A string such as "no" would silently read as true.
        check_bool(self.lowercase, "lowercase")
        check_bool(self.clean_text, "clean_text")
        check_bool(self.handle_chinese_chars, "handle_chinese_chars")
        if self.strip_accents is not None:
            check_bool(self.strip_accents, "strip_accents")

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

    def to_json(self) -> dict[str, Any]:
        """The ``normalizer`` entry of ``tokenizer.json`` (Hugging Face's keys and order).

        >>> BertNormalizer(lowercase=True).to_json()
        {'type': 'BertNormalizer', 'clean_text': True, 'handle_chinese_chars': True, 'strip_accents': None, 'lowercase': True}
        """
        return {
            "type": "BertNormalizer",
            "clean_text": self.clean_text,
            "handle_chinese_chars": self.handle_chinese_chars,
            "strip_accents": self.strip_accents,
            "lowercase": self.lowercase,
        }

    @classmethod
    def from_json(cls, data: Any) -> BertNormalizer:
        """Read a ``BertNormalizer`` entry; ``strip_accents`` may be left out (``null``: follow ``lowercase``).

        >>> BertNormalizer.from_json({"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
        ...                           "lowercase": True}).strips_accents
        True
        """
        check_type(data, "normalizer", "BertNormalizer")
        require_fields(data, "normalizer", ("clean_text", "handle_chinese_chars", "lowercase"))
        switches = ("clean_text", "handle_chinese_chars", "strip_accents", "lowercase")
        return cls(**{key: data[key] for key in switches if key in data})


def normalize(text: str, *, lowercase: bool = False, strip_accents: bool | None = None) -> str:
    """Normalize ``text`` the BERT way (cased by default).

    >>> normalize("Héllò hôw are ü?")
    'Héllò hôw are ü?'
    >>> normalize("Héllò hôw are ü?", lowercase=True)
    'hello how are u?'
    """
    return BertNormalizer(lowercase=lowercase, strip_accents=strip_accents)(text)


__all__ = [
    "CJK_RANGES",
    "BertNormalizer",
    "clean_text",
    "is_cjk",
    "is_control",
    "is_stripped_mark",
    "is_whitespace",
    "lowercase",
    "normalize",
    "space_cjk",
    "strip_accents",
]
