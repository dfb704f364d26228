"""The teacher's first steps as docs/grading.md and docs/teaching-guide.md write them (issue 39, point 9)."""

from __future__ import annotations

import importlib.metadata
import json
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from wordpiece_lib.classroom.teacher.commands import release

ROOT = Path(__file__).resolve().parents[2]


def test_the_notebooks_environment_can_build_the_release_wheel():
    """tools/notebooks.sh installs the notebooks extra: it must bring a setuptools that reads license = "MIT"."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    wanted = [item for item in extras["notebooks"] if item.replace(" ", "").startswith("setuptools>=")]
    assert wanted and int(re.search(r">=(\d+)", wanted[0]).group(1)) >= release.SETUPTOOLS_NEEDED
    assert "notebooks" in (ROOT / "tools" / "notebooks.sh").read_text(encoding="utf-8")


def test_a_setuptools_too_old_is_named_with_the_command_that_fixes_it(tmp_path, monkeypatch):
    real = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "65.5.0" if name == "setuptools" else real(name))
    with pytest.raises(ValueError) as raised:
        release.build_wheel(ROOT, tmp_path)
    message = str(raised.value)
    assert "setuptools 65.5.0 is too old" in message and "pip install 'setuptools>=77'" in message


def test_a_failed_build_prints_pips_own_reason(tmp_path):
    root = tmp_path / "clone"
    (root / "wordpiece_lib").mkdir(parents=True)
    (root / "data").mkdir()
    (root / "wordpiece_lib" / "__init__.py").write_text("", encoding="utf-8")
    for name in release.WHEEL_SOURCES:
        (root / name).write_text("", encoding="utf-8")
    (root / "setup.py").write_text("from setuptools import setup\nsetup()\n", encoding="utf-8")
    (root / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "wordpiece-lib"\nversion = "0.1"\nlicense = 42\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError) as raised:
        release.build_wheel(root, tmp_path / "wheels")
    message = str(raised.value)
    assert message.startswith("the wheel could not be built: ")
    reason = message.removeprefix("the wheel could not be built: ")
    assert len(reason) > 20 and "license" in reason.lower(), message


def code_blocks(path: Path) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_grading_docs_commands_run_as_pasted_no_cd_breaks_the_next_line():
    """A `cd` in a block changes where every later line of it runs: the docs' blocks have none."""
    for block in code_blocks(ROOT / "docs" / "grading.md"):
        for line in block.splitlines():
            command = line.split("#", 1)[0].strip()
            assert not re.match(r"(^|&&\s*)cd\s", command), f"docs/grading.md: {line!r} moves the next lines elsewhere"


def test_nbgrader_in_the_docs_runs_with_its_environment_on_path():
    """nbgrader starts alembic by name: the docs put .venv-grading/bin on PATH, not only call nbgrader by path."""
    text = "\n".join(code_blocks(ROOT / "docs" / "grading.md"))
    for line in text.splitlines():
        if re.search(r"(^|[\s/(;&])nbgrader\s+[a-z_]+", line) and "--to nbgrader" not in line:
            assert "PATH=" in line or "source .venv-grading/bin/activate" in text, line


def test_an_unregistered_checks_file_is_explained_with_how_to_register_it(tmp_path):
    notebook = json.loads((ROOT / "notebooks" / "01_character_splitting.ipynb").read_text(encoding="utf-8"))
    (tmp_path / "ada.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    (tmp_path / "course.py").write_text(
        "from wordpiece_lib.classroom.character_splitting import checks\n"
        "def my_alphabet_check(answer, words):\n    assert answer == ['b']\n"
        "checks.check_alphabet = my_alphabet_check\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [
            *(sys.executable, "-m", "wordpiece_lib", "classroom", "grade", "ada.ipynb", "--notebook", "01"),
            *("--checks", "course.py", "--no-sandbox", "-o", "-"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 2
    assert "not a registered check" in result.stderr and "WORKBOOK.check(" in result.stderr
    assert "docs/grading.md" in result.stderr
    assert "registered check" in (ROOT / "docs" / "grading.md").read_text(encoding="utf-8")


def test_the_colab_cell_of_the_guide_runs_in_a_colab_cell():
    """A ``!`` line goes to the shell, where ``%pip`` is no command: each magic stands on a line of its own."""
    guide = (ROOT / "docs" / "teaching-guide.md").read_text(encoding="utf-8")
    after = guide[guide.index("**Colab.**") :]
    block = re.search(r"```python\n(.*?)```", after, flags=re.DOTALL)
    assert block is not None, "the Colab paragraph has no cell to paste"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    for line in lines:
        assert line.startswith(("!", "%")), line
        if line.startswith("!"):
            assert "%" not in line, f"a shell line cannot run a magic: {line!r}"
    pip = next(line for line in lines if line.startswith("%pip install"))
    words = shlex.split(pip.removeprefix("%"))
    wheel = next(word for word in words if word.endswith("]"))
    assert wheel.startswith("edition/wheels/wordpiece_lib-") and ".whl[" in wheel
    assert any(line.startswith("!unzip") for line in lines) and any(line.startswith("%cd ") for line in lines)


def test_an_authored_exercise_grades_without_pythonpath_and_its_answers_file_stays_hidden(tmp_path):
    """docs/authoring.md's notebook, graded from another folder in a sandbox: its checks module is found as it runs."""
    import nbformat
    from test_authoring import answered, guide_blocks

    course = tmp_path / "course"
    course.mkdir()
    blocks = guide_blocks()
    for name, body in blocks:
        if name.endswith((".py", ".txt")):
            (course / name).write_text(body, encoding="utf-8")
    (course / "town.py").write_text("ANSWERS = {'first_pair': 'the secret worked answer'}\n", encoding="utf-8")
    cells = [body for name, body in blocks if name == "cell"]
    answers = {name.split()[1]: body for name, body in blocks if name.startswith("answer ")}

    def notebook(sources: list[str]) -> str:
        made = nbformat.v4.new_notebook(
            cells=[nbformat.v4.new_code_cell(source, id=f"c{number}") for number, source in enumerate(sources)]
        )
        return nbformat.writes(made)

    (course / "21_town.ipynb").write_text(notebook(cells), encoding="utf-8")
    peek = "import os\nseen = os.path.exists(os.path.join(os.path.dirname(town_checks.__file__), 'town.py'))\n"
    submitted = tmp_path / "submitted"
    submitted.mkdir()
    mine = answered(cells, answers)
    first = next(index for index, cell in enumerate(mine) if cell.startswith("first_pair"))
    mine[first] = "import town_checks\n" + peek + "first_pair = ('o', '##f') if not seen else TODO\n"
    (submitted / "ada.ipynb").write_text(notebook(mine), encoding="utf-8")
    environment = {key: value for key, value in __import__("os").environ.items() if key != "PYTHONPATH"}
    result = subprocess.run(
        [
            *(sys.executable, "-m", "wordpiece_lib", "classroom", "grade", str(submitted / "ada.ipynb")),
            *("--notebook", str(course / "21_town.ipynb"), "-o", "-"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    rows = {row.split(",")[3]: row for row in result.stdout.splitlines()[1:]}
    assert sorted(rows) == ["first_pair", "rare_words"], result.stdout
    assert all(",done," in row and ",bwrap," in row for row in rows.values()), result.stdout
