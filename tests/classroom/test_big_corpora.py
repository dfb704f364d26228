"""Notebook 11's checks, tables and figures: right answers pass, wrong ones are explained without the answer."""

from __future__ import annotations

import re

import pytest
from check_helpers import fails_with, skips

from wordpiece_lib import WordCounts
from wordpiece_lib.classroom.big_corpora import checks, growth_figure, growth_table, seconds_bars
from wordpiece_lib.classroom.runtime import TODO
from wordpiece_lib.counting import merge_counts

GIVENS = (20, 12.5, 8, 0.9)  # size in GB, MB/s per core, cores, efficiency


@pytest.fixture(autouse=True)
def fresh_workbook():
    checks.WORKBOOK.reset()
    yield


def right_cut(data: bytes, position: int) -> int:
    if position == 0:
        return 0
    newline = data.find(b"\n", position - 1)
    return len(data) if newline == -1 else newline + 1


def right_merge(parts):
    total = {}
    for part in parts:
        for word, count in part.items():
            total[word] = total.get(word, 0) + count
    return total


def test_right_answers_pass_and_progress_says_done():
    checks.check_cut(right_cut)
    checks.check_merge_in_order(right_merge)
    checks.check_hours(checks.expected_hours(*GIVENS), *GIVENS)
    assert "3 of 3 done" in repr(checks.progress())


def test_unfinished_answers_skip_as_not_done_yet():
    def stub(*args):
        raise NotImplementedError("your turn")

    assert "not done yet" in skips(checks.check_cut, stub)
    assert "not done yet" in skips(checks.check_merge_in_order, stub)
    assert "not done yet" in skips(checks.check_hours, TODO, *GIVENS)
    assert repr(checks.progress()).count("not started") == 3


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda data, position: position, "in two"),
        (lambda data, position: len(data), "the start of the data is also at or after 0"),
        (lambda data, position: len(data) if position > 0 else 0, "an earlier line end is also at"),
        (
            lambda data, position: data.find(b"\n", position) if data.find(b"\n", position) >= 0 else len(data),
            "that is the newline itself",
        ),
        (lambda data, position: position - 1, "may only end at or after"),
        (lambda data, position: "3", "should return a position"),
        (lambda data, position: len(data) + 1, "past the end"),
    ],
)
def test_wrong_cuts_are_explained(cut, message):
    assert message in fails_with(checks.check_cut, cut)


def test_cutting_inside_a_character_or_at_a_space_is_named():
    data_of_the_check = checks._fresh_text("cut").encode()
    accent = data_of_the_check.find("é".encode())

    def inside_a_character(data: bytes, position: int) -> int:
        return accent + 1 if position <= accent + 1 else right_cut(data, position)

    def at_a_space(data: bytes, position: int) -> int:
        space = data.find(b" ", position)
        return right_cut(data, position) if space == -1 or space == 0 else space + 1

    assert "cuts a UTF-8 character in two" in fails_with(checks.check_cut, inside_a_character)
    assert "not at a line end" in fails_with(checks.check_cut, at_a_space)


def test_wrong_merges_are_explained_and_the_library_merge_is_not_an_answer():
    def last_part_wins(parts):
        total = {}
        for part in parts:
            total.update(part)
        return total

    def by_count(parts):
        return dict(sorted(right_merge(parts).items(), key=lambda item: -item[1]))

    def in_place(parts):
        for part in parts[1:]:
            for word, count in part.items():
                parts[0][word] = parts[0].get(word, 0) + count
        return parts[0]

    def first_part_words(parts):
        return {word: sum(part.get(word, 0) for part in parts) for word in parts[0]}

    assert "every part's count of a word must be added up" in fails_with(checks.check_merge_in_order, last_part_wins)
    assert "The counts are right but not their order" in fails_with(checks.check_merge_in_order, by_count)
    assert "changed the parts it was given" in fails_with(checks.check_merge_in_order, in_place)
    assert "is missing from your merge" in fails_with(checks.check_merge_in_order, first_part_words)
    assert "asks for a dict" in fails_with(checks.check_merge_in_order, lambda parts: [1])
    assert "calls `merge_counts`, the library's own version" in fails_with(checks.check_merge_in_order, merge_counts)


@pytest.mark.parametrize(
    ("factor", "message"),
    [
        (3600, "seconds, not hours"),
        (60, "minutes"),
        (1000, "1 GB is 1,000 MB"),
        (8, "one core's time"),
        (0.9, "efficiency"),
    ],
)
def test_estimates_off_by_a_typical_slip_get_a_hint_not_the_answer(factor, message):
    right = checks.expected_hours(*GIVENS)
    text = fails_with(checks.check_hours, right * factor, *GIVENS)
    assert message in text and f"{right:.3g}" not in text and f"{right:.4g}" not in text


def test_a_far_off_estimate_restates_the_givens_and_bad_types_are_named():
    assert "each core counts 12.5 MB per second" in fails_with(checks.check_hours, 42.0, *GIVENS)
    assert "positive number" in fails_with(checks.check_hours, -1, *GIVENS)
    assert "positive number" in fails_with(checks.check_hours, "0.1", *GIVENS)


def test_later_tries_add_hints_then_offer_the_worked_answer_which_passes():
    messages = [fails_with(checks.check_merge_in_order, lambda parts: [1]) for _ in range(3)]
    assert "Hint:" not in messages[0] and "Hint:" in messages[1]
    assert "show_answer('merge_in_order')" in messages[2]
    for key, check, args in [
        ("cut", checks.check_cut, ()),
        ("merge_in_order", checks.check_merge_in_order, ()),
        ("hours", checks.check_hours, GIVENS),
    ]:
        if key != "merge_in_order":  # a wrong try first: show_answer asks for one
            fails_with(check, 42.0 if key == "hours" else (lambda data, position: position), *args)
        answer = str(checks.show_answer(key))
        code = re.search(r"```python\n(.*?)```", answer, re.S).group(1)
        namespace = {"mb_per_second": GIVENS[1]}
        exec(code, namespace)  # the worked answer, run as a learner would paste it
        value = namespace.get(key)
        check(value, *args)
    assert "3 of 3 done" in repr(checks.progress())


def test_the_parts_rebuild_the_text_and_their_merge_is_the_whole():
    text, parts = checks.fresh_parts()
    whole = WordCounts.from_texts([text])
    assert list(merge_counts(dict(WordCounts.from_texts([part])) for part in parts).items()) == list(whole.items())
    assert len({tuple(dict(WordCounts.from_texts([part]))) for part in parts}) == 3


def test_growth_table_and_figures(tmp_path, book_text):
    path = tmp_path / "book.txt"
    path.write_bytes(book_text.encode())
    table = growth_table(path, every_bytes=100_000)
    assert table["MB read"].iloc[-1] * 1e6 == path.stat().st_size
    counts = WordCounts.from_texts([book_text], lowercase=True)
    assert table["distinct words"].iloc[-1] == len(counts) and table["running words"].iloc[-1] == counts.total
    assert list(table["distinct words"]) == sorted(table["distinct words"])
    assert len(growth_figure(table).axes) == 2
    assert len(seconds_bars(table.assign(how=["a"] * len(table), seconds=1.0)).axes[0].patches) == len(table)
    with pytest.raises(TypeError, match="growth_table"):
        growth_figure(table.drop(columns="running words"))
