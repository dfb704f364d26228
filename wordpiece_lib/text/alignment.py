"""Normalizing while remembering where every character came from.

A model's input needs each token's *offsets*: the span of the original text
it stands for, so an answer span or a highlighted entity can be shown in the
text the user typed. But tokens are cut from the *normalized* text, and
normalization changes lengths: cleaning drops control characters, the CJK
step puts spaces around ideographs, accent stripping turns ``é`` (after
decomposition ``e`` + a combining accent) into ``e``, and lowercasing can
lengthen a character (``İ`` becomes ``i`` + a combining dot).

The fix is to carry, for every character of the normalized text, the index
of the original character it came from (its *origin*). Every BERT step maps
one original character to zero or more new ones, so the origins stay simple:
each normalized character comes from exactly one original character, and a
token spanning normalized characters ``[a, b)`` spans original characters
``[origin[a], origin[b - 1] + 1)``. This is how Hugging Face computes offsets
too (it keeps such an alignment for every byte).

The only step that looks beyond one character is the reordering of
combining marks after decomposition (see ``fast_normalize.normalizes_alone``);
a text holding such a mark goes through a slower path that applies the
steps to the whole text, as Hugging Face does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .._validate import check_int, check_str
from .fast_normalizer import normalizes_alone
from .normalizer import BertNormalizer, clean_text, is_stripped_mark, lowercase, space_cjk
from .unicode_forms import decompose


@dataclass(frozen=True)
class AlignedText:
    """Normalized text with, for each of its characters, the index of the original character it came from.

    >>> aligned = normalize_with_origins("Ça\\x00 va", BertNormalizer(lowercase=True))
    >>> aligned.text, aligned.origins
    ('ca va', (0, 1, 3, 4, 5))
    >>> aligned.original_span(3, 5)
    (4, 6)
    """

    text: str
    origins: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original ``(start, end)`` of the normalized characters ``[start, end)``; ``(0, 0)`` if empty."""
        check_int(start, "start", minimum=0)
        check_int(end, "end", minimum=start)
        if end > len(self.text):
            raise ValueError(f"end {end} is beyond the normalized text ({len(self.text)} characters)")
        if start == end:
            return (0, 0)
        return (self.origins[start], self.origins[end - 1] + 1)


@lru_cache(maxsize=1 << 16)
def _normalized_char(normalizer: BertNormalizer, char: str) -> str | None:
    """``char`` normalized on its own, or ``None`` when its result depends on its neighbours."""
    if not normalizes_alone(char, normalizer):
        return None
    return normalizer(char)


def normalize_with_origins(text: str, normalizer: Any) -> AlignedText:
    """Normalize ``text`` and keep each normalized character's original index.

    The normalized text is exactly ``normalizer(text)``. BERT's steps are
    followed here; any other normalizer part keeps its own origins
    (``normalizer.with_origins(text)``, which gives an ``AlignedText``).

    >>> aligned = normalize_with_origins("İ野x", BertNormalizer(lowercase=True, strip_accents=False))
    >>> aligned.text, aligned.origins
    ('i̇ 野 x', (0, 0, 1, 1, 1, 2))
    """
    check_str(text, "text")
    if not isinstance(normalizer, BertNormalizer):
        with_origins = getattr(normalizer, "with_origins", None)
        if with_origins is None:
            raise TypeError(
                f"normalizer must be a BertNormalizer or have with_origins (offsets), got {type(normalizer).__name__}"
            )
        aligned: AlignedText = with_origins(text)
        return aligned
    parts = []
    for char in text:
        part = _normalized_char(normalizer, char)
        if part is None:
            return _normalize_whole_text(text, normalizer)
        parts.append(part)
    origins = tuple(index for index, part in enumerate(parts) for _ in part)
    return AlignedText("".join(parts), origins)


def _normalize_whole_text(text: str, normalizer: BertNormalizer) -> AlignedText:
    """The BERT steps on the whole text, moving each character's origin along (for combining-mark reordering)."""
    chars = list(zip(text, range(len(text))))
    if normalizer.clean_text:
        chars = [(new, origin) for char, origin in chars for new in clean_text(char)]
    if normalizer.handle_chinese_chars:
        chars = [(new, origin) for char, origin in chars for new in space_cjk(char)]
    if normalizer.strips_accents:
        chars = [(char, origin) for char, origin in _decompose(chars) if not is_stripped_mark(char)]
    if normalizer.lowercase:
        chars = [(new, origin) for char, origin in chars for new in lowercase(char)]
    aligned = AlignedText("".join(char for char, _ in chars), tuple(origin for _, origin in chars))
    if aligned.text != normalizer(text):  # pragma: no cover - a guard: the two must never disagree
        raise AssertionError(f"aligned normalization differs from the normalizer on {text!r}")
    return aligned


def _decompose(chars: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """NFD with origins: decompose each character, then sort every run of combining marks by combining class.

    As in Hugging Face's alignments, the first character of each decomposition
    *takes* the next origin, in order, and the extra ones are *inserted*,
    each marks moving with its flag when sorted: a taken character gets the
    next input character's origin, an inserted one the origin taken last.
    So ``"ŭ〯"`` (u, breve, then a mark of lower class) becomes u, the mark,
    the breve with origins 0, 1, 1, and a token over them spans both
    original characters; a run of single marks keeps its origins in order.
    """
    # Hugging Face's Unicode 9.0 tables: a mark assigned later is a starter there, which stops reordering.
    flagged = [
        (part, change == 0) for part, change in decompose("".join(char for char, _ in chars), compatibility=False)
    ]
    origins = [origin for _, origin in chars]
    out = []
    taken = -1
    for char, takes in flagged:
        if takes:
            taken += 1
        out.append((char, origins[max(taken, 0)]))
    return out


__all__ = ["AlignedText", "normalize_with_origins"]
