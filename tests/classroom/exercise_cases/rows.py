"""The rows of the exercise tables: one case an exercise, one row a wrong answer, and how a row runs.

A :class:`Case` names the exercise's check, its right answer, the data the
check is given, and the wrong answers the check must refuse; its ``secrets``
are texts that would give the answer away, which no failure message may
contain. A wrong answer is a :class:`Wrong`, written with the function named
after its kind: :func:`slip` (a plausible mistake), :func:`copied` (the
notebook's worked example, wrapped or typed in), :func:`library` (the library
doing the learner's work, by any name), :func:`typed` (a wrong value typed
into the answer cell) and :func:`computed` (an answer a watched cell computed,
as in a kernel).

This is the one module of the tables that runs the classroom's exercise
runtime: the answer watch around a cell, and the fresh start between answers.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from wordpiece_lib.classroom import runtime

#: What kind of mistake a wrong answer is.
COPIED, LIBRARY, SLIP = "copied worked example", "calls the library", "plausible slip"
#: Another tokenizer library (Hugging Face's...) does the work (issue 40.1): every exercise refuses it.
OTHER = "another tokenizer library"


@dataclass(frozen=True)
class Later:
    """A value made when a case runs (once per process), not when the cases are listed."""

    make: Callable[[], Any]

    def __call__(self) -> Any:
        return self.make()


def now(value: Any) -> Any:
    """``value``, or what a :class:`Later` makes."""
    return value() if isinstance(value, Later) else value


@dataclass(frozen=True)
class Wrong:
    label: str
    answer: tuple[Any, ...]
    kind: str = SLIP
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the source of the answer cell


def slip(label: str, *answer: Any, **extra: Any) -> Wrong:
    """A plausible mistake: ``answer`` is what the check is given (``extra``, e.g. ``source``, goes along)."""
    return Wrong(label, answer, SLIP, extra)


def copied(label: str, *answer: Any, **extra: Any) -> Wrong:
    """The notebook's worked example (or a value it printed), wrapped or typed in."""
    return Wrong(label, answer, COPIED, extra)


def library(label: str, *answer: Any, **extra: Any) -> Wrong:
    """The library's answer, under its own name or any other."""
    return Wrong(label, answer, LIBRARY, extra)


def other_library(label: str, *answer: Any, **extra: Any) -> Wrong:
    """Another tokenizer library (Hugging Face's ``tokenizers``, ``transformers``...) does the learner's work."""
    return Wrong(label, answer, OTHER, extra)


def typed(label: str, value: Any) -> Wrong:
    """A wrong value typed straight into the answer cell (its source runs nothing the check would refuse)."""
    return slip(label, value, source="")


#: An answer slot filled with what the answer cell assigned (see :func:`computed`).
FROM_CELL = object()


def computed(
    label: str, source: str, names: dict[str, Any], keys: tuple[str, ...] | None = None, kind: str = LIBRARY
) -> Wrong:
    """An answer a cell computed with the library (run under the notebook's watch, as in a kernel).

    The cell ``source`` runs among ``names``; the answer is what it assigned to ``keys`` (the exercise's own
    name, unless given: the :class:`Case` fills it in).
    """
    slots = (FROM_CELL,) * (1 if keys is None else len(keys))
    return Wrong(label, slots, kind, extra={"cell": (source, names, keys)})


def other_computed(label: str, source: str, names: dict[str, Any], keys: tuple[str, ...] | None = None) -> Wrong:
    """An answer a cell computed with another tokenizer library (as :func:`computed`, the kind :data:`OTHER`)."""
    return computed(label, source, names, keys, kind=OTHER)


def after_cells(wrong: Wrong, *cells: str) -> Wrong:
    """``wrong``'s answer cell run after ``cells``, earlier cells of the same kernel (they compute what it reads)."""
    return replace(wrong, extra={**wrong.extra, "earlier": (*wrong.extra.get("earlier", ()), *cells)})


#: Each function :func:`another_cell` made: the cell's code and the names it ran among (a test types it again).
CELLS: dict[Any, tuple[str, dict[str, Any]]] = {}


def another_cell(code: str, name: str, **names: Any) -> Any:
    """The function ``name`` defined by ``code`` in a namespace of its own (holding ``names``), as an earlier cell."""
    namespace: dict = dict(names)
    exec(code, namespace)
    CELLS[namespace[name]] = (code, dict(names))
    return namespace[name]


def run_answer_cell(source: str, namespace: dict[str, Any]) -> None:
    """Run ``source`` in ``namespace`` as a notebook runs any cell: under the watch, noting library values after."""
    with runtime.watched_cell(source, namespace):
        exec(compile(source, "<answer cell>", "exec"), namespace)


def start_afresh() -> None:
    """Every workbook's tries and every answer cell's work forgotten, as in a new kernel."""
    for workbook in runtime.WORKBOOKS.values():
        workbook.reset()
    runtime.forget_answer_work()


def workbook_of(key: str) -> runtime.Workbook:
    """The workbook (one a notebook) that holds the exercise ``key``."""
    return next(workbook for workbook in runtime.WORKBOOKS.values() if key in workbook.exercises)


def secrets_of(*values: Any) -> tuple[str, ...]:
    """The texts of ``values`` as a message would show them."""
    return tuple(repr(value) for value in values)


@dataclass(frozen=True)
class Case:
    key: str
    check: Callable[..., None]
    right: tuple[Any, ...]
    wrongs: tuple[Wrong, ...]
    data: tuple[Any, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    secrets: tuple[str, ...] | Later = ()
    right_extra: dict[str, Any] = field(default_factory=dict)
    #: Names of the notebook that its worked answer uses (e.g. a speed it measured).
    notebook_names: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        named = tuple(
            replace(wrong, extra={**wrong.extra, "cell": (*wrong.extra["cell"][:2], (self.key,))})
            if "cell" in wrong.extra and wrong.extra["cell"][2] is None
            else wrong
            for wrong in self.wrongs
        )
        object.__setattr__(self, "wrongs", named)  # a computed answer with no names is the exercise's own

    def run(self, answer: tuple[Any, ...], extra: dict[str, Any] | None = None) -> None:
        extra = dict(extra or {})
        cell = extra.pop("cell", None)
        if cell is not None:  # the answer is what a watched answer cell assigned, as in the notebook
            source, names, keys = cell
            namespace = {name: now(value) for name, value in names.items()}
            for earlier in extra.pop("earlier", ()):  # cells run before the answer cell, in the same kernel
                run_answer_cell(earlier, namespace)
            run_answer_cell(source, namespace)
            values = iter([namespace[key] for key in keys])
            answer = tuple(next(values) if part is FROM_CELL else part for part in answer)
            if "source" in inspect.signature(self.check).parameters:  # else the check finds the cell as in a kernel
                extra["source"] = source
        options = {name: now(value) for name, value in {**self.options, **extra}.items()}
        self.check(*(now(value) for value in answer), *(now(value) for value in self.data), **options)

    def secret_texts(self) -> tuple[str, ...]:
        return tuple(now(self.secrets))

    def names(self) -> dict[str, Any]:
        return {name: now(value) for name, value in self.notebook_names.items()}
