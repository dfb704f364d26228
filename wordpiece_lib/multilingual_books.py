"""Public-domain books in other languages, registered like the data module's data sets.

Each entry has the fields of the data module's ``DataSet`` (name, description,
urls, filename, sha256, size, licence, source, language, clean, bundled), so
the entries move into its registry as they are. None of these books has ever
been fetched by this project, so none has a pinned checksum or size: a
checksum nobody computed would be a made-up number. ``sha256`` and ``size``
are therefore ``None`` ("not pinned yet"), and a copy is accepted when it is
a non-empty UTF-8 text; pin both the day a copy is fetched and checked.

:func:`available_book_text` never downloads: it reads a copy that is already
in the cache folder (put there by hand, or by a download elsewhere) and
returns ``None`` otherwise, so a notebook can say which text it used and fall
back to word-frequency lists offline.

>>> sorted(book.language for book in MULTILINGUAL_BOOKS.values())
['de', 'es', 'fi', 'fr', 'ja', 'zh']
>>> MULTILINGUAL_BOOKS["kafka-verwandlung"].urls[0]
'https://www.gutenberg.org/cache/epub/22367/pg22367.txt'
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ._validate import check_choice
from .books import default_cache_dir, strip_gutenberg
from .textfiles import read_text_file

_GUTENBERG_LICENCE = "Public domain in the USA (Project Gutenberg licence for the file)"


@dataclass(frozen=True)
class BookSource:
    """A book as the data module registers a data set (same field names as its ``DataSet``)."""

    name: str
    description: str
    urls: tuple[str, ...]
    filename: str
    sha256: str | None
    size: int | None
    licence: str
    source: str
    language: str
    clean: str = "gutenberg"
    bundled: bool = False


def _gutenberg(name: str, number: int, language: str, description: str) -> BookSource:
    return BookSource(
        name=name,
        description=description,
        urls=(f"https://www.gutenberg.org/cache/epub/{number}/pg{number}.txt",),
        filename=f"{name}.txt",
        sha256=None,  # never fetched by this project: not pinned yet
        size=None,
        licence=_GUTENBERG_LICENCE,
        source=f"Project Gutenberg eBook #{number}, https://www.gutenberg.org/ebooks/{number}",
        language=language,
    )


#: The books, by name. Each number was checked against several independent references to the file.
MULTILINGUAL_BOOKS: dict[str, BookSource] = {
    book.name: book
    for book in (
        _gutenberg("hugo-miserables-1", 17489, "fr", "Victor Hugo, Les Misérables, tome I: Fantine (French)"),
        _gutenberg("kafka-verwandlung", 22367, "de", "Franz Kafka, Die Verwandlung (German)"),
        _gutenberg("cervantes-quijote", 2000, "es", "Miguel de Cervantes, Don Quijote (Spanish)"),
        _gutenberg("kalevala", 7000, "fi", "Elias Lönnrot, Kalevala (Finnish)"),
        _gutenberg("wu-xiyouji", 23962, "zh", "Wu Cheng'en, 西遊記 Journey to the West (Chinese)"),
        _gutenberg("akutagawa-rashomon", 1982, "ja", "Akutagawa Ryūnosuke, 羅生門 Rashōmon (Japanese)"),
    )
}


def book_path(name: str, cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the cleaned copy of a registered book is looked for (it need not exist).

    >>> book_path("kalevala", "/tmp/books").as_posix()
    '/tmp/books/kalevala.txt'
    """
    check_choice(name, "name", MULTILINGUAL_BOOKS)
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return folder / MULTILINGUAL_BOOKS[name].filename


def available_book_text(name: str, cache_dir: str | os.PathLike[str] | None = None) -> str | None:
    """The book's text, cleaned, if a copy is already on this machine; ``None`` otherwise. Never downloads.

    A copy straight from Project Gutenberg (with its licence header and
    footer) is cleaned the way the data module cleans Gutenberg books; a copy
    that is empty is treated as missing, and a copy that fails a pinned
    checksum raises ``ValueError``.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> available_book_text("kalevala", folder) is None
    True
    >>> _ = book_path("kalevala", folder).write_text("*** START OF THE EBOOK ***\\nMieleni minun\\ntekevi\\n*** END OF", encoding="utf-8")
    >>> available_book_text("kalevala", folder)
    'Mieleni minun tekevi'
    """
    path = book_path(name, cache_dir)
    if not path.is_file():
        return None
    text = strip_gutenberg(read_text_file(path, name=f"the copy of {name}"))
    if not text.strip():
        return None
    book = MULTILINGUAL_BOOKS[name]
    if book.sha256 is not None:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest != book.sha256:
            raise ValueError(f"{path} has checksum {digest} after cleaning, expected {book.sha256}: replace it")
    return text


__all__ = ["MULTILINGUAL_BOOKS", "BookSource", "available_book_text", "book_path"]
