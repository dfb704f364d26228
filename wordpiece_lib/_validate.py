"""Argument checks shared by the public functions.

Every check names the parameter it looked at, so a student who passes the
wrong thing reads *which* argument was wrong and *what* was expected, instead
of a traceback from deep inside the library.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def _type_name(value: Any) -> str:
    return type(value).__name__


def _real(value: Any, name: str, what: str = "a number") -> float:
    """``value`` as a float if it is a real number (not a bool); a ``TypeError`` naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {what}, got {_type_name(value)}")
    return float(value)


def check_instance(value: Any, name: str, kind: type[T]) -> T:
    """Return ``value`` if it is a ``kind``; raise a ``TypeError`` that names ``name`` otherwise.

    >>> from fractions import Fraction
    >>> check_instance(Fraction(1, 20), "score", Fraction)
    Fraction(1, 20)
    >>> check_instance(0.05, "score", Fraction)
    Traceback (most recent call last):
    ...
    TypeError: score must be a Fraction, got float
    """
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be a {kind.__name__}, got {_type_name(value)}")
    return value


def check_str(value: Any, name: str, *, allow_empty: bool = True) -> str:
    """Return ``value`` if it is a ``str``; raise a clear error otherwise.

    >>> check_str("hug", "word")
    'hug'
    """
    if not isinstance(value, str):
        hint = " (decode bytes first, e.g. data.decode('utf-8'))" if isinstance(value, (bytes, bytearray)) else ""
        raise TypeError(f"{name} must be a str, got {_type_name(value)}{hint}")
    if not allow_empty and not value:
        raise ValueError(f"{name} must not be empty")
    return value


def check_int(value: Any, name: str, *, minimum: int | None = None) -> int:
    """Return ``value`` if it is an ``int`` (not a bool) at least ``minimum``.

    >>> check_int(3, "vocab_size", minimum=1)
    3
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {_type_name(value)}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


def check_bool(value: Any, name: str) -> bool:
    """Return ``value`` if it is a ``bool`` (a string such as ``"no"`` would read as true).

    >>> check_bool(True, "lowercase")
    True
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {_type_name(value)}")
    return value


def check_callable(value: Any, name: str, what: str) -> Callable[..., Any]:
    """Return ``value`` if it can be called; ``what`` says what it should be.

    >>> check_callable(len, "progress", "a function") is len
    True
    """
    if not callable(value):
        raise TypeError(f"{name} must be {what}, got {_type_name(value)}")
    return value


def check_count(value: Any, name: str) -> int:
    """Return ``value`` as a plain ``int`` if it is a positive whole number.

    NumPy and pandas integers are accepted (counts often come from them);
    floats and bools are not, even ``3.0``: a count is a number of times.

    >>> import numpy as np
    >>> check_count(np.int64(3), "count of 'hug'")
    3
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {_type_name(value)}")
    count = int(value)
    if count <= 0:
        raise ValueError(f"{name} must be positive, got {count}")
    return count


def check_choice(value: Any, name: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``choices``.

    >>> check_choice("first", "tie_break", ("first", "lexical"))
    'first'
    """
    options = tuple(choices)
    if value not in options:
        listed = ", ".join(repr(c) for c in options)
        raise ValueError(f"{name} must be one of {listed}, got {value!r}")
    return value


def check_str_list(values: Any, name: str) -> list[str]:
    """Return ``values`` as a list after checking every item is a ``str``.

    >>> check_str_list(("[PAD]", "[UNK]"), "special_tokens")
    ['[PAD]', '[UNK]']
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list of str, got {_type_name(values)}")
    items = list(values)
    if set(map(type, items)) <= {str}:  # the common case, checked at C speed
        return items
    for position, item in enumerate(items):
        if not isinstance(item, str):
            raise TypeError(f"{name}[{position}] must be a str, got {_type_name(item)}")
    return items


def check_index(value: Any, name: str, *, minimum: int | None = None) -> int:
    """Return ``value`` as a plain ``int``: an ``int`` or a NumPy integer (a slider's or an array's), not a bool,
    a float (``nan``, ``2.0``) or ``None``.

    >>> import numpy as np
    >>> check_index(np.int64(3), "step")
    3
    >>> check_index(float("nan"), "step")
    Traceback (most recent call last):
    ...
    TypeError: step must be an int, got float
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {_type_name(value)}")
    number = int(value)
    if minimum is not None and number < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {number}")
    return number


def check_seconds(value: Any, name: str) -> float:
    """Return ``value`` if it is a positive, finite number of seconds.

    >>> check_seconds(30, "timeout")
    30.0
    >>> check_seconds(-1, "timeout")
    Traceback (most recent call last):
    ...
    ValueError: timeout must be a positive number of seconds, got -1
    """
    seconds = _real(value, name, "a number of seconds")
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"{name} must be a positive number of seconds, got {value}")
    return seconds


def check_optional_str(value: Any, name: str, *, allow_empty: bool = True) -> str | None:
    """Return ``value`` if it is ``None`` or a ``str``.

    >>> check_optional_str(None, "marker") is None
    True
    """
    return None if value is None else check_str(value, name, allow_empty=allow_empty)


def check_mapping(value: Any, name: str, what: str = "a dict") -> Mapping[Any, Any]:
    """Return ``value`` if it is a mapping (a dict, a ``WordCounts``...).

    >>> check_mapping({"hug": 1}, "word_counts")
    {'hug': 1}
    """
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be {what}, got {_type_name(value)}")
    return value


def check_pair(value: Any, name: str) -> tuple[str, str]:
    """Return ``value`` as a ``(left, right)`` tuple of two ``str``.

    >>> check_pair(["##g", "##s"], "pair")
    ('##g', '##s')
    """
    if not (isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(p, str) for p in value)):
        raise TypeError(f"{name} must be a (left, right) pair of str, got {value!r:.60}")
    return (value[0], value[1])


def check_splits(value: Any, name: str = "splits") -> Mapping[str, Any]:
    """Return ``value`` if it maps each word (a ``str``) to its pieces (a list of ``str``).

    >>> check_splits({"hug": ["h", "##u", "##g"]})
    {'hug': ['h', '##u', '##g']}
    """
    check_mapping(value, name, "a dict word -> list of pieces")
    for word, pieces in value.items():
        if not isinstance(word, str):
            raise TypeError(f"{name} must map words (str) to pieces, got the key {word!r:.40}")
        if isinstance(pieces, str) or not isinstance(pieces, Iterable):
            raise TypeError(f"{name}[{word!r}] must be a list of str, got {_type_name(pieces)}")
    return value


def check_sequence(values: Any, name: str) -> list[Any]:
    """Return ``values`` as a list if it is a list, tuple or other iterable (not a str).

    >>> check_sequence((1, 2), "sizes")
    [1, 2]
    >>> check_sequence(None, "sizes")
    Traceback (most recent call last):
    ...
    TypeError: sizes must be a list, got NoneType
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list, got {_type_name(values)}")
    return list(values)


def check_size(value: Any, name: str) -> float:
    """Return ``value`` if it is a positive, finite number (a figure's width, a length).

    >>> check_size(4, "width")
    4.0
    """
    size = _real(value, name)
    if not math.isfinite(size) or size <= 0:
        raise ValueError(f"{name} must be a positive number, got {value}")
    return size


def check_ratio(value: Any, name: str) -> float:
    """Return ``value`` if it is a number from 0 up to (not including) 1.

    >>> check_ratio(0.05, "slack_ratio")
    0.05
    """
    ratio = _real(value, name)
    if not 0 <= ratio < 1:
        raise ValueError(f"{name} must be at least 0 and below 1, got {value}")
    return ratio


def check_path(value: Any, name: str) -> Any:
    """Return ``value`` if it names a file: a ``str`` or an ``os.PathLike`` (``pathlib.Path``).

    >>> check_path("book.txt", "path")
    'book.txt'
    >>> check_path(None, "path")
    Traceback (most recent call last):
    ...
    TypeError: path must be a file name (a str or a path), got NoneType
    """
    import os

    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a file name (a str or a path), got {_type_name(value)}")
    return value


def check_positive_int(value: Any, name: str) -> int:
    """Return ``value`` if it is an ``int`` (not a bool, not ``nan``) of at least 1.

    >>> check_positive_int(8, "block_bytes")
    8
    """
    return check_int(value, name, minimum=1)


def check_optional_callable(value: Any, name: str, what: str) -> Any:
    """Return ``value`` if it is ``None`` or can be called; ``what`` says what it should be.

    >>> check_optional_callable(None, "progress", "a function progress(n_bytes)") is None
    True
    """
    return None if value is None else check_callable(value, name, f"{what} or None")
