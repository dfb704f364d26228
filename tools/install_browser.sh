#!/usr/bin/env bash
# Install what the real-browser tests (tests/browser/) need: Debian's Chromium and Python Playwright.
# No browser is downloaded by Playwright: the tests drive /usr/bin/chromium.
# Usage: bash tools/install_browser.sh   (CI calls it; needs root or sudo for apt-get when Chromium is missing)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium (about 30-90 s) ..."
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo_cmd="sudo"
    else
      echo "error: /usr/bin/chromium is missing and apt-get needs root: run 'apt-get install -y chromium' as root" >&2
      exit 1
    fi
  fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null || true

if [ ! -x .venv/bin/python ]; then
  echo "error: .venv is missing: run 'bash tools/setup.sh dev' first" >&2
  exit 1
fi
if ! .venv/bin/python -c 'import playwright' >/dev/null 2>&1; then
  echo "installing playwright into .venv ..."
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "playwright>=1.40"
fi
.venv/bin/python -c 'from importlib.metadata import version; print("playwright", version("playwright"))'
