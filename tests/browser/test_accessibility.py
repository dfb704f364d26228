"""Both offline editions as an accessibility audit reads them, in Chromium with no network.

* axe-core (vendored, WCAG 2.1 A and AA) on the index, every page and every slide of every deck;
* every image has a meaningful text alternative (never nbconvert's placeholder);
* the decks at 1280x720: no slide that needs scrolling, no code line cut off, body text at least
  24 px and code at least 18 px after reveal's scaling;
* the keyboard through a page and a deck: every Tab stop is a control or a scrolling box, shows a
  focus indicator, and is on the slide shown;
* reflow at 320 CSS px: nothing clipped (a wide box scrolls inside itself);
* the student edition's decks show no answers, no pytest output and no temporary paths; the
  solutions edition says on every page and deck that it is the teacher's;
* every character of the other scripts the pages show is in the committed font subset.

In CI's first run (``CI=true``) the sweep is full: both editions, every page and slide. Elsewhere
(CI's offline second run, a laptop) it is a sample of the solutions edition: the index, one page,
one deck. ``WORDPIECE_A11Y=full`` or ``sample`` chooses.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from _a11y import (
    PROJECTOR,
    REFLOW_WIDTH,
    Audit,
    audit_site,
    open_page,
    reflow_problems,
    summarize_decks,
    tab_walk,
    wait_deck,
    wait_rendered,
)
from _browser import browser_fixture, in_ci, notebook_code  # noqa: F401  (the fixture browser)
from _editions import NOTEBOOKS, ROOT, built_editions
from data_helpers import require_data_for

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser-site")]

sys.path.insert(0, str(ROOT / "tools" / "site"))


def full_sweep() -> bool:
    choice = os.environ.get("WORDPIECE_A11Y", "").strip().lower()
    if choice in {"full", "sample"}:
        return choice == "full"
    return in_ci()


EDITIONS = ["solutions", "student"] if full_sweep() else ["solutions"]
#: The page and the deck the keyboard walks through: widgets (the merge stepper), formulas, exercises.
WALK = "03_merge_steps"


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> dict[str, Path]:
    for folder in NOTEBOOKS.values():
        for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            require_data_for(notebook_code(path))
    return built_editions(tmp_path_factory, EDITIONS)


@pytest.fixture(scope="module")
def sweeps(browser, editions) -> dict[str, tuple[Audit, dict, dict]]:
    """axe, the images and the deck measurements of each edition, read once for the module's tests."""
    results = {}
    for name, site in editions.items():
        images: dict[str, list[str]] = {}
        audit, decks = audit_site(browser, site, sample=not full_sweep(), log=lambda _: None, images=images)
        results[name] = (audit, decks, images)
    return results


@pytest.mark.parametrize("edition", EDITIONS)
def test_axe_finds_no_wcag_violation(sweeps, edition):
    audit, _, _ = sweeps[edition]
    assert audit.total() == 0, f"axe-core (WCAG 2.1 A/AA) on the {edition} edition:\n{audit.explain()}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_image_has_a_text_alternative(sweeps, edition):
    _, _, images = sweeps[edition]
    missing = {page: found for page, found in images.items() if found}
    assert not missing, f"images without a meaningful alt (none, or nbconvert's placeholder): {missing}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_decks_fit_the_projector(sweeps, edition):
    _, decks, _ = sweeps[edition]
    assert decks, "no deck was measured"
    problems = []
    for deck, slides in decks.items():
        for slide in slides:
            where = f"{deck} slide {slide['slide']}"
            if slide["scrolls"]:
                problems.append(f"{where} needs scrolling ({slide['height']} px of 720)")
            if slide["cut"]:
                problems.append(f"{where}: code cut off at the right edge: {slide['cut'][:2]}")
            if slide["body"] is not None and slide["body"] < 24 - 0.05:
                problems.append(f"{where}: text at {slide['body']:.1f} px: {slide['small']}")
            if slide["code"] is not None and slide["code"] < 18 - 0.05:
                problems.append(f"{where}: code at {slide['code']:.1f} px: {slide['small']}")
    assert not problems, summarize_decks(decks) + "\n" + "\n".join(problems[:40])


def test_keyboard_walks_a_page(browser, editions):
    site = editions["solutions"]
    context, page = open_page(browser, (site / f"{WALK}.html").as_uri())
    try:
        wait_rendered(page)
        stops = [stop for stop in tab_walk(page, 60) if stop]
        assert len(stops) >= 20, stops
        invisible = [stop for stop in stops if not stop["visible"]]
        assert not invisible, f"Tab reaches what is not shown: {invisible[:5]}"
        no_ring = [stop for stop in stops if not stop["indicator"]]
        assert not no_ring, f"Tab stops without a focus indicator: {no_ring[:5]}"
        inert = [stop for stop in stops if not stop["interactive"]]
        assert not inert, f"Tab stops on boxes that are neither controls nor scrolling regions: {inert[:5]}"
        assert any(stop["tag"] == "button" for stop in stops), "the widget's buttons are reachable"
    finally:
        context.close()


def test_keyboard_walks_a_deck(browser, editions):
    site = editions["solutions"]
    context, page = open_page(browser, (site / f"{WALK}.slides.html").as_uri(), PROJECTOR)
    try:
        wait_deck(page)
        page.evaluate("() => Reveal.slide(2, 0)")
        stops = [stop for stop in tab_walk(page, 30) if stop]
        assert stops, "nothing takes focus in the deck"
        hidden = [stop for stop in stops if stop["hiddenSlide"] or not stop["visible"]]
        assert not hidden, f"Tab lands in slides that are not shown: {hidden[:5]}"
        no_ring = [stop for stop in stops if not stop["indicator"]]
        assert not no_ring, f"Tab stops without a focus indicator: {no_ring[:5]}"
        controls = [stop for stop in stops if "navigate" in stop["cls"]]
        assert controls, "the deck's controls are reachable with Tab"
    finally:
        context.close()


def _pages(site: Path) -> list[str]:
    names = sorted(p.name for p in site.glob("[0-9][0-9]_*.html") if ".slides." not in p.name)
    return ["index.html", *names] if full_sweep() else ["index.html", names[1]]


def test_pages_reflow_at_320_px(browser, editions):
    """Every page, always (not a sample): at 320 px nothing is cut off, and a wide table scrolls in its own
    box, which the keyboard reaches (a named region, tabindex 0)."""
    site = editions["solutions"]
    problems = {}
    pages = ["index.html", *sorted(p.name for p in site.glob("[0-9][0-9]_*.html") if ".slides." not in p.name)]
    assert len(pages) == 1 + len(list(NOTEBOOKS["solutions"].glob("[0-9][0-9]_*.ipynb")))
    for name in pages:
        context, page = open_page(browser, (site / name).as_uri(), {"width": REFLOW_WIDTH, "height": 640})
        try:
            wait_rendered(page)
            found = reflow_problems(page)
            if found["boxes"] or found["pageScrolls"]:
                problems[name] = found
        finally:
            context.close()
    assert not problems, f"at {REFLOW_WIDTH} px, boxes cut off or a page wider than the screen: {problems}"


def _solution_lines() -> set[str]:
    """Answer lines of the solution notebooks (inside ``# BEGIN SOLUTION`` blocks), long enough to be telling,
    and not in the student notebooks too (a loop header an answer shares with a worked cell)."""
    import nbformat

    def bare(line: str) -> str:  # without a trailing comment
        return re.sub(r"\s+#.*$", "", line).strip()

    student = {
        bare(line)
        for path in sorted(NOTEBOOKS["student"].glob("[0-9][0-9]_*.ipynb"))
        for cell in nbformat.read(path, as_version=4).cells
        for line in cell.source.splitlines()
    }
    lines = set()
    for path in sorted(NOTEBOOKS["solutions"].glob("[0-9][0-9]_*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            for block in re.findall(r"# BEGIN SOLUTION\n(.*?)# END SOLUTION", cell.source, re.DOTALL):
                for line in block.splitlines():
                    line = bare(line)
                    if len(line) >= 25 and not line.startswith(("#", "return", "raise")) and line not in student:
                        lines.add(line)
    return lines


def _text(html_text: str) -> str:
    import html

    html_text = re.sub(r"<(script|style)\b.*?</\1>", " ", html_text, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


@pytest.mark.parametrize("edition", EDITIONS)
def test_decks_show_no_test_output_and_no_build_paths(editions, edition):
    for deck in sorted(editions[edition].glob("*.slides.html")):
        text = _text(deck.read_text(encoding="utf-8"))
        check = re.search(r"\b\d+ (passed|skipped|failed) in \d|%%ipytest\s*\n\s*def test_", text)
        assert not check, f"{deck.name} shows an exercise check or its pytest report: {check.group(0)!r}"
        assert "/tmp/" not in text and str(ROOT) not in text, f"{deck.name} shows a path of the build machine"


# The student edition is built in the full sweep only (CI's first run): this test exists there, and is not a
# skip elsewhere (CI's offline run accepts no skip that names no command).
if "student" in EDITIONS:

    def test_student_decks_show_no_answers(editions):
        answers = _solution_lines()
        assert len(answers) >= 20, "the solution notebooks' answer blocks were not found"
        for deck in sorted(editions["student"].glob("*.slides.html")):
            text = _text(deck.read_text(encoding="utf-8"))
            shown = [line for line in answers if line in text]
            assert not shown, f"{deck.name} shows answers: {shown[:3]}"
            assert "Teacher's edition" not in text


def test_the_solutions_edition_says_it_is_the_teachers(editions):
    site = editions["solutions"]
    import html

    for page in sorted(site.glob("*.html")):
        text = html.unescape(page.read_text(encoding="utf-8"))
        assert "Teacher's edition" in text, f"{page.name} does not say it is the teacher's edition"


def test_decks_carry_speaker_notes_from_the_teaching_guide(editions):
    from decks import discussion_questions

    guide = (ROOT / "docs" / "teaching-guide.md").read_text(encoding="utf-8")
    site = editions["solutions"]
    for deck in sorted(site.glob("*.slides.html")):
        text = deck.read_text(encoding="utf-8")
        notes = re.findall(r'<aside class="notes">(.*?)</aside>', text, re.DOTALL)
        assert notes and all("min for this section" in note for note in notes), f"{deck.name}: no timed notes"
        questions = discussion_questions(guide, deck.name[:2])
        for section_questions in questions.values():
            for question in section_questions:
                plain = re.sub(r"[`*]", "", question)[:40]
                assert plain in " ".join(_text(" ".join(notes)).split()), (deck.name, question)


def test_font_subset_covers_every_script_character(editions):
    from make_fonts import FONTS, covered, site_characters

    shown = site_characters(editions.values())
    assert shown, "the pages show no characters of other scripts (notebook 09 shows ten scripts)"
    have: set[str] = set()
    for font in FONTS.glob("*.woff"):
        have |= covered(font)
    missing = sorted(set().union(*shown.values()) - have)
    assert not missing, f"characters shown but not in the font subset (run tools/site/make_fonts.py): {missing}"
    css = (FONTS.parent / "fonts.css").read_text(encoding="utf-8")
    assert all(f"fonts/{font.name}" in css for font in FONTS.glob("*.woff"))


def test_widget_sliders_and_number_boxes_are_named_and_announce_the_value_shown(browser, editions):
    """ipywidgets names no slider (the edition's script would name one): the steppers of 03, 04, 06 and 12
    step with a number box, which its label names as it is (no patch), in the edition as in JupyterLab."""
    site = editions["solutions"]
    sliders = boxes = 0
    pages = {
        "03_merge_steps.html": "merges",
        "04_encoding.html": "lookups",
        "06_bpe_comparison.html": "merges",
        "12_unigram.html": "position",
    }
    for name in pages:
        context, page = open_page(browser, (site / name).as_uri())
        try:
            wait_rendered(page)
            shown = page.evaluate(
                """() => [...document.querySelectorAll('.widget-slider, .widget-hslider')].map(w => {
                     const handle = w.querySelector('[role=slider]');
                     const readout = w.querySelector('.widget-readout');
                     return {label: (w.querySelector(':scope > .widget-label') || {}).textContent || '',
                             name: handle && handle.getAttribute('aria-label'),
                             valuetext: handle && handle.getAttribute('aria-valuetext'),
                             shown: readout ? (readout.value || readout.textContent).trim() : null};
                   })"""
            )
            sliders += len(shown)
            for slider in shown:
                assert slider["name"] and slider["name"] == slider["label"].strip(), (name, slider)
                assert slider["valuetext"] == slider["shown"], (name, slider)
            if name in pages:
                assert not shown, f"{name}: the stepper has a slider again"
                box = page.get_by_role("spinbutton", name=pages[name], exact=True)
                assert box.count() >= 1, f"{name}: no number box named {pages[name]!r}"
                assert box.first.get_attribute("aria-label") is None, "named by its <label for>, not by a patch"
                boxes += box.count()
            # Every view whose text changes with the controls (an HTML widget marked live) announces it politely.
            outputs = page.evaluate(
                "() => [...document.querySelectorAll('.widget-output, .wordpiece-live')].map(o => o.getAttribute('aria-live'))"
            )
            assert outputs and set(outputs) == {"polite"}, (name, outputs)
        finally:
            context.close()
    assert sliders == 0 and boxes >= 4
