"""The similar pairs as a CSV table: one row per pair, one per submission that was not compared.

Every text cell is spreadsheet-safe (a student names their file, so a name
like ``=HYPERLINK(...)`` reaches the table): it gets a ``'`` before it, as in
``grade``'s table.

>>> from wordpiece_lib.classroom.teacher.similarity.own_code import Refused
>>> print(pairs_csv([], [Refused("=cmd", "=cmd.ipynb", "=cmd.ipynb: not a notebook (not JSON)")]), end="")
student_a,student_b,score,share_a,share_b,shared_lines,exercises,file_a,file_b,note
'=cmd,,,,,,,'=cmd.ipynb,,not compared: =cmd.ipynb: not a notebook (not JSON)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from wordpiece_lib._validate import check_instance, check_sequence
from wordpiece_lib.classroom.teacher.similarity.fingerprints import Pair
from wordpiece_lib.classroom.teacher.similarity.own_code import Refused
from wordpiece_lib.classroom.teacher.spreadsheet import spreadsheet_safe

#: The table's columns, in order.
COLUMNS = (
    "student_a",
    "student_b",
    "score",
    "share_a",
    "share_b",
    "shared_lines",
    "exercises",
    "file_a",
    "file_b",
    "note",
)


def pairs_csv(pairs: Sequence[Pair], refused: Sequence[Refused] = ()) -> str:
    """The CSV text: a header, a row per pair (in the order given), then a row per submission not compared.

    ``score``, ``share_a`` and ``share_b`` are fractions with two decimals; ``exercises`` names the answers with a
    shared line, separated by ``;``.

    >>> from wordpiece_lib.classroom.teacher.similarity.own_code import OwnCode, Part
    >>> ada, bob = OwnCode("ada", (Part("f", ("x = 1",), (True,)),)), OwnCode("bob", (Part("f", ("y = 1",), (True,)),))
    >>> print(pairs_csv([Pair(ada, bob, (0.9, 0.8), (((0, 0),), ((0, 0),)))]).splitlines()[1])
    ada,bob,0.90,0.90,0.80,1,f,,,
    """
    pairs = [check_instance(pair, f"pairs[{index}]", Pair) for index, pair in enumerate(check_sequence(pairs, "pairs"))]
    refused = [
        check_instance(one, f"refused[{index}]", Refused)
        for index, one in enumerate(check_sequence(refused, "refused"))
    ]
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(COLUMNS)
    for pair in pairs:
        row = [
            pair.first.student,
            pair.second.student,
            f"{pair.score:.2f}",
            f"{pair.shares[0]:.2f}",
            f"{pair.shares[1]:.2f}",
            str(pair.shared_lines),
            "; ".join(pair.exercises),
            str(pair.first.path or ""),
            str(pair.second.path or ""),
            "",
        ]
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    for one in refused:
        row = [one.student, "", "", "", "", "", "", one.path, "", f"not compared: {one.reason}"]
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return text.getvalue()


__all__ = ["COLUMNS", "pairs_csv"]
