"""The book loader, against a real HTTP server on 127.0.0.1 (no internet)."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordpiece_lib import books
from wordpiece_lib.books import BookDownloadError, load_book, strip_gutenberg

BODY = "\n".join(["Squire Trelawney, Dr. Livesey, and the rest of these gentlemen", "having asked me to write."] * 9000)
PAGE = (
    "The Project Gutenberg eBook of Treasure Island\r\n\r\n"
    "*** START OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\r\n"
    f"{BODY}\r\n\r\nTHE END\r\n"
    "*** END OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\r\nlicence text\r\n"
).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/book.txt":
            self.send_response(200)
            self.send_header("Content-Length", str(len(PAGE)))
            self.end_headers()
            self.wfile.write(PAGE)
        elif self.path == "/truncated.txt":
            self.send_response(200)
            self.send_header("Content-Length", str(len(PAGE)))
            self.end_headers()
            self.wfile.write(PAGE[: len(PAGE) // 2])
        elif self.path == "/short.txt":
            body = b"*** START OF THE BOOK ***\nonly a few words\n*** END OF THE BOOK ***\n"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_error(404, "Not Found")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_download_strips_licence_joins_paragraphs_and_caches(server, tmp_path):
    text = load_book("treasure-island", cache_dir=tmp_path, url=f"{server}/book.txt")
    assert text.startswith("Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having asked me")
    assert text.endswith("THE END")
    assert "licence" not in text and "PROJECT GUTENBERG" not in text and "\r" not in text
    cached = tmp_path / "treasure-island.txt"
    assert cached.read_text(encoding="utf-8") == text
    # The second call reads the cache: a dead URL no longer matters.
    assert load_book("treasure-island", cache_dir=tmp_path, url=f"{server}/gone.txt") == text


@pytest.mark.parametrize(
    ("path", "message"),
    [("/missing.txt", "answered 404"), ("/truncated.txt", "cut short"), ("/short.txt", "looks incomplete")],
)
def test_failed_downloads_cache_nothing_and_say_what_to_do(server, tmp_path, path, message):
    with pytest.raises(BookDownloadError, match=message) as error:
        load_book("treasure-island", cache_dir=tmp_path, url=server + path)
    assert list(tmp_path.iterdir()) == []
    if path == "/missing.txt":
        assert "WORDPIECE_DATA_DIR" in str(error.value) and "download" in str(error.value)


def test_unreachable_server_names_the_cache_file(tmp_path):
    with pytest.raises(BookDownloadError, match=r"could not reach .*treasure-island.txt"):
        load_book("treasure-island", cache_dir=tmp_path, url="http://127.0.0.1:9/book.txt", timeout=2)
    assert list(tmp_path.iterdir()) == []


def test_checksum_mismatch_is_refused(server, tmp_path, monkeypatch):
    book = books.BOOKS["treasure-island"]
    monkeypatch.setitem(books.BOOKS, "treasure-island", books.Book(**{**book.__dict__, "sha256": "0" * 64}))
    with pytest.raises(BookDownloadError, match="checksum"):
        load_book("treasure-island", cache_dir=tmp_path, url=f"{server}/book.txt")
    assert list(tmp_path.iterdir()) == []


def test_the_shared_copy_is_found_through_the_environment(monkeypatch, data_dir: Path):
    monkeypatch.setenv("WORDPIECE_DATA_DIR", str(data_dir))
    text = load_book()
    assert len(text) > 360_000 and "Long John Silver" in text


def test_unknown_book_name_is_rejected():
    with pytest.raises(ValueError, match="name must be one of 'treasure-island'"):
        load_book("moby-dick")


def test_strip_gutenberg_without_markers_keeps_everything():
    assert strip_gutenberg("one\ntwo\n\nthree") == "one two\n\nthree"
