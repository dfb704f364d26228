"""A stage folder's face that imports one of its modules only when a name of that module is first used.

Each stage folder's ``__init__`` hands on every public name of its modules (``from wordpiece_lib.model
import Vocab``). Importing every module there at once made a command load most of the library before
it had parsed its arguments, and training a book from the command line spent about a fifth of its
time on imports it never used (``benchmarks/startup_speed.py``). So a face only declares its modules
(``lazy_face``): a name is looked up in the modules' ``__all__`` lists, read from their source without
importing them (each is a literal list of strings), and the one module that holds it is imported on
first use. ``__all__`` and ``dir()`` give every name, as before; ``from wordpiece_lib.model import *``
imports every module. Where two modules of a folder export the same name, the one later in
alphabetical order gives it, as the ``from .module import *`` lines (sorted) did.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: A module's ``__all__``: a literal list at the start of a line (every stage module writes it so).
_ALL = re.compile(r"^__all__ = (\[.*?\])", re.MULTILINE | re.DOTALL)


def declared_names(source: str) -> list[str] | None:
    """The names of the literal ``__all__`` list in a module's ``source``; ``None`` when it has none to read.

    >>> declared_names('import os\\n\\n__all__ = [\\n    "Vocab",\\n    "load_vocab",\\n]\\n')
    ['Vocab', 'load_vocab']
    >>> declared_names("__all__ = [*a.__all__]") is None
    True
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a module's text (str), got {type(source).__name__}")
    match = _ALL.search(source)
    if match is None:
        return None
    try:
        names = ast.literal_eval(match.group(1))
    except (ValueError, SyntaxError):
        return None
    return names if isinstance(names, list) and all(isinstance(name, str) for name in names) else None


def lazy_face(package: str, modules: Sequence[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package`` whose modules are ``modules``.

    ``modules`` are given in the order of the face's ``__all__``. A name is imported from its module on
    first use and kept in the package's namespace; a module's own name gives the module.

    >>> getattr_, dir_ = lazy_face("wordpiece_lib.model", ["pieces", "vocab"])
    >>> getattr_("Vocab").__module__, getattr_("vocab").__name__
    ('wordpiece_lib.model.vocab', 'wordpiece_lib.model.vocab')
    >>> "Vocab" in dir_() and "vocab" in dir_()
    True
    """
    if not isinstance(package, str) or package not in sys.modules:
        raise ValueError(f"package must be the name of a package being imported, got {package!r}")
    if isinstance(modules, str) or not all(isinstance(module, str) and module.isidentifier() for module in modules):
        raise ValueError(f"modules must be a sequence of module names, got {modules!r}")
    modules = tuple(modules)
    folder = Path(sys.modules[package].__file__ or ".").parent
    declared: dict[str, list[str]] = {}
    holder: dict[str, str] = {}

    def names_of(module: str) -> list[str]:
        if module not in declared:
            try:
                names = declared_names((folder / f"{module}.py").read_text(encoding="utf-8"))
            except OSError:  # no source beside the compiled module: import it to learn its names
                names = None
            declared[module] = (
                names if names is not None else list(importlib.import_module(f"{package}.{module}").__all__)
            )
        return declared[module]

    def where(name: str) -> str | None:
        if not holder:
            for module in sorted(modules):  # as the sorted ``from .module import *`` lines: the last one wins
                holder.update(dict.fromkeys(names_of(module), module))
        return holder.get(name)

    def __getattr__(name: str) -> Any:
        namespace = vars(sys.modules[package])
        if name in modules:
            return importlib.import_module(f"{package}.{name}")
        if name == "__all__":
            value: Any = [exported for module in modules for exported in names_of(module)]
        else:
            module = where(name)
            if module is None:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        where("")
        return sorted({*vars(sys.modules[package]), *modules, *holder})

    return __getattr__, __dir__


__all__ = ["declared_names", "lazy_face"]
