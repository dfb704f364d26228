"""What every check uses on a learner's answer: ``TODO``, "not done yet", calling the learner's function, short messages.

An exercise the learner has not started yet is not a failure: a stub that
still holds ``TODO`` or still raises ``NotImplementedError`` makes the check
*skip* with a friendly "not done yet" note (``pytest.skip``), so a fresh
notebook runs from top to bottom while a wrong answer fails loudly.

:func:`call` runs the learner's function and explains a crash or a missing ``return``,
and can switch library functions off while it runs (see
:mod:`wordpiece_lib.classroom.runtime.call_count`): an exercise that asks to write
``split_word`` fails when the answer just calls it. Every check hides its own frames
from pytest's report (``__tracebackhide__``), so with ``--tb=short`` a wrong answer
shows the learner's test line and the plain-words message.

>>> call(lambda word: None, "hug", name="shout", exercise="shouting")
Traceback (most recent call last):
...
AssertionError: shout('hug') returned None: did you forget the `return` line?
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from wordpiece_lib.classroom.runtime.call_count import Forbidden, ForbiddenUse, call_own_work, forbid, rule_for
from wordpiece_lib.classroom.runtime.other_libraries import ANOTHER_LIBRARY, OtherLibraryUse


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


#: The exercises whose check is running (innermost last), as (notebook, Exercise): a "not done yet" note names
#: the exercise. A workbook's check pushes its exercise here while it runs.
_CHECKING: list[tuple[str, Any]] = []


def not_done(exercise: str) -> None:
    """Skip the current test with a friendly note (the exercise is not started).

    While a registered check runs, the note names its exercise (its title and
    the key for ``show_answer``) and carries the notebook's name, which the
    pytest plugin :mod:`wordpiece_lib.classroom.runtime.not_done_report` shows in the
    short summary instead of the kernel's temporary file.

    >>> not_done("the split exercise")
    Traceback (most recent call last):
    ...
    Skipped: not done yet: the split exercise (replace TODO / the NotImplementedError line, then run this cell again)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    where = None
    if _CHECKING:
        where, current = _CHECKING[-1]
        exercise = f"{current.title} ({current.key})"
    message = f"not done yet: {exercise} (replace TODO / the NotImplementedError line, then run this cell again)"
    try:
        import pytest
    except ModuleNotFoundError:  # pragma: no cover - pytest is always there in the workshop
        raise NotDoneYet(message) from None
    skipped = pytest.skip.Exception(message, allow_module_level=False)
    skipped.notebook = where  # type: ignore[attr-defined]
    raise skipped


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


def call(
    function: Any,
    *args: Any,
    name: str,
    exercise: str,
    forbidden: Sequence[Forbidden] = (),
    none_is_answer: bool = False,
) -> Any:
    """Call the learner's function; a stub skips, a crash is explained, forbidden library calls fail.

    ``forbidden`` names library functions the exercise asks the learner to
    write instead of calling (see :mod:`wordpiece_lib.classroom.runtime.call_count`):
    their calls are counted while the learner's function runs, however they
    were reached (an alias, another cell's helper, an object's method).
    Another tokenizer library (Hugging Face's, ``sentencepiece``...) is refused
    in every exercise (see :mod:`wordpiece_lib.classroom.runtime.other_libraries`).
    A function that returns ``None`` is told it forgot its ``return`` line,
    unless ``none_is_answer`` (the exercise uses ``None`` as an answer).

    >>> call(len, "hug", name="len", exercise="counting")
    3
    >>> from wordpiece_lib.model import split_word
    >>> call(split_word, "hug", name="split", exercise="splitting", forbidden=[Forbidden("split_word", (split_word,))])
    Traceback (most recent call last):
    ...
    AssertionError: split calls `split_word`, the library's own version, which did the work: the exercise is to write those steps yourself (1 call of code the exercise replaces ran while the check ran your function)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if is_todo(function):
        not_done(exercise)
    if not callable(function):
        raise AssertionError(f"{name} should be a function, but it is a {type(function).__name__}: {function!r}")
    try:
        result = call_own_work(function, args, forbidden)
    except NotImplementedError:
        not_done(exercise)
    except OtherLibraryUse as used:
        raise AssertionError(other_library_in_function(name, used)) from None
    except ForbiddenUse as used:
        label = f"`{used.label}`"
        seen = (
            f"{used.calls} {'call' if used.calls == 1 else 'calls'} of code the exercise replaces ran while the "
            "check ran your function"
            if used.calls
            else "your code refers to it"
        )
        rule = rule_for(used.label, forbidden, getattr(function, "__globals__", None))
        why = rule.why if rule is not None and rule.why else "the exercise is to write those steps yourself"
        raise AssertionError(
            f"{name} calls {label}, {used.owner} own version, which did the work: {why} ({seen})"
        ) from None
    except Exception as error:  # the student's code crashed: say where, in words
        shown = ", ".join(short_repr(arg) for arg in args)
        raise AssertionError(f"{name}({shown}) crashed with {type(error).__name__}: {error}") from None
    if is_todo(result):
        not_done(exercise)
    if result is None and not none_is_answer:
        shown = ", ".join(short_repr(arg) for arg in args)
        raise AssertionError(f"{name}({shown}) returned None: did you forget the `return` line?")
    return result


def other_library_in_function(name: str, used: OtherLibraryUse) -> str:
    """What a check says when another tokenizer library did the work of the learner's function ``name``.

    >>> print(other_library_in_function("my_encode", OtherLibraryUse("Hugging Face `tokenizers`", "`WordPiece.tokenize`")))
    my_encode uses Hugging Face `tokenizers` (`WordPiece.tokenize`): another tokenizer library did the work, so the check cannot tell what your own steps would give. The exercise is to write those steps yourself, in plain Python
    """
    return (
        f"{name} uses {used.found.label}: {ANOTHER_LIBRARY}, so the check cannot tell what your own steps would "
        "give. The exercise is to write those steps yourself, in plain Python"
    )


#: What went wrong with a Fraction made from a float: the exactness was lost before the Fraction was made.
FROM_A_FLOAT = (
    "that Fraction was made from a float, so it keeps the float's rounding (Fraction(0.1) is not 1/10): make it "
    "from whole numbers, Fraction(numerator, denominator), or keep every step in Fractions"
)


def made_from_a_float(answer: Any) -> bool:
    """Whether ``answer`` is a Fraction made from a float: its denominator is a large power of two.

    >>> made_from_a_float(Fraction(13 / 19)), made_from_a_float(Fraction(13, 19)), made_from_a_float(Fraction(1, 4))
    (True, False, False)
    """
    if not isinstance(answer, Fraction):
        return False
    denominator = answer.denominator
    return denominator >= 2**20 and denominator & (denominator - 1) == 0


def short_repr(value: Any, limit: int = 60) -> str:
    """``repr`` cut to ``limit`` characters; a set is shown sorted, so a message is the same on every run.

    >>> short_repr({"b", "a"}), short_repr("x" * 80, 10)
    ("{'a', 'b'}", "'xxxxxx...")
    """
    if isinstance(value, (set, frozenset)):
        items = sorted(value, key=repr)
        text = "{" + ", ".join(repr(item) for item in items) + "}" if items else "set()"
        return text if len(text) <= limit else text[: limit - 3] + "..."
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_list(items: Sequence[Any], limit: int = 6, noun: str = "tokens") -> str:
    """A list for a message: long ones keep their first items and say how many there are.

    >>> short_list(["h"] + ["##u"] * 99)
    "['h', '##u', '##u', '##u', '##u', '##u', ...] (100 tokens)"
    """
    items = list(items)
    if len(items) <= limit:
        return repr(items)
    return repr(items[:limit])[:-1] + f", ...] ({len(items)} {noun})"


def as_list(value: Any, what: str) -> list[Any]:
    """``value`` as a list, or a plain-words failure when it is not a list-like answer.

    >>> as_list(("a", "b"), "the tokens")
    ['a', 'b']
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise AssertionError(f"{what} should be a list, got {type(value).__name__}: {short_repr(value)}")
    return list(value)


__all__ = [
    "FROM_A_FLOAT",
    "TODO",
    "Forbidden",
    "NotDoneYet",
    "as_list",
    "call",
    "forbid",
    "is_todo",
    "made_from_a_float",
    "not_done",
    "other_library_in_function",
    "require",
    "short_list",
    "short_repr",
]
