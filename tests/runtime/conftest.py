"""Table scripts built in code, played through mock pins, the bank and the table core."""

from __future__ import annotations

import io
import json

import pytest

from companion.appliance.script import Script, play_script

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve"]
LEAD_IN = 2_000_000
STEP = 1_000_000


def tick(count: int) -> int:
    """When ``count`` appears, in µs after the turn's picks (default table settings)."""
    return LEAD_IN + (10 - count) * STEP


def press(name: str, t: int, hold: int = 100_000, delivered: int | None = None) -> list:
    down = [name, t, "down"] if delivered is None else [name, t, "down", delivered]
    return [down, [name, t + hold, "up"]]


class Played:
    def __init__(self, lines: list[dict], core) -> None:
        self.lines, self.core = lines, core

    def engine(self, kind: str) -> list[dict]:
        return [line for line in self.lines if line["source"] == "engine" and line["kind"] == kind]

    def notes(self, note: str) -> list[dict]:
        return [line for line in self.lines if line.get("note") == note]

    @property
    def stops(self) -> list[dict]:
        return [s["data"] for s in self.engine("stop")]


@pytest.fixture
def play():
    def run(
        edges: list,
        claims: list | None = None,
        players: int = 4,
        table: dict | None = None,
        picks: dict | None = None,
        turns: int = 1,
    ) -> Played:
        names = NAMES[:players]
        turn = {"picks": picks or {n: 7 for n in names}, "edges": edges, "claims": claims or []}
        raw = {
            "setup": {"names": names},
            "table": table or {},
            "cards": {"camels": [5, 4, 6]},
            "turns": [turn] + [{"picks": {n: 3 for n in names}}] * (turns - 1),
        }
        out = io.StringIO()
        core = play_script(Script.parse(json.loads(json.dumps(raw))), out)
        return Played([json.loads(line) for line in out.getvalue().splitlines()], core)

    return run
