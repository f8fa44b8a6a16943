"""Seats played by bots at a live table: they pick, press their buzzer and claim.

A bot presses through the same path as a person: its seat's mock pin is driven low at a
reaction time (a fraction of a countdown step) after the count it wants appears, so the bank, the lockout and the
arbiter treat it exactly like a real buzzer.
"""
from __future__ import annotations

import random
from typing import Callable

from companion.core.errors import RuleError
from companion.games.marche.bots import Bot
from companion.runtime.table import TableCore

REACTION = (0.15, 0.7)   # after the wanted count appears, in countdown steps
HOLD = 0.15


class BotSeats:
    def __init__(self, bots: dict[int, Bot], press: Callable[[int, bool, int], None],
                 rng: random.Random) -> None:
        self.bots = bots
        self.press = press          # press(seat, down, t_us): drive the seat's buzzer
        self.rng = rng
        self._planned: dict[int, tuple[int, int]] = {}   # seat -> (count wanted, press at)
        self._releases: dict[int, int] = {}
        self._market: tuple | None = None
        self._step = 1_000_000

    def next_due(self) -> int | None:
        times = [t for _, t in self._planned.values()] + list(self._releases.values())
        return min(times) if times else None

    def step(self, core: TableCore, now: int) -> None:
        phase = core.phase()
        state = core.state
        if phase == "picking":
            for seat, bot in self.bots.items():
                if state.picks[seat] is None:
                    core.pick(seat, bot.pick(state, seat), now)
                    state = core.state
        elif phase == "claiming":
            stop = state.stop
            for seat in [s for s in stop.seats() if s in self.bots and s not in stop.claims]:
                self._claim(core, seat, stop.count, now)
                if core.state.stop is None:
                    break
        elif phase == "countdown":
            self._step = core.settings.step_us
            self._plan_presses(core, now)
        self._fire(now)

    def _claim(self, core: TableCore, seat: int, count: int, now: int) -> None:
        target = self.bots[seat].claim(core.state, seat, count)
        try:
            core.claim(seat, target, now)
        except RuleError:
            core.claim(seat, None, now)

    def _plan_presses(self, core: TableCore, now: int) -> None:
        shown = core.count_shown(now)
        market = (core.state.turn, len(core.state.records))
        if not isinstance(shown, int) or market != self._market:
            self._planned.clear()          # what was worth a press may be gone now
            self._market = market
        if not isinstance(shown, int):
            return
        for seat, bot in self.bots.items():
            if seat in self._planned or seat in self._releases:
                continue
            bid = bot.bid(core.state, seat)
            if bid is not None and bid[0] >= shown:
                step = core.settings.step_us
                at = core.countdown.tick_us(shown) + int(step * self.rng.uniform(*REACTION))
                self._planned[seat] = (shown, max(at, now))

    def _fire(self, now: int) -> None:
        for seat, (_, at) in list(self._planned.items()):
            if at <= now:
                del self._planned[seat]
                self.press(seat, True, at)
                self._releases[seat] = at + max(int(HOLD * self._step), 1)
        for seat, at in list(self._releases.items()):
            if at <= now:
                del self._releases[seat]
                self.press(seat, False, at)
