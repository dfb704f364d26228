"""Seeded variants of an exercise's data: one per student, derived from the course's secret.

A graded release gives every student their own data for each exercise (words,
toy corpora, pairs), so a value copied from a classmate is wrong for the
copier. Three pieces make it work:

* a **variant id**, ``variant_id(secret, student)``: the first 16 hex digits of
  HMAC-SHA256 keyed by the course's secret, so the teacher regenerates any
  student's id from the roster, and a student who knows their own id cannot
  compute a classmate's without the secret;
* a **variant space** per exercise, declared beside its check with
  ``@workbook.variants("key", course={...})``: a function from a seeded
  :class:`random.Random` to the exercise's data, a dict with the same keys as
  the course's own data;
* the **active variant** of this process (``start_notebook(title, variant=...)``
  in a released notebook's first cell; the grader sets it per submission):
  ``workbook.data("key")`` is the course's data when none is active (the
  repository's notebooks, a self-study release), the variant's otherwise. The
  fresh inputs of the function checks declared with :func:`vary_fresh_inputs` follow it too.

>>> secret = b"a course secret of 32 bytes or so"
>>> ada = variant_id(secret, "ada")
>>> ada == variant_id(secret, "ada"), ada == variant_id(secret, "bob"), len(ada)
(True, False, 16)
>>> space = VariantSpace("lucky", {"number": 7}, lambda rng: {"number": rng.randint(10, 99)})
>>> space.data(None)
{'number': 7}
>>> space.data(ada) == space.data(ada), 10 <= space.data(ada)["number"] <= 99
(True, True)
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import hmac
import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from wordpiece_lib._validate import check_str

#: How long a variant id is, in hex digits (64 bits: no two students of a course share one by chance).
ID_DIGITS = 16
#: The shortest course secret accepted, in bytes.
SHORTEST_SECRET = 16
_ID = re.compile(rf"[0-9a-f]{{{ID_DIGITS}}}")
#: Seeds the HMAC with the scheme's name, so a secret used elsewhere gives other numbers here.
_DOMAIN = b"wordpiece-workshop variant/1\x00"

_ACTIVE: list[str | None] = [None]
#: The exercises whose checks' fresh inputs follow the active variant (each verified with its worked solution).
_FRESH_VARIED: set[str] = set()


def variant_id(secret: bytes, student: str) -> str:
    """The variant id of ``student``: HMAC-SHA256 of their id keyed by the course's ``secret``, 16 hex digits.

    >>> variant_id(b"0123456789abcdef", "ada")
    '49dd39aa9e95cc05'
    """
    if not isinstance(secret, bytes):
        raise TypeError(f"secret must be bytes, got {type(secret).__name__}")
    if len(secret) < SHORTEST_SECRET:
        raise ValueError(f"secret must be at least {SHORTEST_SECRET} bytes, got {len(secret)}")
    check_str(student, "student", allow_empty=False)
    digest = hmac.new(secret, _DOMAIN + student.encode("utf-8"), hashlib.sha256).hexdigest()
    return digest[:ID_DIGITS]


def check_variant(variant: Any, name: str = "variant") -> str:
    """``variant`` when it is a variant id (16 lowercase hex digits), else a one-line ``ValueError``.

    >>> check_variant("0123456789abcdef")
    '0123456789abcdef'
    >>> check_variant("ada")
    Traceback (most recent call last):
    ...
    ValueError: variant must be 16 lowercase hex digits (a variant id from wordpiece classroom release), got 'ada'
    """
    check_str(name, "name")
    if not isinstance(variant, str) or not _ID.fullmatch(variant):
        raise ValueError(
            f"{name} must be {ID_DIGITS} lowercase hex digits (a variant id from wordpiece classroom release), "
            f"got {variant!r}"
        )
    return variant


def active_variant() -> str | None:
    """The variant this process works on, or ``None`` for the course's own data.

    >>> with variant_active("0123456789abcdef"):
    ...     active_variant()
    '0123456789abcdef'
    >>> active_variant() is None
    True
    """
    return _ACTIVE[0]


def activate(variant: str | None) -> None:
    """Work on ``variant`` from now on (``None``: the course's own data).

    >>> activate(None); active_variant() is None
    True
    """
    _ACTIVE[0] = None if variant is None else check_variant(variant)


def variant_active(variant: str | None) -> contextlib.AbstractContextManager[None]:
    """Work on ``variant`` inside the ``with`` block, then on the one before (a wrong id is refused at once).

    >>> with variant_active(None):
    ...     active_variant() is None
    True
    """
    return _working_on(None if variant is None else check_variant(variant))


@contextlib.contextmanager
def _working_on(variant: str | None) -> Iterator[None]:
    before = _ACTIVE[0]
    _ACTIVE[0] = variant
    try:
        yield
    finally:
        _ACTIVE[0] = before


def vary_fresh_inputs(*keys: str) -> None:
    """Let the fresh inputs of these exercises' checks follow the active variant (:func:`~.fresh_inputs.fresh_rng`).

    A function exercise has no data of its own, but its check tries the
    learner's function on inputs it makes up: declared here, a graded
    release's student gets inputs of their own. Declare an exercise only once
    its worked solution passes its check under many variants (the course's
    tests do that for each one declared).

    >>> vary_fresh_inputs("a_doctest_exercise")
    >>> fresh_inputs_vary("a_doctest_exercise"), fresh_inputs_vary("another")
    (True, False)
    """
    for key in keys:
        _FRESH_VARIED.add(check_str(key, "key", allow_empty=False))


def fresh_inputs_vary(key: str) -> bool:
    """True when the fresh inputs of exercise ``key`` follow the active variant (see :func:`vary_fresh_inputs`)."""
    return check_str(key, "key") in _FRESH_VARIED


def variant_rng(variant: str, key: str) -> random.Random:
    """The random generator of exercise ``key`` in ``variant`` (the same numbers on every run, everywhere).

    >>> variant_rng("0123456789abcdef", "a").random() == variant_rng("0123456789abcdef", "a").random()
    True
    >>> variant_rng("0123456789abcdef", "a").random() == variant_rng("0123456789abcdef", "b").random()
    False
    """
    check_variant(variant)
    check_str(key, "key", allow_empty=False)
    # a str seed is hashed with SHA-512 by random (not with the salted hash): stable across runs and machines
    return random.Random(f"wordpiece-workshop variant:{variant}:{key}")


@dataclass(frozen=True)
class VariantSpace:
    """An exercise's variant space: its course data, and how a variant's data are made from a seeded generator.

    ``make`` returns a mapping with the same keys as ``course``; it must never
    give degenerate data (the tests of the course's exercises run every check
    on many variants with the worked solutions).

    >>> VariantSpace("k", {"a": 1}, lambda rng: {"b": 2}).data("0123456789abcdef")
    Traceback (most recent call last):
    ...
    ValueError: the variant space of 'k' made the keys ['b'], but its course data have ['a']
    """

    key: str
    course: Mapping[str, Any]
    make: Callable[[random.Random], Mapping[str, Any]]

    def data(self, variant: str | None) -> dict[str, Any]:
        """The exercise's data in ``variant`` (``None``: the course's own), a copy the caller may change."""
        if variant is None:
            return copy.deepcopy(dict(self.course))
        made = dict(self.make(variant_rng(variant, self.key)))
        if sorted(made) != sorted(self.course):
            raise ValueError(
                f"the variant space of {self.key!r} made the keys {sorted(made)}, but its course data have "
                f"{sorted(self.course)}"
            )
        return made


__all__ = [
    "ID_DIGITS",
    "SHORTEST_SECRET",
    "VariantSpace",
    "activate",
    "active_variant",
    "check_variant",
    "fresh_inputs_vary",
    "variant_active",
    "variant_id",
    "variant_rng",
    "vary_fresh_inputs",
]
