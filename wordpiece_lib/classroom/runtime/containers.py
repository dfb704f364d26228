"""The course's one rule for containers: an answer comes in the container its exercise names.

A tuple for a fixed group whose places mean something (a pair ``(left,
right)``, offsets ``(start, end)``), a list for a sequence, a set for a
collection with no order and no repeats, a dict for a mapping. The container is part of what an
exercise asks: a pair written as a list cannot be a dict key, a list of
pieces says an order the set of an alphabet does not have. Every check that
reads a container answer calls :func:`in_container`, so a right value in
another container fails everywhere with the same sentence (:data:`RULE`),
never passes in one exercise and fails in the next.

>>> in_container(("h", "##u"), tuple, "the best pair", "(left, right)")
('h', '##u')
>>> in_container(["h", "##u"], tuple, "the best pair", "(left, right)")
Traceback (most recent call last):
...
AssertionError: the best pair came as a list; this exercise asks for a tuple, (left, right). The course's rule: an answer comes in the container its exercise names (a tuple for a fixed group such as a pair, a list for a sequence, a set for a collection with no order and no repeats, a dict for a mapping)
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib._validate import check_str

#: The rule every container message ends with, word for word.
RULE = (
    "The course's rule: an answer comes in the container its exercise names (a tuple for a fixed group such as a "
    "pair, a list for a sequence, a set for a collection with no order and no repeats, a dict for a mapping)"
)

#: The Python types each kind of container accepts (a frozenset is a set too; subclasses, e.g. a namedtuple, count).
_ACCEPTED: dict[type, tuple[type, ...]] = {
    tuple: (tuple,),
    list: (list,),
    set: (set, frozenset),
    dict: (dict,),
}


def container_name(value: Any) -> str:
    """What a value is, as a message names it (``a list``, ``a str``...).

    >>> container_name([1]), container_name(frozenset()), container_name(3)
    ('a list', 'a set', 'an int')
    """
    if isinstance(value, (set, frozenset)):
        return "a set"
    if type(value).__module__ != "builtins":  # an object of its own: it says what it is (a grader's stand-in too)
        text = repr(value)
        return text if len(text) <= 80 else text[:77] + "..."
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def in_container(value: Any, kind: type, what: str, shape: str = "") -> Any:
    """``value`` when it is the container ``kind`` (``tuple``, ``list``, ``set`` or ``dict``); else the rule, in a failure.

    ``what`` names the answer in the message (``the best pair``), ``shape``
    shows the container asked for (``(left, right)``).

    >>> in_container({"g"}, set, "your answer")
    {'g'}
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    check_str(what, "what")
    check_str(shape, "shape")
    if kind not in _ACCEPTED:
        raise ValueError(f"kind must be one of tuple, list, set or dict, got {kind!r}")
    if isinstance(value, _ACCEPTED[kind]):
        return value
    asked = f"a {kind.__name__}" + (f", {shape}" if shape else "")
    raise AssertionError(f"{what} came as {container_name(value)}; this exercise asks for {asked}. {RULE}")


__all__ = ["RULE", "container_name", "in_container"]
