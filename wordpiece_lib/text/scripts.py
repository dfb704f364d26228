"""Writing systems: which script a character belongs to, and what BERT's normalizer does to each.

Unicode gives every character a name that starts with its script (``LATIN SMALL
LETTER E WITH ACUTE``, ``CYRILLIC SMALL LETTER SHORT I``, ``CJK UNIFIED
IDEOGRAPH-6C34``), which is all a notebook needs to tell scripts apart:
:func:`char_script` reads it. The rest of the module looks at one word at a
time through a normalizer:

* :func:`decomposition` lists the characters of a word after NFD, with their
  Unicode category, so a combining mark (category ``Mn``) is visible;
* :func:`normalization_merges` groups the words a normalizer makes identical
  (``résumé`` and ``resume`` when accents are stripped).

>>> char_script("é"), char_script("й"), char_script("水"), char_script("が"), char_script("7")
('Latin', 'Cyrillic', 'Han', 'Hiragana', 'Common')
>>> from wordpiece_lib.text.normalizer import BertNormalizer
>>> normalization_merges(["résumé", "resume", "cafe"], BertNormalizer(lowercase=True))
{'resume': ['résumé', 'resume']}
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .._validate import check_callable, check_str

#: Unicode name prefixes and the script they mean, longest first where one starts another.
_NAME_PREFIXES: tuple[tuple[str, str], ...] = (
    ("CJK COMPATIBILITY IDEOGRAPH", "Han"),
    ("CJK UNIFIED IDEOGRAPH", "Han"),
    ("HANGUL", "Hangul"),
    ("HIRAGANA", "Hiragana"),
    ("KATAKANA", "Katakana"),
    ("LATIN", "Latin"),
    ("CYRILLIC", "Cyrillic"),
    ("GREEK", "Greek"),
    ("ARABIC", "Arabic"),
    ("HEBREW", "Hebrew"),
    ("DEVANAGARI", "Devanagari"),
    ("BENGALI", "Bengali"),
    ("TAMIL", "Tamil"),
    ("THAI", "Thai"),
    ("ARMENIAN", "Armenian"),
    ("GEORGIAN", "Georgian"),
    ("ETHIOPIC", "Ethiopic"),
)

#: The script name for characters every script uses (digits, punctuation, spaces, symbols).
COMMON = "Common"
#: The script name for combining marks that take the script of the letter before them.
INHERITED = "Inherited"
#: The script name for a letter of a script this module does not name.
OTHER = "Other"


def char_script(char: str) -> str:
    """The script of one character: ``"Latin"``, ``"Cyrillic"``, ``"Han"``... (see the module docstring).

    Digits, punctuation, symbols and spaces are ``"Common"``; a combining mark
    that belongs to no named script (such as U+0301, the acute accent) is
    ``"Inherited"``; a letter of a script not listed is ``"Other"``.

    >>> [char_script(c) for c in "aЖλعש"]
    ['Latin', 'Cyrillic', 'Greek', 'Arabic', 'Hebrew']
    >>> char_script("\\u0301"), char_script("!"), char_script("ა")
    ('Inherited', 'Common', 'Georgian')
    """
    check_str(char, "char", allow_empty=False)
    if len(char) != 1:
        raise ValueError(f"char must be one character, got {len(char)}: {char!r}")
    return _script_of(char)


@functools.lru_cache(maxsize=8192)
def _script_of(char: str) -> str:
    """``char_script`` of one character, remembered: a vocab repeats the same few thousand characters."""
    name = unicodedata.name(char, "")
    for prefix, script in _NAME_PREFIXES:
        if name.startswith(prefix):
            return script
    category = unicodedata.category(char)
    if category.startswith("M"):
        return INHERITED
    if category.startswith("L"):
        return OTHER
    return COMMON


def script_counts(text: str) -> Counter[str]:
    """How many characters of each script ``text`` holds (``Common`` characters included).

    >>> script_counts("Tokyo 東京")
    Counter({'Latin': 5, 'Han': 2, 'Common': 1})
    """
    check_str(text, "text")
    return Counter(map(_script_of, text))


def main_script(text: str) -> str:
    """The script most of ``text``'s letters are in (``"Common"`` when it has none; ties: first seen).

    The ``##`` of a continuation token and every other ``Common`` or
    ``Inherited`` character are left out, so ``##ében`` is ``"Latin"``.

    >>> main_script("##ében"), main_script("東京ですね"), main_script("42!")
    ('Latin', 'Hiragana', 'Common')
    """
    counts = script_counts(text)
    letters = [(script, count) for script, count in counts.items() if script not in (COMMON, INHERITED)]
    if not letters:
        return COMMON
    return max(letters, key=lambda item: item[1])[0]


@dataclass(frozen=True)
class DecomposedChar:
    """One character of a word after NFD: the character, its code point, Unicode category and name."""

    char: str
    code_point: str
    category: str
    name: str

    @property
    def is_mark(self) -> bool:
        """True for a combining mark (category ``M*``): it adds to the character before it."""
        return self.category.startswith("M")


def decomposition(word: str) -> list[DecomposedChar]:
    """The characters of ``word`` after canonical decomposition (NFD), with their category.

    Accent stripping drops exactly the ``Mn`` ones (non-spacing marks).

    >>> [(c.code_point, c.category) for c in decomposition("é")]
    [('U+0065', 'Ll'), ('U+0301', 'Mn')]
    >>> [c.name for c in decomposition("が")]
    ['HIRAGANA LETTER KA', 'COMBINING KATAKANA-HIRAGANA VOICED SOUND MARK']
    """
    check_str(word, "word")
    return [
        DecomposedChar(char, f"U+{ord(char):04X}", unicodedata.category(char), unicodedata.name(char, "(no name)"))
        for char in unicodedata.normalize("NFD", word)
    ]


def normalization_merges(words: Iterable[str], normalizer: Callable[[str], str]) -> dict[str, list[str]]:
    """The groups of distinct ``words`` that ``normalizer`` turns into the same text.

    Keys are the normalized text, values the original words in the order
    given; words that stay alone are left out (and a repeated word counts once).

    >>> from wordpiece_lib.text.normalizer import BertNormalizer
    >>> normalization_merges(["côte", "cote", "Côte", "coté", "mais", "maïs"], BertNormalizer(lowercase=True))
    {'cote': ['côte', 'cote', 'Côte', 'coté'], 'mais': ['mais', 'maïs']}
    >>> normalization_merges(["côte", "cote"], BertNormalizer(lowercase=True, strip_accents=False))
    {}
    """
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise TypeError(f"words must be a list of str, got {type(words).__name__}")
    check_callable(normalizer, "normalizer", "a function str -> str")
    groups: dict[str, list[str]] = {}
    for position, word in enumerate(words):
        check_str(word, f"words[{position}]")
        normalized = normalizer(word)
        if not isinstance(normalized, str):
            raise TypeError(f"normalizer must return a str, got {type(normalized).__name__} for {word!r}")
        group = groups.setdefault(normalized, [])
        if word not in group:
            group.append(word)
    return {text: group for text, group in groups.items() if len(group) > 1}


__all__ = [
    "COMMON",
    "INHERITED",
    "OTHER",
    "DecomposedChar",
    "char_script",
    "decomposition",
    "main_script",
    "normalization_merges",
]
