"""Look for worked answers in a folder: every file, archives opened, so a release can prove it holds none.

A *worked answer*, for this search, is each solution region of the solution
notebooks (the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION``, the
``# STUB:`` prompts left out: students see those) and each text
``show_answer`` prints (without its first line, ``A worked answer for ...:``,
which only names the exercise), including the texts the doctests of the
classroom's modules show it printing. Each is cut into lines, whitespace
normalised (runs of spaces and tabs made one space, ends stripped), and every
line of :data:`MIN_LINE` characters or more is searched for.

A file is searched as text, line by line with the same normalising (a line
found inside a longer one counts); a notebook or other JSON file by its
strings (so quotes escaped in JSON do not hide a line); a zip archive (a
wheel), a tar archive (compressed or not), a ``.gz``, ``.bz2`` or ``.xz`` file
by what it holds, at any depth.

>>> answer_lines(["x = 1\\n# BEGIN SOLUTION\\n# STUB: y = TODO\\ny = sum(range(10)) * 2  # twice\\n# END SOLUTION"])
['y = sum(range(10)) * 2 # twice']
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import re
import tarfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from wordpiece_lib._validate import check_path, check_str, check_str_list

#: The shortest line searched for (shorter ones are too common to mean anything).
MIN_LINE = 20
#: Archives are opened to this depth (a wheel inside a tarball inside a zip is depth 3).
MAX_DEPTH = 4
#: A member larger than this is not read (nothing a release holds comes near).
MAX_MEMBER_BYTES = 200_000_000

BEGIN = re.compile(r"^[ \t]*# BEGIN SOLUTION\s*$")
END = re.compile(r"^[ \t]*# END SOLUTION\s*$")
STUB = re.compile(r"^[ \t]*# STUB:")
HEADER = re.compile(r"^A worked answer for .*:$")


def normalise(line: str) -> str:
    """A line with its whitespace runs made one space and its ends stripped.

    >>> normalise("  return  [word[0]]\\t+ rest  ")
    'return [word[0]] + rest'
    """
    check_str(line, "line")
    return " ".join(line.split())


def solution_regions(source: str) -> list[str]:
    """The solution regions of a cell's source, each as its text (``# STUB:`` lines left out).

    >>> solution_regions("a\\n# BEGIN SOLUTION\\n# STUB: b = TODO\\nb = 2\\n# END SOLUTION\\nc")
    ['b = 2']
    """
    check_str(source, "source")
    regions, current = [], None
    for line in source.splitlines():
        if BEGIN.match(line):
            current = []
        elif END.match(line) and current is not None:
            regions.append("\n".join(current))
            current = None
        elif current is not None and not STUB.match(line):
            current.append(line)
    return regions


def answer_lines(texts: Iterable[str]) -> list[str]:
    """The searched lines of worked answers: solution regions if the text has markers, else the whole text.

    A ``show_answer`` text's first line (``A worked answer for ...:``) is left out, and so are
    Markdown code fences.

    >>> answer_lines(["A worked answer for Your turn 1 · x:\\n```python\\nx = sorted(words, key=len)[-1]\\n```"])
    ['x = sorted(words, key=len)[-1]']
    """
    if isinstance(texts, (str, bytes)) or not isinstance(texts, Iterable):
        raise TypeError(f"texts must be a list of str, got {type(texts).__name__}")
    found: dict[str, None] = {}
    for text in texts:
        check_str(text, "texts' items")
        parts = solution_regions(text) if BEGIN.search(text) or "# BEGIN SOLUTION" in text else [text]
        for part in parts:
            for line in part.splitlines():
                line = normalise(line)
                if len(line) >= MIN_LINE and not HEADER.match(line) and not line.startswith("```"):
                    found[line] = None
    return list(found)


def notebook_sources(folder: Path) -> Iterator[tuple[str, str]]:
    """``(where, source)`` for every code cell with a solution region of the notebooks in ``folder``."""
    folder = Path(check_path(folder, "folder"))
    for path in sorted(folder.glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        for number, cell in enumerate(cells):
            source = cell.get("source", "")
            source = "".join(source) if isinstance(source, list) else source
            if cell.get("cell_type") == "code" and "# BEGIN SOLUTION" in source:
                yield f"{path.name} cell {number}", source


def given_lines(root: str | Path) -> set[str]:
    """Lines every student has anyway, so finding one proves nothing: left out of the search.

    They are the lines of the student notebooks (the prompts, the stubs' signatures, the examples)
    and of the library's core (``wordpiece_lib`` outside ``classroom/``: the library the course
    teaches, whose source students may read; an exercise asks them to write a step without
    calling it). The classroom's own modules (the checks) are not among them: a worked answer
    found there counts.
    """
    root = Path(check_path(root, "root"))
    given: set[str] = set()
    for path in sorted((root / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
            source = cell.get("source", "")
            source = "".join(source) if isinstance(source, list) else source
            given.update(normalise(line) for line in source.splitlines())
    for path in sorted((root / "wordpiece_lib").rglob("*.py")):
        if "classroom" not in path.relative_to(root / "wordpiece_lib").parts:
            given.update(normalise(line) for line in path.read_text(encoding="utf-8").splitlines())
    given.discard("")
    return given


def searched_lines(lines: Iterable[str], given: set[str]) -> list[str]:
    """The worked-answer lines worth searching for: neither a given line nor part of one.

    A line every student reads inside a longer one (``piece = word[start:end]`` within the
    core's ``piece = word[start:end] if start == 0 else ...``) proves nothing when found either.

    >>> searched_lines(["piece = word[start:end]", "total += probability"], {"piece = word[start:end] if x"})
    ['total += probability']
    """
    lines = check_str_list(lines, "lines")
    given = set(check_str_list(given, "given"))
    everything = "\n".join(sorted(given))
    return [line for line in lines if line not in given and line not in everything]


def checkout_answer_texts(root: str | Path) -> list[tuple[str, str]]:
    """``(origin, text)`` of every worked answer a clone of the workshop holds, for the search.

    The solution notebooks' code cells with solution regions; each fixed text of the answer files
    (``notebooks/solutions/answers/*.py``; an answer made from the notebook's data is rendered by a
    caller who has the data, see ``tests/classroom/test_release.py``); and what the doctests of
    the classroom's modules show ``show_answer`` printing.
    """
    import doctest

    from wordpiece_lib.classroom.runtime.answers import CHECKOUT_ANSWERS, answers_from_source

    root = Path(check_path(root, "root"))
    texts = list(notebook_sources(root / "notebooks" / "solutions"))
    for path in sorted((root / CHECKOUT_ANSWERS).glob("*.py")):
        answers = answers_from_source(path.stem, path.read_text(encoding="utf-8"), str(path))
        texts += [(f"{path.name}: {key}", answer) for key, answer in answers.items() if isinstance(answer, str)]
    parser = doctest.DocTestParser()
    for path in sorted((root / "wordpiece_lib" / "classroom").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "show_answer(" not in source:
            continue
        for example in parser.get_examples(source):
            if "show_answer(" in example.source and example.want.startswith("A worked answer"):
                texts.append((f"{path.relative_to(root)}: doctest", example.want))
    return texts


@dataclass(frozen=True)
class Hit:
    """A worked-answer line found in a file (``where``: the path, with ``!`` before each archive member)."""

    where: str
    line: str


def _texts(name: str, data: bytes, depth: int) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for a file's contents, opening archives and compressed files."""
    if depth < MAX_DEPTH:
        if data[:4] == b"PK\x03\x04" or name.endswith((".whl", ".zip")):
            try:
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    for member in archive.infolist():
                        if not member.is_dir() and member.file_size <= MAX_MEMBER_BYTES:
                            yield from _texts(f"{name}!{member.filename}", archive.read(member), depth + 1)
                return
            except zipfile.BadZipFile:
                pass
        opened = _decompressed(data)
        if opened is not None:
            yield from _texts(name + "!(decompressed)", opened, depth + 1)
            return
        if len(data) > 512 and data[257:262] == b"ustar":
            with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                for member in archive.getmembers():
                    handle = archive.extractfile(member) if member.isfile() else None
                    if handle is not None and member.size <= MAX_MEMBER_BYTES:
                        yield from _texts(f"{name}!{member.name}", handle.read(), depth + 1)
            return
    text = data.decode("utf-8", errors="replace")
    if name.endswith((".ipynb", ".json")):
        try:
            yield name, "\n".join(_strings(json.loads(text)))
            return
        except ValueError:
            pass
    yield name, text


def _decompressed(data: bytes) -> bytes | None:
    try:
        if data[:2] == b"\x1f\x8b":
            return gzip.decompress(data)
        if data[:3] == b"BZh":
            return bz2.decompress(data)
        if data[:6] == b"\xfd7zXZ\x00":
            return lzma.decompress(data)
    except (OSError, EOFError, lzma.LZMAError, ValueError):
        return None
    return None


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def search(folder: str | Path, lines: Iterable[str]) -> tuple[list[Hit], int]:
    """Every worked-answer line found in every file under ``folder`` (or the one file), and how many files were read.

    >>> import tempfile, pathlib
    >>> where = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (where / "a.py").write_text("    y  = sum(range(10)) * 2  # twice\\n")
    >>> hits, files = search(where, ["y = sum(range(10)) * 2 # twice"])
    >>> [hit.where.endswith("a.py") for hit in hits], files
    ([True], 1)
    """
    wanted = list(dict.fromkeys(check_str_list(lines, "lines")))
    root = Path(check_path(folder, "folder"))
    paths = [root] if root.is_file() else sorted(path for path in root.rglob("*") if path.is_file())
    hits: list[Hit] = []
    files = 0
    for path in paths:
        for where, text in _texts(str(path), path.read_bytes(), 0):
            files += 1
            flat = "\n".join(normalise(line) for line in text.splitlines())
            hits.extend(Hit(where, line) for line in wanted if line in flat)
    return hits, files


__all__ = [
    "MIN_LINE",
    "Hit",
    "answer_lines",
    "checkout_answer_texts",
    "given_lines",
    "normalise",
    "notebook_sources",
    "search",
    "searched_lines",
    "solution_regions",
]
