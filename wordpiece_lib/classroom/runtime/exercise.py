"""The frame every "your turn" check runs in: tries, hints, answers on request, progress.

A notebook's exercises are declared once, in its topic's ``checks`` module, as
a :class:`Workbook` of :class:`Exercise` entries; each ``check_*`` function is
registered with ``@WORKBOOK.check("key")``. A check looks at the learner's
answer (a value, or a function the learner wrote) and either returns quietly
or raises ``AssertionError`` with a message that points at the *idea* that is
off, never at the expected value. The workbook then adds tiers:

1. every wrong try is counted (``progress()`` shows done / wrong / not started;
   the latest check decides, so a done exercise checked again with a wrong
   answer is wrong again);
2. from the second wrong try on, the exercise's hints are added, one more each time;
3. from the third wrong try on, the message says ``show_answer("key")`` gives a
   worked answer; before any try it asks the learner to have a go first.

An exercise the learner has not started yet is not a failure: a stub that
still holds ``TODO`` or still raises ``NotImplementedError`` makes the check
*skip* with a friendly "not done yet" note (``pytest.skip``), so a fresh
notebook runs from top to bottom while a wrong answer fails loudly.

Checks run a learner's function on fresh inputs the notebook never printed
(built from a fixed ``random.Random`` seed, so they are the same on every run
and under every ``PYTHONHASHSEED``), and :func:`call` can switch library
functions off while the learner's code runs (see
:mod:`wordpiece_lib.classroom.runtime.own_work`): an exercise that asks to write
``split_word`` fails when the answer just calls it.

Every check hides its own frames from pytest's report (``__tracebackhide__``),
so with ``--tb=short`` a wrong answer shows the learner's test line and the
plain-words message. ``report_failures_briefly`` replaces ipytest's second
traceback by one line.

A new notebook (09, 10, 11...) adopts all of this in its checks module:

>>> WORKBOOK = Workbook("99 · an example", [
...     Exercise("shout", "Your turn 1 · shout", hints=("str has a method for capitals",),
...              answer="```python\\ndef shout(word):\\n    return word.upper()\\n```"),
... ])
>>> @WORKBOOK.check("shout")
... def check_shout(function):
...     result = call(function, "hug", name="shout", exercise="shouting")
...     if result != "HUG":
...         raise AssertionError("every letter should be a capital")
>>> check_shout(lambda word: word.upper())
>>> WORKBOOK.progress()
99 · an example: 1 of 1 done
  Your turn 1 · shout (shout): done

A wrong answer is told what is off; later tries add the hints:

>>> WORKBOOK.reset()
>>> for attempt in range(3):
...     try:
...         check_shout(lambda word: word.title())
...     except AssertionError as wrong:
...         message = str(wrong)
>>> print(message)
every letter should be a capital
Hint: str has a method for capitals
Stuck? show_answer('shout') shows a worked answer (this was try 3).
>>> WORKBOOK.progress()
99 · an example: 0 of 1 done
  Your turn 1 · shout (shout): wrong (3 tries)
>>> print(WORKBOOK.show_answer("shout"))
A worked answer for Your turn 1 · shout:
```python
def shout(word):
    return word.upper()
```

:func:`call` runs the learner's function and explains a crash or a missing ``return``:

>>> call(lambda word: None, "hug", name="shout", exercise="shouting")
Traceback (most recent call last):
...
AssertionError: shout('hug') returned None: did you forget the `return` line?
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from wordpiece_lib._validate import check_bool
from wordpiece_lib.classroom.runtime.answers import AnswerSource, current_source
from wordpiece_lib.classroom.runtime.own_work import Forbidden, ForbiddenUse, call_own_work, forbid
from wordpiece_lib.classroom.runtime.progress_file import ProgressStore, now

CheckFunction = TypeVar("CheckFunction", bound=Callable[..., None])

#: Wrong tries after which a failure message offers ``show_answer``.
TRIES_BEFORE_ANSWER = 3


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


#: The exercises whose check is running (innermost last): a "not done yet" note names the exercise.
_CHECKING: list[tuple[str, Exercise]] = []


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
    write instead of calling (see :mod:`wordpiece_lib.classroom.runtime.own_work`):
    their calls are counted while the learner's function runs, however they
    were reached (an alias, another cell's helper, an object's method).
    A function that returns ``None`` is told it forgot its ``return`` line,
    unless ``none_is_answer`` (the exercise uses ``None`` as an answer).

    >>> call(len, "hug", name="len", exercise="counting")
    3
    >>> from wordpiece_lib.model.pieces import split_word
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
        result = call_own_work(function, args, forbidden) if forbidden else function(*args)
    except NotImplementedError:
        not_done(exercise)
    except ForbiddenUse as used:
        label = f"`{used.label}`"
        seen = (
            f"{used.calls} {'call' if used.calls == 1 else 'calls'} of code the exercise replaces ran while the "
            "check ran your function"
            if used.calls
            else "your code refers to it"
        )
        raise AssertionError(
            f"{name} calls {label}, {used.owner} own version, which did the work: the exercise is to "
            f"write those steps yourself ({seen})"
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
    """``value`` as a list, or a plain-words failure when it is not a list-like answer.

    >>> as_list(("a", "b"), "the tokens")
    ['a', 'b']
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise AssertionError(f"{what} should be a list, got {type(value).__name__}: {short_repr(value)}")
    return list(value)


# ---------------------------------------------------------------- exercises, tries and progress


@dataclass(frozen=True)
class Exercise:
    """One "your turn" of a notebook.

    ``key`` is what the learner types in ``show_answer("key")`` (the name of
    the variable or function the exercise asks for); ``title`` is the heading
    in the notebook. ``hints`` are added to the failure message from the
    second wrong try on, one more each time; they point at an idea, never at
    the value. ``answer`` is the worked answer (Markdown): a fixed text, or a
    function that makes it from the arguments the check was last called with,
    so it can use the notebook's own data. A ``prediction`` is an answer
    the learner gives before a cell reveals it: its first checked answer is
    kept, and ``progress()`` says when it changed after the reveal ran
    (the notebook's reveal cell calls :meth:`Workbook.reveal`).

    >>> Exercise("shout", "Your turn 1 · shout").hints
    ()
    """

    key: str
    title: str
    hints: tuple[str, ...] = ()
    answer: str | Callable[..., str] | None = None
    prediction: bool = False

    def __post_init__(self) -> None:
        _check_text(self.key, "key")
        _check_text(self.title, "title")
        if isinstance(self.hints, str) or not isinstance(self.hints, Iterable):
            raise TypeError(f"hints must be a tuple of str, got {type(self.hints).__name__}")
        hints = tuple(self.hints)
        for position, hint in enumerate(hints):
            _check_text(hint, f"hints[{position}]")
        object.__setattr__(self, "hints", hints)  # frozen: a list given becomes the tuple stored
        if self.answer is not None and not isinstance(self.answer, str) and not callable(self.answer):
            raise TypeError(f"answer must be a str, a function making one, or None, got {type(self.answer).__name__}")
        if not isinstance(self.prediction, bool):
            raise TypeError(f"prediction must be True or False, got {type(self.prediction).__name__}")


def _check_text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"{name} must not be empty")
    return value


@dataclass
class Attempt:
    """What the checks saw of one exercise in this kernel.

    The latest check decides: ``done`` is set by a passing check and cleared
    by a failing one (``was_done`` remembers that it had been done). For a
    prediction, ``prediction`` is the answer as first checked, and
    ``changed_after_reveal`` says that, after the cell revealing the answer
    had run, a check saw another answer than the last one checked before it;
    ``revealed_first`` that the answer was shown (``reveal(..., now=True)``)
    before any answer had been checked.
    """

    tries: int = 0
    done: bool = False
    answer_seen: bool = False
    last_call: tuple[tuple[Any, ...], dict[str, Any]] | None = field(default=None, repr=False)
    was_done: bool = False
    prediction: str | None = None
    before_reveal: str | None = None
    first_right: bool | None = None
    revealed: bool = False
    changed_after_reveal: bool = False
    revealed_first: bool = False
    when: str | None = None

    #: The fields a progress file keeps (``last_call`` holds live objects: it stays in the kernel).
    SAVED = (
        "tries",
        "done",
        "answer_seen",
        "was_done",
        "prediction",
        "before_reveal",
        "first_right",
        "revealed",
        "changed_after_reveal",
        "revealed_first",
        "when",
    )

    def record(self) -> dict[str, Any]:
        """What the progress file keeps of this attempt (plain JSON values), its status included.

        >>> Attempt(tries=2).record()["status"]
        'wrong (2 tries)'
        """
        return {"status": self.status(), **{name: getattr(self, name) for name in self.SAVED}}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Attempt:
        """An attempt as a progress file kept it; a value of the wrong type is left at its default.

        >>> Attempt.from_record({"tries": 3, "done": "yes"})
        Attempt(tries=3, done=False, answer_seen=False, was_done=False, prediction=None, before_reveal=None, first_right=None, revealed=False, changed_after_reveal=False, revealed_first=False, when=None)
        """
        attempt = cls()
        for name in cls.SAVED:
            value, default = record.get(name), getattr(attempt, name)
            kinds = (int,) if name == "tries" else (bool,) if isinstance(default, bool) else (str, bool, type(None))
            if isinstance(value, kinds) and not (name == "tries" and (isinstance(value, bool) or value < 0)):
                setattr(attempt, name, value)
        return attempt

    def status(self) -> str:
        """``done``, ``wrong (n tries)`` or ``not started``, with notes on the answer and a changed prediction.

        >>> Attempt(tries=2).status(), Attempt(tries=1, done=True).status(), Attempt().status()
        ('wrong (2 tries)', 'done', 'not started')
        >>> Attempt(tries=1, was_done=True).status()
        'wrong (1 try) after being done'
        >>> Attempt(tries=1, done=True, first_right=False, changed_after_reveal=True).status()
        'done, prediction changed after its reveal ran (the first prediction was wrong)'
        >>> Attempt(tries=1, done=True, revealed_first=True).status()
        'done, answered after its reveal was shown'
        """
        if self.done:
            text = "done"
        elif self.tries:
            text = f"wrong ({self.tries} {'try' if self.tries == 1 else 'tries'})"
            if self.was_done:
                text += " after being done"
        else:
            text = "not started"
        if self.changed_after_reveal:
            first = {True: "right", False: "wrong"}.get(self.first_right)  # type: ignore[arg-type]
            text += ", prediction changed after its reveal ran" + (
                f" (the first prediction was {first})" if first else ""
            )
        if self.revealed_first:
            text += ", answered after its reveal was shown"
        return f"{text}, answer seen" if self.answer_seen else text


def fingerprint(value: Any) -> str:
    """A text that is the same for equal answers on every run (sets sorted), to tell a changed prediction.

    >>> fingerprint({"b", "a"}) == fingerprint({"a", "b"}), fingerprint([1, 2])
    (True, '[1, 2]')
    """
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(fingerprint(item) for item in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{fingerprint(k)}: {fingerprint(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(fingerprint(item) for item in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    return repr(value)


class Text(str):
    """A message for the learner: Markdown in a notebook, plain text elsewhere."""

    def _repr_markdown_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Progress:
    """The exercises of one notebook and their status, as a table (HTML in a notebook, text elsewhere)."""

    notebook: str
    rows: tuple[tuple[str, str, str], ...]
    note: str = ""

    @property
    def done(self) -> int:
        return sum(status.startswith("done") for _, _, status in self.rows)

    def __repr__(self) -> str:
        lines = [f"{self.notebook}: {self.done} of {len(self.rows)} done"]
        lines += [f"  {title} ({key}): {status}" for title, key, status in self.rows]
        if self.note:
            lines.append(f"Note: {self.note}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        colours = {"done": "#d9f0d3", "wrong": "#fbb4ae", "not started": "#f0f0f0"}
        cells = []
        for title, key, status in self.rows:
            colour = next((value for name, value in colours.items() if status.startswith(name)), "#ffffff")
            cells.append(
                f"<tr><td>{html.escape(title)}</td><td><code>{html.escape(key)}</code></td>"
                f'<td style="background:{colour}">{html.escape(status)}</td></tr>'
            )
        return (
            f"<p><b>{html.escape(self.notebook)}</b>: {self.done} of {len(self.rows)} exercises done</p>"
            "<table><tr><th>exercise</th><th>show_answer(...)</th><th>status</th></tr>"
            + "".join(cells)
            + "</table>"
            + (f"<p><i>Note: {html.escape(self.note)}</i></p>" if self.note else "")
        )


#: Every workbook by notebook, in the order they were made (for :func:`show_answer`).
WORKBOOKS: dict[str, Workbook] = {}


class Workbook:
    """The exercises of one notebook, and what the checks saw of them (kept in its progress file).

    ``answers`` names the answer set holding the worked answers of exercises
    that give none themselves (the course's notebooks keep theirs with the
    solutions, see :mod:`wordpiece_lib.classroom.runtime.answers`).
    ``progress_folder`` is where the progress file goes (see
    :mod:`wordpiece_lib.classroom.runtime.progress_file`; default: the notebook's folder when
    run in a Jupyter kernel, else memory only). A file already there is read
    back, so a restarted kernel goes on where it was.
    """

    def __init__(
        self,
        notebook: str,
        exercises: Iterable[Exercise],
        *,
        answers: str | None = None,
        progress_folder: str | os.PathLike[str] | None = None,
    ) -> None:
        self.notebook = _check_text(notebook, "notebook")
        if isinstance(exercises, (str, bytes)) or not isinstance(exercises, Iterable):
            raise TypeError(f"exercises must be a list of Exercise, got {type(exercises).__name__}")
        exercises = list(exercises)
        for position, exercise in enumerate(exercises):
            if not isinstance(exercise, Exercise):
                raise TypeError(f"exercises[{position}] must be an Exercise, got {type(exercise).__name__}")
        self.exercises = {exercise.key: exercise for exercise in exercises}
        if not self.exercises:
            raise ValueError("a workbook needs at least one exercise")
        if answers is not None:
            _check_text(answers, "answers")
        if progress_folder is not None and not isinstance(progress_folder, (str, os.PathLike)):
            raise TypeError(
                f"progress_folder must be a folder's path (str or Path), got {type(progress_folder).__name__}"
            )
        #: The name of the answer set the worked answers come from (see :mod:`wordpiece_lib.classroom.runtime.answers`).
        self.answers = answers
        self._attempts = {key: Attempt() for key in self.exercises}
        self.store = ProgressStore.for_notebook(notebook, progress_folder)
        for key, record in self.store.load().items():
            if key in self._attempts:  # an exercise since removed from the notebook is forgotten
                self._attempts[key] = Attempt.from_record(record)
        WORKBOOKS[notebook] = self

    def _save(self, key: str | None = None) -> None:
        """Write the progress file (``key``: the exercise that just changed gets the time)."""
        if key is not None:
            self._attempts[key].when = now()
        records = {
            name: {"title": self.exercises[name].title, **attempt.record()} for name, attempt in self._attempts.items()
        }
        self.store.save(self.notebook, records)

    def _exercise(self, key: str) -> Exercise:
        _check_text(key, "key")
        if key not in self.exercises:
            known = ", ".join(repr(name) for name in self.exercises)
            raise KeyError(f"{key!r} is not an exercise of {self.notebook}; the exercises are {known}")
        return self.exercises[key]

    def check(self, key: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register a check function for the exercise ``key``: its tries count, its failures get the tiers."""
        exercise = self._exercise(key)

        def register(check: CheckFunction) -> CheckFunction:
            @functools.wraps(check)
            def tiered(*args: Any, **kwargs: Any) -> None:
                __tracebackhide__ = True  # keep this frame out of the student's report
                attempt = self._attempts[key]
                attempt.last_call = (args, kwargs)
                answer = fingerprint(args[0]) if exercise.prediction and args and not is_todo(args[0]) else None
                _CHECKING.append((self.notebook, exercise))
                try:
                    check(*args, **kwargs)
                except AssertionError as wrong:
                    attempt.tries += 1
                    attempt.was_done = attempt.was_done or attempt.done
                    attempt.done = False  # the latest attempt decides
                    self._record_prediction(attempt, answer, right=False)
                    self._save(key)
                    raise AssertionError(self._tiered(exercise, attempt, str(wrong))) from None
                finally:
                    _CHECKING.pop()
                attempt.done = True
                self._record_prediction(attempt, answer, right=True)
                self._save(key)

            tiered.exercise = exercise  # type: ignore[attr-defined]
            return tiered  # type: ignore[return-value]

        return register

    @staticmethod
    def _record_prediction(attempt: Attempt, answer: str | None, *, right: bool) -> None:
        if answer is None:
            return
        if attempt.prediction is None:  # the first checked answer is the prediction
            attempt.prediction, attempt.first_right = answer, right
        if not attempt.revealed:
            attempt.before_reveal = answer
        elif answer != (attempt.before_reveal or attempt.prediction):
            attempt.changed_after_reveal = True

    def reveal(self, key: str, *, now: bool = False) -> bool:
        """Whether the cell revealing the answer to ``key`` may show it, noting that it did.

        It may once a check has seen an answer (right or wrong): a prediction
        comes before its reveal, also under Run All, where an unanswered
        exercise's check is skipped. Until then it prints how to go on and
        returns ``False``; ``now=True`` shows the answer anyway, and
        ``progress()`` then says that the exercise was answered after its
        reveal. Once shown, a prediction changed afterwards is reported.

        >>> book = Workbook("98 · reveal", [Exercise("guess", "Your turn 1 · guess", prediction=True)])
        >>> @book.check("guess")
        ... def check_guess(answer):
        ...     if answer != 3:
        ...         raise AssertionError("count again")
        >>> book.reveal("guess")
        The answer to Your turn 1 · guess is shown once you have made your prediction: answer it, run its check, then run this cell again (or give now=True to see it anyway).
        False
        >>> try:
        ...     check_guess(2)
        ... except AssertionError:
        ...     pass
        >>> book.reveal("guess")
        True
        >>> check_guess(3)
        >>> book.progress()
        98 · reveal: 1 of 1 done
          Your turn 1 · guess (guess): done, prediction changed after its reveal ran (the first prediction was wrong)
        """
        exercise = self._exercise(key)
        check_bool(now, "now")
        attempt = self._attempts[key]
        answered = attempt.tries > 0 or attempt.done
        if not answered and not now:
            print(
                f"The answer to {exercise.title} is shown once you have made your prediction: answer it, run its "
                "check, then run this cell again (or give now=True to see it anyway)."
            )
            return False
        attempt.revealed = True
        attempt.revealed_first = attempt.revealed_first or not answered
        self._save(key)
        return True

    def _tiered(self, exercise: Exercise, attempt: Attempt, message: str) -> str:
        lines = [message]
        shown = min(max(attempt.tries - 1, 0), len(exercise.hints))
        lines += [f"Hint: {hint}" for hint in exercise.hints[:shown]]
        if attempt.tries >= TRIES_BEFORE_ANSWER and self._answer(exercise)[0] is not None:
            lines.append(f"Stuck? show_answer({exercise.key!r}) shows a worked answer (this was try {attempt.tries}).")
        return "\n".join(lines)

    def attempt(self, key: str) -> Attempt:
        """What the checks saw of ``key`` so far."""
        self._exercise(key)
        return self._attempts[key]

    def progress(self) -> Progress:
        """Every exercise of the notebook as its latest check left it: done, wrong (how many tries) or not started."""
        rows = tuple((exercise.title, key, self._attempts[key].status()) for key, exercise in self.exercises.items())
        return Progress(self.notebook, rows, self.store.problem or "")

    def _answer(self, exercise: Exercise) -> tuple[str | Callable[..., str] | None, AnswerSource | None]:
        """The exercise's worked answer and where it came from (``None`` for one given in the exercise itself)."""
        if exercise.answer is not None or self.answers is None:
            return exercise.answer, None
        source = current_source()
        return source.answers(self.answers).get(exercise.key), source

    def show_answer(self, key: str, *, now: bool = False) -> Text:
        """A worked answer to ``key``, when the answers' source allows it (see :mod:`wordpiece_lib.classroom.runtime.answers`).

        In a clone of the workshop (or with answers given in the exercise): after a
        first try, or at once with ``now=True``. In a self-study release: after the
        third wrong try or once the exercise is done (the hint ladder), never with
        ``now=True``. In a graded release: never. In a wheel installed on its own:
        never, with where the answers come from.
        """
        exercise = self._exercise(key)
        if not isinstance(now, bool):
            raise TypeError(f"now must be True or False, got {type(now).__name__}")
        attempt = self._attempts[key]
        if exercise.answer is None and self.answers is not None:
            kind = current_source().kind
            if kind == "graded":
                return Text(
                    f"Worked answers are off in this course (a graded release), so there is none for "
                    f"{exercise.title}, now=True included: your teacher grades it. Its check cell still says what "
                    "to look at, and from the second try it adds hints."
                )
            if kind == "none":
                return Text(
                    f"The worked answer to {exercise.title} is not installed with the library: worked answers come "
                    "with your course's self-study release, or with a clone of the workshop "
                    "(notebooks/solutions/answers/). Its check cell says what to look at."
                )
        answer, source = self._answer(exercise)
        if answer is None:
            return Text(f"{exercise.title} has no worked answer here: its check says what to look at.")
        if source is not None and source.ladder_only:
            if not (attempt.done or attempt.tries >= TRIES_BEFORE_ANSWER):
                tries = f"{attempt.tries} {'try' if attempt.tries == 1 else 'tries'}"
                return Text(
                    f"In this self-study edition the worked answer to {exercise.title} opens after your "
                    f"{TRIES_BEFORE_ANSWER}rd wrong try, or once the exercise is done (so far: {tries}); each wrong try "
                    "first adds a hint." + (" now=True does not open it sooner." if now else "")
                )
        elif not (attempt.tries or attempt.done or now):
            return Text(
                f"Have a go at {exercise.title} first: put your answer in, run its check cell, and read what the "
                f"check says. If you want the answer anyway, run show_answer({key!r}, now=True)."
            )
        if isinstance(answer, str):
            attempt.answer_seen = True
            self._save(key)
            return Text(f"A worked answer for {exercise.title}:\n{answer}")
        if attempt.last_call is None:
            return Text(
                f"Run the check cell of {exercise.title} once (even with TODO still in it): the worked answer is "
                "made from this notebook's data, which the check cell passes in."
            )
        args, kwargs = attempt.last_call
        text = answer(*args, **kwargs)
        attempt.answer_seen = True
        self._save(key)
        return Text(f"A worked answer for {exercise.title}:\n{text}")

    def reset(self) -> None:
        """Forget every try, in this kernel and in the progress file (a fresh start)."""
        self._attempts = {key: Attempt() for key in self.exercises}
        if self.store.path is not None and self.store.path.exists():
            self._save()


def show_answer(key: str, *, now: bool = False) -> Text:
    """A worked answer to the exercise ``key`` of whichever notebook declared it (see :meth:`Workbook.show_answer`).

    >>> show_answer("no such exercise")
    Traceback (most recent call last):
    ...
    KeyError: "'no such exercise' is not an exercise of any notebook loaded in this kernel"
    """
    _check_text(key, "key")
    for workbook in reversed(list(WORKBOOKS.values())):
        if key in workbook.exercises:
            return workbook.show_answer(key, now=now)
    raise KeyError(f"{key!r} is not an exercise of any notebook loaded in this kernel")


__all__ = [
    "BRIEF_FAILURE",
    "FROM_A_FLOAT",
    "TODO",
    "Exercise",
    "Forbidden",
    "NotDoneYet",
    "Progress",
    "Workbook",
    "as_list",
    "call",
    "forbid",
    "is_todo",
    "made_from_a_float",
    "not_done",
    "report_failures_briefly",
    "require",
    "show_answer",
]
