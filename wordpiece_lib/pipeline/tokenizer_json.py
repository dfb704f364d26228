"""Hugging Face's ``tokenizer.json`` on disk: where it is, reading it (size, encoding, JSON), and the files beside a vocab.

``tokenizer.json`` holds a whole pipeline (``serialization.py`` reads and
writes its contents). ``tokenizers.Tokenizer.from_file`` reads it, and
``transformers`` 5 needs it: ``AutoTokenizer.from_pretrained(folder)``
loads a folder holding it. A tokenizer is saved (``Tokenizer.save``; the
name decides) as:

* ``NAME.json``: one ``tokenizer.json``;
* ``FOLDER/``: ``tokenizer.json`` plus ``tokenizer_config.json`` and
  ``special_tokens_map.json`` (and a WordPiece vocab's ``vocab.txt``), the
  layout of a model folder;
* ``vocab.txt`` (a WordPiece vocab only), and beside it
  ``vocab.txt.settings.json``: the same JSON without the vocab, so that
  whoever encodes with the vocab later gets its settings (lowercase or not,
  pre-tokenizer, prefix, special tokens ...).

Reading one (``read_tokenizer_json``) is bounded (``MAX_JSON_BYTES``),
says in one line what is wrong with a file that is not UTF-8 JSON (UTF-16
included), and refuses a settings file given in place of a tokenizer.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .._validate import check_int
from ..textfiles import decode_utf8, read_file_bytes
from .hf_config import CONFIG_FILE, SPECIAL_TOKENS_MAP_FILE

TOKENIZER_FILE = "tokenizer.json"
VOCAB_FILE = "vocab.txt"
#: The key that marks a settings file (``tokenizer.json`` without the vocab), with its format version.
SETTINGS_MARK = "wordpiece_lib_settings"
#: The largest ``tokenizer.json`` or settings file read unless ``max_bytes`` says more (BERT's is 0.7 MB,
#: multilingual BERT's 2.9 MB, XLM-RoBERTa's 17 MB). Loading one costs up to 17 bytes of memory per byte of
#: JSON (a vocab of short tokens written compactly), so this keeps a load under 500 MB.
MAX_JSON_BYTES = 30_000_000


def is_folder_name(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` names a folder to save into: an existing folder, a name ending with ``/``, or no suffix.

    Something else already there under that name (a file, ``/dev/null``, a pipe) is not a folder.

    >>> is_folder_name("out/"), is_folder_name("bert-tiny"), is_folder_name("vocab.txt"), is_folder_name("t.json")
    (True, True, False, False)
    >>> is_folder_name("/dev/null")
    False
    """
    target = Path(path)
    if target.is_dir() or str(path).endswith(("/", os.sep)):
        return True
    return not target.suffix and not target.exists()


def parse_json(text: str, where: str) -> Any:
    """``json.loads``, with every way it can fail said as one ``ValueError`` naming ``where``.

    >>> parse_json("[" * 100_000, "tokenizer file t.json")
    Traceback (most recent call last):
    ...
    ValueError: tokenizer file t.json is not usable JSON: nested too deeply (more levels of [ and { than Python's reader allows)
    >>> parse_json('{"a": ' + "9" * 5000 + "}", "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json is not usable JSON: a number of over 4,300 digits at line 1, column 7
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where} is not valid JSON: {error.msg} (line {error.lineno})") from None
    except RecursionError:
        raise ValueError(
            f"{where} is not usable JSON: nested too deeply (more levels of [ and {{ than Python's reader allows)"
        ) from None
    except ValueError as error:
        if "digits" not in str(error):
            raise ValueError(f"{where} is not usable JSON: {error}") from None
        match = re.search(r"\d{4301,}", text)
        offset = match.start() if match else 0
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise ValueError(
            f"{where} is not usable JSON: a number of over 4,300 digits at line {line}, column {column}"
        ) from None


def tokenizer_file(path: str | os.PathLike[str]) -> Path:
    """The ``tokenizer.json`` a path names: the path itself, or the one in the folder it names.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> tokenizer_file(folder / "t.json").name
    't.json'
    >>> tokenizer_file(folder)
    Traceback (most recent call last):
    ...
    FileNotFoundError: folder ... holds no tokenizer.json
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    target = Path(path)
    if target.is_dir():
        if not (target / TOKENIZER_FILE).is_file():
            raise FileNotFoundError(f"folder {target} holds no {TOKENIZER_FILE}")
        return target / TOKENIZER_FILE
    return target


def names_a_vocab_file(path: str | os.PathLike[str]) -> bool:
    """True for a regular file whose name does not end with ``.json``: a ``vocab.txt``, not a ``tokenizer.json``.

    A folder (its ``tokenizer.json``), a ``.json`` name, or something that is no regular file (a pipe, a
    device) given as a saved tokenizer is read as a ``tokenizer.json``.

    >>> names_a_vocab_file("out/tokenizer.json"), names_a_vocab_file("/dev/null")
    (False, False)
    """
    target = Path(path)
    return target.suffix != ".json" and target.is_file()


#: The byte-order marks of the encodings a JSON file is sometimes saved in instead of UTF-8 (longest first).
_OTHER_ENCODINGS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def wide_encoding(data: bytes) -> str | None:
    """``"UTF-16"`` or ``"UTF-32"`` when ``data`` (a file's first bytes) looks written in it: a byte-order mark,
    or JSON's ``{`` spelt with NULs.

    >>> wide_encoding('{"a": 1}'.encode("utf-16")), wide_encoding('{"a": 1}'.encode("utf-16-be")), wide_encoding(b'{"a": 1}')
    ('UTF-16', 'UTF-16', None)
    """
    for mark, name in _OTHER_ENCODINGS:
        if data.startswith(mark):
            return name
    if data[:4] in (b"{\x00\x00\x00", b"\x00\x00\x00{"):
        return "UTF-32"
    if data[:2] in (b"{\x00", b"\x00{"):
        return "UTF-16"
    return None


def refuse_wide_encoding(data: bytes, source: str, path: str | os.PathLike[str] = "tokenizer.json") -> None:
    """Refuse JSON in UTF-16 or UTF-32 (Hugging Face reads UTF-8 only), saying which and how to convert it.

    >>> refuse_wide_encoding('{}'.encode("utf-16"), "tokenizer file t.json", "t.json")
    Traceback (most recent call last):
    ...
    ValueError: tokenizer file t.json is UTF-16, not UTF-8 (Hugging Face reads UTF-8 only): convert it first, e.g. iconv -f UTF-16 -t UTF-8 t.json > t.utf8.json
    """
    wide = wide_encoding(data)
    if wide is not None:
        shown = Path(path)
        converted = shown.with_name(f"{shown.stem}.utf8{shown.suffix or '.json'}")
        raise ValueError(
            f"{source} is {wide}, not UTF-8 (Hugging Face reads UTF-8 only): convert it first, e.g. "
            f"iconv -f {wide} -t UTF-8 {shown} > {converted}"
        )


def read_tokenizer_json(path: str | os.PathLike[str], *, max_bytes: int | None = None) -> tuple[Any, Path]:
    """The parsed contents of a ``tokenizer.json`` (or of the one in a folder), and the file read.

    At most ``max_bytes`` are read (``MAX_JSON_BYTES`` by default): a file over it is an error naming it,
    its size and ``max_bytes``; so is a file that is not UTF-8 JSON (UTF-16 said so, with how to convert it).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.json"
    >>> _ = path.write_text('{"model": {"type": "Unigram"}}')
    >>> read_tokenizer_json(path)[0]["model"]["type"]
    'Unigram'
    """
    target = tokenizer_file(path)
    cap = MAX_JSON_BYTES if max_bytes is None else check_int(max_bytes, "max_bytes", minimum=1)
    source = f"tokenizer file {target}"
    if target.is_file():  # a file can be read twice: its first bytes tell UTF-16 before a NUL says "binary"
        with open(target, "rb") as stream:
            refuse_wide_encoding(stream.read(4), source, target)
    text = decode_utf8(
        read_file_bytes(target, name="tokenizer file", max_bytes=cap, refuse_nul=True, raise_with="max_bytes"), source
    )
    return parse_json(text, source), target


@contextlib.contextmanager
def about_file(path: str | os.PathLike[str]) -> Iterator[None]:
    """A ``ValueError`` about a file's contents, raised inside, names the file (unless it already does).

    >>> with about_file("t.json"):
    ...     raise ValueError("model has no vocab")
    Traceback (most recent call last):
    ...
    ValueError: t.json: model has no vocab
    """
    try:
        yield
    except ValueError as error:
        if str(path) in str(error):
            raise
        raise ValueError(f"{path}: {error}") from None


__all__ = [
    "CONFIG_FILE",
    "MAX_JSON_BYTES",
    "SETTINGS_MARK",
    "SPECIAL_TOKENS_MAP_FILE",
    "TOKENIZER_FILE",
    "VOCAB_FILE",
    "about_file",
    "is_folder_name",
    "names_a_vocab_file",
    "parse_json",
    "read_tokenizer_json",
    "refuse_wide_encoding",
    "tokenizer_file",
    "wide_encoding",
]
