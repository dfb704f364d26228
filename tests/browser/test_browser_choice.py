"""Which browser the browser tests use, and the one line they skip with when there is none."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import _browser
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_installed_browser(monkeypatch, tmp_path):
    """A machine with no Chromium or Chrome anywhere and no Playwright browser."""
    monkeypatch.setattr(_browser, "INSTALLED_BROWSERS", ())
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(_browser.BROWSER_ENV, raising=False)
    monkeypatch.setattr(_browser, "_playwright_own_chromium", lambda: False)
    monkeypatch.setattr(_browser, "_CHOICE", [])


def fake_browser(folder: Path) -> Path:
    path = folder / "my-chromium"
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_the_browser_named_by_the_environment_comes_first(no_installed_browser, monkeypatch, tmp_path):
    pytest.importorskip("playwright")
    monkeypatch.setenv(_browser.BROWSER_ENV, str(fake_browser(tmp_path)))
    assert _browser.choose_browser() == _browser.BrowserChoice(executable=str(tmp_path / "my-chromium"))
    monkeypatch.setenv(_browser.BROWSER_ENV, str(tmp_path / "absent"))
    missing = _browser.choose_browser().missing
    assert missing.startswith(f"WORDPIECE_BROWSER={tmp_path / 'absent'} is not an executable file")


def test_an_installed_chromium_then_playwrights_own(no_installed_browser, monkeypatch, tmp_path):
    pytest.importorskip("playwright")
    monkeypatch.setattr(_browser, "INSTALLED_BROWSERS", (str(tmp_path / "absent"), str(fake_browser(tmp_path))))
    assert _browser.choose_browser().executable == str(tmp_path / "my-chromium")
    monkeypatch.setattr(_browser, "INSTALLED_BROWSERS", ())
    monkeypatch.setattr(_browser, "_playwright_own_chromium", lambda: True)
    assert _browser.choose_browser() == _browser.BrowserChoice(playwright_own=True)


def test_no_browser_skips_with_the_way_to_get_one_and_fails_in_ci(no_installed_browser, monkeypatch):
    pytest.importorskip("playwright")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        _browser.require_browser()
    reason = str(skipped.value)
    assert "no Chromium or Chrome found" in reason and "bash tools/install_browser.sh" in reason
    assert "WORDPIECE_BROWSER" in reason and "\n" not in reason
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"CI \(CI=true\) must run the browser tests"):
        _browser.require_browser()


def test_the_install_script_never_fails_and_says_which_browser(tmp_path):
    """With a browser named that does not exist, the script installs nothing, says why, and exits 0."""
    env = dict(os.environ, WORDPIECE_BROWSER=str(tmp_path / "absent"))
    done = subprocess.run(
        ["bash", str(ROOT / "tools" / "install_browser.sh")], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "is not an executable file" in done.stdout and "installing" not in done.stdout


def test_the_helper_prints_its_choice():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "browser" / "_browser.py")], capture_output=True, text=True
    )
    assert done.returncode in (0, 1)
    assert done.stdout.startswith(("browser tests use ", "no browser for the browser tests: "))
