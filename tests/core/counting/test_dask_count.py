"""Counting on a real Dask cluster (a LocalCluster of two worker processes) equals one process, byte for byte.

The cluster is started once for the test session (``dask_client`` in
``tests/conftest.py``); it listens on 127.0.0.1 only and has no dashboard.
"""

from __future__ import annotations

import gzip
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordpiece_lib import WordCounts, train_bpe, train_fast, train_top_down
from wordpiece_lib.counting import (
    INSTALL_HINT,
    count_files,
    count_with_dask,
    find_sources,
    import_distributed,
    plan_parts,
)
from wordpiece_lib.text import FastSplitter

pytest.importorskip("distributed")

QUICK = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture], derandomize=True)
WORDS = st.sampled_from(["the", "The", "hug", "HUG,", "pug!", "café", "naïve", "“quoted”", "我们", "a\u0301", "x"])
CORPUS = st.lists(st.lists(WORDS, max_size=8).map(" ".join), min_size=1, max_size=25).map(
    lambda lines: "\n".join(lines) + "\n"
)


@pytest.mark.parametrize("lowercase", [True, False], ids=["uncased", "cased"])
def test_the_book_counted_on_the_cluster_gives_the_same_counts_and_vocabs(dask_client, book_file, book_text, lowercase):
    one_process = count_files([book_file], lowercase=lowercase)
    assert list(one_process.items()) == list(WordCounts.from_texts([book_text], lowercase=lowercase).items())
    assert len(plan_parts(find_sources([book_file]), 2, 20_000)) > 8  # more than one merge task's fan-in
    splitter = FastSplitter(lowercase=lowercase)
    on_cluster = WordCounts.adopt(count_with_dask(find_sources([book_file]), splitter, dask_client, part_bytes=20_000))
    assert list(on_cluster.items()) == list(one_process.items())
    assert train_fast(on_cluster, 6000).tokens() == train_fast(one_process, 6000).tokens()
    if not lowercase:
        return
    assert train_bpe(on_cluster, 3000).tokens() == train_bpe(one_process, 3000).tokens()
    top_down = {"lower_thresh": 2, "num_iterations": 2}
    assert (
        train_top_down(on_cluster, 3000, ["[UNK]"], **top_down).tokens
        == train_top_down(one_process, 3000, ["[UNK]"], **top_down).tokens
    )


@settings(QUICK, max_examples=12)
@given(texts=st.lists(CORPUS, min_size=1, max_size=3), part_bytes=st.integers(1, 80), compress=st.booleans())
def test_random_corpora_count_the_same_on_the_cluster(dask_client, tmp_path, texts, part_bytes, compress):
    paths = []
    for number, text in enumerate(texts):
        path = tmp_path / f"{number}.txt"
        data = text.encode()
        path.write_bytes(gzip.compress(data) if compress and number == 0 else data)
        paths.append(str(path))
    expected = WordCounts.from_texts(texts, lowercase=True)
    counted = count_with_dask(find_sources(paths), FastSplitter(lowercase=True), dask_client, part_bytes=part_bytes)
    assert list(counted.items()) == list(expected.items())


def test_count_files_takes_a_client_and_reports_progress(dask_client, book_file):
    reported: list[int] = []
    counts = count_files([book_file], dask=dask_client, progress=reported.append)
    assert counts == count_files([book_file]) and sum(reported) == book_file.stat().st_size


def test_the_cli_counts_on_a_scheduler_address_into_the_same_file(dask_client, book_file, tmp_path):
    from wordpiece_lib.cli import main

    one, cluster = tmp_path / "one.tsv", tmp_path / "cluster.tsv"
    assert main(["count", str(book_file), "--lowercase", "--quiet", "-o", str(one)]) == 0
    address = dask_client.scheduler.address
    assert main(["count", str(book_file), "--lowercase", "--quiet", "--dask", address, "-o", str(cluster)]) == 0
    assert cluster.read_bytes() == one.read_bytes()


def test_without_dask_the_error_says_how_to_install_it(monkeypatch, tmp_path, capsys):
    from wordpiece_lib.cli import main

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"pip install \"wordpiece-lib\[dask\]\""):
        import_distributed()
    path = tmp_path / "a.txt"
    path.write_text("hug\n", encoding="utf-8")
    assert main(["count", str(path), "--dask", "local", "-o", str(tmp_path / "c.tsv")]) == 2
    assert capsys.readouterr().err == f"error: --dask needs Dask: {INSTALL_HINT}\n"
    assert not (tmp_path / "c.tsv").exists()


def test_a_wrong_cluster_argument_is_named(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("hug\n", encoding="utf-8")
    with pytest.raises(TypeError, match=r"dask must be a distributed\.Client, a scheduler address"):
        count_files([path], dask=42)


def test_the_cli_starts_a_local_cluster_with_its_dashboard_on_this_machine_only(book_file, tmp_path, capsys):
    """``--dask local``: a LocalCluster with its dashboard, under the test guard that refuses any other host."""
    pytest.importorskip("bokeh")
    from wordpiece_lib.cli import main

    one, cluster = tmp_path / "one.tsv", tmp_path / "cluster.tsv"
    assert main(["count", str(book_file), "--quiet", "-o", str(one)]) == 0
    assert main(["count", str(book_file), "--dask", "local", "--workers", "2", "-o", str(cluster)]) == 0
    err = capsys.readouterr().err
    assert "Dask dashboard: http://127.0.0.1:" in err
    assert cluster.read_bytes() == one.read_bytes()
