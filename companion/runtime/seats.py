"""Seats played by bots at a live table.

A bot decides from its seat's view when the game waits for that seat. In a game with a
countdown it also presses its buzzer: the game's real-time part says when each bot would
press (``plan_presses``), and the press goes through the same path as a person's (the
seat's mock pin is driven low), so the bank, the lockout and the arbiter treat it
exactly like a real buzzer.
"""
from __future__ import annotations

import logging
import random
from typing import Callable

from companion.core.bot import Bot
from companion.core.errors import RuleError
from companion.runtime.session import Session

log = logging.getLogger(__name__)


class BotSeats:
    def __init__(self, bots: dict[int, Bot], press: Callable[[int, bool, int], None] | None,
                 rng: random.Random) -> None:
        self.bots = bots
        self.press = press          # press(seat, down, t_us): drive the seat's buzzer
        self.rng = rng
        self._planned: dict[int, tuple[int, int]] = {}      # seat -> (press at, held for)
        self._releases: dict[int, int] = {}

    def next_due(self) -> int | None:
        times = [at for at, _ in self._planned.values()] + list(self._releases.values())
        return min(times) if times else None

    def step(self, session: Session, now: int) -> None:
        if session.status() == "playing":
            self._decide(session, now)
            self._plan_presses(session, now)
        self._fire(now)

    def _decide(self, session: Session, now: int) -> None:
        """Every bot the game waits for decides, from its own seat's view."""
        game = session.game
        for seat in game.to_act(session.state):
            bot = self.bots.get(seat)
            if bot is None or seat not in game.to_act(session.state):
                continue
            event = bot.decide(game.seat_view(session.state, seat), seat)
            try:
                session.act(event, now)
            except RuleError as refused:
                log.warning("bot at seat %d: %s", seat + 1, refused)

    def _plan_presses(self, session: Session, now: int) -> None:
        plan = getattr(session.realtime, "plan_presses", None)
        if plan is None or self.press is None:
            self._planned.clear()
            return
        keen = {seat: bot for seat, bot in self.bots.items() if seat not in self._releases}
        self._planned = plan(session.state, keen, now, self.rng, self._planned)

    def _fire(self, now: int) -> None:
        for seat, (at, held_us) in list(self._planned.items()):
            if at <= now:
                del self._planned[seat]
                self.press(seat, True, at)
                self._releases[seat] = at + held_us
        for seat, at in list(self._releases.items()):
            if at <= now:
                del self._releases[seat]
                self.press(seat, False, at)
