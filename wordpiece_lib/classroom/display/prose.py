"""Sentences that quote what a notebook just computed, from the live values.

A notebook's prose must never state a figure that the code computes (the
figure would be wrong on another machine, another book edition or after a
change to the library). Such a sentence is written as a code cell that
formats the live value into Markdown::

    say(f"The book has {len(counts):,} distinct words.")

The offline edition and the slides show only the rendered text of these
cells (they are tagged ``prose``).

>>> say("**4** tokens")
<Markdown: **4** tokens>
>>> share(0.1234)
'12.3%'
"""

from __future__ import annotations

import numbers
import textwrap
from typing import Any

from wordpiece_lib._validate import check_int, check_str


class Markdown:
    """Markdown text that Jupyter renders (IPython's ``display.Markdown`` without importing IPython here)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Markdown: {self.text}>"

    def __str__(self) -> str:
        return self.text


def say(text: str) -> Markdown:
    """``text`` (an f-string holding the live values) as Markdown; indentation and outer blank lines dropped.

    >>> str(say('''
    ...     one
    ...     two
    ... '''))
    'one\\ntwo'
    """
    return Markdown(textwrap.dedent(check_str(text, "text")).strip())


def share(value: float, digits: int = 1) -> str:
    """A ratio as a percentage for prose.

    >>> share(0.5, 0)
    '50%'
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"value must be a number, got {type(value).__name__}")
    return f"{value * 100:.{check_int(digits, 'digits', minimum=0)}f}%"


def listing(items: Any, limit: int = 8) -> str:
    """Items as inline code for prose: ```a`, `b` and `c```.

    >>> listing(["##°", "œ", "ø"])
    '`##°`, `œ` and `ø`'
    """
    items = [f"`{item}`" for item in list(items)[: check_int(limit, "limit", minimum=1)]]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["Markdown", "listing", "say", "share"]
