"""A pytest plugin for the notebooks: an unfinished exercise is reported by its notebook, not a temporary file.

ipytest runs a check cell from a file in the kernel's temporary folder, so
pytest's short summary (``-rs``) would say ``SKIPPED [1]
../../ipykernel_1234/5678.py:2: not done yet ...``. A skip raised by
:func:`wordpiece_lib.classroom.runtime.checking.not_done` carries the notebook's
name; this plugin puts that name where the file and line would be. The
notebooks load it with ``-p wordpiece_lib.classroom.runtime.not_done_report`` in
``ipytest.autoconfig(addopts=...)``; other skips are left as they are.

>>> class Report:
...     skipped, longrepr = True, ("/tmp/ipykernel_1/2.py", 2, "Skipped: not done yet: Your turn 1 (count_words)")
>>> class Excinfo:
...     value = type("Skip", (Exception,), {"notebook": "01 · From text to characters"})()
>>> report = Report()
>>> name_the_notebook(report, Excinfo())
>>> report.longrepr
('01 · From text to characters', None, 'Skipped: not done yet: Your turn 1 (count_words)')
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest


def name_the_notebook(report: Any, excinfo: Any) -> None:
    """Put the notebook's name in place of the file and line of a "not done yet" skip report."""
    notebook = getattr(getattr(excinfo, "value", None), "notebook", None)
    if not (notebook and getattr(report, "skipped", False) and isinstance(report.longrepr, tuple)):
        return
    if len(report.longrepr) == 3:
        report.longrepr = (str(notebook), None, report.longrepr[2])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """pytest's hook: let pytest make the report, then name the notebook of a "not done yet" skip."""
    report = yield
    name_the_notebook(report, call.excinfo)
    return report


__all__ = ["name_the_notebook", "pytest_runtest_makereport"]
