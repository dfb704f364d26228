"""A notebook page of a private JupyterLab, driven as a student does: open it, Run All, shut its kernel.

Shared by ``test_jupyterlab.py`` (the widgets used in the browser) and ``benchmarks/widget_latency.py``
(how fast every control answers); ``_browser.py`` starts the JupyterLab and the browser.
"""

from __future__ import annotations

import json
import urllib.request

OPEN_TIMEOUT = 90_000  # ms: page load plus kernel start on a busy CI machine
RUN_ALL_TIMEOUT = 240_000  # ms: every cell of one notebook

STATUS_IDLE = "Python 3 (ipykernel) | Idle"
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"  # the notebook on screen

#: True once every code cell has a number, or once a cell failed (Run All stops there).
_RUN_ALL_DONE = """(notebook) => {
    const panel = document.querySelector(notebook);
    if (!panel) return false;
    const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent.trim());
    const failed = panel.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]');
    return prompts.length > 0 && (prompts.every(p => /^\\[\\d+\\]:$/.test(p)) || (failed && !prompts.includes('[*]:')));
}"""


def open_and_run_all(page, lab, notebook: str) -> None:
    """Open ``notebook`` (a path under the server's root), wait for its kernel, Run All, wait until every cell ran."""
    # "reset": a fresh workspace, so the previous notebook's tab (and kernel) does not come back.
    page.goto(lab.page_url(notebook) + "&reset", timeout=OPEN_TIMEOUT)
    page.locator(f"{NOTEBOOK} .jp-Cell").first.wait_for(timeout=OPEN_TIMEOUT)
    status = page.locator("#jp-main-statusbar")
    # The toolbar says "idle" before the kernel can take work; the status bar is the reliable signal.
    status.get_by_text(STATUS_IDLE).wait_for(timeout=OPEN_TIMEOUT)
    # Fold the file browser away: more room for the notebook.
    page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(_RUN_ALL_DONE, arg=NOTEBOOK, timeout=RUN_ALL_TIMEOUT)
    status.get_by_text(STATUS_IDLE).wait_for(timeout=OPEN_TIMEOUT)


def shut_down_kernels(lab) -> None:
    """Delete every session of the server (and so its kernel): the next notebook starts alone (CI has two cores)."""
    base = f"{lab.url}/api/sessions?token={lab.token}"
    try:
        with urllib.request.urlopen(base, timeout=10) as response:
            sessions = json.load(response)
        for session in sessions:
            request = urllib.request.Request(
                f"{lab.url}/api/sessions/{session['id']}?token={lab.token}", method="DELETE"
            )
            urllib.request.urlopen(request, timeout=30).close()
    except OSError:
        pass  # the server is stopped at the end anyway
