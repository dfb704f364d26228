"""The data module: bundled copies, the cache, the read-only mirror and downloads from a server on 127.0.0.1.

Most tests register a small data set of their own (its checksum computed here), so they run anywhere,
offline included. The tests of the pinned book use the real Treasure Island (bundled in ``data/``) and
simulate Project Gutenberg serving it re-wrapped, with its licence header, to a library that has no
bundled copy (``unbundled``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import stat
import textwrap
from pathlib import Path

import pytest
from data_helpers import data_path, data_sets_used
from local_server import Reply, serve

from wordpiece_lib import WordCounts, data
from wordpiece_lib.data import catalogue, clean_gutenberg, copies, has_gutenberg_markers, split_chapters, text_sha256

ROOT = Path(__file__).resolve().parents[3]

HEADER = (
    "The Project Gutenberg eBook of Treasure Island\r\n\r\n"
    "This ebook is for the use of anyone anywhere in the United States and\r\n"
    "most other parts of the world at no cost and with almost no restrictions\r\n"
    "whatsoever. You may copy it, give it away or re-use it under the terms\r\n"
    "of the Project Gutenberg License included with this ebook or online\r\n"
    "at www.gutenberg.org.\r\n\r\nTitle: Treasure Island\r\n\r\nAuthor: Robert Louis Stevenson\r\n\r\n"
    "*** START OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\r\n\r\n"
)
FOOTER = (
    "\r\n\r\n*** END OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\r\n\r\n"
    "Updated editions will replace the previous one--the old editions will\r\nbe renamed.\r\n"
)
SMALL_BOOK = "\n\n".join(
    f"Chapter {n}: Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having asked me to write "
    "down the whole particulars about the island, from the beginning to the end."
    for n in range(40)
)


def gutenberg_file(text: str, width: int | None = 70) -> bytes:
    """``text`` as Project Gutenberg would serve it: licence header and footer, CRLF, wrapped at ``width``."""
    if width is not None:
        lines = []
        for line in text.split("\n"):
            lines.extend(textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [""])
        text = "\n".join(lines)
    return (HEADER + text.replace("\n", "\r\n") + FOOTER).encode("utf-8")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder and no mirror: a first run on a new machine."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(data.DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)
    return folder


def register(monkeypatch, name: str, **fields) -> data.DataSet:
    """Add a data set (or replace one) for the duration of a test."""
    base = data.DATASETS.get(name) or data.DataSet(
        name=name, description="test", urls=(), filename=f"{name}.txt", sha256=None, size=None, licence="-", source="-"
    )
    dataset = dataclasses.replace(base, **fields)
    monkeypatch.setitem(data.DATASETS, name, dataset)
    return dataset


def unbundled(monkeypatch, **fields) -> data.DataSet:
    """Treasure Island as if it were not bundled: found only in the cache, the mirror or on the network."""
    return register(monkeypatch, "treasure-island", bundled=False, **fields)


def small_book(monkeypatch, *urls: str) -> data.DataSet:
    """A pinned Gutenberg-cleaned book of our own, served from ``urls``."""
    return register(
        monkeypatch,
        "small-book",
        urls=urls,
        sha256=text_sha256(SMALL_BOOK),
        size=len(SMALL_BOOK.encode()),
        clean="gutenberg",
    )


# ------------------------------------------------------------------ the pinned book, served re-wrapped


def test_first_download_of_a_rewrapped_book_with_a_licence_header_gives_the_pinned_word_counts(
    book_path, cache, monkeypatch
):
    pinned = book_path.read_text(encoding="utf-8")
    served = gutenberg_file(pinned, width=70)
    assert max(len(line) for line in served.decode().split("\r\n")) <= 79  # wrapped, as Gutenberg's old files are
    with serve({"/cache/epub/120/pg120.txt": (reply := Reply(served))}) as url:
        unbundled(monkeypatch, urls=(f"{url}/cache/epub/120/pg120.txt",))
        path = data.fetch("treasure-island")
    assert reply.hits and path == cache / "treasure-island.txt"
    text = path.read_text(encoding="utf-8")
    assert "START OF THE PROJECT" not in text and "This ebook is for the use" not in text and "\r" not in text
    for lowercase in (False, True):
        ours, reference = (
            WordCounts.from_texts(text, lowercase=lowercase),
            WordCounts.from_texts(pinned, lowercase=lowercase),
        )
        assert list(ours.items()) == list(reference.items())
    assert list(split_chapters(text)) == list(split_chapters(pinned))
    # The second time nothing is downloaded: the cleaned copy in the cache is used.
    assert data.fetch("treasure-island", download=False) == path


def test_the_bundled_novel_has_the_words_of_every_faithful_copy_and_nothing_of_project_gutenbergs(monkeypatch):
    """The copy in data/ is the pinned text: the same word counts and chapters as the mirror's copy, when one is here."""
    bundled = ROOT / "data" / "treasure-island.txt"
    assert data.fetch("treasure-island", download=False) == bundled  # found first, before any cache or mirror
    text = bundled.read_text(encoding="utf-8")
    assert text_sha256(text) == data.DATASETS["treasure-island"].sha256
    # Project Gutenberg's licence covers its header, footer and trademark: none of them is in the bundled text.
    assert has_gutenberg_markers(text) == (False, False)
    assert not re.search(r"gutenberg|ebook|licen[cs]e|trademark", text, re.IGNORECASE)
    assert text.startswith("Treasure Island\n") and text.endswith("“Pieces of eight! Pieces of eight!”")
    unbundled(monkeypatch)
    others = [mirror / "treasure-island.txt" for mirror in data.mirror_dirs()]
    for other in [path for path in others if path.is_file()]:
        copy = copies.read_checked(data.DATASETS["treasure-island"], other)
        for lowercase in (False, True):
            ours, theirs = (
                WordCounts.from_texts(text, lowercase=lowercase),
                WordCounts.from_texts(copy, lowercase=lowercase),
            )
            assert list(ours.items()) == list(theirs.items()), other
        assert list(split_chapters(text)) == list(split_chapters(copy)), other


def test_a_raw_gutenberg_file_saved_by_hand_in_the_cache_is_cleaned_before_use(book_path, cache, monkeypatch):
    pinned = book_path.read_text(encoding="utf-8")
    unbundled(monkeypatch)
    cache.mkdir()
    (cache / "treasure-island.txt").write_bytes(gutenberg_file(pinned, width=None))
    text = data.load_book("treasure-island", progress=False)
    assert (cache / "treasure-island.txt").read_text(encoding="utf-8") == text  # cleaned in place
    assert WordCounts.from_texts(text) == WordCounts.from_texts(pinned)
    assert "Project Gutenberg" not in text[:2000]


def test_the_mirror_is_read_but_never_written(book_path, cache, tmp_path, monkeypatch):
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    (mirror / "treasure-island.txt").write_bytes(gutenberg_file(book_path.read_text(encoding="utf-8"), None))
    mirror.chmod(stat.S_IRUSR | stat.S_IXUSR)
    before = {path.name: path.read_bytes() for path in mirror.iterdir()}
    monkeypatch.setenv(data.MIRROR_ENV, str(mirror))
    unbundled(monkeypatch)
    try:
        path = data.fetch("treasure-island", download=False)
    finally:
        mirror.chmod(stat.S_IRWXU)
    assert path == cache / "treasure-island.txt"  # the raw mirror copy was cleaned into the cache
    assert {p.name: p.read_bytes() for p in mirror.iterdir()} == before


def test_ready_copies_are_used_as_they_are_and_never_rewritten(book_path, tmp_path, monkeypatch):
    """A folder of ready copies given as the cache (as ../shared/data once was) is only read."""
    ready = tmp_path / "ready"
    ready.mkdir()
    # The same words laid out otherwise: trailing spaces, doubled blank lines, Windows line ends.
    (ready / "treasure-island.txt").write_bytes(
        book_path.read_text(encoding="utf-8").replace("\n", "  \r\n\r\n").encode("utf-8")
    )
    before = (ready / "treasure-island.txt").read_bytes()
    monkeypatch.setenv(data.DATA_DIR_ENV, str(ready))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)
    unbundled(monkeypatch)
    assert data.fetch("treasure-island", download=False) == ready / "treasure-island.txt"
    assert sorted(path.name for path in ready.iterdir()) == ["treasure-island.txt"]
    assert (ready / "treasure-island.txt").read_bytes() == before


# ------------------------------------------------------------------ every step, on a small book of our own


def test_download_cleans_checks_and_caches_then_the_cache_is_used(cache, monkeypatch):
    with serve({"/book.txt": Reply(gutenberg_file(SMALL_BOOK, 60))}) as url:
        small_book(monkeypatch, f"{url}/book.txt")
        path = data.fetch("small-book", progress=False)
    assert path.read_text(encoding="utf-8") == SMALL_BOOK
    assert sorted(p.name for p in cache.iterdir()) == ["small-book.txt"]  # no scratch folder left behind
    assert data.fetch("small-book", download=False) == path  # the server is gone: the cache is enough


def test_a_mirror_copy_that_is_already_clean_is_used_where_it_is(cache, tmp_path, monkeypatch):
    small_book(monkeypatch)
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    (mirror / "small-book.txt").write_text(SMALL_BOOK, encoding="utf-8")
    monkeypatch.setenv(data.MIRROR_ENV, os.pathsep.join([str(tmp_path / "nothing-here"), str(mirror)]))
    assert data.fetch("small-book") == mirror / "small-book.txt"
    assert not cache.exists()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "is empty"),
        (SMALL_BOOK[: len(SMALL_BOOK) // 2].encode(), "looks truncated"),
        (SMALL_BOOK.replace("Livesey", "Livsey").encode(), "differs from the pinned copy"),
        (b"caf\xe9", "is not UTF-8 text (bad byte at offset 3)"),
    ],
    ids=["empty", "truncated", "changed", "not-utf8"],
)
def test_a_bad_cached_copy_is_never_used(cache, monkeypatch, content, problem):
    small_book(monkeypatch, "http://127.0.0.1:9/book.txt")
    cache.mkdir()
    (cache / "small-book.txt").write_bytes(content)
    with pytest.raises(data.DataUnavailable) as error:
        data.fetch("small-book", download=False)
    assert problem in str(error.value) and "not used" in str(error.value)
    # Online, a good copy replaces it.
    with serve({"/book.txt": Reply(gutenberg_file(SMALL_BOOK))}) as url:
        small_book(monkeypatch, f"{url}/book.txt")
        assert data.load_text("small-book", progress=False) == SMALL_BOOK


def test_offline_with_nothing_anywhere_one_error_names_the_file_the_url_and_the_folder(cache, monkeypatch):
    unbundled(monkeypatch)
    with pytest.raises(data.DataUnavailable) as error:
        data.fetch("treasure-island", timeout=2, progress=False)
    first = str(error.value).splitlines()[0]
    assert "treasure-island.txt" in first and "https://www.gutenberg.org/cache/epub/120/pg120.txt" in first
    assert str(cache) in first and "python -m wordpiece_lib fetch treasure-island" in first
    assert "network access blocked in tests" in str(error.value)  # the reason, for each URL tried
    assert isinstance(error.value, OSError)
    assert error.value.hint.startswith("treasure-island.txt is missing: fetch it with `python -m wordpiece_lib")
    assert not cache.exists() or list(cache.iterdir()) == []


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        (Reply(status=404), "the server answered 404"),
        (Reply(gutenberg_file(SMALL_BOOK), send=3000), "cut short"),
        (Reply(gutenberg_file(SMALL_BOOK)[:3000], announce_length=False), "looks truncated"),
        (Reply(gutenberg_file(SMALL_BOOK.replace("Squire", "Esquire"))), "differs from the pinned copy"),
    ],
    ids=["404", "cut-short", "cut-without-length", "changed-upstream"],
)
def test_failed_downloads_cache_nothing_and_the_next_url_is_tried(cache, monkeypatch, reply, problem):
    good = Reply(gutenberg_file(SMALL_BOOK))
    with serve({"/first.txt": reply, "/second.txt": good}) as url:
        small_book(monkeypatch, f"{url}/first.txt")
        with pytest.raises(data.DataUnavailable, match=problem):
            data.fetch("small-book", progress=False)
        assert list(cache.iterdir()) == []
        small_book(monkeypatch, f"{url}/first.txt", f"{url}/second.txt")
        assert data.load_text("small-book", progress=False) == SMALL_BOOK
    assert good.hits == ["/second.txt"]


def test_a_plain_file_is_downloaded_through_pooch_with_its_checksum(cache, monkeypatch):
    vocab = (ROOT / "data" / "bert-base-uncased-vocab.txt").read_bytes()
    altered = vocab.replace(b"\nhello\n", b"\nhullo\n")
    with serve({"/vocab.txt": Reply(vocab), "/altered.txt": Reply(altered)}) as url:
        register(monkeypatch, "bert-base-uncased-vocab", bundled=False, urls=(f"{url}/altered.txt",))
        with pytest.raises(data.DataUnavailable, match="failed its check"):
            data.fetch("bert-base-uncased-vocab", progress=False)
        assert list(cache.iterdir()) == []
        register(monkeypatch, "bert-base-uncased-vocab", urls=(f"{url}/altered.txt", f"{url}/vocab.txt"))
        path = data.fetch("bert-base-uncased-vocab", progress=False)
    assert path == cache / "bert-base-uncased-vocab.txt" and path.read_bytes() == vocab
    assert hashlib.sha256(path.read_bytes()).hexdigest() == data.DATASETS["bert-base-uncased-vocab"].sha256


# ------------------------------------------------------------------ any Gutenberg book, any local file


def test_any_gutenberg_book_by_number_is_downloaded_once_and_checked_later(cache, monkeypatch):
    with serve({"/9999.txt": (reply := Reply(gutenberg_file(SMALL_BOOK)))}) as url:
        monkeypatch.setattr(catalogue, "GUTENBERG_URLS", (url + "/{id}.txt",))
        text = data.load_book(gutenberg_id=9999, progress=False)
        assert data.load_book(gutenberg_id=9999, progress=False) == text
    assert text == SMALL_BOOK and len(reply.hits) == 1
    cached = cache / "gutenberg-9999.txt"
    assert (cache / "gutenberg-9999.txt.sha256").read_text().strip() == text_sha256(text)
    cached.write_text(text[:100], encoding="utf-8")  # damaged later: noticed, not used
    with pytest.raises(data.DataUnavailable, match="differs from the copy first fetched"):
        data.load_book(gutenberg_id=9999, timeout=1, progress=False)


def test_a_gutenberg_download_without_its_end_line_is_refused(cache, monkeypatch):
    raw = gutenberg_file(SMALL_BOOK)
    with serve({"/9998.txt": Reply(raw[: len(raw) // 2], announce_length=False)}) as url:
        monkeypatch.setattr(catalogue, "GUTENBERG_URLS", (url + "/{id}.txt",))
        with pytest.raises(data.DataUnavailable, match="START line but no END line"):
            data.load_book(gutenberg_id=9998, progress=False)
    assert list(cache.iterdir()) == []


def test_a_local_file_goes_through_the_same_cleaning(tmp_path):
    raw = tmp_path / "saved.txt"
    raw.write_bytes(gutenberg_file(SMALL_BOOK, 66))
    assert data.load_book(path=raw) == SMALL_BOOK == clean_gutenberg(raw.read_text(encoding="utf-8"))
    plain = tmp_path / "plain.txt"
    plain.write_text("My own text.\n", encoding="utf-8")
    assert data.load_book(path=plain) == "My own text."


def test_load_book_arguments_are_checked(tmp_path):
    with pytest.raises(ValueError, match="give only one of name, gutenberg_id or path, got name and gutenberg_id"):
        data.load_book("treasure-island", gutenberg_id=120)
    with pytest.raises(ValueError, match="name must be one of 'treasure-island'"):
        data.load_book("moby-dick")
    with pytest.raises(ValueError, match="gutenberg_id must be at least 1"):
        data.load_book(gutenberg_id=0)
    with pytest.raises(TypeError, match="gutenberg_id must be an int"):
        data.load_book(gutenberg_id="120")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        data.load_book(path=tmp_path / "nothing.txt")
    (tmp_path / "header-only.txt").write_text(HEADER + FOOTER, encoding="utf-8")
    with pytest.raises(ValueError, match="holds no text after removing the licence header"):
        data.load_book(path=tmp_path / "header-only.txt")
    with pytest.raises(ValueError, match="name must be one of"):
        data.fetch("no-such-data")
    with pytest.raises(ValueError, match="timeout must be a positive number of seconds"):
        data.fetch("course-sentences", timeout=0)


# ------------------------------------------------------------------ the bundled files and where things go


def test_every_bundled_file_matches_its_pinned_size_and_checksum(monkeypatch, tmp_path):
    readme = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    monkeypatch.setenv(data.DATA_DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)  # nothing beside the checkout: a clean clone offline
    for dataset in data.DATASETS.values():
        if not dataset.bundled:
            continue
        content = (ROOT / "data" / dataset.filename).read_bytes()
        digest = hashlib.sha256(content).hexdigest()
        if dataset.clean == "none":
            assert (len(content), digest) == (dataset.size, dataset.sha256), dataset.name
        else:  # a book: bundled clean, so its bytes are the pinned size and its words the pinned text
            text = content.decode("utf-8")
            assert (len(content), text_sha256(text)) == (dataset.size, dataset.sha256), dataset.name
            assert clean_gutenberg(text) == text, dataset.name
            assert f"`{digest}`" in readme, f"{dataset.name}: data/README.md names the file's own sha256"
        assert data.fetch(dataset.name, download=False) == ROOT / "data" / dataset.filename


def test_every_data_set_is_described_fully():
    for name, dataset in data.DATASETS.items():
        assert dataset.name == name and dataset.clean in data.CLEANING, name
        assert dataset.description and dataset.licence and dataset.source and len(dataset.language) == 2, name
        if dataset.sha256 is None:  # only a Gutenberg book nobody fetched yet: checked by its START and END lines
            assert dataset.clean == "gutenberg" and dataset.size is None and not dataset.bundled, name
        else:
            assert len(dataset.sha256) == 64 and dataset.size, name
        assert dataset.bundled or dataset.urls, f"{name} is neither bundled nor downloadable"
        assert all(url.startswith("https://") for url in dataset.urls), name
    assert [name for name, dataset in data.DATASETS.items() if dataset.language == "en"][:2] == [
        "treasure-island",
        "bert-base-uncased-vocab",
    ]


def test_the_data_readme_lists_every_data_set_with_its_size_and_checksum():
    readme = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    for dataset in data.DATASETS.values():
        assert f"`{dataset.name}`" in readme, dataset.name
        if dataset.sha256 is not None:
            assert dataset.sha256 in readme and f"{dataset.size:,}" in readme, dataset.name
        else:
            assert f"#{dataset.gutenberg_id}" in readme, dataset.name


def test_the_cache_is_in_the_checkout_unless_the_environment_says_otherwise(monkeypatch, tmp_path):
    monkeypatch.delenv(data.DATA_DIR_ENV, raising=False)
    assert data.cache_dir() == ROOT / "data" / "cache"
    monkeypatch.setenv(data.DATA_DIR_ENV, str(tmp_path))
    assert data.cache_dir() == tmp_path
    assert "data/cache/" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_test_helper_skips_or_fails_as_asked(monkeypatch, cache):
    monkeypatch.delenv("WORDPIECE_REQUIRE_DATA", raising=False)
    bundled = unbundled(monkeypatch)
    with pytest.raises(pytest.skip.Exception, match=r"fetch it with `python -m wordpiece_lib fetch treasure-island`"):
        data_path("treasure-island")
    monkeypatch.setenv("WORDPIECE_REQUIRE_DATA", "1")
    with pytest.raises(pytest.fail.Exception, match="WORDPIECE_REQUIRE_DATA=1: a missing data set is an error"):
        data_path("treasure-island")
    assert data_path("course-sentences").name == "course-sentences.txt"  # bundled: never missing
    monkeypatch.setitem(data.DATASETS, "treasure-island", dataclasses.replace(bundled, bundled=True))
    assert data_path("treasure-island") == ROOT / "data" / "treasure-island.txt"  # the bundled novel too


def test_the_tests_see_which_data_sets_a_notebook_loads():
    code = 'a = load_book()\nb = data.fetch(name)\nc = fetch()\nd = data.fetch("bert-base-uncased-vocab")\nload_text(name="kafka-verwandlung")'
    assert data_sets_used(code) == ["treasure-island", "bert-base-uncased-vocab", "kafka-verwandlung"]
    assert data_sets_used('load_book("moby-dick")') == []  # not a data set: nothing to require
