"""Notebooks made fit to project: what the offline edition's slide decks show of a notebook.

A notebook is written to be read and run, not projected. For its deck the builder works on a copy:

* the exercise checks (``%%ipytest`` cells) are left out: their pytest report is noise on a
  projector, and a student edition's report only says "not done yet";
* every slide is cut to what fits at 1280x720 with readable text (body 26 px and code 20 px in
  reveal's 1280x720 slide, so at least 24 px and 18 px after reveal's scaling on a 1280x720
  screen): a slide whose estimated height runs over is continued on a sub-slide below it,
  between paragraphs, between cells, or between the lines of a long code cell or output;
* each numbered section (``## 2 · ...``) gets speaker notes: its minutes, worked out as
  ``tools/time_notebooks.py`` does for a whole notebook, and the teaching guide's discussion
  questions that name the section. They are added here, not stored in the notebook, where
  students would see them.

The heights are estimates in the slide's own pixels (lines times line height); the browser test
``tests/browser/test_accessibility.py`` measures the real decks and fails on a slide that scrolls.
"""

from __future__ import annotations

import base64
import copy
import itertools
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: reveal.js's slide, in its own pixels (it scales the whole slide to the screen).
SLIDE_WIDTH = 1280
SLIDE_HEIGHT = 720
#: What a slide may fill: the height less the room for the deck's top bar and the slide number.
BUDGET = 600
BODY_LINE = 38  # px: 26 px text, line height 1.45
BODY_CHARS = 88  # characters of prose a line holds at 26 px across the slide
PARAGRAPH_GAP = 12
HEADING = {1: 70, 2: 60, 3: 52}
CODE_LINE = 36  # px: 20 px code, line height 1.4, and room for the wraps the estimate does not see
CODE_CHARS = 80  # characters of code a line holds before it wraps (the prompt takes its share)
CELL_GAP = 18
IMAGE_MAX = 340  # px: the decks' CSS caps a figure at this height
IMAGE_ROOM = 60  # px: the figure's box around it
TABLE_MAX = 330  # px: a table scrolls inside a box of this height
WIDGET = 560  # px: the decks' CSS caps a widget at this height (it scrolls inside its box beyond)
OUTPUTS_MAX = 520  # px: the decks' CSS caps a cell's outputs together (no widget among them) at this height
CHECK_MAGIC = "%%ipytest"
CONTINUED_TAG = "wp-continued"

_SECTION = re.compile(r"^##\s+(\d+)\s*·", re.MULTILINE)


def _text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def is_check(cell: dict[str, Any]) -> bool:
    """A cell that runs an exercise's check (``%%ipytest``).

    >>> is_check({"cell_type": "code", "source": "%%ipytest\\ndef test_x(): ..."})
    True
    """
    return cell.get("cell_type") == "code" and _text(cell).lstrip().startswith(CHECK_MAGIC)


def slide_type(cell: dict[str, Any]) -> str:
    return cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-")


def _set_slide_type(cell: dict[str, Any], kind: str) -> None:
    cell.setdefault("metadata", {}).setdefault("slideshow", {})["slide_type"] = kind


def _wrapped(text: str, width: int) -> int:
    return sum(max(1, -(-len(line) // width)) for line in text.split("\n"))


def markdown_height(text: str) -> int:
    """Estimated height of rendered markdown on a slide, in the slide's pixels.

    >>> markdown_height("## 1 · A section") == HEADING[2]
    True
    >>> markdown_height("one line of prose") == BODY_LINE + PARAGRAPH_GAP
    True
    """
    height = 0
    for block in re.split(r"\n\s*\n", text.strip()):
        heading = re.match(r"^(#{1,6})\s", block)
        if heading:
            height += HEADING.get(len(heading.group(1)), BODY_LINE)
            continue
        if block.lstrip().startswith("$$"):
            height += 2 * BODY_LINE
            continue
        if block.lstrip().startswith("|"):  # a markdown table: scrolls inside its box beyond TABLE_MAX
            height += min(TABLE_MAX, block.count("\n") * BODY_LINE * 2)
            continue
        plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", block)  # a link shows its text only
        lines = re.split(r"\n(?=\s*(?:[-*+]|\d+[.)])\s)", plain)  # list items start new lines
        height += sum(_wrapped(" ".join(line.split()), BODY_CHARS) for line in lines) * BODY_LINE + PARAGRAPH_GAP
    return height


def _png_size(data: str) -> tuple[int, int] | None:
    try:
        head = base64.b64decode(data[:64])
    except ValueError:
        return None
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def output_height(output: dict[str, Any]) -> int:
    """Estimated height of one output on a slide."""
    kind = output.get("output_type")
    if kind == "stream":
        return _wrapped(output.get("text", "").rstrip("\n"), CODE_CHARS) * CODE_LINE
    if kind == "error":
        return 6 * CODE_LINE
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        return WIDGET
    if "text/html" in data:
        html = data["text/html"]
        if "<img" in html or "<figure" in html:
            return IMAGE_MAX + IMAGE_ROOM + 2 * BODY_LINE
        if "<table" in html:
            return min(TABLE_MAX, 40 + 32 * html.count("<tr"))
        return markdown_height(re.sub(r"<[^>]+>", " ", html))
    if "image/png" in data:
        size = _png_size(data["image/png"])
        if size:
            width, height = size
            return IMAGE_ROOM + min(IMAGE_MAX, int(height * min(1.0, (SLIDE_WIDTH - 80) / max(width, 1))))
        return IMAGE_MAX + IMAGE_ROOM
    if "text/markdown" in data:  # a sentence made from live values: its length is known only once run
        return int(markdown_height(data["text/markdown"]) * 1.2)
    if "text/latex" in data:
        return 2 * BODY_LINE
    return _wrapped(str(data.get("text/plain", "")).rstrip("\n"), CODE_CHARS) * CODE_LINE


def cell_height(cell: dict[str, Any], show_input: bool = True) -> int:
    """Estimated height of a cell on a slide: its input (unless hidden) and its outputs."""
    if cell.get("cell_type") == "markdown":
        return markdown_height(_text(cell)) + CELL_GAP
    height = CELL_GAP
    if show_input:
        height += _wrapped(_text(cell), CODE_CHARS) * CODE_LINE + 16
    outputs = cell.get("outputs", [])
    shown = sum(output_height(output) for output in outputs)
    if not any("application/vnd.jupyter.widget-view+json" in output.get("data", {}) for output in outputs):
        shown = min(OUTPUTS_MAX, shown)
    return height + shown


_PIECES = itertools.count(1)


def _continued(cell: dict[str, Any], **changes: Any) -> dict[str, Any]:
    piece = copy.deepcopy(cell)
    piece.update(changes)
    piece["id"] = f"{cell.get('id', 'cell')}-part{next(_PIECES)}"
    _set_slide_type(piece, "-")
    return piece


def _split_markdown(cell: dict[str, Any]) -> list[dict[str, Any]]:
    """A markdown cell cut between paragraphs, each part at most a slide (a part keeps its paragraphs whole)."""
    blocks = re.split(r"\n\s*\n", _text(cell).strip())
    parts: list[list[str]] = [[]]
    for block in blocks:
        if parts[-1] and markdown_height("\n\n".join([*parts[-1], block])) > BUDGET - 40:
            parts.append([])
        parts[-1].append(block)
    if len(parts) == 1:
        return [cell]
    pieces = [_continued(cell, source="\n\n".join(part)) for part in parts]
    _set_slide_type(pieces[0], slide_type(cell))
    return pieces


def _split_code(cell: dict[str, Any], show_input: bool) -> list[dict[str, Any]]:
    """A code cell whose input or text output is too tall, cut between lines (the outputs stay on the last part)."""
    lines = _text(cell).split("\n")
    room = (BUDGET - 60) // CODE_LINE
    pieces: list[dict[str, Any]] = []
    if show_input and _wrapped(_text(cell), CODE_CHARS) > room:
        chunk: list[str] = []
        for line in lines:
            if chunk and _wrapped("\n".join([*chunk, line]), CODE_CHARS) > room:
                pieces.append(_continued(cell, source="\n".join(chunk), outputs=[]))
                chunk = []
            chunk.append(line)
        last = _continued(cell, source="\n".join(chunk))
        pieces.append(last)
    else:
        pieces.append(cell)
    # Input and outputs together too tall: the outputs go on the next slide, without the input again.
    last = pieces[-1]
    outputs_height = sum(output_height(output) for output in last.get("outputs", []))
    if show_input and last.get("outputs") and cell_height(last, show_input) > BUDGET and outputs_height < BUDGET:
        pieces[-1] = _continued(last, outputs=[])
        moved = _continued(last, outputs=last["outputs"])
        moved["metadata"].setdefault("tags", []).append(CONTINUED_TAG)
        pieces.append(moved)
    # Long text outputs: continued in cells that show no input (tagged so the builder hides it).
    outputs = pieces[-1].get("outputs", [])
    kept: list[dict[str, Any]] = []
    extra: list[dict[str, Any]] = []
    for output in outputs:
        if output.get("output_type") == "stream" and _wrapped(output.get("text", ""), CODE_CHARS) > room:
            text_lines = output["text"].rstrip("\n").split("\n")
            chunks = [text_lines[i : i + room] for i in range(0, len(text_lines), room)]
            kept.append({**output, "text": "\n".join(chunks[0]) + "\n"})
            for chunk_lines in chunks[1:]:
                piece = _continued(cell, source="", outputs=[{**output, "text": "\n".join(chunk_lines) + "\n"}])
                piece["metadata"].setdefault("tags", []).append(CONTINUED_TAG)
                extra.append(piece)
        else:
            kept.append(output)
    if extra:
        pieces[-1] = {**pieces[-1], "outputs": kept}
    first = pieces[0]
    _set_slide_type(first, slide_type(cell))
    return pieces + extra


def _explode(cell: dict[str, Any], show_input: bool) -> list[dict[str, Any]]:
    if cell.get("cell_type") == "markdown":
        return _split_markdown(cell)
    if cell.get("cell_type") == "code":
        return _split_code(cell, show_input)
    return [cell]


def fit_slides(cells: list[dict[str, Any]], hidden_input_tags: set[str]) -> list[dict[str, Any]]:
    """The cells with sub-slide breaks added wherever a slide would run over ``BUDGET``.

    >>> cells = [{"cell_type": "markdown", "source": "## 1 · A", "metadata": {"slideshow": {"slide_type": "slide"}}}]
    >>> cells += [{"cell_type": "code", "source": "x", "outputs": [], "metadata": {}} for _ in range(40)]
    >>> fitted = fit_slides(cells, set())
    >>> len(fitted) == 41 and 1 < sum(slide_type(c) in ("slide", "subslide") for c in fitted) < 41
    True
    """
    out: list[dict[str, Any]] = []
    used = 0
    for original in cells:
        kind = slide_type(original)
        if kind in ("skip", "notes"):
            out.append(original)
            continue
        tags = set(original.get("metadata", {}).get("tags", []))
        show_input = not (tags & hidden_input_tags) and CONTINUED_TAG not in tags
        for number, cell in enumerate(_explode(original, show_input)):
            height = cell_height(cell, show_input and CONTINUED_TAG not in cell.get("metadata", {}).get("tags", []))
            if number == 0 and kind in ("slide", "subslide"):
                used = height
            elif kind == "fragment" and number == 0:
                used += height
            elif used + height > BUDGET and used > 0:
                _set_slide_type(cell, "subslide")
                used = height
            else:
                used += height
            out.append(cell)
    return out


@dataclass(frozen=True)
class SectionNotes:
    """What the speaker notes of one section say."""

    minutes: int
    questions: tuple[str, ...]

    def markdown(self) -> str:
        lines = [f"About {self.minutes} min for this section."]
        if self.questions:
            lines.append("")
            lines.append("For discussion:")
            lines.extend(f"- {question}" for question in self.questions)
        return "\n".join(lines)


def discussion_questions(guide: str, number: str) -> dict[int, list[str]]:
    """The teaching guide's discussion questions for notebook ``number`` ("02"), by the section each names.

    >>> guide = "### 02 · Scores\\n\\n* **Discussion**: Why ties (section 5)? Which wins (sections 2\\n  and 4)?\\n\\n### 03 · x"
    >>> discussion_questions(guide, "02")
    {5: ['Why ties (section 5)?'], 2: ['Which wins (sections 2 and 4)?'], 4: ['Which wins (sections 2 and 4)?']}
    """
    part = re.search(rf"^###\s+{re.escape(number)}\s+·.*?(?=^###\s|\Z)", guide, re.MULTILINE | re.DOTALL)
    if not part:
        return {}
    bullet = re.search(r"\*\*Discussion\*\*:?\s*(.*?)(?=\n\s*\n|\n\* \*\*|\Z)", part.group(0), re.DOTALL)
    if not bullet:
        return {}
    text = " ".join(bullet.group(1).split())
    questions = re.findall(r"[^?]*?\?(?:\s*\([^)]*\))?", text)
    found: dict[int, list[str]] = {}
    for question in (q.strip() for q in questions):
        reference = re.search(r"\((sections?[^)]*)\)", question)
        if not reference:
            continue
        own = reference.group(1).split(";")[0]  # "section 3; 06 section 2": only this notebook's part
        for section in re.findall(r"\d+", own):
            found.setdefault(int(section), []).append(question)
    return found


def section_minutes(
    cells: list[dict[str, Any]], words_per_minute: int, per_code: int, per_exercise: int
) -> dict[int, int]:
    """Minutes each numbered section takes in class, by the teaching guide's rule for whole notebooks.

    >>> cells = [{"cell_type": "markdown", "source": "## 1 · A\\n" + "word " * 200}, {"cell_type": "code", "source": "x"}]
    >>> section_minutes(cells, 100, 1, 8)
    {1: 3}
    """
    minutes: dict[int, float] = {}
    current = None
    for cell in cells:
        text = _text(cell)
        heading = _SECTION.search(text) if cell.get("cell_type") == "markdown" else None
        if heading:
            current = int(heading.group(1))
            minutes.setdefault(current, 0.0)
        if current is None:
            continue
        if cell.get("cell_type") == "markdown":
            minutes[current] += len(text.split()) / words_per_minute
        elif is_check(cell):
            minutes[current] += per_exercise
        elif cell.get("cell_type") == "code":
            minutes[current] += per_code
    return {section: max(1, round(value)) for section, value in minutes.items()}


def add_speaker_notes(cells: list[dict[str, Any]], notes: dict[int, SectionNotes]) -> list[dict[str, Any]]:
    """The cells with a notes cell after each numbered section's heading (reveal.js shows it with S)."""
    out = []
    for cell in cells:
        out.append(cell)
        heading = _SECTION.search(_text(cell)) if cell.get("cell_type") == "markdown" else None
        if heading and int(heading.group(1)) in notes:
            out.append(
                {
                    "cell_type": "markdown",
                    "id": f"notes-{heading.group(1)}",
                    "metadata": {"slideshow": {"slide_type": "notes"}},
                    "source": notes[int(heading.group(1))].markdown(),
                }
            )
    return out


def _timing_rule(root: Path) -> tuple[int, int, int]:
    import importlib.util
    import sys

    name = "_wp_time_notebooks"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, root / "tools" / "time_notebooks.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up while it loads
        spec.loader.exec_module(module)
    module = sys.modules[name]
    return module.READING_WORDS_PER_MINUTE, module.MINUTES_PER_CODE_CELL, module.MINUTES_PER_EXERCISE


def deck_notebook(notebook: Any, number: str, guide: str, root: Path, hidden_input_tags: set[str]) -> Any:
    """A copy of an executed notebook as its deck shows it: no checks, speaker notes, slides cut to fit."""
    deck = copy.deepcopy(notebook)
    cells = [cell for cell in deck["cells"] if not is_check(cell)]
    questions = discussion_questions(guide, number)
    minutes = section_minutes(deck["cells"], *_timing_rule(root))
    notes = {section: SectionNotes(minutes[section], tuple(questions.get(section, ()))) for section in sorted(minutes)}
    cells = add_speaker_notes(cells, notes)
    deck["cells"] = fit_slides(cells, hidden_input_tags | {CONTINUED_TAG})
    import nbformat

    return nbformat.from_dict(deck)
