"""The layers as import-linter contracts (pyproject.toml's [tool.importlinter]): they hold
for the project, and a deliberate bad import breaks them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "web", "hardware", "firmware_bridge")
LINT = Path(sys.executable).with_name("lint-imports")


def lint(where: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run(
        [str(LINT), "--no-cache"], cwd=where, env=env, capture_output=True, text=True, timeout=120
    )


def test_every_layer_contract_is_kept():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_the_runtime_importing_a_game_breaks_a_contract(tmp_path):
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    session = tmp_path / "companion" / "runtime" / "session.py"
    session.write_text(session.read_text() + "\nimport companion.games.marche.game\n")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert "1 broken" in done.stdout
    assert "companion.runtime.session -> companion.games.marche.game" in done.stdout
