"""Post-processing: the template that wraps a text (or a pair) in a model's special tokens.

BERT reads ``[CLS] first text [SEP]`` and, for a pair (a question and a
passage, two sentences), ``[CLS] first [SEP] second [SEP]``. The second text
and its closing ``[SEP]`` get type id 1, so the model knows which segment each
token is in. Hugging Face writes this as a template, one string per case::

    single: "[CLS] $A [SEP]"
    pair:   "[CLS] $A [SEP] $B:1 [SEP]:1"

``$A`` and ``$B`` stand for the two texts' tokens, anything else is a special
token, and ``:1`` sets the type id (0 when not given).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._validate import check_str
from .encoding import Encoding, TextTokens, TokenIds

BERT_SINGLE = "[CLS] $A [SEP]"
BERT_PAIR = "[CLS] $A [SEP] $B:1 [SEP]:1"


@dataclass(frozen=True)
class TemplatePiece:
    """One item of a template: a text (``"A"`` or ``"B"``) or a special token, with its type id.

    >>> TemplatePiece.parse("$B:1"), TemplatePiece.parse("[SEP]")
    (TemplatePiece(sequence='B', special=None, type_id=1), TemplatePiece(sequence=None, special='[SEP]', type_id=0))
    """

    sequence: str | None
    special: str | None
    type_id: int = 0

    @classmethod
    def parse(cls, text: str) -> TemplatePiece:
        """Read ``$A``, ``$B``, ``$`` (same as ``$A``) or a token, each with an optional ``:type_id``."""
        check_str(text, "piece", allow_empty=False)
        name, type_id = text, 0
        if ":" in text:
            head, _, tail = text.rpartition(":")
            if tail.isdigit() and head:
                name, type_id = head, int(tail)
        if name.startswith("$"):
            sequence = name[1:] or "A"
            if sequence not in ("A", "B"):
                raise ValueError(f"template piece {text!r}: a sequence is $A or $B, got ${sequence}")
            return cls(sequence, None, type_id)
        return cls(None, name, type_id)

    def __str__(self) -> str:
        name = f"${self.sequence}" if self.sequence is not None else str(self.special)
        return name if self.type_id == 0 else f"{name}:{self.type_id}"

    def to_json(self) -> dict[str, Any]:
        """The piece as Hugging Face writes it in ``tokenizer.json``."""
        if self.sequence is not None:
            return {"Sequence": {"id": self.sequence, "type_id": self.type_id}}
        return {"SpecialToken": {"id": self.special, "type_id": self.type_id}}

    @classmethod
    def from_json(cls, data: Any) -> TemplatePiece:
        """Read one piece of a ``TemplateProcessing`` template.

        >>> TemplatePiece.from_json({"SpecialToken": {"id": "[CLS]", "type_id": 0}}).special
        '[CLS]'
        """
        if isinstance(data, dict) and len(data) == 1:
            ((kind, body),) = data.items()
            if kind == "Sequence" and isinstance(body, dict) and body.get("id") in ("A", "B"):
                return cls(body["id"], None, int(body.get("type_id", 0)))
            if kind == "SpecialToken" and isinstance(body, dict) and isinstance(body.get("id"), str):
                return cls(None, body["id"], int(body.get("type_id", 0)))
        raise ValueError(f"unsupported template piece in tokenizer.json: {data!r}")


def _parse(template: str | list[TemplatePiece] | tuple[TemplatePiece, ...], name: str) -> tuple[TemplatePiece, ...]:
    if isinstance(template, str):
        return tuple(TemplatePiece.parse(piece) for piece in template.split())
    if isinstance(template, (list, tuple)) and all(isinstance(piece, TemplatePiece) for piece in template):
        return tuple(template)
    raise TypeError(f"{name} must be a template string such as {BERT_SINGLE!r}, got {type(template).__name__}")


@dataclass(frozen=True, init=False)
class Template:
    """Where special tokens go around one text and around a pair (Hugging Face's ``TemplateProcessing``).

    >>> bert = Template(BERT_SINGLE, BERT_PAIR)
    >>> str(bert)
    "Template('[CLS] $A [SEP]', '[CLS] $A [SEP] $B:1 [SEP]:1')"
    >>> bert.added_tokens(is_pair=False), bert.added_tokens(is_pair=True), bert.special_tokens
    (2, 3, ('[CLS]', '[SEP]'))
    """

    single: tuple[TemplatePiece, ...]
    pair: tuple[TemplatePiece, ...]

    def __init__(self, single: str | tuple[TemplatePiece, ...], pair: str | tuple[TemplatePiece, ...]) -> None:
        single_pieces, pair_pieces = _parse(single, "single"), _parse(pair, "pair")
        for name, pieces, wanted in (("single", single_pieces, ["A"]), ("pair", pair_pieces, ["A", "B"])):
            sequences = [piece.sequence for piece in pieces if piece.sequence is not None]
            if sorted(sequences) != wanted:
                shown = " ".join(map(str, pieces))
                raise ValueError(
                    f"the {name} template {shown!r} must hold {' and '.join('$' + s for s in wanted)} once"
                )
        object.__setattr__(self, "single", single_pieces)
        object.__setattr__(self, "pair", pair_pieces)

    @classmethod
    def bert(cls, cls_token: str = "[CLS]", sep_token: str = "[SEP]") -> Template:
        """BERT's template: ``[CLS] $A [SEP]`` and ``[CLS] $A [SEP] $B:1 [SEP]:1``.

        >>> Template.bert().single == Template(BERT_SINGLE, BERT_PAIR).single
        True
        """
        return cls(f"{cls_token} $A {sep_token}", f"{cls_token} $A {sep_token} $B:1 {sep_token}:1")

    def __str__(self) -> str:
        return f"Template({' '.join(map(str, self.single))!r}, {' '.join(map(str, self.pair))!r})"

    @property
    def special_tokens(self) -> tuple[str, ...]:
        """The special tokens the template uses, each once, in order of first use."""
        return tuple(dict.fromkeys(piece.special for piece in self.single + self.pair if piece.special is not None))

    def added_tokens(self, is_pair: bool) -> int:
        """How many special tokens the template adds (truncation keeps room for them)."""
        return sum(piece.special is not None for piece in (self.pair if is_pair else self.single))

    def apply(
        self, first: Encoding, second: Encoding | None, token_ids: Mapping[str, int], *, add_special_tokens: bool = True
    ) -> Encoding:
        """One encoding: the texts' own encodings (no special tokens, no padding) inside the template.

        Without ``add_special_tokens`` the special tokens are left out but the
        texts still get their type ids.

        >>> a = Encoding.from_sequence([7], ["hug"], [(0, 3)], [0])
        >>> b = Encoding.from_sequence([8], ["pug"], [(0, 3)], [0], sequence_id=1)
        >>> both = Template.bert().apply(a, b, {"[CLS]": 1, "[SEP]": 2})
        >>> both.tokens, both.type_ids, both.sequence_ids
        (['[CLS]', 'hug', '[SEP]', 'pug', '[SEP]'], [0, 0, 0, 1, 1], [None, 0, None, 1, None])
        """
        parts = (first.ids, first.tokens, first.offsets, first.word_ids)
        second_parts = None if second is None else (second.ids, second.tokens, second.offsets, second.word_ids)
        return self.build(parts, second_parts, token_ids, add_special_tokens=add_special_tokens)

    def build(
        self, first: TextTokens, second: TextTokens | None, token_ids: TokenIds, *, add_special_tokens: bool = True
    ) -> Encoding:
        """``apply`` for texts given as ``(ids, tokens, offsets, word_ids)`` lists: the encoder's fast path.

        >>> Template.bert().build(([7], ["hug"], [(0, 3)], [0]), None, {"[CLS]": 1, "[SEP]": 2}).special_tokens_mask
        [1, 0, 1]
        """
        pieces = self.single if second is None else self.pair
        # Built field by field, each list extended once per piece: this runs once per text of a batch.
        ids: list[int] = []
        type_ids: list[int] = []
        tokens: list[str] = []
        offsets: list[tuple[int, int]] = []
        word_ids: list[int | None] = []
        sequence_ids: list[int | None] = []
        special_tokens_mask: list[int] = []
        for piece in pieces:
            special = piece.special
            if special is None:
                part = first if piece.sequence == "A" or second is None else second  # the pair template has $B
                part_ids, part_tokens, part_offsets, part_words = part
                length = len(part_ids)
                ids += part_ids
                type_ids += [piece.type_id] * length
                tokens += part_tokens
                offsets += part_offsets
                word_ids += part_words
                sequence_ids += [0 if piece.sequence == "A" else 1] * length
                special_tokens_mask += [0] * length
            elif add_special_tokens:
                ids.append(token_ids[special])
                type_ids.append(piece.type_id)
                tokens.append(special)
                offsets.append((0, 0))
                word_ids.append(None)
                sequence_ids.append(None)
                special_tokens_mask.append(1)
        return Encoding.trusted(
            ids, type_ids, tokens, offsets, word_ids, sequence_ids, [1] * len(ids), special_tokens_mask
        )

    def to_json(self, token_ids: Mapping[str, int]) -> dict[str, Any]:
        """The ``post_processor`` entry of ``tokenizer.json`` (a ``TemplateProcessing``).

        >>> Template.bert().to_json({"[CLS]": 101, "[SEP]": 102})["special_tokens"]["[SEP]"]
        {'id': '[SEP]', 'ids': [102], 'tokens': ['[SEP]']}
        """
        return {
            "type": "TemplateProcessing",
            "single": [piece.to_json() for piece in self.single],
            "pair": [piece.to_json() for piece in self.pair],
            "special_tokens": {
                token: {"id": token, "ids": [token_ids[token]], "tokens": [token]} for token in self.special_tokens
            },
        }

    @classmethod
    def from_json(cls, data: Any, token_ids: Mapping[str, int]) -> Template:
        """Read a ``TemplateProcessing`` or ``BertProcessing`` post-processor; its token ids must be the vocab's.

        >>> ids = {"[CLS]": 101, "[SEP]": 102}
        >>> Template.from_json(Template.bert().to_json(ids), ids) == Template.bert()
        True
        >>> str(Template.from_json({"type": "BertProcessing", "cls": ["[CLS]", 101], "sep": ["[SEP]", 102]}, ids))
        "Template('[CLS] $A [SEP]', '[CLS] $A [SEP] $B:1 [SEP]:1')"
        """
        if not isinstance(data, dict):
            raise ValueError(f"post_processor must be an object, got {type(data).__name__}")
        kind = data.get("type")
        if kind == "BertProcessing":
            (cls_token, cls_id), (sep_token, sep_id) = data["cls"], data["sep"]
            _check_special_id(cls_token, [cls_id], token_ids)
            _check_special_id(sep_token, [sep_id], token_ids)
            return cls.bert(cls_token, sep_token)
        if kind != "TemplateProcessing":
            raise ValueError(f"unsupported post_processor {kind!r} in tokenizer.json (supported: TemplateProcessing)")
        template = cls(
            tuple(TemplatePiece.from_json(piece) for piece in data.get("single", [])),
            tuple(TemplatePiece.from_json(piece) for piece in data.get("pair", [])),
        )
        specials = data.get("special_tokens", {})
        for token in template.special_tokens:
            entry = specials.get(token)
            if not isinstance(entry, dict) or entry.get("tokens") != [token]:
                raise ValueError(
                    f"post_processor special token {token!r}: only a template token that is one vocab token is supported"
                )
            _check_special_id(token, entry.get("ids"), token_ids)
        return template


def _check_special_id(token: str, ids: Any, token_ids: Mapping[str, int]) -> None:
    if token not in token_ids:
        raise ValueError(f"post_processor special token {token!r} is not in the vocab")
    if ids != [token_ids[token]]:
        raise ValueError(f"post_processor gives {token!r} the ids {ids}, but its vocab id is {token_ids[token]}")


__all__ = ["BERT_PAIR", "BERT_SINGLE", "Template", "TemplatePiece"]
