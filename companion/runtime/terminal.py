"""The table on the Pi's terminal: what happens in words, the final scores, a keyboard seat.

Every game is told through its own narration (the registry's ``Narration``): the
terminal only prints what it says, with anything a player typed (their name) escaped
so that no control character reaches the terminal or the journal raw.
"""
from __future__ import annotations

import json
import sys
import threading
from typing import TextIO

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.registry import Narration

KEYS = "Enter = your buzzer · u = undo · q = quit"


def printable(text: str) -> str:
    """``text`` with every non-printable character shown as an escape (\\x1b, \\u200e…)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


class Narrator:
    def __init__(self, appliance, keyboard_seat: int | None = None, out: TextIO = sys.stdout) -> None:
        self.appliance = appliance
        self.seat = keyboard_seat
        self.out = out
        self._seen = 0
        self._before = None
        self._scored = False

    @property
    def narration(self):
        """The game's own words, or the contract's plain account of a game without them."""
        return self.appliance.spec.narration or self._plain

    @property
    def _plain(self) -> Narration:
        session = self.appliance.session
        game = session.game

        def describe(event, before, after):
            shown = game.redact(event, None)
            who = "" if event.actor is None else f"{game.names(after)[event.actor]}: "
            return [f"{who}{shown['kind']} {json.dumps(shown['data'], ensure_ascii=False)}"]

        def score_sheet(state):
            result = game.result(state)
            return "\n".join(f"{place}. {name}: {score}" for place, name, score in
                             sorted(zip(result.places, game.names(state), result.scores)))

        def command(state, seat, text):
            kind, _, data = text.partition(" ")
            try:
                return Event(kind, seat, json.loads(data or "{}"))
            except json.JSONDecodeError:
                raise RuleError('type an action and its data as JSON: want {"n": 1}') from None

        return Narration(describe, score_sheet, command, 'ACTION {"key": value}')

    def attach(self) -> None:
        self.appliance.listeners.append(self._on_change)
        session = self.appliance.session
        self._seen, self._before = len(session.match.log), session.game.copy(session.state)
        if session.game.is_over(session.state):          # resumed on a game already over
            self._on_change(session)
        if self.seat is not None:
            self.appliance.take_seat(self.seat)
            name = session.game.names(session.state)[self.seat]
            self._say(f"You play {name}. keys: {self.narration.keyboard_help} · {KEYS}")
            threading.Thread(target=self._keyboard, name="keyboard", daemon=True).start()

    def run(self, done: threading.Event, exit_when_over: bool) -> None:
        while not done.wait(0.2):
            if self._scored and exit_when_over:
                return

    def _on_change(self, session) -> None:
        log = session.match.log
        if len(log) < self._seen:                      # an undo
            self._say(f"Undone: {self._seen - len(log)} event(s)")
        else:
            lines = []
            state = self._before
            for event in log[self._seen:]:
                after = session.game.apply(state, event)
                lines += self.narration.describe(event, state, after)
                state = after
            for line in dict.fromkeys(lines):
                self._say(line)
        self._seen, self._before = len(log), session.game.copy(session.state)
        if self.seat is not None and self.seat in session.game.to_act(session.state):
            self._say("Your move.")
        if session.game.is_over(session.state) and not self._scored:
            self._scored = True
            self._say(self.narration.score_sheet(session.state))

    def _keyboard(self) -> None:
        for line in sys.stdin:
            try:
                if not self._command(line.strip()):
                    return
            except RuleError as exc:
                self._say(f"  ✗ {exc}")

    def _command(self, text: str) -> bool:
        appliance, seat = self.appliance, self.seat
        session = appliance.session
        if text == "":
            if appliance.inputs.press is None:
                self._say("  use your real buzzer")
                return True
            appliance.call(lambda now: appliance.inputs.press(seat, True, now))
            appliance.call(lambda now: appliance.inputs.press(seat, False, now + 100_000))
        elif text == "u":
            appliance.call(session.undo)
        elif text == "q":
            return False
        else:
            event = self.narration.command(session.state, seat, text)
            appliance.call(session.act, event)
        return True

    def _say(self, text: str) -> None:
        self.out.write("\n".join(map(printable, text.split("\n"))) + "\n")
        self.out.flush()
