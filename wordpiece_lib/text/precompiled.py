"""SentencePiece's normalizer: its character map, read from the base64 blob ``tokenizer.json`` holds (``Precompiled``).

A SentencePiece model carries its normalization rules (``nmt_nfkc`` and the
like) compiled into one blob, its ``precompiled_charsmap``: a 4-byte length, a
double-array trie (darts-clone's format: 32-bit units) whose keys are UTF-8
strings, and after it the replacements, each ended by a NUL byte; a key's
value is where its replacement starts. Hugging Face reads the blob the same
way and applies it grapheme by grapheme (``\\X``): a grapheme shorter than 6
bytes is looked up whole, and the first (shortest) key that is a prefix of it
gives its replacement; otherwise each of its characters is looked up alone.
This module does exactly that, with each new character's origin as Hugging
Face's ``transform`` gives it (a replacement longer than what it replaces
inserts its last characters; a shorter one removes them at its last
character).

>>> charsmap = build_charsmap({"ﬁ": "fi", "\\u3000": " "})
>>> normalizer = Precompiled(charsmap)
>>> normalizer("ﬁne\\u3000day"), normalizer.with_origins("ﬁx").origins
('fine day', (0, 0, 1))
"""

from __future__ import annotations

import base64
import binascii
import struct
from dataclasses import dataclass, field
from typing import Any

import regex

from .._json_fields import read_fields
from .._validate import check_str
from .alignment import AlignedText
from .edits import transform

_GRAPHEMES = regex.compile(r"\X")
_UNSEEN = object()
_CACHE_SIZE = 1 << 16


class CharsMap:
    """The double-array trie and the replacements of a ``precompiled_charsmap`` blob.

    >>> CharsMap(build_charsmap({"ab": "x"})).first_match(b"abc")
    'x'
    """

    def __init__(self, blob: bytes) -> None:
        if len(blob) < 4:
            raise ValueError("Precompiled normalizer: precompiled_charsmap is too short to hold its trie's length")
        (trie_bytes,) = struct.unpack_from("<I", blob, 0)
        if trie_bytes % 4 or 4 + trie_bytes > len(blob) or trie_bytes == 0:
            raise ValueError(
                f"Precompiled normalizer: precompiled_charsmap says its trie has {trie_bytes} bytes, "
                f"but the blob has {len(blob) - 4} after the length"
            )
        self.units = struct.unpack_from(f"<{trie_bytes // 4}I", blob, 4)
        self.strings = blob[4 + trie_bytes :]
        try:
            self.strings.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("Precompiled normalizer: precompiled_charsmap's replacements are not UTF-8") from None

    def _replacement(self, start: int) -> str:
        end = self.strings.find(b"\0", start)
        return self.strings[start : end if end >= 0 else len(self.strings)].decode("utf-8", errors="strict")

    def starts_a_key(self, key: bytes) -> bool:
        """Whether some key of the trie starts with ``key`` (or ``key`` with one of them): a path for its bytes."""
        units = self.units
        size = len(units)
        position = units[0] >> 10 << ((units[0] & (1 << 9)) >> 6)
        for byte in key:
            position ^= byte
            if position >= size or units[position] & ((1 << 31) | 0xFF) != byte:
                return False
            unit = units[position]
            position ^= unit >> 10 << ((unit & (1 << 9)) >> 6)
            if (unit >> 8) & 1:
                return True
        return True

    def first_match(self, key: bytes) -> str | None:
        """The replacement of the shortest key that is a prefix of ``key`` (Hugging Face's ``transform``), or None."""
        units = self.units
        size = len(units)
        position = units[0] >> 10 << ((units[0] & (1 << 9)) >> 6)
        for byte in key:
            if byte == 0:
                return None
            position ^= byte
            if position >= size:
                return None
            unit = units[position]
            if unit & ((1 << 31) | 0xFF) != byte:
                return None
            position ^= unit >> 10 << ((unit & (1 << 9)) >> 6)
            if (unit >> 8) & 1:
                if position >= size:
                    return None
                return self._replacement(units[position] & ((1 << 31) - 1))
        return None


@dataclass(frozen=True)
class Precompiled:
    """Hugging Face's ``Precompiled`` normalizer: SentencePiece's character map (``charsmap``, the raw blob).

    >>> Precompiled(build_charsmap({"Ⅻ": "XII"}))("Ⅻ")
    'XII'
    """

    charsmap: bytes
    _map: Any = field(default=None, init=False, repr=False, compare=False)
    # What each grapheme and character gave, kept by the part itself (a cache shared by all parts would compare
    # their 200 kB maps on every look-up).
    _found: dict[str, str | None] = field(default_factory=dict, init=False, repr=False, compare=False)
    _starts: dict[str, bool] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.charsmap, bytes):
            raise TypeError(f"charsmap must be bytes, got {type(self.charsmap).__name__}")
        object.__setattr__(self, "_map", CharsMap(self.charsmap))

    def __repr__(self) -> str:
        return f"Precompiled(<{len(self.charsmap)} bytes>)"

    def __getstate__(self) -> dict[str, Any]:
        return {"charsmap": self.charsmap}

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "charsmap", state["charsmap"])
        object.__setattr__(self, "_map", CharsMap(self.charsmap))
        object.__setattr__(self, "_found", {})
        object.__setattr__(self, "_starts", {})

    def _lookup(self, chunk: str) -> str | None:
        found = self._found.get(chunk, _UNSEEN)
        if found is _UNSEEN:
            if len(self._found) > _CACHE_SIZE:
                self._found.clear()
            found = self._found[chunk] = self._map.first_match(chunk.encode("utf-8"))
        return found  # type: ignore[return-value]

    def _may_change(self, char: str) -> bool:
        starts = self._starts.get(char)
        if starts is None:
            if len(self._starts) > _CACHE_SIZE:
                self._starts.clear()
            starts = self._starts[char] = self._map.starts_a_key(char.encode("utf-8"))
        return starts

    def changes(self, text: str) -> list[tuple[str, int]] | None:
        """Each new character with its change, grapheme by grapheme as Hugging Face goes (``None``: no change).

        >>> Precompiled(build_charsmap({"ﬁ": "fi"})).changes("ﬁ")
        [('f', 0), ('i', 1)]
        """
        if not any(map(self._may_change, set(text))):  # no key starts with any of its characters: unchanged
            return None
        out: list[tuple[str, int]] = []
        modified = False
        for grapheme in _GRAPHEMES.findall(text):
            if len(grapheme.encode("utf-8")) < 6:
                new = self._lookup(grapheme)
                if new is not None:
                    modified = True
                    _replace(out, grapheme, new)
                    continue
            for char in grapheme:
                new = self._lookup(char)
                if new is not None:
                    modified = True
                    _replace(out, char, new)
                else:
                    out.append((char, 0))
        return out if modified else None

    def __call__(self, text: str) -> str:
        check_str(text, "text")
        changes = self.changes(text)
        return text if changes is None else "".join(char for char, _ in changes)

    def with_origins(self, text: str) -> AlignedText:
        check_str(text, "text")
        unchanged = AlignedText(text, tuple(range(len(text))))
        changes = self.changes(text)
        return unchanged if changes is None else transform(unchanged, changes)

    def to_json(self) -> dict[str, Any]:
        return {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(self.charsmap).decode("ascii")}

    @classmethod
    def from_json(cls, data: Any) -> Precompiled:
        """Read a ``Precompiled`` object (its ``precompiled_charsmap`` in base64).

        >>> Precompiled.from_json({"type": "Precompiled", "precompiled_charsmap": "AAAA"})
        Traceback (most recent call last):
        ...
        ValueError: Precompiled normalizer: precompiled_charsmap is too short to hold its trie's length
        """
        read_fields(data, "normalizer", "Precompiled", ("precompiled_charsmap",))
        blob = data["precompiled_charsmap"]
        if not isinstance(blob, str):
            raise ValueError(f"Precompiled normalizer: precompiled_charsmap must be base64 text, got {blob!r:.40}")
        try:
            raw = base64.b64decode(blob, validate=True)
        except binascii.Error as error:
            raise ValueError(f"Precompiled normalizer: precompiled_charsmap is not base64: {error}") from None
        return cls(raw)


def _replace(out: list[tuple[str, int]], old: str, new: str) -> None:
    """Append ``new`` in place of ``old`` as Hugging Face's Precompiled records it."""
    out.extend((char, 0) for char in new)
    diff = len(new) - len(old)
    if diff > 0:
        for index in range(len(out) - diff, len(out)):
            out[index] = (out[index][0], 1)
    elif diff < 0 and out:
        char, change = out[-1]
        out[-1] = (char, change + diff)


def build_charsmap(replacements: dict[str, str]) -> bytes:
    """A ``precompiled_charsmap`` blob for a few replacements (a small double array, for examples and tests).

    >>> len(build_charsmap({"a": "b"})) > 4
    True
    """
    keys = sorted((key.encode("utf-8"), value) for key, value in replacements.items())
    if not keys or any(not key for key, _ in keys):
        raise ValueError("replacements must map non-empty keys")
    strings = bytearray()
    values: dict[bytes, int] = {}
    for key, value in keys:
        values[key] = len(strings)
        strings += value.encode("utf-8") + b"\0"
    # A trie of the keys, laid out as a double array: each node's children at base ^ label, leaves at base ^ 0.
    trie: dict[bytes, dict[int, bytes]] = {b"": {}}
    for key, _ in keys:
        for length in range(1, len(key) + 1):
            trie.setdefault(key[:length], {})
            trie[key[: length - 1]][key[length - 1]] = key[:length]
    units: dict[int, int] = {}
    bases: set[int] = set()  # a base serves one node only, or a child of one would be found under another

    def free_base(labels: list[int]) -> int:
        base = 1 << 10
        while base in bases or any((base ^ label) in units for label in labels) or base in units:
            base += 1 << 10
        bases.add(base)
        return base

    def place(node: bytes, position: int) -> None:
        children = sorted(trie[node].items())
        labels = [label for label, _ in children] + ([0] if node in values else [])
        if not labels:
            return
        base = free_base(labels)
        units[position] = units.get(position, 0) | ((position ^ base) << 10)
        for label, child in children:
            units[base ^ label] = label | ((1 << 8) if child in values else 0)
        if node in values:
            units[base] = values[node] | (1 << 31)
        for label, child in children:
            place(child, base ^ label)

    units[0] = 0
    place(b"", 0)
    # A value unit keeps bit 31 set, as darts-clone's do: its label never matches a byte.
    array = [units.get(index, 0) for index in range(max(units) + 1)]
    blob = struct.pack(f"<I{len(array)}I", 4 * len(array), *array)
    return blob + bytes(strings)


__all__ = ["CharsMap", "Precompiled", "build_charsmap"]
