"""A normalizer's edits, and the origin each new character takes from them, as Hugging Face computes offsets.

Hugging Face's normalizers describe what they do as a stream of new characters,
each with a *change*: ``0``, it takes the place of the next old character;
``1``, it is inserted; ``-n``, it takes the place of the next old character
and the ``n`` after it are removed. ``NormalizedString.transform`` walks the
old text along that stream, and every new character gets the alignment (here:
the origin, an index in the original text) of the old character whose place it
takes, or, when inserted, of the old character just before (the last one
passed). ``transform`` below does the same walk on an ``AlignedText``, so a
chain of normalizers keeps each character's origin exactly as Hugging Face
does; ``Edit`` records what changed, for ``explain``.

>>> from wordpiece_lib.text.alignment import AlignedText
>>> aligned = transform(AlignedText("ab", (0, 1)), [("x", 0), ("y", 1), ("z", 1)])
>>> aligned.text, aligned.origins
('xyz', (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .alignment import AlignedText


@dataclass(frozen=True)
class Edit:
    """One edit of a normalizer: the original text's ``[start, end)`` became ``after`` (it was ``before``).

    >>> Edit("Normalizer", 0, 1, "É", "é")
    Edit(part='Normalizer', start=0, end=1, before='É', after='é')
    """

    part: str
    start: int
    end: int
    before: str
    after: str


def transform(aligned: AlignedText, changes: Iterable[tuple[str, int]], initial_offset: int = 0) -> AlignedText:
    """``aligned`` rewritten by a stream of ``(new character, change)``, each new character's origin as Hugging
    Face gives it; ``initial_offset`` old characters are removed before the first new one.

    >>> from wordpiece_lib.text.alignment import AlignedText
    >>> transform(AlignedText("e\\u0301x", (0, 1, 2)), [("é", -1), ("x", 0)]).origins
    (0, 2)
    >>> transform(AlignedText("abc", (4, 5, 6)), [("c", 0)], initial_offset=2).origins
    (6,)
    """
    old = aligned.origins
    size = len(old)
    position = initial_offset  # the next old character to be replaced
    text: list[str] = []
    origins: list[int] = []
    for char, change in changes:
        if change > 0:
            # An inserted character stands where the last old character passed stood (the first of the text: 0).
            origin = old[position - 1] if 0 < position <= size else (old[0] if size and position == 0 else 0)
        else:
            origin = old[position] if position < size else (old[-1] if size else 0)
            position += 1 - change
        text.append(char)
        origins.append(origin)
    return AlignedText("".join(text), tuple(origins))


def composed_origins(inner: AlignedText, outer: AlignedText) -> AlignedText:
    """``inner`` normalized further into ``outer`` (whose origins index ``inner``): origins in the first text.

    >>> from wordpiece_lib.text.alignment import AlignedText
    >>> composed_origins(AlignedText("ab", (3, 7)), AlignedText("b", (1,))).origins
    (7,)
    """
    first = inner.origins
    return AlignedText(outer.text, tuple(first[origin] for origin in outer.origins))


def edits_between(original: str, aligned: AlignedText, part: str) -> list[Edit]:
    """The edits that turned ``original`` into ``aligned.text``: runs of original characters that became something
    else, with what they became (the characters whose origins fall in them), in the original's order.

    >>> from wordpiece_lib.text.alignment import AlignedText
    >>> edits_between("Hello", AlignedText("hello", (0, 1, 2, 3, 4)), "Lowercase")
    [Edit(part='Lowercase', start=0, end=1, before='H', after='h')]
    >>> edits_between("ÉTÉ", AlignedText("ete", (0, 1, 2)), "Sequence")  # neighbours changed: one edit
    [Edit(part='Sequence', start=0, end=3, before='ÉTÉ', after='ete')]
    """
    became: dict[int, list[str]] = {}
    for char, origin in zip(aligned.text, aligned.origins, strict=True):
        became.setdefault(origin, []).append(char)
    out: list[Edit] = []
    start: int | None = None
    for index in range(len(original) + 1):
        same = index < len(original) and "".join(became.get(index, ())) == original[index]
        if index < len(original) and not same:
            if start is None:
                start = index
            continue
        if start is not None:
            after = "".join("".join(became.get(position, ())) for position in range(start, index))
            out.append(Edit(part, start, index, original[start:index], after))
            start = None
    return out


__all__ = ["Edit", "composed_origins", "edits_between", "transform"]
