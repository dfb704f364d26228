"""tools/rise_slides.py's placing of sub-slide breaks and cutting of prose, on measured heights (no browser)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_tool():
    spec = importlib.util.spec_from_file_location("rise_slides", ROOT / "tools" / "rise_slides.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["rise_slides"] = module
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()


def cell(kind: str, source: str, slide: str = "-", tags: list[str] | None = None) -> dict:
    metadata = {"slideshow": {"slide_type": slide}}
    if tags:
        metadata["tags"] = tags
    return {"cell_type": kind, "id": f"c{abs(hash(source)) % 10**6}", "metadata": metadata, "source": source}


def types(notebook: dict) -> list[str]:
    return [c["metadata"]["slideshow"]["slide_type"] for c in notebook["cells"]]


def test_a_sub_slide_starts_where_the_next_cell_would_run_past_the_slide():
    notebook = {
        "cells": [cell("markdown", "## 1 · A", "slide"), cell("code", "a"), cell("code", "b"), cell("code", "c")]
    }
    sizes = [TOOL.CellSize(100, True), TOOL.CellSize(300, False), TOOL.CellSize(250, False), TOOL.CellSize(200, False)]
    fitted, too_tall = TOOL.fit(notebook, sizes, room=700)  # 676 px of room: 100 + 300 + 250 fit, 200 more do not
    assert types(fitted) == ["slide", "-", "-", "subslide"] and not too_tall
    assert fitted["cells"][3]["metadata"]["tags"] == [TOOL.FIT_TAG]


def test_the_breaks_placed_before_are_placed_again_and_those_set_by_hand_kept():
    notebook = {
        "cells": [
            cell("markdown", "## 1 · A", "slide"),
            cell("code", "a", "subslide", [TOOL.FIT_TAG]),  # an earlier run's break, no longer needed
            cell("markdown", "### Your turn", "subslide"),  # set by hand
            cell("code", "b", "skip"),
        ]
    }
    sizes = [TOOL.CellSize(100, True), TOOL.CellSize(100, False), TOOL.CellSize(80, True), TOOL.CellSize(0, False)]
    fitted, _ = TOOL.fit(notebook, sizes, room=700)
    assert types(fitted) == ["slide", "-", "subslide", "skip"]
    assert "tags" not in fitted["cells"][1]["metadata"]


def test_prose_taller_than_a_slide_is_cut_between_its_blocks_and_continues_below():
    text = "## 3 · Long\n\nfirst paragraph\n\nsecond paragraph\n\nLead-in:\n\n* one\n* two"
    notebook = {"cells": [cell("markdown", text, "slide"), cell("code", "x")]}
    # heading, 3 paragraphs and a list, as rendered: 900 px in all
    sizes = [TOOL.CellSize(900, True, [60, 250, 250, 40, 300]), TOOL.CellSize(100, False)]
    fitted, too_tall = TOOL.fit(notebook, sizes, room=700)
    sources = [c["source"] for c in fitted["cells"]]
    assert sources[0] == "## 3 · Long\n\nfirst paragraph\n\nsecond paragraph"  # 560 px
    assert sources[1] == "Lead-in:\n\n* one\n* two"  # the list's lead-in goes with it
    assert types(fitted) == ["slide", "subslide", "-"] and not too_tall
    assert "".join(sources[:2]).replace("\n", "") == text.replace("\n", "")  # nothing lost, nothing added


def test_the_room_above_the_first_block_counts_with_the_cell():
    """A title's blocks add up to less than the cell (the heading's top margin is above them): the cell is still cut."""
    text = "# 02 · Title\n\nlead paragraph\n\n**By the end you can**\n\n1. one\n2. two"
    notebook = {"cells": [cell("markdown", text, "slide")]}
    fitted, too_tall = TOOL.fit(notebook, [TOOL.CellSize(716, True, [237, 82, 51, 286])], room=684)
    assert [c["source"] for c in fitted["cells"]] == [
        "# 02 · Title\n\nlead paragraph",
        "**By the end you can**\n\n1. one\n2. two",
    ]
    assert types(fitted) == ["slide", "subslide"] and not too_tall


def test_prose_cut_again_gets_new_cell_ids():
    """A second run cuts a cell an earlier run had cut already: the new continuation takes the next free id."""
    text = "## 4 · Again\n\nfirst paragraph\n\nsecond paragraph"
    first = cell("markdown", text, "slide")
    earlier = {**cell("markdown", "the end, cut off before", "subslide", [TOOL.FIT_TAG]), "id": f"{first['id']}-1"}
    notebook = {"cells": [first, earlier]}
    sizes = [TOOL.CellSize(900, True, [60, 420, 420]), TOOL.CellSize(40, True)]
    fitted, _ = TOOL.fit(notebook, sizes, room=700)
    ids = [c["id"] for c in fitted["cells"]]
    assert ids == [first["id"], f"{first['id']}-2", f"{first['id']}-1"] and len(set(ids)) == len(ids)
    assert types(fitted) == ["slide", "subslide", "-"]


def test_every_notebooks_cell_ids_are_unique():
    import json

    for path in sorted((ROOT / "notebooks").glob("**/[0-9][0-9]_*.ipynb")):
        ids = [c.get("id") for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]
        assert len(ids) == len(set(ids)), f"{path.name}: a cell id is used twice"


def test_a_cell_taller_than_a_slide_is_reported():
    notebook = {"cells": [cell("markdown", "## 1 · A", "slide"), cell("code", "print(big)")]}
    _, too_tall = TOOL.fit(notebook, [TOOL.CellSize(60, True), TOOL.CellSize(800, False)], room=700)
    assert len(too_tall) == 1 and "800 px" in too_tall[0]
