"""The tests' way to the scripts in ``tools/``: they are scripts, not a package, so each is loaded from its file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_tool(name: str, module_name: str | None = None) -> ModuleType:
    """``tools/<name>.py``, run once as the module ``module_name`` (``name`` unless given), listed in ``sys.modules``.

    Listed, so that its dataclasses (which look their module up) work.
    """
    module_name = module_name or name
    spec = importlib.util.spec_from_file_location(module_name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module
