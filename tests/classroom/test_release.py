"""``wordpiece classroom release``: no solution and no worked answer in a release, nor in the library installed from it.

A worked answer, as issue 31 defines it: each solution region of the solution notebooks and each
text ``show_answer`` prints (the fixed ones, those made from a notebook's data, rendered here with
the exercise cases' data, and those the classroom's doctests print), whitespace-normalised, every
line of 20 characters or more. Lines every student has anyway (the student notebooks', the core
library's) are left out, and counted. Every file of each release is searched, archives opened (the
wheel included), and so is the package as pip installs it from the release's wheel.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from exercise_cases import all_cases, outcome, start_afresh, workbook_of

from wordpiece_lib.classroom.runtime import answers
from wordpiece_lib.classroom.teacher.answer_search import (
    answer_lines,
    checkout_answer_texts,
    given_lines,
    notebook_sources,
    search,
    searched_lines,
)
from wordpiece_lib.classroom.teacher.commands import main

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def rendered_answers() -> list[str]:
    """The texts ``show_answer`` prints for every exercise, made from the cases' data (after one wrong try)."""
    answers.forget_source()
    texts = []
    for case in all_cases():
        workbook = workbook_of(case.key)
        start_afresh()
        outcome(case, case.wrongs[0].answer, case.wrongs[0].extra)
        text = str(workbook.show_answer(case.key))
        assert text.startswith("A worked answer"), (case.key, text)
        texts.append(text)
        workbook.reset()
    return texts


@pytest.fixture(scope="module")
def worked(tmp_path_factory) -> dict[str, list[str]]:
    """``all``: every worked-answer line; ``searched``: those not given to every student anyway; ``given``."""
    os.environ.pop(answers.ANSWERS_VARIABLE, None)
    texts = [text for _, text in checkout_answer_texts(ROOT)] + rendered_answers()
    lines = answer_lines(texts)
    given = given_lines(ROOT)
    return {
        "all": lines,
        "searched": searched_lines(lines, given),
        "given": [line for line in lines if line not in searched_lines([line], given)],
    }


@pytest.fixture(scope="module")
def releases(tmp_path_factory) -> dict[str, Path]:
    folders = {}
    for mode in ("graded", "self-study"):
        out = tmp_path_factory.mktemp("releases") / mode
        assert main(["release", str(out), "--mode", mode]) == 0
        folders[mode] = out
    return folders


@pytest.fixture(scope="module")
def installed(releases, tmp_path_factory) -> dict[str, Path]:
    """Each release's wheel installed as pip installs it, into a folder of its own (no dependencies)."""
    targets = {}
    for mode, release in releases.items():
        (wheel,) = (release / "wheels").glob("*.whl")
        target = tmp_path_factory.mktemp(f"installed-{mode}")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--no-deps",
                "--no-index",
                "-q",
                "--target",
                str(target),
                str(wheel),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        targets[mode] = target
    return targets


def test_the_search_finds_every_line_it_looks_for_where_it_is(worked, tmp_path):
    """The search is not blind: the solutions hold every line of theirs, and archives and notebooks are opened."""
    hits, _ = search(ROOT / "notebooks" / "solutions", worked["searched"])
    found = {hit.line for hit in hits}
    from_solutions = answer_lines(source for _, source in notebook_sources(ROOT / "notebooks" / "solutions"))
    assert len(from_solutions) > 80
    missing = [line for line in from_solutions if line in worked["searched"] and line not in found]
    assert missing == []
    line = worked["searched"][0]
    notebook = json.dumps({"cells": [{"cell_type": "code", "source": ["x = 1\n", f"    {line}\n"]}]})
    inner = io.BytesIO()
    with tarfile.open(fileobj=inner, mode="w:gz") as archive:
        info = tarfile.TarInfo("deep/answer.ipynb")
        info.size = len(notebook.encode())
        archive.addfile(info, io.BytesIO(notebook.encode()))
    with zipfile.ZipFile(tmp_path / "bundle.whl", "w") as outer:
        outer.writestr("pkg/inner.tar.gz", inner.getvalue())
    hits, files = search(tmp_path, [line])
    assert [hit.line for hit in hits] == [line] and "inner.tar.gz" in hits[0].where and files == 1


@pytest.mark.parametrize("mode", ["graded", "self-study"])
def test_a_release_and_the_library_installed_from_it_hold_no_worked_answer(worked, releases, installed, mode):
    assert len(worked["searched"]) > 100 and len(worked["given"]) < len(worked["searched"])
    hits, files = search(releases[mode], worked["searched"])
    installed_hits, installed_files = search(installed[mode], worked["searched"])
    print(
        f"\n{mode}: {len(worked['all'])} worked-answer lines, {len(worked['given'])} given to every student, "
        f"{len(worked['searched'])} searched; release: {files} files, {len(hits)} found; installed package: "
        f"{installed_files} files, {len(installed_hits)} found"
    )
    assert [(hit.where, hit.line) for hit in hits + installed_hits] == []
    assert files > 150 and installed_files > 100  # the wheel's members and every notebook were read
    names = [path.name for path in releases[mode].rglob("*")]
    assert not [name for name in names if "solution" in name.lower()]
    assert sorted(name for name in names if name.endswith(".ipynb")) == sorted(
        path.name for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")
    )


def test_a_self_study_release_carries_the_answers_scrambled(releases):
    bundle = releases["self-study"] / "notebooks" / answers.BUNDLE_FILE
    assert not (releases["graded"] / "notebooks" / answers.BUNDLE_FILE).exists()
    sources = answers.read_bundle(bundle.read_bytes())
    assert sorted(sources) == sorted(path.stem for path in (ROOT / answers.CHECKOUT_ANSWERS).glob("*.py"))
    for name, source in sources.items():  # unscrambled, the bundle gives show_answer the very same answers
        carried = answers.answers_from_source(name, source, f"<bundle: {name}>")
        path = ROOT / answers.CHECKOUT_ANSWERS / f"{name}.py"
        kept = answers.answers_from_source(name, path.read_text(encoding="utf-8"), str(path))
        assert list(carried) == list(kept)
        assert {k: v for k, v in carried.items() if isinstance(v, str)} == {
            k: v for k, v in kept.items() if isinstance(v, str)
        }
    assert b"def " not in bundle.read_bytes() and b"```" not in bundle.read_bytes()


def run_installed(installed: Path, code: str, cwd: Path) -> str:
    """Run ``code`` with the installed wheel in ``cwd``, far from the clone (no site hooks: no editable install)."""
    site_packages = [path for path in sys.path if path.endswith("site-packages")]
    environment = {
        **{key: value for key, value in os.environ.items() if not key.startswith("WORDPIECE_ANSWERS")},
        "PYTHONPATH": os.pathsep.join([str(installed), *site_packages]),
        "WORDPIECE_PROGRESS_DIR": "off",
    }
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], cwd=cwd, env=environment, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    where, _, shown = done.stdout.partition("\n")
    assert Path(where).is_relative_to(installed), where  # the installed copy, not the clone's
    return shown


SHOW = """
import wordpiece_lib
print(wordpiece_lib.__file__)
from wordpiece_lib.classroom.character_splitting import checks
print(checks.show_answer("split_with_prefix"))
print(checks.show_answer("split_with_prefix", now=True))
for _ in range(3):
    try:
        checks.check_split_word(list)
    except AssertionError as wrong:
        message = str(wrong)
print(message)
print(checks.show_answer("split_with_prefix"))
"""


def test_show_answer_in_a_graded_release_says_answers_are_off(releases, installed):
    shown = run_installed(installed["graded"], SHOW, releases["graded"] / "notebooks")
    assert shown.count("Worked answers are off") == 3 and "now=True included" in shown
    assert "show_answer(" not in shown and "A worked answer" not in shown


def test_show_answer_in_a_self_study_release_follows_the_hint_ladder(releases, installed):
    shown = run_installed(installed["self-study"], SHOW, releases["self-study"] / "notebooks")
    before, after = shown.split("Stuck?")
    assert before.count("opens after your 3rd wrong try") == 2 and "now=True does not open it sooner" in before
    assert "A worked answer" not in before
    assert "show_answer('split_with_prefix') shows a worked answer" in after
    assert 'return [word[0]] + ["##" + character for character in word[1:]]' in after


def test_show_answer_from_a_wheel_on_its_own_says_where_answers_come_from(installed, tmp_path):
    shown = run_installed(installed["graded"], SHOW, tmp_path)
    assert shown.count("is not installed with the library") == 3 and "A worked answer" not in shown


def test_a_release_goes_into_a_new_or_empty_folder_only(tmp_path, capsys):
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "keep.txt").write_text("mine", encoding="utf-8")
    assert main(["release", str(tmp_path / "used"), "--mode", "graded", "--no-wheel"]) == 2
    assert "not an empty folder" in capsys.readouterr().err
    assert (tmp_path / "used" / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert main(["release", str(tmp_path / "new")]) == 2  # --mode is required
    assert "--mode" in capsys.readouterr().err
    assert main(["release", str(tmp_path / "new"), "--mode", "graded", "--no-wheel", "--quiet"]) == 0
    assert not (tmp_path / "new" / "wheels").exists() and (tmp_path / "new" / "README.md").is_file()
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []  # no staging left
