"""The installable package is the library alone: no vendored JavaScript, nothing that needs a checkout.

The wheel carries the small bundled corpora (``data/toy/``), the cleaned novel and the real tokenizers
(``data/tokenizers/``, with the licence notices in ``NOTICE``), so an installed
library, run far from any checkout and with no network, still has them; BERT's vocab is not in the
wheel: an installed library fetches it (here from a server on 127.0.0.1 standing in for Hugging Face)
and checks its pinned checksum.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from local_server import Reply, serve

from wordpiece_lib import data

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of the checkout (no network, no build isolation; data/cache left out)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "wordpiece_lib", source / "wordpiece_lib", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "data", source / "data", ignore=shutil.ignore_patterns("cache"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (built,) = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def wheel_names(wheel) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked as pip installs it, into a folder of its own (its dependencies: this environment's)."""
    target = tmp_path_factory.mktemp("installed")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return target


def run_installed(installed: Path, code: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """Run ``code`` with the installed wheel, far from the checkout: no site hooks, so no editable install."""
    site_packages = [path for path in sys.path if path.endswith("site-packages")]
    environment = {
        **{key: value for key, value in os.environ.items() if not key.startswith("WORDPIECE_")},
        "PYTHONPATH": os.pathsep.join([str(installed), *site_packages]),
        "HOME": str(cwd),
        "XDG_CACHE_HOME": str(cwd / "user-cache"),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-S", "-c", code], cwd=cwd, env=environment, capture_output=True, text=True, timeout=120
    )


def test_the_wheel_holds_the_whole_package(wheel_names):
    modules = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "wordpiece_lib").rglob("*.py"))
    assert [name for name in modules if name not in wheel_names] == []
    assert "wordpiece_lib/py.typed" in wheel_names  # PEP 561: type checkers read the installed package


def test_the_wheel_holds_no_javascript_no_tools_and_no_notebooks(wheel_names):
    unwanted = [
        name
        for name in wheel_names
        if name.endswith((".js", ".ipynb", ".html", ".j2")) or name.split("/")[0] in {"tools", "notebooks", "tests"}
    ]
    assert unwanted == []


#: The teacher's side reaches into a clone on purpose: worked answers are read from the solutions' folder
#: (never installed), and ``wordpiece classroom release`` is made from a clone's notebooks.
CLONE_READERS = {
    "classroom/runtime/answers.py",
    "classroom/teacher/answer_search.py",
    "classroom/teacher/commands/release.py",
    "classroom/teacher/grading/batch.py",  # grade: the released notebooks of a clone, unless --notebooks names them
    "classroom/teacher/commands/export.py",  # the solution notebooks of a clone, unless --solutions names them
    "classroom/teacher/grading/export.py",  # the notebooks folder the sandboxed judge reads: the clone's, by default
}


#: Words that only name a checkout's folders, and read nothing there: what a notebook's first cell says when a
#: package is missing (the workshop's set-up script, as the cell itself says), and the folder names a submission's
#: path may hold, which the grader skips when it names the student; the key of otter's plugin settings.
NAMED_ONLY = {
    "classroom/runtime/first_cell.py": "`bash tools/notebooks.sh`",
    "classroom/teacher/grading/grader.py": 'frozenset({"notebooks", "notebook",',
    "classroom/teacher/grading/otter_judge.py": 'Path(config["notebooks"]) if config.get("notebooks") else None',
}


def test_the_package_never_looks_for_the_offline_edition_or_the_notebooks():
    """Code that only works in a checkout lives in tools/; the package does not reach for it (but the teacher's side)."""
    for path in (ROOT / "wordpiece_lib").rglob("*.py"):
        if path.relative_to(ROOT / "wordpiece_lib").as_posix() in CLONE_READERS:
            continue
        text = path.read_text(encoding="utf-8")
        text = text.replace(NAMED_ONLY.get(path.relative_to(ROOT / "wordpiece_lib").as_posix(), "\0"), "")
        for needle in ("site_static", "tools/", '"notebooks"', "build_edition"):
            assert needle not in text, f"{path.relative_to(ROOT)} mentions {needle!r}"


def test_the_wheel_holds_the_bundled_corpora_the_novel_and_the_licence_but_not_the_cache_or_the_vocab(
    wheel, wheel_names
):
    bundled = sorted(name for name in wheel_names if name.startswith("wordpiece_lib/_bundled/"))
    expected = sorted(
        f"wordpiece_lib/_bundled/{dataset.filename}"
        for dataset in data.DATASETS.values()
        if dataset.bundled and (dataset.filename.startswith("toy/") or dataset.clean == "gutenberg")
    )
    assert "wordpiece_lib/_bundled/treasure-island.txt" in expected
    assert [name for name in bundled if name.endswith((".txt", ".tsv"))] == expected
    with zipfile.ZipFile(wheel) as archive:
        assert (
            archive.read("wordpiece_lib/_bundled/treasure-island.txt")
            == (ROOT / "data" / "treasure-island.txt").read_bytes()
        )
    assert "wordpiece_lib/_bundled/README.md" in wheel_names
    # The real tokenizers no address serves, with the notices of their licences.
    tokenizers = sorted(dataset.filename for dataset in data.DATASETS.values() if dataset.filename.endswith(".json"))
    assert tokenizers == sorted(f"tokenizers/{path.name}" for path in (ROOT / "data" / "tokenizers").glob("*.json"))
    assert sorted(name for name in bundled if name.endswith(".json")) == [
        f"wordpiece_lib/_bundled/{name}" for name in tokenizers
    ]
    with zipfile.ZipFile(wheel) as archive:
        notice = archive.read("wordpiece_lib/_bundled/NOTICE").decode("utf-8")
    assert "Copyright (c) 2021 OpenAI" in notice and "Copyright 2016 Google Inc." in notice
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in wheel_names)
    assert not [name for name in wheel_names if "cache" in name.split("/")]
    assert not [name for name in wheel_names if name.endswith("bert-base-uncased-vocab.txt")]


INSTALLED_CHECK = """
import dataclasses, sys
import wordpiece_lib
from wordpiece_lib import data
from wordpiece_lib.data import datasets
assert "{installed}" in wordpiece_lib.__file__, wordpiece_lib.__file__
assert data.checkout_root() is None
print(datasets.hug_pug_counts())
print(data.cache_dir())
book = wordpiece_lib.load_book()  # the novel, from the wheel: no network here at all
print("BOOK", data.fetch("treasure-island", download=False), len(book), book.split()[-1])
print("TOKENIZER", data.fetch("clip-bpe", download=False))
try:
    data.fetch("bert-base-uncased-vocab", download=False)
except data.DataUnavailable as missing:
    print("MISSING", missing.hint)
vocab = data.DATASETS["bert-base-uncased-vocab"]
data.DATASETS[vocab.name] = dataclasses.replace(vocab, urls=("{url}/vocab.txt",))
path = data.fetch(vocab.name, progress=False)
print("FETCHED", path)
"""


def test_an_installed_library_finds_its_corpora_and_the_novel_and_fetches_berts_vocab(installed, tmp_path):
    vocab = (ROOT / "data" / "bert-base-uncased-vocab.txt").read_bytes()
    with serve({"/vocab.txt": Reply(vocab)}) as url:
        done = run_installed(installed, INSTALLED_CHECK.format(installed=installed, url=url), tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "WordCounts({'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5})"
    user_cache = tmp_path / "user-cache" / "wordpiece_lib"
    assert lines[1] == str(user_cache)  # not a checkout: the user's cache folder
    novel = (ROOT / "data" / "treasure-island.txt").read_text(encoding="utf-8")
    bundled = installed / "wordpiece_lib" / "_bundled" / "treasure-island.txt"
    assert lines[2] == f"BOOK {bundled} {len(novel)} {novel.split()[-1]}"
    assert lines[3] == f"TOKENIZER {installed / 'wordpiece_lib' / '_bundled' / 'tokenizers' / 'clip-bpe.json'}"
    assert lines[4].startswith("MISSING bert-base-uncased-vocab.txt is missing: fetch it with")
    assert lines[5] == f"FETCHED {user_cache / 'bert-base-uncased-vocab.txt'}"
    assert (user_cache / "bert-base-uncased-vocab.txt").read_bytes() == vocab
