"""No network at import time or in tests; no pickle, eval or exec of data; downloads only from 127.0.0.1 here.

``tests/conftest.py`` blocks every connection and name look-up that is not
for this machine (autouse fixture ``_no_network``). These tests check that
the guard works, that importing every module of the package in a fresh
interpreter with sockets blocked makes no attempt at all, that the source
holds no way to run data as code, and they try the book loader against
local servers that misbehave in the ways the internet does (hang, stall,
cut short without saying so, send Latin-1). ``tests/core/test_books.py`` covers
a good download, a 404, a truncated body with a Content-Length, a short book
and a wrong checksum.
"""

from __future__ import annotations

import http.server
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordpiece_lib.books import BookDownloadError, load_book

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "wordpiece_lib"


def test_the_guard_refuses_other_machines(tmp_path):
    with pytest.raises(urllib.error.URLError, match="network access blocked in tests"):
        urllib.request.urlopen("http://example.com/", timeout=2)
    with pytest.raises(BookDownloadError, match="network access blocked in tests"):
        load_book("treasure-island", cache_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


IMPORT_EVERYTHING = r"""
import importlib, pkgutil, socket, sys
attempts = []

def refuse(*args, **kwargs):
    attempts.append(repr(args)[:200])
    raise OSError("network access blocked")

socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.socket.sendto = refuse
socket.getaddrinfo = refuse
socket.gethostbyname = refuse
socket.create_connection = refuse

import wordpiece_lib
names = sorted(info.name for info in pkgutil.walk_packages(wordpiece_lib.__path__, "wordpiece_lib."))
for name in names:
    importlib.import_module(name)
print(len(names), "modules;", len(attempts), "network attempts", attempts)
sys.exit(1 if attempts else 0)
"""


def test_importing_every_module_with_sockets_blocked_makes_no_attempt():
    env = {**os.environ, "PYTHONPATH": str(REPO), "MPLBACKEND": "Agg"}
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERYTHING], capture_output=True, text=True, env=env, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    count = int(result.stdout.split()[0])
    # every module and subpackage: each file but the package's own __init__.py
    assert count == len(list(PACKAGE.rglob("*.py"))) - 1
    assert "0 network attempts" in result.stdout


def test_no_pickle_eval_or_exec_in_the_package():
    """Data is never run as code: no pickle/marshal/shelve, no eval/exec/compile, no unsafe YAML."""
    forbidden = re.compile(
        r"\b(pickle|cPickle|marshal|shelve|dill|joblib)\b|(?<![\w.])(eval|exec|compile)\(|yaml\.(unsafe_)?load\("
    )
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if forbidden.search(line.split("#")[0]):
                offenders.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert offenders == []


# --- the book loader against misbehaving local servers ---------------------------------------------------------

BOOK = (
    "*** START OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\n"
    + "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen.\n" * 6000
    + "*** END OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\n"
).encode()


class MisbehavingHandler(http.server.BaseHTTPRequestHandler):
    release: threading.Event

    def do_GET(self) -> None:
        if self.path == "/hang":  # accepts the connection, never answers
            self.release.wait(10)
            return
        if self.path == "/stall":  # sends the headers and part of the body, then nothing
            self.send_response(200)
            self.send_header("Content-Length", str(len(BOOK)))
            self.end_headers()
            self.wfile.write(BOOK[:1000])
            self.wfile.flush()
            self.release.wait(10)
            return
        if self.path == "/cut-unannounced":  # no Content-Length, the connection just closes early
            self.send_response(200)
            self.end_headers()
            self.wfile.write(BOOK[: len(BOOK) // 3])
            self.close_connection = True
            return
        if self.path == "/latin1":
            body = BOOK.replace(b"Squire", "Squïre".encode("latin-1"))
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path == "/good":
            self.send_response(200)
            self.send_header("Content-Length", str(len(BOOK)))
            self.end_headers()
            self.wfile.write(BOOK)
            return
        self.send_error(404)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def bad_server() -> Iterator[str]:
    release = threading.Event()
    handler = type("Handler", (MisbehavingHandler,), {"release": release})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        release.set()
        httpd.shutdown()
        httpd.server_close()


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/hang", "timed out after 0.5 s"),
        ("/stall", "timed out after 0.5 s"),
        ("/cut-unannounced", "looks incomplete"),
        ("/latin1", "is not UTF-8 text (bad byte at offset"),
    ],
    ids=["server-hangs", "server-stalls-midway", "cut-short-without-length", "not-utf8"],
)
def test_misbehaving_server_caches_nothing(bad_server, tmp_path, path, message):
    with pytest.raises(BookDownloadError, match=re.escape(message)) as error:
        load_book("treasure-island", cache_dir=tmp_path, url=bad_server + path, timeout=0.5)
    assert "treasure-island.txt" in str(error.value)
    assert list(tmp_path.iterdir()) == []


def test_loopback_download_still_works_under_the_guard(bad_server, tmp_path):
    text = load_book("treasure-island", cache_dir=tmp_path, url=bad_server + "/good", timeout=5)
    assert text.startswith("Squire Trelawney") and "START OF" not in text
    assert (tmp_path / "treasure-island.txt").read_text(encoding="utf-8") == text
