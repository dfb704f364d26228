"""The offline edition's builder on small notebooks made here (the real build is in tests/browser/).

Each build starts a kernel, so these few tests take a few seconds each.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("nbconvert")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "site"))
import build_edition as site  # noqa: E402

GOALS = "**By the end you can**\n\n1. move a *slider*;\n2. read its value\n   back.\n\nThen more prose."


def write_notebook(folder: Path, name: str, code: str, markdown: str = GOALS) -> Path:
    cells = [nbformat.v4.new_markdown_cell(f"# {name} · Title\n\n{markdown}"), nbformat.v4.new_code_cell(code)]
    path = folder / name
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


@pytest.mark.parametrize("folder", ["notebooks", "notebooks/solutions"])
def test_every_notebook_states_its_learning_goals(folder):
    paths = site.find_notebooks(ROOT / folder)
    assert paths, f"no notebooks in {folder}"
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        goals = site.learning_goals(notebook)
        assert len(goals) >= 3, f"{path.name}: no list after 'By the end you can'"
        assert all(goal and not goal.startswith(("1.", "-", "*")) for goal in goals), goals
        assert site.notebook_title(notebook, "?") != "?", f"{path.name} has no '# title'"


def test_goals_are_the_list_right_after_the_phrase():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(GOALS + "\n\n1. not a goal")])
    assert site.learning_goals(notebook) == ["move a *slider*;", "read its value back."]
    assert site.learning_goals(nbformat.v4.new_notebook()) == []


def test_index_escapes_and_renders_goals():
    page = site.NotebookPage(Path("01_a.ipynb"), "01_a.html", "01 · <A> & B", ["use `##` and <b>"])
    text = site.index_html([page])
    assert "01 · &lt;A&gt; &amp; B" in text
    assert "<code>##</code>" in text and "&lt;b&gt;" in text


def before_a_build(tmp_path: Path, codes: dict[str, str], old_page: tuple[str, str]) -> tuple[Path, Path]:
    """``tmp_path``'s folder of notebooks (file name -> code) and its site folder, holding an old page (name, text)."""
    notebooks = tmp_path / "nbs"
    notebooks.mkdir()
    for name, code in codes.items():
        write_notebook(notebooks, name, code)
    out = tmp_path / "site"
    out.mkdir()
    (out / old_page[0]).write_text(old_page[1])
    return notebooks, out


def test_build_writes_index_pages_and_static_files(tmp_path):
    slider = "import ipywidgets\nipywidgets.IntSlider(value=7, description='pick')"
    notebooks, out = before_a_build(
        tmp_path, {"01_slider.ipynb": slider, "02_plain.ipynb": "print(6 * 7)"}, ("stale.html", "from an older build")
    )
    pages = site.build_site(out, notebooks, timeout=120, workers=2, executed_copies=tmp_path / "executed")
    assert [page.href for page in pages] == ["01_slider.html", "02_plain.html"]
    # each notebook as executed (the live-slides tests read these instead of executing the notebooks again)
    copies = {path.name: nbformat.read(path, as_version=4) for path in (tmp_path / "executed").iterdir()}
    assert sorted(copies) == ["01_slider.ipynb", "02_plain.ipynb"], "one copy a notebook, no partial file left"
    assert "application/vnd.jupyter.widget-state+json" in copies["01_slider.ipynb"].metadata.widgets
    assert copies["02_plain.ipynb"].cells[1].outputs[0].text == "42\n"
    assert not (out / "stale.html").exists(), "the old site must be replaced whole"
    index = (out / "index.html").read_text(encoding="utf-8")
    assert index.index("01_slider.html") < index.index("02_plain.html")
    assert "<em>slider</em>" in index and "read its value back." in index
    first = (out / "01_slider.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in first and '"value": 7' in first
    assert 'src="static/require.js"' in first and "static/embed-amd.js" in first
    assert 'href="02_plain.html"' in first and 'href="index.html"' in first
    assert "42" in (out / "02_plain.html").read_text(encoding="utf-8")
    for name, digest in site.ASSETS.items():
        assert hashlib.sha256((out / "static" / name).read_bytes()).hexdigest() == digest
    for licence in ("mathjax-LICENSE.txt", "revealjs-LICENSE.txt", "jquery-LICENSE.txt", "source-sans-pro-LICENSE.txt"):
        assert (out / "static" / "licenses" / licence).is_file(), licence
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["executed", "nbs", "site"], "temporary folders were left behind"


def test_build_writes_a_slide_deck_per_notebook_and_hides_the_code_of_prose_cells(tmp_path):
    notebooks = tmp_path / "nbs"
    notebooks.mkdir()
    cells = [
        nbformat.v4.new_markdown_cell("# 01 · Deck\n\n" + GOALS, metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_code_cell("count = 6 * 7", metadata={"slideshow": {"slide_type": "skip"}}),
        nbformat.v4.new_markdown_cell("## Second slide\n\n$$x^2$$", metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_code_cell(
            'from IPython.display import Markdown\nMarkdown(f"the answer is **{count}**")',
            metadata={"slideshow": {"slide_type": "-"}, "tags": ["prose"]},
        ),
    ]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), notebooks / "01_deck.ipynb")
    pages = site.build_site(tmp_path / "site", notebooks, timeout=120, workers=1)
    assert [page.slides for page in pages] == ["01_deck.slides.html"]
    deck = (tmp_path / "site" / "01_deck.slides.html").read_text(encoding="utf-8")
    assert deck.count("<section") >= 2, "each slide-type 'slide' cell opens a slide"
    assert 'src="static/jquery.min.js"' in deck and 'src="static/require.js"' in deck
    assert "static/reveal.js/dist/reveal.js" in deck and 'href="static/reveal.js/dist/reveal.css"' in deck
    assert "the answer is <strong>42</strong>" in deck and "Markdown(f" not in deck, "a prose cell shows its text only"
    assert "count = 6 * 7" not in deck, "a skipped cell is no slide"
    page = (tmp_path / "site" / "01_deck.html").read_text(encoding="utf-8")
    assert "the answer is <strong>42</strong>" in page and "Markdown(f" not in page
    assert 'href="01_deck.slides.html"' in page
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a class="slides" href="01_deck.slides.html">slides</a>' in index
    for source in re.findall(r"""<(?:script|link)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", deck):
        assert not source.startswith(("http:", "https:", "//")), source
        assert (tmp_path / "site" / source).is_file(), f"{source} is not in the site"


def test_a_failing_notebook_leaves_the_old_site_untouched(tmp_path):
    broken = "raise ValueError('boom from the notebook')"
    notebooks, out = before_a_build(
        tmp_path, {"01_ok.ipynb": "x = 1", "02_broken.ipynb": broken}, ("index.html", "the previous site")
    )
    with pytest.raises(site.SiteBuildError, match=r"02_broken\.ipynb(.|\n)*boom from the notebook"):
        site.build_site(out, notebooks, timeout=120)
    assert (out / "index.html").read_text() == "the previous site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nbs", "site"], "temporary folders were left behind"


def test_tampered_assets_are_reported(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(site.STATIC, static)
    assert site.check_assets(static) == []
    (static / "require.js").write_text("// not require.js")
    (static / "tex-svg.js").unlink()
    problems = site.check_assets(static)
    assert len(problems) == 2 and "sha256" in problems[0] and "missing" in problems[1]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"timeout": 0}, ValueError, "timeout must be at least 1"),
        ({"workers": "2"}, TypeError, "workers must be an int"),
    ],
)
def test_bad_arguments_are_named(tmp_path, kwargs, error, message):
    with pytest.raises(error, match=message):
        site.build_site(tmp_path / "site", ROOT / "notebooks" / "solutions", **kwargs)


def test_command_reports_a_missing_folder(tmp_path, capsys):
    assert site.main(["--out", str(tmp_path / "site"), "--notebooks", str(tmp_path / "nowhere")]) == 1
    assert "nowhere does not exist" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


# Accessibility of what the builder writes (issue 32): figures' text alternatives, Tab stops, decks fit to
# project, the teacher's edition. These convert notebooks made here without running them.

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
FIGURE_HTML = (
    '<figure role="group" aria-label="Pair scores"><img src="data:image/png;base64,' + PNG + '" alt="Bars of six '
    'pair scores; ##g ##s is highest at 1/20."><figcaption>Scores of the hug/pug pairs</figcaption>'
    "<details><summary>Data</summary><table><tr><th>pair</th><th>score</th></tr>"
    "<tr><td>##g ##s</td><td>1/20</td></tr></table></details></figure>"
)


def executed_notebook():
    """A notebook as the builder gets it after execution: a figure bundle, a png with alt, one without, a check."""
    slide = {"slideshow": {"slide_type": "slide"}}
    figure = nbformat.v4.new_output(
        "display_data",
        data={"text/html": FIGURE_HTML, "image/png": PNG, "text/plain": "<Figure>"},
        metadata={"image/png": {"alt": "Bars of six pair scores"}},
    )
    png_with_alt = nbformat.v4.new_output(
        "display_data", data={"image/png": PNG, "text/plain": "<Figure>"}, metadata={"image/png": {"alt": "A grid"}}
    )
    png_without = nbformat.v4.new_output("display_data", data={"image/png": PNG, "text/plain": "<Figure>"})
    words = nbformat.v4.new_output(
        "display_data", data={"text/html": '<p>Hello: <span lang="ru">привет</span> <span lang="ja">東京</span></p>'}
    )
    paths = nbformat.v4.new_output("stream", text=f"saved to {tempfile.gettempdir()}/tmpabc123/vocab.txt\n")
    cells = [
        nbformat.v4.new_markdown_cell("# 02 · Scores\n\n" + GOALS, metadata=slide),
        nbformat.v4.new_markdown_cell("## 1 · Counting\n\nProse of section one. " * 1, metadata=slide),
        nbformat.v4.new_code_cell("plot()", outputs=[figure], metadata={"slideshow": {"slide_type": "-"}}),
        nbformat.v4.new_code_cell("grid()", outputs=[png_with_alt], metadata={"slideshow": {"slide_type": "-"}}),
        nbformat.v4.new_code_cell("other()", outputs=[png_without], metadata={"slideshow": {"slide_type": "-"}}),
        nbformat.v4.new_code_cell("words()", outputs=[words, paths], metadata={"slideshow": {"slide_type": "-"}}),
        nbformat.v4.new_code_cell(
            "%%ipytest\ndef test_scores():\n    checks.check_scores(scores)",
            outputs=[nbformat.v4.new_output("stream", text="\x1b[32m.\x1b[0m 1 passed in 0.01s\n")],
            metadata={"slideshow": {"slide_type": "-"}},
        ),
        nbformat.v4.new_markdown_cell("## 2 · Ties\n\n" + "A long paragraph of prose. " * 12, metadata=slide),
    ]
    cells += [
        nbformat.v4.new_code_cell(f"line_{i} = {i}", metadata={"slideshow": {"slide_type": "-"}}) for i in range(30)
    ]
    return nbformat.v4.new_notebook(cells=cells)


GUIDE = """### 02 · Scores

* **Discussion**: Why count pairs by word counts (section 1)? What goes wrong with floats (section 2)?

### 03 · Next
"""


def test_pages_give_every_figure_its_alternative_and_no_placeholder():
    page = site.NotebookPage(Path("02_scores.ipynb"), "02_scores.html", "02 · Scores", slides="02_scores.slides.html")
    text = site.page_html(executed_notebook(), page, None, None)
    assert 'aria-label="Pair scores"' in text and "<figcaption>Scores of the hug/pug pairs</figcaption>" in text
    assert "<details><summary>Data</summary>" in text, "the figure bundle's HTML (with its data) is what shows"
    assert 'alt="A grid"' in text, "a png alone takes its alt from the output's metadata"
    assert site_placeholder() not in text
    assert text.count("data-wp-no-alt") == 1, "the png without a description is marked for the browser test"
    assert 'lang="ru"' in text and 'lang="ja"' in text, "language marks of outputs reach the page"
    assert not re.search(r'class="[^"]*(jp-Cell-inputWrapper|jp-OutputArea-output)[^"]*"[^>]*tabindex', text)
    assert tempfile.gettempdir() + "/" not in text and "&lt;temporary folder&gt;/tmpabc123/vocab.txt" in text


def site_placeholder() -> str:
    return "No description has been provided for this image"


def test_decks_leave_checks_out_add_notes_and_continue_long_slides():
    page = site.NotebookPage(Path("02_scores.ipynb"), "02_scores.html", "02 · Scores", slides="02_scores.slides.html")
    deck = site.slides_html(executed_notebook(), page, site.EDITIONS["student"], GUIDE)
    assert "%%ipytest" not in deck and "1 passed" not in deck, "exercise checks are not projected"
    notes = re.findall(r'<aside class="notes">(.*?)</aside>', deck, re.DOTALL)
    assert len(notes) == 2, notes
    assert "Why count pairs by word counts (section 1)?" in notes[0] and "floats" in notes[1]
    assert all("min for this section" in note for note in notes)
    assert deck.count("<section") > 2 * 3, "section 2's long code is continued on sub-slides"
    assert "line_29" in deck and "line_0" in deck, "nothing is lost when a slide is continued"
    assert 'alt="A grid"' in deck and site_placeholder() not in deck
    assert "Teacher" not in deck
    teacher = site.slides_html(executed_notebook(), page, site.EDITIONS["solutions"], GUIDE)
    assert "Teacher's edition" in teacher


def test_fit_slides_cuts_a_tall_code_cell_between_lines():
    sys.path.insert(0, str(ROOT / "tools" / "site"))
    import decks

    source = "\n".join(f"value_{i} = {i}" for i in range(60))
    cell = nbformat.v4.new_code_cell(source, metadata={"slideshow": {"slide_type": "slide"}})
    fitted = decks.fit_slides([cell], set())
    assert len(fitted) >= 3
    assert "\n".join(part.source for part in fitted) == source
    assert decks.slide_type(fitted[0]) == "slide"
    assert all(decks.cell_height(part) <= decks.BUDGET for part in fitted)
