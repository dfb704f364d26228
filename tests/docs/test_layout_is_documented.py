"""The README's Layout section and docs/architecture.md name every module and subpackage there is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "wordpiece_lib"


def modules() -> list[str]:
    """Every module and subpackage of the library by its short name (``fast_bottom_up``, ``merge_steps``)."""
    names = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__main__.py" or path.parent.name == "__pycache__":
            continue
        if path.name == "__init__.py":
            if path.parent != PACKAGE:
                names.add(path.parent.name)
        else:
            names.add(path.stem)
    return sorted(names)


def readme_layout() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, "README.md has no '## Layout' section"
    return match.group(1)


@pytest.mark.parametrize("document", ["README.md", "docs/architecture.md"])
def test_every_module_is_named(document):
    text = readme_layout() if document == "README.md" else (ROOT / document).read_text(encoding="utf-8")
    missing = [name for name in modules() if not re.search(rf"`[^`\s]*\b{re.escape(name)}\b[^`\s]*`", text)]
    assert not missing, f"{document} does not name these modules or subpackages: {missing}"


def test_the_modules_found_include_each_layer():
    found = modules()
    assert {"tokenizer", "classroom", "cli", "exercise", "merge_steps", "train"} <= set(found)


STAGES = ("text", "counting", "model", "training", "pipeline", "data", "analysis")


def package_docstring(folder: Path) -> str:
    import ast

    return ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))) or ""


#: The classroom's folders grouped by who uses them, each with a face of its own.
CLASSROOM_FACES = (
    "classroom/runtime",
    "classroom/display",
    "classroom/teacher",
    "classroom/teacher/grading",
    "classroom/teacher/similarity",
    *(
        f"classroom/{topic.name}"
        for topic in sorted((PACKAGE / "classroom").iterdir())
        if (topic / "checks.py").is_file()
    ),
)


@pytest.mark.parametrize("folder", [*STAGES, "classroom", *CLASSROOM_FACES])
def test_each_folder_docstring_names_its_modules(folder):
    """A folder's face lists every module (or topic subpackage) it holds, so a reader need not open them all."""
    place = PACKAGE / folder
    members = {path.stem for path in place.glob("*.py") if path.name != "__init__.py"}
    members |= {path.name for path in place.iterdir() if (path / "__init__.py").is_file()}
    text = package_docstring(place)
    missing = sorted(name for name in members if f"``{name}``" not in text)
    assert not missing, f"wordpiece_lib/{folder}/__init__.py does not name {missing} in its docstring"


def test_the_package_docstring_names_each_stage():
    text = package_docstring(PACKAGE)
    assert [stage for stage in STAGES if f"``{stage}``" not in text] == []
    assert {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()} == {
        *STAGES,
        "classroom",
        "cli",
    }


def test_each_top_level_name_comes_from_the_face_that_exports_it():
    import importlib

    import wordpiece_lib

    for face, names in wordpiece_lib._FACES.items():
        exported = set(importlib.import_module(f"wordpiece_lib.{face}").__all__)
        assert set(names) <= exported, f"wordpiece_lib.{face} does not export {sorted(set(names) - exported)}"
        for name in names:
            assert getattr(wordpiece_lib, name) is getattr(importlib.import_module(f"wordpiece_lib.{face}"), name)


#: Modules a face names but does not import, and why: pytest loads the plugin by its path (``-p``), and ``confined``
#: runs as a program inside a submission's sandbox. The teacher's face imports nothing at all (see below).
NOT_HANDED_ON = {"classroom/runtime": {"not_done_report", "confined"}}


@pytest.mark.parametrize("folder", [face for face in CLASSROOM_FACES if face != "classroom/teacher"])
def test_each_classroom_face_hands_on_every_public_name_of_its_modules(folder):
    """``from wordpiece_lib.classroom.runtime import TODO`` gives the module's own object, for every name of every module.

    The twelve topics' faces too (``from wordpiece_lib.classroom.unigram import cuts_frame``). And a module stays reachable as the face's attribute of its name (no function of the same name hides it).
    """
    import importlib

    face = importlib.import_module("wordpiece_lib." + folder.replace("/", "."))
    place = PACKAGE / folder
    members = {path.stem for path in place.glob("*.py") if path.name != "__init__.py"}
    members |= {path.name for path in place.iterdir() if (path / "__init__.py").is_file()}
    for name in sorted(members - NOT_HANDED_ON.get(folder, set())):
        module = importlib.import_module(f"{face.__name__}.{name}")
        assert getattr(face, name) is module, f"{face.__name__}.{name} is not the module"
        for public in module.__all__:
            assert getattr(face, public) is getattr(module, public), f"{face.__name__} does not hand on {public}"
        assert set(module.__all__) <= set(face.__all__)


def test_the_classroom_commands_help_loads_no_grading_and_no_display():
    """``wordpiece classroom --help`` builds its parser through the teacher's face, which imports nothing itself.

    Each command's module is loaded for its help, and with it what the command needs at once (the runtime's
    progress file and answers); the grading (20 modules, kernels and sandboxes) and the display kit are not.
    """
    import subprocess
    import sys

    code = (
        "import sys\nfrom wordpiece_lib.cli import main\nmain(['classroom', '--help'])\n"
        "print(' '.join(sorted(name for name in sys.modules if name.startswith('wordpiece_lib.classroom'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert "release" in done.stdout  # the classroom's help was shown
    loaded = done.stdout.strip().splitlines()[-1].split()
    assert "wordpiece_lib.classroom.teacher.commands" in loaded
    unwanted = ("wordpiece_lib.classroom.teacher.grading", "wordpiece_lib.classroom.display")
    assert [name for name in loaded if name.startswith(unwanted)] == []
