#!/usr/bin/env bash
# Shared setup for the two README commands: a virtual environment with the project in it.
# Usage: source scripts/setup.sh [extra]   (extra: "test" adds the test packages)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  if compgen -G "/dev/gpiochip*" > /dev/null; then
    # a Pi: the system's lgpio (Raspberry Pi OS's python3-lgpio) reads the real buzzers
    "$PYTHON" -m venv --system-site-packages .venv
  else
    "$PYTHON" -m venv .venv
  fi
fi
spec="."
[ "${1:-}" = "test" ] && spec=".[test]"
stamp=".venv/.installed-${1:-main}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "setting up .venv (packages from PyPI, log in .venv/setup.log)…" >&2
  if ! { .venv/bin/python -m pip install --upgrade pip &&
         .venv/bin/python -m pip install -e "$spec"; } > .venv/setup.log 2>&1; then
    tail -n 20 .venv/setup.log >&2
    echo "error: installing the packages failed (whole log: .venv/setup.log)" >&2
    exit 1
  fi
  touch "$stamp"
fi
# the pages' French: the gettext catalogs are compiled here, never committed as binaries
if ! .venv/bin/pybabel compile -d web/translations > .venv/compile.log 2>&1; then
  cat .venv/compile.log >&2
  echo "error: compiling the French catalog failed (web/translations)" >&2
  exit 1
fi
