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
