#!/usr/bin/env bash
# Set everything up and run the whole test suite (this is what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh dev
# Debian's Chromium and Playwright drive the real-browser tests in tests/browser/.
bash tools/install_browser.sh
# Optional peers the tests compare against; each test skips when its peer is missing.
.venv/bin/python tools/fetch_tf_text.py || echo "note: TensorFlow Text's learner could not be fetched; its identity tests will be skipped"

export JUPYTER_PREFER_ENV_PATH=1
export WORDPIECE_DATA_DIR="${WORDPIECE_DATA_DIR:-$(cd .. && pwd)/shared/data}"

echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

echo "== the layers: cli and classroom use the core, never the other way (import-linter)"
.venv/bin/lint-imports

echo "== notebooks are stripped and student copies match their solutions"
.venv/bin/python tools/notebooks.py check

echo "== pytest"
status=0
.venv/bin/python -m pytest -n 2 --dist loadfile --doctest-modules wordpiece_lib tests "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "error: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
