"""The offline HTML edition of the notebooks: ``python tools/site/build_edition.py``.

Two editions. The solutions edition (the default, ``site/``) executes ``notebooks/solutions/`` (so
the exercises show worked answers and every check has passed) and says on every page and slide
that it is the teacher's. The student edition (``--edition student``, ``site-student/``) executes
the student notebooks: its decks are the ones to project in class, with no answers in them.

Every notebook is executed with its widgets' state kept, and becomes one HTML page and one
reveal.js slide deck (``NN_name.slides.html``, cut into slides by each cell's
``metadata.slideshow.slide_type``, then made fit to project by ``decks.py``: no exercise checks,
long slides continued below, speaker notes from ``docs/teaching-guide.md``), with an
``index.html`` that lists the notebooks in order with their learning goals (the list after "By the
end you can"). A cell tagged ``prose`` (a sentence made from live values) shows only its rendered
text. The pages and decks read everything from files beside them: the widget manager, require.js,
jQuery, MathJax, reveal.js and a font subset for the notebooks' other scripts are vendored in
``tools/site/static/`` (see its README for versions, checksums and licences), so the site builds
and reads with no network at all. ``static/edition/`` holds the edition's own style and script
(contrast, focus, reflow at 320 px, and what ipywidgets, nbconvert and reveal.js leave out for
assistive technology).

The site is built in a temporary folder next to the target and renamed into place only when every
notebook ran: a failed build leaves the previous site untouched, and a reader never sees half a site.

Usage (from the repository root)::

    python tools/site/build_edition.py                       # notebooks/solutions -> site/
    python tools/site/build_edition.py --out /tmp/handout --notebooks notebooks
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import html
import os
import platform
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import check_int

if str(Path(__file__).resolve().parent) not in sys.path:  # decks.py sits beside this file
    sys.path.insert(0, str(Path(__file__).resolve().parent))

STATIC = Path(__file__).resolve().parent / "static"
#: The checkout this builder belongs to (it lives in ``tools/site/``).
ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_NAME = "wordpiece_site"

#: The vendored files, as the pages name them under ``static/``, with their sha256.
ASSETS: dict[str, str] = {
    "embed-amd.js": "ca87dff57c70ffb2658794fde0eab0e27e5f5472a1f5df7ab2b08e1039fc4b72",
    "require.js": "c1fc6b1d53af7522f78d664922abb32acac64ed0ecccb8f907f1e6fc7262563a",
    "tex-svg.js": "d4295dc33744836935c1399feece5159577b34c5c8ffb9f1c6324cd82e03a882",
    "jquery.min.js": "42c9beb67d11f78edb63796d0d9bfb074d0fc1a20b47ad72fcb7fb0f3dc6a6fe",
    "reveal.js/dist/reveal.js": "73d4b64d59eded6de6a49500e7b709eb8d92c0d1d88d911319ce551c31341e9f",
    "reveal.js/dist/reveal.css": "fa4713396db8274bc0f1def50767464b6d98e61f4f83d17f4de6417210b25901",
    "reveal.js/dist/theme/white.css": "bf59df9ecd8563ac1da668571397dd454048f493e0feddcc565df7eedc40fad4",
    "reveal.js/dist/theme/fonts/source-sans-pro/source-sans-pro.css": (
        "5292b4fb38f4e609bf20cd98b3e5c039dbd7271d1c9174302305fbaaf42035cc"
    ),
    "reveal.js/dist/theme/fonts/source-sans-pro/source-sans-pro-regular.woff": (
        "d4eaa48ba450f4dd2d024ab5b0e895c73c81475718e5453fd1890254c16b7a57"
    ),
    "reveal.js/dist/theme/fonts/source-sans-pro/source-sans-pro-italic.woff": (
        "05d3615fdbe7d35c62d6a1308dc48e3985016b69e65926ed37b99fe7e6b297dc"
    ),
    "reveal.js/dist/theme/fonts/source-sans-pro/source-sans-pro-semibold.woff": (
        "b0abd2736335424f9fd3eb27974a36d03783b3db141e0801dca7d3a635218b46"
    ),
    "reveal.js/dist/theme/fonts/source-sans-pro/source-sans-pro-semibolditalic.woff": (
        "7225cacc06c2f360367c138daa4ce727c2a0d26e42875b1f9e802f181fdb81c5"
    ),
    "reveal.js/plugin/notes/notes.js": "5c49866ac430789657b5b33363d2bf3edb2ef804f91c81ebd19ebc351fb0451a",
}
#: Vendored for the browser tests only (not copied into the site), with their sha256.
TEST_ASSETS: dict[str, str] = {
    "axe/axe.min.js": "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c",
}
#: The edition's own files (not vendored): style, script, and the font subset with its licence.
EDITION_FILES = "edition"
SLIDES_TEMPLATE_NAME = "wordpiece_slides"
#: Cells with this tag are sentences made from live values: the edition shows their text, not their code.
PROSE_TAG = "prose"

#: Tag of a cell that shows only its output (a deck's continued output): its input is removed like a prose cell's.
CONTINUED_TAG = "wp-continued"
GUIDE = ROOT / "docs" / "teaching-guide.md"


@dataclass(frozen=True)
class Edition:
    """Which notebooks an edition executes, where it goes, and whether it is the teacher's (answers shown)."""

    name: str
    notebooks: Path
    out: Path
    teacher: bool


EDITIONS = {
    "solutions": Edition("solutions", ROOT / "notebooks" / "solutions", ROOT / "site", teacher=True),
    "student": Edition("student", ROOT / "notebooks", ROOT / "site-student", teacher=False),
}
TEACHER_NOTE = (
    "Teacher's edition: every exercise is solved and every check passed. "
    "In class, project the student edition's decks (build_edition.py --edition student)."
)

GOALS_MARK = "By the end you can"
NOTEBOOK_PATTERN = "[0-9][0-9]_*.ipynb"
DEFAULT_CELL_TIMEOUT = 600
STATIC_NOTE = (
    "A static copy, executed when the site was built. The widgets show the state they had then: "
    "their controls move but nothing is recomputed without a running kernel. The text or figure "
    "right after each widget shows the same information. To experiment, open the notebook in JupyterLab."
)

_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(?P<text>.*\S)\s*$")
_HEADING = re.compile(r"^\s*#\s+(?P<title>.*\S)\s*$")
#: Markdown emphasis and code marks around a span of a heading: ``*a*``, ``**a**``, ``_a_``, `` `a` ``.
_EMPHASIS = re.compile(r"(?<!\w)(?P<mark>\*{1,2}|_{1,2}|`)(?P<text>\S(?:.*?\S)?)(?P=mark)(?!\w)")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class SiteBuildError(RuntimeError):
    """A notebook failed to run or convert: the site was not written."""


@dataclass(frozen=True)
class PageLink:
    """Where a page is and what it is called, for the navigation bar."""

    href: str
    title: str


@dataclass
class NotebookPage:
    """One notebook of the site: its source, its page, its slides and what the index says about it."""

    source: Path
    href: str
    title: str
    goals: list[str] = field(default_factory=list)
    slides: str = ""


def _markdown_sources(notebook: Any) -> list[str]:
    cells = notebook["cells"] if isinstance(notebook, dict) else notebook.cells
    out = []
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            out.append("".join(source) if isinstance(source, list) else source)
    return out


def learning_goals(notebook: Any) -> list[str]:
    """The items of the markdown list that follows "By the end you can" (markdown kept as written).

    An item may run over several lines; the list ends at the first blank line or line that is not
    part of it. A notebook without the phrase has no goals.

    >>> import nbformat
    >>> text = "**By the end you can**\\n\\n1. count *pairs*;\\n2. score them\\n   exactly.\\n\\nMore text."
    >>> learning_goals(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text)]))
    ['count *pairs*;', 'score them exactly.']
    """
    for source in _markdown_sources(notebook):
        at = source.find(GOALS_MARK)
        if at < 0:
            continue
        goals: list[str] = []
        for line in source[at + len(GOALS_MARK) :].splitlines()[1:]:
            item = _LIST_ITEM.match(line)
            if item:
                goals.append(item.group("text"))
            elif goals and line.strip() and line[:1].isspace():
                goals[-1] = f"{goals[-1]} {line.strip()}"
            elif goals or line.strip():
                break
        return goals
    return []


def notebook_title(notebook: Any, fallback: str) -> str:
    """The first level-one markdown heading as plain text (no ``*``, ``_`` or backticks), else ``fallback``.

    The title goes where Markdown is not rendered (the page's ``<title>``, the index), so a
    heading's emphasis marks would be shown and read aloud as they are.

    >>> import nbformat
    >>> notebook_title(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 01 · Splitting\\ntext")]), "x")
    '01 · Splitting'
    >>> notebook_title(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 07 · *Treasure Island*, a_b_c")]), "x")
    '07 · Treasure Island, a_b_c'
    >>> notebook_title(nbformat.v4.new_notebook(), "02_pair_scores")
    '02_pair_scores'
    """
    for source in _markdown_sources(notebook):
        for line in source.splitlines():
            heading = _HEADING.match(line)
            if heading:
                return _EMPHASIS.sub(r"\g<text>", heading.group("title"))
    return fallback


def find_notebooks(folder: str | os.PathLike[str]) -> list[Path]:
    """The numbered notebooks (``01_*.ipynb`` ...) of ``folder``, in course order.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ["02_b.ipynb", "01_a.ipynb", "notes.ipynb"]:
    ...     _ = (folder / name).write_text("{}")
    >>> [path.name for path in find_notebooks(folder)]
    ['01_a.ipynb', '02_b.ipynb']
    """
    path = Path(folder)
    if not path.is_dir():
        raise FileNotFoundError(f"notebooks folder {path} does not exist")
    return sorted(path.glob(NOTEBOOK_PATTERN))


def check_assets(static: Path = STATIC) -> list[str]:
    """Problems with the vendored scripts (missing file, wrong checksum); empty when all is well.

    >>> check_assets()
    []
    """
    problems = []
    for name, expected in {**ASSETS, **TEST_ASSETS}.items():
        path = static / name
        if not path.is_file():
            problems.append(f"{path} is missing")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != expected:
            problems.append(f"{path} does not have the recorded sha256 {expected}")
    return problems


def execute_notebook(path: Path, timeout: int = DEFAULT_CELL_TIMEOUT) -> Any:
    """Run a notebook top to bottom in its own folder, keeping the widgets' state; return the executed copy.

    Raises ``SiteBuildError`` naming the notebook and the failing cell when a cell fails.

    >>> execute_notebook(Path("no/such/notebook.ipynb"))
    Traceback (most recent call last):
    ...
    FileNotFoundError: notebook no/such/notebook.ipynb does not exist
    """
    if not path.is_file():
        raise FileNotFoundError(f"notebook {path} does not exist")
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute(env={**os.environ, "WORDPIECE_PROGRESS_DIR": "off"})  # no progress file beside the notebooks
    except nbclient.exceptions.CellExecutionError as error:
        message = _ANSI.sub("", str(error))[-3000:]
        raise SiteBuildError(f"{path.name} failed while building the site:\n{message}") from error
    except nbclient.exceptions.CellTimeoutError as error:
        raise SiteBuildError(f"{path.name}: a cell ran longer than {timeout} s") from error
    return notebook


def _hide_prose_code(exporter: Any) -> Any:
    """Make ``exporter`` show a ``prose`` cell's output without its code."""
    from nbconvert.preprocessors import TagRemovePreprocessor

    exporter.register_preprocessor(TagRemovePreprocessor(remove_input_tags={PROSE_TAG, CONTINUED_TAG}), enabled=True)
    return exporter


def _exporter_files() -> dict[str, Any]:
    """What pages and decks share: our templates, the vendored scripts beside them, images inlined."""
    return {
        "extra_template_basedirs": [str(STATIC / "templates")],
        "require_js_url": "static/require.js",
        "widget_renderer_url": "static/embed-amd.js",
        "mathjax_url": "static/tex-svg.js",
        "embed_images": True,
    }


def slides_html(notebook: Any, page: NotebookPage, edition: Edition | None = None, guide: str = "") -> str:
    """One notebook as a reveal.js deck reading reveal.js, jQuery, require.js and MathJax from ``static/``.

    The deck shows the notebook made fit to project (``decks.deck_notebook``): no exercise checks,
    long slides continued below, speaker notes from the teaching guide ``guide``.

    >>> import nbformat, re
    >>> cells = [nbformat.v4.new_markdown_cell("# 01 · A", metadata={"slideshow": {"slide_type": "slide"}})]
    >>> page = NotebookPage(Path("01_a.ipynb"), "01_a.html", "01 · A", slides="01_a.slides.html")
    >>> text = slides_html(nbformat.v4.new_notebook(cells=cells), page)
    >>> sorted(set(re.findall(r'<script[^>]*\\bsrc="([^"]+)"', text)))
    ['static/edition/edition.js', 'static/jquery.min.js', 'static/require.js', 'static/tex-svg.js']
    >>> "static/reveal.js/dist/reveal.js" in text, re.findall(r'(?:src|href)="(https?:[^"]*)"', text)
    (True, [])
    """
    from decks import deck_notebook
    from nbconvert import SlidesExporter

    exporter = SlidesExporter(
        template_name=SLIDES_TEMPLATE_NAME,
        **_exporter_files(),
        reveal_url_prefix="static/reveal.js",
        reveal_theme="white",
        reveal_transition="none",
        reveal_number="c/t",
        reveal_scroll=False,
        reveal_width="1280",
        reveal_height="720",
        jquery_url="static/jquery.min.js",
    )
    _hide_prose_code(exporter)
    resources = {
        "metadata": {"name": page.title},
        "wordpiece_site": {
            "title": page.title,
            "page": page.href,
            "teacher": TEACHER_NOTE if edition is not None and edition.teacher else "",
        },
    }
    number = page.source.name[:2]
    deck = deck_notebook(clean_outputs(notebook), number, guide, ROOT, {PROSE_TAG})
    body, _ = exporter.from_notebook_node(deck, resources=resources)
    return without_nbconvert_tab_stops(body)


def page_html(
    notebook: Any,
    page: NotebookPage,
    previous: NotebookPage | None,
    following: NotebookPage | None,
    edition: Edition | None = None,
) -> str:
    """One notebook as a self-contained page reading its scripts from ``static/``.

    >>> import nbformat
    >>> page = NotebookPage(Path("01_a.ipynb"), "01_a.html", "01 · A")
    >>> text = page_html(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 01 · A")]), page, None, None)
    >>> import re
    >>> re.findall(r'<script[^>]*\\bsrc="([^"]+)"', text)
    ['static/require.js', 'static/tex-svg.js', 'static/edition/edition.js']
    """
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name=TEMPLATE_NAME, **_exporter_files())
    _hide_prose_code(exporter)
    resources = {
        "metadata": {"name": page.title},
        "wordpiece_site": {
            "title": page.title,
            "slides": page.slides,
            "note": STATIC_NOTE,
            "teacher": TEACHER_NOTE if edition is not None and edition.teacher else "",
            "previous": PageLink(previous.href, previous.title) if previous else None,
            "next": PageLink(following.href, following.title) if following else None,
        },
    }
    body, _ = exporter.from_notebook_node(clean_outputs(notebook), resources=resources)
    return without_nbconvert_tab_stops(body)


#: nbconvert makes every cell's input and output a Tab stop (``tabindex="0"``), scrolling or not. The
#: edition's script gives a Tab stop to the boxes that really scroll, and only on the slide shown.
_TAB_STOP = re.compile(r'(<div class="[^"]*\b(?:jp-Cell-inputWrapper|jp-OutputArea-output)\b[^"]*"[^>]*?) tabindex="0"')


def without_nbconvert_tab_stops(html_text: str) -> str:
    """``html_text`` without the ``tabindex="0"`` nbconvert puts on every cell's input and output.

    >>> without_nbconvert_tab_stops('<div class="jp-Cell-inputWrapper" tabindex="0"><a tabindex="0">')
    '<div class="jp-Cell-inputWrapper"><a tabindex="0">'
    """
    return _TAB_STOP.sub(r"\1", html_text)


def _scrub(text: str) -> str:
    for folder, name in [(str(ROOT), "<workshop folder>"), (tempfile.gettempdir().rstrip("/"), "<temporary folder>")]:
        text = re.sub(re.escape(folder) + r"(?=[/\\\s'\"]|$)", name, text)
    return text


def clean_outputs(notebook: Any) -> Any:
    """A copy whose outputs name no folder of the machine that built it (the checkout, temporary folders).

    >>> import nbformat, tempfile
    >>> cell = nbformat.v4.new_code_cell("x", outputs=[nbformat.v4.new_output("stream", text=tempfile.gettempdir() + "/dask-1\\n")])
    >>> clean_outputs(nbformat.v4.new_notebook(cells=[cell])).cells[0].outputs[0].text
    '<temporary folder>/dask-1\\n'
    """
    clean = copy.deepcopy(notebook)
    for cell in clean.cells:
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _scrub(output["text"])
            data = output.get("data", {})
            for kind in ("text/plain", "text/html", "text/markdown"):
                if isinstance(data.get(kind), str):
                    data[kind] = _scrub(data[kind])
            if "traceback" in output:
                output["traceback"] = [_scrub(line) for line in output["traceback"]]
    return clean


def _inline_markdown(text: str) -> str:
    import mistune

    rendered = mistune.create_markdown(escape=True)(text).strip()
    return rendered.removeprefix("<p>").removesuffix("</p>")


def index_html(pages: Sequence[NotebookPage], *, built: str = "", teacher: bool = False) -> str:
    """The contents page: every notebook in order, with its learning goals.

    >>> page = NotebookPage(Path("01_a.ipynb"), "01_a.html", "01 · A", ["count `pairs`"])
    >>> text = index_html([page])
    >>> '<a href="01_a.html">01 · A</a>' in text and "<code>pairs</code>" in text
    True
    """
    items = []
    for page in pages:
        goals = "".join(f"<li>{_inline_markdown(goal)}</li>" for goal in page.goals)
        goals_html = f"<p class='lead'>By the end you can</p><ol class='goals'>{goals}</ol>" if goals else ""
        slides = f' <a class="slides" href="{html.escape(page.slides)}">slides</a>' if page.slides else ""
        items.append(
            f'<li class="notebook"><a href="{html.escape(page.href)}">{html.escape(page.title)}</a>{slides}'
            f"{goals_html}</li>"
        )
    built_html = f"<p class='built'>{html.escape(built)}</p>" if built else ""
    if teacher:
        banner = f'<p class="wp-teacher" role="note">{html.escape(TEACHER_NOTE)}</p>'
        what = "each notebook executed with its exercises solved"
    else:
        banner = ""
        what = "each student notebook executed as a student first sees it (exercises not done yet)"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>WordPiece workshop: the notebooks</title>
<style>
  body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 52em; margin: 2em auto;
    padding: 0 1em; line-height: 1.5; color: #222; overflow-wrap: anywhere; }}
  a {{ color: #0b57a4; text-decoration: underline; }}
  a:focus-visible {{ outline: 3px solid #0b57a4; outline-offset: 2px; }}
  .wp-teacher {{ padding: 0.5em 0.8em; background: #fdecea; border: 2px solid #a3261b; color: #222; }}
  ol.notebooks {{ padding-left: 0; list-style: none; }}
  li.notebook {{ margin: 1.2em 0; padding: 0.6em 1em; border: 1px solid #ddd; border-radius: 6px; }}
  li.notebook > a {{ font-size: 1.2em; font-weight: bold; }}
  li.notebook > a.slides {{ font-size: 0.9em; font-weight: normal; margin-left: 0.6em; }}
  p.lead {{ margin: 0.4em 0 0 0; color: #4d4d4d; }}
  ol.goals {{ margin: 0.2em 0; }}
  code {{ background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }}
  p.built {{ color: #595959; font-size: 0.9em; }}
</style>
</head>
<body>
<main>
<h1>WordPiece workshop: the notebooks</h1>
{banner}
<p>The offline edition: {what}, as a page and as a slide deck
(arrow keys or space to step through it, <kbd>S</kbd> for the speaker view). Read them in order; to run and
change the code, open the same notebooks in JupyterLab.</p>
<ol class="notebooks">
{"".join(items)}
</ol>
{built_html}
</main>
</body>
</html>
"""


def _build_note() -> str:
    from wordpiece_lib import __version__

    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return f"Built {stamp} with wordpiece_lib {__version__} on Python {platform.python_version()}."


def save_executed(notebook: Any, target: Path) -> Path:
    """Write an executed notebook (outputs and widget state as executed, before the site's clean-up) to ``target``.

    Written under a temporary name and renamed, so a reader never sees half a notebook.

    >>> import nbformat, tempfile
    >>> target = Path(tempfile.mkdtemp()) / "01_x.ipynb"
    >>> save_executed(nbformat.v4.new_notebook(), target).name
    '01_x.ipynb'
    """
    import nbformat

    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    nbformat.write(notebook, partial)
    os.replace(partial, target)
    return target


def _write_into(
    folder: Path,
    notebooks: Sequence[Path],
    timeout: int,
    workers: int,
    edition: Edition,
    executed_copies: Path | None = None,
) -> list[NotebookPage]:
    with ThreadPoolExecutor(max_workers=workers) as pool:
        executed = list(pool.map(lambda path: execute_notebook(path, timeout), notebooks))
    if executed_copies is not None:  # for whoever needs the same notebooks executed (the live-slides tests)
        for path, notebook in zip(notebooks, executed):
            save_executed(notebook, executed_copies / path.name)
    pages = [
        NotebookPage(
            source=path,
            href=f"{path.stem}.html",
            title=notebook_title(notebook, path.stem),
            goals=learning_goals(notebook),
            slides=f"{path.stem}.slides.html",
        )
        for path, notebook in zip(notebooks, executed)
    ]
    guide = GUIDE.read_text(encoding="utf-8") if GUIDE.is_file() else ""
    for index, (page, notebook) in enumerate(zip(pages, executed)):
        previous = pages[index - 1] if index > 0 else None
        following = pages[index + 1] if index + 1 < len(pages) else None
        (folder / page.href).write_text(page_html(notebook, page, previous, following, edition), encoding="utf-8")
        (folder / page.slides).write_text(slides_html(notebook, page, edition, guide), encoding="utf-8")
    index = index_html(pages, built=_build_note(), teacher=edition.teacher)
    (folder / "index.html").write_text(index, encoding="utf-8")
    static = folder / "static"
    static.mkdir()
    for name in ASSETS:
        (static / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(STATIC / name, static / name)
    shutil.copytree(STATIC / "licenses", static / "licenses")
    shutil.copytree(STATIC / EDITION_FILES, static / EDITION_FILES)
    shutil.copy2(STATIC / "README.md", static / "README.md")
    return pages


def _swap_into_place(built: Path, target: Path) -> None:
    """Rename ``built`` to ``target``; an old ``target`` is moved aside first and removed after."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=target.parent))
        old.rmdir()
        os.replace(target, old)
    try:
        os.replace(built, target)
    except BaseException:
        if old is not None:
            os.replace(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build_site(
    out: str | os.PathLike[str],
    notebooks_dir: str | os.PathLike[str],
    *,
    timeout: int = DEFAULT_CELL_TIMEOUT,
    workers: int = 2,
    teacher: bool | None = None,
    executed_copies: str | os.PathLike[str] | None = None,
) -> list[NotebookPage]:
    """Execute every notebook of ``notebooks_dir`` and write the HTML edition to ``out`` (replaced whole).

    Returns the pages in order. Nothing is written to ``out`` unless every notebook ran. ``teacher``:
    whether every page says it is the teacher's edition (None: when the notebooks hold solutions,
    ``# BEGIN SOLUTION`` blocks, as ``notebooks/solutions/`` does). ``executed_copies``: a folder
    that also receives each notebook as executed (``.ipynb``, widget state kept), once every one ran.

    >>> import tempfile, pathlib
    >>> build_site(pathlib.Path(tempfile.mkdtemp()) / "site", tempfile.mkdtemp())
    Traceback (most recent call last):
    ...
    ValueError: notebooks_dir holds no numbered notebooks (01_*.ipynb ...)
    """
    check_int(timeout, "timeout", minimum=1)
    check_int(workers, "workers", minimum=1)
    notebooks = find_notebooks(notebooks_dir)
    if not notebooks:
        raise ValueError("notebooks_dir holds no numbered notebooks (01_*.ipynb ...)")
    problems = check_assets()
    if problems:
        raise SiteBuildError("the vendored scripts are not as recorded: " + "; ".join(problems))
    if teacher is None:
        teacher = any("# BEGIN SOLUTION" in path.read_text(encoding="utf-8") for path in notebooks)
    edition = Edition("solutions" if teacher else "student", Path(notebooks_dir), Path(out), teacher=teacher)
    target = Path(out).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f".{target.name}-building-", dir=target.parent))
    try:
        with _environment(JUPYTER_PREFER_ENV_PATH="1"):
            copies = None if executed_copies is None else Path(executed_copies)
            pages = _write_into(building, notebooks, timeout, workers, edition, copies)
        building.chmod(0o755)  # mkdtemp makes it private; a site is meant to be read
        _swap_into_place(building, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            shutil.rmtree(building)
    return pages


@contextlib.contextmanager
def _environment(**values: str) -> Iterator[None]:
    """Set environment variables for the kernels started inside the block, then put the old values back."""
    # "python3" must mean this environment's kernel, not another one registered on the machine.
    old = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in old.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: build the site and say where it is.

    >>> main(["--timeout", "0"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = argparse.ArgumentParser(
        prog="python tools/site/build_edition.py",
        description="Execute the notebooks and write an offline HTML edition (widgets and plots kept).",
    )
    parser.add_argument(
        "--edition",
        choices=sorted(EDITIONS),
        default="solutions",
        help="solutions: the teacher's edition of notebooks/solutions in site/; student: the notebooks students "
        "get, in site-student/, whose decks are the ones to project (default: %(default)s)",
    )
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: the edition's)")
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="folder of numbered notebooks to execute (default: the edition's)"
    )
    parser.add_argument(
        "--timeout", type=int, default=DEFAULT_CELL_TIMEOUT, help="seconds allowed per cell (default: %(default)s)"
    )
    parser.add_argument("--workers", type=int, default=2, help="notebooks executed at once (default: %(default)s)")
    parser.add_argument(
        "--executed-copies",
        type=Path,
        default=None,
        help="also write each notebook as executed (.ipynb, widget state kept) into this folder",
    )
    args = parser.parse_args(argv)
    if args.timeout < 1 or args.workers < 1:
        parser.error("--timeout and --workers must be at least 1")
    edition = EDITIONS[args.edition]
    args.out = args.out or edition.out
    started = time.perf_counter()
    try:
        pages = build_site(
            args.out,
            args.notebooks or edition.notebooks,
            timeout=args.timeout,
            workers=args.workers,
            teacher=edition.teacher,
            executed_copies=args.executed_copies,
        )
    except (SiteBuildError, FileNotFoundError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"wrote {args.out / 'index.html'} and {len(pages)} notebook pages in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
