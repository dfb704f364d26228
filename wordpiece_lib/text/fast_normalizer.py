"""Normalizing at C speed: BERT's normalizer through one translation table.

Almost every step of the BERT normalizer (cleaning, CJK spacing,
lowercasing, and accent stripping for nearly every character) looks at one
character at a time, so each distinct character can be normalized once,
remembered in a table, and the whole text rewritten by ``str.translate``.
The rare characters whose result depends on their neighbours (combining
marks that canonical reordering may move) are detected, and a text holding
one goes through ``BertNormalizer`` itself, so the result is always exact.

The trade: a table entry per distinct character seen (a few thousand for
most texts) for one C-speed pass instead of several Python passes; what it
matches is ``BertNormalizer``, the readable twin in ``normalizer.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from .._validate import check_str
from .normalizer import BertNormalizer, is_stripped_mark
from .unicode_forms import combining_class, full_decomposition


class NotLocal(Exception):
    """Raised inside ``str.translate`` for a character that cannot be normalized on its own."""


def normalizes_alone(char: str, normalizer: BertNormalizer) -> bool:
    """True when ``normalizer`` treats ``char`` the same wherever it stands in a text.

    Cleaning, the CJK step and lowercasing work one character at a time.
    Stripping accents decomposes (NFD), which re-orders runs of combining
    marks, then drops the non-spacing ones (``Mn``). The order of what is
    kept can only change when a kept character is itself a combining mark
    (non-zero combining class, not a stripped mark), so such characters
    are the only ones not safe alone.

    >>> normalizes_alone("é", BertNormalizer(lowercase=True)), normalizes_alone("\\U0001d165", BertNormalizer(lowercase=True))
    (True, False)
    >>> normalizes_alone("\\U0001d165", BertNormalizer())
    True
    """
    check_str(char, "char", allow_empty=False)
    if not normalizer.strips_accents:
        return True
    return all(combining_class(part) == 0 or is_stripped_mark(part) for part in full_decomposition(char, False))


class CharTable(dict):  # type: ignore[type-arg]
    """A ``str.translate`` table filled in lazily, one new character at a time."""

    __slots__ = ("rule",)

    def __init__(self, rule: Callable[[str], str]) -> None:
        super().__init__()
        self.rule = rule

    def __missing__(self, code: int) -> str:
        value = self[code] = self.rule(chr(code))
        return value


class FastNormalizer:
    """A ``BertNormalizer`` that gives the same text many times faster.

    Each distinct character is normalized once and remembered in a
    translation table; ``str.translate`` then rewrites the whole text at C
    speed. Exact because every step works one character at a time, except
    for the rare characters ``normalizes_alone`` rejects: a text holding one
    of those goes through the ``BertNormalizer`` itself.

    >>> FastNormalizer(BertNormalizer(lowercase=True))("Héllò\\tWORLD 我")
    'hello world  我 '
    """

    def __reduce__(self) -> tuple[type[FastNormalizer], tuple[BertNormalizer]]:
        # Its table is a cache of characters met so far: a copy starts with an empty one.
        return FastNormalizer, (self.normalizer,)

    def __init__(self, normalizer: BertNormalizer) -> None:
        if not isinstance(normalizer, BertNormalizer):
            raise TypeError(f"normalizer must be a BertNormalizer, got {type(normalizer).__name__}")
        self.normalizer = normalizer
        self._table = CharTable(self._rule)

    def _rule(self, char: str) -> str:
        if not normalizes_alone(char, self.normalizer):
            raise NotLocal(char)
        return self.normalizer(char)

    def __call__(self, text: str) -> str:
        check_str(text, "text")
        try:
            return text.translate(self._table)
        except NotLocal:
            return self.normalizer(text)

    def __repr__(self) -> str:
        return f"FastNormalizer({self.normalizer!r})"


__all__ = [
    "CharTable",
    "FastNormalizer",
    "NotLocal",
    "normalizes_alone",
]
