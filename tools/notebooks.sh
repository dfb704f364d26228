#!/usr/bin/env bash
# Set everything up and open the notebooks in JupyterLab.
#
# Usage: bash tools/notebooks.sh [--solutions] [other jupyter lab options]
#
#   (no flag)     the student notebooks (notebooks/): JupyterLab opens that folder, and its
#                 solutions/ subfolder is hidden from the file browser
#   --solutions   the worked solutions (notebooks/solutions/), for a teacher or to check your work
#
# Slides: with a notebook open, press Alt+R (or the RISE button in the toolbar) to present it; the
# rise.css beside the notebooks (hidden from the file browser) sets text 24 px and code 18 px there.
set -euo pipefail
cd "$(dirname "$0")/.."

folder="notebooks"
hidden=(solutions __pycache__ '*.pyc' '.ipynb_checkpoints' 't_*.py' rise.css)
if [ "${1:-}" = "--solutions" ]; then
  folder="notebooks/solutions"
  hidden=(__pycache__ '*.pyc' '.ipynb_checkpoints' 't_*.py' rise.css)
  shift
fi
arguments=(lab "--ServerApp.root_dir=$folder")
for pattern in "${hidden[@]}"; do
  arguments+=("--ContentsManager.hide_globs=$pattern")
done
arguments+=("$@")

if [ -n "${WORDPIECE_NOTEBOOKS_DRY_RUN:-}" ]; then  # for the tests: say what would run, run nothing
  printf '%s\n' "${arguments[@]}"
  exit 0
fi
bash tools/setup.sh notebooks
# Nothing to download: the novel of notebooks 05-08 and 10 is in data/.
# Use this environment's kernel even if the machine has other "python3" kernels.
export JUPYTER_PREFER_ENV_PATH=1
exec .venv/bin/jupyter "${arguments[@]}"
