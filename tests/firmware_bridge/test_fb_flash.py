"""``samarkand bridge flash``: mpremote's real command line over a pretend board's folder,
then the handshake with the emulated board on a pty, as with a Pico on /dev/ttyACM0."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from companion.appliance.cli import main as samarkand
from firmware_bridge import flash as flashing
from firmware_bridge.emulator import Emulator
from firmware_bridge.firmware import protocol as P
from firmware_bridge.flash import Answer, FlashError, flash, stage

FAKE_MPREMOTE = (sys.executable, str(Path(__file__).with_name("fake_mpremote.py")))


@pytest.fixture
def board_fs(tmp_path, monkeypatch):
    """The pretend board's filesystem, reached by every mpremote call of the test."""
    root = tmp_path / "board"
    root.mkdir()
    monkeypatch.setenv("FAKE_BOARD", str(root))
    monkeypatch.setattr(flashing, "MPREMOTE", FAKE_MPREMOTE)
    return root


@pytest.fixture
def emulator():
    emu = Emulator()
    yield emu
    emu.close()


def files(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*.py"))
        if path.is_file()
    }


def test_flash_copies_the_image_resets_the_board_and_gets_its_handshake(board_fs, emulator, tmp_path):
    port = emulator.port_path()
    answer = flash(port, timeout_s=5)
    assert answer == Answer(port, P.VERSION, 8, b"EMULATOR".hex())
    assert files(board_fs) == files(stage(tmp_path / "image"))
    assert (board_fs / "log").read_text().splitlines() == [f"connect {port}", "reset"]


def test_a_second_flash_updates_the_same_files_in_place(board_fs, emulator, tmp_path):
    flash(emulator.port_path(), timeout_s=5)
    (board_fs / "firmware" / "bridge.py").write_text("# an older firmware\n")
    flash(emulator.port_path(), timeout_s=5)
    assert files(board_fs) == files(stage(tmp_path / "image"))  # no /firmware/firmware/


def test_a_board_running_the_firmware_is_refused_with_what_to_do(board_fs, emulator):
    (board_fs / "running").touch()
    with pytest.raises(FlashError, match=r"could not enter raw repl.*hold seat 1's buzzer \(GP2\)"):
        flash(emulator.port_path(), timeout_s=5)
    assert files(board_fs) == {}


def test_a_port_that_never_answers_the_handshake_is_reported(board_fs):
    host, other = os.openpty()
    try:
        with pytest.raises(FlashError, match="did not answer the handshake.*no answer to HELLO"):
            flash(os.ttyname(other), timeout_s=1.5)
    finally:
        os.close(host)
        os.close(other)


def test_the_command_prints_the_boards_answer(board_fs, emulator, capsys):
    assert samarkand(["bridge", "flash", "--port", emulator.port_path()]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"the board on {emulator.port_path()} answers: firmware protocol v{P.VERSION}, "
        f"8 seats, board id {b'EMULATOR'.hex()}"
    )


def test_no_pico_plugged_in_says_so_and_exits_1(board_fs, monkeypatch, capsys):
    monkeypatch.setattr("firmware_bridge.ports.list_ports.comports", lambda: [])
    assert samarkand(["bridge", "flash"]) == 1
    assert "no serial port with USB id 2E8A" in capsys.readouterr().err
