"""Pre-tokenizers: cut normalized text into the words that get subword-split.

Three ways, shown side by side in notebook 01 (and ``none``, for a
``tokenizer.json`` without a pre-tokenizer):

* ``whitespace``: split on whitespace only (punctuation stays glued on);
* ``bert``: split on whitespace, then make every punctuation character a word
  of its own. Punctuation means Unicode category ``P*`` plus all 32 ASCII
  symbols (so ``$ + < = > ^ ` | ~`` count too, as in BERT);
* ``gpt2``: GPT-2's regular expression (contractions, letter runs, digit
  runs, runs of other symbols), with the ``regex`` package;
* ``none``: no cutting at all: the whole (normalized) text is one word,
  spaces included, as Hugging Face does with ``"pre_tokenizer": null``.

As parts of a tokenizer (its ``pre_tokenizer``), the first three are objects
that also read and write their ``tokenizer.json`` entry: ``BertPreTokenizer``,
``WhitespaceSplit`` (Hugging Face's names) and ``Gpt2Split`` (which has no
exact Hugging Face twin); ``pre_tokenizer_named`` gives the part for a name
(``none``: no part).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Self

from .._json_fields import check_type, refuse_unknown_fields
from .._validate import check_choice, check_str
from .metaspace import Metaspace

#: A pre-tokenizer as a function: a text in, its words out.
SplitFunction = Callable[[str], list[str]]

_ASCII_PUNCTUATION = frozenset(string.punctuation)

# Hugging Face tells punctuation with a Unicode table older than Python
# 3.11's (14.0). To give its tokens we copy its view (tests/robustness/test_fuzz.py
# checks every code point against it): these P* characters came later and
# stay inside words; U+166D (Po until Unicode 12, now So) and U+111C9 (Po
# until Unicode 8, now Mn) are still punctuation to it.
# fmt: off
_PUNCTUATION_UNKNOWN_TO_HF = frozenset(
    chr(code)
    for low, high in (
        (0x61D, 0x61D), (0x9FD, 0x9FD), (0xA76, 0xA76), (0xC77, 0xC77), (0xC84, 0xC84), (0x1B7D, 0x1B7E),
        (0x2E43, 0x2E4F), (0x2E52, 0x2E5D), (0x10EAD, 0x10EAD), (0x10F55, 0x10F59), (0x10F86, 0x10F89),
        (0x1144B, 0x1144F), (0x1145A, 0x1145B), (0x1145D, 0x1145D), (0x11660, 0x1166C), (0x116B9, 0x116B9),
        (0x1183B, 0x1183B), (0x11944, 0x11946), (0x119E2, 0x119E2), (0x11A3F, 0x11A46), (0x11A9A, 0x11A9C),
        (0x11A9E, 0x11AA2), (0x11C41, 0x11C45), (0x11C70, 0x11C71), (0x11EF7, 0x11EF8), (0x11FFF, 0x11FFF),
        (0x12FF1, 0x12FF2), (0x16E97, 0x16E9A), (0x16FE2, 0x16FE2), (0x1E95E, 0x1E95F),
    )
    for code in range(low, high + 1)
)
# fmt: on
_PUNCTUATION_ONLY_TO_HF = frozenset("\u166d\U000111c9")

# Unicode's White_Space property, which BERT splits on. Python's str.split()
# also splits on U+001C..U+001F; BERT does not, so we spell the set out.
_WHITESPACE_RUN = re.compile(r"[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")

# GPT-2's pattern, adapted as in the SELENE seed: no optional leading space,
# because our words never carry their spaces. It needs the `regex` package
# (for \p{L}), compiled on first use so that BERT's pipeline starts without it.
GPT2_REGEX = r"""'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}+|[^\s\p{L}\p{N}]+"""


@lru_cache(maxsize=1)
def gpt2_pattern() -> Any:
    """GPT-2's pre-tokenizing pattern, compiled with the ``regex`` package (also ``GPT2_PATTERN``).

    >>> gpt2_pattern().findall("it's 42")
    ['it', "'s", '42']
    """
    import regex

    return regex.compile(GPT2_REGEX)


def __getattr__(name: str) -> Any:
    if name == "GPT2_PATTERN":  # the module constant it used to be, compiled when first asked for
        return gpt2_pattern()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def is_punctuation(char: str) -> bool:
    """True for characters BERT isolates as words of their own (as Hugging Face decides it).

    >>> is_punctuation("!"), is_punctuation("$"), is_punctuation("£"), is_punctuation("—")
    (True, True, False, True)
    """
    if char in _ASCII_PUNCTUATION or char in _PUNCTUATION_ONLY_TO_HF:
        return True
    return unicodedata.category(char).startswith("P") and char not in _PUNCTUATION_UNKNOWN_TO_HF


def is_bert_whitespace(char: str) -> bool:
    """True for a character BERT's pre-tokenizer splits on (Unicode White_Space).

    >>> is_bert_whitespace(" "), is_bert_whitespace("\u3000"), is_bert_whitespace("\x1c")
    (True, True, False)
    """
    return _WHITESPACE_RUN.fullmatch(char) is not None


def whitespace_split(text: str) -> list[str]:
    """Split on runs of whitespace (Unicode White_Space, as Hugging Face's ``WhitespaceSplit``).

    >>> whitespace_split("Hello, world!  Hi")
    ['Hello,', 'world!', 'Hi']
    >>> whitespace_split("a\\x1cb")  # str.split() would cut here; U+001C is not White_Space
    ['a\\x1cb']
    """
    return [word for word in _WHITESPACE_RUN.split(check_str(text, "text")) if word]


def bert_split(text: str) -> list[str]:
    """Split on whitespace, then isolate every punctuation character.

    >>> bert_split("Hey friend!  How are you?!?")
    ['Hey', 'friend', '!', 'How', 'are', 'you', '?', '!', '?']
    >>> bert_split("£10 for [CLS]")
    ['£10', 'for', '[', 'CLS', ']']
    """
    words: list[str] = []
    for chunk in _WHITESPACE_RUN.split(check_str(text, "text")):
        start = 0
        for position, char in enumerate(chunk):
            if is_punctuation(char):
                if start < position:
                    words.append(chunk[start:position])
                words.append(char)
                start = position + 1
        if start < len(chunk):
            words.append(chunk[start:])
    return words


def gpt2_split(text: str) -> list[str]:
    """Split with GPT-2's regular expression (without the leading spaces).

    >>> gpt2_split("Hello've world123 how's are you!!!? ")
    ['Hello', "'ve", 'world', '123', 'how', "'s", 'are', 'you', '!!!?']
    """
    return gpt2_pattern().findall(check_str(text, "text"))


def whitespace_spans(text: str) -> list[tuple[int, int]]:
    """Where the words of ``whitespace_split(text)`` are: ``(start, end)`` in ``text``.

    >>> whitespace_spans(" Hi,  you")
    [(1, 4), (6, 9)]
    """
    spans = []
    start = 0
    for gap in _WHITESPACE_RUN.finditer(check_str(text, "text")):
        if start < gap.start():
            spans.append((start, gap.start()))
        start = gap.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def bert_spans(text: str) -> list[tuple[int, int]]:
    """Where the words of ``bert_split(text)`` are: ``(start, end)`` in ``text``.

    >>> text = "Hey friend!  How?"
    >>> [(start, end, text[start:end]) for start, end in bert_spans(text)]
    [(0, 3, 'Hey'), (4, 10, 'friend'), (10, 11, '!'), (13, 16, 'How'), (16, 17, '?')]
    """
    spans = []
    for chunk_start, chunk_end in whitespace_spans(text):
        start = chunk_start
        for position in range(chunk_start, chunk_end):
            if is_punctuation(text[position]):
                if start < position:
                    spans.append((start, position))
                spans.append((position, position + 1))
                start = position + 1
        if start < chunk_end:
            spans.append((start, chunk_end))
    return spans


def gpt2_spans(text: str) -> list[tuple[int, int]]:
    """Where the words of ``gpt2_split(text)`` are: ``(start, end)`` in ``text``.

    >>> gpt2_spans("it's 42")
    [(0, 2), (2, 4), (5, 7)]
    """
    return [match.span() for match in gpt2_pattern().finditer(check_str(text, "text"))]


def no_split(text: str) -> list[str]:
    """No pre-tokenization: the whole text is one word (none for an empty text).

    >>> no_split("hug s"), no_split("")
    (['hug s'], [])
    """
    return [text] if check_str(text, "text") else []


def no_split_spans(text: str) -> list[tuple[int, int]]:
    """Where the word of ``no_split(text)`` is.

    >>> no_split_spans("hug s")
    [(0, 5)]
    """
    return [(0, len(text))] if check_str(text, "text") else []


#: For each pre-tokenizer name, the function giving its words' positions.
PRETOKENIZER_SPANS: dict[str, Callable[[str], list[tuple[int, int]]]] = {
    "whitespace": whitespace_spans,
    "bert": bert_spans,
    "gpt2": gpt2_spans,
    "none": no_split_spans,
}

PRETOKENIZERS: dict[str, SplitFunction] = {
    "whitespace": whitespace_split,
    "bert": bert_split,
    "gpt2": gpt2_split,
    "none": no_split,
}


def get_pretokenizer(name: str) -> SplitFunction:
    """Look up a pre-tokenizer by name: ``whitespace``, ``bert``, ``gpt2`` or ``none``.

    >>> get_pretokenizer("bert")("a,b")
    ['a', ',', 'b']
    """
    return PRETOKENIZERS[check_choice(name, "pretokenizer", PRETOKENIZERS)]


def pretokenize(text: str, pretokenizer: str = "bert") -> list[str]:
    """Cut ``text`` into words with the named pre-tokenizer.

    >>> pretokenize("didn't stop", "bert")
    ['didn', "'", 't', 'stop']
    >>> pretokenize("didn't stop", "gpt2")
    ['didn', "'t", 'stop']
    """
    return get_pretokenizer(pretokenizer)(text)


class _NamedSplit:
    """What the three named pre-tokenizers share: their words by the function of their name, their spans, their JSON.

    They have no setting: every one of a class is the same value (equal, one hash, nothing to change).
    """

    __slots__ = ()
    #: The pre-tokenizer's name (``PRETOKENIZERS``), and its ``type`` in ``tokenizer.json`` (``None``: it has none).
    name: ClassVar[str]
    json_type: ClassVar[str | None]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def pre_tokenize(self, text: str) -> list[str]:
        """The words of ``text``."""
        return PRETOKENIZERS[self.name](text)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the words of ``text`` start and end."""
        return PRETOKENIZER_SPANS[self.name](text)

    def split_with_origins(
        self, text: str, origins: Sequence[int], *, at_start: bool = True
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        """The text (unchanged), each character's origin, and where its words are (``Metaspace`` changes the text)."""
        return text, origins, self.spans(text)

    def to_json(self) -> dict[str, Any]:
        """The ``pre_tokenizer`` entry of ``tokenizer.json``."""
        if self.json_type is None:
            raise ValueError(
                f"the {self.name!r} pre-tokenizer has no exact tokenizer.json equivalent "
                "(supported: bert, whitespace, metaspace)"
            )
        return {"type": self.json_type}

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Read the ``pre_tokenizer`` entry (it has no setting but its ``type``)."""
        kind = cls.json_type or cls.name
        refuse_unknown_fields(check_type(data, "pre_tokenizer", kind), kind, ())
        return cls()


class BertPreTokenizer(_NamedSplit):
    """Hugging Face's ``BertPreTokenizer``: split on whitespace, then isolate every punctuation character.

    >>> BertPreTokenizer().pre_tokenize("Hug, pug!"), BertPreTokenizer().to_json()
    (['Hug', ',', 'pug', '!'], {'type': 'BertPreTokenizer'})
    """

    __slots__ = ()
    name: ClassVar[str] = "bert"
    json_type: ClassVar[str | None] = "BertPreTokenizer"


class WhitespaceSplit(_NamedSplit):
    """Hugging Face's ``WhitespaceSplit``: split on runs of whitespace.

    >>> WhitespaceSplit().pre_tokenize("Hug, pug!"), WhitespaceSplit.from_json({"type": "WhitespaceSplit"})
    (['Hug,', 'pug!'], WhitespaceSplit())
    """

    __slots__ = ()
    name: ClassVar[str] = "whitespace"
    json_type: ClassVar[str | None] = "WhitespaceSplit"


class Gpt2Split(_NamedSplit):
    """GPT-2's regular expression (``gpt2_split``); Hugging Face's ``ByteLevel`` differs, so it has no ``tokenizer.json`` entry.

    >>> Gpt2Split().pre_tokenize("it's 42")
    ['it', "'s", '42']
    """

    __slots__ = ()
    name: ClassVar[str] = "gpt2"
    json_type: ClassVar[str | None] = None


#: Every pre-tokenizer part by its name (``none``: no pre-tokenizer, the whole text one word).
PRE_TOKENIZER_PARTS: dict[str, type[BertPreTokenizer | WhitespaceSplit | Gpt2Split | Metaspace]] = {
    "bert": BertPreTokenizer,
    "whitespace": WhitespaceSplit,
    "gpt2": Gpt2Split,
    "metaspace": Metaspace,
}


def pre_tokenizer_named(name: str) -> BertPreTokenizer | WhitespaceSplit | Gpt2Split | Metaspace | None:
    """The pre-tokenizer part of a name (``bert``, ``whitespace``, ``gpt2``, ``metaspace``), or ``None`` for ``none``.

    >>> pre_tokenizer_named("whitespace"), pre_tokenizer_named("none")
    (WhitespaceSplit(), None)
    """
    check_choice(name, "pretokenizer", [*PRE_TOKENIZER_PARTS, "none"])
    return None if name == "none" else PRE_TOKENIZER_PARTS[name]()


__all__ = [
    "GPT2_REGEX",
    "PRETOKENIZERS",
    "PRETOKENIZER_SPANS",
    "PRE_TOKENIZER_PARTS",
    "BertPreTokenizer",
    "Gpt2Split",
    "SplitFunction",
    "WhitespaceSplit",
    "bert_spans",
    "bert_split",
    "get_pretokenizer",
    "gpt2_pattern",
    "gpt2_spans",
    "gpt2_split",
    "is_bert_whitespace",
    "is_punctuation",
    "no_split",
    "no_split_spans",
    "pre_tokenizer_named",
    "pretokenize",
    "whitespace_spans",
    "whitespace_split",
]
