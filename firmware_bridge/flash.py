"""``samarkand bridge flash``: put the firmware on a Pico with mpremote, then shake hands.

The board holds the firmware as ``/main.py`` and the package ``/firmware/`` (the rest of
``firmware_bridge/firmware/``, so its relative imports work on both ends). mpremote, the
MicroPython project's own tool, copies that image and resets the board; the driver then
opens the port as ``samarkand run`` would and waits for the board's HELLO_ACK.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from firmware_bridge.driver import open_bridge
from firmware_bridge.firmware import protocol as P
from firmware_bridge.ports import PortNotFound, find_pico

FIRMWARE_DIR = Path(__file__).with_name("firmware")
MPREMOTE = (sys.executable, "-m", "mpremote")  # the one installed beside the companion
HANDSHAKE_S = 15.0  # a reset Pico re-enumerates on USB in a few seconds

NO_MICROPYTHON = (
    "A Pico that shows up as the drive RPI-RP2 has no MicroPython yet: copy"
    " MicroPython's .uf2 onto it first (firmware_bridge/WIRING.md)."
)
RUNNING_FIRMWARE = (
    "A board already running this firmware ignores mpremote (Ctrl-C is data"
    " to it): unplug it, hold seat 1's buzzer (GP2) while plugging it back in, and"
    " flash again."
)


class FlashError(RuntimeError):
    """Flashing or the handshake after it failed; the message says what to do."""


@dataclass(frozen=True)
class Answer:
    """What the freshly flashed board said in its handshake."""

    port: str
    version: int
    seats: int
    board_id: str


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


def copy_to_board(port: str) -> None:
    """Copy the firmware image to the board on ``port`` and reset it, with mpremote.

    ``cp -r DIR :`` copies DIR into the root, into the existing /firmware/ on a reflash.
    """
    with tempfile.TemporaryDirectory(prefix="samarkand-firmware-") as tmp:
        image = stage(Path(tmp))
        command = [
            *MPREMOTE,
            "connect",
            port,
            "fs",
            "cp",
            "-r",
            str(image / "firmware"),
            ":",
            "+",
            "fs",
            "cp",
            str(image / "main.py"),
            ":main.py",
            "+",
            "reset",
        ]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired as exc:
            raise FlashError(
                f"mpremote had no answer from {port} in {exc.timeout:.0f} s. {RUNNING_FIRMWARE}"
            ) from exc
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines() or ["no output"]
        raise FlashError(f"mpremote failed on {port}: {said[-1]}. {RUNNING_FIRMWARE}")


def handshake(spec: str, timeout_s: float = HANDSHAKE_S) -> Answer:
    """Open the board as ``samarkand run`` does and wait for its HELLO_ACK."""
    reasons: list[str] = []
    board = open_bridge(spec, on_status=lambda up, reason: reasons.append(reason), sync_interval_s=None)
    try:
        if not board.wait_connected(timeout_s):
            last = reasons[-1] if reasons else "no serial port opened"
            raise FlashError(f"the board did not answer the handshake within {timeout_s:.0f} s: {last}")
        port = board.find_port()
        return Answer(port, P.VERSION, board.seats, board.board_id.hex())
    finally:
        board.close()


def flash(spec: str = "auto", timeout_s: float = HANDSHAKE_S) -> Answer:
    """Copy the firmware to the board at ``spec`` (a port path or "auto"), check it answers."""
    try:
        port = find_pico() if spec == "auto" else spec
    except PortNotFound as exc:
        raise FlashError(f"{exc}. {NO_MICROPYTHON}") from exc
    if not os.path.exists(port):  # mpremote would say it "may be in use"
        raise FlashError(
            f"there is no serial port {port} (is the board plugged in? `ls "
            f"/dev/ttyACM*` lists the ports; --port auto finds a Pico by its "
            f"USB id)"
        )
    copy_to_board(port)
    return handshake(spec, timeout_s)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="samarkand bridge", description="The USB buzzer board (RP2040 Pico)."
    )
    sub = parser.add_subparsers(dest="action", required=True)
    flash_cmd = sub.add_parser("flash", help="copy the firmware with mpremote, check the handshake")
    flash_cmd.add_argument(
        "--port", default="auto", help='the board\'s serial port, or "auto" (USB id 2E8A, the default)'
    )
    args = parser.parse_args(argv)
    print(f"copying the firmware to the board ({args.port}) with mpremote…", flush=True)
    try:
        answer = flash(args.port)
    except FlashError as exc:
        print(f"bridge flash: {exc}", file=sys.stderr)
        return 1
    print(
        f"the board on {answer.port} answers: firmware protocol v{answer.version}, "
        f"{answer.seats} seats, board id {answer.board_id}"
    )
    return 0
