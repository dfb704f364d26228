"""Where ``show_answer`` finds the worked answers: never in the installed package.

The worked answers live with the solutions, on the teacher's side: one Python
file per notebook topic, ``notebooks/solutions/answers/<set>.py``, holding
``ANSWERS = {"key": text or function}`` (a function makes the text from the
arguments the check was last called with, so the answer can use the
notebook's own data). A :class:`~wordpiece_lib.classroom.runtime.workbook.Workbook`
names its set (``Workbook(..., answers="character_splitting")``) and asks
:func:`find_source` where the set is, in this order:

1. ``WORDPIECE_ANSWERS``: a folder of answer files (a course's own set, or the
   solutions' folder on a teacher's machine);
2. a student release (``wordpiece classroom release``), found by the file
   ``.wordpiece-release.json`` in the notebook's folder: in ``self-study``
   mode the answers come from ``.wordpiece-answers.bin`` beside it, in a form
   that is not plain text (scrambled, *not* encrypted: it keeps answers out of
   sight and out of a text search, not away from a determined reader), and
   ``show_answer`` opens one only by the hint ladder (after the third wrong
   try, or once the exercise is done); in ``graded`` mode there are no answers
   at all and ``show_answer`` says so;
3. a clone of the workshop: ``notebooks/solutions/answers/`` next to the
   package's folder (the teacher's kit: ``show_answer`` works after a first
   try, or at once with ``now=True``);
4. otherwise (an installed wheel, far from a release or a clone) there are no
   answers and ``show_answer`` says where they come from.

>>> bundle = write_bundle({"toy": "ANSWERS = {'k': 'a worked answer'}"})
>>> b"worked" in bundle, read_bundle(bundle)["toy"]
(False, "ANSWERS = {'k': 'a worked answer'}")
"""

from __future__ import annotations

import hashlib
import json
import os
import types
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import wordpiece_lib
from wordpiece_lib._validate import check_instance, check_mapping, check_path, check_str

#: A folder of answer files that wins over every other place.
ANSWERS_VARIABLE = "WORDPIECE_ANSWERS"
#: In a release's notebook folder: which kind of release it is.
RELEASE_FILE = ".wordpiece-release.json"
#: In a self-study release's notebook folder: the answers, scrambled.
BUNDLE_FILE = ".wordpiece-answers.bin"
#: The first bytes of a bundle (then the scrambled, compressed JSON).
BUNDLE_MAGIC = b"WPANS1\n"
#: The answer files' folder in a clone, from the repository's root.
CHECKOUT_ANSWERS = Path("notebooks") / "solutions" / "answers"
#: The release modes.
MODES = ("self-study", "graded")

Answer = str | Callable[..., str]


def _keystream(length: int) -> bytes:
    blocks, counter = [], 0
    while sum(map(len, blocks)) < length:
        blocks.append(hashlib.sha256(b"wordpiece worked answers %d" % counter).digest())
        counter += 1
    return b"".join(blocks)[:length]


def _scramble(data: bytes) -> bytes:
    """Compress ``data`` and mix it with a fixed key stream: no answer's text is left in the bytes."""
    packed = zlib.compress(data, 9)
    return bytes(a ^ b for a, b in zip(packed, _keystream(len(packed))))


def _unscramble(data: bytes) -> bytes:
    """Undo :func:`_scramble`."""
    return zlib.decompress(bytes(a ^ b for a, b in zip(data, _keystream(len(data)))))


def write_bundle(sources: Mapping[str, str]) -> bytes:
    """A self-study bundle holding each answer set's source (set name -> Python source).

    >>> read_bundle(write_bundle({"toy": "ANSWERS = {'k': 'text'}"}))
    {'toy': "ANSWERS = {'k': 'text'}"}
    """
    check_mapping(sources, "sources", "a dict of answer-set name -> Python source")
    for name, source in sources.items():
        check_str(name, "sources' names")
        check_str(source, f"sources[{name!r}]")
    return BUNDLE_MAGIC + _scramble(json.dumps(dict(sources), sort_keys=True).encode("utf-8"))


def read_bundle(data: bytes) -> dict[str, str]:
    """The answer sets' sources from a bundle (``ValueError`` when it is not one)."""
    check_instance(data, "data", bytes)
    if not data.startswith(BUNDLE_MAGIC):
        raise ValueError("not a worked-answers bundle (it does not start as one)")
    try:
        sources = json.loads(_unscramble(data[len(BUNDLE_MAGIC) :]).decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"the worked-answers bundle is damaged ({type(error).__name__})") from None
    if not isinstance(sources, dict) or not all(isinstance(v, str) for v in sources.values()):
        raise ValueError("the worked-answers bundle is damaged (no answer sets in it)")
    return sources


def answers_from_source(name: str, source: str, filename: str) -> dict[str, Answer]:
    """Run an answer file's ``source`` as a module and return its ``ANSWERS``.

    >>> answers_from_source("toy", "ANSWERS = {'k': 'text'}", "<toy>")
    {'k': 'text'}
    """
    check_str(name, "name", allow_empty=False)
    check_str(source, "source")
    check_str(filename, "filename", allow_empty=False)
    module = types.ModuleType(f"wordpiece_answers_{name}")
    module.__file__ = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    answers = getattr(module, "ANSWERS", None)
    if not isinstance(answers, dict):
        raise ValueError(f"{filename} has no ANSWERS dict (key -> worked answer)")
    return answers


@dataclass
class AnswerSource:
    """Where this kernel's worked answers come from.

    ``kind`` is ``"folder"`` (``WORDPIECE_ANSWERS`` or a clone's solutions), ``"self-study"``,
    ``"graded"`` or ``"none"``; ``where`` the folder or bundle file.
    """

    kind: str
    where: Path | None = None
    _sets: dict[str, dict[str, Answer]] = field(default_factory=dict, repr=False)

    @property
    def ladder_only(self) -> bool:
        """True when answers open only by the hint ladder (a self-study release)."""
        return self.kind == "self-study"

    def answers(self, name: str) -> dict[str, Answer]:
        """The set ``name`` (empty when this source has none of it)."""
        if name not in self._sets:
            self._sets[name] = self._load(name)
        return self._sets[name]

    def _load(self, name: str) -> dict[str, Answer]:
        if self.where is None or self.kind in ("graded", "none"):
            return {}
        if self.kind == "self-study":
            sources = read_bundle(self.where.read_bytes())
            if name not in sources:
                return {}
            return answers_from_source(name, sources[name], f"<worked answers: {name}>")
        path = self.where / f"{name}.py"
        if not path.is_file():
            return {}
        return answers_from_source(name, path.read_text(encoding="utf-8"), str(path))


def checkout_answers() -> Path | None:
    """The solutions' answer folder when this package runs from a clone of the workshop, else ``None``."""
    root = Path(wordpiece_lib.__file__).resolve().parents[1]
    folder = root / CHECKOUT_ANSWERS
    return folder if folder.is_dir() and (root / "pyproject.toml").is_file() else None


def _release_mode(folder: Path) -> str | None:
    """The mode of the release whose notebooks are in ``folder`` (``None``: not a release's folder)."""
    marker = folder / RELEASE_FILE
    if not marker.is_file():
        return None
    try:
        mode = json.loads(marker.read_text(encoding="utf-8")).get("mode")
    except (OSError, ValueError, AttributeError):
        mode = None
    return mode if mode in MODES else "graded"  # a damaged marker shows no answers rather than all of them


def find_source(folder: str | os.PathLike[str] | None = None) -> AnswerSource:
    """Where the worked answers are for notebooks run in ``folder`` (default: the working folder)."""
    if folder is not None:
        check_path(folder, "folder")
    chosen = os.environ.get(ANSWERS_VARIABLE)
    if chosen:
        return AnswerSource("folder", Path(chosen))
    here = Path(folder) if folder is not None else Path.cwd()
    mode = _release_mode(here)
    if mode == "graded":
        return AnswerSource("graded", None)
    if mode == "self-study":
        bundle = here / BUNDLE_FILE
        return AnswerSource("self-study", bundle) if bundle.is_file() else AnswerSource("none", None)
    clone = checkout_answers()
    return AnswerSource("folder", clone) if clone is not None else AnswerSource("none", None)


_SOURCE: AnswerSource | None = None


def current_source() -> AnswerSource:
    """The answer source of this kernel, found once (:func:`forget_source` looks again)."""
    global _SOURCE
    if _SOURCE is None:
        _SOURCE = find_source()
    return _SOURCE


def forget_source() -> None:
    """Look for the answers again at the next ``show_answer`` (after changing folder or ``WORDPIECE_ANSWERS``)."""
    global _SOURCE
    _SOURCE = None


__all__ = [
    "ANSWERS_VARIABLE",
    "BUNDLE_FILE",
    "MODES",
    "RELEASE_FILE",
    "AnswerSource",
    "current_source",
    "find_source",
    "forget_source",
    "read_bundle",
    "write_bundle",
]
