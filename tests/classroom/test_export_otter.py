"""otter-grader round trip: export, ``otter assign``, ``otter run`` on each submission, the scores.

The same notebooks and submissions as the nbgrader round trip
(``test_export_nbgrader.py``); the graders run in .venv-grading.
"""

from __future__ import annotations

import json

import grading_helpers as helpers
import pytest
import submissions
from submissions import KINDS, NOTEBOOKS, ONE_RIGHT

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def scores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, float]]]:
    """notebook -> student -> exercise -> points, from otter's results.json."""
    bin_folder = helpers.grading_bin()
    folder = tmp_path_factory.mktemp("otter")
    helpers.export("otter", folder, "01", "03")
    found: dict[str, dict[str, dict[str, float]]] = {}
    for name, kinds in NOTEBOOKS.items():
        dist = folder / f"dist-{name}"
        helpers.run([str(bin_folder / "otter"), "assign", str(folder / name / f"{name}.ipynb"), str(dist)], folder)
        (autograder,) = (dist / "autograder").glob("*.zip")
        released = dist / "student" / f"{name}.ipynb"
        for kind, notebook in kinds(released).items():
            if kind not in KINDS:
                continue
            submission = submissions.write(notebook, folder / f"{name}-{kind}.ipynb")
            out = folder / f"results-{name}-{kind}"
            out.mkdir()
            helpers.run(
                [str(bin_folder / "otter"), "run", "--no-logo", "-a", str(autograder), "-o", str(out), str(submission)],
                folder,
            )
            results = json.loads((out / "results.json").read_text(encoding="utf-8"))
            found.setdefault(name, {})[kind] = {
                test["name"]: test["score"] for test in results["tests"] if test.get("score") is not None
            }
    return found


@pytest.mark.parametrize("notebook", list(NOTEBOOKS))
def test_otter_scores_the_four_kinds(scores, notebook):
    helpers.assert_scores_the_four_kinds(scores[notebook], ONE_RIGHT[notebook])


def test_the_student_notebook_keeps_the_stub_prompts_and_no_answer(tmp_path):
    helpers.grading_bin()
    helpers.export("otter", tmp_path, "01")
    name = "01_character_splitting"
    helpers.run(
        [str(helpers.GRADING_BIN / "otter"), "assign", str(tmp_path / name / f"{name}.ipynb"), "dist"], tmp_path
    )
    student = json.loads((tmp_path / "dist" / "student" / f"{name}.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in student["cells"]]
    assert any(source.startswith("my_alphabet = TODO  # a list") for source in sources)
    assert not any("my_alphabet = [" in source for source in sources)
    assert not any("counts.get(word, 0) + 1" in source for source in sources)
