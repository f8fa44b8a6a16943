"""The firmware checked as MicroPython, in the very layout ``samarkand bridge flash`` copies.

The other firmware tests run its logic under CPython; these catch what CPython accepts and
the board would not: syntax MicroPython lacks (mpy-cross is MicroPython's own compiler),
and modules or functions the board lacks or defines otherwise (mypy with MicroPython's
reduced standard library and the rp2 port's stubs in place of CPython's typeshed).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import distribution
from pathlib import Path

import mypy
import pytest

from firmware_bridge.flash import FIRMWARE_DIR, stage

STUB_DISTRIBUTIONS = ("micropython-stdlib-stubs", "micropython-rp2-stubs")  # later ones win


def micropython_typeshed(dest: Path) -> Path:
    """A typeshed for mypy's --custom-typeshed-dir: MicroPython's stdlib, rp2's modules over it.

    The stdlib stubs ship a typeshed ``stdlib/`` folder; the rp2 port's stubs (machine,
    time, rp2, …) and the stubs' helpers sit at the top of site-packages: all are linked in.
    """
    stdlib = dest / "stdlib"
    stdlib.mkdir(parents=True)
    for name in STUB_DISTRIBUTIONS:
        found = distribution(name)
        for top in sorted({file.parts[0] for file in found.files or () if file.suffix == ".pyi"}):
            base = Path(found.locate_file(top))
            for entry in base.iterdir() if top == "stdlib" else [base]:
                link = stdlib / entry.name
                if link.is_symlink():
                    link.unlink()
                link.symlink_to(entry)
    extensions = dest / "stubs" / "mypy-extensions"
    extensions.parent.mkdir()
    extensions.symlink_to(Path(mypy.__file__).parent / "typeshed" / "stubs" / "mypy-extensions")
    return dest


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    return stage(tmp_path_factory.mktemp("board"))


@pytest.fixture(scope="module")
def typecheck(tmp_path_factory):
    """Runs mypy on a board image (with _board.pyi added) against the rp2 stubs."""
    typeshed = micropython_typeshed(tmp_path_factory.mktemp("typeshed"))
    cache = tmp_path_factory.mktemp("mypy-cache")

    def check(image: Path) -> tuple[int, str]:
        shutil.copyfile(FIRMWARE_DIR / "_board.pyi", image / "firmware" / "_board.pyi")
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mypy",
                "--custom-typeshed-dir",
                str(typeshed),
                "--no-site-packages",
                "--check-untyped-defs",
                "--cache-dir",
                str(cache),
                "main.py",
                "firmware",
            ],
            cwd=image,
            capture_output=True,
            text=True,
        )
        return done.returncode, done.stdout + done.stderr

    return check


def test_the_board_gets_main_at_its_root_and_the_rest_as_the_firmware_package(board):
    files = sorted(str(path.relative_to(board)) for path in board.rglob("*") if path.is_file())
    modules = sorted(f"firmware/{path.name}" for path in FIRMWARE_DIR.glob("*.py") if path.name != "main.py")
    assert files == sorted(["main.py", *modules])
    assert "firmware/bridge.py" in files and "firmware/protocol.py" in files


def test_mpy_cross_compiles_every_module_for_the_rp2040(board, tmp_path):
    failures = {}
    for source in sorted(board.rglob("*.py")):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mpy_cross",
                "-march=armv6m",
                str(source),
                "-o",
                str(tmp_path / source.with_suffix(".mpy").name),
            ],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0 or not (tmp_path / source.with_suffix(".mpy").name).exists():
            failures[str(source.relative_to(board))] = done.stdout + done.stderr
    assert failures == {}


def test_the_firmware_type_checks_against_the_rp2_stubs(tmp_path, typecheck):
    code, report = typecheck(stage(tmp_path))
    assert code == 0, report


def test_the_type_check_uses_micropythons_library_not_cpythons(tmp_path, typecheck):
    """A CPython-only call the board lacks must fail the check (so it has teeth)."""
    image = stage(tmp_path)
    clock = image / "firmware" / "clock64.py"
    clock.write_text(clock.read_text() + "\nimport time\nSTART = time.perf_counter_ns()\n")
    code, report = typecheck(image)
    assert code == 1
    assert 'Module has no attribute "perf_counter_ns"' in report
