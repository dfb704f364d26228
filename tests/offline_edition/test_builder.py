"""The offline edition's builder on small notebooks made here (the real build is in tests/browser/).

Each build starts a kernel, so these few tests take a few seconds each.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import sys
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


def test_build_writes_index_pages_and_static_files(tmp_path):
    notebooks = tmp_path / "nbs"
    notebooks.mkdir()
    write_notebook(notebooks, "01_slider.ipynb", "import ipywidgets\nipywidgets.IntSlider(value=7, description='pick')")
    write_notebook(notebooks, "02_plain.ipynb", "print(6 * 7)")
    out = tmp_path / "site"
    out.mkdir()
    (out / "stale.html").write_text("from an older build")
    pages = site.build_site(out, notebooks, timeout=120, workers=2)
    assert [page.href for page in pages] == ["01_slider.html", "02_plain.html"]
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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nbs", "site"], "temporary folders were left behind"


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
    notebooks = tmp_path / "nbs"
    notebooks.mkdir()
    write_notebook(notebooks, "01_ok.ipynb", "x = 1")
    write_notebook(notebooks, "02_broken.ipynb", "raise ValueError('boom from the notebook')")
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("the previous site")
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
