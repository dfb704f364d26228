"""A book by chapters, to train on some and hold one out.

>>> held_out_split("1\\nOne.\\n2\\nTwo.\\n3\\nThree.", 2)
('One.\\n\\nThree.', 'Two.')
"""

from __future__ import annotations

import re

from .._validate import check_int, check_str

#: A chapter heading in the Treasure Island text: a line holding only the chapter's number.
CHAPTER_HEADING = re.compile(r"^[ \t]*(\d{1,3})[ \t]*$", re.MULTILINE)


def split_chapters(text: str, heading: re.Pattern[str] | str = CHAPTER_HEADING) -> dict[int, str]:
    """The chapters of a book: chapter number -> its text (heading line left out).

    A heading is a line matching ``heading`` (default: a line holding only a
    number, as in the Treasure Island text); its first group is the number.
    Text before the first heading (the title) belongs to no chapter.

    >>> split_chapters("Title\\n1\\nIt was dark.\\n2\\nIt was light.\\n")
    {1: 'It was dark.', 2: 'It was light.'}
    """
    check_str(text, "text")
    pattern = re.compile(heading, re.MULTILINE) if isinstance(heading, str) else heading
    matches = list(pattern.finditer(text))
    if not matches:
        raise ValueError("no chapter heading found in text (a line holding only the chapter number)")
    chapters: dict[int, str] = {}
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        number = int(match.group(1))
        if number in chapters:
            raise ValueError(f"chapter {number} appears twice in text: is the heading pattern too loose?")
        chapters[number] = text[match.end() : end].strip()
    return chapters


def held_out_split(text: str, chapter: int, heading: re.Pattern[str] | str = CHAPTER_HEADING) -> tuple[str, str]:
    """``(training text, held-out chapter)``: every other chapter joined, and the one held out.

    >>> held_out_split("1\\nOne.\\n2\\nTwo.\\n3\\nThree.", 2)
    ('One.\\n\\nThree.', 'Two.')
    """
    check_int(chapter, "chapter", minimum=0)
    chapters = split_chapters(text, heading)
    if chapter not in chapters:
        raise ValueError(f"chapter must be one of the book's chapters {min(chapters)}..{max(chapters)}, got {chapter}")
    rest = "\n\n".join(body for number, body in chapters.items() if number != chapter)
    return rest, chapters[chapter]


__all__ = ["CHAPTER_HEADING", "held_out_split", "split_chapters"]
