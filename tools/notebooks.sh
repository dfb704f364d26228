#!/usr/bin/env bash
# Set everything up and open the notebooks in JupyterLab.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh notebooks
# Use this environment's kernel even if the machine has other "python3" kernels.
export JUPYTER_PREFER_ENV_PATH=1
exec .venv/bin/jupyter lab notebooks/ "$@"
