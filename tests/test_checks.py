"""The machines' checks of the code itself, in the suite so CI runs them: ruff's lint and format
(pyproject.toml's [tool.ruff]) and mypy's types ([tool.mypy]); a deliberate slip fails each."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PACKAGES = ("companion", "web", "hardware", "firmware_bridge")


def run(tool: str, *args: str, where: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / tool), *args], cwd=where, capture_output=True, text=True, timeout=300)


def copy_of_the_code(to: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, to / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", to)
    return to


def test_ruff_finds_nothing_to_lint():
    done = run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_file_is_formatted_as_ruff_formats_it():
    done = run("ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_unused_import_fails_the_lint(tmp_path):
    where = copy_of_the_code(tmp_path)
    session = where / "companion" / "runtime" / "session.py"
    session.write_text(session.read_text() + "\nimport json\n")
    done = run("ruff", "check", "--no-cache", ".", where=where)
    assert done.returncode != 0 and "F401" in done.stdout


def test_mypy_finds_no_type_error():
    done = run("mypy", "--no-incremental", "--cache-dir=/dev/null")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_deliberate_type_error_fails_mypy(tmp_path):
    where = copy_of_the_code(tmp_path)
    session = where / "companion" / "runtime" / "session.py"
    session.write_text(session.read_text() + '\n\ndef _slip() -> int:\n    return "one"\n')
    done = run("mypy", "--no-incremental", "--cache-dir=/dev/null", where=where)
    assert done.returncode != 0
    assert "companion/runtime/session.py" in done.stdout and "return-value" in done.stdout
