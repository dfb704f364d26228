"""SentencePiece's word boundaries: every space becomes ``▁`` and a word starts at each ``▁`` (Hugging Face's ``Metaspace``).

BERT's pre-tokenizer throws the spaces away; a SentencePiece model keeps them
inside its pieces instead, as the mark ``▁`` (U+2581) that starts a word, so
decoding can put every space back. Hugging Face's ``pre_tokenizers.Metaspace``
does it in three steps, copied here exactly:

1. every space (U+0020 only: tabs and newlines stay as they are) becomes the
   replacement character;
2. the replacement is put in front of the text unless it already starts with
   one (``prepend_scheme="always"``); ``"first"`` does so only for the text's
   first part (not for the part after a special token), ``"never"`` never;
3. with ``split``, a word starts at every replacement character (two spaces
   give a word ``▁`` of its own); without, the whole text is one word.

A character put in front comes from the text's first character, for offsets
(Hugging Face's ``NormalizedString.prepend``).

>>> Metaspace().pre_tokenize("Hello  world")
['▁Hello', '▁', '▁world']
>>> Metaspace(split=False).pre_tokenize("a b"), Metaspace(prepend_scheme="never").pre_tokenize("a b")
(['▁a▁b'], ['a', '▁b'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .._validate import check_bool, check_choice, check_str

#: SentencePiece's word mark, U+2581 LOWER ONE EIGHTH BLOCK.
REPLACEMENT = "\u2581"
#: When the mark is put in front of a text, as Hugging Face names it.
PREPEND_SCHEMES = ("always", "first", "never")


@dataclass(frozen=True)
class Metaspace:
    """Hugging Face's ``Metaspace`` pre-tokenizer: spaces as ``replacement``, a word at each one.

    >>> Metaspace().pre_tokenize(" hug pug"), Metaspace(prepend_scheme="first").pre_tokenize("pug", at_start=False)
    (['▁hug', '▁pug'], ['pug'])
    """

    #: The pre-tokenizer's short name (``UnigramTokenizer(pretokenizer="metaspace")``).
    name: ClassVar[str] = "metaspace"

    replacement: str = REPLACEMENT
    prepend_scheme: str = "always"
    split: bool = True

    def __post_init__(self) -> None:
        check_str(self.replacement, "replacement", allow_empty=False)
        if len(self.replacement) != 1:
            raise ValueError(f"replacement must be one character (Hugging Face's is a char), got {self.replacement!r}")
        check_choice(self.prepend_scheme, "prepend_scheme", PREPEND_SCHEMES)
        check_bool(self.split, "split")

    def marked(self, text: str, *, at_start: bool = True) -> tuple[str, int]:
        """``text`` with its spaces replaced and the mark put in front where the scheme says; and how many marks
        were put in front (0 or 1).

        ``at_start``: whether ``text`` begins the whole input (for ``"first"``: not the part after a special token).

        >>> Metaspace().marked("a b"), Metaspace().marked(" a"), Metaspace().marked("")
        (('▁a▁b', 1), ('▁a', 0), ('', 0))
        """
        check_str(text, "text")
        text = text.replace(" ", self.replacement)
        prepend = (
            bool(text)
            and not text.startswith(self.replacement)
            and (self.prepend_scheme == "always" or (self.prepend_scheme == "first" and at_start))
        )
        return (self.replacement + text, 1) if prepend else (text, 0)

    def spans(self, marked: str) -> list[tuple[int, int]]:
        """Where each word of an already ``marked`` text starts and ends: at every mark, with ``split``.

        >>> Metaspace().spans("▁a▁▁b"), Metaspace(split=False).spans("▁a▁▁b"), Metaspace().spans("")
        ([(0, 2), (2, 3), (3, 5)], [(0, 5)], [])
        """
        if not marked:
            return []
        if not self.split:
            return [(0, len(marked))]
        starts = [0] + [position for position in range(1, len(marked)) if marked[position] == self.replacement]
        return list(zip(starts, [*starts[1:], len(marked)], strict=True))

    def pre_tokenize(self, text: str, *, at_start: bool = True) -> list[str]:
        """The words of ``text``.

        >>> Metaspace().pre_tokenize("a\\tb c")
        ['▁a\\tb', '▁c']
        """
        marked, _ = self.marked(text, at_start=at_start)
        return [marked[start:end] for start, end in self.spans(marked)]

    def split_with_origins(
        self, text: str, origins: Sequence[int], *, at_start: bool = True
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        """The marked text, the origin of each of its characters, and where its words are.

        The mark put in front stands on the text's first character, as Hugging Face's ``prepend`` makes it.

        >>> Metaspace().split_with_origins("a b", range(3))
        ('▁a▁b', [0, 0, 1, 2], [(0, 2), (2, 4)])
        """
        marked, prepended = self.marked(text, at_start=at_start)
        if prepended:
            origins = [origins[0], *origins]
        return marked, origins, self.spans(marked)

    def to_json(self) -> dict[str, Any]:
        """The ``pre_tokenizer`` entry of ``tokenizer.json`` (Hugging Face's keys and order).

        >>> Metaspace().to_json()
        {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True}
        """
        return {
            "type": "Metaspace",
            "replacement": self.replacement,
            "prepend_scheme": self.prepend_scheme,
            "split": self.split,
        }

    @classmethod
    def from_json(cls, data: Any) -> Metaspace:
        """Read a ``Metaspace`` entry, the older form with ``add_prefix_space`` too, as Hugging Face reads it.

        >>> Metaspace.from_json({"type": "Metaspace", "replacement": "▁", "add_prefix_space": True}).prepend_scheme
        'always'
        >>> Metaspace.from_json({"type": "Metaspace", "replacement": "▁", "add_prefix_space": False})
        Traceback (most recent call last):
        ...
        ValueError: Metaspace's add_prefix_space (false) contradicts its prepend_scheme ('always', the default)
        """
        if not isinstance(data, dict) or data.get("type") != "Metaspace":
            kind = data.get("type") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"a Metaspace entry must have type 'Metaspace', got {kind!r}")
        if "replacement" not in data:
            raise ValueError(
                "Metaspace has no replacement: tokenizer.json must give it (Hugging Face refuses the file too)"
            )
        scheme = data.get("prepend_scheme", "always")
        if data.get("add_prefix_space") is False and scheme != "never":
            given = repr(scheme) if "prepend_scheme" in data else "('always', the default)"
            raise ValueError(f"Metaspace's add_prefix_space (false) contradicts its prepend_scheme {given}")
        split = data.get("split")
        return cls(data["replacement"], scheme, True if split is None else split)


__all__ = ["PREPEND_SCHEMES", "REPLACEMENT", "Metaspace"]
