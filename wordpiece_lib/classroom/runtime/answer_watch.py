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

Another tokenizer library (Hugging Face's, ``sentencepiece``...) is refused in
every exercise, registered or not: every cell that assigns an exercise's answer
is watched for it (:mod:`wordpiece_lib.classroom.runtime.other_libraries`), and
a name an earlier cell computed with it is noted too;
:func:`refuse_other_library` refuses such an answer, and every workbook's check
calls it first.

A refusal is about the answer the check is given, never about a name: what a
cell noted holds only while the name (or the answer) still is the very value
that cell made, so an own answer under the name of a refused try passes.

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
import inspect
import sys
import types
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordpiece_lib.classroom.runtime.call_count import (
    _LIBRARYS,
    CallCount,
    Forbidden,
    _code_objects,
    _is_any,
    _unwrap,
    answer_codes,
    forbidden_names_in,
    forget_worked_examples,
    owner_of,
    pin_worked_examples,
    rule_for,
)
from wordpiece_lib.classroom.runtime.cell_names import (
    _assigned_names,
    _free_reads,
    _running_shell,
    _written_names,
    answer_cell_source,
    calls_in_source,
)
from wordpiece_lib.classroom.runtime.other_libraries import ANOTHER_LIBRARY, OtherLibraryWatch, library_of

#: What a value answer's work is compared with when the value is not known here (the grader's copy of a kernel's).
UNKNOWN: Any = type("Unknown", (), {"__repr__": lambda self: "UNKNOWN"})()
#: The key under which a noted name records another tokenizer library's work (beside the watched answers' keys).
OTHER = "another tokenizer library"


@dataclass(frozen=True)
class CellWork:
    """What did the work of an answer while its cell ran.

    ``first`` is the function of this library that did it (or None) and
    ``calls`` how many calls of it ran; ``other`` another tokenizer library
    that did (its label, see :class:`~.other_libraries.Found`); ``copied``
    the name an earlier cell computed with a library, which the answer cell
    reads, and that library's label (``other_copied``: it was another
    tokenizer library). ``value`` is what the cell assigned to the answer (a
    check given another value judges that one, not this cell's work).
    ``checked_by`` is the notebook's check the cell called (its name): the
    answer was found by trying values on the check.
    """

    source: str
    first: str | None = None
    calls: int = 0
    other: str | None = None
    copied: tuple[str, str] | None = None
    other_copied: bool = False
    value: Any = field(default=UNKNOWN, repr=False, compare=False)
    checked_by: str | None = None

    def holds_for(self, answer: Any) -> bool:
        """Whether this work made ``answer``: the same object, or an equal value (a check may get a copy)."""
        if self.value is UNKNOWN or answer is UNKNOWN or answer is self.value:
            return True
        try:
            return bool(answer == self.value)
        except Exception:  # an answer whose == does not give a truth value (an array): not this cell's value
            return False

    def plain(self) -> dict[str, Any]:
        """What crosses from a submission's kernel to the grader (no value: the grader has its own copy).

        >>> CellWork("x = 1", other="`tiktoken` (`Encoding.encode`)").plain()["other"]
        '`tiktoken` (`Encoding.encode`)'
        """
        return {
            "first": self.first,
            "calls": self.calls,
            "other": self.other,
            "copied": list(self.copied) if self.copied else None,
            "other_copied": self.other_copied,
            "checked_by": self.checked_by,
        }

    @classmethod
    def from_plain(cls, source: str, data: dict[str, Any]) -> CellWork:
        """The work a kernel sent (see :meth:`plain`); anything malformed counts as nothing seen.

        >>> CellWork.from_plain("x = 1", {"first": "alphabet", "calls": 2, "copied": ["mine", "alphabet"]}).copied
        ('mine', 'alphabet')
        """
        copied = data.get("copied")
        pair = (str(copied[0]), str(copied[1])) if isinstance(copied, (list, tuple)) and len(copied) == 2 else None
        first, other, calls = data.get("first"), data.get("other"), data.get("calls")
        checked_by = data.get("checked_by")
        return cls(
            source,
            str(first) if isinstance(first, str) else None,
            calls if isinstance(calls, int) and not isinstance(calls, bool) else 0,
            str(other) if isinstance(other, str) else None,
            pair,
            data.get("other_copied") is True,
            checked_by=checked_by if isinstance(checked_by, str) else None,
        )


#: Value exercises by key: the library an answer must not come from (each checks module registers its own).
WATCHED: dict[str, tuple[Forbidden, ...]] = {}


#: Every exercise's answer name (each workbook registers its own): a cell assigning one is watched for
#: another tokenizer library, whether or not a checks module registered this library's functions for it.
ANSWERS: set[str] = set()


#: What ran in the latest cell that assigned each watched key.
_WORK: dict[str, CellWork] = {}

#: The answer cells running now (a check called from one is no try of the learner's, see :func:`in_answer_cell`).
_RUNNING: list[_CellWatch] = []


def in_answer_cell() -> bool:
    """Whether a cell that assigns an answer is running now: a check it calls is not the learner's try.

    >>> in_answer_cell()
    False
    """
    return bool(_RUNNING)


#: The code of every notebook check, by the check's name (:func:`note_check`): a cell that calls one while it
#: assigns an answer found that answer by trying values on the check.
_CHECK_CODES: dict[types.CodeType, str] = {}


def note_check(name: str, function: Any) -> None:
    """Know ``function`` as the notebook check called ``name`` (a workbook notes each check it registers).

    An answer cell that calls it, under any name, is refused (:func:`check_in_answer`): a check judges an
    answer, it cannot be the way to find one.

    >>> def check_demo(answer):
    ...     assert answer == 3
    >>> note_check("check_demo", check_demo)
    >>> watch_answer("demo_guess", ())
    >>> with watched_cell("for n in range(9):\\n    demo_guess = n"):
    ...     for n in range(9):
    ...         try:
    ...             check_demo(n)
    ...             demo_guess = n
    ...             break
    ...         except AssertionError:
    ...             pass
    >>> work_in_answer("demo_guess").checked_by
    'check_demo'
    """
    code = getattr(_unwrap(function), "__code__", None)
    if not isinstance(code, types.CodeType):
        raise TypeError(f"function must be a Python function (a check), got {type(function).__name__}")
    _CHECK_CODES[code] = name


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
    """Watches one cell that assigns answers: this library's calls of each watched key, another library's work."""

    def __init__(self, source: str, namespace: dict[str, Any] | None = None) -> None:
        self.source = source
        self.namespace = namespace  # where a rule's names (the notebook's worked functions) are looked up
        try:
            tree = ast.parse(source)
        except SyntaxError:  # a magic cell (%%ipytest ...) assigns no answer
            tree = ast.Module(body=[], type_ignores=[])
        self.tree = tree
        assigned = _assigned_names(tree)
        self.keys = [key for key in dict.fromkeys([*WATCHED, *ANSWERS]) if key in assigned]
        codes: dict[types.CodeType, str] = {}
        for key in self.keys:
            codes.update(answer_codes(WATCHED.get(key, ()), namespace))
        self.checks = {code: name for code, name in _CHECK_CODES.items() if code not in codes}
        codes.update(self.checks)
        self.others = OtherLibraryWatch()
        self.count = CallCount(codes, self.others)

    def start(self) -> None:
        if self.keys:
            _RUNNING.append(self)
            self.count.__enter__()

    def stop(self) -> None:
        if not self.keys:
            return
        self.count.__exit__(None, None, None)
        if self in _RUNNING:
            _RUNNING.remove(self)
        other = self.others.found.label if self.others.found is not None else None
        for key in self.keys:
            rules = WATCHED.get(key, ())
            labels = {label for rule in rules for label in answer_codes([rule], self.namespace).values()}
            calls = sum(n for label, n in self.count.by_label.items() if label in labels)
            first = (
                self.count.first
                if self.count.first in labels
                else next((label for label in self.count.by_label if label in labels), None)
            )
            copied, other_copied = _copied_into(self.tree, key)
            value = self.namespace.get(key, UNKNOWN) if self.namespace is not None else UNKNOWN
            checks = set(self.checks.values())
            checked_by = next((label for label in self.count.by_label if label in checks), None)
            _WORK[key] = CellWork(self.source, first, calls, other, copied, other_copied, value, checked_by)


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
    CellWork(source="demo_alphabet = letters(['hug'])", first='alphabet', calls=1, other=None, copied=None, other_copied=False, checked_by=None)
    """
    watch = _CellWatch(source, namespace)
    watch.start()
    try:
        yield
    finally:
        watch.stop()
        if namespace is not None:
            note_library_values(source, namespace)
            pin_worked_examples(namespace)


#: The answer each running check was given, by key: what a cell's work is held against (see :class:`CellWork`).
_CHECKED: dict[str, Any] = {}


@contextlib.contextmanager
def answer_being_checked(key: str, answer: Any) -> Iterator[None]:
    """While a check of ``key`` runs: ``answer`` is the answer it judges (a workbook's check sets it).

    >>> with answer_being_checked("demo", 3):
    ...     _CHECKED["demo"]
    3
    """
    before = _CHECKED.get(key, UNKNOWN)
    _CHECKED[key] = answer
    try:
        yield
    finally:
        if before is UNKNOWN:
            _CHECKED.pop(key, None)
        else:
            _CHECKED[key] = before


def work_in_answer(key: str, source: str | None = None, answer: Any = UNKNOWN) -> CellWork | None:
    """What ran in the latest watched cell that assigned ``key``, or None.

    None too when that cell's code is not ``source``, or when what it assigned
    is not ``answer`` (default: the answer the running check of ``key`` was
    given): a check judges the answer it has, never a name a refused try used.

    >>> work_in_answer("never_watched") is None
    True
    """
    work = _WORK.get(key)
    if work is None or (source is not None and work.source.strip() != source.strip()):
        return None
    if not work.holds_for(_CHECKED.get(key, UNKNOWN) if answer is UNKNOWN else answer):
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
    forget_worked_examples()


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
            pin_worked_examples(getattr(shell, "user_ns", {}))

    events.register("pre_run_cell", before)
    events.register("post_run_cell", after)
    shell._wordpiece_answer_watch = True
    return True


_MISSING: Any = object()


@dataclass(frozen=True)
class _Noted:
    """A name an earlier cell computed with a library: that cell's code, the libraries it reached, the value it made.

    ``reached`` maps each watched answer's key (and :data:`OTHER`, for another tokenizer library) to the label of
    what did the work. The note holds only while the name still is the value that cell made: rebound any way at
    all (a ``def``, an import, a magic, a loop), it is another value, judged as itself.
    """

    source: str
    reached: dict[str, str]
    namespace: dict[str, Any] = field(repr=False)
    value: Any = field(repr=False)

    def holds(self, name: str) -> bool:
        return self.namespace.get(name, _MISSING) is self.value


#: Names an earlier cell computed with a watched answer's library, or with another tokenizer library.
_FROM_LIBRARY: dict[str, _Noted] = {}


def _earlier(name: str, key: str) -> str | None:
    """The label of ``key``'s library that an earlier cell computed ``name`` with, while it still holds that value."""
    noted = _FROM_LIBRARY.get(name)
    if noted is None or key not in noted.reached or not noted.holds(name):
        return None
    return noted.reached[key]


def _copied_into(tree: ast.AST, key: str) -> tuple[tuple[str, str] | None, bool]:
    """The first name the code reads that an earlier cell computed with a library (another one first), and which.

    Only a name read before the code binds it itself: a loop variable or a name the cell set is its own value.
    """
    names = [node.id for node in _free_reads(tree)]
    for name in names:
        label = _earlier(name, OTHER)
        if label is not None:
            return (name, label), True
    for name in names:
        label = _earlier(name, key)
        if label is not None:
            return (name, label), False
    return None, False


def _other_reached(tree: ast.AST, namespace: dict[str, Any]) -> str | None:
    """The label of another tokenizer library the code reaches by a name: its object, or a value made with it.

    Only names read before the code binds them (a loop variable is the loop's own value, see ``_free_reads``).
    """
    for node in _free_reads(tree):
        earlier = _earlier(node.id, OTHER)
        if earlier is not None:
            return earlier
        if node.id in namespace:
            found = library_of(namespace[node.id])
            if found is not None:
                return found.label
    return None


def _library_reached(tree: ast.AST, namespace: dict[str, Any], key: str) -> str | None:
    """The label of the watched library of ``key`` that the code reaches by a name, or None.

    Resolved in ``namespace`` after the cell ran: the library's function under
    any alias, a module attribute, a method of a library object
    (``trace.tokens``), a function of the learner's whose code refers to the
    library, and a name an earlier cell computed with the library.
    """
    forbidden = WATCHED[key]
    codes = answer_codes(forbidden, namespace)
    free = {id(node) for node in _free_reads(tree)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if id(node) not in free:  # local to a comprehension or function, or a value the code bound itself
                continue
            earlier = _earlier(node.id, key)
            if earlier is not None:
                return earlier
            value = namespace.get(node.id)
            if value is None:
                continue
            rule = next((rule for rule in forbidden if _is_any(value, rule.resolve(namespace))), None)
            if rule is not None:  # the library's own function or class, under any name
                return rule.label_name
            code = getattr(_unwrap(value), "__code__", None)
            if code in codes:  # a bound method or a wrapper of one
                return codes[code]
            called = None if isinstance(value, type) or not callable(value) else type(value).__call__
            code = getattr(_unwrap(called), "__code__", None) if called is not None else None
            if code in codes:  # a library object called like a function (a normalizer: `uncased(word)`)
                return codes[code]
            if isinstance(value, types.FunctionType) and _learners(value):
                inside = sorted(forbidden_names_in(value, forbidden))
                if inside:
                    return inside[0]
                method = _method_in_function(value, _objects_read(tree, namespace), codes)
                if method is not None:
                    return method
        elif isinstance(node, ast.Attribute):
            owner = _owner_of(node.value, namespace)
            if owner is None:
                continue
            member = getattr(owner if isinstance(owner, (type, types.ModuleType)) else type(owner), node.attr, None)
            code = getattr(_unwrap(member), "__code__", None) if member is not None else None
            if code in codes:
                return codes[code]
    return None


def _owner_of(node: ast.expr, namespace: dict[str, Any]) -> Any:
    """The object ``name.a.b`` stands for, read without running the learner's code (only this library's properties).

    ``m.model.tokens_with_spans(...)`` reaches the model's method through the tokenizer's attribute.
    """
    attributes: list[str] = []
    while isinstance(node, ast.Attribute):
        attributes.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in namespace:
        return None
    owner = namespace[node.id]
    for attribute in reversed(attributes):
        try:
            found = inspect.getattr_static(owner, attribute)
        except AttributeError:
            return None
        if isinstance(found, property) and _libraries(found.fget):  # this library's property: it only reads
            try:
                found = found.fget(owner)
            except Exception:  # a property that cannot answer for this object
                return None
        elif hasattr(type(found), "__get__") and not isinstance(found, (types.FunctionType, type)):
            return None  # another descriptor (a learner's property...): its value is computed, not read
        owner = found
    return owner


def _libraries(function: Any) -> bool:
    """True for a function of this library's own code."""
    return str(getattr(function, "__module__", "")).startswith("wordpiece_lib.")


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


def _bound_otherwise(statement: ast.stmt) -> set[str]:
    """Names a top-level ``def``, ``class`` or import binds: never a value computed with a library."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).partition(".")[0] for alias in statement.names}
    return set()


def note_library_values(source: str, namespace: dict[str, Any]) -> None:
    """After a cell ran: note which names it assigned from a library's work (and forget the others).

    A watched answer's library (this library's functions a checks module
    registered) and another tokenizer library (any answer) are both noted.
    An answer cell that only copies such a name (``first_three = mine``) runs
    nothing the watch could count; :func:`refuse_in_answer` finds it here.

    >>> from wordpiece_lib.classroom.runtime import forbid
    >>> from wordpiece_lib.model import alphabet
    >>> watch_answer("demo_alphabet", forbid(alphabet))
    >>> cell = {"letters": alphabet}
    >>> exec("mine = letters(['hug'])", cell)
    >>> note_library_values("mine = letters(['hug'])", cell)
    >>> library_value_in("demo_alphabet = mine", "demo_alphabet")
    ('mine', 'alphabet')
    >>> exec("mine = ['h', '##u', '##g']", cell)
    >>> note_library_values("mine = ['h', '##u', '##g']", cell)  # typed by hand this time
    >>> library_value_in("demo_alphabet = mine", "demo_alphabet") is None
    True
    >>> exec("words = ['hug', 'pug']\\nseen = [letters([w]) for w in words]", cell)
    >>> note_library_values("words = ['hug', 'pug']\\nseen = [letters([w]) for w in words]", cell)
    >>> library_value_in("demo_alphabet = sorted({c for w in words for c in w})", "demo_alphabet") is None
    True
    >>> library_value_in("demo_alphabet = seen[0]", "demo_alphabet")
    ('seen', 'alphabet')
    >>> exec("theirs, mine = letters(['hug']), ['h', '##u', '##g']", cell)
    >>> note_library_values("theirs, mine = letters(['hug']), ['h', '##u', '##g']", cell)
    >>> library_value_in("demo_alphabet = mine", "demo_alphabet") is None  # only theirs came from the library
    True
    >>> exec("def seen(words):\\n    return sorted({c for w in words for c in w})", cell)  # an own function now
    >>> library_value_in("demo_alphabet = seen(words)", "demo_alphabet") is None
    True
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a magic cell (%%ipytest ...) assigns nothing of the learner's
        return
    for statement in tree.body:  # statement by statement: a cell may set up data and use the library apart
        for name in _bound_otherwise(statement):
            _FROM_LIBRARY.pop(name, None)
        for part in _parts(statement):
            written = _written_names(part)
            if not written:
                continue
            reached = {key: label for key in WATCHED if (label := _library_reached(part, namespace, key)) is not None}
            other = _other_reached(part, namespace)
            if other is not None:
                reached[OTHER] = other
            for name in written:
                if reached:
                    _FROM_LIBRARY[name] = _Noted(source, dict(reached), namespace, namespace.get(name, _MISSING))
                else:
                    _FROM_LIBRARY.pop(name, None)


def _parts(statement: ast.stmt) -> list[ast.stmt]:
    """A statement as the parts whose names are noted each by what it reads, in the order they run.

    A loop's variable is made from its iterable (``for w in words`` as ``w = words``), then each statement of
    its body is a part of its own (and so for ``if``, ``while``, ``with`` and ``try``): a loop that calls
    another library on each word taints what it writes with the result, never the word it reads.
    """
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        head: list[ast.stmt] = [ast.Assign(targets=[statement.target], value=statement.iter)]
        return head + [part for inner in (*statement.body, *statement.orelse) for part in _parts(inner)]
    if isinstance(statement, (ast.While, ast.If)):
        return [part for inner in (*statement.body, *statement.orelse) for part in _parts(inner)]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        heads: list[ast.stmt] = [
            ast.Assign(targets=[item.optional_vars], value=item.context_expr)
            for item in statement.items
            if item.optional_vars is not None
        ]
        return heads + [part for inner in statement.body for part in _parts(inner)]
    if isinstance(statement, ast.Try):
        blocks = [statement.body, *(handler.body for handler in statement.handlers)]
        blocks += [statement.orelse, statement.finalbody]
        return [part for block in blocks for inner in block for part in _parts(inner)]
    return _pairs(statement)


def _pairs(statement: ast.stmt) -> list[ast.stmt]:
    """``a, b = x, y`` as ``a = x`` and ``b = y`` (each name noted by its own value); any other statement as it is."""
    if (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], (ast.Tuple, ast.List))
        and isinstance(statement.value, (ast.Tuple, ast.List))
        and len(statement.targets[0].elts) == len(statement.value.elts)
        and not any(isinstance(item, ast.Starred) for item in (*statement.targets[0].elts, *statement.value.elts))
    ):
        return [
            ast.Assign(targets=[target], value=value)
            for target, value in zip(statement.targets[0].elts, statement.value.elts)
        ]
    return [statement]


def library_value_in(source: str, key: str) -> tuple[str, str] | None:
    """The first name ``source`` reads whose value an earlier cell computed with ``key``'s library, and that library.

    Only while the name still holds the value that cell made (see :func:`note_library_values`).

    >>> library_value_in("demo_alphabet = ['h']", "demo_alphabet") is None
    True
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in _free_reads(tree):  # a name the cell binds before it reads it is the cell's own value
        noted = _FROM_LIBRARY.get(node.id)
        if noted is not None and noted.source.strip() == source.strip():
            continue  # the answer cell itself, run before: what it does now is watched as it runs
        label = _earlier(node.id, key)
        if label is not None:
            return node.id, label
    return None


def check_in_answer(work: CellWork) -> str:
    """What a check says of an answer found by calling a notebook check in the answer cell (see :func:`note_check`).

    >>> print(check_in_answer(CellWork("x = 1", checked_by="check_best_pair")))
    your answer was found by calling the notebook's check (`check_best_pair`) in your answer cell: a check judges an answer, it can't be the way to find one. Work it out with what the notebook showed, then let the check tell you
    """
    return (
        f"your answer was found by calling the notebook's check (`{work.checked_by}`) in your answer cell: a check "
        "judges an answer, it can't be the way to find one. Work it out with what the notebook showed, then let "
        "the check tell you"
    )


def other_library_in_value(work: CellWork) -> str:
    """What a check says of a value answer another tokenizer library worked out (never the answer itself).

    >>> print(other_library_in_value(CellWork("x = 1", other="`tiktoken` (`Encoding.encode`)")))
    your answer was worked out with `tiktoken` (`Encoding.encode`), which ran in your answer cell: another tokenizer library did the work. The exercise asks for your own reasoning and steps: work it out with what the notebook showed, then let the check tell you
    """
    if work.other is not None:
        where = f"{work.other}, which ran in your answer cell"
    else:
        name, label = work.copied or ("?", "?")
        where = f"{label}: it reads `{name}`, which an earlier cell computed with it"
    return (
        f"your answer was worked out with {where}: {ANOTHER_LIBRARY}. The exercise asks for your own reasoning "
        "and steps: work it out with what the notebook showed, then let the check tell you"
    )


def refuse_other_library(key: str, answer: Any = UNKNOWN, source: str | None = None) -> None:
    """Fail when another tokenizer library worked out the answer ``key`` (in its cell or an earlier one).

    Every workbook's check calls this first, so every exercise refuses it
    whether or not its checks module registered anything. ``source`` is the
    answer cell's code (default: the latest cell that assigned ``key``).

    >>> import types
    >>> watched = {"hidden": types.ModuleType("tokenizers")}
    >>> with watched_cell("demo_count = len(str(hidden))", watched):
    ...     exec("demo_count = len(str(hidden))", watched)
    >>> ANSWERS.add("demo_count")
    >>> refuse_other_library("demo_count", watched["demo_count"])  # not watched: demo_count was not an answer yet
    >>> with watched_cell("demo_count = len(str(hidden))", watched):
    ...     exec("demo_count = len(str(hidden))", watched)
    >>> refuse_other_library("demo_count", watched["demo_count"])
    Traceback (most recent call last):
    ...
    AssertionError: your answer was worked out with Hugging Face `tokenizers` (`tokenizers`), which ran in your answer cell: another tokenizer library did the work. The exercise asks for your own reasoning and steps: work it out with what the notebook showed, then let the check tell you
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    code = answer_cell_source(key) if source is None else source
    work = work_in_answer(key, code, answer)
    if work is not None and work.checked_by is not None:  # before what the check itself ran
        raise AssertionError(check_in_answer(work))
    if work is not None and (work.other is not None or work.other_copied):
        raise AssertionError(other_library_in_value(work))


def refuse_in_answer(key: str, names: Iterable[str], message: str, source: str | None = None) -> None:
    """Fail when the library did the work of the answer ``key``; ``message`` says why, naming it with ``{name}``.

    Two looks: what *ran* while the answer cell ran (the calls counted by
    :func:`install_answer_watch` for the functions registered with
    :func:`watch_answer`, whatever alias, helper or object method reached
    them), and the names the cell's code uses (``names``, for a call the
    watch could not see, e.g. outside IPython). ``source`` is the answer
    cell's code (default: the latest cell that assigned ``key``). Another
    tokenizer library's work is refused first (:func:`refuse_other_library`).

    >>> refuse_in_answer("n", ["train_fast"], "your answer runs {name}", source="n = len(train_fast(c, 9).steps)")
    Traceback (most recent call last):
    ...
    AssertionError: your answer runs 'train_fast'
    >>> refuse_in_answer("n", ["train_fast"], "your answer runs {name}", source="n = 12")
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    work = work_in_answer(key, source)
    if work is not None and work.checked_by is not None:  # before what the check itself ran
        raise AssertionError(check_in_answer(work))
    if work is not None and (work.other is not None or work.other_copied):
        raise AssertionError(other_library_in_value(work))
    if work is not None and work.first is not None:
        plural = "call" if work.calls == 1 else "calls"
        rule = rule_for(work.first, WATCHED.get(key, ()))
        if rule is not None and not rule.objects:
            whose = "the notebook's worked example"
        else:
            whose = f"{owner_of(rule.objects[0]) if rule is not None else _LIBRARYS} own version"
        raise AssertionError(
            message.format(name=repr(work.first))
            + f" ({work.calls} {plural} of {whose} ran while your answer cell ran)"
        )
    code = answer_cell_source(key) if source is None else source
    copied = work.copied if work is not None else library_value_in(code or "", key)
    if copied is not None:
        name, label = copied
        raise AssertionError(message.format(name=repr(label)) + f" (in an earlier cell, which computed `{name}`)")
    used = calls_in_source(code or "", names)
    if used:
        raise AssertionError(message.format(name=repr(used[0])))


__all__ = [
    "ANSWERS",
    "OTHER",
    "UNKNOWN",
    "WATCHED",
    "CellWork",
    "answer_being_checked",
    "check_in_answer",
    "forget_answer_work",
    "in_answer_cell",
    "install_answer_watch",
    "library_value_in",
    "note_check",
    "note_library_values",
    "other_library_in_value",
    "refuse_in_answer",
    "refuse_other_library",
    "watch_answer",
    "watched_cell",
    "work_in_answer",
]
