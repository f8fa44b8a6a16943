"""Seats played by bots at a live table.

A bot decides from its seat's view when the game waits for that seat. In a game with a
countdown it also presses its buzzer: the game's real-time part says when each bot would
press (``plan_presses``), and the press goes through the same path as a person's (the
seat's mock pin is driven low), so the bank, the lockout and the arbiter treat it
exactly like a real buzzer.

A seat changes hands only between decisions: a bot whose seat a person takes
(``hand_over``) presses no more, but finishes what it started: a decision the game waits
for, or a press whose stop is still being decided (``PRESS_SETTLES_US``) and so the
claim that follows it. Only then is the seat the person's.

An optional decision timer (``timer_us``, off when None) lets a stand-in bot decide for a
person's seat the game has waited on for that long.

Where a person plays, each bot's decision waits ``pace_us`` after the game began waiting for
it, so that the table screen and the phones show the bots' moves one at a time, as people
at a table follow each other's; a table of bots alone plays at once.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

from companion.core.bot import Bot
from companion.core.errors import RuleError
from companion.runtime.session import Session

log = logging.getLogger(__name__)

PRESS_SETTLES_US = 1_000_000
"""How long after a bot's press its stop may still be being decided (the tie window and
the input path's allowance are far shorter): until then the seat stays the bot's."""


class BotSeats:
    def __init__(
        self,
        bots: dict[int, Bot],
        press: Callable[[int, bool, int], None] | None,
        rng: random.Random,
        timer_us: int | None = None,
        stand_in: Callable[[int], Bot] | None = None,
        on_hand: Callable[[int, str], None] = lambda seat, by: None,
        pace_us: int = 0,
    ) -> None:
        self.bots = bots
        self.press = press  # press(seat, down, t_us): drive the seat's buzzer
        self.rng = rng
        self.timer_us = timer_us  # the decision timer, None: off
        self.stand_in = stand_in  # stand_in(seat): the bot that decides when it runs out
        self.on_hand = on_hand  # on_hand(seat, "person" | "bot" | "timer"): who acts now
        self.leaving: set[int] = set()  # bots finishing before a person
        self._planned: dict[int, tuple[int, int]] = {}  # seat -> (press at, held for)
        self._releases: dict[int, int] = {}
        self._pressed: dict[int, int] = {}  # seat -> its bot's last press
        self._waiting: dict[int, int] = {}  # person's seat -> waited on since
        self.pace_us = pace_us  # a bot's decision waits this long where a person plays
        self._due: dict[int, int] = {}  # bot's seat -> waited on since (its pace)

    def next_due(self) -> int | None:
        times = [at for at, _ in self._planned.values()] + list(self._releases.values())
        times += (
            [since + self.timer_us for since in self._waiting.values()] if self.timer_us is not None else []
        )
        times += [since + self.pace_us for since in self._due.values()]
        return min(times) if times else None

    def plays(self, seat: int) -> bool:
        """The seat is a bot's, for now (a person's hand-over waits for it to finish)."""
        return seat in self.bots

    def hand_over(self, seat: int, session: Session | None, now: int) -> None:
        """A person takes ``seat``: its bot stops pressing and leaves once it is between
        decisions (at once if it already is)."""
        if seat not in self.bots:
            return
        self._planned.pop(seat, None)
        self.leaving.add(seat)
        self._leave(session, now)

    def take_back(self, seat: int, bot: Bot) -> None:
        """A bot plays ``seat`` again (the person left it)."""
        self.leaving.discard(seat)
        self._waiting.pop(seat, None)
        self.bots[seat] = bot
        self.on_hand(seat, "bot")

    def _leave(self, session: Session | None, now: int) -> None:
        waiting = () if session is None else session.game.to_act(session.state)
        for seat in list(self.leaving):
            busy = (
                seat in waiting
                or seat in self._releases
                or now < self._pressed.get(seat, -PRESS_SETTLES_US) + PRESS_SETTLES_US
            )
            if not busy:
                self.leaving.discard(seat)
                self.bots.pop(seat, None)
                self._pressed.pop(seat, None)
                self.on_hand(seat, "person")

    def step(self, session: Session, now: int) -> None:
        if session.status() == "playing":
            self._decide(session, now)
            self._time_out(session, now)
            self._plan_presses(session, now)
        else:  # paused or over: nothing is waited on, and a pause counts toward no wait
            self._due.clear()
            self._waiting.clear()
        self.fire(now)
        self._leave(session, now)

    def decided_for(self, seat: int, now: int) -> None:
        """Someone decided for ``seat`` (the host): the bot's next decision there waits a
        pace from now, as after its own (else it came at once, the table barely seeing it)."""
        if seat in self.bots:
            self._due[seat] = now

    def _decide(self, session: Session, now: int) -> None:
        """Every bot the game waits for decides, from its own seat's view, once it has
        waited its pace (where a person plays); its next decision waits a pace of its own."""
        game = session.game
        due = [seat for seat in game.to_act(session.state) if seat in self.bots]
        self._due = {seat: self._due.get(seat, now) for seat in due}
        alone = all(seat in self.bots for seat in range(game.players(session.state)))
        for seat in due:
            waited = alone or now - self._due[seat] >= self.pace_us
            if not waited or seat not in game.to_act(session.state):
                continue
            self._due[seat] = now
            event = self.bots[seat].decide(game.seat_view(session.state, seat), seat)
            try:
                session.act(event, now)
            except RuleError as refused:
                log.warning("bot at seat %d: %s", seat + 1, refused)

    def _time_out(self, session: Session, now: int) -> None:
        """The decision timer: a person's seat waited on for ``timer_us`` is decided by a
        stand-in bot, this once."""
        if self.timer_us is None or self.stand_in is None:
            return
        game = session.game
        waiting = [seat for seat in game.to_act(session.state) if seat not in self.bots]
        self._waiting = {seat: self._waiting.get(seat, now) for seat in waiting}
        for seat, since in list(self._waiting.items()):
            if now - since < self.timer_us or seat not in game.to_act(session.state):
                continue
            del self._waiting[seat]
            event = self.stand_in(seat).decide(game.seat_view(session.state, seat), seat)
            self.on_hand(seat, "timer")  # first, so the log says who made it
            try:
                session.act(event, now)
            except RuleError as refused:
                log.warning("stand-in bot at seat %d: %s", seat + 1, refused)

    def _plan_presses(self, session: Session, now: int) -> None:
        plan = getattr(session.realtime, "plan_presses", None)
        if plan is None or self.press is None:
            self._planned.clear()
            return
        keen = {
            seat: bot
            for seat, bot in self.bots.items()
            if seat not in self._releases and seat not in self.leaving
        }
        self._planned = plan(session.state, keen, now, self.rng, self._planned)

    def fire(self, now: int) -> None:
        """Drive the buzzers the bots press or release by ``now``, each at its own stamp
        (the runner does so before the clock decides a stop, so a late step keeps a bot's
        press inside the tie window it was made in)."""
        if self.press is None:  # no buzzers to drive: plan_presses planned nothing
            return
        for seat, (at, held_us) in list(self._planned.items()):
            if at <= now:
                del self._planned[seat]
                self._pressed[seat] = at
                self.press(seat, True, at)
                self._releases[seat] = at + held_us
        for seat, at in list(self._releases.items()):
            if at <= now:
                del self._releases[seat]
                self.press(seat, False, at)
