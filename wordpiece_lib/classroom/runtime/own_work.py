"""Is the answer the learner's own work? Library calls in a function, trainer runs in an answer cell.

Found by what runs, not by the names typed. Two kinds of exercise need this:

* "write ``split_word`` yourself": an answer that just calls the library's
  ``split_word`` passes every input, and teaches nothing. :func:`call_own_work`
  runs the learner's function while a profile function (:class:`CallCount`)
  counts the calls of the forbidden functions' code: an import alias, a helper
  defined in another cell and an object method that ends in the library's
  function are all counted, and the answer is refused with the name of the
  function that did the work. A static look at the function's code
  (:func:`forbidden_names_in`) also catches a call on a branch the test inputs
  happen not to reach; a local variable that happens to be called
  ``split_word`` is not mistaken for the library function.
* "predict the first merges without running the trainer": the answer is a
  value. Each checks module registers the library that gives that value
  (:func:`watch_answer`); in IPython every cell that assigns a watched answer
  runs with the same call counting (:func:`install_answer_watch`), and the
  check refuses the answer when the library did the work
  (:func:`refuse_in_answer`). The names in the answer cell (from IPython's
  input history, :func:`answer_cell_source`) are looked at too.

>>> from wordpiece_lib.model.pieces import split_word
>>> def mine(word):
...     return split_word(word)
>>> sorted(forbidden_names_in(mine, [Forbidden("split_word", (split_word,))]))
['split_word']
>>> calls_in_source("first = train_fast(counts, 100).steps[:3]", ["train_fast", "train_bottom_up"])
['train_fast']
"""

from __future__ import annotations

import ast
import contextlib
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Forbidden:
    """A library function (or class) an exercise asks the learner to write instead of calling.

    ``objects`` are the very objects that must not be used (``split_word``,
    ``WordCounts``...); ``names`` are names looked up in the learner's own
    namespace when the check runs (a helper the notebook defined earlier,
    such as its worked ``longest_match``).

    >>> from wordpiece_lib.model.pieces import split_word
    >>> Forbidden("split_word", (split_word,)).label
    '`split_word`'
    """

    label_name: str
    objects: tuple[Any, ...] = ()
    names: tuple[str, ...] = field(default=())

    @property
    def label(self) -> str:
        return f"`{self.label_name}`"

    def resolve(self, namespace: dict[str, Any]) -> tuple[Any, ...]:
        """The forbidden objects, including those named in ``namespace``."""
        found = [namespace[name] for name in self.names if name in namespace]
        return tuple(self.objects) + tuple(found)


def forbid(*library: Any) -> tuple[Forbidden, ...]:
    """One :class:`Forbidden` for each library function, method or class, labelled with its own name.

    >>> from wordpiece_lib.model.pieces import initial_splits, split_word
    >>> from wordpiece_lib.training.trace import Trace
    >>> [item.label for item in forbid(split_word, initial_splits, Trace.tokens)]
    ['`split_word`', '`initial_splits`', '`Trace.tokens`']
    """
    return tuple(Forbidden(_label(item), (item,)) for item in library)


def _label(item: Any) -> str:
    """A function's name for a message: ``Class.method`` for a method, the plain name otherwise."""
    item = _unwrap(item)
    qualified = getattr(item, "__qualname__", None)
    if isinstance(qualified, str) and "<locals>" not in qualified:
        return qualified
    return str(getattr(item, "__name__", item))


class ForbiddenUse(Exception):
    """Raised when the library did the work the learner was asked to do.

    ``args[0]`` is the label of the function that did it (the outermost
    forbidden call), ``args[1]`` how many calls of forbidden functions ran.
    """

    @property
    def label(self) -> str:
        return str(self.args[0])

    @property
    def calls(self) -> int:
        return int(self.args[1]) if len(self.args) > 1 else 0

    @property
    def owner(self) -> str:
        """Whose version did the work: ``the library's``, ``Python's`` (``collections.Counter``...) or
        ``the notebook's`` (a worked example the notebook defined)."""
        return str(self.args[2]) if len(self.args) > 2 else "the library's"


def _owner(label: str, forbidden: Sequence[Forbidden], namespace: dict[str, Any]) -> str:
    for rule in forbidden:
        if label in answer_codes([rule], namespace).values() or label == rule.label_name:
            if not rule.objects:  # named only: a function the notebook itself defined earlier
                return "the notebook's"
            module = str(getattr(_unwrap(rule.objects[0]), "__module__", ""))
            return "the library's" if module.startswith("wordpiece_lib") else "Python's"
    return "the library's"


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    """A code object and every code object nested in it (inner functions, comprehensions, lambdas)."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _code_objects(constant)


def _is_any(value: Any, objects: Sequence[Any]) -> bool:
    return any(value is item for item in objects)


def forbidden_names_in(function: Any, forbidden: Iterable[Forbidden]) -> set[str]:
    """The labels of the forbidden functions that ``function``'s code refers to (statically).

    A global name counts when it is bound to a forbidden object; ``module.name``
    counts when ``module`` is a global module whose attribute ``name`` is one.
    Local variables never count, whatever they are called.

    >>> import wordpiece_lib
    >>> from wordpiece_lib.model.pieces import split_word
    >>> rule = [Forbidden("split_word", (split_word,))]
    >>> forbidden_names_in(lambda word: wordpiece_lib.split_word(word), rule)
    {'split_word'}
    >>> def honest(word):
    ...     split_word = [word[0]]
    ...     return split_word + ["##" + c for c in word[1:]]
    >>> forbidden_names_in(honest, rule)
    set()
    """
    code = getattr(function, "__code__", None)
    if code is None:
        return set()
    namespace = getattr(function, "__globals__", {})
    closure = {}
    if getattr(function, "__closure__", None):
        for name, cell in zip(code.co_freevars, function.__closure__):
            with contextlib.suppress(ValueError):  # an empty cell
                closure[name] = cell.cell_contents
    found: set[str] = set()
    for rule in forbidden:
        objects = rule.resolve(namespace)
        if not objects:
            continue
        for inner in _code_objects(code):
            names = set(inner.co_names) | (set(inner.co_freevars) & set(closure))
            for name in names:
                value = closure[name] if name in closure else namespace.get(name)
                if value is not None and _is_any(value, objects):
                    found.add(rule.label_name)
                if isinstance(value, types.ModuleType):
                    attributes = (getattr(value, attribute, None) for attribute in inner.co_names)
                    if any(item is not None and _is_any(item, objects) for item in attributes):
                        found.add(rule.label_name)
    return found


def _unwrap(item: Any) -> Any:
    """The plain function behind a bound method, a static/class method, a property or a ``functools.wraps`` wrapper."""
    item = getattr(item, "__func__", item)
    if isinstance(item, property):
        item = item.fget
    item = getattr(item, "func", item) if not isinstance(item, type) else item  # functools.partial, cached_property
    for _ in range(64):  # a proxy that answers every attribute (a mock) would otherwise never end
        if not hasattr(item, "__wrapped__"):
            break
        item = item.__wrapped__
    return item


def answer_codes(forbidden: Iterable[Forbidden], namespace: dict[str, Any] | None = None) -> dict[types.CodeType, str]:
    """The code objects whose running means the library did the work, each with the name a message gives it.

    A function gives its own code; a class gives the code of every method,
    property and class method of it and of its Python base classes (labelled
    ``Class.method``), so an answer that goes through an object's method is
    found whatever the object is called.

    >>> from wordpiece_lib.model.pieces import split_word
    >>> sorted(answer_codes(forbid(split_word)).values())
    ['split_word']
    >>> from wordpiece_lib.counting.word_counts import WordCounts
    >>> "WordCounts.from_words" in answer_codes(forbid(WordCounts)).values()
    True
    """
    codes: dict[types.CodeType, str] = {}
    for rule in forbidden:
        for item in rule.resolve(namespace or {}):
            if isinstance(item, type):
                for klass in item.__mro__:
                    if klass is object or klass.__module__ == "builtins":
                        continue
                    for attribute, member in vars(klass).items():
                        code = getattr(_unwrap(member), "__code__", None)
                        if isinstance(code, types.CodeType):
                            made = attribute in {"__init__", "__new__", "__post_init__"}  # making one: the class
                            codes.setdefault(code, item.__name__ if made else f"{item.__name__}.{attribute}")
                continue
            code = getattr(_unwrap(item), "__code__", None)
            if isinstance(code, types.CodeType):
                codes.setdefault(code, rule.label_name)
    return codes


class CallCount:
    """Counts, while it is active, the calls of the given code objects, however they were reached.

    It is a profile function (``sys.setprofile``): it sees every Python call
    the code makes, so an alias, a helper defined in another cell, a
    ``functools.partial`` or an object's method that ends in one of the
    counted functions is counted all the same. ``first`` is the label of the
    outermost counted call (the function that did the work), ``calls`` how
    many counted calls ran in all.

    >>> from wordpiece_lib.model.pieces import split_word
    >>> s = split_word  # any alias
    >>> with CallCount(answer_codes(forbid(split_word))) as count:
    ...     _ = [s(word) for word in ["hug", "pug"]]
    >>> count.first, count.calls
    ('split_word', 2)
    """

    def __init__(self, codes: dict[types.CodeType, str]) -> None:
        self.codes = codes
        self.calls = 0
        self.by_label: dict[str, int] = {}
        self.first: str | None = None
        self._outer: Any = None
        self._previous: Any = None

    def _profile(self, frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "call":
            label = self.codes.get(frame.f_code)
            if label is not None:
                self.calls += 1
                self.by_label[label] = self.by_label.get(label, 0) + 1
                if self._outer is None:
                    self._outer = frame
                    if self.first is None:
                        self.first = label
        elif event == "return" and frame is self._outer:
            self._outer = None
        if self._previous is not None:  # another profiler was active: let it see everything too
            self._previous(frame, event, arg)

    def __enter__(self) -> CallCount:
        self._previous = sys.getprofile()
        if self.codes:
            sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.codes:
            sys.setprofile(self._previous)


class RunsElsewhere:
    """A learner's function that lives in another process (the grader's kernel for one submission).

    :func:`call_own_work` hands such a function its arguments and the
    forbidden library functions: the process the function lives in counts
    their calls there (see ``wordpiece_lib.classroom.teacher.grading``) and raises
    :class:`ForbiddenUse` here, so a check judges the result in its own
    process. A subclass implements :meth:`call_counted`.

    >>> class Doubler(RunsElsewhere):
    ...     def call_counted(self, args, forbidden):
    ...         return [2 * arg for arg in args]
    >>> call_own_work(Doubler(), [1, 2], forbid(len))
    [2, 4]
    """

    def call_counted(self, args: Sequence[Any], forbidden: Sequence[Forbidden]) -> Any:
        """``function(*args)`` run where the function lives, with the calls of ``forbidden`` refused there."""
        raise NotImplementedError

    def __call__(self, *args: Any) -> Any:
        return self.call_counted(args, ())


def call_own_work(function: Callable[..., Any], args: Sequence[Any], forbidden: Sequence[Forbidden]) -> Any:
    """Call ``function(*args)`` and refuse the result if a forbidden library function did the work.

    The calls are counted while the learner's function runs (see
    :class:`CallCount`), so neither an alias, nor a helper from another
    cell, nor a library object's method that leads to a forbidden function
    gets past. A static look at the function's code
    (:func:`forbidden_names_in`) also finds a call on a branch these inputs
    do not reach. Raises :class:`ForbiddenUse` with the label of the function
    that did the work; any other exception of the learner's code propagates.

    >>> from wordpiece_lib.model.pieces import split_word
    >>> rule = [Forbidden("split_word", (split_word,))]
    >>> call_own_work(lambda word: [word[0]] + ["##" + c for c in word[1:]], ["hug"], rule)
    ['h', '##u', '##g']
    >>> call_own_work(lambda word: split_word(word), ["hug"], rule)
    Traceback (most recent call last):
    ...
    wordpiece_lib.classroom.runtime.own_work.ForbiddenUse: ('split_word', 1, "the library's")
    """
    if isinstance(function, RunsElsewhere):  # the grader's stand-in: the learner's kernel counts the calls
        return function.call_counted(args, forbidden)
    target = getattr(function, "func", function)  # functools.partial(split_word, ...) is split_word too
    namespace = getattr(target, "__globals__", {})
    for rule in forbidden:
        if _is_any(target, rule.resolve(namespace)) or _is_any(target, rule.objects):
            raise ForbiddenUse(rule.label_name, 1)
    with CallCount(answer_codes(forbidden, namespace)) as count:
        try:
            result = function(*args)
        except Exception:
            if count.first is None:
                raise
    if count.first is not None:  # even when the learner's code caught an error of the library's function
        raise ForbiddenUse(count.first, count.calls, _owner(count.first, forbidden, namespace))
    static = sorted(forbidden_names_in(target, forbidden))
    if static:
        raise ForbiddenUse(static[0], 0, _owner(static[0], forbidden, namespace))
    return result


# ---------------------------------------------------------------- value answers: the cell that assigned them


def _assigned_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Name):
                    names.add(part.id)
    return names


def assigns(source: str, name: str) -> bool:
    """True when ``source`` (one notebook cell) assigns ``name`` at its top level.

    >>> assigns("x = 1\\nfirst_three = ['a']", "first_three"), assigns("print(first_three)", "first_three")
    (True, False)
    >>> assigns("%%ipytest\\ndef test(): pass", "first_three")  # a magic cell is not Python
    False
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return name in _assigned_names(tree)


def _running_shell() -> Any:
    """The IPython shell this code runs in, or None (a plain Python session, or IPython not installed)."""
    try:
        from IPython import get_ipython
    except ModuleNotFoundError:  # pragma: no cover - IPython comes with Jupyter
        return None
    return get_ipython()


def answer_cell_source(name: str, shell: Any = None) -> str | None:
    """The source of the latest notebook cell that assigned ``name``, or None outside IPython (or if none did).

    >>> answer_cell_source("first_three") is None  # a plain Python session has no cells
    True
    """
    shell = shell if shell is not None else _running_shell()
    if shell is None:
        return None
    history = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None)
    if not history:
        return None
    for source in reversed(history):
        if isinstance(source, str) and assigns(source, name):
            return source
    return None


def calls_in_source(source: str, names: Iterable[str]) -> list[str]:
    """Which of ``names`` the code calls or refers to as ``name(...)`` / ``x.name(...)`` / ``name.attr``.

    >>> calls_in_source("big = train_bottom_up(c, 9)\\nn = len(big.tokens())", ["train_bottom_up", "big"])
    ['big', 'train_bottom_up']
    >>> calls_in_source("answer = 18  # train_bottom_up would say so", ["train_bottom_up"])
    []
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    wanted = set(names)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in wanted and isinstance(node.ctx, ast.Load):
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in wanted:
            found.add(node.attr)
    return sorted(found)


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

    >>> from wordpiece_lib.model.pieces import alphabet
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

    >>> from wordpiece_lib.model.pieces import alphabet
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


# ---------------------------------------------------------------- values an earlier cell computed


#: Names whose latest value an earlier cell computed with a watched answer's library:
#: name -> (that cell's code, {watched key: label of the function that did the work}).
_FROM_LIBRARY: dict[str, tuple[str, dict[str, str]]] = {}


#: Methods that change the object they are called on: ``found.append(...)`` writes ``found``.
_MUTATING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "__setitem__"})


def _written_names(statement: ast.stmt) -> set[str]:
    """Names one top-level statement binds or changes in the cell's namespace.

    Assignments, ``for`` and ``with`` targets, ``:=``, ``x[k] = ...`` and
    ``x.append(...)``-like calls; never the loop variables of a comprehension
    or the names inside a function or class, which are local to them.
    """
    names: set[str] = set()
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue  # its loop variables are its own
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            names.add(node.value.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATING_METHODS
            and isinstance(node.func.value, ast.Name)
        ):
            names.add(node.func.value.id)
        pending.extend(ast.iter_child_nodes(node))
    return names


def _local_names(tree: ast.AST) -> set[str]:
    """Names local to a comprehension, a lambda or a function in the code: never the cell's own variables."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.comprehension):
            names.update(part.id for part in ast.walk(node.target) if isinstance(part, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
            names.update(argument.arg for argument in every if argument is not None)
    return names


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

    >>> from wordpiece_lib.model.pieces import alphabet
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
    "CallCount",
    "CellWork",
    "Forbidden",
    "ForbiddenUse",
    "RunsElsewhere",
    "answer_cell_source",
    "answer_codes",
    "assigns",
    "call_own_work",
    "calls_in_source",
    "forbid",
    "forbidden_names_in",
    "forget_answer_work",
    "install_answer_watch",
    "library_value_in",
    "note_library_values",
    "refuse_in_answer",
    "watch_answer",
    "watched_cell",
    "work_in_answer",
]
