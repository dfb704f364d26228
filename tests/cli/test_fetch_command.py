"""``python -m wordpiece_lib fetch``: list the data sets, fetch them, and one clear error offline."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

from local_server import Reply, serve

from wordpiece_lib import data
from wordpiece_lib.cli import main
from wordpiece_lib.data import text_sha256

ROOT = Path(__file__).resolve().parents[2]
BOOK = "\n\n".join(f"Paragraph {n}: the squire, the doctor and Jim sailed for the island." for n in range(30))


def isolate(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv(data.DATA_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)
    return tmp_path


def test_without_a_name_every_data_set_is_listed_with_where_it_is(monkeypatch, tmp_path, capsys):
    isolate(monkeypatch, tmp_path)
    assert main(["fetch"]) == 0
    out = capsys.readouterr().out
    assert f"cache folder: {tmp_path}" in out
    for name, dataset in data.DATASETS.items():
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        if dataset.bundled:
            assert str(ROOT / "data" / dataset.filename) in line
        else:
            assert "MISSING" in line and "fetched" in line


def test_fetch_downloads_into_the_cache_and_says_where(monkeypatch, tmp_path, capsys):
    cache = isolate(monkeypatch, tmp_path)
    raw = (
        "*** START OF THE PROJECT GUTENBERG EBOOK X ***\n"
        + textwrap.fill(BOOK, 70)
        + "\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n"
    )
    book = data.DataSet(
        "tiny", "a tiny book", (), "tiny.txt", text_sha256(BOOK), len(BOOK), "-", "-", clean="gutenberg"
    )
    with serve({"/tiny.txt": Reply(raw.encode())}) as url:
        monkeypatch.setitem(data.DATASETS, "tiny", dataclasses.replace(book, urls=(f"{url}/tiny.txt",)))
        assert main(["fetch", "tiny", "course-sentences", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"tiny: {cache / 'tiny.txt'}", f"course-sentences: {ROOT / 'data' / 'toy' / 'course-sentences.txt'}"]


def test_offline_the_error_says_what_to_do(monkeypatch, tmp_path, capsys):
    isolate(monkeypatch, tmp_path)
    assert main(["fetch", "kafka-verwandlung", "--quiet", "--timeout", "2"]) == 2
    err = capsys.readouterr().err
    first = err.splitlines()[0]
    assert first.startswith("error: kafka-verwandlung.txt (kafka-verwandlung) is not available here")
    assert data.DATASETS["kafka-verwandlung"].urls[0] in first and str(tmp_path) in first
    assert "network access blocked in tests" in err


def test_an_unknown_name_is_one_line_and_status_2(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", "fetch", "moby-dick"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: unknown data set 'moby-dick': choose from treasure-island, ")
    assert done.stderr.count("\n") == 1
