#!/usr/bin/env bash
# Shared setup for the two README commands: a virtual environment with the project in it.
# Usage: source scripts/setup.sh [extra]   (extra: "test" adds the test packages)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
spec="."
[ "${1:-}" = "test" ] && spec=".[test]"
stamp=".venv/.installed-${1:-main}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "setting up .venv (packages from PyPI)…" >&2
  .venv/bin/python -m pip install --quiet --upgrade pip >&2
  .venv/bin/python -m pip install --quiet -e "$spec" >&2
  touch "$stamp"
fi
