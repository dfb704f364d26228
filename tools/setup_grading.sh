#!/usr/bin/env bash
# Create .venv-grading (if needed) with the graders teachers run, nbgrader and otter-grader, and the
# library with what the exported notebooks need (the `grading` extra). An environment of its own:
# the graders never go into the student's .venv, nor into the browser tests' one.
# Usage: bash tools/setup_grading.sh      (then: .venv-grading/bin/nbgrader ..., .venv-grading/bin/otter ...)
set -euo pipefail
cd "$(dirname "$0")/.."

. tools/find_python.sh

if [ ! -x .venv-grading/bin/python ]; then
  echo "creating .venv-grading with $("$python" --version)"
  "$python" -m venv .venv-grading
fi
echo "installing wordpiece-lib[grading] (nbgrader, otter-grader) into .venv-grading ..."
.venv-grading/bin/python -m pip install --quiet --disable-pip-version-check -e ".[grading]"
