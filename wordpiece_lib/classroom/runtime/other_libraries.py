"""Did another tokenizer library do the work? Hugging Face `tokenizers` and `transformers`, `sentencepiece`, ...

"write longest match yourself": an answer that hands the word to Hugging Face's
``WordPiece`` model passes every input and teaches nothing. Counting the calls
of chosen Python functions (:mod:`.call_count`) cannot see it: that library's
work runs in compiled Rust, its objects are made by calling a class (no call
event at all), and a ``map`` or a ``sorted(key=...)`` calls its methods from C,
where no profile function sees them. So the libraries are known by the
*module their code lives in* (:data:`TOKENIZER_LIBRARIES`; none of them is
imported here, so one not installed is covered all the same), and three looks
find them:

- :func:`library_of`: which library an object belongs to: a module, a class, a
  function, a compiled method (by the object it is bound to), an instance (by
  its class), a bound method or ``functools.partial`` (by what they hold), one
  level into a container and into the attributes of the learner's own objects;
- :func:`reached_by`: what a learner's function can reach without running:
  the globals its code loads, the modules it imports, its closure and its
  default arguments, and the learner's functions among them (so a branch the
  check's inputs do not take, a tokenizer built in an earlier cell and kept in a
  closure or a default, and a ``map(tokenizer.encode, ...)`` are found);
- :class:`OtherLibraryWatch`: what runs: any Python frame of those packages,
  any compiled function or method of theirs called from Python, and, for each
  piece of the learner's code the first time it runs, what it can reach.

>>> import types
>>> fake = types.ModuleType("tokenizers.models")  # stands for the real one, installed or not
>>> library_of(fake)
Found(library='Hugging Face `tokenizers`', what='`tokenizers.models`')
>>> def mine(word, model=fake):
...     return [word]
>>> reached_by(mine).label
'Hugging Face `tokenizers` (`tokenizers.models`)'
>>> reached_by(lambda word: [word]) is None
True
"""

from __future__ import annotations

import contextlib
import dis
import functools
import sys
import sysconfig
import types
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Tokenizer libraries by the module their code lives in (a package and everything under it), with their name.
TOKENIZER_LIBRARIES: dict[str, str] = {
    "tokenizers": "Hugging Face `tokenizers`",
    "transformers": "Hugging Face `transformers`",
    "sentencepiece": "`sentencepiece`",
    "tiktoken": "`tiktoken`",
    "tensorflow_text": "TensorFlow Text",
    "keras_nlp": "KerasNLP",
    "keras_hub": "KerasHub",
    "torchtext": "`torchtext`",
    "bert.tokenization": "Google BERT's `tokenization`",
    "youtokentome": "YouTokenToMe",
    "subword_nmt": "`subword-nmt`",
}

#: How deep :func:`library_of` looks into containers and the learner's own objects and functions, and how many
#: items of a container it looks at: enough for a tokenizer kept in a dict or an attribute, quick on a big list.
DEPTH, ITEMS = 3, 32


@dataclass(frozen=True)
class Found:
    """Another tokenizer library and what of it was seen (a function, a method, a class or a module)."""

    library: str
    what: str

    @property
    def label(self) -> str:
        """The library and what of it, for a message: ``Hugging Face `tokenizers` (`WordPiece.tokenize`)``."""
        return f"{self.library} ({self.what})"


@functools.lru_cache(maxsize=4096)
def library_of_module(name: object) -> str | None:
    """The tokenizer library the module called ``name`` belongs to (its name for a message), or None.

    ``name`` is whatever a module, a class or a frame's globals give as their
    module's name; anything but a ``str`` belongs to no library.

    >>> library_of_module("tokenizers.models"), library_of_module("wordpiece_lib.model")
    ('Hugging Face `tokenizers`', None)
    >>> library_of_module("bert.tokenization"), library_of_module("bert_score")
    ("Google BERT's `tokenization`", None)
    """
    if not isinstance(name, str):
        return None
    for package, library in TOKENIZER_LIBRARIES.items():
        if name == package or name.startswith(package + "."):
            return library
    return None


def _class_library(klass: type) -> Found | None:
    """A class of a tokenizer library, or one that derives from one (the learner's subclass of theirs)."""
    try:
        mro = type.__getattribute__(klass, "__mro__")
    except AttributeError:
        return None
    for base in mro:
        library = library_of_module(getattr(base, "__module__", None))
        if library is not None:
            return Found(library, f"`{base.__qualname__}`")
    return None


def _module_library(module: types.ModuleType) -> Found | None:
    """A tokenizer library's module: by its name, or (a compiled submodule with no file) by the classes it holds.

    Hugging Face's ``tokenizers.trainers`` calls itself plain ``trainers`` and is in no ``sys.modules`` entry;
    its classes still say ``tokenizers.trainers``.
    """
    name = getattr(module, "__name__", None)
    library = library_of_module(name)
    if library is None and getattr(module, "__file__", None) is None:
        members = list(vars(module).values())[: 4 * ITEMS]
        found = next(
            (found for member in members if isinstance(member, type) and (found := _class_library(member))), None
        )
        library = found.library if found is not None else None
    return Found(library, f"`{name}`") if library is not None else None


def _builtin_library(function: Any) -> Found | None:
    """A compiled function or method of a tokenizer library: known by the module or object it is bound to."""
    owner = getattr(function, "__self__", None)
    name = getattr(function, "__qualname__", None) or getattr(function, "__name__", "?")
    if owner is None or isinstance(owner, types.ModuleType):
        module = owner.__name__ if owner is not None else getattr(function, "__module__", None)
        library = library_of_module(module)
        return Found(library, f"`{name}`") if library is not None else None
    found = _class_library(owner if isinstance(owner, type) else type(owner))
    return Found(found.library, f"`{name}`") if found is not None else None


#: Folders whose code is a library's, never the learner's: the standard library, installed packages, this package.
_LIBRARY_FOLDERS = tuple(
    str(Path(folder).resolve())
    for folder in {
        *(sysconfig.get_paths().get(kind) for kind in ("stdlib", "platstdlib", "purelib", "platlib")),
        str(Path(__file__).resolve().parents[2]),  # wordpiece_lib itself
    }
    if folder
)


@functools.lru_cache(maxsize=8192)
def _learners_file(filename: str) -> bool:
    """True for code the learner wrote (a notebook cell, a script, a test's module), False for a library's."""
    if filename.startswith("<frozen"):
        return False
    with contextlib.suppress(OSError, ValueError):
        filename = str(Path(filename).resolve()) if not filename.startswith("<") else filename
    return not filename.startswith(_LIBRARY_FOLDERS)


def is_learners_code(code: types.CodeType) -> bool:
    """True when ``code`` is the learner's (a cell, their own module), not a library's or Python's own.

    >>> is_learners_code((lambda: 0).__code__), is_learners_code(library_of_module.__wrapped__.__code__)
    (True, False)
    """
    _check_code(code)
    return _learners_file(code.co_filename)


def _check_code(code: object) -> None:
    if not isinstance(code, types.CodeType):
        raise TypeError(f"code must be a code object (a function's __code__), got {type(code).__name__}")


def _learners_function(value: Any) -> bool:
    return isinstance(value, types.FunctionType) and is_learners_code(value.__code__)


def _learners_object(value: Any) -> bool:
    """An instance of a class the learner wrote (its attributes may hold a tokenizer made in another cell)."""
    return not isinstance(value, type) and _learners_class(type(value))


@functools.lru_cache(maxsize=1024)
def _learners_class(klass: type) -> bool:
    """A class a cell (or the learner's own module) defined: one of its methods is the learner's code."""
    if klass.__module__ == "builtins":
        return False
    methods = [member for member in vars(klass).values() if isinstance(member, types.FunctionType)]
    return klass.__module__ == "__main__" or any(is_learners_code(method.__code__) for method in methods)


#: What each code object reads by name: (globals it loads, modules it imports), with the code nested in it.
_READS: weakref.WeakKeyDictionary[types.CodeType, tuple[tuple[str, ...], tuple[str, ...]]] = weakref.WeakKeyDictionary()


def code_reads(code: types.CodeType) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The global names ``code`` loads and the modules it imports, its inner functions and comprehensions included.

    Read from the bytecode: an attribute (``x.encode``) or a local variable is no global name.

    >>> def mine(word):
    ...     import json
    ...     pieces = [piece.upper() for piece in split(word)]
    ...     return pieces
    >>> code_reads(mine.__code__)
    (('split',), ('json',))
    """
    _check_code(code)
    known = _READS.get(code)
    if known is not None:
        return known
    loads: dict[str, None] = {}
    imports: dict[str, None] = {}
    pending = [code]
    while pending:
        inner = pending.pop()
        for instruction in dis.get_instructions(inner):
            if instruction.opname in {"LOAD_GLOBAL", "LOAD_NAME"}:
                loads[str(instruction.argval)] = None
            elif instruction.opname == "IMPORT_NAME":
                imports[str(instruction.argval)] = None
        pending.extend(constant for constant in inner.co_consts if isinstance(constant, types.CodeType))
    reads = (tuple(loads), tuple(imports))
    _READS[code] = reads
    return reads


def stored_before_read(code: types.CodeType) -> tuple[str, ...]:
    """The global names ``code`` binds before it reads them (in the order of its bytecode): its own values.

    A cell's loop variable (``for t in tokens``) still holds what an earlier
    cell left when the cell starts; the cell never reads that value.

    >>> stored_before_read(compile("for t in tokens:\\n    out = t + out", "<cell>", "exec"))
    ('t',)
    """
    _check_code(code)
    first: dict[str, bool] = {}
    for instruction in dis.get_instructions(code):
        if instruction.opname in {"STORE_NAME", "STORE_GLOBAL", "DELETE_NAME", "DELETE_GLOBAL"}:
            first.setdefault(str(instruction.argval), True)
        elif instruction.opname in {"LOAD_NAME", "LOAD_GLOBAL"}:
            first.setdefault(str(instruction.argval), False)
    return tuple(name for name, stored in first.items() if stored)


def _items(value: Any) -> Iterator[Any]:
    """The first items of a plain container (a dict's keys and values), for a look one level in."""
    if isinstance(value, dict):
        for count, (key, item) in enumerate(value.items()):
            if count >= ITEMS:
                return
            yield key
            yield item
    elif isinstance(value, (list, tuple, set, frozenset)):
        for count, item in enumerate(value):
            if count >= ITEMS:
                return
            yield item


def library_of(value: Any) -> Found | None:
    """The tokenizer library ``value`` belongs to or holds, or None.

    A module, class or function of the library; an instance of one of its
    classes (or of a subclass); a compiled method bound to one; a bound method
    or a ``functools.partial`` of one; and a container
    holding one, a learner's object whose attributes hold one, and a learner's
    function that can reach one (:func:`reached_by`), :data:`DEPTH` levels in.

    >>> import types
    >>> fake = types.ModuleType("sentencepiece")
    >>> library_of({"model": [fake]}).library
    '`sentencepiece`'
    >>> library_of(["a", "b"]) is None
    True
    """
    return _library_of(value, DEPTH, set())


def _library_of(value: Any, depth: int, seen: set[int]) -> Found | None:
    if id(value) in seen or value is None:
        return None
    seen.add(id(value))
    if isinstance(value, types.ModuleType):
        return _module_library(value)
    if isinstance(value, type):
        return _class_library(value)
    if isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType)):
        return _builtin_library(value)
    if isinstance(value, types.MethodType):
        return _library_of(value.__func__, depth, seen) or _library_of(value.__self__, depth, seen)
    if isinstance(value, functools.partial):
        parts = [value.func, *value.args, *value.keywords.values()]
        return next((found for part in parts if (found := _library_of(part, depth, seen)) is not None), None)
    if isinstance(value, types.FunctionType):
        library = library_of_module(value.__module__)
        if library is not None:
            return Found(library, f"`{value.__qualname__}`")
        return _reached_by(value, depth - 1, seen) if depth > 0 and _learners_function(value) else None
    found = _class_library(type(value))
    if found is not None or depth <= 0:
        return found
    if isinstance(value, (dict, list, tuple, set, frozenset)):
        return next(
            (found for item in _items(value) if (found := _library_of(item, depth - 1, seen)) is not None), None
        )
    if _learners_object(value):
        try:
            attributes = object.__getattribute__(value, "__dict__")
        except AttributeError:
            attributes = {}
        held = dict(attributes) if isinstance(attributes, dict) else {}
        # and what its class holds (a tokenizer kept as a class attribute, read as self.tokenizer)
        held.update((name, member) for name, member in vars(type(value)).items() if not callable(member))
        return _library_of(held, depth - 1, seen)
    return None


def reached_by(function: Any) -> Found | None:
    """The tokenizer library a learner's function can reach without running it, or None.

    What its code loads by a global name or imports, what its closure and its
    default arguments hold, each looked at with :func:`library_of` (so a
    learner's function it calls is looked into too, :data:`DEPTH` levels deep).

    >>> import types
    >>> tiktoken = types.ModuleType("tiktoken")
    >>> def count(text, counter=None):
    ...     return len(text.split())
    >>> reached_by(count) is None
    True
    >>> def made_in_an_earlier_cell(encoding):
    ...     return lambda text: len(encoding.encode(text))
    >>> reached_by(made_in_an_earlier_cell(tiktoken)).label
    '`tiktoken` (`tiktoken`)'
    """
    return _reached_by(function, DEPTH, set())


def _reached_by(function: Any, depth: int, seen: set[int]) -> Found | None:
    target = getattr(function, "__func__", function)
    code = getattr(target, "__code__", None)
    if not isinstance(code, types.CodeType):
        return _library_of(function, depth, seen)
    loads, imports = code_reads(code)
    for module in imports:
        library = library_of_module(module)
        if library is not None:
            return Found(library, f"`{module}`")
    namespace = getattr(target, "__globals__", {})
    builtins = namespace.get("__builtins__", {})
    builtins = vars(builtins) if isinstance(builtins, types.ModuleType) else builtins
    held: list[Any] = [namespace[name] if name in namespace else builtins.get(name) for name in loads]
    for cell in getattr(target, "__closure__", None) or ():
        with contextlib.suppress(ValueError):  # an empty cell
            held.append(cell.cell_contents)
    held.extend(getattr(target, "__defaults__", None) or ())
    held.extend((getattr(target, "__kwdefaults__", None) or {}).values())
    if target is not function:  # a bound method: the object it is bound to
        held.append(getattr(function, "__self__", None))
    return next((found for value in held if (found := _library_of(value, depth, seen)) is not None), None)


class OtherLibraryWatch:
    """What another tokenizer library did while the watch is fed a profile function's events (:meth:`event`).

    :class:`~.call_count.CallCount` feeds it, so one profile function does
    both looks. ``found`` is the first thing seen: a frame of the library's
    Python code, a compiled function or method of it called from Python, or
    an object of it that a piece of the learner's code can reach (looked at
    once per piece of code, the first time it runs).

    >>> watch = OtherLibraryWatch()
    >>> import types
    >>> hidden = types.ModuleType("transformers")
    >>> def mine(word, tokenizer=hidden):
    ...     return [word]
    >>> with watch.running():
    ...     _ = mine("hug")
    >>> watch.found.label
    'Hugging Face `transformers` (`transformers`)'
    """

    def __init__(self) -> None:
        self.found: Found | None = None
        self._looked: set[types.CodeType] = set()
        self._plain_owners: set[type] = set()  # classes whose compiled methods were seen to be no library's

    def event(self, frame: types.FrameType, event: str, arg: Any) -> None:
        """Look at one profile event (``call`` and ``c_call``; the others tell nothing new)."""
        if self.found is not None:
            return
        if event == "c_call":
            owner = getattr(arg, "__self__", None)
            kind = type(owner)
            if kind in self._plain_owners:  # the fast way for list.append, str.join...: most calls of a check
                return
            self.found = _builtin_library(arg)
            if self.found is None and kind is not types.ModuleType and not isinstance(owner, type):
                self._plain_owners.add(kind)
        elif event == "call":
            code = frame.f_code
            if code in self._looked:
                return
            self._looked.add(code)
            library = library_of_module(frame.f_globals.get("__name__"))
            if library is not None:
                self.found = Found(library, f"`{code.co_qualname}`")
            elif is_learners_code(code):
                self.found = self._reached_from(frame)

    @staticmethod
    def _reached_from(frame: types.FrameType) -> Found | None:
        """What a piece of the learner's code, just started, can reach: the globals it loads, its arguments."""
        code = frame.f_code
        loads, imports = code_reads(code)
        for module in imports:
            library = library_of_module(module)
            if library is not None:
                return Found(library, f"`{module}`")
        namespace, builtins = frame.f_globals, frame.f_builtins
        own = set(stored_before_read(code))  # still the earlier cell's value now, but never read as it
        held = [namespace[name] if name in namespace else builtins.get(name) for name in loads if name not in own]
        if code.co_flags & 0x02:  # CO_NEWLOCALS: a function, whose locals now are its arguments and closure
            held.extend(frame.f_locals.values())
        seen: set[int] = set()
        return next((found for value in held if (found := _library_of(value, DEPTH, seen)) is not None), None)

    @contextlib.contextmanager
    def running(self) -> Iterator[OtherLibraryWatch]:
        """Watch on its own (a profile function of its own) while the block runs."""
        previous = sys.getprofile()

        def profile(frame: types.FrameType, event: str, arg: Any) -> None:
            self.event(frame, event, arg)
            if previous is not None:
                previous(frame, event, arg)

        sys.setprofile(profile)
        try:
            yield self
        finally:
            sys.setprofile(previous)


class OtherLibraryUse(Exception):
    """Raised when another tokenizer library did the work the learner was asked to do.

    ``args`` are the library's name and what of it was seen (see :class:`Found`).
    """

    @property
    def found(self) -> Found:
        return Found(str(self.args[0]), str(self.args[1]) if len(self.args) > 1 else "")


#: What every refusal for another library says it saw: the kind of shortcut, never the answer.
ANOTHER_LIBRARY = "another tokenizer library did the work"


__all__ = [
    "ANOTHER_LIBRARY",
    "TOKENIZER_LIBRARIES",
    "Found",
    "OtherLibraryUse",
    "OtherLibraryWatch",
    "code_reads",
    "is_learners_code",
    "library_of",
    "library_of_module",
    "reached_by",
    "stored_before_read",
]
