"""Public-domain books in other languages: the data module's Project Gutenberg books not in English.

Each is a data set of ``wordpiece_lib.data.copies`` (``copies.DATASETS``): ``python -m
wordpiece_lib fetch kafka-verwandlung`` downloads one, ``load_book("kafka-verwandlung")``
reads it. Each is pinned (text checksum and size) to the copy in Project
Gutenberg's own Git repository at a fixed commit, which is also the first
address it is fetched from; a copy that differs is refused. Only books a copy
of which could be checked are listed: nothing a learner sees depends on a
download nobody checked.

:func:`available_book_text` never downloads: it reads a copy that is already
in the cache folder (put there by hand, or by ``fetch``) and returns ``None``
otherwise, so a notebook can say which text it used and fall back to
word-frequency lists offline.

>>> sorted(book.language for book in MULTILINGUAL_BOOKS.values())
['de', 'zh']
>>> MULTILINGUAL_BOOKS["kafka-verwandlung"].urls[0]
'https://raw.githubusercontent.com/gutenbergbooks/22367/2501ac156704c394c99481b4304a41eecd821247/22367-0.txt'
"""

from __future__ import annotations

import os
from pathlib import Path

from .._validate import check_choice
from . import copies
from .catalogue import DataSet

#: The books, by name: every Gutenberg-cleaned data set whose language is not English.
MULTILINGUAL_BOOKS: dict[str, DataSet] = {
    name: dataset
    for name, dataset in copies.DATASETS.items()
    if dataset.clean == "gutenberg" and dataset.language != "en"
}


def book_path(name: str, cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the copy of a registered book is looked for (it need not exist): the cache folder by default.

    >>> book_path("kafka-verwandlung", "/tmp/books").as_posix()
    '/tmp/books/kafka-verwandlung.txt'
    """
    check_choice(name, "name", MULTILINGUAL_BOOKS)
    folder = Path(cache_dir) if cache_dir is not None else copies.cache_dir()
    return folder / MULTILINGUAL_BOOKS[name].basename


def available_book_text(name: str, cache_dir: str | os.PathLike[str] | None = None) -> str | None:
    """The book's text, cleaned, if a copy is already on this machine; ``None`` otherwise. Never downloads.

    A copy straight from Project Gutenberg (with its licence header and footer)
    is cleaned and checked the way ``copies.fetch`` does it; an empty copy is
    treated as missing; a copy that cannot be used (cut short, failing its
    checksum) raises ``ValueError`` saying why.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> available_book_text("kafka-verwandlung", folder) is None
    True
    >>> _ = book_path("kafka-verwandlung", folder).write_text("Als Gregor Samsa eines Morgens", encoding="utf-8")
    >>> available_book_text("kafka-verwandlung", folder)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: ...kafka-verwandlung.txt looks truncated: 30 bytes after cleaning, expected about 124,047: not used
    """
    path = book_path(name, cache_dir)
    if not path.is_file() or path.stat().st_size == 0:
        return None
    return copies.read_checked(MULTILINGUAL_BOOKS[name], path, folder=path.parent)


__all__ = ["MULTILINGUAL_BOOKS", "available_book_text", "book_path"]
