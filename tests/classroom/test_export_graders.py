"""The round trips through the graders themselves: export, release, grade each submission, the scores.

nbgrader (``generate_assignment``, ``autograde``, its gradebook) and otter-grader
(``otter assign``, ``otter run``, its results.json), each on notebook 01 (three
function exercises and a value) and notebook 03 (a function and three values),
each with four submissions: all right, empty, one right and forged (exercises
marked done, ``pytest.skip`` patched, the checks replaced, a fake progress file,
answers equal to everything). The graders run in .venv-grading
(``bash tools/setup_grading.sh``).
"""

from __future__ import annotations

import json
from pathlib import Path

import grading_helpers as helpers
import pytest
import submissions
from submissions import KINDS, NOTEBOOKS, ONE_RIGHT

pytestmark = pytest.mark.slow

#: notebook -> student -> exercise -> points.
Scores = dict[str, dict[str, dict[str, float]]]


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory):
    """Notebooks 01 and 03 exported for a grader and released by it, once a run: grader -> (folder, each copy).

    The graded round trips and the look at the released copies read the same release.
    """
    done: dict[str, tuple[Path, dict[str, Path]]] = {}

    def release(grader: str) -> tuple[Path, dict[str, Path]]:
        if grader not in done:
            helpers.grading_bin()
            folder = tmp_path_factory.mktemp(grader)
            helpers.export(grader, folder, "01", "03")
            done[grader] = folder, {name: helpers.release(grader, folder, name) for name in NOTEBOOKS}
        return done[grader]

    return release


def nbgrader_scores(course: Path, copies: dict[str, Path]) -> Scores:
    """The points as nbgrader's gradebook has them, each kind of submission a student."""
    found = {}
    for name, kinds in NOTEBOOKS.items():
        for kind, notebook in kinds(copies[name]).items():
            if kind in KINDS:
                folder = course / "submitted" / kind / name
                folder.mkdir(parents=True)
                submissions.write(notebook, folder / f"{name}.ipynb")
        helpers.run([str(helpers.GRADING_BIN / "nbgrader"), "autograde", name, "--create", "--force"], course)
        found[name] = helpers.nbgrader_scores(course, name)
    (course / "scores.json").write_text(json.dumps(found, indent=1), encoding="utf-8")
    return found


def otter_scores(folder: Path, copies: dict[str, Path]) -> Scores:
    """The points from otter's results.json, one run a submission."""
    found: Scores = {}
    for name, kinds in NOTEBOOKS.items():
        (autograder,) = (copies[name].parents[1] / "autograder").glob("*.zip")
        for kind, notebook in kinds(copies[name]).items():
            if kind not in KINDS:
                continue
            submission = submissions.write(notebook, folder / f"{name}-{kind}.ipynb")
            out = folder / f"results-{name}-{kind}"
            out.mkdir()
            otter = str(helpers.GRADING_BIN / "otter")
            helpers.run([otter, "run", "--no-logo", "-a", str(autograder), "-o", str(out), str(submission)], folder)
            results = json.loads((out / "results.json").read_text(encoding="utf-8"))
            found.setdefault(name, {})[kind] = {
                test["name"]: test["score"] for test in results["tests"] if test.get("score") is not None
            }
    return found


GRADED_BY = {"nbgrader": nbgrader_scores, "otter": otter_scores}


@pytest.fixture(scope="module", params=list(GRADED_BY))
def scores(request: pytest.FixtureRequest, released) -> Scores:
    """One grader's points for every submission of notebooks 01 and 03."""
    return GRADED_BY[request.param](*released(request.param))


@pytest.mark.parametrize("notebook", list(NOTEBOOKS))
def test_the_grader_scores_the_four_kinds(scores, notebook):
    helpers.assert_scores_the_four_kinds(scores[notebook], ONE_RIGHT[notebook])


@pytest.mark.parametrize(
    ("grader", "name", "prompt", "answers", "function"),
    [
        ("nbgrader", "03_merge_steps", "final_size = TODO  # an int", ["final_size = 1"], "def merge_all"),
        (
            "otter",
            "01_character_splitting",
            "my_alphabet = TODO  # a list",
            ["my_alphabet = [", "counts.get(word, 0) + 1"],
            None,
        ),
    ],
)
def test_the_released_notebook_keeps_the_stub_prompts_and_no_answer(released, grader, name, prompt, answers, function):
    _, copies = released(grader)
    sources = helpers.cell_sources(copies[name])
    assert any(source.startswith(prompt) for source in sources)
    assert not any(answer in source for source in sources for answer in answers)
    if function is not None:
        stub = next(source for source in sources if source.startswith(function))
        assert 'raise NotImplementedError("your turn' in stub
