"""The notebooks' widgets in a real JupyterLab, driven by Chromium the way a student uses them.

One private JupyterLab (module-scoped) serves a temporary copy of the student notebooks. For each
notebook that shows a widget: open it, wait for the kernel in the status bar, Run All, wait until
every code cell has run, check that no cell failed and that every widget rendered, then use each
widget (buttons, number boxes typed in and stepped with the arrow keys, typing) and assert what the
page shows. The steppers' number boxes are found by their accessible name, and axe-core (vendored)
checks that every control of those widgets has one. A screenshot per notebook is saved under the
pytest temp dir (or ``WORDPIECE_SCREENSHOT_DIR``).

The expected texts come from the hug/pug example worked by hand in the course and in notebook 03
(first merges ``##g ##s`` at 1/20, ``h ##u``, then ``hu ##gs`` at 1/15) and from the corpus'
alphabet (``m`` is not in it, so ``mug`` is one ``[UNK]``).
"""

from __future__ import annotations

import re
import shutil
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from _browser import browser_fixture, jupyterlab, notebook_code, screenshot_dir_fixture, shown_widgets  # noqa: F401  (the fixtures browser, screenshot_dir)
from _lab_page import NOTEBOOK, open_and_run_all, shut_down_kernels
from data_helpers import require_data_for

from wordpiece_lib import data

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

# Run in one worker, one notebook at a time: the module shares one JupyterLab and one browser.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser-jupyterlab")]

#: A widget's text view (``classroom/display/live_text.py``): an HTML widget marked live.
TEXT_VIEW = ".wordpiece-live"
UPDATE_TIMEOUT = 20_000  # ms: a widget's answer to one click or key (a round trip to the kernel)


WIDGET_NOTEBOOKS = [path for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) if shown_widgets(path)]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A private JupyterLab serving a copy of the student notebooks beside a link to the library.

    The copy keeps the checkout's layout (``notebooks/`` next to ``wordpiece_lib/``), so each notebook's
    first cell finds the library as it does for a student who has not pip-installed it.
    """
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "root"
    (root / "notebooks").mkdir(parents=True)
    for path in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy2(path, root / "notebooks" / path.name)
    (root / "wordpiece_lib").symlink_to(ROOT / "wordpiece_lib", target_is_directory=True)
    # The kernels find the data as the tests do: through wordpiece_lib.data.copies and this process's environment.
    with jupyterlab(root, base / "home") as server:
        yield server


def check_cells_and_widgets(page) -> None:
    """No cell failed, and every widget output became a live widget."""
    errors = page.locator(f'{NOTEBOOK} .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, f"a cell failed in JupyterLab:\n{errors.first.inner_text()[:3000]}"
    page_text = page.locator(NOTEBOOK).inner_text()
    for broken in ("Error displaying widget", "Error rendering widget", "model not found", "Loading widget..."):
        assert broken not in page_text, f"a widget did not render: {broken!r} is on the page"
    assert page.locator(f"{NOTEBOOK} .jp-OutputArea-output .jupyter-widgets").count() > 0, "no widget rendered"


def output_text(widget) -> str:
    return widget.locator(TEXT_VIEW).first.inner_text()


def wait_for_output(widget, pattern: str) -> str:
    """Wait until the widget's output area matches ``pattern`` (a regex); return its text."""
    widget.locator(TEXT_VIEW).first.filter(has_text=re.compile(pattern, re.MULTILINE)).wait_for(timeout=UPDATE_TIMEOUT)
    return output_text(widget)


def expect(locator):
    """Playwright's waiting assertions (imported late: without Playwright the module must still load, to skip)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def step_box(widget, name: str):
    """A stepper's number box, found by its accessible name: only a box its label names is found."""
    return widget.get_by_role("spinbutton", name=name, exact=True)


def expect_step(widget, name: str, value: str) -> None:
    """Wait until the number box ``name`` shows ``value`` (it follows the kernel's answer)."""
    expect(step_box(widget, name)).to_have_value(value, timeout=UPDATE_TIMEOUT)


def type_step(widget, name: str, value: int) -> None:
    """Type a step into the number box and leave it (Tab), as a student would."""
    box = step_box(widget, name)
    box.fill(str(value))
    box.press("Tab")


def press_arrows(page, widget, box: str, presses: list[tuple[str, str, str | None]]) -> None:
    """Focus the number box ``box``, then press each key in turn: the output must match its pattern, and the box show
    its value (where one is given)."""
    step_box(widget, box).focus()
    for key, pattern, value in presses:
        page.keyboard.press(key)
        wait_for_output(widget, pattern)
        if value is not None:
            expect_step(widget, box, value)


def expect_named_controls(page, widget, box: str) -> None:
    """The number box ``box`` is named by its label, and axe-core finds no control of the widget without a name."""
    from _a11y import unnamed_controls

    assert step_box(widget, box).count() == 1, f"no spin button named {box!r}: its label does not name it"
    assert widget.locator('[role="slider"]').count() == 0, "a slider's handle is left without a name in JupyterLab"
    problems = unnamed_controls(page, widget)
    assert not problems, "controls without an accessible name:\n" + "\n".join(problems)


def expect_disabled(widget, *names: str, disabled: bool = True) -> None:
    """Wait until each named button is greyed out (or usable, with ``disabled=False``)."""
    for name in names:
        check = expect(button(widget, name))
        (check.to_be_disabled if disabled else check.to_be_enabled)(timeout=UPDATE_TIMEOUT)


def button(widget, name: str):
    return widget.get_by_role("button", name=name, exact=True)


def use_merge_stepper(page) -> None:
    """first / previous / next / last, a typed number of merges and arrow keys, on notebook 03's hug/pug trace."""
    stepper = page.locator(f"{NOTEBOOK} .widget-vbox").filter(has=page.locator(".widget-label", has_text="merges")).last
    stepper.scroll_into_view_if_needed()
    text = wait_for_output(stepper, r"^Before any merge")
    assert "Next merge: ##g + ##s" in text
    assert re.search(r"^hugs\s+x5\s+h ##u ##g ##s$", text, re.MULTILINE), text
    expect_disabled(stepper, "first", "previous")
    expect_step(stepper, "merges", "0")
    expect_named_controls(page, stepper, "merges")

    button(stepper, "next").click()
    text = wait_for_output(stepper, r"^Merge 1 of \d+: ##g \+ ##s -> ##gs")
    assert "score 5/(20*5) = 1/20" in text
    assert re.search(r"^hugs\s+x5\s+h ##u ##gs$", text, re.MULTILINE), text
    expect_step(stepper, "merges", "1")
    expect_disabled(stepper, "first", disabled=False)
    # The candidate chart beside the text: the chosen pair in red, at the top.
    chart = stepper.locator(".widget-html:not(.wordpiece-live) .widget-html-content").first
    assert "##g + ##s" in chart.inner_text() and "(chosen)" in chart.inner_text()

    button(stepper, "next").click()
    wait_for_output(stepper, r"^Merge 2 of \d+: h \+ ##u -> hu")
    button(stepper, "next").click()
    text = wait_for_output(stepper, r"^Merge 3 of \d+: hu \+ ##gs -> hugs")
    assert "= 1/15" in text  # the course's slip: (hu, ##g) scores 2/45, not 1/15
    assert re.search(r"^hugs\s+x5\s+hugs$", text, re.MULTILINE), text

    button(stepper, "previous").click()
    wait_for_output(stepper, r"^Merge 2 of \d+: h \+ ##u -> hu")
    expect_step(stepper, "merges", "2")

    button(stepper, "last").click()
    text = wait_for_output(stepper, r"^Training stopped here")
    total = int(re.search(r"^Merge (\d+) of (\d+)", text, re.MULTILINE).group(2))
    assert re.search(rf"^Merge {total} of {total}:", text, re.MULTILINE), text
    expect_step(stepper, "merges", str(total))
    expect_disabled(stepper, "next", "last")

    button(stepper, "first").click()
    wait_for_output(stepper, r"^Before any merge")
    expect_step(stepper, "merges", "0")

    # A number past the end stops at the last merge, in the kernel and in the box.
    type_step(stepper, "merges", total + 50)
    wait_for_output(stepper, rf"^Merge {total} of {total}:")
    expect_step(stepper, "merges", str(total))
    type_step(stepper, "merges", 2)
    wait_for_output(stepper, rf"^Merge 2 of {total}: h \+ ##u -> hu")

    # The arrow keys step the box, as they stepped the slider. Left on merge 3 for the screenshot: the step the
    # course gets wrong.
    merge_3 = rf"^Merge 3 of {total}: hu \+ ##gs -> hugs"
    arrows = [("ArrowUp", merge_3, "3"), ("ArrowDown", rf"^Merge 2 of {total}: ", None), ("ArrowUp", merge_3, None)]
    press_arrows(page, stepper, "merges", arrows)


def use_longest_match_explorer(page) -> None:
    """Step through lookups with next/previous and the number box, and type words, on notebook 04's hug/pug vocab."""
    explorer = (
        page.locator(f"{NOTEBOOK} .widget-vbox").filter(has=page.locator(".widget-label", has_text="lookups")).last
    )
    explorer.scroll_into_view_if_needed()
    box = explorer.get_by_role("textbox", name="word", exact=True)
    start_word = box.input_value()
    expect_named_controls(page, explorer, "lookups")
    text = wait_for_output(explorer, rf"^Word: '{re.escape(start_word)}'")
    assert re.search(rf"^lookup 1: '{re.escape(start_word)}'\s+at 0 -> ", text, re.MULTILINE), text

    # Press next until it greys out: then the result is shown.
    for _ in range(60):
        if button(explorer, "next").is_disabled():
            break
        shown = int(step_box(explorer, "lookups").input_value())
        button(explorer, "next").click()
        # The text comes after the buttons' new state: once it shows the next lookup, both are current.
        wait_for_output(explorer, rf"^lookup {shown + 1}: ")
    text = wait_for_output(explorer, r"^Result: ")
    lookups = re.findall(r"^lookup \d+: ", text, re.MULTILINE)
    expect_step(explorer, "lookups", str(len(lookups)))

    button(explorer, "previous").click()
    wait_for_output(explorer, r"more lookup\(s\): press next")

    # A word with a letter outside the corpus' alphabet: one [UNK] for the whole word.
    box.click()
    box.press("Control+a")
    box.press_sequentially("mug", delay=40)
    text = wait_for_output(explorer, r"^Word: 'mug'")
    type_step(explorer, "lookups", 99)  # past the last lookup: the result
    text = wait_for_output(explorer, r"^Result: \[UNK\]$")
    assert "Nothing in the vocab starts at position 0" in text and "WHOLE word becomes [UNK]" in text, text

    # Over 100 characters: [UNK] without any lookup.
    box.fill("h" * 101)
    text = wait_for_output(explorer, r"longer than 100 characters")
    assert "lookup 1" not in text

    # A word of the corpus, trained until whole: found at the first lookup (shown for the screenshot).
    box.fill("")
    box.press_sequentially("hugs", delay=40)
    wait_for_output(explorer, r"^lookup 1: 'hugs'\s+at 0 -> FOUND, continue at 4")
    wait_for_output(explorer, r"^Result: hugs$")  # one lookup reads the whole word
    expect_step(explorer, "lookups", "1")
    # The arrow keys step the box: back before the lookup, and forward to the result.
    arrows = [("ArrowDown", r"1 more lookup\(s\): press next", "0"), ("ArrowUp", r"^Result: hugs$", None)]
    press_arrows(page, explorer, "lookups", arrows)


def use_threshold_explorer(page) -> None:
    """lower / higher, the threshold picked from its drop-down, and typed words (notebook 05's Treasure Island rounds)."""
    explorer = (
        page.locator(f"{NOTEBOOK} .widget-vbox").filter(has=page.locator(".widget-label", has_text="threshold")).last
    )
    explorer.scroll_into_view_if_needed()
    choice = explorer.locator(".widget-dropdown select").first

    def chosen() -> str:
        return choice.evaluate("select => select.options[select.selectedIndex].text").strip()

    def wait_for_choice_other_than(value: str) -> str:
        for _ in range(int(UPDATE_TIMEOUT / 100)):
            if chosen() != value:
                return chosen()
            page.wait_for_timeout(100)
        raise AssertionError(f"the threshold stayed at {value}")

    start = chosen()
    wait_for_output(explorer, rf"^threshold {start}: [\d,]+ tokens")

    button(explorer, "higher").click()
    higher = wait_for_choice_other_than(start)
    assert int(higher) > int(start)
    wait_for_output(explorer, rf"^threshold {higher}: ")
    button(explorer, "lower").click()
    wait_for_output(explorer, rf"^threshold {start}: ")

    # Threshold 1 keeps every substring seen once: every word of the book comes out whole.
    choice.select_option(index=0)
    text = wait_for_output(explorer, r"^threshold 1: ")
    assert chosen() == "1"
    expect_disabled(explorer, "lower")
    book = set(re.findall(r"\w+", data.load_text("treasure-island", download=False).lower()))
    shown = explorer.locator(".widget-text input").first.input_value().split()
    for word in [word for word in shown if word in book]:
        row = rf"^{re.escape(word)}\s+{re.escape(word)}\s+{re.escape(word)}\s*$"
        assert re.search(row, text, re.MULTILINE), f"{word} is not whole:\n{text}"

    choice.select_option(index=choice.evaluate("select => select.options.length - 1"))
    wait_for_output(explorer, rf"^threshold {wait_for_choice_other_than('1')}: ")
    expect_disabled(explorer, "higher")

    # The words box updates when the student presses Enter.
    box = explorer.locator(".widget-text input").first
    box.fill("hispaniola island")
    box.press("Enter")
    text = wait_for_output(explorer, r"^island\s")
    assert not re.search(r"^treasure\s", text, re.MULTILINE), text
    # Back to the notebook's threshold, for the screenshot.
    choice.select_option(label=start)
    wait_for_output(explorer, rf"^threshold {start}: ")


def use_automaton_stepper(page) -> None:
    """first / previous / next / last and typed words, on notebook 08's automaton for the paper's vocab."""
    steppers = page.locator(f"{NOTEBOOK} .widget-vbox").filter(has=page.get_by_role("button", name="last", exact=True))
    stepper = steppers.filter(has=page.locator(".widget-text")).first
    stepper.scroll_into_view_if_needed()
    box = stepper.locator(".widget-text input").first
    word = box.input_value()
    text = wait_for_output(stepper, rf"^Word: '{re.escape(word)}'")
    assert "Before the first move" in text and "Tokens so far: (none yet)" in text
    expect_disabled(stepper, "first", "previous")

    button(stepper, "next").click()
    text = wait_for_output(stepper, r"^Step 1 of \d+: ")
    assert stepper.get_by_text(re.compile(r"^move 1 of \d+$")).count() == 1
    button(stepper, "last").click()
    text = wait_for_output(stepper, r"^Step (\d+) of \1: ")
    expect_disabled(stepper, "next", "last")
    if word == "abcdz":  # the LinMaxMatch paper's example: longest match first gives a ##b ##c ##dz
        assert text.rstrip().splitlines()[-1] == "Tokens so far: a ##b ##c ##dz", text
    button(stepper, "previous").click()
    wait_for_output(stepper, r"^Step \d+ of \d+: ")
    button(stepper, "first").click()
    wait_for_output(stepper, r"Before the first move")

    box.fill("")
    box.press_sequentially("abcdx", delay=40)
    wait_for_output(stepper, r"^Word: 'abcdx'")
    button(stepper, "last").click()
    if word == "abcdz":  # abcdx is a token of that vocab: read whole
        wait_for_output(stepper, r"^Tokens so far: abcdx$")
    # Back to the notebook's word, at its last move, for the screenshot.
    box.fill(word)
    wait_for_output(stepper, rf"^Word: '{re.escape(word)}'")
    button(stepper, "last").click()
    wait_for_output(stepper, r"^Step (\d+) of \1: ")


def use_parallel_growth(page) -> None:
    """previous / next, typed merge steps, the arrow keys and a picked word, on notebook 06's two book traces."""
    growth = page.locator(f"{NOTEBOOK} .widget-vbox").filter(has=page.get_by_role("combobox", name="or pick")).last
    growth.scroll_into_view_if_needed()
    box = growth.get_by_role("textbox", name="word", exact=True)
    word = box.input_value()
    start = int(step_box(growth, "merges").input_value())
    assert start > 0, "the notebook starts the widget after some merges"
    text = wait_for_output(growth, rf"^after {start} merges of each$")
    assert re.search(rf"^'{re.escape(word)}'\s+longest match\s+merge replay$", text, re.MULTILINE), text
    expect_named_controls(page, growth, "merges")

    button(growth, "next").click()
    wait_for_output(growth, rf"^after {start + 1} merges of each$")
    expect_step(growth, "merges", str(start + 1))
    button(growth, "previous").click()
    wait_for_output(growth, rf"^after {start} merges of each$")

    type_step(growth, "merges", 0)
    text = wait_for_output(growth, r"^after 0 merges of each$")
    assert re.search(r"^merge 0\s+\(no merge yet\)\s+\(no merge yet\)$", text, re.MULTILINE), text
    expect_disabled(growth, "previous")
    step_box(growth, "merges").focus()
    page.keyboard.press("ArrowUp")
    wait_for_output(growth, r"^after 1 merge of each$")
    expect_step(growth, "merges", "1")

    # Past the end: the longer trace's last merge, and next greys out.
    type_step(growth, "merges", 10_000_000)
    text = wait_for_output(growth, r"^after \d+ merges of ")
    last = int(step_box(growth, "merges").input_value())
    assert 0 < last < 10_000_000 and text.startswith(f"after {last} merges"), text
    expect_disabled(growth, "next")

    # A word picked from the drop-down goes into the box, and its row is shown.
    picker = growth.get_by_role("combobox", name="or pick")
    picked = picker.evaluate("select => select.options[2].text")
    picker.select_option(index=2)
    wait_for_output(growth, rf"^'{re.escape(picked)}'\s+longest match")
    expect(box).to_have_value(picked, timeout=UPDATE_TIMEOUT)
    # Back to the notebook's word and step, for the screenshot.
    box.fill(word)
    box.press("Enter")
    type_step(growth, "merges", start)
    wait_for_output(growth, rf"^after {start} merges of each$")
    wait_for_output(growth, rf"^'{re.escape(word)}'\s+longest match")


def use_any_widget(page) -> None:
    """For a widget without its own scenario: its buttons and sliders must change what the page shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    shown = f"{NOTEBOOK} .widget-output, {NOTEBOOK} .widget-readout, {NOTEBOOK} .widget-html-content"
    read = "(selector) => [...document.querySelectorAll(selector)].map(e => e.innerText).join('\\n')"
    changed = (
        "([selector, before]) => [...document.querySelectorAll(selector)].map(e => e.innerText).join('\\n') !== before"
    )

    def answers(action) -> bool:
        before = page.evaluate(read, shown)
        action()
        try:
            page.wait_for_function(changed, arg=[shown, before], timeout=UPDATE_TIMEOUT)
        except PlaywrightTimeout:
            return False
        return True

    def click_unless_disabled_meanwhile(target) -> None:
        # The page shows a change (a slider's readout) before the kernel's later messages arrive (the
        # buttons it disables at an end): a button enabled a moment ago may be disabled by now, rightly.
        try:
            target.click(timeout=UPDATE_TIMEOUT)
        except PlaywrightTimeout:
            if target.is_enabled():
                raise

    controls = page.locator(f"{NOTEBOOK} .jp-OutputArea-output .jupyter-widgets .widget-button")
    tried = responded = 0
    for index in range(min(controls.count(), 12)):
        target = controls.nth(index)
        if target.is_visible() and target.is_enabled():
            tried += 1
            responded += answers(lambda target=target: click_unless_disabled_meanwhile(target))
    handles = page.locator(f"{NOTEBOOK} .jp-OutputArea-output .jupyter-widgets .noUi-handle")
    for index in range(min(handles.count(), 4)):
        handle = handles.nth(index)
        handle.scroll_into_view_if_needed()
        handle.focus()
        tried += 1
        responded += answers(lambda: page.keyboard.press("ArrowRight")) or answers(
            lambda: page.keyboard.press("ArrowLeft")
        )
    assert tried == 0 or responded > 0, "the widget's buttons and sliders changed nothing on the page"
    check_cells_and_widgets(page)


SCENARIOS: dict[str, Callable] = {
    "MergeStepper": use_merge_stepper,
    "LongestMatchExplorer": use_longest_match_explorer,
    "ThresholdExplorer": use_threshold_explorer,
    "AutomatonStepper": use_automaton_stepper,
    "ParallelGrowth": use_parallel_growth,
}


def test_some_notebook_shows_a_widget():
    assert WIDGET_NOTEBOOKS, "no notebook shows a widget: the browser tests would check nothing"


@pytest.mark.parametrize("path", WIDGET_NOTEBOOKS, ids=lambda p: p.stem)
def test_widgets_work_in_jupyterlab(browser, lab, screenshot_dir, path):
    require_data_for(notebook_code(path))
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    remote: list[str] = []
    page_errors: list[str] = []

    def route(request_route) -> None:
        host = urllib.parse.urlsplit(request_route.request.url).hostname
        if host in {"127.0.0.1", "localhost"} or request_route.request.url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            remote.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        open_and_run_all(page, lab, f"notebooks/{path.name}")
        check_cells_and_widgets(page)
        for name in shown_widgets(path):
            SCENARIOS.get(name, use_any_widget)(page)
        check_cells_and_widgets(page)
        assert not page_errors, f"JavaScript errors on the page: {page_errors}"
        assert not remote, f"JupyterLab tried to reach the internet: {remote}"
    finally:
        try:
            page.screenshot(path=str(screenshot_dir / f"jupyterlab-{path.stem}.png"))
        finally:
            context.close()
            # Free the kernel before the next notebook starts one (CI has two cores).
            shut_down_kernels(lab)
