"""Submissions of notebook 01 as students hand them in, for the grading and export tests.

Each kind is the released notebook with some answer cells replaced (by cell
id) and, for the forged one, cells added. The right answers are written
here, not read from the solution notebooks, so the tests do not depend on
where the worked answers live.
"""

from __future__ import annotations

import copy
import json
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

#: Every forgery the threat model names, in cells a student adds after the last answer.
FORGERIES = [
    # marks every exercise done in the kernel's workbook
    "from wordpiece_lib.classroom.character_splitting import checks as _c\n"
    "for _k in _c.WORKBOOK.exercises:\n    _c.WORKBOOK.attempt(_k).done = True\n",
    # a skip ("not done yet") no longer raises
    "import pytest\npytest.skip = lambda *a, **k: None\n",
    # the checks pass everything
    "from wordpiece_lib.classroom.character_splitting import checks as _c\n"
    "for _name in dir(_c):\n    if _name.startswith('check_'):\n        setattr(_c, _name, lambda *a, **k: None)\n",
    # a progress file that says everything is done
    "import json, pathlib\n"
    "for _name in ('01_character_splitting.progress.json', '.wordpiece-progress.json'):\n"
    "    pathlib.Path(_name).write_text(json.dumps({k: {'status': 'done'} for k in _c.WORKBOOK.exercises}))\n",
]

#: An answer that is equal to everything, and one that is a str subclass equal to everything.
ALWAYS_EQUAL = (
    "class _Everything(list):\n    def __eq__(self, other):\n        return True\n    __hash__ = None\n"
    "my_alphabet = _Everything()\n"
    "def split_with_prefix(word):\n    return _Everything()\n"
)


def load(path: Path = RELEASED_01) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def answer_cell_ids(notebook: dict[str, Any]) -> dict[str, str]:
    """Answer name -> the id of the cell that asks for it."""
    import sys

    sys.path.insert(0, str(ROOT))
    from wordpiece_lib.classroom.grading.plan import answer_names, source_text

    found = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            for name in answer_names(source_text(cell)):
                found[name] = cell["id"]
    return found


def code_cell(source: str, cell_id: str) -> dict[str, Any]:
    return {"cell_type": "code", "id": cell_id, "metadata": {}, "execution_count": None, "outputs": [], "source": source}


def submission(answers: dict[str, str], added: list[str] = (), released: Path = RELEASED_01) -> dict[str, Any]:
    """The released notebook with the answer cells of ``answers`` replaced and ``added`` cells at the end."""
    notebook = copy.deepcopy(load(released))
    ids = answer_cell_ids(notebook)
    for name, source in answers.items():
        cell = next(cell for cell in notebook["cells"] if cell.get("id") == ids[name])
        cell["source"] = source
    last_answer = max(
        index for index, cell in enumerate(notebook["cells"]) if cell.get("id") in set(ids.values())
    )
    for number, source in enumerate(added):
        notebook["cells"].insert(last_answer + 1 + number, code_cell(source, f"added{number}"))
    return notebook


def kinds_01() -> dict[str, dict[str, Any]]:
    """The six kinds of the issue, for notebook 01 (the endless loop and the kernel exit in one answer each)."""
    right = dict(RIGHT_01)
    return {
        "all_right": submission(right),
        "empty": submission({}),
        "one_right": submission({"count_words": right["count_words"]}),
        "forged": submission({"my_alphabet": ALWAYS_EQUAL}, FORGERIES),
        "endless": submission({**right, "split_with_prefix": "def split_with_prefix(word):\n    while True:\n        pass\n"}),
        "kernel_exit": submission({**right, "split_with_end_marker": "import os\nos._exit(3)\n"}),
    }


def write(notebook: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path
