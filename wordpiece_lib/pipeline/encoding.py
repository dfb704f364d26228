"""``Encoding``: everything a model needs from one text (or one pair of texts).

A model does not read tokens; it reads parallel lists, one entry per token:

* ``ids``: the token ids (the model's input);
* ``tokens``: the tokens themselves (for people);
* ``offsets``: ``(start, end)`` of each token in the *original* text, so a
  prediction made on a token can be shown in the text the user typed
  (``(0, 0)`` for special tokens and padding);
* ``word_ids``: which word of the text the token belongs to (``None`` for
  special tokens and padding): the pieces ``hug``, ``##s`` share one;
* ``sequence_ids``: ``0`` for tokens of the first text, ``1`` for the second
  of a pair, ``None`` for special tokens and padding;
* ``type_ids``: the segment the model sees (BERT: ``0`` first text, ``1`` second);
* ``attention_mask``: ``1`` for real tokens, ``0`` for padding;
* ``special_tokens_mask``: ``1`` for the tokens the post-processor added
  (``[CLS]``, ``[SEP]``) and for padding;
* ``overflowing``: when truncation cut the text, the rest as more encodings
  (windows of ``max_length`` overlapping by ``stride`` tokens, each with its
  special tokens), how question answering reads a long context.

The field names are Hugging Face ``tokenizers``' ones, so ``to_dict`` gives
the same JSON as its ``Encoding``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._validate import check_choice, check_int, check_sequence

DIRECTIONS = ("right", "left")
Offsets = tuple[int, int]
#: One text's own tokens as parallel lists, what an engine gives and a template wraps: ids, tokens, offsets, word ids.
TextTokens = tuple[list[int], list[str], list[Offsets], list[int | None]]
#: The ids of the special tokens a post-processor puts in, token to id, as the vocab gives them.
TokenIds = Mapping[str, int]

#: The fields of an ``Encoding``, in the order ``to_dict`` writes them.
FIELDS = (
    "ids",
    "type_ids",
    "tokens",
    "offsets",
    "word_ids",
    "sequence_ids",
    "attention_mask",
    "special_tokens_mask",
)


class Encoding:
    """Parallel lists describing one encoded text (or pair); see the module docstring for each field.

    >>> encoding = Encoding.from_sequence([7, 8], ["hug", "##s"], [(0, 3), (3, 4)], [0, 0])
    >>> encoding.tokens, encoding.offsets, encoding.attention_mask
    (['hug', '##s'], [(0, 3), (3, 4)], [1, 1])
    >>> encoding.char_to_token(3), encoding.token_to_chars(0)
    (1, (0, 3))
    """

    __slots__ = (*FIELDS, "overflowing")

    ids: list[int]
    type_ids: list[int]
    tokens: list[str]
    offsets: list[Offsets]
    word_ids: list[int | None]
    sequence_ids: list[int | None]
    attention_mask: list[int]
    special_tokens_mask: list[int]
    overflowing: list[Encoding]

    def __init__(
        self,
        ids: list[int],
        type_ids: list[int],
        tokens: list[str],
        offsets: list[Offsets],
        word_ids: list[int | None],
        sequence_ids: list[int | None],
        attention_mask: list[int],
        special_tokens_mask: list[int],
    ) -> None:
        fields = (ids, type_ids, tokens, offsets, word_ids, sequence_ids, attention_mask, special_tokens_mask)
        lengths = {len(field) for field in fields}
        if len(lengths) != 1:
            raise ValueError(f"every field of an Encoding must have the same length, got lengths {sorted(lengths)}")
        self._fill(fields)

    def __reduce__(self) -> tuple[Any, tuple[list[Any], ...]]:
        # Checked when it was made: a copy (or a worker's result) takes the fields as they are.
        return Encoding.trusted, tuple(getattr(self, name) for name in FIELDS)

    def _fill(self, fields: Sequence[list[Any]]) -> None:
        for name, value in zip(FIELDS, fields, strict=True):
            setattr(self, name, value)
        self.overflowing = []

    @classmethod
    def trusted(cls, *fields: list[Any]) -> Encoding:
        """An encoding from fields (in ``FIELDS`` order) known to have one length: no check, for the encoder's fast path.

        >>> len(Encoding.trusted([1], [0], ["a"], [(0, 1)], [0], [0], [1], [0]))
        1
        """
        encoding = object.__new__(cls)
        encoding._fill(fields)
        return encoding

    @classmethod
    def from_sequence(
        cls,
        ids: list[int],
        tokens: list[str],
        offsets: list[Offsets],
        word_ids: list[int | None],
        *,
        sequence_id: int = 0,
        type_id: int = 0,
    ) -> Encoding:
        """The encoding of one text's own tokens (no special tokens, no padding).

        >>> Encoding.from_sequence([5], ["hi"], [(0, 2)], [0], sequence_id=1, type_id=1).to_dict()["type_ids"]
        [1]
        """
        length = len(ids)
        return cls(
            ids, [type_id] * length, tokens, offsets, word_ids, [sequence_id] * length, [1] * length, [0] * length
        )

    @classmethod
    def special(cls, token_id: int, token: str, type_id: int) -> Encoding:
        """One special token added by the post-processor (``[CLS]``, ``[SEP]``).

        >>> Encoding.special(101, "[CLS]", 0).special_tokens_mask
        [1]
        """
        return cls([token_id], [type_id], [token], [(0, 0)], [None], [None], [1], [1])

    @classmethod
    def empty(cls) -> Encoding:
        """An encoding with no tokens.

        >>> len(Encoding.empty())
        0
        """
        return cls([], [], [], [], [], [], [], [])

    @classmethod
    def concatenate(cls, parts: Iterable[Encoding]) -> Encoding:
        """One encoding holding ``parts`` one after the other.

        >>> a, b = Encoding.special(1, "[CLS]", 0), Encoding.from_sequence([5], ["hi"], [(0, 2)], [0])
        >>> Encoding.concatenate([a, b]).tokens
        ['[CLS]', 'hi']
        """
        fields: dict[str, list[Any]] = {name: [] for name in FIELDS}
        for part in parts:
            if not isinstance(part, Encoding):
                raise TypeError(f"parts must be Encodings, got {type(part).__name__}")
            for name in FIELDS:
                fields[name] += getattr(part, name)
        return cls(**fields)

    def __len__(self) -> int:
        return len(self.ids)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Encoding):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in FIELDS) and (
            self.overflowing == other.overflowing
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = " ".join(self.tokens[:12]) + (" ..." if len(self) > 12 else "")
        return f"Encoding({len(self)} tokens: {shown})"

    def to_dict(self) -> dict[str, list[Any]]:
        """Every field under Hugging Face's name; offsets as ``[start, end]`` lists, ready for JSON.

        >>> Encoding.special(101, "[CLS]", 0).to_dict()["offsets"]
        [[0, 0]]
        """
        data: dict[str, list[Any]] = {name: list(getattr(self, name)) for name in FIELDS}
        data["offsets"] = [list(pair) for pair in self.offsets]
        if self.overflowing:  # only when truncation cut something: the usual record keeps Hugging Face's fields
            data["overflowing"] = [encoding.to_dict() for encoding in self.overflowing]
        return data

    def token_to_chars(self, token_index: int) -> Offsets | None:
        """The ``(start, end)`` in the original text of token ``token_index``; ``None`` for specials and padding.

        >>> Encoding.special(101, "[CLS]", 0).token_to_chars(0) is None
        True
        """
        check_int(token_index, "token_index", minimum=0)
        if token_index >= len(self):
            raise ValueError(f"token_index {token_index} is out of range for {len(self)} tokens")
        if self.sequence_ids[token_index] is None:
            return None
        return self.offsets[token_index]

    def char_to_token(self, char_index: int, sequence_id: int = 0) -> int | None:
        """The index of the token covering character ``char_index`` of text ``sequence_id``, or ``None``.

        >>> Encoding.from_sequence([1, 2], ["a", "b"], [(0, 1), (2, 3)], [0, 1]).char_to_token(1) is None
        True
        """
        check_int(char_index, "char_index", minimum=0)
        for index, (start, end) in enumerate(self.offsets):
            if self.sequence_ids[index] == sequence_id and start <= char_index < end:
                return index
        return None

    def truncated(self, max_length: int, direction: str = "right") -> Encoding:
        """The first (``right``: cut at the right) or last (``left``) ``max_length`` tokens.

        >>> Encoding.from_sequence([1, 2, 3], ["a", "b", "c"], [(0, 1), (1, 2), (2, 3)], [0, 1, 2]).truncated(2, "left").tokens
        ['b', 'c']
        """
        check_int(max_length, "max_length", minimum=0)
        check_choice(direction, "direction", DIRECTIONS)
        if max_length >= len(self):
            return self
        window = slice(0, max_length) if direction == "right" else slice(len(self) - max_length, len(self))
        return Encoding(**{name: getattr(self, name)[window] for name in FIELDS})

    def window(self, start: int, stop: int) -> Encoding:
        """Tokens ``start`` to ``stop`` (a slice of every field).

        >>> Encoding.from_sequence([1, 2, 3], ["a", "b", "c"], [(0, 1), (1, 2), (2, 3)], [0, 1, 2]).window(1, 3).tokens
        ['b', 'c']
        """
        return Encoding.trusted(*(getattr(self, name)[start:stop] for name in FIELDS))

    def padded(
        self, length: int, *, pad_id: int, pad_token: str, pad_type_id: int = 0, direction: str = "right"
    ) -> Encoding:
        """Padded with ``pad_token`` up to ``length`` tokens (unchanged when already that long).

        >>> Encoding.from_sequence([7], ["hi"], [(0, 2)], [0]).padded(3, pad_id=0, pad_token="[PAD]").attention_mask
        [1, 0, 0]
        """
        check_int(length, "length", minimum=0)
        check_choice(direction, "direction", DIRECTIONS)
        missing = length - len(self)
        overflowing = [
            encoding.padded(length, pad_id=pad_id, pad_token=pad_token, pad_type_id=pad_type_id, direction=direction)
            for encoding in self.overflowing
        ]
        if missing <= 0:
            if overflowing == self.overflowing:
                return self
            same = Encoding.trusted(*(getattr(self, name) for name in FIELDS))
            same.overflowing = overflowing
            return same
        padding = Encoding(
            [pad_id] * missing,
            [pad_type_id] * missing,
            [pad_token] * missing,
            [(0, 0)] * missing,
            [None] * missing,
            [None] * missing,
            [0] * missing,
            [1] * missing,
        )
        padded = Encoding.concatenate([self, padding] if direction == "right" else [padding, self])
        padded.overflowing = overflowing  # Hugging Face pads the windows to the same length
        return padded


def check_same_length(encodings: Sequence[Encoding]) -> int:
    """The common length of ``encodings`` (a batch ready to stack into one array); raises if they differ.

    >>> check_same_length([Encoding.empty(), Encoding.empty()])
    0
    """
    for position, encoding in enumerate(check_sequence(encodings, "encodings")):
        if not isinstance(encoding, Encoding):
            raise TypeError(f"encodings[{position}] must be an Encoding, got {type(encoding).__name__}")
    lengths = sorted({len(encoding) for encoding in encodings})
    if len(lengths) > 1:
        raise ValueError(f"the encodings have different lengths {lengths}: pad them (padding=Padding())")
    return lengths[0] if lengths else 0


__all__ = ["DIRECTIONS", "FIELDS", "Encoding", "TextTokens", "TokenIds", "check_same_length"]
