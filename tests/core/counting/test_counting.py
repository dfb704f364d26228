"""Streamed counting equals counting the whole text, on one process or many, first-seen order included.

The one-process reference is ``WordCounts.from_texts`` over each file's
whole text (what ``train`` did before counting was streamed). Every other way
of counting must give the same words, counts and order, because the
``"first"`` tie-break, and so the vocab, depends on the order.
"""

from __future__ import annotations

import bz2
import gzip
import itertools
import lzma

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordpiece_lib import BertNormalizer, WordCounts, train_fast
from wordpiece_lib.counting import (
    count_files,
    count_with_processes,
    find_sources,
    merge_counts,
    resolve_workers,
    split_file,
)
from wordpiece_lib.text import FastSplitter

QUICK = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture], derandomize=True)
WORDS = st.sampled_from(
    ["the", "The", "hug", "HUG,", "pug!", "café", "Café", "naïve", "“quoted”", "我们", "a\u0301", "x"]
)
LINE = st.lists(WORDS, max_size=8).map(" ".join)
CORPUS = st.lists(LINE, min_size=1, max_size=25).map(lambda lines: "\n".join(lines) + "\n")


def same(counts: WordCounts, expected: WordCounts) -> bool:
    """Equal words, counts and order (WordCounts equality already compares the order; this says why)."""
    return list(counts.items()) == list(expected.items())


@pytest.mark.parametrize("lowercase", [True, False], ids=["uncased", "cased"])
def test_streamed_counts_of_the_book_equal_the_whole_text_counts(book_file, book_text, lowercase):
    expected = WordCounts.from_texts([book_text], lowercase=lowercase)
    assert same(count_files([book_file], lowercase=lowercase), expected)


@pytest.mark.parametrize("lowercase", [True, False], ids=["uncased", "cased"])
def test_two_processes_count_the_book_exactly_as_one(book_file, book_text, lowercase):
    splitter = FastSplitter(lowercase=lowercase)
    expected = WordCounts.from_texts([book_text], lowercase=lowercase)
    counted = count_with_processes(find_sources([book_file]), splitter, workers=2, part_bytes=20_000)
    assert len(split_file(book_file, 20_000)) > 10
    assert list(counted.items()) == list(expected.items())
    trace = train_fast(WordCounts.adopt(counted), 4000)
    assert trace.tokens() == train_fast(expected, 4000).tokens()


def test_plain_files_that_make_one_part_are_counted_without_starting_workers(tmp_path, monkeypatch):
    """A pool's start-up costs more than counting a book; a single part is counted in this process."""
    from wordpiece_lib.counting import local_count

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started for a single part")

    files = [tmp_path / "a.txt", tmp_path / "b.txt"]
    files[0].write_text("Hug the pug.\n")
    files[1].write_text("The pug hugs.\n")
    expected = WordCounts.from_texts(["Hug the pug.\n", "The pug hugs.\n"], lowercase=True)
    monkeypatch.setattr(local_count, "ProcessPoolExecutor", no_pool)
    assert same(count_files(files, lowercase=True, workers=2), expected)
    with pytest.raises(AssertionError, match="pool was started"):  # two parts do start the pool
        count_with_processes(find_sources(files), FastSplitter(lowercase=True), workers=2, part_bytes=13)


def test_several_files_count_in_order_with_compression_and_any_number_of_workers(tmp_path, book_text):
    half = len(book_text) // 2
    cut = book_text.index("\n", half) + 1
    first, second = book_text[:cut], book_text[cut:]
    files = [tmp_path / "1.txt.gz", tmp_path / "2.txt.bz2", tmp_path / "3.txt.xz", tmp_path / "4.txt"]
    files[0].write_bytes(gzip.compress(first.encode()))
    files[1].write_bytes(bz2.compress(second.encode()))
    files[2].write_bytes(lzma.compress(b"Zebra zebra\n"))
    files[3].write_bytes(first.encode())
    expected = WordCounts.from_texts([first, second, "Zebra zebra\n", first], lowercase=True)
    for workers in (1, 2, 3):
        assert same(count_files(files, lowercase=True, workers=workers), expected), workers
    parcels = count_with_processes(find_sources(files), FastSplitter(lowercase=True), workers=2, part_bytes=9_999)
    assert list(parcels.items()) == list(expected.items())


@settings(QUICK, max_examples=25)
@given(texts=st.lists(CORPUS, min_size=1, max_size=3), part_bytes=st.integers(1, 60), lowercase=st.booleans())
def test_random_corpora_count_the_same_in_parts_on_two_processes(tmp_path, texts, part_bytes, lowercase):
    paths = []
    for number, text in enumerate(texts):
        path = tmp_path / f"{number}.txt"
        path.write_bytes(text.encode())
        paths.append(str(path))
    expected = WordCounts.from_texts(texts, lowercase=lowercase)
    assert same(count_files(paths, lowercase=lowercase), expected)
    counted = count_with_processes(
        find_sources(paths), FastSplitter(lowercase=lowercase), workers=2, part_bytes=part_bytes
    )
    assert list(counted.items()) == list(expected.items())


@settings(QUICK, max_examples=100)
@given(text=CORPUS, cuts=st.lists(st.integers(0, 400), max_size=6), grouping=st.integers(1, 4))
def test_merging_counts_of_consecutive_parts_in_order_is_counting_the_whole(text, cuts, grouping):
    """The property the parallel counters rest on, merged flat or as a tree of neighbours."""
    lines = text.splitlines(keepends=True)
    bounds = sorted({0, len(lines), *(cut % (len(lines) + 1) for cut in cuts)})
    parts = ["".join(lines[start:end]) for start, end in itertools.pairwise(bounds)]
    partials = [dict(WordCounts.from_texts([part])) for part in parts]
    expected = dict(WordCounts.from_texts([text]))
    assert list(merge_counts(partials).items()) == list(expected.items())
    groups = [merge_counts(partials[start : start + grouping]) for start in range(0, len(partials), grouping)]
    assert list(merge_counts(groups).items()) == list(expected.items())


def test_other_settings_are_honoured(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("Hug, hug! CAFÉ\n", encoding="utf-8")
    assert list(count_files([path], pretokenizer="whitespace")) == ["Hug,", "hug!", "CAFÉ"]
    keep_accents = BertNormalizer(lowercase=True, strip_accents=False)
    assert list(count_files([path], normalizer=keep_accents)) == ["hug", ",", "!", "café"]
    assert list(count_files([path], pretokenizer="gpt2", lowercase=True, workers=2)) == ["hug", ",", "!", "cafe"]


def test_progress_reports_every_byte(tmp_path, book_text):
    path = tmp_path / "book.txt"
    path.write_bytes(book_text.encode())
    for workers in (1, 2):
        reported: list[int] = []
        count_files([path], workers=workers, progress=reported.append)
        assert sum(reported) == path.stat().st_size, workers


def test_bad_arguments_and_bad_bytes_are_named(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"fine\n" * 3 + b"caf\xe9\n")
    for workers in (1, 2):
        with pytest.raises(ValueError, match=r"latin1\.txt is not valid UTF-8: byte 0xe9 at offset 18"):
            count_files([path], workers=workers)
    with pytest.raises(ValueError, match="workers must be at least 0, got -1"):
        count_files([path], workers=-1)
    with pytest.raises(TypeError, match="progress must be a function"):
        count_files([path], progress=3)
    assert resolve_workers(0) >= 1
