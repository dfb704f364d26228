"""Execute every notebook (student and solution) twice in one kernel, and check their hygiene.

A notebook that loads a data set missing on this machine (``load_book("treasure-island")`` ...)
is skipped with the command that fetches it (a failure under ``WORDPIECE_REQUIRE_DATA=1``).
Student notebooks must run clean with every exercise check *skipped* (not done yet);
solution notebooks must pass every check. A wrong answer must stop the run, which
needs ipytest's ``raise_on_error=True``: a test fails if a notebook lacks it.
"""

from __future__ import annotations

import copy
import inspect
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from data_helpers import data_sets_used, missing_data, require_data_for
from tool_helpers import load_tool

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipytest")

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
STUDENT = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SOLUTION = sorted((NOTEBOOKS / "solutions").glob("[0-9][0-9]_*.ipynb"))
ALL = STUDENT + SOLUTION
ANSI = re.compile(r"\x1b\[[0-9;]*m")
TIMEOUT_PER_CELL = 120


def label(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


def execute(notebook, folder: Path):
    """Run the notebook; return the executed copy or the error that stopped it."""
    client = nbclient.NotebookClient(
        notebook, timeout=TIMEOUT_PER_CELL, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    # Progress in memory only: a progress file left beside the notebooks by an earlier session would change it.
    environment = {**os.environ, "WORDPIECE_PROGRESS_DIR": "off"}
    try:
        client.execute(env=environment)
    except nbclient.exceptions.CellExecutionError as error:
        return notebook, error
    return notebook, None


def run_all_twice(path: Path):
    """Run All, then Run All again in the same kernel (as a student pressing it twice)."""
    notebook = nbformat.read(path, as_version=4)
    second = copy.deepcopy(notebook.cells)
    for cell in second:
        cell["id"] = f"{cell.get('id', 'cell')}-again"
    notebook.cells = notebook.cells + second
    return execute(notebook, path.parent)


def source_code(path: Path) -> str:
    """Every code cell of a notebook, as one text."""
    return "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")


def has_its_data(path: Path) -> bool:
    return missing_data(data_sets_used(source_code(path))) is None


@pytest.fixture(scope="module")
def executed(request):
    """Every selected notebook whose data is here, executed (two at a time: CI has two cores).

    Only the notebooks of the tests that will run (``-k 07`` runs 07's two notebooks, not all 24).
    """
    selected = {
        item.callspec.params["path"]
        for item in request.session.items
        if "executed" in getattr(item, "fixturenames", ())
        and "path" in getattr(getattr(item, "callspec", None), "params", {})
    }
    runnable = [path for path in ALL if path in selected and has_its_data(path)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run_all_twice, runnable))
    return {label(path): result for path, result in zip(runnable, results)}


@pytest.fixture
def its_data(path: Path) -> None:
    """Skip (or fail, when data is required) a notebook whose data set is missing, naming how to fetch it."""
    require_data_for(source_code(path))


def code_cells(notebook):
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def text_of(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.append(output.get("data", {}).get("text/plain", ""))
        parts.append(" ".join(output.get("traceback", [])))
    return ANSI.sub("", "".join(parts))


def imported_names(cells) -> set[str]:
    """The names the code cells import from the library (``from wordpiece_lib... import a, b``)."""
    import ast

    names = set()
    for cell in cells:
        if cell.cell_type != "code" or cell.source.lstrip().startswith("%"):
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wordpiece_lib"):
                names |= {alias.asname or alias.name for alias in node.names}
    return names


def check_cells(notebook):
    return [cell for cell in code_cells(notebook) if cell.source.lstrip().startswith("%%ipytest")]


def test_every_student_notebook_has_a_solution_and_the_course_is_numbered():
    names = [path.name for path in STUDENT]
    assert names == [path.name for path in SOLUTION]
    first_four = {"01_character_splitting.ipynb", "02_pair_scores.ipynb", "03_merge_steps.ipynb", "04_encoding.ipynb"}
    assert first_four <= set(names)
    numbers = [int(name[:2]) for name in names]
    assert numbers == sorted(set(numbers)), "notebook numbers must be unique and in order"


@pytest.mark.parametrize("path", ALL, ids=label)
def test_notebook_runs_top_to_bottom_twice(its_data, executed, path):
    _notebook, error = executed[label(path)]
    assert error is None, f"{label(path)} stopped: {str(error)[-2000:]}"


def check_outputs(executed, path: Path) -> list[str]:
    """What every check cell of ``path`` printed, in a run that went through."""
    notebook, error = executed[label(path)]
    assert error is None
    return [text_of(cell) for cell in check_cells(notebook)]


@pytest.mark.parametrize("path", SOLUTION, ids=label)
def test_solution_passes_every_check(its_data, executed, path):
    for output in check_outputs(executed, path):
        assert re.search(r"\b1 passed\b", output) and "skipped" not in output and "failed" not in output, output


@pytest.mark.parametrize("path", STUDENT, ids=label)
def test_student_checks_say_not_done_yet(its_data, executed, path):
    for output in check_outputs(executed, path):
        assert "1 skipped" in output and "not done yet" in output, output


@pytest.mark.parametrize("path", STUDENT, ids=label)
def test_no_answer_is_on_screen_before_it_is_asked(its_data, executed, path):
    """Run from top to bottom with nothing answered (every reveal shut), no output and no text holds an answer.

    The notebooks this module runs anyway, read once more: no added run (see ``answers_on_screen``).
    """
    from notebooks.answers_on_screen import answers_on_screen

    notebook, error = executed[label(path)]
    assert error is None
    found = answers_on_screen(notebook, path.name[:2])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", ALL, ids=label)
def test_notebook_shape(its_data, executed, path):
    notebook, _ = executed[label(path)]
    original = nbformat.read(path, as_version=4)
    first = original.cells[0]
    assert first.cell_type == "code" and "version" in first.source, "the first cell must print the versions"
    assert "Python" in text_of(notebook.cells[0])
    assert "the library is loaded; the exercise checks are on." in text_of(notebook.cells[0])
    assert "By the end you can" in "".join(cell.source for cell in original.cells if cell.cell_type == "markdown")
    assert len(check_cells(original)) >= 3, "at least three checked exercises"
    assert any("image/png" in output.get("data", {}) for cell in code_cells(notebook) for output in cell.outputs)
    assert "start_notebook(" in first.source
    # a few lines that say what they do; the rest lives in the library (runtime.first_cell)
    assert len(first.source.splitlines()) <= 20, "the first cell grew: move what it does into start_notebook"


#: The parts every notebook has, in this order (the notebook itself comes between "run first" and the summary).
STRUCTURE = (
    "By the end you can",
    "How the exercises work",
    "Run the first code cell first",
    "## Your progress",
    "## Summary",
    "## Sources",
)


@pytest.mark.parametrize("path", ALL, ids=label)
def test_every_notebook_has_the_same_structure(path):
    cells = nbformat.read(path, as_version=4).cells
    markdown = [cell.source for cell in cells if cell.cell_type == "markdown"]
    text = "\n".join(markdown)
    positions = [text.find(part) for part in STRUCTURE]
    assert all(position >= 0 for position in positions), dict(zip(STRUCTURE, positions))
    assert positions == sorted(positions), (
        f"{label(path)}: the parts are out of order: {dict(zip(STRUCTURE, positions))}"
    )
    sources = next(source for source in markdown if source.startswith("## Sources"))
    items = ["* " + item for item in sources.split("\n* ")[1:]]
    assert items and all("http" in item or "no public address" in item for item in items), sources
    progress_at = next(i for i, cell in enumerate(cells) if cell.source.startswith("## Your progress"))
    assert cells[progress_at + 1].cell_type == "code" and cells[progress_at + 1].source.strip() == "progress()"
    assert {"progress", "show_answer"} <= imported_names(cells), "the notebook imports its progress and show_answer"


@pytest.mark.parametrize("path", SOLUTION, ids=label)
def test_the_progress_cell_lists_every_exercise_as_done(its_data, executed, path):
    notebook, _ = executed[label(path)]
    outputs = [text_of(cell) for cell in code_cells(notebook) if cell.source.strip() == "progress()"]
    checks = len(check_cells(nbformat.read(path, as_version=4)))
    assert outputs and all(f"{checks} of {checks} done" in output for output in outputs), outputs


@pytest.mark.parametrize("path", STUDENT, ids=label)
def test_the_progress_cell_lists_every_exercise_as_not_started(its_data, executed, path):
    notebook, _ = executed[label(path)]
    outputs = [text_of(cell) for cell in code_cells(notebook) if cell.source.strip() == "progress()"]
    checks = len(check_cells(nbformat.read(path, as_version=4)))
    assert outputs and all(output.count("not started") == checks for output in outputs), outputs


@pytest.mark.parametrize("path", ALL, ids=label)
def test_every_cell_is_marked_for_slides(path):
    notebook = nbformat.read(path, as_version=4)
    types = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in notebook.cells]
    assert None not in types, f"{label(path)}: a cell has no slide type: run python tools/notebooks.py build"
    assert types.count("slide") >= 4, "a lesson needs more than a few slides"
    headings = [cell for cell in notebook.cells if cell.cell_type == "markdown" and cell.source.startswith("## ")]
    assert all(cell.metadata["slideshow"]["slide_type"] == "slide" for cell in headings)
    assert notebook.metadata.get("rise", {}).get("scroll") is True
    # Slides as big as the window: reveal.js never scales down the projector sizes of rise.css beside it.
    assert notebook.metadata["rise"].get("width") == notebook.metadata["rise"].get("height") == "100%"
    assert (path.parent / "rise.css").read_text(encoding="utf-8") == (ROOT / "tools" / "rise.css").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("path", ALL, ids=label)
def test_ipytest_raises_on_error(path):
    """A notebook with checks turns them on in its first cell: start_notebook, which sets raise_on_error=True."""
    cells = [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    if not any("%%ipytest" in source for source in cells):
        return
    assert re.search(r"^start_notebook\(", cells[0], re.M), (
        f"{label(path)} uses %%ipytest without start_notebook(...) in its first cell: a failing check would not fail CI"
    )
    assert all("ipytest.autoconfig(" not in source for source in cells), "ipytest is set up by start_notebook alone"
    from wordpiece_lib.classroom.runtime import first_cell

    assert "raise_on_error=True" in inspect.getsource(first_cell.setup_checks)


def test_notebooks_are_stripped_and_in_sync():
    assert load_tool("notebooks", "notebook_tools").check() == []


def test_student_notebooks_hold_no_solutions():
    for path in STUDENT:
        text = path.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "STUB:" not in text, label(path)


def test_pytest_addopts_leave_ipytest_alone():
    pyproject = ROOT / "pyproject.toml"
    if not pyproject.exists():
        pytest.skip("no pyproject.toml yet")
    import tomllib

    options = (
        tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("pytest", {}).get("ini_options", {})
    )
    addopts = options.get("addopts", "")
    addopts = " ".join(addopts) if isinstance(addopts, list) else addopts
    for flag in ("-n", "--nbmake", "--numprocesses"):
        assert flag not in addopts.split(), f"keep {flag} on the command line: ipytest reads addopts and would break"


def cut_to(path: Path, *kept) -> tuple[Exception | None, str]:
    """``path`` cut to its setup cell, its first cell of imports from the library and ``kept``, run in its folder.

    ``kept``: new cells, or the text a cell of ``path`` starts with. Returns the error that stopped the run (None
    if none did) and the text of the last cell's output.
    """
    cells = nbformat.read(path, as_version=4).cells
    imports = next(
        i
        for i, cell in enumerate(cells)
        if i > 0 and cell.cell_type == "code" and "from wordpiece_lib import" in cell.source
    )
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [cells[0], cells[imports]]
    for cell in kept:
        notebook.cells.append(next(c for c in cells if c.source.startswith(cell)) if isinstance(cell, str) else cell)
    executed_notebook, error = execute(notebook, path.parent)
    return error, text_of(executed_notebook.cells[-1])


#: Notebook 01's check of its first exercise.
COUNT_WORDS_CHECK = "%%ipytest\ndef test_count_words()"


def test_a_wrong_answer_stops_the_notebook():
    """The first solution notebook, cut to its setup and first exercise, with a wrong answer."""
    wrong = nbformat.v4.new_code_cell("def count_words(words):\n    return {word: 1 for word in words}\n")
    error, output = cut_to(SOLUTION[0], wrong, COUNT_WORDS_CHECK)
    assert error is not None, "a failing check must stop the run (raise_on_error=True)"
    assert "wrong: add one to a word's count every time the word appears in the list" in output
    # brief: the plain-words message, then one line; no checker source, no ipytest internals
    assert "def check_word_counts" not in output and "ipytest/_impl.py" not in output, output
    assert "A check failed" in output


#: Notebook 03's check of its prediction exercise.
FIRST_THREE_CHECK = "%%ipytest\ndef test_first_three()"


def test_in_a_kernel_a_prediction_the_trainer_made_in_another_cells_helper_is_refused():
    """03 cut to its setup, a helper cell importing the trainer under an alias, and the answer cell using it.

    Nothing in the answer cell names a trainer: only the calls counted while it ran can tell.
    """
    assert SOLUTION[2].name.startswith("03_")
    helper = nbformat.v4.new_code_cell(
        "from wordpiece_lib import train_bottom_up as tb\n\n\ndef predict(counts):\n"
        "    return [step.new_token for step in tb(counts, 100).steps[:3]]"
    )
    answer = nbformat.v4.new_code_cell(
        'variant = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}\nfirst_three = predict(variant)'
    )
    error, output = cut_to(SOLUTION[2], helper, answer, FIRST_THREE_CHECK)
    assert error is not None, "the prediction was made by the trainer: the check must fail"
    assert "your answer runs 'train_bottom_up'" in output and "ran while your answer cell ran" in output, output


def test_in_a_kernel_a_prediction_computed_in_an_earlier_cell_and_copied_by_name_is_refused():
    """03 cut to its setup, a cell that trains and reads the merges off, and an answer cell that only copies them."""
    earlier = nbformat.v4.new_code_cell(
        'variant = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}\n'
        "looked_up = train_bottom_up(variant, 100).new_tokens[:3]"
    )
    answer = nbformat.v4.new_code_cell("first_three = list(looked_up)")
    error, output = cut_to(SOLUTION[2], earlier, answer, FIRST_THREE_CHECK)
    assert error is not None, "the prediction was copied from the trainer's output: the check must fail"
    assert "train_bottom_up" in output and "an earlier cell, which computed `looked_up`" in output, output


def test_an_unfinished_exercise_is_named_by_its_notebook_and_title():
    """The short summary of a skipped check names the exercise, not the kernel's temporary file."""
    error, output = cut_to(STUDENT[0], "def count_words", COUNT_WORDS_CHECK)
    assert error is None
    line = next(line for line in output.splitlines() if line.startswith("SKIPPED"))
    assert line.startswith("SKIPPED [1] 01 · From text to characters: not done yet: Your turn 1 · count words"), line
    assert "ipykernel" not in line and ".py:" not in line, line


@pytest.mark.parametrize("path", ALL, ids=label)
def test_without_the_library_the_first_cell_says_how_to_install_it(path, tmp_path):
    """Opened outside the workshop, with the library not installed: one sentence on installing it, no StopIteration."""
    from wordpiece_lib.classroom.runtime import NOT_INSTALLED

    first = nbformat.read(path, as_version=4).cells[0].source
    script = tmp_path / "first_cell.py"
    script.write_text(
        "import sys\nsys.modules['wordpiece_lib'] = None  # cannot be imported\n" + first, encoding="utf-8"
    )
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    # the library's own message for a missing package, said of the library itself
    assert last == "ModuleNotFoundError: " + NOT_INSTALLED.format(name="wordpiece_lib"), done.stderr
    assert "bash tools/notebooks.sh" in last and "StopIteration" not in done.stderr


@pytest.mark.parametrize("path", [STUDENT[0], SOLUTION[-1]], ids=label)
def test_opened_from_a_clone_without_installing_the_first_cell_finds_the_checkout(path, tmp_path):
    """No site-packages at all (``python -S``): the first cell finds the library in the checkout around the notebook."""
    first = nbformat.read(path, as_version=4).cells[0].source
    guard, call = first.split("\nstart_notebook(")
    script = tmp_path / "first_cell.py"
    script.write_text(guard + "\nimport wordpiece_lib\nprint(wordpiece_lib.__file__)\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-S", "-I", str(script)], cwd=path.parent, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == ROOT / "wordpiece_lib" / "__init__.py"
    assert call.startswith(f'"{path.stem[:2]} · ')  # the notebook's number and title


def test_notebooks_find_their_data_through_the_data_module():
    """No notebook reaches for a data file by path: the data module finds it (bundled, cache, mirror, download)."""
    for path in ALL:
        code = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")
        for needle in ("default_cache_dir", "wordpiece_lib.books", "WORDPIECE_DATA_DIR", "shared/data"):
            assert needle not in code, f"{label(path)} locates data by hand ({needle!r})"
