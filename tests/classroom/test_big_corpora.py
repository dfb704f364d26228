"""Notebook 11's checks, tables and figures: right answers pass, wrong ones are explained, TODO skips."""

from __future__ import annotations

import pytest
from check_helpers import fails_with, skips

from wordpiece_lib import WordCounts
from wordpiece_lib.classroom.big_corpora import checks
from wordpiece_lib.classroom.big_corpora.plots import growth_figure, seconds_bars
from wordpiece_lib.classroom.big_corpora.tables import growth_table
from wordpiece_lib.classroom.exercise import TODO
from wordpiece_lib.counting import merge_counts


def right_cut(data: bytes, position: int) -> int:
    if position == 0:
        return 0
    newline = data.find(b"\n", position - 1)
    return len(data) if newline == -1 else newline + 1


def test_right_answers_pass():
    checks.check_cut(right_cut)
    checks.check_merge_in_order(merge_counts)
    checks.check_hours(checks.expected_hours(20, 12.5, 8, 0.9), 20, 12.5, 8, 0.9)


def test_unfinished_answers_skip_as_not_done_yet():
    def stub(*args):
        raise NotImplementedError("your turn")

    assert "not done yet" in skips(checks.check_cut, stub)
    assert "not done yet" in skips(checks.check_merge_in_order, stub)
    assert "not done yet" in skips(checks.check_hours, TODO, 20, 12.5, 8, 0.9)


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda data, position: position, "cuts the word"),
        (lambda data, position: len(data), "there is an earlier one"),
        (lambda data, position: position - 1, "may only end at or after"),
        (lambda data, position: "3", "should return a position"),
    ],
)
def test_wrong_cuts_are_explained(cut, message):
    assert message in fails_with(checks.check_cut, cut)


def test_cutting_inside_a_character_is_named():
    def inside_a_character(data: bytes, position: int) -> int:
        index = data.find("é".encode())
        return index + 1 if position <= index + 1 else right_cut(data, position)

    assert "cuts a UTF-8 character in two" in fails_with(checks.check_cut, inside_a_character)


def test_wrong_merges_are_explained():
    def last_part_wins(parts):
        total = {}
        for part in parts:
            total.update(part)
        return total

    def by_count(parts):
        return dict(sorted(merge_counts(parts).items(), key=lambda item: -item[1]))

    def in_place(parts):
        for part in parts[1:]:
            for word, count in part.items():
                parts[0][word] = parts[0].get(word, 0) + count
        return parts[0]

    assert "every part's count of a word must be added up" in fails_with(checks.check_merge_in_order, last_part_wins)
    assert "The counts are right but not their order" in fails_with(checks.check_merge_in_order, by_count)
    assert "changed the parts it was given" in fails_with(checks.check_merge_in_order, in_place)
    first_part_words = lambda parts: {word: sum(part.get(word, 0) for part in parts) for word in parts[0]}  # noqa: E731
    assert "but it is missing" in fails_with(checks.check_merge_in_order, first_part_words)
    assert "should return a dict" in fails_with(checks.check_merge_in_order, lambda parts: [1])


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
    right = checks.expected_hours(20, 12.5, 8, 0.9)
    text = fails_with(checks.check_hours, right * factor, 20, 12.5, 8, 0.9)
    assert message in text and f"{right:.3g}" not in text


def test_a_far_off_estimate_restates_the_givens():
    assert "turn that into bytes per second" in fails_with(checks.check_hours, 42.0, 20, 12.5, 8, 0.9)
    assert "positive number" in fails_with(checks.check_hours, -1, 20, 12.5, 8, 0.9)


def test_the_sample_parts_rebuild_the_text_and_their_merge_is_the_whole():
    text, parts = checks.sample_parts()
    whole = WordCounts.from_texts([text])
    assert list(merge_counts(dict(WordCounts.from_texts([part])) for part in parts).items()) == list(whole.items())


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
