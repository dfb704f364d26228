"""Live slides that fit a 1280x720 projector: sub-slide breaks, and long prose cut, so no RISE slide scrolls.

Usage (from the repository root; needs ``bash tools/setup.sh dev`` and a Chromium, as the browser tests)::

    python tools/rise_slides.py            # measure, write the breaks into the solutions, rebuild the students
    python tools/rise_slides.py --check    # measure and say which slides would scroll (exit 1 if any)
    python tools/rise_slides.py --only 05 09

jupyterlab-rise shows a notebook's cells as they are, a slide from each cell whose slide type is
``slide`` or ``subslide`` to the next; a slide taller than the window scrolls. The offline decks
(``tools/site/decks.py``) are cut to fit by estimates; the live ones are cut from measurements:

1. ``tools/notebooks.py build`` brings the student notebooks up to date; both sets are executed
   (nbclient, errors allowed: a student's stubs raise) and opened as RISE slideshows in a private
   JupyterLab, at 1280x720 with ``tools/rise.css``, as ``tests/browser/test_rise.py`` does. Every
   cell's height is read on its slide, and each markdown cell's height block by block. A cell takes
   the larger of its two heights (a worked answer may print more than a stub).
2. A markdown cell taller than a slide is cut between its blocks (paragraphs, lists, headings; a
   heading and a list stay with the block before or after them) into cells of its own, each
   continuing on a sub-slide.
3. Walking the cells, a sub-slide starts wherever the next cell would run past the slide. The
   breaks this tool places carry the tag ``rise-fit`` (its own breaks are placed again on every
   run); the slide types set by hand (sections, exercises) are kept.
4. The solutions are written back (only slide metadata and the cut markdown change) and the
   students rebuilt from them.

``rise.css`` keeps each cell within a slide (a long code cell or output scrolls in its own box, a
figure is scaled down), so every slide can be made to fit.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"
#: The tag of a break (or a cut) this tool placed: placed again on every run.
FIT_TAG = "rise-fit"
#: Room left on a slide for a height that differs a little from the one measured (a prompt, a font).
MARGIN = 24
#: The window's height less reveal.js's own margins, as measured at 1280x720 (a fallback).
SLIDE_HEIGHT = 684

#: Every cell of the slide shown: its height, and for a markdown cell the height of each rendered block.
_CELLS = """() => {
  const shown = [...document.querySelectorAll('.reveal .slides section.present')];
  const slide = shown[shown.length - 1];
  const cells = [...slide.querySelectorAll('.jp-Cell')];
  return {
    slide: [...document.querySelectorAll('.reveal .slides section')].indexOf(slide),
    room: slide.clientHeight, content: slide.scrollHeight,
    cells: cells.map(cell => {
      const markdown = cell.querySelector('.jp-RenderedMarkdown');
      let blocks = null;
      if (markdown && cell.classList.contains('jp-MarkdownCell')) {
        const children = [...markdown.children].filter(e => e.getBoundingClientRect().height > 0 || e.tagName !== 'A');
        const tops = children.map(e => e.getBoundingClientRect().top);
        const bottom = cell.getBoundingClientRect().bottom;
        blocks = tops.map((top, i) => (i + 1 < tops.length ? tops[i + 1] : bottom) - top);
      }
      return {height: cell.offsetHeight, markdown: cell.classList.contains('jp-MarkdownCell'), blocks};
    }),
  };
}"""


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@dataclass
class CellSize:
    """A cell as measured on its slide: its height, and for markdown the height of each block."""

    height: float
    markdown: bool
    blocks: list[float] | None = None


@dataclass
class Deck:
    """One notebook's measured cells and the slide's room."""

    cells: list[CellSize] = field(default_factory=list)
    room: float = SLIDE_HEIGHT


def measure(folder: Path, names: list[str], home: Path, expected: dict[str, int]) -> dict[str, Deck]:
    """Every cell of every deck in ``folder``, measured in RISE at 1280x720 (``expected``: each deck's cells)."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from _browser import chromium_browser, jupyterlab
    from _rise import PROJECTOR, open_deck, slides
    from playwright.sync_api import sync_playwright

    decks: dict[str, Deck] = {}
    with (
        jupyterlab(folder.parent, home) as lab,
        sync_playwright() as playwright,
        chromium_browser(playwright) as browser,
    ):
        for name in names:
            deck = Deck()
            for _ in range(3):  # a deck stepped through too fast on a busy machine is measured again
                deck = _measure_deck(browser, lab, name, open_deck, slides, PROJECTOR)
                if len(deck.cells) == expected.get(name, len(deck.cells)):
                    break
            decks[name] = deck
    return decks


def _measure_deck(browser, lab, name: str, open_deck, slides, projector) -> Deck:  # type: ignore[no-untyped-def]
    """One deck, stepped through once."""
    context = browser.new_context(viewport=projector)
    page = context.new_page()
    try:
        open_deck(page, lab, name)
        deck = Deck()
        seen = -1
        rooms = []
        for slide in slides(page, lambda: _settled_cells(page)):
            rooms.append(slide["room"] if slide["content"] > slide["room"] + 2 else None)
            # A fragment step shows the same slide again: its cells are counted once.
            if slide["slide"] != seen:
                deck.cells.extend(CellSize(cell["height"], cell["markdown"], cell["blocks"]) for cell in slide["cells"])
            seen = slide["slide"]
        deck.room = min([room for room in rooms if room] or [SLIDE_HEIGHT])
    finally:
        context.close()
    return deck


def _settled_cells(page, again_ms: int = 400) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The shown slide's cells, measured twice ``again_ms`` apart, each at the larger height.

    On a busy machine a slide's text may still be laid out when it is first measured (a title slide was once
    measured shorter than it shows), so a cell's height is the larger of the two.
    """
    first = page.evaluate(f"({_CELLS})()")
    page.wait_for_timeout(again_ms)
    second = page.evaluate(f"({_CELLS})()")
    if first["slide"] != second["slide"] or len(first["cells"]) != len(second["cells"]):
        return second
    for cell, later in zip(second["cells"], first["cells"], strict=True):
        if later["height"] > cell["height"]:
            cell.update(later)
    second["content"] = max(first["content"], second["content"])
    return second


def cut_markdown(source: str, blocks: list[float], budget: float) -> list[tuple[str, float]]:
    """``source`` cut between top-level blocks into parts each at most ``budget`` high, with their heights.

    ``blocks`` are the rendered blocks' measured heights. A heading stays with the block after it, a
    list with the block before it (its lead-in) when both fit; a list that fits a slide is kept whole,
    a longer one is cut between its items. Where the rendered blocks do not match the source's, the measured height is
    shared out by lines.

    >>> cut_markdown("# A\\n\\none\\n\\ntwo\\n\\nthree", [60, 40, 40, 40], 110)
    [('# A\\n\\none', 100.0), ('two\\n\\nthree', 80.0)]
    >>> [text for text, _ in cut_markdown("Read:\\n\\n* a\\n* b\\n* c\\n* d", [30, 160], 120)]
    ['Read:\\n\\n* a\\n* b', '* c\\n* d']
    """
    from markdown_it import MarkdownIt

    lines = source.split("\n")
    tokens = MarkdownIt("commonmark").enable("table").parse(source)
    spans = [
        (token.type.removesuffix("_open"), tuple(token.map))
        for token in tokens
        if token.level == 0 and token.nesting >= 0 and token.map
    ]
    if len(spans) != len(blocks):  # share the height out by lines
        weights = [max(1, end - start) for _, (start, end) in spans]
        blocks = [sum(blocks) * weight / sum(weights) for weight in weights]
    pieces: list[tuple[str, tuple[int, int], float]] = []
    whole_list: dict[int, float] = {}  # a list's first piece: the whole list's height (it moves as one if it can)
    for (kind, (start, end)), height in zip(spans, blocks, strict=True):
        items = [
            tuple(token.map)
            for token in tokens
            if token.type == "list_item_open" and token.level == 1 and token.map and start <= token.map[0] < end
        ]
        if kind.endswith("list") and len(items) > 1:  # a list may be cut between its items
            size = sum(last - first for first, last in items) or 1
            whole_list[len(pieces)] = height
            pieces += [
                (kind if number == 0 else "item", (first, last), height * (last - first) / size)
                for number, (first, last) in enumerate(items)
            ]
        else:
            pieces.append((kind, (start, end), height))
    parts: list[list[int]] = [[]]
    heights = [0.0]
    used = 0.0
    for index, (kind, _, height) in enumerate(pieces):
        previous_kind = pieces[index - 1][0] if index else ""
        # A list that fits a slide whole starts one when it would not fit here; a longer one is cut between items.
        wanted = whole_list[index] if whole_list.get(index, budget + 1) <= budget else height
        if parts[-1] and used + wanted > budget and previous_kind != "heading":
            carried = []
            if kind.endswith("list") and len(parts[-1]) > 1:  # the list's lead-in goes with it
                carried = [parts[-1].pop()]
                heights[-1] -= pieces[carried[0]][2]
            parts.append(carried)
            heights.append(float(sum(pieces[piece][2] for piece in carried)))
            used = heights[-1]
        parts[-1].append(index)
        heights[-1] += height
        used += height
    texts = []
    for number, part in enumerate(parts):
        start = pieces[part[0]][1][0] if number else 0
        end = pieces[parts[number + 1][0]][1][0] if number + 1 < len(parts) else len(lines)
        texts.append(("\n".join(lines[start:end]).strip("\n"), round(heights[number], 1)))
    return texts


def fit(notebook: dict[str, Any], sizes: list[CellSize], room: float) -> tuple[dict[str, Any], list[str]]:
    """The notebook with its long markdown cut and a sub-slide wherever the next cell would not fit; what still will not."""
    slide_type = _slide_type
    budget = room - MARGIN
    ids = {cell.get("id") for cell in notebook["cells"]}
    cells: list[tuple[dict[str, Any], float]] = []
    for cell, size in zip(notebook["cells"], sizes, strict=True):
        tags = cell.setdefault("metadata", {}).get("tags", [])
        if FIT_TAG in tags:  # our own break from an earlier run: placed again below
            cell["metadata"]["tags"] = [tag for tag in tags if tag != FIT_TAG]
            if not cell["metadata"]["tags"]:
                del cell["metadata"]["tags"]
            cell["metadata"].setdefault("slideshow", {})["slide_type"] = "-"
        if size.markdown and size.height > budget and size.blocks:
            # The blocks are measured from the first one's top: the room above it (a title's margin) is the cell's too.
            blocks = [size.blocks[0] + max(0.0, size.height - sum(size.blocks)), *size.blocks[1:]]
            for number, (text, height) in enumerate(cut_markdown(_source(cell), blocks, budget)):
                piece = cell if number == 0 else _continuation(cell, ids)
                piece["source"] = text
                cells.append((piece, height))
            continue
        cells.append((cell, size.height))
    used = 0.0
    too_tall = []
    for index, (cell, height) in enumerate(cells):
        kind = slide_type(cell)
        if kind in ("skip", "notes"):
            continue
        if kind in ("slide", "subslide"):
            used = height
        elif used + height > budget and used > 0:
            cell["metadata"].setdefault("slideshow", {})["slide_type"] = "subslide"
            cell["metadata"]["tags"] = [*cell["metadata"].get("tags", []), FIT_TAG]
            used = height
        else:
            used += height
        if height > budget:
            too_tall.append(f"cell {index} ({height:.0f} px): {_source(cell)[:60]!r}")
    notebook["cells"] = [cell for cell, _ in cells]
    return notebook, too_tall


def _slide_type(cell: dict[str, Any]) -> str:
    return cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-")


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _continuation(cell: dict[str, Any], ids: set[Any]) -> dict[str, Any]:
    """A new cell continuing ``cell``'s prose on a sub-slide, its id one that no cell in ``ids`` has (then added).

    A continuation from an earlier run stays a cell of its own (its break is placed again), so the
    next number up is taken: a notebook's cell ids are unique.
    """
    number = 1
    while f"{cell.get('id', 'cell')}-{number}" in ids:
        number += 1
    ids.add(f"{cell.get('id', 'cell')}-{number}")
    return {
        "cell_type": "markdown",
        "id": f"{cell.get('id', 'cell')}-{number}",
        "metadata": {"slideshow": {"slide_type": "subslide"}, "tags": [FIT_TAG]},
        "source": "",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="notebook numbers, e.g. 05 09")
    parser.add_argument("--check", action="store_true", help="only say which slides would scroll")
    args = parser.parse_args(argv)
    tools = _load("_wp_notebooks", ROOT / "tools" / "notebooks.py")
    if not args.check:
        tools.build()
    names = [path.name for path in sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))]
    if args.only:
        names = [name for name in names if name[:2] in set(args.only)]
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from _rise import deck_folder

    base = Path(tempfile.mkdtemp(prefix="rise-slides-"))
    try:
        measured: dict[str, list[Deck]] = {}
        for edition, folder in (("students", NOTEBOOKS), ("solutions", SOLUTIONS)):
            root = base / edition
            print(f"executing the {edition}' notebooks ...", file=sys.stderr)
            deck_folder(root, ROOT / "wordpiece_lib", [folder / name for name in names], ROOT / "tools" / "rise.css")
            expected = {name: len(tools.read(folder / name)["cells"]) for name in names}
            for name, deck in measure(root / "notebooks", names, base / f"home-{edition}", expected).items():
                measured.setdefault(name, []).append(deck)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    problems = 0
    for name in names:
        student, solution = measured[name]
        path = SOLUTIONS / name
        notebook = tools.read(path)
        if not (len(student.cells) == len(solution.cells) == len(notebook["cells"])):
            print(f"{name}: {len(student.cells)} and {len(solution.cells)} cells measured, "
                  f"{len(notebook['cells'])} in the notebook: run tools/notebooks.py build", file=sys.stderr)  # fmt: skip
            problems += 1
            continue
        sizes = [max(a, b, key=lambda size: size.height) for a, b in zip(student.cells, solution.cells, strict=True)]
        before = sum(_slide_type(cell) in ("slide", "subslide") for cell in notebook["cells"])
        fitted, too_tall = fit(notebook, sizes, min(student.room, solution.room))
        after = sum(_slide_type(cell) in ("slide", "subslide") for cell in fitted["cells"])
        print(f"{name}: {before} slides before, {after} after; {len(too_tall)} cell(s) taller than a slide")
        for line in too_tall:
            print(f"    {line}")
        problems += len(too_tall)
        if not args.check:
            tools.write(path, fitted)
    if not args.check:
        tools.build()
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
