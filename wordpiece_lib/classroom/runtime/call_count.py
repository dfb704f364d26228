"""Is the learner's function their own work? The calls of the library functions it should not use, counted.

"write ``split_word`` yourself": an answer that just calls the library's
``split_word`` passes every input, and teaches nothing. :func:`call_own_work`
runs the learner's function while a profile function (:class:`CallCount`)
counts the calls of the forbidden functions' code: an import alias, a helper
defined in another cell and an object method that ends in the library's
function are all counted, and the answer is refused with the name of the
function that did the work. A static look at the function's code
(:func:`forbidden_names_in`) also catches a call on a branch the test inputs
happen not to reach; a local variable that happens to be called
``split_word`` is not mistaken for the library function.

Another tokenizer library's work (Hugging Face's, ``sentencepiece``...) is
refused in every exercise by the same profile function, fed to
:class:`~.other_libraries.OtherLibraryWatch`: its work runs in compiled code,
which no count of Python calls sees. A notebook's worked example named in a
rule is the function the notebook's cell bound first
(:func:`pin_worked_examples`), never the learner's own function under its name.

>>> from wordpiece_lib.model import split_word
>>> def mine(word):
...     return split_word(word)
>>> sorted(forbidden_names_in(mine, [Forbidden("split_word", (split_word,))]))
['split_word']
"""

from __future__ import annotations

import contextlib
import sys
import threading
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordpiece_lib.classroom.runtime.other_libraries import (
    OtherLibraryUse,
    OtherLibraryWatch,
    is_learners_code,
    library_of,
)


@dataclass(frozen=True)
class Forbidden:
    """A library function (or class) an exercise asks the learner to write instead of calling.

    ``objects`` are the very objects that must not be used (``split_word``,
    ``WordCounts``...); ``names`` name a worked example the notebook defined
    earlier (its ``longest_match``): what counts is that function itself (see
    :func:`pin_worked_examples`), never whatever the learner binds to the name
    later, so their own function called ``longest_match`` is their own.
    ``why`` is what the refusal says the exercise is about, when it is more
    than writing the steps yourself (notebook 01: counting by hand, in a dict).

    >>> from wordpiece_lib.model import split_word
    >>> Forbidden("split_word", (split_word,)).label
    '`split_word`'
    """

    label_name: str
    objects: tuple[Any, ...] = ()
    names: tuple[str, ...] = field(default=())
    why: str = ""

    def __post_init__(self) -> None:
        WORKED_NAMES.update(self.names)

    @property
    def label(self) -> str:
        return f"`{self.label_name}`"

    def resolve(self, namespace: dict[str, Any]) -> tuple[Any, ...]:
        """The forbidden objects: ``objects``, and the worked examples of ``names`` (as ``namespace`` first showed them).

        >>> def longest_match(word, vocab):
        ...     return [word]
        >>> forget_worked_examples()
        >>> rule = Forbidden("longest_match", names=("longest_match",))
        >>> kernel = {"longest_match": longest_match}  # the notebook's cell defined it
        >>> rule.resolve(kernel) == (longest_match,)
        True
        >>> def longest_match(word, vocab):  # the learner's own, under the same name
        ...     return list(word)
        >>> kernel["longest_match"] = longest_match
        >>> longest_match in rule.resolve(kernel)
        False
        """
        found: list[Any] = []
        pins = _pins(namespace)
        for name in self.names:
            if name not in pins:
                pin_worked_examples(namespace, [name])
            found.extend(pins.get(name, ()))
            value = namespace.get(name)
            if value is not None and not _is_any(value, found) and _same_work(value, pins.get(name, ())):
                found.append(value)  # the worked example's cell run again: a new function, the same code
        return tuple(self.objects) + tuple(found)


#: Every name a :class:`Forbidden` gives to a notebook's worked example.
WORKED_NAMES: set[str] = set()
#: The worked examples of each namespace (a kernel's, kept alive here), by name: the functions a notebook's cell
#: first bound to the name (and the same code run again), never a function the learner bound to it later.
_WORKED: dict[int, tuple[dict[str, Any], dict[str, list[Any]]]] = {}


def _pins(namespace: dict[str, Any]) -> dict[str, list[Any]]:
    entry = _WORKED.get(id(namespace))
    if entry is None or entry[0] is not namespace:
        entry = _WORKED[id(namespace)] = (namespace, {})
    return entry[1]


def _code_print(code: types.CodeType) -> tuple[Any, ...]:
    """What a function's code does, the same for the same cell run twice (nested code included, names of places not)."""
    constants = tuple(_code_print(item) if isinstance(item, types.CodeType) else repr(item) for item in code.co_consts)
    return code.co_code, code.co_names, code.co_varnames, constants


def _same_work(value: Any, pinned: Sequence[Any]) -> bool:
    code = getattr(_unwrap(value), "__code__", None)
    if not isinstance(code, types.CodeType) or not pinned:
        return False
    first = getattr(_unwrap(pinned[0]), "__code__", None)
    return isinstance(first, types.CodeType) and _code_print(code) == _code_print(first)


def pin_worked_examples(namespace: dict[str, Any], names: Iterable[str] | None = None) -> None:
    """Note the worked examples ``namespace`` holds: the first function a cell bound to each of their names.

    The answer watch calls this after every cell, so the notebook's own cell,
    which comes first, decides; a function the learner later binds to the same
    name, with code of their own, is theirs (the same code again is the
    example). A library's function bound to the name is no worked example.

    >>> forget_worked_examples()
    >>> WORKED_NAMES.add("demo_worked")
    >>> def demo_worked(word):
    ...     return [word]
    >>> cell = {"demo_worked": demo_worked}
    >>> pin_worked_examples(cell)
    >>> _pins(cell)["demo_worked"] == [demo_worked]
    True
    """
    pins = _pins(namespace)
    for name in WORKED_NAMES if names is None else names:
        value = namespace.get(name)
        code = getattr(_unwrap(value), "__code__", None)
        if not isinstance(code, types.CodeType) or not is_learners_code(code):
            continue
        pinned = pins.setdefault(name, [])
        if not pinned or (not _is_any(value, pinned) and _same_work(value, pinned)):
            pinned.append(value)  # the first function under the name, or the same code run again


def forget_worked_examples() -> None:
    """Forget the worked examples seen (a new kernel).

    >>> forget_worked_examples()
    >>> _WORKED
    {}
    """
    _WORKED.clear()


def forbid(*library: Any) -> tuple[Forbidden, ...]:
    """One :class:`Forbidden` for each library function, method or class, labelled with its own name.

    >>> from wordpiece_lib.model import initial_splits, split_word
    >>> from wordpiece_lib.training import Trace
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
        """Whose version did the work: ``the library's``, ``Python's`` (``collections.Counter``...), a
        package's (``pandas'``, ``numpy's``: see :func:`owner_of`) or ``the notebook's`` (a worked example the
        notebook defined)."""
        return str(self.args[2]) if len(self.args) > 2 else "the library's"


def rule_for(label: str, forbidden: Sequence[Forbidden], namespace: dict[str, Any] | None = None) -> Forbidden | None:
    """The rule of ``forbidden`` that a refusal's ``label`` comes from (a rule's name, or one of its methods').

    >>> from wordpiece_lib.counting import WordCounts
    >>> rule_for("WordCounts.from_words", forbid(len, WordCounts)).label_name
    'WordCounts'
    >>> rule_for("split_word", forbid(len)) is None
    True
    """
    for rule in forbidden:
        if label == rule.label_name:
            return rule
    for rule in forbidden:
        if label in answer_codes([rule], namespace).values():
            return rule
    return None


#: Whose version this library's own functions are, as a refusal names them.
_LIBRARYS = "the library's"


def owner_of(item: Any) -> str:
    """Whose version ``item`` is, as a refusal names it: the library's, Python's, or a package's by its name.

    >>> import collections, fractions
    >>> from wordpiece_lib.model import split_word
    >>> owner_of(split_word), owner_of(collections.Counter), owner_of(sorted), owner_of(fractions.Fraction)
    ("the library's", "Python's", "Python's", "Python's")
    >>> owner_of(type("Frame", (), {"__module__": "pandas.core.frame"})), owner_of(type("A", (), {"__module__": "numpy"}))
    ("pandas'", "numpy's")
    """
    package = str(getattr(_unwrap(item), "__module__", None) or "").partition(".")[0]
    if package == "wordpiece_lib":
        return _LIBRARYS
    if not package or package in sys.stdlib_module_names:
        return "Python's"
    return f"{package}'" if package.endswith("s") else f"{package}'s"


def _owner(label: str, forbidden: Sequence[Forbidden], namespace: dict[str, Any]) -> str:
    rule = rule_for(label, forbidden, namespace)
    if rule is None:
        return _LIBRARYS
    if not rule.objects:  # named only: a function the notebook itself defined earlier
        return "the notebook's"
    return owner_of(rule.objects[0])


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
    >>> from wordpiece_lib.model import split_word
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


def _from_python(klass: type) -> bool:
    """True for a class of Python itself (``object``, ``dict``, ``collections.abc.Mapping``...)."""
    return str(klass.__module__).partition(".")[0] in sys.stdlib_module_names  # builtins, _collections_abc, abc...


def answer_codes(forbidden: Iterable[Forbidden], namespace: dict[str, Any] | None = None) -> dict[types.CodeType, str]:
    """The code objects whose running means the library did the work, each with the name a message gives it.

    A function gives its own code; a class gives the code of every method,
    property and class method of it and of its base classes (labelled
    ``Class.method``), so an answer that goes through an object's method is
    found whatever the object is called. Base classes of Python itself
    (``Mapping``, ``Sized``...) give none: their mixins and hooks run for any
    mapping (an ``isinstance(x, Sized)`` in pandas is no use of ``WordCounts``).

    >>> from wordpiece_lib.model import split_word
    >>> sorted(answer_codes(forbid(split_word)).values())
    ['split_word']
    >>> from wordpiece_lib.counting import WordCounts
    >>> labels = answer_codes(forbid(WordCounts)).values()
    >>> "WordCounts.from_words" in labels, "WordCounts.__subclasshook__" in labels
    (True, False)
    """
    codes: dict[types.CodeType, str] = {}
    for rule in forbidden:
        for item in rule.resolve(namespace or {}):
            if isinstance(item, type):
                for klass in item.__mro__:
                    if klass is not item and _from_python(klass):
                        continue  # Mapping's mixins and hooks run for any mapping: isinstance(x, Sized) is no use of it
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
    many counted calls ran in all. With ``others``, the same profile function
    feeds an :class:`~.other_libraries.OtherLibraryWatch` (another tokenizer
    library's work, which no count of Python calls sees).

    >>> from wordpiece_lib.model import split_word
    >>> s = split_word  # any alias
    >>> with CallCount(answer_codes(forbid(split_word))) as count:
    ...     _ = [s(word) for word in ["hug", "pug"]]
    >>> count.first, count.calls
    ('split_word', 2)
    """

    def __init__(self, codes: dict[types.CodeType, str], others: OtherLibraryWatch | None = None) -> None:
        self.codes = codes
        self.others = others
        self.calls = 0
        self.by_label: dict[str, int] = {}
        self.first: str | None = None
        self._outer: Any = None
        self._previous: Any = None
        self._previous_threads: Any = None

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
        if self.others is not None:
            self.others.event(frame, event, arg)
        if self._previous is not None:  # another profiler was active: let it see everything too
            self._previous(frame, event, arg)

    @property
    def _active(self) -> bool:
        return bool(self.codes) or self.others is not None

    def __enter__(self) -> CallCount:
        self._previous = sys.getprofile()
        self._previous_threads = threading.getprofile()
        if self._active:
            sys.setprofile(self._profile)
            threading.setprofile(self._profile)  # a thread the learner's code starts is watched too
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._active:
            sys.setprofile(self._previous)
            threading.setprofile(self._previous_threads)


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
    """Call ``function(*args)`` and refuse the result if another library, or a forbidden function, did the work.

    Another tokenizer library (Hugging Face ``tokenizers`` and ``transformers``,
    ``sentencepiece``, ``tiktoken``...: see :mod:`.other_libraries`) is refused
    in every exercise, whatever ``forbidden`` says: first what the function can
    reach without running (an object of that library in its globals, closure or
    default arguments), then what runs. Raises
    :class:`~.other_libraries.OtherLibraryUse` for it.

    The calls of ``forbidden`` (this library's own functions) are counted
    while the learner's function runs (see :class:`CallCount`), so neither an
    alias, nor a helper from another cell, nor a library object's method that
    leads to a forbidden function gets past. A static look at the function's
    code (:func:`forbidden_names_in`) also finds a call on a branch these
    inputs do not reach. Raises :class:`ForbiddenUse` with the label of the
    function that did the work; any other exception of the learner's code
    propagates.

    >>> from wordpiece_lib.model import split_word
    >>> rule = [Forbidden("split_word", (split_word,))]
    >>> call_own_work(lambda word: [word[0]] + ["##" + c for c in word[1:]], ["hug"], rule)
    ['h', '##u', '##g']
    >>> call_own_work(lambda word: split_word(word), ["hug"], rule)
    Traceback (most recent call last):
    ...
    wordpiece_lib.classroom.runtime.call_count.ForbiddenUse: ('split_word', 1, "the library's")
    >>> import types
    >>> tiktoken = types.ModuleType("tiktoken")  # the real one need not be installed: it is known by its name
    >>> call_own_work(lambda text, library=tiktoken: [text], ["hug"], ())
    Traceback (most recent call last):
    ...
    wordpiece_lib.classroom.runtime.other_libraries.OtherLibraryUse: ('`tiktoken`', '`tiktoken`')
    """
    if isinstance(function, RunsElsewhere):  # the grader's stand-in: the learner's kernel counts the calls
        return function.call_counted(args, forbidden)
    reached = library_of(function)  # the answer is (or holds, or can reach) another tokenizer library's object
    if reached is not None:
        raise OtherLibraryUse(reached.library, reached.what)
    target = getattr(function, "func", function)  # functools.partial(split_word, ...) is split_word too
    namespace = getattr(target, "__globals__", {})
    for rule in forbidden:
        if _is_any(target, rule.resolve(namespace)) or _is_any(target, rule.objects):
            raise ForbiddenUse(rule.label_name, 1)
    others = OtherLibraryWatch()
    with CallCount(answer_codes(forbidden, namespace), others) as count:
        try:
            result = function(*args)
        except Exception:
            if count.first is None and others.found is None:
                raise
    if others.found is not None:  # even when the learner's code caught an error of that library
        raise OtherLibraryUse(others.found.library, others.found.what)
    if count.first is not None:  # even when the learner's code caught an error of the library's function
        raise ForbiddenUse(count.first, count.calls, _owner(count.first, forbidden, namespace))
    static = sorted(forbidden_names_in(target, forbidden))
    if static:
        raise ForbiddenUse(static[0], 0, _owner(static[0], forbidden, namespace))
    return result


__all__ = [
    "WORKED_NAMES",
    "CallCount",
    "Forbidden",
    "ForbiddenUse",
    "RunsElsewhere",
    "answer_codes",
    "call_own_work",
    "forbid",
    "forbidden_names_in",
    "forget_worked_examples",
    "owner_of",
    "pin_worked_examples",
    "rule_for",
]
