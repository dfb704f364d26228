"""Public-domain books for training on real text, downloaded once and cached.

``load_book("treasure-island")`` looks in the cache folder first
(``WORDPIECE_DATA_DIR``, else ``data/cache/`` in a source checkout, else
``~/.cache/wordpiece_lib``). When the book is missing it downloads the plain
text from Project Gutenberg, keeps only the book itself (no licence header or
footer), joins each paragraph onto one line, checks the size (and checksum if
one is known) and writes it to the cache atomically.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ._validate import check_choice, check_optional_str, check_seconds, check_str
from .atomic import atomic_write_text
from .textfiles import read_text_file


@dataclass(frozen=True)
class Book:
    """Where a book comes from and how to recognise a good copy."""

    name: str
    title: str
    gutenberg_id: int
    url: str
    min_chars: int
    sha256: str | None = None


# Project Gutenberg regenerates its files now and then, so no fixed checksum is
# pinned for the download; the size check still catches a truncated file.
BOOKS: dict[str, Book] = {
    "treasure-island": Book(
        name="treasure-island",
        title="Treasure Island (R. L. Stevenson)",
        gutenberg_id=120,
        url="https://www.gutenberg.org/cache/epub/120/pg120.txt",
        min_chars=300_000,
    ),
}

_START_MARK = "*** START OF"
_END_MARK = "*** END OF"


class BookDownloadError(OSError):
    """The book is not cached and could not be downloaded."""


def default_cache_dir() -> Path:
    """The folder books are cached in (see the module docstring).

    >>> isinstance(default_cache_dir(), Path)
    True
    """
    configured = os.environ.get("WORDPIECE_DATA_DIR")
    if configured:
        return Path(configured)
    checkout = Path(__file__).resolve().parents[1]
    if (checkout / "pyproject.toml").is_file():
        return checkout / "data" / "cache"
    return Path.home() / ".cache" / "wordpiece_lib"


def strip_gutenberg(text: str) -> str:
    """Keep the book between Gutenberg's START and END lines, one paragraph per line.

    >>> raw = "licence\\n*** START OF THE BOOK ***\\nA long\\nline.\\n\\nNext.\\n*** END OF THE BOOK ***\\nmore"
    >>> strip_gutenberg(raw)
    'A long line.\\n\\nNext.'
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    start = text.find(_START_MARK)
    if start != -1:
        text = text[text.find("\n", start) + 1 :]
    end = text.find(_END_MARK)
    if end != -1:
        text = text[:end]
    paragraphs = []
    for block in text.split("\n\n"):
        lines = [line.strip() for line in block.split("\n") if line.strip()]
        if lines:
            paragraphs.append(" ".join(lines))
    return "\n\n".join(paragraphs)


def download_text(url: str, *, timeout: float = 30.0) -> str:
    """Fetch ``url`` as UTF-8 text, checking the length the server announced.

    Raises ``BookDownloadError`` with the reason on any failure.
    """
    check_str(url, "url", allow_empty=False)
    check_seconds(timeout, "timeout")
    # Imported here: the HTTP stack costs import time and only a download needs it.
    import http.client
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            data = response.read()
            announced = response.headers.get("Content-Length")
    except urllib.error.HTTPError as error:
        raise BookDownloadError(f"the server answered {error.code} {error.reason} for {url}") from None
    except http.client.IncompleteRead as error:
        raise BookDownloadError(
            f"download from {url} was cut short: got {len(error.partial)} bytes, {error.expected} more were expected"
        ) from None
    except http.client.HTTPException as error:
        raise BookDownloadError(f"download from {url} failed: {error!r}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        if isinstance(reason, TimeoutError):
            # Raised while connecting, waiting for the answer, or when the body stops coming midway.
            raise BookDownloadError(
                f"download from {url} timed out after {timeout:g} s without data from the server"
            ) from None
        raise BookDownloadError(f"could not reach {url}: {reason}") from None
    if announced is not None and announced.isdigit() and int(announced) != len(data):
        raise BookDownloadError(f"download from {url} was cut short: got {len(data)} of {announced} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BookDownloadError(f"download from {url} is not UTF-8 text (bad byte at offset {error.start})") from None


def _by_hand(book: Book, cached: Path) -> str:
    return (
        f"If you are offline, download {book.url} by hand and save it as {cached}, "
        f"or set WORDPIECE_DATA_DIR to a folder holding {cached.name}."
    )


def load_book(
    name: str = "treasure-island",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    timeout: float = 30.0,
) -> str:
    """The text of a book, from the cache or downloaded into it.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "treasure-island.txt").write_text("Squire Trelawney, Dr. Livesey ...")
    >>> load_book("treasure-island", cache_dir=folder)[:15]
    'Squire Trelawne'
    """
    check_choice(name, "name", BOOKS)
    check_seconds(timeout, "timeout")
    if cache_dir is not None and not isinstance(cache_dir, (str, os.PathLike)):
        raise TypeError(f"cache_dir must be a folder (a str or a path) or None, got {type(cache_dir).__name__}")
    check_optional_str(url, "url", allow_empty=False)
    book = BOOKS[name]
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    cached = folder / f"{book.name}.txt"
    if cached.is_file():
        return read_text_file(cached, name="cached book")
    source = url or book.url
    try:
        text = strip_gutenberg(download_text(source, timeout=timeout))
    except BookDownloadError as error:
        raise BookDownloadError(
            f"{book.title} is not in the cache ({cached}) and {error}. {_by_hand(book, cached)}"
        ) from None
    if len(text) < book.min_chars:
        raise BookDownloadError(
            f"download of {book.title} from {source} looks incomplete: {len(text):,} characters, "
            f"expected at least {book.min_chars:,}; nothing was cached. {_by_hand(book, cached)}"
        )
    if book.sha256 is not None:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest != book.sha256:
            raise BookDownloadError(
                f"download of {book.title} from {source} has checksum {digest}, expected {book.sha256}; "
                f"nothing was cached. {_by_hand(book, cached)}"
            )
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(cached, text)
    return text
