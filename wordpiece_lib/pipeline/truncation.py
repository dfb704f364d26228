"""Truncation and padding: making encodings fit a model, with Hugging Face's meaning of every option.

A model reads at most ``max_length`` tokens (BERT: 512), and a batch is one
rectangular array, so texts are cut (*truncation*) and short ones filled with
``[PAD]`` (*padding*, with ``attention_mask`` 0 so the model ignores it).

Truncation happens on the texts' own tokens, before the special tokens are
added, and keeps room for them: with ``[CLS] $A [SEP]`` and ``max_length=8``
a text keeps 6 tokens. For a pair, ``strategy`` says which text gives up tokens:

* ``longest_first``: if the shorter text fits in half, the longer one takes
  the rest; else each keeps half (the first text gets the smaller half
  when ``max_length`` is odd, unless it is the longer one);
* ``only_first`` / ``only_second``: only that text is cut (an error when it
  is too short to make room).

``direction="right"`` drops tokens at the end, ``"left"`` at the start.
What is cut is not lost: it comes back as more windows of the same length
(``Encoding.overflowing``), each overlapping the one before by ``stride``
tokens, as Hugging Face gives them. A ``max_length`` below the template's
special tokens leaves the texts uncut (Hugging Face's outcome too).

Padding goes up to a fixed ``length``, or with ``length=None`` up to the
longest encoding of the batch; ``pad_to_multiple_of`` then rounds that up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .._json_fields import require_fields
from .._validate import check_choice, check_int, check_str
from .encoding import DIRECTIONS, Encoding

STRATEGIES = ("longest_first", "only_first", "only_second")
#: The longest fixed padding a file may set: every line then takes that many tokens of memory.
MAX_FILE_PADDING = 1 << 17


@dataclass(frozen=True)
class Truncation:
    """How to cut encodings to ``max_length`` tokens (special tokens included).

    >>> Truncation(128)
    Truncation(max_length=128, strategy='longest_first', direction='right', stride=0)
    """

    max_length: int
    strategy: str = "longest_first"
    direction: str = "right"
    stride: int = 0

    def __post_init__(self) -> None:
        check_int(self.max_length, "max_length", minimum=0)
        check_choice(self.strategy, "strategy", STRATEGIES)
        check_choice(self.direction, "direction", DIRECTIONS)
        check_int(self.stride, "stride", minimum=0)

    def to_json(self) -> dict[str, Any]:
        """The ``truncation`` entry of ``tokenizer.json``.

        >>> Truncation(8, direction="left").to_json()
        {'direction': 'Left', 'max_length': 8, 'strategy': 'LongestFirst', 'stride': 0}
        """
        return {
            "direction": self.direction.capitalize(),
            "max_length": self.max_length,
            "strategy": "".join(word.capitalize() for word in self.strategy.split("_")),
            "stride": self.stride,
        }

    @classmethod
    def from_json(cls, data: Any) -> Truncation:
        """Read the ``truncation`` entry of ``tokenizer.json``.

        >>> Truncation.from_json({"max_length": 128, "strategy": "LongestFirst", "stride": 0})
        Truncation(max_length=128, strategy='longest_first', direction='right', stride=0)
        """
        if not isinstance(data, dict):
            raise ValueError(f"truncation must be an object, got {type(data).__name__}")
        require_fields(data, "truncation", ("max_length", "strategy", "stride"))
        strategy = _snake_case(data["strategy"])
        return cls(
            data["max_length"],
            strategy=strategy,
            direction=str(data.get("direction", "Right")).lower(),
            stride=data["stride"],
        )

    def check_stride(self, added_tokens: int) -> None:
        """Refuse a ``stride`` no window could move forward with, as Hugging Face's ``enable_truncation`` does.

        >>> Truncation(6, stride=4).check_stride(2)
        >>> Truncation(6, stride=5).check_stride(2)
        Traceback (most recent call last):
        ...
        ValueError: stride=5 is larger than the 4 tokens a text keeps (max_length=6 minus 2 special tokens)
        """
        if self.max_length >= added_tokens and self.stride > self.max_length - added_tokens:
            raise ValueError(
                f"stride={self.stride} is larger than the {self.max_length - added_tokens} tokens a text keeps "
                f"(max_length={self.max_length} minus {added_tokens} special tokens)"
            )

    def truncate(
        self, first: Encoding, second: Encoding | None, added_tokens: int = 0
    ) -> tuple[Encoding, Encoding | None]:
        """Cut the texts' encodings so that, with ``added_tokens`` special tokens, at most ``max_length`` remain.

        >>> long = Encoding.from_sequence(list(range(10)), ["t"] * 10, [(0, 1)] * 10, [0] * 10)
        >>> short = Encoding.from_sequence(list(range(3)), ["t"] * 3, [(0, 1)] * 3, [0] * 3)
        >>> [len(part) for part in Truncation(9).truncate(long, short, added_tokens=3)]
        [3, 3]
        >>> [len(part) for part in Truncation(11).truncate(long, short, added_tokens=3)]
        [5, 3]
        """
        firsts, seconds = self.windows(first, second, added_tokens)
        return firsts[0], None if seconds is None else seconds[0]

    def windows(
        self, first: Encoding, second: Encoding | None, added_tokens: int = 0
    ) -> tuple[list[Encoding], list[Encoding] | None]:
        """Each text cut into windows: the first is what ``truncate`` keeps, the rest overflow.

        >>> long = Encoding.from_sequence(list(range(6)), list("abcdef"), [(0, 1)] * 6, [0] * 6)
        >>> [window.tokens for window in Truncation(3, stride=1).windows(long, None)[0]]
        [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f']]
        """
        budget = self.max_length
        if added_tokens:
            if added_tokens > budget:  # no room for the special tokens: Hugging Face leaves the texts uncut
                return [first], None if second is None else [second]
            budget -= added_tokens
        total = len(first) + (len(second) if second is not None else 0)
        if budget == 0:  # nothing fits, whatever the strategy: everything overflows
            return self._cut(first, 0), None if second is None else self._cut(second, 0)
        if total <= budget:
            return [first], None if second is None else [second]
        if self.strategy == "longest_first":
            if second is None:
                return self._cut(first, budget), None
            shorter = min(len(first), len(second))
            longer = shorter if shorter > budget else max(shorter, budget - shorter)
            if shorter + longer > budget:
                shorter = budget // 2
                longer = shorter + budget % 2
            first_length, second_length = (shorter, longer) if len(first) <= len(second) else (longer, shorter)
            return self._cut(first, first_length), self._cut(second, second_length)
        if self.strategy == "only_second" and second is None:
            raise ValueError("truncation strategy 'only_second' needs a pair of texts, got one text")
        target = first if self.strategy == "only_first" else second
        assert target is not None
        excess = total - budget
        if len(target) <= excess:
            which = "first" if self.strategy == "only_first" else "second"
            raise ValueError(
                f"the {which} text has {len(target)} tokens: too few to cut {excess} and fit max_length={self.max_length}"
            )
        cut = self._cut(target, len(target) - excess)
        if self.strategy == "only_first":
            return cut, None if second is None else [second]
        return [first], cut

    def _cut(self, encoding: Encoding, length: int) -> list[Encoding]:
        """Hugging Face's ``Encoding.truncate``: windows of ``length`` tokens, each ``length - stride`` further on."""
        size = len(encoding)
        if length >= size:
            return [encoding]
        if length == 0:
            return [encoding.truncated(0), encoding]
        # Hugging Face stops here too (it panics); a stride must leave each window moving forward.
        if self.stride >= length:
            raise ValueError(
                f"stride={self.stride} must be smaller than the {length} tokens a text is cut to "
                "(max_length minus the special tokens, shared between the texts of a pair)"
            )
        step = length - self.stride
        spans = []
        if self.direction == "right":
            for start in range(0, size, step):
                spans.append((start, min(start + length, size)))
                if spans[-1][1] == size:
                    break
        else:
            for stop in range(size, 0, -step):
                spans.append((max(stop - length, 0), stop))
                if spans[-1][0] == 0:
                    break
        return [encoding.window(start, stop) for start, stop in spans]


def _snake_case(name: Any) -> str:
    check_str(name, "truncation strategy")
    return "".join(f"_{char.lower()}" if char.isupper() else char for char in name).lstrip("_")


@dataclass(frozen=True)
class Padding:
    """How to pad encodings: to ``length`` tokens, or (``length=None``) to the longest of the batch.

    >>> Padding(pad_to_multiple_of=8).target_length([5, 11])
    16
    """

    length: int | None = None
    direction: str = "right"
    pad_to_multiple_of: int | None = None
    pad_id: int = 0
    pad_type_id: int = 0
    pad_token: str = "[PAD]"

    def __post_init__(self) -> None:
        if self.length is not None:
            check_int(self.length, "length", minimum=0)
        check_choice(self.direction, "direction", DIRECTIONS)
        if self.pad_to_multiple_of is not None:
            check_int(self.pad_to_multiple_of, "pad_to_multiple_of", minimum=0)
        check_int(self.pad_id, "pad_id", minimum=0)
        check_int(self.pad_type_id, "pad_type_id", minimum=0)
        check_str(self.pad_token, "pad_token", allow_empty=False)

    def target_length(self, lengths: Sequence[int]) -> int:
        """The length every encoding of a batch with these ``lengths`` is padded to."""
        target = self.length if self.length is not None else max(lengths, default=0)
        multiple = self.pad_to_multiple_of
        if multiple and target % multiple:
            target += multiple - target % multiple
        return target

    def pad(self, encodings: Sequence[Encoding]) -> list[Encoding]:
        """The batch, each encoding padded to ``target_length`` (longer ones are left as they are).

        >>> batch = [Encoding.from_sequence([5], ["a"], [(0, 1)], [0]), Encoding.empty()]
        >>> [encoding.tokens for encoding in Padding(direction="left").pad(batch)]
        [['a'], ['[PAD]']]
        """
        target = self.target_length([len(encoding) for encoding in encodings])
        return [
            encoding.padded(
                target,
                pad_id=self.pad_id,
                pad_token=self.pad_token,
                pad_type_id=self.pad_type_id,
                direction=self.direction,
            )
            for encoding in encodings
        ]

    def to_json(self) -> dict[str, Any]:
        """The ``padding`` entry of ``tokenizer.json``.

        >>> Padding(128).to_json()["strategy"]
        {'Fixed': 128}
        """
        return {
            "strategy": "BatchLongest" if self.length is None else {"Fixed": self.length},
            "direction": self.direction.capitalize(),
            "pad_to_multiple_of": self.pad_to_multiple_of,
            "pad_id": self.pad_id,
            "pad_type_id": self.pad_type_id,
            "pad_token": self.pad_token,
        }

    @classmethod
    def from_json(cls, data: Any) -> Padding:
        """Read the ``padding`` entry of ``tokenizer.json`` (a fixed length of at most ``MAX_FILE_PADDING``).

        >>> Padding.from_json({"strategy": {"Fixed": 128}, "direction": "Right", "pad_id": 0, "pad_type_id": 0,
        ...                    "pad_token": "[PAD]"}).length
        128
        """
        if not isinstance(data, dict):
            raise ValueError(f"padding must be an object, got {type(data).__name__}")
        require_fields(data, "padding", ("strategy", "direction", "pad_id", "pad_type_id", "pad_token"))
        strategy = data["strategy"]
        if strategy == "BatchLongest":
            length = None
        elif isinstance(strategy, dict) and set(strategy) == {"Fixed"}:
            length = strategy["Fixed"]
        else:
            raise ValueError(f"unsupported padding strategy {strategy!r} in tokenizer.json")
        if isinstance(length, int) and not isinstance(length, bool) and length > MAX_FILE_PADDING:
            raise ValueError(
                f"padding pads every line to {length:,} tokens, over {MAX_FILE_PADDING:,}, the most taken from a "
                "file (each line would take that much memory; pad explicitly to go beyond)"
            )
        return cls(
            length,
            direction=str(data["direction"]).lower(),
            pad_to_multiple_of=data.get("pad_to_multiple_of"),
            pad_id=data["pad_id"],
            pad_type_id=data["pad_type_id"],
            pad_token=data["pad_token"],
        )


__all__ = ["MAX_FILE_PADDING", "STRATEGIES", "Padding", "Truncation"]
