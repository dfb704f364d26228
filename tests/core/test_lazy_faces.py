"""The stage folders' faces import a module on the first use of one of its names, and give what the eager faces gave."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib._lazy_face import declared_names, lazy_face

PACKAGE = Path(__file__).resolve().parents[2] / "wordpiece_lib"
STAGES = ("text", "counting", "model", "training", "pipeline", "data", "analysis")


def stage_modules(stage: str) -> list[str]:
    return sorted(path.stem for path in (PACKAGE / stage).glob("*.py") if path.name != "__init__.py")


@pytest.mark.parametrize("stage", STAGES)
def test_each_modules_names_read_from_its_source_are_its_all(stage):
    for name in stage_modules(stage):
        module = importlib.import_module(f"wordpiece_lib.{stage}.{name}")
        source = (PACKAGE / stage / f"{name}.py").read_text(encoding="utf-8")
        assert declared_names(source) == list(module.__all__), f"wordpiece_lib.{stage}.{name}"


@pytest.mark.parametrize("stage", STAGES)
def test_a_face_gives_every_name_as_the_sorted_star_imports_did(stage):
    face = importlib.import_module(f"wordpiece_lib.{stage}")
    expected: dict[str, object] = {}
    for name in stage_modules(stage):  # as ``from .module import *``, one line a module in sorted order
        module = importlib.import_module(f"wordpiece_lib.{stage}.{name}")
        expected.update({public: getattr(module, public) for public in module.__all__})
        assert getattr(face, name) is module
    assert set(face.__all__) == set(expected)
    for public, value in expected.items():
        assert getattr(face, public) is value, f"wordpiece_lib.{stage}.{public}"
    assert set(expected) | set(stage_modules(stage)) <= set(dir(face))
    with pytest.raises(AttributeError, match=f"wordpiece_lib.{stage}' has no attribute 'no_such_name'"):
        face.no_such_name  # noqa: B018


def test_a_face_imports_no_module_until_a_name_is_used_and_then_only_its_own():
    code = (
        "import sys\nimport wordpiece_lib.training as face\n"
        "before = sorted(m for m in sys.modules if m.startswith('wordpiece_lib.training.'))\n"
        "face.train_fast\n"
        "after = {m for m in sys.modules if m.startswith('wordpiece_lib.training.')}\n"
        "print(before, 'wordpiece_lib.training.fast_bottom_up' in after, 'wordpiece_lib.training.unigram' in after)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["[]", "True", "False"], done.stdout


def test_training_from_the_command_line_loads_no_other_trainer():
    """``wordpiece train`` needs the bottom-up trainers: neither Unigram's nor the top-down ones are loaded."""
    code = (
        "import sys\nimport wordpiece_lib.cli.train\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('wordpiece_lib.training.'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = set(done.stdout.split())
    assert "wordpiece_lib.training.fast_bottom_up" in loaded
    assert not loaded & {"wordpiece_lib.training.unigram", "wordpiece_lib.training.top_down"}, loaded


def test_wrong_arguments_are_refused_by_name():
    with pytest.raises(TypeError, match="source must be"):
        declared_names(b"__all__ = []")
    with pytest.raises(ValueError, match="package must be"):
        lazy_face("no.such.package", ["a"])
    with pytest.raises(ValueError, match="modules must be"):
        lazy_face("wordpiece_lib.model", "vocab")
