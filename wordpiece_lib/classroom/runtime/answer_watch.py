"""Is a value answer the learner's own work? The cells that assign it are watched while they run.

"predict the first merges without running the trainer": the answer is a
value. Each checks module registers the library that gives that value
(:func:`watch_answer`); in IPython every cell that assigns a watched answer
runs with the calls of that library counted (:func:`install_answer_watch`,
the counting of :mod:`wordpiece_lib.classroom.runtime.call_count`), and the
check refuses the answer when the library did the work
(:func:`refuse_in_answer`). A name an earlier cell computed with the library
and the answer cell only copies is found too (:func:`note_library_values`),
and so are the names in the answer cell itself (from IPython's input history,
:mod:`wordpiece_lib.classroom.runtime.cell_names`).

>>> from wordpiece_lib.model import alphabet
>>> from wordpiece_lib.classroom.runtime import forbid
>>> watch_answer("demo_letters", forbid(alphabet))
>>> with watched_cell("demo_letters = alphabet(['hug'])"):
...     demo_letters = alphabet(["hug"])
>>> refuse_in_answer("demo_letters", [], "your answer runs {name}", source="demo_letters = alphabet(['hug'])")
Traceback (most recent call last):
...
AssertionError: your answer runs 'alphabet' (1 call of the library's own version ran while your answer cell ran)
"""

from __future__ import annotations

import ast
import contextlib
import sys
import types
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from wordpiece_lib.classroom.runtime.call_count import (
    CallCount,
    Forbidden,
    _code_objects,
    _is_any,
    _unwrap,
    answer_codes,
    forbidden_names_in,
)
from wordpiece_lib.classroom.runtime.cell_names import (
    _assigned_names,
    _local_names,
    _running_shell,
    _written_names,
    answer_cell_source,
    calls_in_source,
)


@dataclass(frozen=True)
class CellWork:
    """What ran while an answer cell ran: the function that did the work (or None) and how many calls."""

    source: str
    first: str | None = None
    calls: int = 0


#: Value exercises by key: the library an answer must not come from (each checks module registers its own).
WATCHED: dict[str, tuple[Forbidden, ...]] = {}


#: What ran in the latest cell that assigned each watched key.
_WORK: dict[str, CellWork] = {}


def watch_answer(key: str, forbidden: Sequence[Forbidden]) -> None:
    """From now on, count the calls of ``forbidden`` while a cell that assigns ``key`` runs.

    >>> from wordpiece_lib.classroom.runtime import forbid
    >>> from wordpiece_lib.model import alphabet
    >>> watch_answer("demo_alphabet", forbid(alphabet))
    >>> "demo_alphabet" in WATCHED
    True
    """
    WATCHED[key] = tuple(forbidden)


class _CellWatch:
    """Counts, while one cell runs, the forbidden calls of every watched key the cell assigns."""

    def __init__(self, source: str, namespace: dict[str, Any] | None = None) -> None:
        self.source = source
        self.namespace = namespace  # where a rule's names (the notebook's worked functions) are looked up
        try:
            tree = ast.parse(source)
        except SyntaxError:  # a magic cell (%%ipytest ...) assigns no answer
            tree = ast.Module(body=[], type_ignores=[])
        assigned = _assigned_names(tree)
        self.keys = [key for key in WATCHED if key in assigned]
        codes: dict[types.CodeType, str] = {}
        for key in self.keys:
            codes.update(answer_codes(WATCHED[key], namespace))
        self.count = CallCount(codes)

    def start(self) -> None:
        if self.keys:
            self.count.__enter__()

    def stop(self) -> None:
        if not self.keys:
            return
        self.count.__exit__(None, None, None)
        for key in self.keys:
            labels = {label for rule in WATCHED[key] for label in answer_codes([rule], self.namespace).values()}
            calls = sum(n for label, n in self.count.by_label.items() if label in labels)
            first = (
                self.count.first
                if self.count.first in labels
                else next((label for label in self.count.by_label if label in labels), None)
            )
            _WORK[key] = CellWork(self.source, first, calls)


@contextlib.contextmanager
def watched_cell(source: str, namespace: dict[str, Any] | None = None) -> Iterator[None]:
    """While the block runs, watch it as the notebook watches a cell whose code is ``source``.

    This is what :func:`install_answer_watch` does around every cell; a test
    runs an answer cell's code inside the block. With ``namespace`` (the
    cell's globals), the names the cell assigned from the library's work are
    noted afterwards too (:func:`note_library_values`).

    >>> from wordpiece_lib.classroom.runtime import forbid
    >>> from wordpiece_lib.model import alphabet
    >>> watch_answer("demo_alphabet", forbid(alphabet))
    >>> with watched_cell("demo_alphabet = letters(['hug'])"):
    ...     letters = alphabet
    ...     demo_alphabet = letters(["hug"])
    >>> work_in_answer("demo_alphabet")
    CellWork(source="demo_alphabet = letters(['hug'])", first='alphabet', calls=1)
    """
    watch = _CellWatch(source, namespace)
    watch.start()
    try:
        yield
    finally:
        watch.stop()
        if namespace is not None:
            note_library_values(source, namespace)


def work_in_answer(key: str, source: str | None = None) -> CellWork | None:
    """What ran in the latest watched cell that assigned ``key`` (None if none ran, or not that ``source``).

    >>> work_in_answer("never_watched") is None
    True
    """
    work = _WORK.get(key)
    if work is None or (source is not None and work.source.strip() != source.strip()):
        return None
    return work


def forget_answer_work() -> None:
    """Forget what ran in every answer cell (a fresh start, as in a new kernel).

    >>> forget_answer_work()
    >>> work_in_answer("demo_alphabet") is None
    True
    """
    _WORK.clear()
    _FROM_LIBRARY.clear()


def install_answer_watch(shell: Any = None) -> bool:
    """In IPython, watch every cell that assigns a watched answer (once per shell); False outside IPython.

    >>> install_answer_watch()  # a plain Python session has no cells
    False
    """
    shell = shell if shell is not None else _running_shell()
    if shell is None:
        return False
    events = getattr(shell, "events", None)
    if events is None:
        return False
    if getattr(shell, "_wordpiece_answer_watch", False):
        return True
    running: list[_CellWatch] = []

    def before(info: Any) -> None:
        watch = _CellWatch(getattr(info, "raw_cell", "") or "", getattr(shell, "user_ns", None))
        watch.start()
        running.append(watch)

    def after(result: Any) -> None:
        while running:
            watch = running.pop()
            watch.stop()
            note_library_values(watch.source, getattr(shell, "user_ns", {}))

    events.register("pre_run_cell", before)
    events.register("post_run_cell", after)
    shell._wordpiece_answer_watch = True
    return True


#: Names whose latest value an earlier cell computed with a watched answer's library:
#: name -> (that cell's code, {watched key: label of the function that did the work}).
_FROM_LIBRARY: dict[str, tuple[str, dict[str, str]]] = {}


def _library_reached(tree: ast.AST, namespace: dict[str, Any], key: str) -> str | None:
    """The label of the watched library of ``key`` that the code reaches by a name, or None.

    Resolved in ``namespace`` after the cell ran: the library's function under
    any alias, a module attribute, a method of a library object
    (``trace.tokens``), a function of the learner's whose code refers to the
    library, and a name an earlier cell computed with the library.
    """
    forbidden = WATCHED[key]
    codes = answer_codes(forbidden, namespace)
    local = _local_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id in local:
                continue
            earlier = _FROM_LIBRARY.get(node.id)
            if earlier is not None and key in earlier[1]:
                return earlier[1][key]
            value = namespace.get(node.id)
            if value is None:
                continue
            rule = next((rule for rule in forbidden if _is_any(value, rule.resolve(namespace))), None)
            if rule is not None:  # the library's own function or class, under any name
                return rule.label_name
            code = getattr(_unwrap(value), "__code__", None)
            if code in codes:  # a bound method or a wrapper of one
                return codes[code]
            if isinstance(value, types.FunctionType) and _learners(value):
                inside = sorted(forbidden_names_in(value, forbidden))
                if inside:
                    return inside[0]
                method = _method_in_function(value, _objects_read(tree, namespace), codes)
                if method is not None:
                    return method
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = namespace.get(node.value.id)
            if owner is None:
                continue
            member = getattr(owner if isinstance(owner, (type, types.ModuleType)) else type(owner), node.attr, None)
            code = getattr(_unwrap(member), "__code__", None) if member is not None else None
            if code in codes:
                return codes[code]
    return None


def _learners(function: types.FunctionType) -> bool:
    """True for a function a notebook cell defined, False for one of an imported module (the library's own)."""
    module = sys.modules.get(getattr(function, "__module__", None) or "")
    return (
        module is None or getattr(module, "__dict__", None) is not function.__globals__ or module.__name__ == "__main__"
    )


def _objects_read(tree: ast.AST, namespace: dict[str, Any]) -> list[Any]:
    """The plain objects (not modules, classes or functions) a cell's code reads by name."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in namespace:
            value = namespace[node.id]
            if not isinstance(value, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType)):
                found.append(value)
    return found


def _method_in_function(
    function: types.FunctionType, passed: list[Any], codes: dict[types.CodeType, str]
) -> str | None:
    """A library method the function's code names on an object it can reach: its globals, closure or arguments.

    Static and generous on purpose: ``def where(t): return t.encode_plus(...)``
    called as ``where(tokenizer)`` is found because the cell passes a
    tokenizer and the function asks for ``encode_plus``.
    """
    reachable = list(passed)
    if function.__closure__:
        for cell in function.__closure__:
            with contextlib.suppress(ValueError):  # an empty cell
                reachable.append(cell.cell_contents)
    for inner in _code_objects(function.__code__):
        reachable.extend(function.__globals__[name] for name in inner.co_names if name in function.__globals__)
    for inner in _code_objects(function.__code__):
        for owner in reachable:
            if isinstance(owner, (types.ModuleType, types.FunctionType)):
                continue
            klass = owner if isinstance(owner, type) else type(owner)
            for attribute in inner.co_names:
                member = getattr(klass, attribute, None)
                code = getattr(_unwrap(member), "__code__", None) if member is not None else None
                if code in codes:
                    return codes[code]
    return None


def note_library_values(source: str, namespace: dict[str, Any]) -> None:
    """After a cell ran: note which names it assigned from a watched answer's library (and forget the others).

    An answer cell that only copies such a name (``first_three = mine``) runs
    nothing the watch could count; :func:`refuse_in_answer` finds it here.

    >>> from wordpiece_lib.classroom.runtime import forbid
    >>> from wordpiece_lib.model import alphabet
    >>> watch_answer("demo_alphabet", forbid(alphabet))
    >>> cell = {"letters": alphabet}
    >>> note_library_values("mine = letters(['hug'])", cell)
    >>> library_value_in("demo_alphabet = mine", "demo_alphabet")
    ('mine', 'alphabet')
    >>> note_library_values("mine = ['h', '##u', '##g']", cell)  # typed by hand this time
    >>> library_value_in("demo_alphabet = mine", "demo_alphabet") is None
    True
    >>> note_library_values("words = ['hug', 'pug']\\nseen = [letters([w]) for w in words]", cell)
    >>> library_value_in("demo_alphabet = sorted({c for w in words for c in w})", "demo_alphabet") is None
    True
    >>> library_value_in("demo_alphabet = seen[0]", "demo_alphabet")
    ('seen', 'alphabet')
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a magic cell (%%ipytest ...) assigns nothing of the learner's
        return
    if not WATCHED:
        return
    for statement in tree.body:  # statement by statement: a cell may set up data and use the library apart
        written = _written_names(statement)
        if not written:
            continue
        reached = {key: label for key in WATCHED if (label := _library_reached(statement, namespace, key)) is not None}
        for name in written:
            if reached:
                _FROM_LIBRARY[name] = (source, dict(reached))
            else:
                _FROM_LIBRARY.pop(name, None)


def library_value_in(source: str, key: str) -> tuple[str, str] | None:
    """The first name ``source`` reads whose value an earlier cell computed with ``key``'s library, and that library.

    >>> library_value_in("demo_alphabet = ['h']", "demo_alphabet") is None
    True
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    local = _local_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
            earlier = _FROM_LIBRARY.get(node.id)
            if earlier is not None and key in earlier[1] and earlier[0].strip() != source.strip():
                return node.id, earlier[1][key]
    return None


def refuse_in_answer(key: str, names: Iterable[str], message: str, source: str | None = None) -> None:
    """Fail when the library did the work of the answer ``key``; ``message`` says why, naming it with ``{name}``.

    Two looks: what *ran* while the answer cell ran (the calls counted by
    :func:`install_answer_watch` for the functions registered with
    :func:`watch_answer`, whatever alias, helper or object method reached
    them), and the names the cell's code uses (``names``, for a call the
    watch could not see, e.g. outside IPython). ``source`` is the answer
    cell's code (default: the latest cell that assigned ``key``).

    >>> refuse_in_answer("n", ["train_fast"], "your answer runs {name}", source="n = len(train_fast(c, 9).steps)")
    Traceback (most recent call last):
    ...
    AssertionError: your answer runs 'train_fast'
    >>> refuse_in_answer("n", ["train_fast"], "your answer runs {name}", source="n = 12")
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    work = work_in_answer(key, source)
    if work is not None and work.first is not None:
        plural = "call" if work.calls == 1 else "calls"
        worked = any(rule.label_name == work.first and not rule.objects for rule in WATCHED.get(key, ()))
        whose = "the notebook's worked example" if worked else "the library's own version"
        raise AssertionError(
            message.format(name=repr(work.first))
            + f" ({work.calls} {plural} of {whose} ran while your answer cell ran)"
        )
    code = answer_cell_source(key) if source is None else source
    copied = library_value_in(code or "", key)
    if copied is not None:
        name, label = copied
        raise AssertionError(message.format(name=repr(label)) + f" (in an earlier cell, which computed `{name}`)")
    used = calls_in_source(code or "", names)
    if used:
        raise AssertionError(message.format(name=repr(used[0])))


__all__ = [
    "WATCHED",
    "CellWork",
    "forget_answer_work",
    "install_answer_watch",
    "library_value_in",
    "note_library_values",
    "refuse_in_answer",
    "watch_answer",
    "watched_cell",
    "work_in_answer",
]
