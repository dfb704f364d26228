"""Side files: the settings kept beside a file (``NAME.settings.json``), how they are named, found and tied to it.

A ``vocab.txt`` cannot say whether it is lowercased, and a counts file cannot
say how its words were cut; both keep that beside them, in a file named after
theirs. This module is the one place that knows those names, for every stage
that writes or reads a side file (``counting`` for counts, ``pipeline`` for
vocabs), and the command line that checks an output is not someone's side file:

* ``settings_path``: ``vocab.txt`` -> ``vocab.txt.settings.json`` (the whole name,
  so ``book.txt`` and ``book.tsv`` never share one); ``legacy_settings_path``, the
  name older versions used (``vocab.settings.json``);
* ``side_file_of``: the other way, which file a side file belongs to;
* ``find_settings``: the side file to read, refusing a side path that is no file;
* ``file_sha256`` and ``check_belongs``: a side file records the checksum of the
  file it describes, so one written for another version of it is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: What a side file's name adds to the name of the file it describes.
SETTINGS_SUFFIX = ".settings.json"
#: The most bytes of a settings file under the old name read to learn whose it is (settings are small).
MAX_LEGACY_SETTINGS_BYTES = 1 << 20


def settings_path(path: str | os.PathLike[str]) -> Path:
    """Where the settings of ``path`` are kept: ``NAME.settings.json`` beside it.

    The whole name, suffix included, so that ``book.txt`` and ``book.tsv`` never share one.

    >>> settings_path("out/vocab.txt")
    PosixPath('out/vocab.txt.settings.json')
    """
    given = Path(path)
    return given.with_name(f"{given.name}{SETTINGS_SUFFIX}")


def legacy_settings_path(path: str | os.PathLike[str]) -> Path:
    """Where versions before 0.x kept the settings: ``vocab.settings.json`` (the suffix left out).

    >>> legacy_settings_path("out/vocab.txt")
    PosixPath('out/vocab.settings.json')
    """
    given = Path(path)
    return given.with_name(f"{given.stem}{SETTINGS_SUFFIX}")


def side_file_of(path: str | os.PathLike[str]) -> Path | None:
    """The file whose settings ``path`` would be (``vocab.txt`` for ``vocab.txt.settings.json``), if it exists.

    >>> side_file_of("vocab.txt") is None
    True
    """
    name = Path(path).name
    if not name.endswith(SETTINGS_SUFFIX) or name == SETTINGS_SUFFIX:
        return None
    owner = Path(path).with_name(name[: -len(SETTINGS_SUFFIX)])
    return owner if owner.is_file() else None


def find_settings(
    path: str | os.PathLike[str], *, owns_legacy: Callable[[dict[str, Any]], bool] | None = None
) -> Path | None:
    """The settings file of ``path``, or ``None`` when it has none.

    ``NAME.settings.json``; else the old name ``STEM.settings.json``, which ``vocab.txt`` and ``vocab.tsv``
    shared, but only when ``owns_legacy`` says its JSON is this very file's (by default: it names the file
    as its ``vocab_file``). A settings path that is there but is no file (a folder, say) is refused: read
    past, it would leave the file without its settings and nobody told.

    >>> find_settings("no-such-vocab.txt") is None
    True
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "vocab.txt.settings.json").mkdir()
    >>> find_settings(folder / "vocab.txt")
    Traceback (most recent call last):
    ...
    IsADirectoryError: .../vocab.txt.settings.json is a folder, but the settings of .../vocab.txt are kept under that name: move the folder away
    """
    current = settings_path(path)
    try:
        info = os.stat(current)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return current
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(
                f"{current} is a folder, but the settings of {path} are kept under that name: move the folder away"
            )
        raise ValueError(
            f"{current} is not a regular file, but the settings of {path} are kept under that name: move it away"
        )
    legacy = legacy_settings_path(path)
    if legacy == Path(path) or not legacy.is_file() or legacy.stat().st_size > MAX_LEGACY_SETTINGS_BYTES:
        return None
    try:
        data = json.loads(legacy.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if owns_legacy is None:
        return legacy if data.get("vocab_file") == Path(path).name else None
    return legacy if owns_legacy(data) else None


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The SHA-256 (hex) of a file's bytes, read a block at a time.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"a")
    >>> file_sha256(path)[:12]
    'ca978112ca1b'
    """
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_belongs(side_file: str | os.PathLike[str], recorded: Any, path: str | os.PathLike[str]) -> None:
    """Refuse a side file written for another version of ``path`` (its recorded SHA-256 differs).

    A save cut short by a power loss, or a file changed by hand after it was
    saved, would otherwise be read with settings that are not its own.
    Side files from before the checksum (no ``recorded``) are taken as they are.

    >>> check_belongs("v.txt.settings.json", None, "v.txt")
    """
    if recorded is None:
        return
    if not isinstance(recorded, str) or recorded != file_sha256(path):
        raise ValueError(
            f"{side_file} was written for another version of {path} (its checksum differs): save {path} again, or "
            f"delete {side_file} if you changed {path} on purpose"
        )


__all__ = [
    "SETTINGS_SUFFIX",
    "check_belongs",
    "file_sha256",
    "find_settings",
    "legacy_settings_path",
    "settings_path",
    "side_file_of",
]
