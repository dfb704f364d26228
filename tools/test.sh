#!/usr/bin/env bash
# Set everything up and run the whole test suite (CI runs it too, see .ci/run).
# Offline it runs in full (the data sets are in data/); without a browser or an optional peer, each
# test that needs one is skipped with one line saying how to get it. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh dev
# nbgrader and otter-grader for the export round trips, in .venv-grading: never in .venv (the student's
# and the browser tests' environment).
bash tools/setup_grading.sh
# A browser for the real-browser tests in tests/browser/ (never stops this script).
bash tools/install_browser.sh
# Optional peers the tests compare against; each test skips when its peer is missing.
.venv/bin/python tools/fetch_tf_text.py || echo "note: TensorFlow Text's learner could not be fetched; its identity tests will be skipped"
# Every data set the tests need is in data/ (the novel included): nothing to download.

export JUPYTER_PREFER_ENV_PATH=1

echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

echo "== the layers: cli and classroom use the core, never the other way (import-linter)"
.venv/bin/lint-imports

echo "== notebooks are stripped and student copies match their solutions"
.venv/bin/python tools/notebooks.py check

echo "== pytest"
status=0
.venv/bin/python -m pytest -n 2 --dist loadfile -rs --doctest-modules wordpiece_lib tests "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "error: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
