"""The checks as an exported grader's tests call them: loaded afresh from the installed package.

nbgrader and otter-grader run their tests inside the student's kernel,
after the student's cells. A cell may have replaced a check
(``checks.check_word_counts = lambda f: None``), patched ``pytest.skip`` or
marked exercises done in the workbook. :func:`graded` loads the checks
module again from its file in the installed package (found as an import
finds it, not through the kernel's ``sys.modules``), calls the check,
and turns "not done yet" into a failure, so none of those counts. It does
not stand against more than that: a kernel is the student's own (the
``wordpiece classroom grade`` command judges outside it).

>>> graded("wordpiece_lib.classroom.character_splitting.checks", "check_alphabet", ["h", "##u", "##g"], ["hug"])
True
>>> graded("wordpiece_lib.classroom.character_splitting.checks", "check_alphabet", ..., ["hug"])
Traceback (most recent call last):
...
AssertionError: not done yet: Your turn 4 · the alphabet by hand (my_alphabet) (replace TODO / the NotImplementedError line, then run this cell again)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from wordpiece_lib._validate import check_str


def load_afresh(module: str) -> ModuleType:
    """The module ``module`` of ``wordpiece_lib``, executed again from its file (a new, private copy)."""
    check_str(module, "module")
    parts = module.split(".")
    if parts[0] != "wordpiece_lib" or not all(part.isidentifier() for part in parts):
        raise ValueError(f"module must be a module of wordpiece_lib, got {module!r}")
    package = None
    for finder in sys.meta_path:  # as an import finds it (an editable install included), but not from sys.modules
        find = getattr(finder, "find_spec", None)
        package = find("wordpiece_lib", None) if find is not None else None
        if package is not None:
            break
    if package is None or not package.submodule_search_locations:
        raise ModuleNotFoundError("wordpiece_lib is not installed for this kernel")
    path = Path(next(iter(package.submodule_search_locations)), *parts[1:]).with_suffix(".py")
    name = "_wordpiece_fresh_" + "_".join(parts[1:])
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"cannot load {module} from {path}")
    fresh = importlib.util.module_from_spec(spec)
    sys.modules[name] = fresh  # dataclasses and pickling look a class's module up here
    from wordpiece_lib.classroom.runtime.workbook import WORKBOOKS

    registered = dict(WORKBOOKS)
    try:
        spec.loader.exec_module(fresh)
    finally:  # the private copy's workbook stays its own: the kernel's notebooks keep theirs
        WORKBOOKS.clear()
        WORKBOOKS.update(registered)
    return fresh


def graded(module: str, check: str, *args: Any, **kwargs: Any) -> bool:
    """Run the check ``check`` of a fresh copy of ``module`` on the answer; True, or an error (a skip included)."""
    check_str(check, "check")
    function = getattr(load_afresh(module), check)
    try:
        function(*args, **kwargs)
    except AssertionError:
        raise
    except BaseException as stopped:
        if type(stopped).__name__ in ("Skipped", "NotDoneYet"):  # "not done yet" is no pass in a grader
            raise AssertionError(str(stopped)) from None
        raise
    return True


__all__ = ["graded", "load_afresh"]
