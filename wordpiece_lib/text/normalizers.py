"""Hugging Face's other normalizers, each a part of a tokenizer: the Unicode forms, lowercasing, accents, spaces,
replacements, a prefix, and a chain of them (``Sequence``).

Each part is a function of the text (``part(text)``), gives its text with
every character's origin (``with_origins``: the offsets of tokens depend on
it, and follow Hugging Face's ``NormalizedString`` edit by edit, see
``edits.py``), and reads and writes its ``tokenizer.json`` object.
SentencePiece's character map (``Precompiled``) is in ``precompiled.py``, BERT's
normalizer in ``normalizer.py``.

>>> chain = NormalizerSequence((NFD(), Lowercase(), StripAccents()))
>>> chain("Héllo WÖRLD"), chain.with_origins("É!").origins
('hello world', (0, 1))
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

import regex

from .._json_fields import read_fields, read_sequence
from .._validate import check_bool, check_str
from .alignment import AlignedText, normalize_with_origins
from .edits import composed_origins, transform
from .normalizer import lowercase
from .unicode_forms import normal_form


def _code_points(ranges: tuple[tuple[int, int], ...]) -> frozenset[str]:
    return frozenset(chr(code) for low, high in ranges for code in range(low, high + 1))


# fmt: off
#: Marks (category M) that Hugging Face's ``StripAccents`` keeps: assigned after its Unicode 9.0 tables.
_MARKS_UNKNOWN_TO_HF = _code_points((
    (0x7FD, 0x7FD), (0x898, 0x89F), (0x8CA, 0x8D3), (0x9FE, 0x9FE), (0xAFA, 0xAFF), (0xB55, 0xB55), (0xC04, 0xC04),
    (0xC3C, 0xC3C), (0xD00, 0xD00), (0xD3B, 0xD3C), (0xD81, 0xD81), (0xEBA, 0xEBA), (0x1715, 0x1715),
    (0x180F, 0x180F), (0x1ABF, 0x1ACE), (0x1CF7, 0x1CF7), (0x1DF6, 0x1DFA), (0xA82C, 0xA82C), (0xA8FF, 0xA8FF),
    (0x10D24, 0x10D27), (0x10EAB, 0x10EAC), (0x10F46, 0x10F50), (0x10F82, 0x10F85), (0x11070, 0x11070),
    (0x11073, 0x11074), (0x110C2, 0x110C2), (0x11145, 0x11146), (0x111C9, 0x111C9), (0x111CE, 0x111CF),
    (0x1133B, 0x1133B), (0x1145E, 0x1145E), (0x1182C, 0x1183A), (0x11930, 0x11935), (0x11937, 0x11938),
    (0x1193B, 0x1193E), (0x11940, 0x11940), (0x11942, 0x11943), (0x119D1, 0x119D7), (0x119DA, 0x119E0),
    (0x119E4, 0x119E4), (0x11A01, 0x11A0A), (0x11A33, 0x11A39), (0x11A3B, 0x11A3E), (0x11A47, 0x11A47),
    (0x11A51, 0x11A5B), (0x11A8A, 0x11A99), (0x11D31, 0x11D36), (0x11D3A, 0x11D3A), (0x11D3C, 0x11D3D),
    (0x11D3F, 0x11D45), (0x11D47, 0x11D47), (0x11D8A, 0x11D8E), (0x11D90, 0x11D91), (0x11D93, 0x11D97),
    (0x11EF3, 0x11EF6), (0x16F4F, 0x16F4F), (0x16F7F, 0x16F87), (0x16FE4, 0x16FE4), (0x16FF0, 0x16FF1),
    (0x1CF00, 0x1CF2D), (0x1CF30, 0x1CF46), (0x1E130, 0x1E136), (0x1E2AE, 0x1E2AE), (0x1E2EC, 0x1E2EF),
))
# fmt: on
#: Marks in Hugging Face's tables that Python's newer ones call letters.
_MARKS_ONLY_TO_HF = frozenset("\u1cf2\u1cf3")


def is_combining_mark(char: str) -> bool:
    """Whether ``StripAccents`` removes ``char``: a mark (Mn, Mc, Me) in Hugging Face's Unicode 9.0 tables.

    >>> is_combining_mark("\\u0301"), is_combining_mark("\\u0903"), is_combining_mark("a"), is_combining_mark("\\u0c3c")
    (True, True, False, False)
    """
    if char in _MARKS_ONLY_TO_HF:
        return True
    return unicodedata.category(char)[0] == "M" and char not in _MARKS_UNKNOWN_TO_HF


def is_unicode_white_space(char: str) -> bool:
    """Rust's ``char::is_unicode_white_space``: Unicode's White_Space property (``\\x1c``-``\\x1f`` are not).

    >>> is_unicode_white_space(" "), is_unicode_white_space("\\u3000"), is_unicode_white_space("\\x1c")
    (True, True, False)
    """
    return _WHITE_SPACE.match(char) is not None


_WHITE_SPACE = regex.compile(r"\p{White_Space}")


def _unchanged(text: str) -> AlignedText:
    return AlignedText(text, tuple(range(len(text))))


def _filtered(text: str, keep: Any) -> AlignedText:
    """``text`` without the characters ``keep`` refuses, as Hugging Face's ``NormalizedString.filter``."""
    kept = [(char, index) for index, char in enumerate(text) if keep(char)]
    return AlignedText("".join(char for char, _ in kept), tuple(index for _, index in kept))


class _Part:
    """What every normalizer here shares: called on a text, it is ``with_origins(text).text``."""

    type_name: ClassVar[str]

    def __call__(self, text: str) -> str:
        return self.with_origins(text).text

    def with_origins(self, text: str) -> AlignedText:  # pragma: no cover - each part gives its own
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type_name}

    @classmethod
    def from_json(cls, data: Any) -> Any:
        read_fields(data, "normalizer", cls.type_name)
        return cls()


@dataclass(frozen=True)
class UnicodeForm(_Part):
    """One of Unicode's normal forms as Hugging Face computes it (Unicode 9.0's tables; see ``unicode_forms.py``)."""

    form: ClassVar[str] = "NFC"

    def __call__(self, text: str) -> str:
        check_str(text, "text")
        if text.isascii():
            return text
        return "".join(char for char, _ in normal_form(text, self.form))

    def with_origins(self, text: str) -> AlignedText:
        """``text`` in this normal form, each character's origin in ``text``.

        >>> NFC().with_origins("e\\u0301!").origins, NFD().with_origins("é").origins
        ((0, 2), (0, 0))
        """
        check_str(text, "text")
        if text.isascii():
            return _unchanged(text)
        return transform(_unchanged(text), normal_form(text, self.form))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.form}

    @classmethod
    def from_json(cls, data: Any) -> Any:
        read_fields(data, "normalizer", cls.form)
        return cls()


@dataclass(frozen=True)
class NFC(UnicodeForm):
    """Canonical composition: ``e`` + U+0301 becomes ``é``.

    >>> NFC()("e\\u0301")
    'é'
    """

    form: ClassVar[str] = "NFC"


@dataclass(frozen=True)
class NFD(UnicodeForm):
    """Canonical decomposition: ``é`` becomes ``e`` + U+0301.

    >>> len(NFD()("é"))
    2
    """

    form: ClassVar[str] = "NFD"


@dataclass(frozen=True)
class NFKC(UnicodeForm):
    """Compatibility composition: ``ﬁ`` becomes ``fi``, ``①`` becomes ``1``.

    >>> NFKC()("ﬁ①")
    'fi1'
    """

    form: ClassVar[str] = "NFKC"


@dataclass(frozen=True)
class NFKD(UnicodeForm):
    """Compatibility decomposition.

    >>> NFKD()("ﬁé") == "fie\\u0301"
    True
    """

    form: ClassVar[str] = "NFKD"


@dataclass(frozen=True)
class Lowercase(_Part):
    """Lowercase each character on its own (``İ`` becomes ``i`` + a combining dot), as Rust's ``to_lowercase``.

    >>> Lowercase()("HUG İ"), Lowercase().with_origins("İ").origins
    ('hug i̇', (0, 0))
    """

    type_name: ClassVar[str] = "Lowercase"

    def __call__(self, text: str) -> str:
        return lowercase(check_str(text, "text"))

    def with_origins(self, text: str) -> AlignedText:
        check_str(text, "text")
        lowered = [(index, lowercase(char)) for index, char in enumerate(text)]
        return AlignedText("".join(part for _, part in lowered), tuple(i for i, part in lowered for _ in part))


@dataclass(frozen=True)
class StripAccents(_Part):
    """Remove every combining mark (Mn, Mc, Me); with ``NFD`` before it, accents go: ``é`` -> ``e``.

    >>> StripAccents()("e\\u0301t\\u0301e\\u0301"), StripAccents().with_origins("e\\u0301x").origins
    ('ete', (0, 2))
    """

    type_name: ClassVar[str] = "StripAccents"

    def with_origins(self, text: str) -> AlignedText:
        return _filtered(check_str(text, "text"), lambda char: not is_combining_mark(char))


@dataclass(frozen=True)
class Strip(_Part):
    """Remove the whitespace at the start (``left``) and the end (``right``) of the text.

    >>> Strip()("  hug  "), Strip(left=False)("  hug  ")
    ('hug', '  hug')
    """

    type_name: ClassVar[str] = "Strip"
    left: bool = True
    right: bool = True

    def __post_init__(self) -> None:
        check_bool(self.left, "left")
        check_bool(self.right, "right")

    def with_origins(self, text: str) -> AlignedText:
        check_str(text, "text")
        start, end = 0, len(text)
        while self.left and start < end and is_unicode_white_space(text[start]):
            start += 1
        while self.right and end > start and is_unicode_white_space(text[end - 1]):
            end -= 1
        return AlignedText(text[start:end], tuple(range(start, end)))

    def to_json(self) -> dict[str, Any]:
        return {"type": "Strip", "strip_left": self.left, "strip_right": self.right}

    @classmethod
    def from_json(cls, data: Any) -> Strip:
        """Read a ``Strip`` object.

        >>> Strip.from_json({"type": "Strip", "strip_left": False, "strip_right": True})
        Strip(left=False, right=True)
        """
        read_fields(data, "normalizer", "Strip", ("strip_left", "strip_right"))
        return cls(data["strip_left"], data["strip_right"])


def read_pattern(data: Any, where: str) -> tuple[str, bool]:
    """A ``tokenizer.json`` pattern, ``{"String": s}`` or ``{"Regex": r}``: the text and whether it is a regex.

    >>> read_pattern({"Regex": "\\\\s+"}, "Replace normalizer"), read_pattern({"String": " "}, "Split")
    (('\\\\s+', True), (' ', False))
    """
    if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in ("String", "Regex"):
        raise ValueError(f'{where}: pattern must be {{"String": ...}} or {{"Regex": ...}}, got {data!r:.80}')
    kind, value = next(iter(data.items()))
    if not isinstance(value, str):
        raise ValueError(f"{where}: pattern {kind} must be a string, got {type(value).__name__}")
    return value, kind == "Regex"


def compile_pattern(pattern: str, is_regex: bool, where: str) -> regex.Pattern[str]:
    """The compiled pattern (a string matches itself; a regex in Oniguruma's syntax, which ``regex`` reads).

    >>> compile_pattern("a.", False, "Split").pattern
    'a\\\\.'
    """
    try:
        return regex.compile(pattern if is_regex else regex.escape(pattern))
    except regex.error as error:
        raise ValueError(f"{where}: pattern {pattern!r} is not a regex this library reads: {error}") from None


def pattern_json(pattern: str, is_regex: bool) -> dict[str, str]:
    """A pattern as ``tokenizer.json`` holds it.

    >>> pattern_json(" ", False)
    {'String': ' '}
    """
    return {"Regex" if is_regex else "String": pattern}


class CompiledPattern:
    """A frozen part that keeps its ``pattern`` compiled: compiled once when made, and again (not pickled) when
    a copy is unpickled, as a worker process gets it.

    >>> import copy
    >>> copy.deepcopy(Replace("a", "b"))("banana")
    'bbnbnb'
    """

    #: The part's name in the message of a pattern that does not compile.
    where: ClassVar[str]
    pattern: str
    is_regex: bool

    def _compile(self) -> None:
        object.__setattr__(self, "_compiled", compile_pattern(self.pattern, self.is_regex, self.where))

    def __getstate__(self) -> dict[str, Any]:
        return {key: value for key, value in vars(self).items() if key != "_compiled"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for key, value in state.items():
            object.__setattr__(self, key, value)
        self._compile()


@dataclass(frozen=True)
class PatternReplacement(CompiledPattern):
    """What Hugging Face's ``Replace`` normalizer and decoder share: every match of ``pattern`` (a string, or a
    regex with ``is_regex``) becomes ``content``, and one ``tokenizer.json`` object.

    >>> PatternReplacement.from_json({"type": "Replace", "pattern": {"Regex": "a+"}, "content": "b"})
    PatternReplacement(pattern='a+', content='b', is_regex=True)
    """

    #: The slot the object is read for.
    slot: ClassVar[str] = "normalizer"
    where: ClassVar[str] = "Replace normalizer"
    pattern: str
    content: str
    is_regex: bool = False
    _compiled: Any = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.pattern, "pattern")
        check_str(self.content, "content")
        check_bool(self.is_regex, "is_regex")
        self._compile()

    def to_json(self) -> dict[str, Any]:
        """The ``Replace`` object."""
        return {"type": "Replace", "pattern": pattern_json(self.pattern, self.is_regex), "content": self.content}

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Read a ``Replace`` object for this class's slot."""
        read_fields(data, cls.slot, "Replace", ("pattern", "content"), where=cls.where)
        pattern, is_regex = read_pattern(data["pattern"], cls.where)
        return cls(pattern, data["content"], is_regex)


@dataclass(frozen=True)
class Replace(PatternReplacement, _Part):
    """Replace every match of ``pattern`` (a string, or a regex with ``is_regex``) with ``content``.

    Each new character stands where the last character of the match stood, as in Hugging Face.

    >>> Replace(" {2,}", " ", is_regex=True)("a   b"), Replace("``", '"').with_origins("``a").origins
    ('a b', (1, 2))
    >>> Replace.from_json({"type": "Replace", "pattern": {"String": "``"}, "content": '"'}).content
    '"'
    """

    type_name: ClassVar[str] = "Replace"

    def __call__(self, text: str) -> str:
        check_str(text, "text")
        if not text:  # Hugging Face looks for no match in an empty text (an empty pattern would match there)
            return text
        return self._compiled.sub(lambda _: self.content, text)

    def with_origins(self, text: str) -> AlignedText:
        check_str(text, "text")
        if not text:
            return _unchanged(text)
        chars: list[str] = []
        origins: list[int] = []
        last = 0
        for match in self._compiled.finditer(text):
            start, end = match.span()
            chars.append(text[last:start])
            origins.extend(range(last, start))
            origin = end - 1 if end > 0 else 0
            chars.append(self.content)
            origins.extend([origin] * len(self.content))
            last = end
        chars.append(text[last:])
        origins.extend(range(last, len(text)))
        return AlignedText("".join(chars), tuple(origins))


@dataclass(frozen=True)
class Prepend(_Part):
    """Put ``prepend`` in front of a text that is not empty (each new character stands on the first character).

    >>> Prepend("▁")("hug"), Prepend("▁")(""), Prepend("▁").with_origins("ab").origins
    ('▁hug', '', (0, 0, 1))
    """

    type_name: ClassVar[str] = "Prepend"
    prepend: str = "\u2581"

    def __post_init__(self) -> None:
        check_str(self.prepend, "prepend")

    def with_origins(self, text: str) -> AlignedText:
        check_str(text, "text")
        if not text:
            return _unchanged(text)
        return AlignedText(self.prepend + text, (0,) * len(self.prepend) + tuple(range(len(text))))

    def to_json(self) -> dict[str, Any]:
        return {"type": "Prepend", "prepend": self.prepend}

    @classmethod
    def from_json(cls, data: Any) -> Prepend:
        """Read a ``Prepend`` object.

        >>> Prepend.from_json({"type": "Prepend", "prepend": "_"}).prepend
        '_'
        """
        read_fields(data, "normalizer", "Prepend", ("prepend",))
        return cls(data["prepend"])


def aligned_by(normalizer: Any, text: str) -> AlignedText:
    """Any normalizer part's text with origins (``BertNormalizer`` through ``normalize_with_origins``).

    >>> aligned_by(Lowercase(), "AB").text
    'ab'
    """
    return normalize_with_origins(text, normalizer)


@dataclass(frozen=True)
class NormalizerSequence(_Part):
    """Hugging Face's ``normalizers.Sequence``: each normalizer in turn, origins carried through the chain.

    >>> from wordpiece_lib.text.normalizer import BertNormalizer
    >>> NormalizerSequence((BertNormalizer(lowercase=True), Replace("x", "ks")))("Xa")
    'ksa'
    """

    type_name: ClassVar[str] = "Sequence"
    normalizers: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.normalizers, tuple):
            object.__setattr__(self, "normalizers", tuple(self.normalizers))
        for position, part in enumerate(self.normalizers):
            if not callable(part) or not hasattr(part, "to_json"):
                raise TypeError(f"normalizers[{position}] must be a normalizer part, got {type(part).__name__}")

    def __call__(self, text: str) -> str:
        check_str(text, "text")
        for part in self.normalizers:
            text = part(text)
        return text

    def with_origins(self, text: str) -> AlignedText:
        aligned = _unchanged(check_str(text, "text"))
        for part in self.normalizers:
            aligned = composed_origins(aligned, aligned_by(part, aligned.text))
        return aligned

    def steps(self, text: str) -> list[tuple[Any, AlignedText]]:
        """Each part with the text it gave and that text's origins in ``text`` (for ``explain``).

        >>> print(*(ascii(step.text) for _, step in NormalizerSequence((NFD(), StripAccents())).steps("\\u00e9")))
        'e\\u0301' 'e'
        """
        aligned = _unchanged(check_str(text, "text"))
        out = []
        for part in self.normalizers:
            aligned = composed_origins(aligned, aligned_by(part, aligned.text))
            out.append((part, aligned))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"type": "Sequence", "normalizers": [part.to_json() for part in self.normalizers]}

    @classmethod
    def from_json(cls, data: Any, read: Any = None) -> NormalizerSequence:
        """Read a ``Sequence`` object; ``read`` reads each of its normalizers (the registry's reader).

        >>> NormalizerSequence.from_json({"type": "Sequence", "normalizers": [{"type": "NFD"}]}, lambda d: NFD())
        NormalizerSequence(normalizers=(NFD(),))
        """
        return cls(read_sequence(data, "normalizer", "normalizers", read))


def sequence_parts(normalizer: Any) -> Sequence[Any]:
    """The normalizers a part chains (itself alone when it is not a ``Sequence``).

    >>> sequence_parts(NFC()), len(sequence_parts(NormalizerSequence((NFC(), Lowercase()))))
    ((NFC(),), 2)
    """
    return normalizer.normalizers if isinstance(normalizer, NormalizerSequence) else (normalizer,)


__all__ = [
    "NFC",
    "NFD",
    "NFKC",
    "NFKD",
    "CompiledPattern",
    "Lowercase",
    "NormalizerSequence",
    "PatternReplacement",
    "Prepend",
    "Replace",
    "Strip",
    "StripAccents",
    "UnicodeForm",
    "aligned_by",
    "compile_pattern",
    "is_combining_mark",
    "is_unicode_white_space",
    "pattern_json",
    "read_pattern",
    "sequence_parts",
]
