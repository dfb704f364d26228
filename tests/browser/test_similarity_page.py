"""``wordpiece classroom similarity --html``'s page in Chromium: accessible, and hostile text stays text.

The page is made from a class whose copied answer holds markup (``<script>``,
an ``<img onerror>``) and whose copier's name is markup too. In a real
browser, from disk, with no network: axe-core finds no WCAG 2.1 A/AA
violation, nothing the students wrote runs or loads anything, every Tab stop
is a link or a scrolling box with a focus ring, and at 320 CSS px nothing is
cut off (a code box scrolls inside itself).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from _a11y import REFLOW_WIDTH, open_page, reflow_problems, run_axe, tab_walk
from _browser import browser_fixture  # noqa: F401  (the fixture browser)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "classroom"))

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser-similarity")]


@pytest.fixture(scope="module")
def page_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("copydetect", reason="copydetect is missing: pip install wordpiece-lib[grading]")
    from test_similarity import hostile_class

    from wordpiece_lib.classroom.teacher.commands import main

    folder = tmp_path_factory.mktemp("similarity-page")
    paths = hostile_class(folder)
    page = folder / "pairs.html"
    arguments = ["similarity", *map(str, paths), "--notebook", "04", "-o", str(folder / "p.csv"), "--html", str(page)]
    assert main([*arguments, "--quiet"]) == 0
    return page


def test_axe_finds_no_violation_and_nothing_runs(browser, page_path):
    requests: list[str] = []
    context, page = open_page(browser, page_path.as_uri())
    try:
        page.on("request", lambda request: requests.append(request.url))
        page.reload(wait_until="load")
        assert run_axe(page) == []
        assert page.evaluate("() => window.__pwned") is None
        assert page.locator("script, img, iframe").count() == 0
        assert page.locator("mark").count() >= 3  # the shared lines, marked
        assert [url for url in requests if not url.startswith("file:")] == []
    finally:
        context.close()


def test_the_keyboard_reaches_every_pair_and_code_box_with_a_focus_ring(browser, page_path):
    context, page = open_page(browser, page_path.as_uri())
    try:
        boxes = page.locator("a[href], [tabindex='0']").count()
        stops = [stop for stop in tab_walk(page, boxes + 2) if stop]
        assert len(stops) >= boxes >= 4
        assert all(stop["visible"] and stop["indicator"] and stop["interactive"] for stop in stops), stops
    finally:
        context.close()


def test_the_page_reflows_at_320_px(browser, page_path):
    context, page = open_page(browser, page_path.as_uri(), {"width": REFLOW_WIDTH, "height": 640})
    try:
        found = reflow_problems(page)
        assert not found["pageScrolls"] and not found["boxes"], found
    finally:
        context.close()
