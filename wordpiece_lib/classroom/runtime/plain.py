"""Answers as plain data: what crosses from a learner's kernel to the grader.

The grader judges an answer in its own process, so nothing the learner's
code defines (an object equal to everything, a ``str`` subclass with a
patched ``__eq__``) may reach the checks. The kernel turns an answer into
JSON made of plain values only (:func:`to_plain`): numbers, strings, lists,
tuples, dicts, sets and ``Fraction`` objects (tagged, since JSON has no
tuple, set or fraction), ``None`` and booleans; the still-unanswered
``TODO`` and ``...`` are tagged too. Anything else becomes a tag naming its
type. The grader rebuilds the value from the JSON (:func:`from_plain`), from
its own types, so a value that comes back can only be a plain one.

>>> from fractions import Fraction
>>> value = {"a": [1, ("b", Fraction(1, 3))], "s": {2, 1}}
>>> from_plain(to_plain(value)) == value
True
>>> class Equal(str):
...     def __eq__(self, other):
...         return True
>>> from_plain(to_plain(Equal("x"))) == "y", type(from_plain(to_plain(Equal("x")))).__name__
(False, 'NotPlain')
"""

from __future__ import annotations

import json
import math
import numbers
from fractions import Fraction
from typing import Any

from wordpiece_lib._validate import check_str
from wordpiece_lib.classroom.runtime.checking import is_todo

#: How deep an answer may nest (deeper is refused rather than risking a recursion error).
MAX_DEPTH = 50
#: The key that marks a tagged value in the JSON.
TAG = "__plain__"


class NotPlain:
    """What an answer that is not a plain value becomes in the grader: equal to nothing but itself.

    >>> NotPlain("Widget") == "Widget", NotPlain("Widget")
    (False, <a Widget object, not a plain value>)
    """

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<a {self.type_name} object, not a plain value>"


def _tagged(kind: str, value: Any) -> dict[str, Any]:
    return {TAG: kind, "value": value}


def _encode(value: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        return _tagged("not plain", "an answer nested too deep")
    kind = type(value)
    if value is None or kind is bool:
        return value
    if kind is str:
        return value
    if kind is int:
        return value
    if kind is float:
        return value if math.isfinite(value) else _tagged("float", repr(value))
    if kind is Fraction:
        return _tagged("fraction", [value.numerator, value.denominator])
    if kind is list:
        return [_encode(item, depth + 1) for item in value]
    if kind is tuple:
        return _tagged("tuple", [_encode(item, depth + 1) for item in value])
    if kind in (set, frozenset):
        return _tagged("set", [_encode(item, depth + 1) for item in value])
    if kind is dict:
        return _tagged("dict", [[_encode(k, depth + 1), _encode(v, depth + 1)] for k, v in value.items()])
    if is_todo(value):
        return _tagged("todo", None)
    # a NumPy number or the like: its plain value (int() and float() always give exact built-in types)
    if isinstance(value, str) and kind.__module__ == "numpy":
        return str.__str__(value)
    if isinstance(value, numbers.Integral) and kind.__module__ == "numpy":
        return int(value)
    if isinstance(value, numbers.Real) and kind.__module__ == "numpy":
        return _encode(float(value), depth)
    return _tagged("not plain", f"{kind.__module__}.{kind.__qualname__}")


def to_plain(value: Any) -> str:
    """``value`` as JSON text made of plain values only (in the learner's kernel).

    >>> to_plain((1, "a"))
    '{"__plain__": "tuple", "value": [1, "a"]}'
    >>> to_plain(object())
    '{"__plain__": "not plain", "value": "builtins.object"}'
    """
    return json.dumps(_encode(value, 0), ensure_ascii=True, allow_nan=False)


def _decode(data: Any, todo: Any) -> Any:
    if isinstance(data, list):
        return [_decode(item, todo) for item in data]
    if not isinstance(data, dict):
        return data  # JSON gives only str, int, float, bool and None here
    kind, value = data.get(TAG), data.get("value")
    if kind == "tuple":
        return tuple(_decode(item, todo) for item in value)
    if kind == "set":
        items = [_decode(item, todo) for item in value]
        try:
            return set(items)
        except TypeError:
            return NotPlain("set of unhashable items")
    if kind == "dict":
        pairs = [(_decode(k, todo), _decode(v, todo)) for k, v in value]
        try:
            return dict(pairs)
        except TypeError:
            return NotPlain("dict with unhashable keys")
    if kind == "fraction":
        numerator, denominator = value
        if type(numerator) is int and type(denominator) is int and denominator:
            return Fraction(numerator, denominator)
        return NotPlain("broken Fraction")
    if kind == "float":
        return float(value) if value in ("nan", "inf", "-inf") else NotPlain("float")
    if kind == "todo":
        return todo
    return NotPlain(str(value))


def from_plain(text: str, todo: Any = Ellipsis) -> Any:
    """The value :func:`to_plain` wrote, rebuilt from the grader's own types; ``todo`` stands for ``TODO``.

    >>> from_plain('{"__plain__": "fraction", "value": [2, 6]}')
    Fraction(1, 3)
    >>> from_plain('{"__plain__": "not plain", "value": "mymodule.Sneaky"}')
    <a mymodule.Sneaky object, not a plain value>
    """
    check_str(text, "text")
    return _decode(json.loads(text), todo)


__all__ = ["NotPlain", "from_plain", "to_plain"]
