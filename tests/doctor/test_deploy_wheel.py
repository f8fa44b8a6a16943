"""deploy/build-wheel.sh, install-pi.sh's program: a Pi installed from a fresh clone serves
the pages in French (the catalogs are compiled into the wheel: a clone has none compiled),
and the build leaves the checkout as it was, so an update never brings back a file since
deleted from it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).parents[2]
CATALOG = "web/translations/fr/LC_MESSAGES/messages"


def test_the_wheel_carries_the_compiled_french_and_nothing_from_an_old_build(tmp_path):
    clone = tmp_path / "clone"
    clone.mkdir()
    subprocess.run(  # the checkout as a fresh clone has it: no compiled catalog, no venv
        f"tar -C {ROOT} --exclude=./.git --exclude=./.venv --exclude='*.mo' --exclude=__pycache__ "
        f"-cf - pyproject.toml README.md companion web hardware firmware_bridge | tar -C {clone} -xf -",
        shell=True,
        check=True,
    )
    stale = clone / "build/lib/web/templates/deleted.html"  # an earlier build's, since deleted
    stale.parent.mkdir(parents=True)
    stale.write_text("gone")
    before = sorted(str(p.relative_to(clone)) for p in clone.rglob("*"))

    built = subprocess.run(
        ["bash", str(ROOT / "deploy/build-wheel.sh"), sys.executable, str(clone), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=True,
    )
    wheel = Path(built.stdout.strip())
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        with archive.open(CATALOG + ".mo") as mo:
            compiled = read_mo(mo)
    source = read_po((clone / (CATALOG + ".po")).open("rb"))
    assert len(compiled) == len(source) > 1000  # every message, in French
    assert compiled.get("Full screen").string == source.get("Full screen").string == "Plein écran"
    assert not [name for name in names if name.endswith("deleted.html")]
    assert sorted(str(p.relative_to(clone)) for p in clone.rglob("*")) == before  # nothing written
