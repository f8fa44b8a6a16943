#!/usr/bin/env bash
# The companion's wheel, built from a checkout for install-pi.sh, with the pages' French:
# the gettext catalogs are compiled into it (they are never committed as binaries, and
# pip does not compile them). Built from a copy, so the build writes nothing into the
# checkout (it runs as root) and no build/ left there brings back a file since deleted.
#
#   deploy/build-wheel.sh PYTHON REPO OUT     # prints the wheel's path
# PYTHON: a Python with Babel and pip (the service's venv); OUT: a folder for the wheel.
set -euo pipefail

if [[ $# -ne 3 ]]; then
    echo "usage: deploy/build-wheel.sh PYTHON REPO OUT" >&2
    exit 2
fi
PYTHON="$1" REPO="$2" OUT="$3"
COPY="$(mktemp -d)"
trap 'rm -rf "$COPY"' EXIT

tar -C "$REPO" --exclude=./.git --exclude=./.venv --exclude=./build --exclude='./*.egg-info' \
    --exclude=__pycache__ -cf - . | tar -C "$COPY" -xf -
"$PYTHON" -m babel.messages.frontend --quiet compile --directory "$COPY/web/translations" >&2
"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir "$OUT" "$COPY" >&2
ls "$OUT"/samarkand_companion-*.whl
