"""No network at import time or in tests; no pickle, eval or exec of data; downloads only from 127.0.0.1 here.

``tests/conftest.py`` blocks every connection and name look-up that is not
for this machine (autouse fixture ``_no_network``). These tests check that
the guard works, that importing every module of the package in a fresh
interpreter with sockets blocked makes no attempt at all, that the source
holds no way to run data as code, and they try the data module's downloads
against local servers that misbehave in the ways the internet does (hang,
stall, cut short without saying so, send Latin-1). ``tests/core/data/test_data.py``
covers a good download, a 404, a truncated body with a Content-Length, a
changed book and a wrong checksum.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from local_server import Reply, serve

from wordpiece_lib import data
from wordpiece_lib.data import text_sha256

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "wordpiece_lib"


def test_the_guard_refuses_other_machines(tmp_path, monkeypatch):
    monkeypatch.setenv(data.DATA_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)
    with pytest.raises(urllib.error.URLError, match="network access blocked in tests"):
        urllib.request.urlopen("http://example.com/", timeout=2)
    with pytest.raises(data.DataUnavailable, match="network access blocked in tests"):
        data.load_book(gutenberg_id=120, progress=False)  # not the bundled copy: Project Gutenberg's file
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


#: The teacher's side runs code by design, never data: each file and why.
RUNS_CODE = {
    # the worked answers are a Python file of the course's (notebooks/solutions/answers/), loaded as a module
    "classroom/runtime/answers.py",
    # --checks FILE: the teacher's own checks file, run in the exporter as in the grader
    "classroom/teacher/commands/export.py",
    # the grader runs the released notebook's own cells and check calls (the teacher's code) in its process,
    # and sends the check's fresh inputs to the student's kernel pickled; it never unpickles or evaluates
    # anything that comes back from the kernel (plain JSON only, runtime/plain.py)
    "classroom/teacher/grading/grader.py",
    # in the student's kernel: runs the student's answer cells and unpickles what the grader sent
    "classroom/runtime/kernel_side.py",
}


def test_no_pickle_eval_or_exec_in_the_package():
    """Data is never run as code: no pickle/marshal/shelve, no eval/exec/compile, no unsafe YAML.

    Only the teacher's side (:data:`RUNS_CODE`) runs code, and only code: the course's and the
    teacher's files, and a student's cells inside the student's own kernel. A doctest's example
    (``>>>``, ``...``) may run a literal cell of its own, as the kernel would: it runs no data.
    """
    forbidden = re.compile(
        r"\b(pickle|cPickle|marshal|shelve|dill|joblib)\b|(?<![\w.])(eval|exec|compile)\(|yaml\.(unsafe_)?load\("
    )
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() in RUNS_CODE:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.lstrip().startswith((">>> ", "... ")):
                continue
            if forbidden.search(line.split("#")[0]):
                offenders.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert offenders == []


# --- the data module's downloads against misbehaving local servers ---------------------------------------------

BODY = "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen.\n" * 6000
BOOK = (
    "*** START OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\n"
    + BODY
    + "*** END OF THE PROJECT GUTENBERG EBOOK TREASURE ISLAND ***\n"
).encode()

REPLIES = {
    "/hang": Reply(BOOK, hang=True),  # accepts the connection, never answers
    "/stall": Reply(BOOK, send=1000, stall=True),  # the headers and part of the body, then nothing
    "/cut-unannounced": Reply(BOOK[: len(BOOK) // 3], announce_length=False),  # closes early, no length said
    "/latin1": Reply(BOOK.replace(b"Squire", "Squïre".encode("latin-1"))),
    "/good": Reply(BOOK),
}


@pytest.fixture
def book_server(tmp_path, monkeypatch):
    """A pinned book of our own served by a misbehaving server; an empty cache and no mirror."""
    monkeypatch.setenv(data.DATA_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)
    cleaned = BODY.strip()
    with serve(dict(REPLIES)) as url:

        def pin(path: str) -> None:
            dataset = data.DataSet(
                name="served-book",
                description="test",
                urls=(url + path,),
                filename="served-book.txt",
                sha256=text_sha256(cleaned),
                size=len(cleaned.encode()),
                licence="-",
                source="-",
                clean="gutenberg",
            )
            monkeypatch.setitem(data.DATASETS, "served-book", dataset)

        yield pin


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/hang", "timed out after 0.5 s"),
        ("/stall", "timed out after 0.5 s"),
        ("/cut-unannounced", "looks truncated"),
        ("/latin1", "is not UTF-8 text (bad byte at offset"),
    ],
    ids=["server-hangs", "server-stalls-midway", "cut-short-without-length", "not-utf8"],
)
def test_misbehaving_server_caches_nothing(book_server, tmp_path, path, message):
    book_server(path)
    with pytest.raises(data.DataUnavailable, match=re.escape(message)) as error:
        data.fetch("served-book", timeout=0.5, progress=False)
    assert "served-book.txt" in str(error.value)
    assert list(tmp_path.iterdir()) == []


def test_loopback_download_still_works_under_the_guard(book_server, tmp_path):
    book_server("/good")
    text = data.load_text("served-book", timeout=5, progress=False)
    assert text.startswith("Squire Trelawney") and "START OF" not in text
    assert (tmp_path / "served-book.txt").read_text(encoding="utf-8") == text
