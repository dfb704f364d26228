"""The frame every "your turn" check runs in.

Each ``check_*`` function of a topic looks at a student's answer (a value or
a function the student wrote) and either returns quietly or raises
``AssertionError`` with a message that says, in plain words, what is wrong.
The correct answers come from the library itself, never from a hard-coded
list.

An exercise the student has not started yet is not a failure: a stub that
still holds ``TODO`` or still raises ``NotImplementedError`` makes the check
*skip* with a friendly "not done yet" note (``pytest.skip``), so a fresh
notebook runs from top to bottom while a wrong answer fails loudly.

Every check hides its own frames from pytest's report (``__tracebackhide__``),
so with ``--tb=short`` a wrong answer shows the student's test line and the
plain-words message, not the checker's source. ``report_failures_briefly``
replaces ipytest's second traceback by one line.

>>> call(lambda word: word.upper(), "hug", name="shout", exercise="shouting")
'HUG'
>>> call(lambda word: None, "hug", name="shout", exercise="shouting")
Traceback (most recent call last):
...
AssertionError: shout('hug') returned None: did you forget the `return` line?
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any


class _Todo:
    """The placeholder a student replaces with an answer."""

    _instance: _Todo | None = None

    def __new__(cls) -> _Todo:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "TODO"


#: Put this where an answer is expected; a check seeing it reports "not done yet".
TODO: Any = _Todo()


class NotDoneYet(Exception):
    """Raised instead of a pytest skip when pytest is not installed."""


def not_done(exercise: str) -> None:
    """Skip the current test with a friendly note (the exercise is not started).

    >>> not_done("the split exercise")
    Traceback (most recent call last):
    ...
    Skipped: not done yet: the split exercise (replace TODO / the NotImplementedError line, then run this cell again)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    message = f"not done yet: {exercise} (replace TODO / the NotImplementedError line, then run this cell again)"
    try:
        import pytest
    except ModuleNotFoundError:  # pragma: no cover - pytest is always there in the workshop
        raise NotDoneYet(message) from None
    pytest.skip(message)


def is_todo(value: Any) -> bool:
    """True for an answer that is still the placeholder (``TODO`` or ``...``).

    >>> is_todo(TODO), is_todo(...), is_todo([])
    (True, True, False)
    """
    return value is TODO or value is Ellipsis


def require(value: Any, exercise: str) -> Any:
    """Return ``value``, or skip if it is still the placeholder.

    >>> require(3, "a number")
    3
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if is_todo(value):
        not_done(exercise)
    return value


def call(function: Any, *args: Any, name: str, exercise: str) -> Any:
    """Call the student's function; a stub skips, a crash is explained.

    >>> call(len, "hug", name="len", exercise="counting")
    3
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if is_todo(function):
        not_done(exercise)
    if not callable(function):
        raise AssertionError(f"{name} should be a function, but it is a {type(function).__name__}: {function!r}")
    try:
        result = function(*args)
    except NotImplementedError:
        not_done(exercise)
    except Exception as error:  # the student's code crashed: say where, in words
        shown = ", ".join(short_repr(arg) for arg in args)
        raise AssertionError(f"{name}({shown}) crashed with {type(error).__name__}: {error}") from None
    if is_todo(result):
        not_done(exercise)
    if result is None:
        shown = ", ".join(short_repr(arg) for arg in args)
        raise AssertionError(f"{name}({shown}) returned None: did you forget the `return` line?")
    return result


def short_repr(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_list(items: Sequence[Any], limit: int = 6) -> str:
    """A list for a message: long ones keep their first items and say how many there are.

    >>> short_list(["h"] + ["##u"] * 99)
    "['h', '##u', '##u', '##u', '##u', '##u', ...] (100 tokens)"
    """
    items = list(items)
    if len(items) <= limit:
        return repr(items)
    return repr(items[:limit])[:-1] + f", ...] ({len(items)} tokens)"


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


def as_list(value: Any, what: str) -> list[Any]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise AssertionError(f"{what} should be a list, got {type(value).__name__}: {short_repr(value)}")
    return list(value)


__all__ = ["BRIEF_FAILURE", "TODO", "NotDoneYet", "call", "is_todo", "not_done", "report_failures_briefly", "require"]
