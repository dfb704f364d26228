"""nbgrader round trip: export, ``nbgrader generate_assignment``, ``nbgrader autograde``, the scores.

Notebook 01 (three function exercises and a value) and notebook 03 (a
function and three values), each with four submissions: all right, empty,
one right and forged (exercises marked done, ``pytest.skip`` patched, the
checks replaced, a fake progress file, answers equal to everything).
The graders run in .venv-grading (``bash tools/setup_grading.sh``).
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
    """notebook -> student -> exercise -> points, as nbgrader's gradebook has them."""
    bin_folder = helpers.grading_bin()
    course = tmp_path_factory.mktemp("nbgrader-course")
    helpers.export("nbgrader", course, "01", "03")
    found = {}
    for name, kinds in NOTEBOOKS.items():
        helpers.run([str(bin_folder / "nbgrader"), "generate_assignment", name, "--force"], course)
        released = course / "release" / name / f"{name}.ipynb"
        for kind, notebook in kinds(released).items():
            if kind in KINDS:
                folder = course / "submitted" / kind / name
                folder.mkdir(parents=True)
                submissions.write(notebook, folder / f"{name}.ipynb")
        helpers.run([str(bin_folder / "nbgrader"), "autograde", name, "--create", "--force"], course)
        found[name] = helpers.nbgrader_scores(course, name)
    (course / "scores.json").write_text(json.dumps(found, indent=1), encoding="utf-8")
    return found


@pytest.mark.parametrize("notebook", list(NOTEBOOKS))
def test_nbgrader_scores_the_four_kinds(scores, notebook):
    helpers.assert_scores_the_four_kinds(scores[notebook], ONE_RIGHT[notebook])


def test_the_released_notebook_keeps_the_stub_prompts(tmp_path):
    helpers.grading_bin()
    helpers.export("nbgrader", tmp_path, "03")
    helpers.run([str(helpers.GRADING_BIN / "nbgrader"), "generate_assignment", "03_merge_steps", "--force"], tmp_path)
    released = json.loads((tmp_path / "release" / "03_merge_steps" / "03_merge_steps.ipynb").read_text("utf-8"))
    sources = ["".join(cell["source"]) for cell in released["cells"]]
    assert any(source.startswith("final_size = TODO  # an int") for source in sources)
    assert not any("final_size = 1" in source for source in sources)
    merge_all = next(source for source in sources if source.startswith("def merge_all"))
    assert 'raise NotImplementedError("your turn' in merge_all
