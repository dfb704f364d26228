"""Helpers for the real-browser tests: a Chromium driven by Playwright, and a private JupyterLab.

The browser, first found wins: ``WORDPIECE_BROWSER`` (any Chromium or Chrome executable), a
Chromium or Chrome installed on the machine (Debian's ``/usr/bin/chromium`` in CI), then
Playwright's own Chromium (``playwright install chromium``). ``tools/install_browser.sh`` puts one
in place when it can; with none, the browser tests skip and say why (in CI they fail instead).
``python tests/browser/_browser.py`` prints the browser the tests would use.

Nothing here downloads anything: JupyterLab listens on 127.0.0.1 only, and Chromium runs with its
background networking turned off.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

#: A Chromium or Chrome executable to use instead of looking for one.
BROWSER_ENV = "WORDPIECE_BROWSER"
#: Where Chromium and Chrome are installed on Debian/Ubuntu and macOS, tried in order.
INSTALLED_BROWSERS = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)
HOW_TO_GET_ONE = (
    "run `bash tools/install_browser.sh` (Debian's chromium with root or sudo, else Playwright's own "
    f"Chromium), or set {BROWSER_ENV} to a Chromium or Chrome executable"
)

#: No sandbox (CI runs as root), and none of Chromium's own traffic (updates, sync, field trials...).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication",
    "--metrics-recording-only",
]

SERVER_START_TIMEOUT = 90  # seconds; JupyterLab starts in 3-6 s here, much slower on a busy CI core
SERVER_STOP_TIMEOUT = 20


def in_ci() -> bool:
    """CI sets ``CI=true``: there a missing browser is a failure, not a skip."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


@dataclass(frozen=True)
class BrowserChoice:
    """The browser the tests launch (``executable`` None: Playwright's own Chromium), or why there is none."""

    executable: str | None = None
    playwright_own: bool = False
    missing: str | None = None

    def describe(self) -> str:
        if self.missing:
            return f"no browser for the browser tests: {self.missing}"
        where = self.executable or "Playwright's own Chromium"
        return f"browser tests use {where}"


def _executable(path: str | os.PathLike[str]) -> bool:
    return Path(path).is_file() and os.access(path, os.X_OK)


def _playwright_own_chromium() -> bool:
    """Whether ``playwright install chromium`` has put Playwright's own Chromium on this machine."""
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            return _executable(playwright.chromium.executable_path)
    except Exception:  # the driver cannot start here: no usable Playwright browser either
        return False


def choose_browser() -> BrowserChoice:
    """The browser for the tests: ``WORDPIECE_BROWSER``, an installed Chromium or Chrome, Playwright's own."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return BrowserChoice(missing=f"Python Playwright is not installed; {HOW_TO_GET_ONE}")
    configured = os.environ.get(BROWSER_ENV, "").strip()
    if configured:
        if _executable(configured):
            return BrowserChoice(executable=configured)
        return BrowserChoice(missing=f"{BROWSER_ENV}={configured} is not an executable file; {HOW_TO_GET_ONE}")
    found = [path for path in INSTALLED_BROWSERS if _executable(path)]
    found += [path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))]
    if found:
        return BrowserChoice(executable=found[0])
    if _playwright_own_chromium():
        return BrowserChoice(playwright_own=True)
    return BrowserChoice(missing=f"no Chromium or Chrome found; {HOW_TO_GET_ONE}")


_CHOICE: list[BrowserChoice] = []


def browser_choice() -> BrowserChoice:
    """``choose_browser()``, worked out once per test run."""
    if not _CHOICE:
        _CHOICE.append(choose_browser())
    return _CHOICE[0]


def browser_missing_reason() -> str | None:
    """Why the real-browser tests cannot run here, or None when they can."""
    return browser_choice().missing


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def chromium_browser(playwright) -> Iterator:
    """Launch the chosen Chromium headless; it is closed when the block ends, whatever happens."""
    choice = browser_choice()
    if choice.executable is None:  # Playwright's own build: it picks its headless mode itself
        browser = playwright.chromium.launch(headless=True, args=CHROMIUM_ARGS)
    else:
        browser = playwright.chromium.launch(
            executable_path=choice.executable, headless=True, args=["--headless=new", *CHROMIUM_ARGS]
        )
    try:
        yield browser
    finally:
        with contextlib.suppress(Exception):
            browser.close()


@dataclass
class LabServer:
    """A running private JupyterLab: where it listens, its token and the folder it serves."""

    url: str
    token: str
    root: Path
    process: subprocess.Popen
    log: Path

    def page_url(self, notebook: str) -> str:
        return f"{self.url}/lab/tree/{notebook}?token={self.token}"

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")[-chars:]
        except OSError:
            return ""


def _write_settings(settings: Path, windowing: str | None = "none") -> None:
    tracker = settings / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    # Start the kernel without a dialog; render every cell (windowing hides off-screen cells from the DOM),
    # unless the caller asks for another windowing mode (None: JupyterLab's default, as a student has it).
    notebook = {"autoStartDefaultKernel": True} | ({"windowingMode": windowing} if windowing else {})
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps(notebook), encoding="utf-8")
    notification = settings / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    # No "fetch the news?" question, and no request to the news feed.
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8"
    )


def lab_environment(home: Path, windowing: str | None = "none") -> dict[str, str]:
    """Environment for a JupyterLab whose config, data, runtime, settings and workspaces all live in ``home``.

    ``windowing``: the notebooks' windowing mode (``"none"``: every cell rendered, as the tests need; ``None``:
    JupyterLab's default).
    """
    env = dict(os.environ)
    for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("IPYTHONDIR", "ipython"),
        ("MPLCONFIGDIR", "matplotlib"),
    ]:
        folder = home / sub
        folder.mkdir(parents=True, exist_ok=True)
        env[name] = str(folder)
    # The data dir stays unset: JupyterLab finds its extensions (the widgets' one included) in the
    # environment; a private JUPYTER_DATA_DIR first, then the environment's, keeps kernels and user files out.
    data = home / "data"
    data.mkdir(parents=True, exist_ok=True)
    env["JUPYTER_DATA_DIR"] = str(data)
    env["JUPYTER_PREFER_ENV_PATH"] = "1"  # "python3" means this environment's kernel
    env["PYTHONUNBUFFERED"] = "1"
    _write_settings(home / "settings", windowing)
    # No announcements feed and no update check: the server itself makes no request to the internet.
    (home / "config" / "jupyter_server_config.json").write_text(
        json.dumps({"LabApp": {"news_url": None, "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}),
        encoding="utf-8",
    )
    return env


def _wait_until_up(url: str, token: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with code {process.returncode} before answering:\n"
                f"{log.read_text(encoding='utf-8', errors='replace')[-3000:]}"
            )
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError) as error:
            last_error = error
        time.sleep(0.3)
    raise TimeoutError(f"JupyterLab did not answer on {url} within {SERVER_START_TIMEOUT} s ({last_error})")


def stop_process(process: subprocess.Popen) -> None:
    """Stop a server and its kernels: SIGTERM to its process group, then SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=SERVER_STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=SERVER_STOP_TIMEOUT)


@contextlib.contextmanager
def jupyterlab(
    root: Path, home: Path, extra_env: dict[str, str] | None = None, *, windowing: str | None = "none"
) -> Iterator[LabServer]:
    """Run a private JupyterLab serving ``root`` on a free 127.0.0.1 port; stopped when the block ends.

    ``windowing``: the notebooks' windowing mode, as for :func:`lab_environment`.
    """
    jupyter = shutil.which("jupyter", path=str(Path(sys.executable).parent)) or shutil.which("jupyter")
    if jupyter is None:
        raise RuntimeError("the 'jupyter' command is not installed in this environment (pip install jupyterlab)")
    token = secrets.token_hex(16)
    env = lab_environment(home, windowing)
    env.update(extra_env or {})
    log = home / "jupyterlab.log"
    command = [
        jupyter,
        "lab",
        "--no-browser",
        f"--port={free_port()}",
        "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with open(log, "wb") as log_stream:
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=log_stream, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        port = next(arg.split("=", 1)[1] for arg in command if arg.startswith("--port="))
        url = f"http://127.0.0.1:{port}"
        _wait_until_up(url, token, process, log)
        yield LabServer(url=url, token=token, root=root, process=process, log=log)
    finally:
        stop_process(process)


def widget_classes() -> list[str]:
    """The library's widget classes: what each ``wordpiece_lib.classroom.<topic>.widgets`` exports that displays itself."""
    import importlib
    import pkgutil

    from wordpiece_lib import classroom

    names = []
    for info in pkgutil.iter_modules(classroom.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"wordpiece_lib.classroom.{info.name}.widgets")
        except ModuleNotFoundError as error:
            if error.name != f"wordpiece_lib.classroom.{info.name}.widgets":
                raise
            continue
        for name in getattr(module, "__all__", []):
            value = getattr(module, name, None)
            if isinstance(value, type) and hasattr(value, "_repr_mimebundle_"):
                names.append(name)
    return sorted(set(names))


def notebook_code(path: Path) -> str:
    """Every code cell of a notebook, as one text."""
    import nbformat

    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")


def shown_widgets(path: Path) -> list[str]:
    """Widget classes a notebook's code calls (``MergeStepper(`` ...), plus ``ipywidgets`` for direct use."""
    import re

    code = notebook_code(path)
    found = [name for name in widget_classes() if re.search(rf"\b{name}\(", code)]
    if re.search(r"^\s*(import ipywidgets|from ipywidgets import)|\binteract(ive)?\(", code, re.MULTILINE):
        found.append("ipywidgets")
    return found


# Fixtures, imported by the test modules (a conftest.py here would clash with tests/conftest.py
# under ``--doctest-modules``, which imports every file named conftest.py as the module "conftest").


def require_browser() -> None:
    """Skip with the reason outside CI; in CI a missing browser is an error, not a silent skip."""
    reason = browser_missing_reason()
    if reason is None:
        return
    if in_ci():
        pytest.fail(f"{reason}. CI (CI=true) must run the browser tests: call tools/install_browser.sh first")
    pytest.skip(reason)


@pytest.fixture(scope="module", name="browser")
def browser_fixture():
    """The chosen Chromium, headless, shared by the tests of one module and closed after them."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, chromium_browser(playwright) as launched:
        yield launched


@pytest.fixture(scope="session", name="screenshot_dir")
def screenshot_dir_fixture(tmp_path_factory) -> Path:
    """Where screenshots go: ``WORDPIECE_SCREENSHOT_DIR`` when set (to keep them), else the pytest temp dir."""
    configured = os.environ.get("WORDPIECE_SCREENSHOT_DIR")
    if configured:
        folder = Path(configured)
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path_factory.mktemp("screenshots")


if __name__ == "__main__":
    # tools/install_browser.sh asks this: which browser would the tests use? (exit 1: none)
    choice = choose_browser()
    print(choice.describe())
    sys.exit(1 if choice.missing else 0)
