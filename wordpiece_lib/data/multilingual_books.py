"""Public-domain books in other languages: the data module's Project Gutenberg books not in English.

Each is a data set of ``wordpiece_lib.data.copies`` (``copies.DATASETS``): ``python -m
wordpiece_lib fetch kalevala`` downloads one, ``load_book("kalevala")``
reads it. None of them has ever been fetched and checked by this project, so
none has a pinned checksum or size (a checksum nobody computed would be a
made-up number): a download is accepted when it holds Project Gutenberg's
START and END lines, and its text checksum is then kept beside the cached copy
so later damage is noticed. Pin both the day a copy is fetched and checked.

:func:`available_book_text` never downloads: it reads a copy that is already
in the cache folder (put there by hand, or by ``fetch``) and returns ``None``
otherwise, so a notebook can say which text it used and fall back to
word-frequency lists offline.

>>> sorted(book.language for book in MULTILINGUAL_BOOKS.values())
['de', 'es', 'fi', 'fr', 'ja', 'zh']
>>> MULTILINGUAL_BOOKS["kafka-verwandlung"].urls[0]
'https://www.gutenberg.org/cache/epub/22367/pg22367.txt'
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

    >>> book_path("kalevala", "/tmp/books").as_posix()
    '/tmp/books/kalevala.txt'
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
    >>> available_book_text("kalevala", folder) is None
    True
    >>> raw = "*** START OF THE PROJECT GUTENBERG EBOOK KALEVALA ***\\nMieleni minun tekevi\\n*** END OF THE PROJECT GUTENBERG EBOOK KALEVALA ***"
    >>> _ = book_path("kalevala", folder).write_text(raw, encoding="utf-8")
    >>> available_book_text("kalevala", folder)
    'Mieleni minun tekevi'
    """
    path = book_path(name, cache_dir)
    if not path.is_file() or path.stat().st_size == 0:
        return None
    return copies.read_checked(MULTILINGUAL_BOOKS[name], path, folder=path.parent)


__all__ = ["MULTILINGUAL_BOOKS", "available_book_text", "book_path"]
