"""A checked copy of a data set, by name: bundled, cached, mirrored or downloaded.

``fetch(name)`` gives the path of a checked copy, looking in this order:

1. bundled: the repository's ``data/`` folder (the small corpora and
   Treasure Island also ship inside the installed package);
2. the cache folder, ``cache_dir()``: ``WORDPIECE_DATA_DIR`` if set, else
   ``data/cache/`` in a checkout, else the user's cache folder;
3. the read-only mirror ``WORDPIECE_DATA_MIRROR`` (folders holding the files,
   separated like ``PATH``; never written to);
4. the network, through pooch (a progress bar, the checksum), into the cache.

A copy is used only when it checks out: never an empty or truncated file,
never one whose checksum differs. A book from Project Gutenberg is cleaned
first (``wordpiece_lib.data.gutenberg``), whether it was downloaded or saved by
hand, and its checksum is that of the cleaned text's words
(``text_sha256``), so a copy wrapped at another width still verifies. Offline
with no copy anywhere, ``DataUnavailable`` names the file, the URL and the
folder to put it in.

>>> DATASETS["bert-base-uncased-vocab"].licence
'Apache-2.0'
>>> load_text("course-sentences").splitlines()[0]
'This is the Hugging Face Course.'
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

from .._validate import check_bool, check_choice, check_instance, check_path, check_seconds, check_str
from ..atomic import atomic_write_text
from ..textfiles import read_text_file
from .catalogue import DATASETS, DataSet, books, gutenberg_book
from .download import download as download_file
from .download import download_problem
from .gutenberg import clean_gutenberg, has_gutenberg_markers, text_sha256

#: The cache folder (downloads and cleaned copies go there).
DATA_DIR_ENV = "WORDPIECE_DATA_DIR"
#: Read-only folders holding ready copies, looked in before the network (CI points it at ``../shared/data``).
MIRROR_ENV = "WORDPIECE_DATA_MIRROR"
#: A copy this much shorter than the pinned size is reported as truncated rather than as changed.
TRUNCATED_BELOW = 0.95

#: The installed package (wordpiece_lib/), one folder above this one.
_PACKAGE = Path(__file__).resolve().parent.parent


class DataUnavailable(OSError):
    """No usable copy of a data set here, and it could not be downloaded.

    The message's first line says what to do; the next lines say what was tried.
    ``hint`` is one line for a skipped test: what is missing and the command that fetches it.
    """

    def __init__(self, dataset: DataSet, folder: Path, tried: list[str]) -> None:
        self.dataset = dataset
        self.folder = folder
        self.tried = list(tried)
        where = f"download {dataset.urls[0]} and save it as {folder / dataset.basename}" if dataset.urls else ""
        if dataset.urls:
            first = (
                f"{dataset.basename} ({dataset.name}) is not available here: run `{fetch_command(dataset.name)}` "
                f"when online, or {where}, or set {MIRROR_ENV} to a folder holding {dataset.basename}"
            )
        else:
            first = f"{dataset.basename} ({dataset.name}) is missing from this installation and has no download address"
        super().__init__("\n".join([first, *(f"  - {line}" for line in self.tried)]))

    @property
    def hint(self) -> str:
        """One line: what is missing and how to get it.

        >>> DataUnavailable(DATASETS["treasure-island"], Path("cache"), []).hint
        'treasure-island.txt is missing: fetch it with `python -m wordpiece_lib fetch treasure-island` (from https://www.gutenberg.org/cache/epub/120/pg120.txt)'
        """
        origin = f" (from {self.dataset.urls[0]})" if self.dataset.urls else ""
        return f"{self.dataset.basename} is missing: fetch it with `{fetch_command(self.dataset.name)}`{origin}"


def fetch_command(name: str) -> str:
    """The shell command that fetches data set ``name``.

    >>> fetch_command("treasure-island")
    'python -m wordpiece_lib fetch treasure-island'
    """
    check_str(name, "name", allow_empty=False)
    return f"python -m wordpiece_lib fetch {name}"


def checkout_root() -> Path | None:
    """The source checkout this module runs from, or None for an installed package.

    >>> checkout_root() is None or (checkout_root() / "data").is_dir()
    True
    """
    root = _PACKAGE.parent
    if (root / "pyproject.toml").is_file() and (root / "data").is_dir():
        return root
    return None


def cache_dir() -> Path:
    """The cache folder: ``WORDPIECE_DATA_DIR``, else ``data/cache/`` in a checkout, else the user's cache folder.

    >>> isinstance(cache_dir(), Path)
    True
    """
    configured = os.environ.get(DATA_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    root = checkout_root()
    if root is not None:
        return root / "data" / "cache"
    # Imported here: pooch is needed only once a file is fetched or the cache is asked for.
    import pooch

    return Path(pooch.os_cache("wordpiece_lib"))


def mirror_dirs() -> list[Path]:
    """The read-only mirror folders named by ``WORDPIECE_DATA_MIRROR`` (none when unset).

    >>> import os
    >>> os.environ.get("WORDPIECE_DATA_MIRROR") is not None or mirror_dirs() == []
    True
    """
    configured = os.environ.get(MIRROR_ENV, "")
    return [Path(part).expanduser() for part in configured.split(os.pathsep) if part.strip()]


def bundled_paths(dataset: DataSet) -> list[Path]:
    """Where a bundled data set may sit: the checkout's ``data/``, then the package's own copy.

    >>> [path.name for path in bundled_paths(DATASETS["course-sentences"])][-1]
    'course-sentences.txt'
    """
    check_instance(dataset, "dataset", DataSet)
    if not dataset.bundled:
        return []
    places = [_PACKAGE / "_bundled" / dataset.filename]
    root = checkout_root()
    if root is not None:
        places.insert(0, root / "data" / dataset.filename)
    return places


# --------------------------------------------------------------------------- checking a copy


def _sidecar(path: Path) -> Path:
    """The checksum file kept beside a cached book nobody pinned, to recognise a damaged copy later."""
    return path.with_name(path.name + ".sha256")


def _bytes_problem(dataset: DataSet, data: bytes) -> str | None:
    """Why a ``clean == "none"`` copy cannot be used, or None."""
    if not data:
        return "is empty"
    if dataset.size is not None and len(data) != dataset.size:
        shape = "looks truncated" if len(data) < dataset.size else "is too long"
        return f"{shape}: {len(data):,} bytes, expected {dataset.size:,}"
    digest = hashlib.sha256(data).hexdigest()
    if dataset.sha256 is not None and digest != dataset.sha256:
        return f"has checksum {digest}, expected {dataset.sha256}"
    return None


def _text_problem(dataset: DataSet, raw: str, cleaned: str, expected: str | None) -> str | None:
    """Why a cleaned book cannot be used, or None (``expected``: the checksum it must have, if known)."""
    if not cleaned.strip():
        return "holds no text" + (" after removing the licence header and footer" if raw.strip() else "")
    size = len(cleaned.encode("utf-8"))
    digest = text_sha256(cleaned)
    if expected is None:
        start, end = has_gutenberg_markers(raw)
        if start and not end:
            return "looks truncated: it has Project Gutenberg's START line but no END line"
        if not start:
            return "cannot be checked: it is not a Project Gutenberg file and has no checksum beside it"
        return None
    if digest == expected:
        return None
    if dataset.size is not None and size < TRUNCATED_BELOW * dataset.size:
        return f"looks truncated: {size:,} bytes after cleaning, expected about {dataset.size:,}"
    pinned = "the pinned copy" if dataset.sha256 is not None else "the copy first fetched (its checksum file)"
    return f"differs from {pinned}: its text has checksum {digest}, expected {expected}"


def _usable_copy(dataset: DataSet, path: Path, tried: list[str], folder: Path | None = None) -> Path | None:
    """``path`` if it holds a good copy, else the cache path of its cleaned version; None (and why, in ``tried``).

    A book whose words already match its checksum is used as it is (the mirror's copy, a cached
    one). A copy that needs cleaning (a raw Gutenberg file, downloaded or saved by hand) is
    cleaned into ``folder`` (the cache by default), never beside a mirror's original.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        tried.append(f"{path}: cannot be read ({error.strerror or error})")
        return None
    if not data:
        tried.append(f"{path} is empty: not used")
        return None
    if dataset.clean == "none":
        problem = _bytes_problem(dataset, data)
        if problem is None:
            return path
        tried.append(f"{path} {problem}: not used")
        return None
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as error:
        tried.append(f"{path} is not UTF-8 text (bad byte at offset {error.start}): not used")
        return None
    expected = dataset.sha256
    sidecar = _sidecar(path)
    if expected is None and sidecar.is_file() and not has_gutenberg_markers(raw)[0]:
        expected = sidecar.read_text(encoding="utf-8").strip()  # a cleaned copy, checked against its first fetch
    if expected is not None and text_sha256(raw) == expected:
        # Already the book, word for word (no licence header): used as it is, so a folder of
        # ready copies named as the cache is never written to.
        return path
    cleaned = clean_gutenberg(raw)
    problem = _text_problem(dataset, raw, cleaned, expected)
    if problem is not None:
        tried.append(f"{path} {problem}: not used")
        return None
    target = (cache_dir() if folder is None else folder) / dataset.basename
    try:
        return _store_clean(dataset, target, cleaned)
    except OSError as error:
        tried.append(f"{path} is good but its cleaned copy could not be written to {target.parent}: {error}")
        return None


def _store_clean(dataset: DataSet, target: Path, cleaned: str) -> Path:
    """Write a cleaned book into the cache (with its checksum file when nobody pinned it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, cleaned)
    if dataset.sha256 is None:
        atomic_write_text(_sidecar(target), text_sha256(cleaned) + "\n")
    return target


# --------------------------------------------------------------------------- downloading


def _from_network(dataset: DataSet, tried: list[str], *, timeout: float, progress: bool) -> Path | None:
    """Try each URL in turn; the first good copy lands in the cache."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        tried.append(f"cannot create the cache folder {folder}: {error} (set {DATA_DIR_ENV} to a writable folder)")
        return None
    for url in dataset.urls:
        if progress:
            print(f"downloading {dataset.name} from {url}", file=sys.stderr)
        try:
            if dataset.clean == "none":
                path = download_file(
                    url, folder, dataset.basename, sha256=dataset.sha256, timeout=timeout, progress=progress
                )
                problem = _bytes_problem(dataset, path.read_bytes())
                if problem is None:
                    return path
                path.unlink()
                tried.append(f"download from {url} {problem}: not kept")
                continue
            # The raw book never enters the cache: it is cleaned and checked in a scratch folder first.
            with tempfile.TemporaryDirectory(prefix=".download-", dir=folder) as scratch:
                raw_path = download_file(url, Path(scratch), dataset.basename, timeout=timeout, progress=progress)
                found = _usable_copy(dataset, raw_path, tried)
                if found is not None:
                    return found
        except Exception as error:  # requests', pooch's and the disk's errors alike: each URL gets its chance
            tried.append(download_problem(url, error, timeout))
    return None


# --------------------------------------------------------------------------- the public calls


def _find(dataset: DataSet, *, download: bool, timeout: float, progress: bool) -> Path:
    """Bundled copy, cache, mirror, network: the first good copy (see the module docstring)."""
    timeout = check_seconds(timeout, "timeout")
    tried: list[str] = []
    cached = cache_dir() / dataset.basename
    mirrors = mirror_dirs()
    # Each place with what to report when the file is not there (a missing bundled copy is not news).
    places = [(path, None) for path in bundled_paths(dataset)]
    places.append((cached, f"not in the cache folder {cached.parent}"))
    places += [(mirror / dataset.basename, f"not in the mirror {mirror}") for mirror in mirrors]
    for path, absent in places:
        if path.is_file():
            found = _usable_copy(dataset, path, tried)
            if found is not None:
                return found
        elif absent is not None:
            tried.append(absent)
    if not mirrors:
        tried.append(f"no mirror folder ({MIRROR_ENV} is not set)")
    if download and dataset.urls:
        found = _from_network(dataset, tried, timeout=timeout, progress=progress)
        if found is not None:
            return found
    elif dataset.urls:
        tried.append("no download tried (download=False)")
    raise DataUnavailable(dataset, cached.parent, tried)


def fetch(name: str, *, download: bool = True, timeout: float = 30.0, progress: bool = True) -> Path:
    """The path of a checked, clean copy of data set ``name``, downloaded into the cache when needed.

    Raises ``DataUnavailable`` (an ``OSError``) when no copy is here and none
    could be downloaded; ``download=False`` never touches the network.

    >>> fetch("course-word-counts").read_text().split("\\n")[0]
    'hug\\t10'
    """
    check_choice(name, "name", DATASETS)
    check_bool(download, "download")
    check_bool(progress, "progress")
    return _find(DATASETS[name], download=download, timeout=timeout, progress=progress)


def locate(name: str) -> Path | None:
    """Where a checked copy of ``name`` is on this machine right now, or None (never downloads).

    >>> locate("article-words").name
    'article-words.txt'
    """
    try:
        return fetch(name, download=False)
    except DataUnavailable:
        return None


def load_text(name: str, *, download: bool = True, timeout: float = 30.0, progress: bool = True) -> str:
    """The text of data set ``name`` (``fetch`` and read as UTF-8).

    >>> load_text("article-words").split()
    ['low', 'lower', 'newest', 'widest']
    """
    path = fetch(name, download=download, timeout=timeout, progress=progress)
    return read_text_file(path, name=f"data set {name}")


def read_checked(
    dataset: DataSet, path: str | os.PathLike[str], *, folder: str | os.PathLike[str] | None = None
) -> str:
    """The clean text of the copy of ``dataset`` at ``path``, checked as ``fetch`` checks a copy; never downloads.

    A raw Project Gutenberg file is cleaned into ``folder`` (default: the cache folder).
    Raises ``ValueError`` saying what is wrong with a copy that cannot be used.

    >>> read_checked(DATASETS["article-words"], bundled_paths(DATASETS["article-words"])[0]).split()[0]
    'low'
    """
    check_instance(dataset, "dataset", DataSet)
    check_path(path, "path")
    if folder is not None:
        check_path(folder, "folder")
    tried: list[str] = []
    found = _usable_copy(dataset, Path(path), tried, None if folder is None else Path(folder))
    if found is None:
        raise ValueError(tried[-1])
    return read_text_file(found, name=f"data set {dataset.name}")


def load_book(
    name: str | None = None,
    *,
    gutenberg_id: int | None = None,
    path: str | os.PathLike[str] | None = None,
    timeout: float = 30.0,
    progress: bool = True,
) -> str:
    """A book's text, cleaned of Project Gutenberg's licence header and footer, paragraphs joined.

    Give one of: ``name``, a known book (the default is ``"treasure-island"``,
    checked against its pinned checksum); ``gutenberg_id``, any Project
    Gutenberg book by number (downloaded once into the cache, as Gutenberg
    serves it today); ``path``, a local text file (a hand-saved Gutenberg
    file or any other UTF-8 text). All three go through the same cleaning.

    >>> import tempfile, pathlib
    >>> saved = pathlib.Path(tempfile.mkdtemp()) / "book.txt"
    >>> _ = saved.write_text("Header\\n*** START OF THE PROJECT GUTENBERG EBOOK A ***\\nIt was a dark\\nnight.\\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\\n")
    >>> load_book(path=saved)
    'It was a dark\\nnight.'
    """
    # Checked before any branch, so a bad timeout is reported even when a local path makes it unused.
    check_seconds(timeout, "timeout")
    check_bool(progress, "progress")
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file name (a str or a path) or None, got {type(path).__name__}")
    chosen = [
        label for label, value in (("name", name), ("gutenberg_id", gutenberg_id), ("path", path)) if value is not None
    ]
    if len(chosen) > 1:
        raise ValueError(f"give only one of name, gutenberg_id or path, got {' and '.join(chosen)}")
    if path is not None:
        raw = read_text_file(path, name="book")
        cleaned = clean_gutenberg(raw)
        if not cleaned.strip():
            raise ValueError(
                f"book {path} holds no text" + (" after removing the licence header" if raw.strip() else "")
            )
        return cleaned
    if gutenberg_id is not None:
        dataset = gutenberg_book(gutenberg_id)
        found = _find(dataset, download=True, timeout=timeout, progress=progress)
        return read_text_file(found, name=f"book {dataset.name}")
    name = "treasure-island" if name is None else name
    check_choice(name, "name", books())
    return load_text(name, timeout=timeout, progress=progress)


__all__ = [
    "DATA_DIR_ENV",
    "MIRROR_ENV",
    "DataUnavailable",
    "bundled_paths",
    "cache_dir",
    "checkout_root",
    "fetch",
    "fetch_command",
    "load_book",
    "load_text",
    "locate",
    "mirror_dirs",
]
