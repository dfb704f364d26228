#!/usr/bin/env bash
# Create .venv (if needed) and install the library with the given extras.
# Usage: bash tools/setup.sh [notebooks|dev]
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-notebooks}"

. tools/find_python.sh

if [ ! -x .venv/bin/python ]; then
  echo "creating .venv with $("$python" --version)"
  "$python" -m venv .venv
fi
echo "installing wordpiece-lib[$extra] into .venv ..."
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$extra]"
