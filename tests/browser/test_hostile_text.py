"""Text from files is never markup: a vocab and a corpus full of HTML, in every widget, in a real browser.

A vocab file downloaded from anywhere can hold any line, and JupyterLab can run code in the kernel:
one unescaped label would let a token run script there. So a notebook built here loads a vocab and a
corpus made of markup (``<img onerror>``, ``</script>``, ``javascript:`` links, SVG with ``onload``,
an ``iframe``, a CSS ``url()``), under a file name that is markup too, and shows them in every widget
of the library (and in the tables, figures and printed text beside them). Each payload would set
``window.__pwned`` and ask for ``http://pwned.invalid/...``. The notebook is run and used in
JupyterLab, and built into the offline edition and opened from disk; in both, the payloads must be on
the page as text, no element they describe may exist, ``window.__pwned`` must stay unset, and no
request to ``pwned.invalid`` may be attempted.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.parse
from pathlib import Path

import nbformat
import pytest
from _browser import browser_fixture, jupyterlab  # noqa: F401  (the fixture browser)

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser-hostile")]

OPEN_TIMEOUT = 90_000
RUN_ALL_TIMEOUT = 240_000
UPDATE_TIMEOUT = 20_000
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"
STATUS_IDLE = "Python 3 (ipykernel) | Idle"

#: Each would run script (or load a URL) if a page took it for markup. No whitespace: each is one token.
PAYLOADS = [
    "<img/src=x/onerror=window.__pwned=1;fetch('//pwned.invalid/img')>",
    "</script><script>window.__pwned=2;fetch('//pwned.invalid/script')</script>",
    "<a/href=javascript:window.__pwned=3>link</a>",
    "<svg/onload=window.__pwned=4;fetch('//pwned.invalid/svg')>",
    "<iframe/srcdoc='<script>parent.__pwned=5</script>'></iframe>",
    '"><img/src=x/onerror=window.__pwned=6>',
    "<style>*{background:url(//pwned.invalid/css)}</style>",
    "<math><mtext><table><mglyph><style><img/src=x/onerror=window.__pwned=7>",
]

#: What a file name may hold of them (no slash).
FILE_NAME = "<img src=x onerror=window.__pwned=8>.txt"

SETUP = f"""\
import pathlib, tempfile
from wordpiece_lib import LinMaxMatch, Vocab, WordCounts, train_bottom_up, train_bpe

PAYLOADS = {PAYLOADS!r}
folder = pathlib.Path(tempfile.mkdtemp())
vocab_path = folder / {FILE_NAME!r}
letters = sorted({{c for p in PAYLOADS for c in p}})
# Each payload is a token, and a continuation token too: a run of payloads encodes into whole payloads.
tokens = ["[UNK]", *PAYLOADS, *("##" + p for p in PAYLOADS), *letters, *("##" + c for c in letters)]
Vocab(list(dict.fromkeys(tokens))).save(vocab_path)
vocab = Vocab.load(vocab_path)
counts = WordCounts({{payload: 10 + number for number, payload in enumerate(PAYLOADS)}})
trace = train_bottom_up(counts, 10**6, special_tokens=["[UNK]"], top_k=5)  # until every payload is one token
bpe = train_bpe(counts, 10**6, special_tokens=["[UNK]"])
print("loaded", vocab_path, "with", len(vocab), "tokens")
vocab
"""

CELLS = [
    ("markdown", "# Hostile text\n\nBy the end you can:\n\n1. see\n2. that nothing\n3. runs\n"),
    ("code", SETUP),
    (
        "code",
        "from wordpiece_lib.classroom.merge_steps.widgets import MergeStepper\n"
        "merges = MergeStepper(trace, words=PAYLOADS[:4])\n"
        "merges.last.click()\n"
        "merges",
    ),
    (
        "code",
        "from wordpiece_lib.classroom.encoding.widgets import LongestMatchExplorer, attempts_frame\n"
        "LongestMatchExplorer(vocab, PAYLOADS[0] + 'zz')",
    ),
    ("code", "attempts_frame(PAYLOADS[3], vocab)"),
    (
        "code",
        "from wordpiece_lib.classroom.fast_encoding.widgets import AutomatonStepper, steps_frame\n"
        "automaton = LinMaxMatch(vocab, max_input_chars_per_word=500)\n"
        "stepper = AutomatonStepper(automaton, PAYLOADS[0] + PAYLOADS[3] + PAYLOADS[2])\n"
        "stepper.last.click()  # the saved state (the offline edition) shows the tokens\n"
        "stepper",
    ),
    ("code", "steps_frame(automaton, PAYLOADS[4] + PAYLOADS[0])"),
    (
        "code",
        "from wordpiece_lib.classroom.top_down.widgets import ThresholdExplorer\n"
        "ThresholdExplorer(counts, words=PAYLOADS[:3], threshold=1)",
    ),
    (
        "code",
        "from wordpiece_lib.classroom.bpe_comparison.widgets import ParallelGrowth\n"
        "ParallelGrowth(trace, bpe, word=PAYLOADS[5], words=PAYLOADS)",
    ),
    (
        "code",
        "from wordpiece_lib.classroom.display import frames\n"
        "from wordpiece_lib.classroom.merge_steps import plots\n"
        "display(frames.trace_frame(trace))\n"
        "plots.candidate_bars(trace, 1)",
    ),
    (
        "code",
        "from wordpiece_lib.classroom.fast_encoding import plots as trie_plots\n"
        "trie_plots.trie_figure(LinMaxMatch(PAYLOADS[:3]), PAYLOADS[0])",
    ),
    (
        "code",
        "from IPython.display import HTML, display\n"
        "from wordpiece_lib import WordPieceTokenizer\n"
        "from wordpiece_lib.classroom.model_inputs.widgets import TokenSpanView, token_spans_html\n"
        "spans = WordPieceTokenizer(vocab)\n"
        "display(HTML(token_spans_html(spans, ' '.join(PAYLOADS))))\n"
        "TokenSpanView(spans, ' '.join(PAYLOADS), pair=PAYLOADS[0])",
    ),
    ("code", "print(' '.join(vocab.tokens))\nPAYLOADS"),
]


def hostile_notebook(folder: Path, name: str) -> Path:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    for kind, source in CELLS:
        cell = nbformat.v4.new_markdown_cell(source) if kind == "markdown" else nbformat.v4.new_code_cell(source)
        notebook.cells.append(cell)
    path = folder / name
    nbformat.write(notebook, path)
    return path


def guarded_context(browser):
    """A browser context that records (and blocks) every request leaving this machine."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    attempted: list[str] = []

    def route(request_route) -> None:
        url = request_route.request.url
        host = urllib.parse.urlsplit(url).hostname or ""
        if url.startswith(("file:", "data:", "blob:", "about:")) or host in {"127.0.0.1", "localhost"}:
            request_route.continue_()
        else:
            attempted.append(url)
            request_route.abort()

    context.route("**/*", route)
    return context, attempted


#: Elements or attributes a payload would create if it were taken for markup (inside the notebook).
INJECTED = """(root) => {
    const area = document.querySelector(root) || document.body;
    const found = [];
    for (const e of area.querySelectorAll('img[onerror], svg[onload], iframe, script, a[href]')) {
        const href = (e.getAttribute('href') || '').trim().toLowerCase();
        if (e.tagName.toLowerCase() === 'a' && !href.startsWith('javascript:')) continue;
        if (e.tagName.toLowerCase() === 'script' && !e.textContent.includes('__pwned')) continue;
        found.push(e.outerHTML.slice(0, 120));
    }
    for (const e of area.querySelectorAll('style')) {
        if (e.textContent.includes('pwned')) found.push(e.outerHTML.slice(0, 120));
    }
    return found;
}"""


def assert_nothing_ran(page, attempted: list[str], root: str) -> None:
    page.wait_for_timeout(1500)  # an onerror or a fetch would have happened by now
    assert page.evaluate("() => window.__pwned") is None, "a payload ran script"
    assert page.evaluate("() => [...document.querySelectorAll('iframe')].some(f => f.contentWindow.__pwned)") is False
    assert not [url for url in attempted if "pwned" in url], f"a payload made a request: {attempted}"
    assert page.evaluate(INJECTED, root) == [], "a payload became an element"
    text = page.locator(root).inner_text()
    shown = [payload for payload in PAYLOADS if payload in text]
    assert len(shown) >= 6, f"the payloads should be on the page as text; found {len(shown)}"
    assert FILE_NAME in text, "the file name should be printed as text"


def run_all(page, lab, name: str) -> None:
    page.goto(lab.page_url(name) + "&reset", timeout=OPEN_TIMEOUT)
    page.locator(f"{NOTEBOOK} .jp-Cell").first.wait_for(timeout=OPEN_TIMEOUT)
    status = page.locator("#jp-main-statusbar")
    status.get_by_text(STATUS_IDLE).wait_for(timeout=OPEN_TIMEOUT)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        """(notebook) => {
            const panel = document.querySelector(notebook);
            const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent.trim());
            return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p));
        }""",
        arg=NOTEBOOK,
        timeout=RUN_ALL_TIMEOUT,
    )
    status.get_by_text(STATUS_IDLE).wait_for(timeout=OPEN_TIMEOUT)
    errors = page.locator(f'{NOTEBOOK} .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, errors.first.inner_text()[:3000]


def use_every_widget(page) -> None:
    """Click every button and type a payload into every text box, so each widget redraws with them."""
    buttons = page.locator(f"{NOTEBOOK} .jupyter-widgets .widget-button")
    for index in range(buttons.count()):
        target = buttons.nth(index)
        if target.is_visible() and target.is_enabled():
            target.click()
            page.wait_for_timeout(200)
    boxes = page.locator(
        f"{NOTEBOOK} .jupyter-widgets .widget-text input:not([type=number]), "
        f"{NOTEBOOK} .jupyter-widgets .widget-textarea textarea"
    )  # a number box (the steppers' step) takes no text: the browser refuses it before the kernel sees it
    for index in range(boxes.count()):
        box = boxes.nth(index)
        box.fill(PAYLOADS[index % len(PAYLOADS)] + PAYLOADS[(index + 3) % len(PAYLOADS)])
        box.press("Enter")
        page.wait_for_timeout(500)
    for index in range(buttons.count()):
        target = buttons.nth(index)
        if target.is_visible() and target.is_enabled():
            target.click()
            page.wait_for_timeout(200)
    page.locator("#jp-main-statusbar").get_by_text(STATUS_IDLE).wait_for(timeout=OPEN_TIMEOUT)


def test_hostile_vocab_and_corpus_run_no_script_in_jupyterlab(browser, tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile-lab")
    root = base / "root"
    root.mkdir()
    hostile_notebook(root, "hostile.ipynb")
    with jupyterlab(root, base / "home") as lab:  # the notebook makes its own vocab and corpus: no data set
        context, attempted = guarded_context(browser)
        page = context.new_page()
        try:
            run_all(page, lab, "hostile.ipynb")
            widgets = page.locator(f"{NOTEBOOK} .jp-OutputArea-output .jupyter-widgets.widget-vbox")
            assert widgets.count() >= 6, "every widget of the notebook should have rendered"
            assert_nothing_ran(page, attempted, NOTEBOOK)
            use_every_widget(page)
            assert_nothing_ran(page, attempted, NOTEBOOK)
        finally:
            context.close()


def test_hostile_vocab_and_corpus_run_no_script_in_the_offline_edition(browser, tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile-site")
    notebooks = folder / "notebooks"
    notebooks.mkdir()
    hostile_notebook(notebooks, "01_hostile.ipynb")
    env = dict(os.environ, JUPYTER_PREFER_ENV_PATH="1")
    builder = str(ROOT / "tools" / "site" / "build_edition.py")
    result = subprocess.run(
        [sys.executable, builder, "--out", str(folder / "site"), "--notebooks", str(notebooks)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    context, attempted = guarded_context(browser)
    page = context.new_page()
    try:
        page.goto((folder / "site" / "01_hostile.html").as_uri(), wait_until="load")
        page.wait_for_function(
            """() => [...document.querySelectorAll('.jupyter-widgets.jp-OutputArea-output')]
                    .every(area => area.querySelector('.lm-Widget'))""",
            timeout=60_000,
        )
        assert page.locator(".jupyter-widgets.jp-OutputArea-output .lm-Widget").count() >= 6
        assert_nothing_ran(page, attempted, "main")
        index = (folder / "site" / "index.html").as_uri()
        page.goto(index, wait_until="load")
        assert page.evaluate("() => window.__pwned") is None
    finally:
        context.close()
