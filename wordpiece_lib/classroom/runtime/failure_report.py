"""A failed check in a notebook ends with one short line, not a second traceback from ipytest's insides."""

from __future__ import annotations

import sys
from typing import Any

BRIEF_FAILURE = (
    "A check failed: its message is the line starting with 'E' above. Fix your answer, then run this cell again."
)


def report_failures_briefly(shell: Any = None) -> None:
    """Show a failed ``%%ipytest`` cell as one short line instead of ipytest's own traceback.

    With ``raise_on_error=True`` ipytest raises ``ipytest.Error`` after pytest
    has printed its report; IPython would then print a second traceback, from
    ipytest's internals, that says nothing to a student. This installs an
    IPython handler for that one exception type: the cell still ends in an
    error (so "Run All" and CI stop), but shows only :data:`BRIEF_FAILURE`.
    Outside IPython (or without ipytest) it does nothing.

    >>> report_failures_briefly()  # a plain Python session: nothing to do
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ModuleNotFoundError:  # pragma: no cover - IPython comes with Jupyter
            return
        shell = get_ipython()
    try:
        import ipytest
    except ModuleNotFoundError:  # pragma: no cover - the workshop installs ipytest
        return
    if shell is None:
        return

    def brief(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
        code = getattr(value, "args", [None])[0] if getattr(value, "args", None) else None
        line = BRIEF_FAILURE if code == 1 else f"pytest stopped with exit code {code}: read its report above."
        show = getattr(shell, "_showtraceback", None)
        if show is not None:  # the kernel's error display: a red box, and the cell counts as failed
            show(etype, str(value), [line])
        else:  # pragma: no cover - a shell without a display
            print(line, file=sys.stderr)
        return [line]

    shell.set_custom_exc((ipytest.Error,), brief)


__all__ = ["BRIEF_FAILURE", "report_failures_briefly"]
