"""A book cut into chapters, and one chapter held out."""

from __future__ import annotations

import pytest

from wordpiece_lib.data import held_out_split, split_chapters


def test_split_chapters_by_hand():
    text = "Title\n\n1\nOne,\ntwo.\n\n2\nThree.\n 10 \nTen."
    assert split_chapters(text) == {1: "One,\ntwo.", 2: "Three.", 10: "Ten."}
    assert split_chapters("Part 1\nA\nPart 2\nB", r"^Part (\d+)$") == {1: "A", 2: "B"}


def test_split_chapters_rejects_bad_input():
    with pytest.raises(ValueError, match="no chapter heading"):
        split_chapters("no numbers here")
    with pytest.raises(ValueError, match="chapter 1 appears twice"):
        split_chapters("1\na\n1\nb")
    with pytest.raises(TypeError, match="text"):
        split_chapters(None)


def test_the_book_has_34_chapters_with_their_titles(book_text):
    chapters = split_chapters(book_text)
    assert list(chapters) == list(range(1, 35))
    assert "Black Dog Appears and Disappears" in chapters[2][:200]
    assert "The Black Spot" in chapters[3][:200]
    training, held_out = held_out_split(book_text, 13)
    assert held_out == chapters[13]
    assert held_out not in training
    assert all(chapters[number] in training for number in (1, 12, 14, 34))
    with pytest.raises(ValueError, match=r"chapter must be one of the book's chapters 1\.\.34, got 35"):
        held_out_split(book_text, 35)
