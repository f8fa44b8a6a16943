"""Names on the Pi's terminal (and so in its journal): whatever a name holds, the terminal
prints it escaped, never as codes that retitle, clear or recolour it (issue 11)."""

from __future__ import annotations

import io

from companion.appliance.inputs import Inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.game import Event
from companion.runtime.terminal import Narrator
from companion.store import EventStore

NAMES = ["\x1b]0;PWN\x07\x1b[2J\x1b[31mEve", "Zed\ud800", "Ana\u202e"]  # from an older store


def test_the_terminal_escapes_what_it_cannot_print_as_it_is(tmp_path):
    config = load_config(None, {"table": {"lead_in_ms": 3600000}})
    appliance = Appliance(config, Inputs(), EventStore(tmp_path / "s.db"), seed=4, bots_fill_seats=False)
    appliance.new_game({"players": 3, "names": NAMES})
    printed = io.BytesIO()
    terminal = io.TextIOWrapper(printed, encoding="utf-8", write_through=True)  # strict
    Narrator(appliance, out=terminal).attach()
    session = appliance.session
    try:
        for seat in range(3):
            pick = Event("pick", seat, {"card": session.state.hands[seat][0]})
            appliance.call(session.act, pick)
    finally:
        appliance.close()
    lines = printed.getvalue().decode().splitlines()
    assert any(line.startswith("Turn 1 — Dean") for line in lines), lines
    text = "\n".join(lines)
    assert "\\x1b]0;PWN\\x07\\x1b[2J\\x1b[31mEve" in text and "Zed\\ud800" in text
    assert "Ana\\u202e" in text and all(line.isprintable() for line in lines)


def test_the_terminal_writes_to_the_standard_output_of_its_making_not_of_the_import(tmp_path, monkeypatch):
    """A closed pipe, or a service's journal, is the output the table has when it starts."""
    from companion.runtime.console import TerminalDisplay

    config = load_config(None, {})
    appliance = Appliance(config, Inputs(), EventStore(tmp_path / "s.db"), seed=4, bots_fill_seats=False)
    appliance.new_game({"players": 3, "names": ["Ana", "Bo", "Cy"]})
    now = io.StringIO()
    monkeypatch.setattr("sys.stdout", now)
    try:
        Narrator(appliance).attach()
        session = appliance.session
        for seat in range(3):
            appliance.call(session.act, Event("pick", seat, {"card": session.state.hands[seat][0]}))
        TerminalDisplay().show_count(7)
    finally:
        appliance.close()
    assert "Turn 1" in now.getvalue() and "… 7" in now.getvalue()
