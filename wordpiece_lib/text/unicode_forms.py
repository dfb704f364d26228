"""Unicode's normal forms (NFD, NFKD, NFC, NFKC) as Hugging Face computes them, each character's edit recorded.

Hugging Face normalizes with the ``unicode-normalization-alignments`` crate,
whose tables are Unicode 9.0's; Python 3.11's ``unicodedata`` is Unicode 14.0.
Unicode never changes a character's decomposition or combining class once it
is assigned, so the two differ only on characters assigned after 9.0: to
Hugging Face those have no decomposition and combining class 0 (a mark of a
newer script is a *starter* there, which stops the reordering of the marks
around it). ``NEWER_MARKS`` and ``NEWER_DECOMPOSED`` list them, found by
normalizing every code point with both (``tests/peers/test_real_parts_hf.py``
repeats that scan).

The crate also says, for each character it gives, how it came about (its
*change*): 0 for a character that takes the place of the next input
character, 1 for one inserted after it (the 2nd and later characters of a
decomposition), ``-n`` for one that also swallowed the ``n`` characters after
it (a composition). ``text/edits.py`` turns these changes into offsets, as
Hugging Face's ``NormalizedString.transform`` does.

>>> decompose("é", compatibility=False)
[('e', 0), ('́', 1)]
>>> compose("e\\u0301x", compatibility=False)
[('é', -1), ('x', 0)]
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


def _code_points(ranges: tuple[tuple[int, int], ...]) -> frozenset[str]:
    return frozenset(chr(code) for low, high in ranges for code in range(low, high + 1))


# fmt: off
#: Marks (non-zero combining class in Python) assigned after Unicode 9.0: combining class 0 to Hugging Face.
NEWER_MARKS = _code_points((
    (0x7FD, 0x7FD), (0x898, 0x89F), (0x8CA, 0x8D3), (0x9FE, 0x9FE), (0xC3C, 0xC3C), (0xD3B, 0xD3C), (0xEBA, 0xEBA),
    (0x1715, 0x1715), (0x1ABF, 0x1ACE), (0x1DF6, 0x1DFA), (0xA82C, 0xA82C), (0x10D24, 0x10D27), (0x10EAB, 0x10EAC),
    (0x10F46, 0x10F50), (0x10F82, 0x10F85), (0x11070, 0x11070), (0x1133B, 0x1133B), (0x1145E, 0x1145E),
    (0x11839, 0x1183A), (0x1193D, 0x1193E), (0x11943, 0x11943), (0x119E0, 0x119E0), (0x11A34, 0x11A34),
    (0x11A47, 0x11A47), (0x11A99, 0x11A99), (0x11D42, 0x11D42), (0x11D44, 0x11D45), (0x11D97, 0x11D97),
    (0x16FF0, 0x16FF1), (0x1E130, 0x1E136), (0x1E2AE, 0x1E2AE), (0x1E2EC, 0x1E2EF),
))
#: Characters with a decomposition, assigned after Unicode 9.0: left whole by Hugging Face.
NEWER_DECOMPOSED = _code_points((
    (0x32FF, 0x32FF), (0xA7F2, 0xA7F4), (0xAB69, 0xAB69), (0x10781, 0x10785), (0x10787, 0x107B0), (0x107B2, 0x107BA),
    (0x11938, 0x11938), (0x1F16C, 0x1F16C), (0x1FBF0, 0x1FBF9),
))
# fmt: on


def combining_class(char: str) -> int:
    """A character's canonical combining class as Hugging Face's tables give it.

    >>> combining_class("\\u0301"), combining_class("a"), combining_class("\\u0c3c")
    (230, 0, 0)
    """
    return 0 if char in NEWER_MARKS else unicodedata.combining(char)


@lru_cache(maxsize=1 << 16)
def full_decomposition(char: str, compatibility: bool) -> str:
    """The full decomposition of one character (canonical, or compatibility), as Hugging Face's tables give it.

    >>> full_decomposition("ﬁ", True), full_decomposition("ﬁ", False), full_decomposition("\\U00011938", True)
    ('fi', 'ﬁ', '\\U00011938')
    """
    if char in NEWER_DECOMPOSED:
        return char
    # One character's full decomposition; its marks are all older than the character, so their order is the same.
    return unicodedata.normalize("NFKD" if compatibility else "NFD", char)


def decompose(text: str, *, compatibility: bool) -> list[tuple[str, int]]:
    """NFD (or NFKD) of ``text``, each character with its change (0: it takes an input character's place,
    1: inserted), runs of marks put in canonical order with their changes moving along.

    >>> decompose("ŭ\\u302f", compatibility=False)
    [('u', 0), ('〯', 0), ('̆', 1)]
    """
    out: list[tuple[str, int]] = []
    pending: list[tuple[int, str, int]] = []  # marks waiting to be sorted: (class, char, change)

    def flush() -> None:
        pending.sort(key=lambda item: item[0])  # stable: equal classes keep their order
        out.extend((char, change) for _, char, change in pending)
        pending.clear()

    for char in text:
        for index, part in enumerate(full_decomposition(char, compatibility)):
            klass = combining_class(part)
            if klass == 0:
                flush()
            pending.append((klass, part, 0 if index == 0 else 1))
    flush()
    return out


@lru_cache(maxsize=1 << 16)
def composed(first: str, second: str) -> str | None:
    """The primary composite of two characters, if Hugging Face's tables have one.

    >>> composed("e", "\\u0301"), composed("e", "x")
    ('é', None)
    """
    if first in NEWER_DECOMPOSED or second in NEWER_DECOMPOSED:
        return None
    both = unicodedata.normalize("NFC", first + second)
    if len(both) != 1 or both in NEWER_DECOMPOSED:
        return None
    return both


def compose(text: str, *, compatibility: bool) -> list[tuple[str, int]]:
    """NFC (or NFKC) of ``text``: decomposed, then each starter composed with the marks it is not blocked from;
    a composed character's change is its own plus its partner's, less one.

    >>> compose("a\\u0328\\u0301", compatibility=False)
    [('ą', -1), ('́', 0)]
    """
    out: list[tuple[str, int]] = []
    starter: tuple[str, int] | None = None
    held: list[tuple[str, int]] = []  # marks blocked from the starter or not composing with it
    last_class: int | None = None  # the class of the last held mark (None: nothing held since the starter)
    for char, change in decompose(text, compatibility=compatibility):
        klass = combining_class(char)
        if starter is None:
            if klass != 0:
                out.append((char, change))
                continue
            starter = (char, change)
            continue
        if last_class is None or last_class < klass:
            both = composed(starter[0], char)
            if both is not None:
                starter = (both, starter[1] + change - 1)
                continue
        if klass == 0:
            out.append(starter)
            out.extend(held)
            held.clear()
            last_class = None
            starter = (char, change)
            continue
        held.append((char, change))
        last_class = klass
    if starter is not None:
        out.append(starter)
    out.extend(held)
    return out


def normal_form(text: str, form: str) -> list[tuple[str, int]]:
    """``text`` in normal form ``form`` (``NFD``, ``NFKD``, ``NFC``, ``NFKC``), each character with its change.

    >>> "".join(char for char, _ in normal_form("Ǆ", "NFKC"))
    'DŽ'
    """
    if form not in ("NFD", "NFKD", "NFC", "NFKC"):
        raise ValueError(f"form must be one of NFD, NFKD, NFC, NFKC, got {form!r}")
    compatibility = "K" in form
    return (
        compose(text, compatibility=compatibility)
        if form.endswith("C")
        else decompose(text, compatibility=compatibility)
    )


__all__ = [
    "NEWER_DECOMPOSED",
    "NEWER_MARKS",
    "combining_class",
    "compose",
    "decompose",
    "full_decomposition",
    "normal_form",
]
