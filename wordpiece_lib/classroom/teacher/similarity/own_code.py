"""What a student wrote in a submitted notebook: the answer cells and the cells they added, the released text left out.

A submission is untrusted input: :func:`read_cells` reads it as JSON, with a
size limit, and nothing here runs it (the answer names are found by parsing,
:mod:`ast`, never by running a cell). A file that is not a notebook gets a
:class:`NotANotebook`: one line, naming the file.

The released notebook's own lines are in every submission, so they are not
the student's: a line of a submission's answer cell whose *shape* is the
shape of a line of the released answer cell (its set-up lines, the prompt,
the stub and its docstring) is *given*, shown in the report but never
compared (the worked examples elsewhere in the notebook are left out by the
comparison itself, :mod:`~.fingerprints`). A shape is what copydetect
compares too: the line without spaces and comments, every name made ``V``
(keywords and built-ins kept), every string ``S`` and every number ``0``. So
a released line whose data differ per student (a graded release's own
corpus, threshold or word) is still the release's, a stub's ``def`` line is
given whatever its parameters were renamed to, and the worked solution, read
as a submission, loses the same lines as an answer like it.

>>> line_shape('variant = {"hug": 10,   "pug": 5}  # a toy corpus')
'V={S:0,S:0}'
>>> release = release_from_cells([{"cell_type": "code", "id": "a1", "source": "def f(x):\\n    # doubled\\n    raise NotImplementedError('your turn')"}])
>>> submitted = [{"cell_type": "code", "id": "a1", "source": "def f(x):\\n    # doubled\\n    return 2 * x"}]
>>> [(part.label, part.own_lines) for part in student_code(submitted, release, "ada").parts]
[('f', ('    return 2 * x',))]
"""

from __future__ import annotations

import builtins
import json
import keyword
import re
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_mapping, check_path, check_sequence, check_str
from wordpiece_lib.classroom.teacher.grading.plan import answer_names, defined_names, is_check_cell, source_text

#: The largest notebook read (a submission with its outputs, plots included, is a few megabytes).
MAX_NOTEBOOK_BYTES = 20 * 2**20
#: The most characters of code a submission's parts may hold (the course's answers are a few hundred).
MAX_CODE_CHARACTERS = 200_000
#: The label of the cells a student added (code cells the released notebook does not have).
ADDED = "cells added"

_PIECE = re.compile(
    r"""(?P<string>(?i:[rbuf]{0,2})(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))"""
    r"|(?P<comment>\#.*)"
    r"|(?P<name>[^\W\d]\w*)"
    r"|(?P<number>(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[jJ]?)"
    r"|(?P<space>\s+)"
)
_KEPT_NAMES = frozenset(keyword.kwlist) | frozenset(dir(builtins))


class NotANotebook(ValueError):
    """A submission that cannot be compared: not a file, too large, not JSON, not a notebook's shape."""


@dataclass(frozen=True)
class Refused:
    """A submission that was not compared, and why (the one line of its :class:`NotANotebook`)."""

    student: str
    path: str
    reason: str


@dataclass(frozen=True)
class Part:
    """One answer cell of a submission (or the cells the student added): its lines, and which are the student's own.

    ``lines``: every line as written (ends stripped); ``own``: for each, whether it is the student's (not blank,
    not a line the release gives).
    """

    label: str
    lines: tuple[str, ...]
    own: tuple[bool, ...]

    @property
    def own_lines(self) -> tuple[str, ...]:
        """The student's own lines, in order.

        >>> Part("f", ("def f(x):", "    return 2 * x"), (False, True)).own_lines
        ('    return 2 * x',)
        """
        return tuple(line for line, mine in zip(self.lines, self.own) if mine)


@dataclass(frozen=True)
class OwnCode:
    """What one student wrote: a :class:`Part` per answer cell of the released notebook (and one for added cells)."""

    student: str
    parts: tuple[Part, ...]
    path: Path | None = None

    def text(self) -> str:
        """The own lines of every part as one Python text, each part after a comment naming it (comments are not
        compared).

        >>> print(OwnCode("ada", (Part("f", ("def f(x):", "    return 2 * x"), (False, True)),)).text())
        # f
            return 2 * x
        """
        return "\n".join(line for part in self.parts for line in (f"# {part.label}", *part.own_lines))

    @property
    def line_count(self) -> int:
        """How many own lines the student wrote, every part together.

        >>> OwnCode("ada", (Part("f", ("a = 1", "", "b = 2"), (True, False, True)),)).line_count
        2
        """
        return sum(sum(part.own) for part in self.parts)


def _shape_piece(found: re.Match[str]) -> str:
    kind = found.lastgroup
    if kind == "string":
        return "S"
    if kind == "number":
        return "0"
    if kind == "name":
        return found.group() if found.group() in _KEPT_NAMES else "V"
    return ""  # a comment, spaces


def line_shape(line: str) -> str:
    """``line`` as it is compared: no spaces or comments, names ``V`` (not keywords or built-ins), strings ``S``,
    numbers ``0``.

    >>> line_shape("  total  += counts['hug'] * 0.5  # half")
    'V+=V[S]*0'
    >>> line_shape("for w in words:") == line_shape("for word in sorted_words:  # each")
    True
    """
    check_str(line, "line")
    return _PIECE.sub(_shape_piece, line)


def _shown(path: str | Path) -> str:
    """A path as one printable line (a file's name may hold a newline, or an escape that moves the cursor)."""
    return "".join(character if character.isprintable() else repr(character)[1:-1] for character in str(path))


def read_cells(path: str | Path, max_bytes: int = MAX_NOTEBOOK_BYTES) -> list[dict[str, Any]]:
    """The cells of the notebook at ``path``, read as JSON and never run; :class:`NotANotebook` naming it otherwise.

    >>> import tempfile, pathlib
    >>> where = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (where / "ada.ipynb").write_text('{"cells": [{"cell_type": "code", "source": ["x = 1"]}]}')
    >>> [cell["source"] for cell in read_cells(where / "ada.ipynb")]
    [['x = 1']]
    >>> _ = (where / "bob.ipynb").write_text("print('hi')")
    >>> read_cells(where / "bob.ipynb")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wordpiece_lib.classroom.teacher.similarity.own_code.NotANotebook: .../bob.ipynb: not a notebook (not JSON: ...)
    """
    check_path(path, "path")
    max_bytes = check_int(max_bytes, "max_bytes", minimum=1)
    name = _shown(path)
    try:
        info = Path(path).stat()
    except OSError as error:
        raise NotANotebook(f"{name}: cannot be read ({error.strerror or error})") from None
    if not stat.S_ISREG(info.st_mode):  # a folder, a pipe that would never end, a device
        raise NotANotebook(f"{name}: not a notebook (not a regular file)")
    if info.st_size > max_bytes:
        raise NotANotebook(f"{name}: not compared ({info.st_size:,} bytes; a notebook may have at most {max_bytes:,})")
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise NotANotebook(f"{name}: cannot be read ({error.strerror or error})") from None
    if len(data) > max_bytes:  # it grew since stat
        raise NotANotebook(f"{name}: not compared (more than {max_bytes:,} bytes)")
    try:
        notebook = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise NotANotebook(f"{name}: not a notebook (not UTF-8 text)") from None
    except RecursionError:
        raise NotANotebook(f"{name}: not a notebook (JSON nested too deeply)") from None
    except ValueError as error:  # not JSON, or a number of more digits than Python converts
        raise NotANotebook(f"{name}: not a notebook (not JSON: {error})") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise NotANotebook(f"{name}: not a notebook (no list of cells)")
    for number, cell in enumerate(cells):
        if not isinstance(cell, dict):
            raise NotANotebook(f"{name}: not a notebook (cell {number} is not a cell)")
        source = cell.get("source", "")
        if not isinstance(source, str) and not (
            isinstance(source, list) and all(isinstance(piece, str) for piece in source)
        ):
            raise NotANotebook(f"{name}: not a notebook (cell {number}'s source is not text)")
        if not isinstance(cell.get("id", ""), (str, type(None))):
            raise NotANotebook(f"{name}: not a notebook (cell {number}'s id is not text)")
    return cells


def _code_cells(cells: Sequence[Mapping[str, Any]], name: str) -> list[Mapping[str, Any]]:
    checked = [check_mapping(cell, f"{name}[{index}]", "a notebook cell (a dict)") for index, cell in enumerate(cells)]
    return [cell for cell in checked if cell.get("cell_type") == "code"]


@dataclass(frozen=True)
class AnswerCell:
    """An answer cell of the released notebook: its id, the answer names it asks for, the shapes of its lines."""

    cell_id: str | None
    names: frozenset[str]
    given: frozenset[str]


@dataclass(frozen=True)
class Release:
    """What a released notebook gives every student: its answer cells, its cell ids, the shapes of all its lines."""

    answers: tuple[AnswerCell, ...]
    cell_ids: frozenset[str]
    given: frozenset[str]


def _shapes(source: str) -> frozenset[str]:
    return frozenset(shape for shape in map(line_shape, source.splitlines()) if shape)


def release_from_cells(cells: Sequence[Mapping[str, Any]]) -> Release:
    """The released notebook's answer cells (in order), its cell ids and the shapes of every line of its code.

    An answer cell is one that asks for an answer, as ``grade`` reads it: a name assigned ``TODO``, or a function
    whose body is the ``raise NotImplementedError("your turn...")`` stub.

    >>> release = release_from_cells([{"cell_type": "code", "id": "c7", "source": "word = 'hugs'\\nbest = TODO"}])
    >>> [(cell.cell_id, sorted(cell.names), sorted(cell.given)) for cell in release.answers]
    [('c7', ['best'], ['V=S', 'V=V'])]
    """
    cells = check_sequence(cells, "cells")
    code = _code_cells(cells, "cells")
    answers = []
    for cell in code:
        names = _answer_names(source_text(cell))
        if names:
            answers.append(AnswerCell(_cell_id(cell), frozenset(names), _shapes(source_text(cell))))
    ids = frozenset(cell_id for cell_id in map(_cell_id, code) if cell_id)
    return Release(tuple(answers), ids, frozenset().union(*(_shapes(source_text(cell)) for cell in code)))


def _cell_id(cell: Mapping[str, Any]) -> str | None:
    cell_id = cell.get("id")
    return cell_id if isinstance(cell_id, str) and cell_id else None


def _answer_names(source: str) -> set[str]:
    try:
        return answer_names(source)
    except (RecursionError, MemoryError, ValueError):  # code nested beyond what the parser follows
        return set()


def _defined_names(source: str) -> set[str]:
    try:
        return defined_names(source)
    except (RecursionError, MemoryError, ValueError):
        return set()


def student_code(
    cells: Sequence[Mapping[str, Any]],
    release: Release,
    student: str,
    path: str | Path | None = None,
    max_characters: int = MAX_CODE_CHARACTERS,
) -> OwnCode:
    """The student's own lines in a submission's ``cells``: one part per answer cell, one for the cells they added.

    ``release``: the released notebook (:func:`release_from_cells`). A submission's answer cell is the one with
    the same cell id, else the first code cell that defines the same names (as ``grade`` finds it). A code cell
    whose id the release does not have (or with no id) is one the student added; check cells (``%%ipytest``)
    are left out. A line of an answer cell is given when its shape (:func:`line_shape`) is the shape of a line of
    the released answer cell (its set-up lines, the stub, its docstring); a line of an added cell, when it is the
    shape of any line of the release. Given and blank lines are not the student's own. More than ``max_characters`` of code in its parts is a :class:`NotANotebook` (naming ``path``).

    >>> release = release_from_cells([{"cell_type": "code", "id": "c7", "source": "best = TODO"}])
    >>> cells = [{"cell_type": "code", "source": "best = ('h', '##u')"}, {"cell_type": "code", "source": "print(best)"}]
    >>> [(part.label, part.own_lines) for part in student_code(cells, release, "ada").parts]
    [('best', ("best = ('h', '##u')",)), ('cells added', ('print(best)',))]
    """
    cells = check_sequence(cells, "cells")
    check_instance(release, "release", Release)
    check_str(student, "student")
    if path is not None:
        check_path(path, "path")
    max_characters = check_int(max_characters, "max_characters", minimum=1)
    code = _code_cells(cells, "cells")
    answer_ids = {answer.cell_id for answer in release.answers if answer.cell_id}
    sources = [source_text(cell) for cell in code]
    used: set[int] = set()
    chosen: list[tuple[str, str, frozenset[str]]] = []  # (label, source, given shapes)
    for answer in release.answers:
        cell_id, names = answer.cell_id, answer.names
        found = next((number for number, cell in enumerate(code) if cell_id and _cell_id(cell) == cell_id), None)
        if found is None:
            found = next(
                (
                    number
                    for number, cell in enumerate(code)
                    if number not in used
                    and _cell_id(cell) not in answer_ids
                    and len(sources[number]) <= max_characters  # never parse what will not be compared
                    and names <= _defined_names(sources[number])
                ),
                None,
            )
        if found is not None:
            used.add(found)
        chosen.append((", ".join(sorted(names)), sources[found] if found is not None else "", answer.given))
    added = [
        source
        for number, (cell, source) in enumerate(zip(code, sources))
        if number not in used and not is_check_cell(source) and _cell_id(cell) not in release.cell_ids
    ]
    size = sum(len(source) for _, source, _ in chosen) + sum(map(len, added))
    if size > max_characters:
        where = _shown(path) if path is not None else student
        raise NotANotebook(f"{where}: not compared ({size:,} characters of code; at most {max_characters:,})")
    parts = [_part(label, source.splitlines(), given) for label, source, given in chosen]
    added_lines = [line for source in added for line in source.splitlines()]
    if any(line.strip() for line in added_lines):
        parts.append(_part(ADDED, added_lines, release.given))
    return OwnCode(student, tuple(parts), Path(path) if path is not None else None)


def _part(label: str, lines: Sequence[str], given: frozenset[str]) -> Part:
    kept = [line.rstrip() for line in lines]
    while kept and not kept[-1]:
        kept.pop()
    own = []
    for line in kept:
        shape = line_shape(line)
        own.append(bool(shape) and shape not in given)
    return Part(label, tuple(kept), tuple(own))


__all__ = [
    "ADDED",
    "MAX_CODE_CHARACTERS",
    "MAX_NOTEBOOK_BYTES",
    "AnswerCell",
    "NotANotebook",
    "OwnCode",
    "Part",
    "Refused",
    "Release",
    "line_shape",
    "read_cells",
    "release_from_cells",
    "student_code",
]
