"""A notebook's progress kept in a small file beside it, so it survives a kernel restart and a teacher can collect it.

Each :class:`~wordpiece_lib.classroom.runtime.workbook.Workbook` writes, after every
check, answer shown or reset, one JSON file in its folder:
``.wordpiece-progress-NN.json`` (``NN`` is the notebook's number, the part of
its name before `` · ``). The file holds, per exercise, the status
``progress()`` shows, the tries, whether the worked answer was seen and when
the exercise last changed. A kernel started again reads it back, so
``progress()`` goes on where it was. ``wordpiece classroom progress`` merges a
class's files into one table.

What the file says is what a student's kernel reported about itself: anyone
can edit it. Grades come from ``wordpiece classroom grade``, which re-runs the
answers in a kernel of its own.

The folder is, in order: ``WORDPIECE_PROGRESS_DIR`` when set (``off`` keeps
progress in memory only); else, inside a Jupyter kernel, the kernel's working
folder (the notebook's own folder in JupyterLab, Notebook, VS Code and
nbclient); else none (a plain Python session or a test keeps progress in
memory). A folder that cannot be written (read-only, full) keeps progress in
memory too, and ``progress()`` says so.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> store = ProgressStore.for_notebook("99 · an example", folder=folder)
>>> store.path.name
'.wordpiece-progress-99.json'
>>> store.save("99 · an example", {"shout": {"status": "done", "tries": 0, "done": True, "answer_seen": False}})
True
>>> store.load()["shout"]["status"]
'done'
"""

from __future__ import annotations

import datetime
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import check_path, check_str
from wordpiece_lib.atomic import atomic_write_text

#: The environment variable naming the folder of the progress files (``off``: keep progress in memory).
PROGRESS_DIR_VARIABLE = "WORDPIECE_PROGRESS_DIR"
#: Every progress file's name starts with this and ends with ``.json``.
FILE_PREFIX = ".wordpiece-progress-"
#: The layout of the file; a reader refuses another one by name.
FORMAT = "wordpiece-progress/1"
#: The largest progress file read back (a real one is a few kB).
MAX_FILE_BYTES = 1_000_000


def file_name(notebook: str) -> str:
    """The progress file's name for a notebook: its number, or its name made safe for a file.

    >>> file_name("01 · From text to characters"), file_name("My corpus: names!")
    ('.wordpiece-progress-01.json', '.wordpiece-progress-my-corpus-names.json')
    """
    check_str(notebook, "notebook", allow_empty=False)
    head = notebook.split("·", 1)[0].strip()
    if not re.fullmatch(r"\d+[a-z]?", head):
        head = re.sub(r"[^a-z0-9]+", "-", notebook.lower()).strip("-")[:60] or "notebook"
    return f"{FILE_PREFIX}{head}.json"


def default_folder() -> Path | None:
    """Where progress files go in this process (see the module's docstring), or ``None`` for memory only.

    >>> import os
    >>> os.environ[PROGRESS_DIR_VARIABLE] = "off"
    >>> default_folder() is None
    True
    >>> del os.environ[PROGRESS_DIR_VARIABLE]
    """
    chosen = os.environ.get(PROGRESS_DIR_VARIABLE)
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "none") else Path(chosen)
    if _in_kernel():
        return Path.cwd()
    return None


def _in_kernel() -> bool:
    """True inside a Jupyter kernel (not a terminal IPython, not a test run)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def now() -> str:
    """The time now, in UTC, as ISO 8601 to the second.

    >>> now().endswith("+00:00")
    True
    """
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()


@dataclass
class ProgressStore:
    """One notebook's progress file; ``problem`` says why progress is kept in memory only (``None``: it is not)."""

    path: Path | None
    problem: str | None = None

    @classmethod
    def for_notebook(cls, notebook: str, folder: str | os.PathLike[str] | None = None) -> ProgressStore:
        """The store of ``notebook`` in ``folder`` (default: :func:`default_folder`)."""
        where = Path(folder) if folder is not None else default_folder()
        return cls(None if where is None else where / file_name(notebook))

    def load(self) -> dict[str, dict[str, Any]]:
        """The exercises' records from the file; nothing when there is no file or it cannot be read (said in ``problem``)."""
        if self.path is None:
            return {}
        try:
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError(f"larger than {MAX_FILE_BYTES} bytes")
            data = read_progress_file(self.path)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            self.problem = f"{self.path} could not be read ({error}); progress starts afresh"
            return {}
        return data["exercises"]

    def save(self, notebook: str, exercises: dict[str, dict[str, Any]], variant: str | None = None) -> bool:
        """Write the file atomically; False (and ``problem`` set) when the folder cannot take it.

        ``variant``: the student's variant id in a release with variants (kept, so the class's table shows it).
        """
        if self.path is None:
            return False
        document: dict[str, Any] = {"format": FORMAT, "notebook": notebook, "updated": now(), "exercises": exercises}
        if variant is not None:
            document["variant"] = variant
        try:
            atomic_write_text(self.path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        except OSError as error:
            reason = error.strerror or type(error).__name__
            self.problem = (
                f"progress is kept in memory only: {self.path.parent} cannot be written ({reason}), "
                "so a kernel restart forgets it"
            )
            return False
        self.problem = None
        return True


def read_progress_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A progress file's contents, checked: ``{"notebook": str, "updated": str, "exercises": {key: record}}``.

    >>> import tempfile, pathlib
    >>> bad = pathlib.Path(tempfile.mkdtemp()) / ".wordpiece-progress-01.json"
    >>> _ = bad.write_text('{"format": "something else"}')
    >>> read_progress_file(bad)
    Traceback (most recent call last):
    ...
    ValueError: ... is not a progress file (its format is 'something else', expected 'wordpiece-progress/1')
    """
    path = Path(check_path(path, "path"))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a progress file (not UTF-8 text)") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not a progress file (not JSON: {error.msg} at line {error.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"{path} is not a progress file (its format is {found!r}, expected {FORMAT!r})")
    exercises = data.get("exercises")
    if not isinstance(data.get("notebook"), str) or not isinstance(exercises, dict):
        raise ValueError(f"{path} is not a progress file (no notebook name or no exercises)")
    for key, record in exercises.items():
        if not isinstance(record, dict) or not isinstance(record.get("status", ""), str):
            raise ValueError(f"{path} is not a progress file (exercise {key!r} has no record)")
    return data


__all__ = [
    "FILE_PREFIX",
    "PROGRESS_DIR_VARIABLE",
    "ProgressStore",
    "default_folder",
    "file_name",
    "read_progress_file",
]
