#!/usr/bin/env bash
# Put a browser in place for the real-browser tests (tests/browser/), if this machine allows it.
# It never stops the test command: without a browser the browser tests skip and say why.
#
# First found wins:
#   1. $WORDPIECE_BROWSER, or a Chromium/Chrome already installed (Debian's /usr/bin/chromium ...);
#   2. Debian's chromium, installed with apt-get when we are root or have passwordless sudo;
#   3. Playwright's own Chromium: `playwright install chromium` (a download into ~/.cache/ms-playwright);
#   4. none: the browser tests will be skipped, with this reason.
# Usage: bash tools/install_browser.sh   (tools/test.sh calls it; needs .venv from tools/setup.sh dev)
set -uo pipefail
cd "$(dirname "$0")/.."

say() { echo "browser: $*"; }
which_browser() { .venv/bin/python tests/browser/_browser.py; }

if [ ! -x .venv/bin/python ]; then
  say ".venv is missing (run 'bash tools/setup.sh dev' first); the browser tests will be skipped"
  exit 0
fi
if ! .venv/bin/python -c 'import playwright' >/dev/null 2>&1; then
  say "installing Python playwright into .venv ..."
  if ! .venv/bin/python -m pip install --quiet --disable-pip-version-check "playwright>=1.40"; then
    say "playwright could not be installed; the browser tests will be skipped"
    exit 0
  fi
fi

if which_browser; then exit 0; fi
if [ -n "${WORDPIECE_BROWSER:-}" ]; then
  exit 0  # the browser named by the user is not there: say so (above), do not install another
fi

if command -v apt-get >/dev/null 2>&1; then
  can_install=yes sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
      sudo_cmd="sudo -n"
    else
      can_install=no
      say "not root and no passwordless sudo: Debian's chromium cannot be installed ('sudo apt-get install -y chromium' would)"
    fi
  fi
  if [ "$can_install" = yes ]; then
    say "installing Debian's chromium (about 30-90 s) ..."
    if $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null; then
      if which_browser; then exit 0; fi
    else
      say "apt-get could not install chromium"
    fi
  fi
fi

say "downloading Playwright's own Chromium (.venv/bin/python -m playwright install chromium) ..."
limit=""
if command -v timeout >/dev/null 2>&1; then limit="timeout 900"; fi
if $limit .venv/bin/python -m playwright install chromium; then
  if which_browser; then exit 0; fi
else
  say "playwright install chromium failed (offline?)"
fi
say "the browser tests will be skipped"
exit 0
