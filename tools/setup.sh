#!/usr/bin/env bash
# Create .venv (if needed) and install the library with the given extras.
# Usage: bash tools/setup.sh [notebooks|dev]
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-notebooks}"

python=""
for candidate in python3.13 python3.12 python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python="$candidate"; break
  fi
done
if [ -z "$python" ]; then
  echo "error: Python 3.11 or newer is needed (python3 --version)" >&2
  exit 1
fi

if [ ! -x .venv/bin/python ]; then
  echo "creating .venv with $("$python" --version)"
  "$python" -m venv .venv
fi
echo "installing wordpiece-lib[$extra] into .venv ..."
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$extra]"
