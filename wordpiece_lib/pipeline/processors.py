"""Hugging Face's other post-processors: ``BertProcessing``, ``RobertaProcessing``, ``ByteLevel`` (offsets
trimmed of the spaces a byte-level token carries) and a chain of them (``Sequence``).

A post-processor gets each text's tokens after truncation and makes the
model's input: ``Template`` (``template.py``) puts special tokens around
them. ``BertProcessing`` and ``RobertaProcessing`` are fixed templates
(RoBERTa's pair is ``<s> A </s> </s> B </s>``, every type id 0), and a
byte-level tokenizer's post-processor trims its tokens' offsets: a token
``Ġhug`` stands for `` hug``, but its offsets leave the space out (as
``trim_offsets`` says; Hugging Face's ``process_offsets``).

>>> processor = RobertaProcessing(("</s>", 2), ("<s>", 0))
>>> processor.build(([7, 8], ["Ġhug", "Ġpug"], [(0, 4), (4, 8)], [0, 1]), None, {"<s>": 0, "</s>": 2}).offsets
[(0, 0), (0, 4), (5, 8), (0, 0)]

(The first token keeps its space: with ``add_prefix_space`` that space was put there, and the first
offsets start at the text's start, as Hugging Face's do.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .._json_fields import read_fields, read_sequence
from .._validate import check_bool
from ..text.byte_level import BYTE_CHARS, ByteLevelSettings
from ..text.normalizers import is_unicode_white_space
from .encoding import Encoding, TextTokens, TokenIds
from .template import Template

_SPACE = BYTE_CHARS[ord(" ")]


def trimmed_offsets(tokens: TextTokens, add_prefix_space: bool) -> TextTokens:
    """The tokens with each offset trimmed of the spaces (``Ġ`` or whitespace) at the token's ends.

    A first token keeps one space the pre-tokenizer put in front itself (``add_prefix_space``).

    >>> trimmed_offsets(([1, 2], ["Ġhug", "Ġ"], [(0, 4), (4, 5)], [0, 1]), False)[2]
    [(1, 4), (5, 5)]
    """
    ids, token_list, offsets, word_ids = tokens
    out = []
    for index, (token, (start, end)) in enumerate(zip(token_list, offsets, strict=True)):
        leading = 0
        for char in token:
            if char != _SPACE and not is_unicode_white_space(char):
                break
            leading += 1
        trailing = 0
        for char in reversed(token):
            if char != _SPACE and not is_unicode_white_space(char):
                break
            trailing += 1
        if leading:
            if (index == 0 or start == 0) and add_prefix_space and leading == 1:
                leading = 0
            start = min(start + leading, end)
        if trailing and end >= trailing:
            end = max(end - trailing, start)
        out.append((start, end))
    return ids, token_list, out, word_ids


class _TrimsOffsets:
    """A post-processor that trims its tokens' offsets of the spaces they carry (``trim_offsets``) first."""

    trim_offsets: bool
    add_prefix_space: bool

    def prepare(self, tokens: TextTokens) -> TextTokens:
        """One text's tokens as the next step gets them (offsets trimmed)."""
        return trimmed_offsets(tokens, self.add_prefix_space) if self.trim_offsets else tokens


@dataclass(frozen=True)
class ByteLevelProcessing(ByteLevelSettings, _TrimsOffsets):
    """Hugging Face's ``ByteLevel`` post-processor: offsets trimmed (``trim_offsets``), no special tokens.

    >>> ByteLevelProcessing().build(([5, 6], ["Ġa", "Ġb"], [(0, 2), (2, 4)], [0, 1]), None, {}).offsets
    [(0, 2), (3, 4)]
    """

    slot: ClassVar[str] = "post_processor"
    where: ClassVar[str] = "ByteLevel post-processor"

    @property
    def special_tokens(self) -> tuple[str, ...]:
        """None: it adds no token."""
        return ()

    def added_tokens(self, is_pair: bool) -> int:
        """None: it adds no token."""
        return 0

    def build(
        self, first: TextTokens, second: TextTokens | None, token_ids: TokenIds, *, add_special_tokens: bool = True
    ) -> Encoding:
        first = self.prepare(first)
        if second is None:
            return Encoding.from_sequence(*first)
        second = self.prepare(second)
        return Encoding.concatenate(
            [Encoding.from_sequence(*first), Encoding.from_sequence(*second, sequence_id=1, type_id=1)]
        )


def _special(data: Any, key: str, where: str, token_ids: Mapping[str, int]) -> tuple[str, int]:
    entry = data[key]
    if (
        not isinstance(entry, list)
        or len(entry) != 2
        or not isinstance(entry[0], str)
        or isinstance(entry[1], bool)
        or not isinstance(entry[1], int)
    ):
        raise ValueError(f"{where}: {key} must be [token, id], got {entry!r:.60}")
    token, token_id = entry
    if token_ids.get(token) != token_id:
        raise ValueError(f"{where}: {key} {token!r} has id {token_id} in the file, {token_ids.get(token)} in the vocab")
    return token, token_id


class BertProcessing(Template):
    """Hugging Face's ``BertProcessing``: ``[CLS] $A [SEP]``, and ``$B [SEP]`` with type id 1 for a pair.

    >>> BertProcessing(("[SEP]", 102), ("[CLS]", 101)).to_json({})["cls"]
    ['[CLS]', 101]
    """

    def __init__(self, sep: tuple[str, int], cls: tuple[str, int]) -> None:
        super().__init__(f"{cls[0]} $A {sep[0]}", f"{cls[0]} $A {sep[0]} $B:1 {sep[0]}:1")
        object.__setattr__(self, "sep", (sep[0], sep[1]))
        object.__setattr__(self, "cls", (cls[0], cls[1]))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash((self.single, self.pair))

    def to_json(self, token_ids: Mapping[str, int]) -> dict[str, Any]:
        return {"type": "BertProcessing", "sep": list(self.sep), "cls": list(self.cls)}

    @classmethod
    def from_json(cls, data: Any, token_ids: Mapping[str, int]) -> BertProcessing:
        """Read a ``BertProcessing`` object (its ids must be the vocab's).

        >>> BertProcessing.from_json({"type": "BertProcessing", "sep": ["[SEP]", 2], "cls": ["[CLS]", 1]},
        ...                          {"[CLS]": 1, "[SEP]": 2}).special_tokens
        ('[CLS]', '[SEP]')
        """
        read_fields(data, "post_processor", "BertProcessing", ("sep", "cls"))
        where = "BertProcessing post-processor"
        return cls(_special(data, "sep", where, token_ids), _special(data, "cls", where, token_ids))


class RobertaProcessing(_TrimsOffsets, Template):
    """Hugging Face's ``RobertaProcessing``: ``<s> $A </s>``, ``<s> $A </s> </s> $B </s>``, every type id 0, and
    byte-level offsets trimmed (``trim_offsets``).

    >>> RobertaProcessing(("</s>", 2), ("<s>", 0)).added_tokens(True)
    4
    """

    def __init__(
        self, sep: tuple[str, int], cls: tuple[str, int], trim_offsets: bool = True, add_prefix_space: bool = True
    ) -> None:
        check_bool(trim_offsets, "trim_offsets")
        check_bool(add_prefix_space, "add_prefix_space")
        super().__init__(f"{cls[0]} $A {sep[0]}", f"{cls[0]} $A {sep[0]} {sep[0]} $B {sep[0]}")
        object.__setattr__(self, "sep", (sep[0], sep[1]))
        object.__setattr__(self, "cls", (cls[0], cls[1]))
        object.__setattr__(self, "trim_offsets", trim_offsets)
        object.__setattr__(self, "add_prefix_space", add_prefix_space)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash((self.single, self.pair))

    def build(
        self, first: TextTokens, second: TextTokens | None, token_ids: TokenIds, *, add_special_tokens: bool = True
    ) -> Encoding:
        first = self.prepare(first)
        second = None if second is None else self.prepare(second)
        return super().build(first, second, token_ids, add_special_tokens=add_special_tokens)

    def to_json(self, token_ids: Mapping[str, int]) -> dict[str, Any]:
        return {
            "type": "RobertaProcessing",
            "sep": list(self.sep),
            "cls": list(self.cls),
            "trim_offsets": self.trim_offsets,
            "add_prefix_space": self.add_prefix_space,
        }

    @classmethod
    def from_json(cls, data: Any, token_ids: Mapping[str, int]) -> RobertaProcessing:
        """Read a ``RobertaProcessing`` object (``trim_offsets`` and ``add_prefix_space`` default to true).

        >>> RobertaProcessing.from_json({"type": "RobertaProcessing", "sep": ["</s>", 2], "cls": ["<s>", 0]},
        ...                             {"<s>": 0, "</s>": 2}).trim_offsets
        True
        """
        read_fields(data, "post_processor", "RobertaProcessing", ("sep", "cls"), ("trim_offsets", "add_prefix_space"))
        where = "RobertaProcessing post-processor"
        return cls(
            _special(data, "sep", where, token_ids),
            _special(data, "cls", where, token_ids),
            data.get("trim_offsets", True),
            data.get("add_prefix_space", True),
        )


@dataclass(frozen=True)
class ProcessorSequence:
    """Hugging Face's ``processors.Sequence``: each post-processor in turn (at most one of them adds tokens).

    >>> chain = ProcessorSequence((ByteLevelProcessing(add_prefix_space=False), Template("<s> $A", "<s> $A $B")))
    >>> chain.build(([5], ["Ġa"], [(0, 2)], [0]), None, {"<s>": 0}).offsets
    [(0, 0), (1, 2)]
    """

    processors: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.processors, tuple):
            object.__setattr__(self, "processors", tuple(self.processors))
        adding = [part for part in self.processors if part.special_tokens or isinstance(part, Template)]
        if len(adding) > 1:
            raise ValueError(
                "Sequence post-processor: more than one of its post-processors adds special tokens "
                f"({', '.join(type(part).__name__ for part in adding)}); this library reads one"
            )

    @property
    def special_tokens(self) -> tuple[str, ...]:
        """The special tokens its post-processors add."""
        return tuple(token for part in self.processors for token in part.special_tokens)

    def added_tokens(self, is_pair: bool) -> int:
        """How many tokens its post-processors add."""
        return sum(part.added_tokens(is_pair) for part in self.processors)

    def build(
        self, first: TextTokens, second: TextTokens | None, token_ids: TokenIds, *, add_special_tokens: bool = True
    ) -> Encoding:
        builder: Any = None
        for part in self.processors:
            if isinstance(part, Template):
                builder = part
                continue
            prepare = getattr(part, "prepare", None)
            if prepare is not None:
                first = prepare(first)
                second = None if second is None else prepare(second)
        if builder is None:
            builder = ByteLevelProcessing(trim_offsets=False)
        built: Encoding = builder.build(first, second, token_ids, add_special_tokens=add_special_tokens)
        return built

    def to_json(self, token_ids: Mapping[str, int]) -> dict[str, Any]:
        return {"type": "Sequence", "processors": [part.to_json(token_ids) for part in self.processors]}

    @classmethod
    def from_json(cls, data: Any, token_ids: Mapping[str, int], read: Any = None) -> ProcessorSequence:
        """Read a ``Sequence`` object; ``read`` reads each of its post-processors (the registry's reader).

        >>> ProcessorSequence.from_json({"type": "Sequence", "processors": []}, {}, lambda d: None)
        ProcessorSequence(processors=())
        """
        return cls(read_sequence(data, "post_processor", "processors", read))


__all__ = ["BertProcessing", "ByteLevelProcessing", "ProcessorSequence", "RobertaProcessing", "trimmed_offsets"]
