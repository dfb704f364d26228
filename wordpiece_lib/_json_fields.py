"""What every part's ``from_json`` checks in its ``tokenizer.json`` object: its type, and the fields it needs and knows.

Each part of a tokenizer (a normalizer, a pre-tokenizer, a model, a post-processor,
a decoder) reads its own object of Hugging Face's ``tokenizer.json``; these three
checks make every part refuse a bad object the same way, in one line naming the
part and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def kind_of(data: Any) -> str:
    """How an object read from ``tokenizer.json`` names itself: its ``type`` (quoted), else its JSON kind.

    >>> kind_of({"type": "BPE"}), kind_of([1]), kind_of(None)
    ("'BPE'", 'list', 'null')
    """
    if isinstance(data, dict):
        return repr(data.get("type"))
    return "null" if data is None else type(data).__name__


def check_type(data: Any, slot: str, kind: str) -> dict[str, Any]:
    """``data`` if it is an object whose ``type`` is ``kind``; else a ``ValueError`` naming the slot.

    >>> check_type({"type": "WordPiece"}, "decoder", "WordPiece")
    {'type': 'WordPiece'}
    >>> check_type({"type": "BPE"}, "model", "Unigram")
    Traceback (most recent call last):
    ...
    ValueError: a Unigram model must have type 'Unigram', got 'BPE'
    """
    if not isinstance(data, dict) or data.get("type") != kind:
        raise ValueError(f"a {kind} {slot.replace('_', '-')} must have type {kind!r}, got {kind_of(data)}")
    return data


def require_fields(data: dict[str, Any], where: str, fields: Iterable[str]) -> None:
    """Refuse an object without a field Hugging Face requires (its loader refuses the file too).

    >>> require_fields({"type": "WordPiece"}, "model", ["unk_token"])
    Traceback (most recent call last):
    ...
    ValueError: model has no unk_token: tokenizer.json must give it (Hugging Face refuses the file too)
    """
    missing = [field for field in fields if field not in data]
    if missing:
        raise ValueError(
            f"{where} has no {', '.join(missing)}: tokenizer.json must give "
            f"{'it' if len(missing) == 1 else 'them'} (Hugging Face refuses the file too)"
        )


def refuse_unknown_fields(data: dict[str, Any], what: str, known: Iterable[str]) -> None:
    """Refuse fields this library cannot honour (rather than ignore a setting and give other tokens).

    >>> refuse_unknown_fields({"type": "WordPiece", "dropout": 0.1}, "WordPiece model", ["type"])
    Traceback (most recent call last):
    ...
    ValueError: unsupported WordPiece model fields: dropout
    """
    unknown = sorted(set(data) - {"type", *known})
    if unknown:
        raise ValueError(f"unsupported {what} fields: {', '.join(unknown)}")


def read_fields(
    data: Any, slot: str, kind: str, required: Iterable[str] = (), optional: Iterable[str] = (), *, where: str = ""
) -> dict[str, Any]:
    """``data`` once it passes the three checks: its ``type`` is ``kind``, it has every ``required`` field, and it
    has none beyond them and the ``optional`` ones (``where``, the part's name in the messages: ``kind slot``).

    >>> read_fields({"type": "Strip", "content": " "}, "decoder", "Strip", ["content"])["content"]
    ' '
    >>> read_fields({"type": "Fuse", "x": 1}, "decoder", "Fuse")
    Traceback (most recent call last):
    ...
    ValueError: unsupported Fuse decoder fields: x
    """
    check_type(data, slot, kind)
    where = where or f"{kind} {slot.replace('_', '-')}"
    required = tuple(required)
    require_fields(data, where, required)
    refuse_unknown_fields(data, where, (*required, *optional))
    return data


def read_sequence(data: Any, slot: str, field: str, read: Callable[[Any], Any] | None) -> tuple[Any, ...]:
    """The parts a ``Sequence`` object of a slot chains, under its ``field``, each read by ``read``
    (the registry's reader, which knows every part of the slot).

    >>> read_sequence({"type": "Sequence", "decoders": [1, 2]}, "decoder", "decoders", str)
    ('1', '2')
    >>> read_sequence({"type": "Sequence", "decoders": {}}, "decoder", "decoders", str)
    Traceback (most recent call last):
    ...
    ValueError: Sequence decoder: decoders must be a list, got dict
    """
    where = f"Sequence {slot.replace('_', '-')}"
    read_fields(data, slot, "Sequence", (field,))
    parts = data[field]
    if not isinstance(parts, list):
        raise ValueError(f"{where}: {field} must be a list, got {type(parts).__name__}")
    if read is None:
        raise ValueError(f"{where}: no reader given for its {slot.replace('_', '-')}s")
    return tuple(read(part) for part in parts)


__all__ = ["check_type", "kind_of", "read_fields", "read_sequence", "refuse_unknown_fields", "require_fields"]
