"""A notebook's exercises and what the checks saw of them: tries, tiered hints, answers on request, progress.

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

An untouched stub is "not done yet", not a failure (see
:mod:`wordpiece_lib.classroom.runtime.checking`, which also calls the learner's
function); a check's failure keeps to the learner's line and the message
(:mod:`wordpiece_lib.classroom.runtime.failure_report`).

A new notebook (09, 10, 11...) adopts all of this in its checks module:

>>> from wordpiece_lib.classroom.runtime import call
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
"""

from __future__ import annotations

import contextlib
import copy
import functools
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from wordpiece_lib._validate import check_bool
from wordpiece_lib.classroom.runtime.answer_watch import (
    ANSWERS,
    UNKNOWN,
    answer_being_checked,
    in_answer_cell,
    note_check,
    refuse_other_library,
)
from wordpiece_lib.classroom.runtime.answers import AnswerSource, current_source
from wordpiece_lib.classroom.runtime.attempt import Attempt, fingerprint
from wordpiece_lib.classroom.runtime.checking import _CHECKING, is_todo
from wordpiece_lib.classroom.runtime.progress_file import ProgressStore, now
from wordpiece_lib.classroom.runtime.variants import VariantSpace, active_variant, vary_fresh_inputs

CheckFunction = TypeVar("CheckFunction", bound=Callable[..., None])
VariantMaker = TypeVar("VariantMaker", bound=Callable[..., Any])

#: Wrong tries after which a failure message offers ``show_answer``.
TRIES_BEFORE_ANSWER = 3

#: The tries on which a check of a set of items may say how many items are wrong, or which (see :func:`narrowing`).
INFORMATIVE_TRIES = 3

#: What a reveal cell prints before the exercise it reveals was answered; ``first`` says what comes first.
_NOT_YET = (
    "The answer to {title} is shown once you have {first}, run its check, then run this cell again (or give "
    "now=True to see it anyway)."
)
_FIRST_PREDICT = "made your prediction: answer it"
_FIRST_TRY = "tried it yourself: write your answer"


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
        ANSWERS.update(self.exercises)  # every answer's cell is watched for another tokenizer library's work
        if answers is not None:
            _check_text(answers, "answers")
        if progress_folder is not None and not isinstance(progress_folder, (str, os.PathLike)):
            raise TypeError(
                f"progress_folder must be a folder's path (str or Path), got {type(progress_folder).__name__}"
            )
        #: The name of the answer set the worked answers come from (see :mod:`wordpiece_lib.classroom.runtime.answers`).
        self.answers = answers
        self._attempts = {key: Attempt() for key in self.exercises}
        #: Each exercise's variant space, by key (see :meth:`variants`): exercises without one keep the course's data.
        self.variant_spaces: dict[str, VariantSpace] = {}
        self._made: dict[tuple[str, str | None], dict[str, Any]] = {}
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
        self.store.save(self.notebook, records, active_variant())

    def _exercise(self, key: str) -> Exercise:
        _check_text(key, "key")
        if key not in self.exercises:
            known = ", ".join(repr(name) for name in self.exercises)
            raise KeyError(f"{key!r} is not an exercise of {self.notebook}; the exercises are {known}")
        return self.exercises[key]

    def variants(self, key: str, *, course: dict[str, Any]) -> Callable[[VariantMaker], VariantMaker]:
        """Declare the variant space of exercise ``key``: its ``course`` data, and the decorated maker of a variant's.

        The maker takes a seeded ``random.Random`` and returns a dict with the
        keys of ``course``; :meth:`data` gives the course's data when no variant is
        active (the repository's notebooks, a self-study release) and the active
        variant's otherwise (a graded release, the grader).

        >>> book = Workbook("98 · Variants", [Exercise("pick", "Your turn 1 · pick")])
        >>> @book.variants("pick", course={"words": ["bun", "bug"]})
        ... def pick_variant(rng):
        ...     return {"words": [rng.choice("bcdfg") + "u" + rng.choice("gn") for _ in range(2)]}
        >>> book.data("pick")
        {'words': ['bun', 'bug']}
        >>> from wordpiece_lib.classroom.runtime.variants import variant_active
        >>> with variant_active("0123456789abcdef"):
        ...     book.data("pick") == book.variant_spaces["pick"].data("0123456789abcdef") != {"words": ["bun", "bug"]}
        True
        """
        self._exercise(key)
        if not isinstance(course, dict) or not course:
            raise TypeError(f"course must be a non-empty dict of the exercise's own data, got {course!r}")
        if key in self.variant_spaces:
            raise ValueError(f"the exercise {key!r} of {self.notebook} already has a variant space")

        def register(make: VariantMaker) -> VariantMaker:
            if not callable(make):
                raise TypeError(f"the variant space of {key!r} must be a function of a random.Random")
            self.variant_spaces[key] = VariantSpace(key, course, make)
            return make

        return register

    def vary_fresh_inputs(self, *keys: str) -> None:
        """Let the fresh inputs of these function exercises' checks follow the active variant (see :mod:`~.variants`)."""
        for key in keys:
            self._exercise(key)
        vary_fresh_inputs(*keys)

    def data(self, key: str) -> dict[str, Any]:
        """The data of exercise ``key``: its course data, or the active variant's (a fresh copy on every call)."""
        self._exercise(key)
        if key not in self.variant_spaces:
            raise KeyError(f"the exercise {key!r} of {self.notebook} declares no variant space: see Workbook.variants")
        variant = active_variant()
        made = self._made.get((key, variant))
        if made is None:
            made = self._made[key, variant] = self.variant_spaces[key].data(variant)
        return copy.deepcopy(made)

    def check(self, key: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register a check function for the exercise ``key``: its tries count, its failures get the tiers."""
        exercise = self._exercise(key)

        def register(check: CheckFunction) -> CheckFunction:
            with contextlib.suppress(TypeError):  # a callable object, not a function: no code to see it run by
                note_check(getattr(check, "__name__", key), check)  # an answer cell calling it is refused

            @functools.wraps(check)
            def tiered(*args: Any, **kwargs: Any) -> None:
                __tracebackhide__ = True  # keep this frame out of the student's report
                attempt = self._attempts[key]
                attempt.last_call = (args, kwargs)
                answer = fingerprint(args[0]) if exercise.prediction and args and not is_todo(args[0]) else None
                _CHECKING.append((self.notebook, exercise))
                given = args[0] if args else UNKNOWN
                counted = not in_answer_cell()  # called in an answer cell to find the answer: refused there, not a try
                try:
                    with answer_being_checked(key, given):
                        if args and not is_todo(given):  # every exercise: no other tokenizer library's work
                            refuse_other_library(key, given, kwargs.get("source"))
                        check(*args, **kwargs)
                except AssertionError as wrong:
                    if not counted:
                        raise
                    attempt.tries += 1
                    attempt.was_done = attempt.was_done or attempt.done
                    attempt.done = False  # the latest attempt decides
                    self._record_prediction(attempt, answer, right=False)
                    self._save(key)
                    raise AssertionError(self._tiered(exercise, attempt, str(wrong))) from None
                finally:
                    _CHECKING.pop()
                if not counted:
                    return
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
        comes before its reveal, and so does any other exercise's own try,
        also under Run All, where an unanswered exercise's check is skipped.
        Until then it prints how to go on (in a prediction's words, or an
        exercise's) and returns ``False``; ``now=True`` shows the answer anyway, and
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

        An exercise that is no prediction is told in its own words:

        >>> Workbook("97 · reveal", [Exercise("sum", "Your turn 1 · sum")]).reveal("sum")
        The answer to Your turn 1 · sum is shown once you have tried it yourself: write your answer, run its check, then run this cell again (or give now=True to see it anyway).
        False
        """
        exercise = self._exercise(key)
        check_bool(now, "now")
        attempt = self._attempts[key]
        answered = attempt.tries > 0 or attempt.done
        if not answered and not now:
            print(_NOT_YET.format(title=exercise.title, first=_FIRST_PREDICT if exercise.prediction else _FIRST_TRY))
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


def narrowing(detail: str, idea: str) -> str:
    """What a check of a set of items says: ``detail`` on the first tries of the exercise, then ``idea`` alone.

    ``detail`` counts or names the wrong items ("2 of your 7 predictions are
    wrong"); ``idea`` is what to think about, the same text whatever the answer.
    Why it stops: on the first tries the count points the learner at the idea
    they miss, and that is worth having. After :data:`INFORMATIVE_TRIES` wrong
    tries, a learner who still misses it gains nothing from more narrowing:
    the count has become an oracle for a search (change one item, read the
    count, keep it or put it back), which ends in a right answer and no idea.
    From then on the message is the idea alone, the hints go on, and
    ``show_answer`` (offered from the third try) explains every item, which is
    where the learning is then. The exercise is not locked: an answer worked
    out later is still right, and the check still says so.

    >>> WORKBOOK = Workbook("97 · sets", [Exercise("letters", "Your turn 1 · letters")])
    >>> @WORKBOOK.check("letters")
    ... def check_letters(answer):
    ...     wrong = len(set(answer) ^ {"h", "u", "g"})
    ...     if wrong:
    ...         raise AssertionError(narrowing(f"{wrong} letters are wrong", "spell the word"))
    >>> for attempt in range(4):
    ...     try:
    ...         check_letters({"h"})
    ...     except AssertionError as wrong:
    ...         print(str(wrong).splitlines()[0])
    2 letters are wrong
    2 letters are wrong
    2 letters are wrong
    spell the word (the check no longer says how many items are wrong, or which: after 3 tries, changing one item a try would find the answer without the idea; work each item out with it)
    """
    for value, name in ((detail, "detail"), (idea, "idea")):
        _check_text(value, name)
    if not _CHECKING:  # no exercise's check is running: nothing to count tries by
        return detail
    notebook, exercise = _CHECKING[-1]
    workbook = WORKBOOKS.get(notebook)
    if workbook is None or exercise.key not in workbook.exercises:
        return detail
    if workbook.attempt(exercise.key).tries < INFORMATIVE_TRIES:
        return detail
    return (
        f"{idea} (the check no longer says how many items are wrong, or which: after {INFORMATIVE_TRIES} tries, "
        "changing one item a try would find the answer without the idea; work each item out with it)"
    )


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
    "INFORMATIVE_TRIES",
    "TRIES_BEFORE_ANSWER",
    "WORKBOOKS",
    "Exercise",
    "Progress",
    "Text",
    "Workbook",
    "narrowing",
    "show_answer",
]
