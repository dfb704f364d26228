"""Slow results a notebook computes once and reads back on later runs: JSON files in the data cache folder.

A result is filed under ``<cache folder>/<kind>/<key>.json``. The key is a
hash of everything the result depends on: its inputs, and the source code of
the modules that compute it, so a change to the core computes it again
instead of reading an old answer. JSON only (nothing that unpickles): a file in the
cache folder is read as data and can run no code. A missing, damaged or
unreadable file is computed again and replaced; a read-only cache folder
keeps the result for this session only.

>>> import tempfile, os
>>> os.environ["WORDPIECE_DATA_DIR"] = tempfile.mkdtemp()
>>> key = cache_key([], {"n": 3})
>>> cached_json("squares", key, lambda: [i * i for i in range(3)], dump=list, load=list)
[0, 1, 4]
>>> cached_json("squares", key, lambda: "computed again", dump=list, load=list)  # read back
[0, 1, 4]
>>> del os.environ["WORDPIECE_DATA_DIR"]
"""

from __future__ import annotations

import gc
import hashlib
import inspect
import json
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, TypeVar

from wordpiece_lib._validate import check_bool, check_callable, check_str

Result = TypeVar("Result")


def cache_key(modules: Iterable[ModuleType], inputs: Any) -> str:
    """A file name for a result of ``inputs`` (anything ``json.dumps`` takes) computed by ``modules``' code.

    >>> import json as some_module
    >>> cache_key([some_module], [1, 2]) == cache_key([some_module], [1, 2]) != cache_key([some_module], [2, 1])
    True
    >>> len(cache_key([], "any input"))
    32
    """
    if isinstance(modules, (str, bytes)) or not isinstance(modules, Iterable):
        raise TypeError(f"modules must be a list of modules, got {type(modules).__name__}")
    digest = hashlib.sha256()
    for module in modules:
        if not isinstance(module, ModuleType):
            raise TypeError(f"modules must hold modules (their source is hashed), got a {type(module).__name__}")
        digest.update(inspect.getsource(module).encode("utf-8"))
    try:
        text = json.dumps(inputs, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise TypeError(f"inputs must be JSON data (lists, dicts, str, int, finite float): {error}") from None
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()[:32]


def cached_json(
    kind: str,
    key: str,
    compute: Callable[[], Result],
    *,
    dump: Callable[[Result], Any],
    load: Callable[[Any], Result],
    read_back: bool = False,
) -> Result:
    """``compute()``, or what an earlier call with the same ``kind`` and ``key`` stored.

    ``dump`` turns the result into JSON data and ``load`` turns that data back
    into the result; data ``load`` cannot read (it raises) is computed again.
    With ``read_back``, a result just computed is returned as ``load`` makes it
    from its JSON, as a later run reads it: built after the computation's
    temporary objects are gone, it does not hold their memory pages (a result
    made among them keeps part of each page it sits on). See the module's example.

    >>> import os, tempfile
    >>> os.environ["WORDPIECE_DATA_DIR"] = tempfile.mkdtemp()
    >>> made = cached_json("pairs", "k1", lambda: [(1, 2)], dump=list, load=lambda data: [tuple(x) for x in data],
    ...                    read_back=True)
    >>> made  # the JSON's lists, made tuples by load
    [(1, 2)]
    >>> del os.environ["WORDPIECE_DATA_DIR"]
    """
    check_bool(read_back, "read_back")
    if not check_str(kind, "kind").isidentifier():
        raise ValueError(f"kind must be a plain name (the folder of such results), got {kind!r}")
    if not check_str(key, "key").isalnum():
        raise ValueError(f"key must be letters and digits (the file's name, as cache_key gives), got {key!r}")
    for function, name in ((compute, "compute"), (dump, "dump"), (load, "load")):
        check_callable(function, name, "a function")
    from wordpiece_lib.atomic import atomic_write_text
    from wordpiece_lib.data import cache_dir

    path = cache_dir() / kind / f"{key}.json"
    try:
        return load(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError):  # not there, or damaged
        pass
    result = compute()
    text = json.dumps(dump(result), ensure_ascii=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, text)
    except OSError:  # a read-only cache folder: keep the result for this session only
        pass
    if read_back:
        del result  # the computed objects go (with any cycle among them) before their copies are made
        gc.collect()
        return load(json.loads(text))
    return result


__all__ = ["cache_key", "cached_json"]
