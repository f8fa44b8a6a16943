"""The table on a terminal: what happens in words, the final scores, a keyboard seat."""
from __future__ import annotations

import sys
import threading
from typing import TextIO

from companion.core.errors import RuleError
from companion.games.marche.final import final_score
from companion.games.marche.state import BANK, CAMEL
from companion.runtime.console import describe, score_table

HELP = ("keys: Enter = your buzzer · p CARD = offer a card · c NAME|bank|camel|- = claim · "
        "u = undo · q = quit")


class TerminalTable:
    def __init__(self, appliance, keyboard_seat: int | None = None, out: TextIO = sys.stdout) -> None:
        self.appliance = appliance
        self.seat = keyboard_seat
        self.out = out
        self._seen = 0
        self._before = None
        self._scored = False

    def attach(self) -> None:
        self.appliance.listeners.append(self._on_change)
        core = self.appliance.core
        self._seen, self._before = len(core.match.log), core.state
        if core.game.is_over(core.state):          # resumed on a game already over
            self._on_change(core)
        if self.seat is not None:
            self.appliance.take_seat(self.seat)
            self._say(f"You play {core.state.names[self.seat]}. {HELP}")
            threading.Thread(target=self._keyboard, name="keyboard", daemon=True).start()

    def run(self, done: threading.Event, exit_when_over: bool) -> None:
        while not done.wait(0.2):
            if self._scored and exit_when_over:
                return

    def _on_change(self, core) -> None:
        log = core.match.log
        if len(log) < self._seen:                      # an undo
            self._say(f"Undone: {self._seen - len(log)} event(s)")
        else:
            lines = []
            for event in log[self._seen:]:
                lines += describe(event, self._before, core.state)
                self._before = core.state
            for line in dict.fromkeys(lines):
                self._say(line)
        self._seen, self._before = len(log), core.state
        if self.seat is not None and core.state.stop and self.seat in core.state.stop.seats() \
                and self.seat not in core.state.stop.claims:
            self._say("You stopped! Claim a card: c NAME|bank|camel|-")
        if core.game.is_over(core.state) and not self._scored:
            self._scored = True
            self._say(score_table(final_score(core.state)))

    def _keyboard(self) -> None:
        for line in sys.stdin:
            try:
                if not self._command(line.strip()):
                    return
            except RuleError as exc:
                self._say(f"  ✗ {exc}")

    def _command(self, text: str) -> bool:
        appliance, seat = self.appliance, self.seat
        core = appliance.core
        if text == "":
            if appliance.inputs.press is None:
                self._say("  use your real buzzer")
                return True
            appliance.call(lambda now: appliance.inputs.press(seat, True, now))
            appliance.call(lambda now: appliance.inputs.press(seat, False, now + 100_000))
        elif text[0] == "p":
            appliance.call(core.pick, seat, int(text[1:].strip() or -1))
        elif text[0] == "c":
            appliance.call(core.claim, seat, self._target(text[1:].strip()))
        elif text == "u":
            appliance.call(core.undo)
        elif text == "q":
            return False
        else:
            self._say(HELP)
        return True

    def _target(self, word: str):
        if word in ("bank", CAMEL):
            return BANK if word == "bank" else CAMEL
        if word in ("-", ""):
            return None
        names = [n.lower() for n in self.appliance.core.state.names]
        if word.lower() not in names:
            raise RuleError(f"no player called {word!r}")
        return names.index(word.lower())

    def _say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()
