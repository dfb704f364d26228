"""Live slides (jupyterlab-rise) in a private JupyterLab: executed notebooks, a deck opened, stepped through.

Shared by ``test_rise.py`` (every slide readable and none scrolling) and ``tools/rise_slides.py`` (which
measures each cell on the slides to place the sub-slide breaks). ``_browser.py`` starts the JupyterLab
and the browser.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

#: The projector the slides are made for.
PROJECTOR = {"width": 1280, "height": 720}
OPEN_TIMEOUT = 90_000  # ms: page load plus kernel start on a busy CI machine
EXECUTE_TIMEOUT = 300  # s per cell

#: The present slide's identity, to tell when the space bar no longer moves on.
POSITION = """() => {
  const shown = [...document.querySelectorAll('.reveal .slides section.present')];
  const slide = shown[shown.length - 1];
  return `${[...document.querySelectorAll('.reveal .slides section')].indexOf(slide)}:` +
         `${slide ? slide.querySelectorAll('.fragment.visible').length : 0}`;
}"""


def execute_copy(source: Path, folder: Path) -> Path:
    """The notebook executed in ``folder`` (errors allowed, as stubs raise), saved there under its name."""
    import nbclient
    import nbformat

    notebook = nbformat.read(source, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=EXECUTE_TIMEOUT,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute(env={**os.environ, "WORDPIECE_PROGRESS_DIR": "off", "JUPYTER_PREFER_ENV_PATH": "1"})
    target = folder / source.name
    nbformat.write(notebook, target)
    return target


def executed_elsewhere(source: Path, executed: Path, folder: Path) -> Path:
    """``source`` as another run executed it (the file of its name in ``executed``), saved in ``folder``.

    The copy must hold ``source``'s cells as they are now; the widget state that run saved is left out,
    as :func:`execute_copy` keeps none (a live JupyterLab shows the widgets its kernel makes).
    """
    import nbformat

    notebook = nbformat.read(executed / source.name, as_version=4)
    wanted = [(cell.cell_type, cell.source) for cell in nbformat.read(source, as_version=4).cells]
    if [(cell.cell_type, cell.source) for cell in notebook.cells] != wanted:
        raise AssertionError(f"{executed / source.name} was not executed from {source} as it is now")
    notebook.metadata.pop("widgets", None)
    target = folder / source.name
    nbformat.write(notebook, target)
    return target


def deck_folder(
    root: Path, library: Path, sources: Iterable[Path], rise_css: Path, executed: Path | None = None
) -> Path:
    """``root/notebooks`` holding executed copies of ``sources`` and ``rise_css``, beside a link to the library.

    ``executed``: a folder holding ``sources`` executed already (the student edition's build executes the
    same notebooks): those copies are used instead of executing each notebook again.
    """
    folder = root / "notebooks"
    folder.mkdir(parents=True, exist_ok=True)
    (root / "wordpiece_lib").symlink_to(library, target_is_directory=True)
    shutil.copy2(rise_css, folder / "rise.css")
    for source in sources:
        if executed is None:
            execute_copy(source, folder)
        else:
            executed_elsewhere(source, executed, folder)
    return folder


def open_deck(page, lab, name: str) -> None:
    """Open notebook ``name`` (in the served ``notebooks/``) as RISE's slideshow, on its first slide."""
    page.goto(f"{lab.url}/rise/notebooks/{name}?token={lab.token}", timeout=OPEN_TIMEOUT)
    page.wait_for_selector("body.rise-enabled .reveal .slides section.present", timeout=OPEN_TIMEOUT)
    # The project's style is in place: RISE loaded rise.css from the notebook's folder.
    page.wait_for_function(
        "() => { const link = document.getElementById('rise-custom-css'); return link && link.sheet; }",
        timeout=OPEN_TIMEOUT,
    )
    page.wait_for_timeout(1000)  # RISE moves to the first slide and syncs reveal.js after a moment
    page.locator(".jp-Notebook").first.focus()


def slides(page, measure: Callable[[], Any], limit: int = 400, wait_ms: int = 6000) -> Iterator[Any]:
    """``measure()`` on every slide (and every step of its fragments), pressing space until the deck ends.

    The deck has ended when a press moves nothing within ``wait_ms`` (a busy machine moves slowly).
    """
    yield measure()
    position = page.evaluate(POSITION)
    for _ in range(limit):
        page.keyboard.press("Space")
        try:
            page.wait_for_function(f"() => ({POSITION})() !== {position!r}", timeout=wait_ms)
        except Exception:  # Playwright's timeout: the space bar no longer moves on, the deck is over
            return
        page.wait_for_timeout(150)  # RISE sets a long slide to scroll just after the move
        position = page.evaluate(POSITION)
        yield measure()
    raise AssertionError(f"the deck did not end after {limit} presses of the space bar")
