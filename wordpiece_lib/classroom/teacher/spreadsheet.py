"""Text cells a spreadsheet shows and never runs: the tables ``grade`` and ``progress`` write (CSV injection).

A spreadsheet opening a CSV reads a cell that starts with ``=``, ``+``,
``-`` or ``@`` (or a tab or carriage return before one) as a formula, which
can fetch a web page or run a command. A student names their files and
writes their progress files, so such text reaches the teacher's tables:
it is written with a ``'`` before it, as spreadsheets themselves do for text.

>>> spreadsheet_safe('=HYPERLINK("http://x")'), spreadsheet_safe("done")
('\\'=HYPERLINK("http://x")', 'done')
"""

from __future__ import annotations

from dataclasses import dataclass

from wordpiece_lib._validate import check_str

#: The first characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """``text`` as a spreadsheet shows it, never run: a leading ``=``, ``+``, ``-``, ``@`` gets a ``'`` before it.

    >>> spreadsheet_safe("-1"), spreadsheet_safe("ada")
    ("'-1", 'ada')
    """
    check_str(text, "text")
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@dataclass(frozen=True)
class ExerciseLine:
    """What every line of a teacher's table starts with: who, which notebook, which exercise, and how it went.

    The grades table and the progress table each add their own columns after these.

    >>> ExerciseLine("ada", "01_character_splitting", "count_words", "Your turn 1", "done").status
    'done'
    """

    student: str
    notebook: str
    exercise: str
    title: str
    status: str


__all__ = ["FORMULA_STARTS", "ExerciseLine", "spreadsheet_safe"]
