"""The offline HTML edition: built by its command, then read in Chromium with the network cut.

``python tools/site/build_edition.py`` runs once for the session (``_editions.py``: it executes every
solution notebook, and ``test_accessibility.py`` reads the same build).
The pages are then opened from disk in Chromium with every non-file request aborted and recorded:
none may be attempted, the widgets must render from their saved state, the plots must decode, the
formulas must be typeset, and every page must be reachable from the index. Checks that need no
browser run even where Chromium is missing.
"""

from __future__ import annotations

import html
import re
import sys
import urllib.parse
from pathlib import Path

import pytest
from _browser import browser_fixture, notebook_code, screenshot_dir_fixture, shown_widgets  # noqa: F401  (the fixtures browser, screenshot_dir)
from _editions import built_edition
from data_helpers import require_data_for

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = ROOT / "notebooks" / "solutions"

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser-site")]

RENDER_TIMEOUT = 60_000  # ms: the widget manager and MathJax on a busy CI core


def solution_notebooks() -> list[Path]:
    return sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built by the command a teacher runs (it needs every data set the notebooks load)."""
    for path in solution_notebooks():
        require_data_for(notebook_code(path))
    return built_edition(tmp_path_factory, "solutions")


def read_notebook(path: Path):
    import nbformat

    return nbformat.read(path, as_version=4)


def shows_widget(path: Path) -> bool:
    return bool(shown_widgets(path))


def test_every_solution_notebook_has_a_page_listed_in_order(site):
    sys.path.insert(0, str(ROOT / "tools" / "site"))
    from build_edition import learning_goals, notebook_title

    index = (site / "index.html").read_text(encoding="utf-8")
    positions = []
    for path in solution_notebooks():
        page = site / f"{path.stem}.html"
        assert page.is_file(), f"{page.name} is missing"
        notebook = read_notebook(path)
        title = notebook_title(notebook, path.stem)
        link = f'<a href="{path.stem}.html">'
        assert link in index, f"the index does not link {page.name}"
        positions.append(index.index(link))
        assert html.escape(title) in index, f"the index does not show the title {title!r}"
        goals = learning_goals(notebook)
        assert len(goals) >= 3, f"{path.name}: the list after 'By the end you can' was not found"
    assert positions == sorted(positions), "the index must list the notebooks in course order"
    assert not list(site.parent.glob(".site-*")), "the temporary build folder was left behind"


def test_pages_reference_only_files_beside_them(site):
    for page in sorted(site.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        sources = re.findall(r"""<(?:script|link|img|iframe)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", text)
        remote = [s for s in sources if re.match(r"^(?:[a-z]+:)?//", s, re.IGNORECASE) and not s.startswith("file:")]
        assert not remote, f"{page.name} loads {remote}"
        for source in sources:
            if not source.startswith(("data:", "#")) and "//" not in source:
                assert (site / urllib.parse.unquote(source.split("?")[0])).is_file(), f"{page.name}: {source} missing"
        if page.name != "index.html":
            assert "application/vnd.jupyter.widget-state+json" in text or not shows_widget(
                SOLUTIONS / f"{page.name.split('.')[0]}.ipynb"
            ), f"{page.name} lost the widgets' saved state"
    for name in ["embed-amd.js", "require.js", "tex-svg.js", "licenses/html-manager-LICENSE.txt"]:
        assert (site / "static" / name).is_file()
    for path in solution_notebooks():
        assert (site / f"{path.stem}.slides.html").is_file(), f"{path.stem} has no slide deck"


def test_solution_checks_passed_in_the_site(site):
    """The site shows worked answers: every check cell reports a pass, none a skip, failure or error."""
    for path in solution_notebooks():
        text = re.sub(r"<[^>]+>", "", (site / f"{path.stem}.html").read_text(encoding="utf-8"))
        checks = sum(c.source.lstrip().startswith("%%ipytest") for c in read_notebook(path).cells)
        assert len(re.findall(r"\b1 passed\b", text)) >= checks, f"{path.name}: not every check shows a pass"
        assert not re.search(r"\b\d+ (skipped|failed|errors?)\b", text), f"{path.name}: a check did not pass"
        assert "Traceback (most recent call last)" not in text, f"{path.name} shows an error"


def open_offline(browser, url: str):
    """A page whose every non-file request is aborted and recorded."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    attempted: list[str] = []

    def route(request_route) -> None:
        url_ = request_route.request.url
        if url_.startswith(("file:", "data:", "blob:", "about:")):
            request_route.continue_()
        else:
            attempted.append(url_)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url, wait_until="load")
    return context, page, attempted, errors


def non_local(urls: list[str]) -> list[str]:
    hosts = {"", "localhost", "127.0.0.1", "[::1]"}
    return [url for url in urls if (urllib.parse.urlsplit(url).hostname or "") not in hosts]


def test_index_links_every_page_offline(browser, site):
    context, page, attempted, errors = open_offline(browser, (site / "index.html").as_uri())
    try:
        links = page.locator("li.notebook > a:not(.slides)")
        names = [links.nth(i).get_attribute("href") for i in range(links.count())]
        decks = page.locator("li.notebook > a.slides")
        assert [decks.nth(i).get_attribute("href") for i in range(decks.count())] == [
            f"{path.stem}.slides.html" for path in solution_notebooks()
        ]
        assert names == [f"{path.stem}.html" for path in solution_notebooks()]
        first_goals = page.locator("li.notebook").first.locator("ol.goals li")
        assert first_goals.count() >= 3
        links.first.click()
        page.wait_for_load_state("load")
        assert page.url.endswith(names[0])
        page.get_by_role("link", name=re.compile("→")).first.click()  # "next" in the navigation bar
        page.wait_for_load_state("load")
        assert page.url.endswith(names[1])
        assert not non_local(attempted), f"requests to the internet were attempted: {non_local(attempted)}"
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("path", solution_notebooks(), ids=lambda p: p.stem)
def test_page_renders_offline(browser, site, screenshot_dir, path):
    context, page, attempted, errors = open_offline(browser, (site / f"{path.stem}.html").as_uri())
    try:
        html_text = (site / f"{path.stem}.html").read_text(encoding="utf-8")
        # Widgets: every saved view is drawn by the local widget manager from the saved state.
        views = html_text.count('type="application/vnd.jupyter.widget-view+json"')
        assert views > 0 or not shows_widget(path), f"{path.name} shows a widget but the page has no widget view"
        if views:
            page.wait_for_function(
                """() => [...document.querySelectorAll('.jupyter-widgets.jp-OutputArea-output')]
                        .every(area => area.querySelector('.lm-Widget'))""",
                timeout=RENDER_TIMEOUT,
            )
        # Plots: every figure decodes.
        images = page.locator(".jp-OutputArea-output img")
        assert images.count() > 0, f"{path.name} has no plot"
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea-output img')].every(i => i.complete && i.naturalWidth > 0)",
            timeout=RENDER_TIMEOUT,
        )
        # Formulas: typeset by the local MathJax, no raw $$ left on the page.
        if "$$" in "".join(c.source for c in read_notebook(path).cells if c.cell_type == "markdown"):
            page.locator("mjx-container").first.wait_for(timeout=RENDER_TIMEOUT)
            assert "$$" not in page.locator("main").inner_text()
        check_saved_widget_state(page, path)
        assert not errors, f"JavaScript errors on {path.stem}.html: {errors}"
        assert not non_local(attempted), f"requests to the internet were attempted: {non_local(attempted)}"
        assert not attempted, f"non-file requests were attempted: {attempted}"
        # The screenshot shows the first widget, else the first formula, else the first plot.
        for selector in [
            ".jupyter-widgets.jp-OutputArea-output .lm-Widget",
            "mjx-container",
            ".jp-OutputArea-output img",
        ]:
            target = page.locator(selector).first
            if target.count():
                break
        target.scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, -200)")
    finally:
        try:
            page.screenshot(path=str(screenshot_dir / f"offline-{path.stem}.png"))
        finally:
            context.close()


def check_saved_widget_state(page, path: Path) -> None:
    """What the known widgets show in their saved state (as executed: before any click)."""
    main = page.locator("main")
    if re.search(r"\bMergeStepper\(", "".join(c.source for c in read_notebook(path).cells if c.cell_type == "code")):
        stepper = main.locator(".widget-vbox").filter(has=page.locator(".widget-label", has_text="merges")).first
        for name in ["first", "previous", "next", "last"]:
            assert stepper.get_by_role("button", name=name, exact=True).count() == 1
        # The number of merges: a number box named by its label (a slider's handle would have no name).
        assert stepper.get_by_role("spinbutton", name="merges", exact=True).input_value() == "0"
        text = stepper.locator(".wordpiece-live").first.inner_text()
        assert text.startswith("Before any merge") and "Next merge: ##g + ##s" in text, text
        chart = stepper.locator(".widget-html:not(.wordpiece-live) .widget-html-content").first
        assert "Candidates at merge 1" in chart.inner_text()
    source = "".join(c.source for c in read_notebook(path).cells if c.cell_type == "code")
    match = re.search(r"\bLongestMatchExplorer\([^,]+,\s*\"([^\"]+)\"", source)
    if match:
        explorer = main.locator(".widget-vbox").filter(has=page.locator(".widget-label", has_text="lookups")).first
        assert explorer.locator(".widget-text input").first.input_value() == match.group(1)
        text = explorer.locator(".wordpiece-live").first.inner_text()
        assert text.startswith(f"Word: '{match.group(1)}'") and "lookup 1:" in text, text


#: The deck the browser steps through: formulas, figures, widgets and two exercises.
DECK = "02_pair_scores"


def slide_headings(path: Path) -> list[str]:
    """The heading that opens each slide and sub-slide of a notebook, in order."""
    headings = []
    for cell in read_notebook(path).cells:
        kind = cell.metadata.get("slideshow", {}).get("slide_type")
        if kind in ("slide", "subslide") and cell.cell_type == "markdown" and cell.source.startswith("#"):
            headings.append(cell.source.splitlines()[0].lstrip("#").strip())
    return headings


def test_a_slide_deck_steps_through_offline(browser, site, screenshot_dir):
    """Open one deck from disk with the network cut, and step through every slide with the keyboard."""
    context, page, attempted, errors = open_offline(browser, (site / f"{DECK}.slides.html").as_uri())
    try:
        page.wait_for_function("() => window.Reveal && Reveal.isReady && Reveal.isReady()", timeout=RENDER_TIMEOUT)
        total = page.evaluate("() => Reveal.getTotalSlides()")
        headings = slide_headings(SOLUTIONS / f"{DECK}.ipynb")
        assert total >= len(headings) >= 8, (total, headings)
        page.locator("mjx-container").first.wait_for(state="attached", timeout=RENDER_TIMEOUT)
        visited, texts = [], []
        for _ in range(total):
            indices = page.evaluate("() => { const i = Reveal.getIndices(); return [i.h, i.v]; }")
            visited.append(tuple(indices))
            text = page.evaluate("() => Reveal.getCurrentSlide().innerText")
            assert text.strip(), f"slide {indices} is empty"
            texts.append(text)
            if page.evaluate("() => Reveal.isLastSlide()"):
                break
            page.locator("body").press("Space")  # reveal.js: next slide, going down into sub-slides first
            page.wait_for_function(
                "previous => { const i = Reveal.getIndices(); return i.h !== previous[0] || i.v !== previous[1]; }",
                arg=indices,
                timeout=RENDER_TIMEOUT,
            )
        assert len(visited) == total == len(set(visited)), "every slide is visited once"

        def plain(text: str) -> str:  # the theme shows headings in capitals; markdown marks are gone
            return re.sub(r"[`*_]", "", text).strip().lower()

        first_lines = [plain(text.strip().splitlines()[0]) for text in texts]
        wanted = [plain(heading) for heading in headings]
        # A long slide is continued on sub-slides below it (tools/site/decks.py): those start mid-section.
        assert [line for line in first_lines if line in wanted] == wanted, "the slides are the notebook's, in order"
        assert "$$" not in "\n".join(texts), "a formula was left untypeset"
        page.screenshot(path=str(screenshot_dir / f"offline-deck-{DECK}.png"))
        assert not errors, f"JavaScript errors in the deck: {errors}"
        assert not attempted, f"non-file requests were attempted: {attempted}"
    finally:
        context.close()
