"""Project Gutenberg cleaning: header and footer cut, wrapping undone, the same text however it was saved."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import WordCounts
from wordpiece_lib.data import clean_gutenberg, has_gutenberg_markers, split_chapters, text_sha256, unwrap, wrap_width

HEADER = (
    "\ufeffThe Project Gutenberg eBook of A Small Book\r\n\r\n"
    "This ebook is for the use of anyone anywhere in the United States and\r\n"
    "most other parts of the world at no cost and with almost no restrictions\r\n"
    "whatsoever.\r\n\r\nTitle: A Small Book\r\n\r\nRelease date: May 1, 1996 [eBook #9999]\r\n\r\n"
    "*** START OF THE PROJECT GUTENBERG EBOOK A SMALL BOOK ***\r\n\r\n\r\n"
)
FOOTER = (
    "\r\n\r\n*** END OF THE PROJECT GUTENBERG EBOOK A SMALL BOOK ***\r\n\r\n"
    "Updated editions will replace the previous one--the old editions will\r\nbe renamed.\r\n"
)

PARAGRAPH = (
    "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having asked me to write down the "
    "whole particulars about the island, from the beginning to the end, keeping nothing back but the "
    "bearings of the island, and that only because there is still treasure not yet lifted."
)
#: A book with the shapes a real one has: headings on their own lines, verse kept line by line (indented too).
BOOK = "\n".join(
    [
        "A SMALL BOOK",
        "",
        "1",
        "The Old Sea-dog",
        PARAGRAPH,
        "",
        "“Fifteen men on the dead man’s chest—",
        "    Yo-ho-ho, and a bottle of rum!”",
        "",
        *[f"{PARAGRAPH} Paragraph {n}." for n in range(12)],
        "",
        "2",
        "Black Dog Appears",
        *[f"{PARAGRAPH} Once more, {n}." for n in range(12)],
    ]
).replace("\n\n\n", "\n\n")


def rewrap(text: str, width: int) -> str:
    """Hard-wrap every line at ``width`` the way a plain-text edition is made (breaks at spaces only)."""
    lines = []
    for line in text.split("\n"):
        wrapped = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
        lines.extend(wrapped or [""])
    return "\n".join(lines)


def test_header_and_footer_go_and_line_ends_become_newlines():
    cleaned = clean_gutenberg(HEADER + BOOK.replace("\n", "\r\n") + FOOTER)
    assert cleaned == BOOK
    assert "\r" not in cleaned and "\ufeff" not in cleaned
    assert "Project Gutenberg" not in cleaned and "Updated editions" not in cleaned


def test_older_files_with_this_and_a_closing_sentence():
    raw = (
        "*** START OF THIS PROJECT GUTENBERG EBOOK OLD ***\n\nThe text.\n\n"
        "End of the Project Gutenberg EBook of Old, by Someone\n\n*** END OF THIS PROJECT GUTENBERG EBOOK OLD ***\nlicence"
    )
    assert clean_gutenberg(raw) == "The text."
    assert has_gutenberg_markers(raw) == (True, True)


def test_markers_are_recognised_by_their_start_whatever_follows():
    raw = "Licence\n*** START OF THE EBOOK ***\nText.\n*** END OF IT ***\nFooter"
    assert clean_gutenberg(raw) == "Text."
    assert has_gutenberg_markers(raw) == (True, True)


def test_text_without_spaces_between_words_is_never_joined():
    """Joining Chinese or Japanese lines with a space would add word breaks the text never had."""
    lines = ["羅生門の下で雨やみを待っていた。", "広い門の下には、この男のほかに誰もいない。"] * 15
    assert clean_gutenberg("\n".join(lines)) == "\n".join(lines)


def test_a_text_without_markers_is_kept_whole_and_cleaning_is_idempotent():
    assert clean_gutenberg(BOOK) == BOOK
    assert clean_gutenberg("  Two  spaces kept inside.  \n\n\n\nNext.\n\n") == "  Two  spaces kept inside.\n\nNext."
    assert has_gutenberg_markers(BOOK) == (False, False)


@pytest.mark.parametrize("width", [50, 70, 72, 79])
def test_a_rewrapped_copy_cleans_to_the_same_text(width):
    raw = HEADER + rewrap(BOOK, width).replace("\n", "\r\n") + FOOTER
    assert max(len(line) for line in raw.split("\r\n")[12:-6]) <= width  # it really is wrapped
    cleaned = clean_gutenberg(raw)
    assert cleaned == BOOK
    assert text_sha256(cleaned) == text_sha256(BOOK)
    assert WordCounts.from_texts(cleaned) == WordCounts.from_texts(BOOK)
    assert split_chapters(cleaned) == split_chapters(BOOK)


def test_a_download_cut_short_has_no_end_line():
    raw = HEADER + rewrap(BOOK, 70) + FOOTER
    assert has_gutenberg_markers(raw[: len(raw) // 2]) == (True, False)


def test_unwrap_keeps_short_lines_and_indented_verse():
    # "stormy" did not fit after "dark and" (17 + 1 + 6 > 18): a wrap. "THE" would have fitted after "rum!": a break.
    lines = ["It was a dark and", "stormy night.", "    Yo-ho-ho, and a", "    rum!", "THE END"]
    assert unwrap(lines, 18) == ["It was a dark and stormy night.", "    Yo-ho-ho, and a", "    rum!", "THE END"]
    assert wrap_width(["short"] * 5) is None  # too few lines to tell


def test_text_checksum_ignores_wrapping_but_not_words_or_punctuation():
    assert text_sha256("a b\nc") == text_sha256("a  b c\n")
    assert text_sha256("a b c") != text_sha256("a b")
    assert text_sha256("a b c") != text_sha256("a b, c")
    assert text_sha256("a b c") != text_sha256("ab c")


def test_bad_input_names_the_parameter():
    with pytest.raises(TypeError, match="text must be a str"):
        clean_gutenberg(b"bytes")
    with pytest.raises(TypeError, match="text must be a str"):
        text_sha256(None)


WORD = st.sampled_from(
    ["a", "sea-chest", "Jim,", "rum!”", "“Fifteen", "the", "Hispaniola", "—", "1", "treasure;", "x" * 30]
)
# At least 20 paragraphs: a text of fewer than 20 lines tells nothing about its wrapping and is left alone.
PARAGRAPHS = st.lists(st.lists(WORD, min_size=25, max_size=60).map(" ".join), min_size=20, max_size=24)


@settings(max_examples=30, deadline=None)
@given(paragraphs=PARAGRAPHS, width=st.integers(40, 80))
def test_any_wrapping_of_any_paragraphs_is_undone(paragraphs, width):
    book = "\n\n".join(paragraphs)
    assert clean_gutenberg(rewrap(book, width)) == clean_gutenberg(book) == book
