"""Hugging Face's other pre-tokenizers, each a part of a tokenizer: ``Split`` (a pattern and what to do with its
matches), ``Digits``, ``Punctuation``, ``Whitespace`` and a chain of them (``Sequence``).

A pre-tokenizer cuts the normalized text into pieces, and a piece Hugging Face
cuts again with the next pre-tokenizer of a ``Sequence``; an empty piece is
dropped. Every cut is a list of *matches* of a pattern (a regex, or a test of
each character), each with whether it matched, and a *behaviour* that says
what to do with the matched parts (``SplitDelimiterBehavior``: the example is
``the-final--countdown`` split on ``-``):

==================  ==================================================
``Removed``         ``the``, ``final``, ``countdown``
``Isolated``        ``the``, ``-``, ``final``, ``-``, ``-``, ``countdown``
``MergedWithPrevious``  ``the-``, ``final-``, ``-``, ``countdown``
``MergedWithNext``  ``the``, ``-final``, ``-``, ``-countdown``
``Contiguous``      ``the``, ``-``, ``final``, ``--``, ``countdown``
==================  ==================================================

Every part gives what the pipeline asks of a pre-tokenizer:
``split_with_origins(text, origins)``, the text (``ByteLevel`` rewrites it),
each character's origin and where the words are.

>>> Split("-", "MergedWithNext").pre_tokenize("the-final--countdown")
['the', '-final', '-', '-countdown']
>>> Whitespace().pre_tokenize("Hug, pug's 2nd!"), Digits(individual_digits=True).pre_tokenize("a12")
(['Hug', ',', 'pug', "'", 's', '2nd', '!'], ['a', '1', '2'])
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import regex

from .._json_fields import read_fields, read_sequence
from .._validate import check_bool, check_choice, check_str
from .normalizers import CompiledPattern, pattern_json, read_pattern
from .pretokenizers import is_punctuation

#: What a split does with the parts that match its pattern (Hugging Face's ``SplitDelimiterBehavior``).
BEHAVIOURS = ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous")

#: A piece of text: its characters and each one's origin.
Piece = tuple[str, Sequence[int]]
#: Where the matches of a pattern are: ``((start, end), matched)``, covering the text in order.
Matches = list[tuple[tuple[int, int], bool]]


def regex_matches(pattern: regex.Pattern[str], text: str) -> Matches:
    """The matches of a regex in ``text`` and the parts between them, in order (empty matches included).

    >>> regex_matches(regex.compile("-"), "a-b")
    [((0, 1), False), ((1, 2), True), ((2, 3), False)]
    """
    if not text:
        return [((0, 0), False)]
    out: Matches = []
    previous = 0
    for match in pattern.finditer(text):
        start, end = match.span()
        if previous != start:
            out.append(((previous, start), False))
        out.append(((start, end), True))
        previous = end
    if previous != len(text):
        out.append(((previous, len(text)), False))
    return out


def char_matches(test: Callable[[str], bool], text: str) -> Matches:
    """Each character that passes ``test`` as a match of its own, and the runs between them.

    >>> char_matches(str.isdigit, "a12")
    [((0, 1), False), ((1, 2), True), ((2, 3), True)]
    """
    if not text:
        return [((0, 0), False)]
    out: Matches = []
    last = 0
    for index, char in enumerate(text):
        if test(char):
            if last < index:
                out.append(((last, index), False))
            out.append(((index, index + 1), True))
            last = index + 1
    if last < len(text):
        out.append(((last, len(text)), False))
    return out


def split_spans(matches: Matches, behaviour: str) -> list[tuple[int, int]]:
    """The pieces a behaviour makes of ``matches`` (empty pieces kept: the caller drops them).

    >>> m = regex_matches(regex.compile("-"), "a--b")
    >>> split_spans(m, "Removed"), split_spans(m, "Contiguous"), split_spans(m, "MergedWithPrevious")
    ([(0, 1), (3, 4)], [(0, 1), (1, 3), (3, 4)], [(0, 2), (2, 3), (3, 4)])
    """
    if behaviour == "Removed":
        return [span for span, matched in matches if not matched]
    if behaviour == "Isolated":
        return [span for span, _ in matches]
    out: list[list[int]] = []
    previous = False
    if behaviour == "Contiguous":
        for (start, end), matched in matches:
            if matched == previous and out:
                out[-1][1] = end
            else:
                out.append([start, end])
            previous = matched
    elif behaviour == "MergedWithPrevious":
        for (start, end), matched in matches:
            if matched and not previous and out:
                out[-1][1] = end
            else:
                out.append([start, end])
            previous = matched
    elif behaviour == "MergedWithNext":
        for (start, end), matched in reversed(matches):
            if matched and not previous and out:
                out[-1][0] = start
            else:
                out.append([start, end])
            previous = matched
        out.reverse()
    else:
        raise ValueError(f"behavior must be one of {', '.join(BEHAVIOURS)}, got {behaviour!r}")
    return [(start, end) for start, end in out]


def pieces_of(part: Any, piece: Piece, at_start: bool) -> list[Piece]:
    """The non-empty pieces any pre-tokenizer part makes of one piece (through its ``split_with_origins``).

    >>> pieces_of(Whitespace(), ("a b", (0, 1, 2)), True)
    [('a', (0,)), ('b', (2,))]
    """
    text, origins = piece
    split = getattr(part, "split_pieces", None)
    if split is not None:
        out: list[Piece] = split(piece, at_start)
        return out
    marked, marked_origins, spans = part.split_with_origins(text, origins, at_start=at_start)
    return [(marked[start:end], tuple(marked_origins[start:end])) for start, end in spans if end > start]


def joined(pieces: list[Piece]) -> tuple[str, list[int], list[tuple[int, int]]]:
    """Pieces as the pipeline takes them: one text, its characters' origins, each piece's span.

    >>> joined([("ab", (0, 1)), ("c", (3,))])
    ('abc', [0, 1, 3], [(0, 2), (2, 3)])
    """
    origins: list[int] = []
    spans = []
    for text, piece_origins in pieces:
        spans.append((len(origins), len(origins) + len(text)))
        origins.extend(piece_origins)
    return "".join(text for text, _ in pieces), origins, spans


class _Splitter:
    """A pre-tokenizer that only cuts (the text stays as it is): ``spans`` says where its pieces are."""

    type_name: ClassVar[str]
    name: ClassVar[str]

    def spans(self, text: str) -> list[tuple[int, int]]:  # pragma: no cover - each part gives its own
        raise NotImplementedError

    def split_pieces(self, piece: Piece, at_start: bool) -> list[Piece]:
        text, origins = piece
        return [(text[start:end], tuple(origins[start:end])) for start, end in self.spans(text) if end > start]

    def split_with_origins(
        self, text: str, origins: Sequence[int], *, at_start: bool = True
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        return text, origins, [(start, end) for start, end in self.spans(check_str(text, "text")) if end > start]

    def pre_tokenize(self, text: str) -> list[str]:
        """The words of ``text``."""
        return [text[start:end] for start, end in self.spans(check_str(text, "text")) if end > start]


@dataclass(frozen=True)
class Split(CompiledPattern, _Splitter):
    """Hugging Face's ``Split``: cut on ``pattern`` (a string, or a regex with ``is_regex``), its matches kept as
    ``behavior`` says; ``invert`` cuts on what does not match instead.

    >>> Split(r"\\d+", "Isolated", is_regex=True).pre_tokenize("ab12cd"), Split(" ", "Removed").pre_tokenize("a  b")
    (['ab', '12', 'cd'], ['a', 'b'])
    """

    type_name: ClassVar[str] = "Split"
    name: ClassVar[str] = "split"
    where: ClassVar[str] = "Split pre-tokenizer"
    pattern: str
    behavior: str = "Isolated"
    invert: bool = False
    is_regex: bool = False
    _compiled: Any = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.pattern, "pattern")
        check_choice(self.behavior, "behavior", BEHAVIOURS)
        check_bool(self.invert, "invert")
        check_bool(self.is_regex, "is_regex")
        self._compile()

    def matches(self, text: str) -> Matches:
        """Where the pattern matches (inverted with ``invert``)."""
        # An empty pattern, a string as much as a regex, matches between every two characters: Hugging Face
        # compiles a string pattern to a regex too, so each character becomes a piece of its own.
        found = regex_matches(self._compiled, text)
        return [(span, not matched) for span, matched in found] if self.invert else found

    def spans(self, text: str) -> list[tuple[int, int]]:
        return split_spans(self.matches(text), self.behavior)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "Split",
            "pattern": pattern_json(self.pattern, self.is_regex),
            "behavior": self.behavior,
            "invert": self.invert,
        }

    @classmethod
    def from_json(cls, data: Any) -> Split:
        """Read a ``Split`` object (pattern, behavior and invert are required, as in Hugging Face).

        >>> Split.from_json({"type": "Split", "pattern": {"String": " "}, "behavior": "Removed"})
        Traceback (most recent call last):
        ...
        ValueError: Split pre-tokenizer has no invert: tokenizer.json must give it (Hugging Face refuses the file too)
        """
        read_fields(data, "pre_tokenizer", "Split", ("pattern", "behavior", "invert"))
        pattern, is_regex = read_pattern(data["pattern"], "Split pre-tokenizer")
        return cls(pattern, data["behavior"], data["invert"], is_regex)


def is_numeric(char: str) -> bool:
    """Rust's ``char::is_numeric``: a number of any kind (Nd, Nl, No); ``一`` is a letter there.

    >>> is_numeric("7"), is_numeric("Ⅻ"), is_numeric("½"), is_numeric("一")
    (True, True, True, False)
    """
    return unicodedata.category(char) in ("Nd", "Nl", "No")


@dataclass(frozen=True)
class Digits(_Splitter):
    """Hugging Face's ``Digits``: numbers apart from the rest, each digit alone with ``individual_digits``.

    >>> Digits().pre_tokenize("in 1883!"), Digits(individual_digits=True).pre_tokenize("1883")
    (['in ', '1883', '!'], ['1', '8', '8', '3'])
    """

    type_name: ClassVar[str] = "Digits"
    name: ClassVar[str] = "digits"
    individual_digits: bool = False

    def __post_init__(self) -> None:
        check_bool(self.individual_digits, "individual_digits")

    def spans(self, text: str) -> list[tuple[int, int]]:
        behaviour = "Isolated" if self.individual_digits else "Contiguous"
        return split_spans(char_matches(is_numeric, text), behaviour)

    def to_json(self) -> dict[str, Any]:
        return {"type": "Digits", "individual_digits": self.individual_digits}

    @classmethod
    def from_json(cls, data: Any) -> Digits:
        """Read a ``Digits`` object.

        >>> Digits.from_json({"type": "Digits", "individual_digits": True})
        Digits(individual_digits=True)
        """
        read_fields(data, "pre_tokenizer", "Digits", ("individual_digits",))
        return cls(data["individual_digits"])


@dataclass(frozen=True)
class Punctuation(_Splitter):
    """Hugging Face's ``Punctuation``: each punctuation character (ASCII symbols too) kept as ``behavior`` says.

    >>> Punctuation().pre_tokenize("Hug, pug!"), Punctuation("MergedWithPrevious").pre_tokenize("a,b")
    (['Hug', ',', ' pug', '!'], ['a,', 'b'])
    """

    type_name: ClassVar[str] = "Punctuation"
    name: ClassVar[str] = "punctuation"
    behavior: str = "Isolated"

    def __post_init__(self) -> None:
        check_choice(self.behavior, "behavior", BEHAVIOURS)

    def spans(self, text: str) -> list[tuple[int, int]]:
        return split_spans(char_matches(is_punctuation, text), self.behavior)

    def to_json(self) -> dict[str, Any]:
        return {"type": "Punctuation", "behavior": self.behavior}

    @classmethod
    def from_json(cls, data: Any) -> Punctuation:
        """Read a ``Punctuation`` object (``behavior`` may be left out: ``Isolated``).

        >>> Punctuation.from_json({"type": "Punctuation"})
        Punctuation(behavior='Isolated')
        """
        read_fields(data, "pre_tokenizer", "Punctuation", (), ("behavior",))
        return cls(data.get("behavior", "Isolated"))


#: Hugging Face's ``Whitespace`` pattern with the Rust regex crate's Unicode classes written out:
#: ``\w`` is Alphabetic, marks, decimal digits, connector punctuation and Join_Control; ``\s`` is White_Space.
WHITESPACE_REGEX = (
    r"[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]+"
    r"|[^\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}\p{White_Space}]+"
)
_WHITESPACE_PATTERN = regex.compile(WHITESPACE_REGEX)


class Whitespace(_Splitter):
    """Hugging Face's ``Whitespace``: runs of word characters, and runs of other non-space characters
    (``\\w+|[^\\w\\s]+`` with the Rust regex crate's Unicode meaning of ``\\w`` and ``\\s``).

    >>> Whitespace().pre_tokenize("Hello, Wörld_2!?"), Whitespace() == Whitespace()
    (['Hello', ',', 'Wörld_2', '!?'], True)
    """

    type_name: ClassVar[str] = "Whitespace"
    name: ClassVar[str] = "words"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __repr__(self) -> str:
        return "Whitespace()"

    def spans(self, text: str) -> list[tuple[int, int]]:
        return [match.span() for match in _WHITESPACE_PATTERN.finditer(text)]

    def to_json(self) -> dict[str, Any]:
        return {"type": "Whitespace"}

    @classmethod
    def from_json(cls, data: Any) -> Whitespace:
        """Read a ``Whitespace`` object (no setting but its type).

        >>> Whitespace.from_json({"type": "Whitespace"})
        Whitespace()
        """
        read_fields(data, "pre_tokenizer", "Whitespace")
        return cls()


@dataclass(frozen=True)
class PreTokenizerSequence:
    """Hugging Face's ``pre_tokenizers.Sequence``: each pre-tokenizer cuts every piece the one before left.

    >>> PreTokenizerSequence((Whitespace(), Digits(individual_digits=True))).pre_tokenize("in 1883!")
    ['in', '1', '8', '8', '3', '!']
    """

    type_name: ClassVar[str] = "Sequence"
    name: ClassVar[str] = "sequence"
    pretokenizers: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.pretokenizers, tuple):
            object.__setattr__(self, "pretokenizers", tuple(self.pretokenizers))
        for position, part in enumerate(self.pretokenizers):
            if not hasattr(part, "split_with_origins"):
                raise TypeError(f"pretokenizers[{position}] must be a pre-tokenizer part, got {type(part).__name__}")

    def steps(self, text: str, origins: Sequence[int], at_start: bool = True) -> list[tuple[Any, list[Piece]]]:
        """Each pre-tokenizer with the pieces the text is in after it (for ``explain``).

        >>> [len(pieces) for _, pieces in PreTokenizerSequence((Whitespace(),)).steps("a b", range(3))]
        [2]
        """
        pieces: list[Piece] = [(text, tuple(origins))] if text else []
        out = []
        for part in self.pretokenizers:
            pieces = [
                new
                for piece in pieces
                # Metaspace's "first" scheme marks only a piece that starts the input (Hugging Face: offset 0).
                for new in pieces_of(part, piece, at_start and bool(piece[1]) and piece[1][0] == 0)
            ]
            out.append((part, pieces))
        return out

    def split_pieces(self, piece: Piece, at_start: bool) -> list[Piece]:
        steps = self.steps(piece[0], piece[1], at_start)
        return steps[-1][1] if steps else ([piece] if piece[0] else [])

    def split_with_origins(
        self, text: str, origins: Sequence[int], *, at_start: bool = True
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        return joined(self.split_pieces((check_str(text, "text"), origins), at_start))

    def pre_tokenize(self, text: str, *, at_start: bool = True) -> list[str]:
        """The words of ``text``."""
        return [piece for piece, _ in self.split_pieces((check_str(text, "text"), range(len(text))), at_start)]

    def to_json(self) -> dict[str, Any]:
        return {"type": "Sequence", "pretokenizers": [part.to_json() for part in self.pretokenizers]}

    @classmethod
    def from_json(cls, data: Any, read: Any = None) -> PreTokenizerSequence:
        """Read a ``Sequence`` object; ``read`` reads each of its pre-tokenizers (the registry's reader).

        >>> PreTokenizerSequence.from_json({"type": "Sequence", "pretokenizers": [{}]}, lambda d: Whitespace())
        PreTokenizerSequence(pretokenizers=(Whitespace(),))
        """
        return cls(read_sequence(data, "pre_tokenizer", "pretokenizers", read))


__all__ = [
    "BEHAVIOURS",
    "WHITESPACE_REGEX",
    "Digits",
    "Matches",
    "Piece",
    "PreTokenizerSequence",
    "Punctuation",
    "Split",
    "Whitespace",
    "char_matches",
    "is_numeric",
    "joined",
    "pieces_of",
    "regex_matches",
    "split_spans",
]
