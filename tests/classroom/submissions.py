"""Submissions of notebook 01 as students hand them in, for the grading and export tests.

Each kind is the released notebook with some answer cells replaced (by cell
id) and, for the forged one, cells added. The right answers are written
here, not read from the solution notebooks, so the tests do not depend on
where the worked answers live. :func:`grade` runs the grader on them as a teacher types it,
:func:`graded_rows` reads back what it wrote.
"""

from __future__ import annotations

import copy
import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RELEASED_01 = ROOT / "notebooks" / "01_character_splitting.ipynb"

RIGHT_01 = {
    "count_words": "def count_words(words):\n    tally = {}\n    for w in words:\n        tally[w] = tally.get(w, 0) + 1\n    return tally\n",
    "split_with_prefix": "def split_with_prefix(word):\n    return [word[:1]] + [f'##{c}' for c in word[1:]]\n",
    "split_with_end_marker": "def split_with_end_marker(word):\n    return list(word[:-1]) + [word[-1] + '</w>']\n",
    "my_alphabet": "my_alphabet = ['b', 'g', '##u', '##n', '##g']\n",
}

CHECKS_01 = "wordpiece_lib.classroom.character_splitting.checks"
CHECKS_03 = "wordpiece_lib.classroom.merge_steps.checks"
RELEASED_03 = ROOT / "notebooks" / "03_merge_steps.ipynb"


def forgeries(checks_module: str, notebook: str) -> list[str]:
    """Every forgery the threat model names, as cells a student adds after the last answer."""
    return [
        # marks every exercise done in the kernel's workbook
        f"import {checks_module} as _c\nfor _k in _c.WORKBOOK.exercises:\n    _c.WORKBOOK.attempt(_k).done = True\n",
        # a skip ("not done yet") no longer raises
        "import pytest\npytest.skip = lambda *a, **k: None\n",
        # the checks pass everything
        f"import {checks_module} as _c\n"
        "for _name in dir(_c):\n    if _name.startswith('check_'):\n        setattr(_c, _name, lambda *a, **k: None)\n",
        # a progress file that says everything is done
        "import json, pathlib\n"
        f"for _name in ('{notebook}.progress.json', '.wordpiece-progress.json'):\n"
        "    pathlib.Path(_name).write_text(json.dumps({k: {'status': 'done'} for k in _c.WORKBOOK.exercises}))\n",
    ]


FORGERIES = forgeries(CHECKS_01, "01_character_splitting")

#: One line that makes every exported graded test pass in the student's own kernel (issue 39).
REBIND = "import wordpiece_lib.classroom.runtime as _f\n_f.graded = lambda *a, **k: True\n"

#: Answers equal to everything: a list subclass whose == is always True.
EVERYTHING = "class _Everything(list):\n    def __eq__(self, other):\n        return True\n    __hash__ = None\n"
ALWAYS_EQUAL = EVERYTHING + "my_alphabet = _Everything()\ndef split_with_prefix(word):\n    return _Everything()\n"

RIGHT_MERGE_ALL = """def merge_all(splits, pairs):
    current = {word: list(pieces) for word, pieces in splits.items()}
    for left, right in pairs:
        glued = left + right.removeprefix("##")
        for word, pieces in current.items():
            out, i = [], 0
            while i < len(pieces):
                if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == (left, right):
                    out.append(glued)
                    i += 2
                else:
                    out.append(pieces[i])
                    i += 1
            current[word] = out
    return current
"""


def right_03() -> dict[str, str]:
    """Notebook 03's answers as a student types them: the values worked out here with the library."""
    from wordpiece_lib import train_bottom_up
    from wordpiece_lib.data import datasets

    variant = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}
    counts = datasets.hug_pug_counts()
    first = train_bottom_up(variant, vocab_size=100, special_tokens=["[UNK]"]).new_tokens[:3]
    lexical = train_bottom_up(counts, vocab_size=100, special_tokens=["[UNK]"], tie_break="lexical").new_tokens[:4]
    size = len(train_bottom_up(counts, vocab_size=1000, special_tokens=["[UNK]", "[CLS]", "[SEP]"]).tokens())
    return {
        "merge_all": RIGHT_MERGE_ALL,
        "first_three": f"variant = {variant!r}\n\nfirst_three = {list(first)!r}\n",
        "lexical_four": f"lexical_four = {list(lexical)!r}\n",
        "final_size": f"final_size = {size}\n",
    }


def load(path: Path = RELEASED_01) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def answer_cell_ids(notebook: dict[str, Any]) -> dict[str, str]:
    """Answer name -> the id of the cell that asks for it."""
    import sys

    sys.path.insert(0, str(ROOT))
    from wordpiece_lib.classroom.teacher.grading import answer_names, source_text

    found = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            for name in answer_names(source_text(cell)):
                found[name] = cell["id"]
    return found


def code_cell(source: str, cell_id: str) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "id": cell_id,
        "metadata": {},
        "execution_count": None,
        "outputs": [],
        "source": source,
    }


def submission(answers: dict[str, str], added: list[str] = (), released: Path = RELEASED_01) -> dict[str, Any]:
    """The released notebook with the answer cells of ``answers`` replaced and ``added`` cells at the end."""
    notebook = copy.deepcopy(load(released))
    ids = answer_cell_ids(notebook)
    for name, source in answers.items():
        cell = next(cell for cell in notebook["cells"] if cell.get("id") == ids[name])
        cell["source"] = source
    last_answer = max(index for index, cell in enumerate(notebook["cells"]) if cell.get("id") in set(ids.values()))
    for number, source in enumerate(added):
        notebook["cells"].insert(last_answer + 1 + number, code_cell(source, f"added{number}"))
    return notebook


def kinds_01(released: Path = RELEASED_01) -> dict[str, dict[str, Any]]:
    """The six kinds of the issue, for notebook 01 (the endless loop and the kernel exit in one answer each)."""
    right = dict(RIGHT_01)
    return {
        "all_right": submission(right, released=released),
        "empty": submission({}, released=released),
        "one_right": submission({"count_words": right["count_words"]}, released=released),
        "forged": submission({"my_alphabet": ALWAYS_EQUAL}, FORGERIES, released=released),
        "endless": submission(
            {**right, "split_with_prefix": "def split_with_prefix(word):\n    while True:\n        pass\n"},
            released=released,
        ),
        "kernel_exit": submission({**right, "split_with_end_marker": "import os\nos._exit(3)\n"}, released=released),
        "rebinds": submission({}, [REBIND], released=released),
    }


def kinds_03(released: Path = RELEASED_03) -> dict[str, dict[str, Any]]:
    """All right, empty, one right and forged, for notebook 03 (a function and three value exercises)."""
    right = right_03()
    forged_values = EVERYTHING + "first_three = _Everything()\nfinal_size = _Everything()\n"
    return {
        "all_right": submission(right, released=released),
        "empty": submission({}, released=released),
        "one_right": submission({"lexical_four": right["lexical_four"]}, released=released),
        "forged": submission({"final_size": forged_values}, forgeries(CHECKS_03, "03_merge_steps"), released=released),
        "rebinds": submission({}, [REBIND], released=released),
    }


#: The round trips' notebooks, their submissions, and the exercise each one-right submission answers.
NOTEBOOKS = {"01_character_splitting": kinds_01, "03_merge_steps": kinds_03}
KINDS = ("all_right", "empty", "one_right", "forged", "rebinds")
ONE_RIGHT = {"01_character_splitting": "count_words", "03_merge_steps": "lexical_four"}


def write(notebook: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


def graded_rows(path: Path) -> dict[str, dict[str, dict[str, str]]]:
    """The rows of a grades CSV that ``classroom grade`` wrote, by student, then by exercise."""
    rows: dict[str, dict[str, dict[str, str]]] = {}
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            rows.setdefault(row["student"], {})[row["exercise"]] = row
    return rows


def grade(arguments: list[str], folder: Path, timeout: int = 900) -> list[dict[str, str]]:
    """``wordpiece classroom grade ARGUMENTS -o grades.csv`` run in ``folder``, as a new process; the rows it wrote."""
    result = subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", "classroom", "grade", *arguments, "-o", "grades.csv"],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr
    with open(folder / "grades.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))
