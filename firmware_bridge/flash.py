"""The firmware image: the files the Pico holds, laid out as the board holds them.

The board holds the firmware as ``/main.py`` and the package ``/firmware/`` (the rest of
``firmware_bridge/firmware/``, so its relative imports work on both ends).
"""
from __future__ import annotations

import shutil
from pathlib import Path

FIRMWARE_DIR = Path(__file__).with_name("firmware")


def stage(dest: Path) -> Path:
    """Lay the board's files out in ``dest`` exactly as they go onto the board.

    Every ``.py`` of the firmware goes into ``dest/firmware/`` except ``main.py``, which
    MicroPython runs at boot from the root. The type stub stays behind: it is for the check.
    """
    package = dest / "firmware"
    package.mkdir(parents=True, exist_ok=True)
    for source in sorted(FIRMWARE_DIR.glob("*.py")):
        shutil.copyfile(source, (dest if source.name == "main.py" else package) / source.name)
    return dest
