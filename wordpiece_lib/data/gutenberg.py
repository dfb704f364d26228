"""Project Gutenberg plain text, cleaned the same way however it reached the disk.

A book from Project Gutenberg arrives with a licence header and footer, with
Windows line ends, sometimes with a byte-order mark, sometimes hard-wrapped at
about 70 columns and sometimes with one paragraph a line. ``clean_gutenberg``
turns any of these into one form: the book between the ``*** START OF`` and
``*** END OF`` lines, ``\\n`` line ends, no trailing spaces, hard-wrapped
paragraphs joined into one line each, at most one blank line in a row.

Two copies of a book that differ only in where lines were wrapped hold the same
words in the same order; ``text_sha256`` (the checksum of the text with every
run of whitespace made one space) is the same for both, so a pinned checksum
accepts any faithful copy and refuses a changed or truncated one.

>>> raw = "Licence...\\r\\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\\r\\nOne line.\\r\\n\\r\\nTwo.\\r\\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\\r\\nMore licence."
>>> clean_gutenberg(raw)
'One line.\\n\\nTwo.'
"""

from __future__ import annotations

import hashlib
import re

from .._validate import check_int, check_str, check_str_list

#: The line that opens the book (``*** START OF THE PROJECT GUTENBERG EBOOK ... ***``; older files say THIS).
START_LINE = re.compile(r"^\*{3}\s*START OF\b[^\n]*$", re.IGNORECASE | re.MULTILINE)
#: The line that closes it, and the older closing sentence some files put just before that line.
END_LINE = re.compile(r"^(?:\*{3}\s*END OF\b|End of (?:the )?Project Gutenberg)", re.IGNORECASE | re.MULTILINE)

#: A text is taken as hard-wrapped when at least this share of its lines are at most ``WRAPPED_WIDTH`` long.
WRAPPED_SHARE = 0.98
WRAPPED_WIDTH = 80
#: Fewer lines than this tell nothing about wrapping: such a text is left as it is.
MIN_LINES_TO_UNWRAP = 20
#: A text with fewer spaces than this per character does not put spaces between its words (Chinese,
#: Japanese): joining its lines would add spaces it never had, so it is left as it is.
MIN_SPACE_SHARE = 0.05


def has_gutenberg_markers(text: str) -> tuple[bool, bool]:
    """Whether ``text`` holds the START line and an END line after it (a complete download has both).

    >>> has_gutenberg_markers("*** START OF THE PROJECT GUTENBERG EBOOK A ***\\nText\\n*** END OF THE PROJECT GUTENBERG EBOOK A ***")
    (True, True)
    >>> has_gutenberg_markers("*** START OF THE PROJECT GUTENBERG EBOOK A ***\\nText cut sh")
    (True, False)
    """
    check_str(text, "text")
    start = START_LINE.search(text)
    end = END_LINE.search(text, start.end() if start else 0)
    return start is not None, end is not None


def _book_part(text: str) -> str:
    """The text between the START line and the END line (each when present)."""
    start = START_LINE.search(text)
    if start is not None:
        text = text[start.end() :]
    end = END_LINE.search(text)
    if end is not None:
        text = text[: end.start()]
    return text


def wrap_width(lines: list[str]) -> int | None:
    """The width a text was hard-wrapped at, or None when it was not.

    >>> wrap_width(["word " * 12 + "end", "word " * 13 + "end"] * 10)
    68
    >>> wrap_width(["a" * 300] * 30) is None
    True
    >>> wrap_width(["一二三四五六七八九十"] * 30) is None  # no spaces between words: never joined
    True
    """
    filled = [len(line) for line in check_str_list(lines, "lines") if line]
    if len(filled) < MIN_LINES_TO_UNWRAP:
        return None
    if sum(line.count(" ") for line in lines) < MIN_SPACE_SHARE * sum(filled):
        return None
    short = [length for length in filled if length <= WRAPPED_WIDTH]
    if len(short) < WRAPPED_SHARE * len(filled):
        return None
    return max(short)


def unwrap(lines: list[str], width: int) -> list[str]:
    """Join the lines that greedy wrapping at ``width`` broke, and keep every other line break.

    A line was broken by wrapping exactly when the next line's first word would
    not have fitted on it; an indented line (verse, a quotation) always starts anew.

    >>> unwrap(["It was a dark", "night.", "", "THE END", "Fin."], 15)
    ['It was a dark night.', '', 'THE END', 'Fin.']
    """
    lines = check_str_list(lines, "lines")
    check_int(width, "width", minimum=1)
    joined: list[str] = []
    previous = ""
    for line in lines:
        if line and previous and not line[0].isspace() and len(previous) + 1 + len(line.split(None, 1)[0]) > width:
            joined[-1] = f"{joined[-1]} {line}"
        else:
            joined.append(line)
        previous = line
    return joined


def clean_gutenberg(text: str) -> str:
    """The book itself in one form, whether the text was downloaded, saved by hand or cleaned already.

    Cuts the licence header and footer (when present), makes line ends ``\\n``,
    drops trailing spaces, joins hard-wrapped paragraphs (see ``unwrap``) and
    keeps at most one blank line in a row. Cleaning a clean text changes nothing.

    >>> clean_gutenberg("\\ufeffTitle  \\r\\n\\r\\n\\r\\n\\r\\n1\\r\\nIt was dark.")
    'Title\\n\\n1\\nIt was dark.'
    >>> clean_gutenberg(clean_gutenberg("A\\n\\nB")) == clean_gutenberg("A\\n\\nB")
    True
    """
    check_str(text, "text")
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    lines = [line.rstrip() for line in _book_part(text).split("\n")]
    width = wrap_width(lines)
    if width is not None:
        lines = unwrap(lines, width)
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    while kept and not kept[-1]:
        kept.pop()
    return "\n".join(kept)


def text_sha256(text: str) -> str:
    """The sha256 of ``text`` with every run of whitespace made one space: the same for any wrapping.

    >>> text_sha256("One two\\nthree.") == text_sha256("  One\\ttwo three.\\n")
    True
    >>> text_sha256("One two three.") == text_sha256("One two three!")
    False
    """
    check_str(text, "text")
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


__all__ = ["END_LINE", "START_LINE", "clean_gutenberg", "has_gutenberg_markers", "text_sha256", "unwrap", "wrap_width"]
