# Sourced by tools/setup.sh and tools/setup_grading.sh: sets $python to the first Python 3.11+ on PATH,
# or stops with one line saying what is needed.
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
