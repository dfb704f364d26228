"""One loader for every saved tokenizer: the file read and parsed once, and the class its model asks for.

``load_tokenizer`` is what the command line asks, and what a learner holding
a downloaded tokenizer calls: a ``tokenizer.json`` (or a folder holding one)
gives the tokenizer of its model (``WordPieceTokenizer``,
``UnigramTokenizer``, or a ``Tokenizer`` for another model of the registry).
The file is read once, parsed once, and each part is read by its ``type``
(``serialization.py``); nothing here looks at a model's fields. (A
``vocab.txt``, WordPiece's own file, is read by ``WordPieceTokenizer.from_file``
with the settings saved beside it.)
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

from ..model.unigram import UnigramModel
from ..model.wordpiece import WordPieceModel
from .serialization import TokenizerParts, parts_from_json
from .tokenizer import Tokenizer
from .tokenizer_json import about_file, names_a_vocab_file, read_tokenizer_json
from .unigram_tokenizer import UnigramTokenizer
from .wordpiece_tokenizer import WordPieceTokenizer

#: The class that holds each kind of model under the name the notebooks teach (when it takes the other parts
#: too); any other model of the registry, or parts a named class does not take, go in a plain ``Tokenizer``.
NAMED_TOKENIZERS: dict[type[Any], type[Tokenizer[Any]]] = {
    WordPieceModel: WordPieceTokenizer,
    UnigramModel: UnigramTokenizer,
}


def tokenizer_class(parts: TokenizerParts) -> type[Tokenizer[Any]]:
    """The class that holds ``parts``: its model's named tokenizer when it takes them, else ``Tokenizer``.

    >>> tokenizer_class(UnigramTokenizer(UnigramModel([("<unk>", 0.0)])).parts).__name__
    'UnigramTokenizer'
    """
    named = NAMED_TOKENIZERS.get(type(parts.model))
    return named if named is not None and named.holds(parts) else Tokenizer


def tokenizer_from_json(data: Any, source: str | os.PathLike[str] | None = None, **options: Any) -> Tokenizer[Any]:
    """The tokenizer ``tokenizer.json`` contents (a dict) describe; ``options`` override what is loaded.

    ``source``, the file the contents came from, is named in every error about them.

    >>> data = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)])).to_json()
    >>> type(tokenizer_from_json(data)).__name__
    'UnigramTokenizer'
    """
    with about_file(source) if source is not None else contextlib.nullcontext():
        parts = parts_from_json(data)
        return tokenizer_class(parts).from_parts(parts, **options)


def load_tokenizer(path: str | os.PathLike[str], *, max_bytes: int | None = None, **options: Any) -> Tokenizer[Any]:
    """The tokenizer a ``tokenizer.json`` holds (or a folder holding one): its model decides the class.

    The file is read once (at most ``max_bytes``, by default ``MAX_JSON_BYTES``) and parsed once;
    ``options`` override what is loaded (``compat="google"`` for a WordPiece vocab). A pipe or a device is
    read as a ``tokenizer.json`` too; a ``vocab.txt`` (any other regular file) is loaded as what it is,
    a WordPiece vocab: ``WordPieceTokenizer.from_file``.

    >>> import tempfile, pathlib
    >>> path = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)])).save(pathlib.Path(tempfile.mkdtemp()) / "t.json")
    >>> type(load_tokenizer(path)).__name__
    'UnigramTokenizer'
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    if names_a_vocab_file(path):
        raise ValueError(
            f"{path} is not a tokenizer.json (its name does not end with .json): load a vocab with "
            "WordPieceTokenizer.from_file (encode --vocab), which also reads the settings saved beside it"
        )
    return tokenizer_from_json(*read_tokenizer_json(path, max_bytes=max_bytes), **options)


__all__ = ["NAMED_TOKENIZERS", "load_tokenizer", "tokenizer_class", "tokenizer_from_json"]
