"""Is the answer the learner's own work? Library calls in a function, trainer runs in an answer cell.

Two kinds of exercise need this:

* "write ``split_word`` yourself": an answer that just calls the library's
  ``split_word`` passes every input, and teaches nothing. :func:`call_own_work`
  runs the learner's function with each forbidden function *switched off*:
  every name bound to it (in the learner's namespace, under any alias, and as
  an attribute of every imported module) is replaced for the duration of the
  call by a stand-in that records its use and raises. A second, static look at
  the function's code (:func:`forbidden_names_in`) catches a call on a branch
  the test inputs happen not to reach. Neither look relies on the name the
  learner typed, so ``from wordpiece_lib import split_word as s`` is caught
  too; a local variable that happens to be called ``split_word`` is not
  mistaken for the library function.
* "predict the first merges without running the trainer": the answer is a
  value, so the check reads the notebook cell that assigned it
  (:func:`answer_cell_source`, from IPython's input history) and looks for
  calls of the forbidden names in it (:func:`calls_in_source`).

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
    """One :class:`Forbidden` for each library function or class, labelled with its own name.

    >>> from wordpiece_lib.model.pieces import initial_splits, split_word
    >>> [item.label for item in forbid(split_word, initial_splits)]
    ['`split_word`', '`initial_splits`']
    """
    return tuple(Forbidden(item.__name__, (item,)) for item in library)


class ForbiddenUse(Exception):
    """Raised by a switched-off library function when the learner's code calls it."""


class _SwitchedOff:
    """Stands in for a forbidden function while the learner's code runs: any use is recorded, then refused."""

    def __init__(self, forbidden: Forbidden, used: list[str]) -> None:
        self._forbidden = forbidden
        self._used = used

    def _refuse(self) -> ForbiddenUse:
        self._used.append(self._forbidden.label_name)
        return ForbiddenUse(f"{self._forbidden.label_name} is switched off for this exercise")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise self._refuse()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        raise self._refuse()

    def __repr__(self) -> str:
        return f"<{self._forbidden.label_name}, switched off for this exercise>"


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


@contextlib.contextmanager
def switched_off(function: Any, forbidden: Sequence[Forbidden]) -> Iterator[list[str]]:
    """Inside the block, every forbidden object reachable by ``function`` is a recording stand-in.

    Yields the list the stand-ins append their label to when used. Every
    binding is put back when the block ends, whatever happens inside.

    >>> from wordpiece_lib.model import pieces
    >>> rule = [Forbidden("split_word", (pieces.split_word,))]
    >>> with switched_off(lambda word: pieces.split_word(word), rule) as used:
    ...     pieces.split_word
    <split_word, switched off for this exercise>
    >>> pieces.split_word("hug")
    ['h', '##u', '##g']
    """
    namespace = getattr(function, "__globals__", {})
    used: list[str] = []
    restore: list[tuple[Any, str, Any]] = []
    try:
        for rule in forbidden:
            objects = rule.resolve(namespace)
            if not objects:
                continue
            stand_in = _SwitchedOff(rule, used)
            for name, value in list(namespace.items()):
                if _is_any(value, objects):
                    restore.append((namespace, name, value))
                    namespace[name] = stand_in
            for module in list(sys.modules.values()):
                if not isinstance(module, types.ModuleType):
                    continue
                attributes = getattr(module, "__dict__", {})
                for item in objects:
                    attribute = getattr(item, "__name__", None)
                    if attribute and attributes.get(attribute) is item:
                        restore.append((attributes, attribute, item))
                        attributes[attribute] = stand_in
        yield used
    finally:
        for where, name, value in reversed(restore):
            where[name] = value


def call_own_work(function: Callable[..., Any], args: Sequence[Any], forbidden: Sequence[Forbidden]) -> Any:
    """Call ``function(*args)`` with the forbidden functions switched off.

    Raises :class:`ForbiddenUse` naming the first forbidden function used (even
    when the learner's code caught the stand-in's exception); any other
    exception of the learner's code propagates unchanged.

    >>> from wordpiece_lib.model.pieces import split_word
    >>> rule = [Forbidden("split_word", (split_word,))]
    >>> call_own_work(lambda word: [word[0]] + ["##" + c for c in word[1:]], ["hug"], rule)
    ['h', '##u', '##g']
    >>> call_own_work(lambda word: split_word(word), ["hug"], rule)
    Traceback (most recent call last):
    ...
    wordpiece_lib.classroom.own_work.ForbiddenUse: split_word
    """
    target = getattr(function, "func", function)  # functools.partial(split_word, ...) is split_word too
    namespace = getattr(target, "__globals__", {})
    for rule in forbidden:
        if _is_any(target, rule.resolve(namespace)) or _is_any(target, rule.objects):
            raise ForbiddenUse(rule.label_name)
    static = sorted(forbidden_names_in(target, forbidden))
    if static:
        raise ForbiddenUse(static[0])
    with switched_off(function, forbidden) as used:
        try:
            result = function(*args)
        except ForbiddenUse:
            raise ForbiddenUse(used[0] if used else "a switched-off function") from None
    if used:
        raise ForbiddenUse(used[0])
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


def answer_cell_source(name: str, shell: Any = None) -> str | None:
    """The source of the latest notebook cell that assigned ``name``, or None outside IPython (or if none did).

    >>> answer_cell_source("first_three") is None  # a plain Python session has no cells
    True
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ModuleNotFoundError:  # pragma: no cover - IPython comes with Jupyter
            return None
        shell = get_ipython()
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


def refuse_in_answer(key: str, names: Iterable[str], message: str, source: str | None = None) -> None:
    """Fail when the answer cell of ``key`` (or ``source``) uses one of ``names``; ``message`` says why.

    ``message`` names the culprit with ``{name}``. Outside IPython, with no
    ``source``, there is no cell to read and nothing is refused.

    >>> refuse_in_answer("n", ["train_fast"], "your answer runs {name}", source="n = len(train_fast(c, 9).steps)")
    Traceback (most recent call last):
    ...
    AssertionError: your answer runs 'train_fast'
    >>> refuse_in_answer("n", ["train_fast"], "your answer runs {name}", source="n = 12")
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    code = answer_cell_source(key) if source is None else source
    used = calls_in_source(code or "", names)
    if used:
        raise AssertionError(message.format(name=repr(used[0])))


__all__ = [
    "Forbidden",
    "ForbiddenUse",
    "answer_cell_source",
    "assigns",
    "call_own_work",
    "calls_in_source",
    "forbid",
    "forbidden_names_in",
    "refuse_in_answer",
    "switched_off",
]
