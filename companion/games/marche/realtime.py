"""Le Marché's real-time part: the running countdown, its arbiter, the claim deadline,
the lockout lights and the stop's evidence.

The table session (companion/runtime/session.py) knows nothing of countdowns: after every
committed change it calls ``follow``, hands buzzer presses to ``press``, asks ``due`` what
the clock makes due (a stop, the countdown's end, a missed claim) and commits that, and
drives the display and the lights from ``shown`` and ``lights``. So the lights and the
display change only after the store has the change, and a stop that could not be recorded
leaves the arbiter open and the countdown running.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from companion.core.arbiter import Arbiter, BuzzerEvent, IgnoredPress, StopDecision
from companion.core.countdown import Countdown
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.realtime import Due, Lights
from companion.games.marche.game import MarcheGame
from companion.games.marche.state import CLAIMING, COUNTDOWN, OVER, MarcheState

REACTION = (0.15, 0.7)
"""A bot presses this long after the count it wants appears, in steps: always before the
next count, so it stops where it wanted at any speed of the countdown."""
HOLD = 0.15  # and holds its buzzer down this long, in steps
GAME = MarcheGame()
DAY_MS = 86_400_000
TIMING_LIMITS_MS = {
    "tie_window_ms": (0, 1000),
    "step_ms": (10, 60_000),
    "lead_in_ms": (0, DAY_MS),
    "claim_deadline_ms": (500, DAY_MS),
    "latency_ms": (0, 1000),
}


TIMING_WORDS = {
    "tie_window_ms": Phrase("presses this close to the first (ms) are simultaneous"),
    "step_ms": Phrase("time between two counts (ms)"),
    "lead_in_ms": Phrase("time to get ready before the first count (ms)"),
    "claim_deadline_ms": Phrase("time a stopper has to name a card (ms)"),
}


@dataclass(frozen=True)
class Timing:
    """The countdown's settings (a table's choice, not a rule): microseconds."""

    tie_window_us: int = 100_000
    step_us: int = 1_000_000
    lead_in_us: int = 2_000_000
    claim_deadline_us: int = 10_000_000
    latency_us: int = 5_000

    @classmethod
    def from_ms(cls, **values_ms: Any) -> Timing:
        """From the table's settings in milliseconds, each checked against its limits."""
        unknown = sorted(set(values_ms) - set(TIMING_LIMITS_MS))
        if unknown:
            raise RuleError(
                "unknown table setting {name} (settings: {known})",
                name=repr(unknown[0]),
                known=", ".join(TIMING_LIMITS_MS),
            )
        for name, value in values_ms.items():
            low, high = TIMING_LIMITS_MS[name]
            if (
                not isinstance(value, (int, float))
                or isinstance(value, bool)
                or not math.isfinite(value)
                or not low <= value <= high
            ):
                raise RuleError(
                    "table setting {name} must be a number from {low} to {high}, not {value}",
                    name=name,
                    low=low,
                    high=high,
                    value=repr(value),
                )
        return cls(**{name[:-3] + "_us": round(value * 1000) for name, value in values_ms.items()})

    def to_ms(self) -> dict[str, float]:
        return {name[:-3] + "_ms": value / 1000 for name, value in vars(self).items()}


def reaction_us(step_us: int, rng: random.Random) -> int:
    """How long after the count it wants a bot presses (``REACTION``): the table's bots and
    the simulator's (playout.py) draw it alike, so a simulation ties as a table does."""
    return int(step_us * rng.uniform(*REACTION))


class MarcheCountdown:
    """One table's countdown for Le Marché (made per session from its timing)."""

    def __init__(self, timing: Timing) -> None:
        self.timing = timing
        self.arbiter = Arbiter(timing.tie_window_us, timing.latency_us)
        self.countdown: Countdown | None = None
        self.claim_deadline_us: int | None = None
        self.last_stop: dict | None = None
        self.lights = Lights()
        self._records_at_stop: int | None = None
        self._evidence: dict | None = None
        self._market: tuple | None = None

    @staticmethod
    def schema() -> list[dict]:
        """The countdown's settings as the host's new-game form asks for them."""
        defaults = Timing().to_ms()
        return [
            {
                "name": name,
                "default": defaults[name],
                "kind": "number",
                "low": low,
                "high": high,
                "description": TIMING_WORDS[name],
                "choices": [],
            }
            for name, (low, high) in TIMING_LIMITS_MS.items()
            if name in TIMING_WORDS
        ]

    @staticmethod
    def settings(values_ms: Mapping[str, Any]) -> dict[str, int]:
        """A new game's timing, checked, as it is stored (microseconds)."""
        return asdict(Timing.from_ms(**values_ms))

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> MarcheCountdown:
        """From a stored game's timing (``settings``' output)."""
        return cls(Timing(**settings))

    # ------------------------------------------------------------- following the game
    def follow(
        self, state: MarcheState, now_us: int, first: int | None = None, hold: bool = False
    ) -> list[IgnoredPress]:
        """The game changed (and it is durable): open a countdown when the engine's phase
        is one and nothing ``hold``s the table up (a pause, a card to enter), time a stop's
        claims, set the lights. The one place the arbiter opens and closes. ``first``
        restarts an interrupted countdown from that count."""
        lead_in = True
        if self.last_stop is not None and (
            self.last_stop["turn"] != state.turn
            or state.phase == OVER
            or (state.phase == COUNTDOWN and len(state.records) <= self.last_stop["records_from"])
        ):  # a new turn (or the end): the stop is told; or it was undone (each claim records)
            self.last_stop = None
        if state.phase == CLAIMING:
            if self.claim_deadline_us is None:
                self.claim_deadline_us = now_us + self.timing.claim_deadline_us
                self._records_at_stop = len(state.records)
                if self._evidence is not None:
                    self.last_stop = self._told(state.turn, len(state.records))
                self.lights = Lights(steady=tuple(state.claiming().seats()))
        elif self.claim_deadline_us is not None:  # a stop was just resolved: carry on at once
            self.claim_deadline_us = None
            lead_in = False
            self.lights = self._outcome(state.records[self._records_at_stop :])
        dropped: list[IgnoredPress] = []
        if state.phase != COUNTDOWN or hold:
            self.countdown = None
            dropped = self.arbiter.close("the table was held up before the stop was decided")
        elif self.countdown is None:
            opens = now_us + (self.timing.lead_in_us if lead_in else 0)
            self.countdown = Countdown(
                opens, state.price if first is None else first, state.rules.lowest_price, self.timing.step_us
            )
            self.arbiter.open(self.countdown)
        return dropped

    def halt(self) -> list[IgnoredPress]:
        """A pause or an undo: nothing runs until ``follow`` is called again. The stoppers'
        lights go out (``follow`` lights them again if the stop still stands)."""
        self.countdown = None
        self.claim_deadline_us = None
        self.lights = Lights(blinking=self.lights.blinking)
        return self.arbiter.close("a pause or an undo came before the stop was decided")

    @staticmethod
    def _outcome(records: list[dict]) -> Lights:
        """A dispute's parties blink; a plain purchase clears the lights."""
        parties = sorted({r["seat"] for r in records if r["kind"] in ("dispute", "dean_priority")})
        return Lights(blinking=tuple(parties))

    # ------------------------------------------------------------- presses and time
    def press(self, event: BuzzerEvent) -> IgnoredPress | None:
        return self.arbiter.press(event)

    def due(self, state: MarcheState, now_us: int) -> Due | None:
        """What the clock makes due by ``now_us``: a stop (with its evidence and the presses
        too late for it), the countdown's end, or the missed claim of a stopper."""
        if self.countdown is not None:
            decision, ignored = self.arbiter.decide(now_us)
            if decision is not None:
                return self._stop(decision, ignored, state)
            if not self.arbiter.pending and now_us >= self.countdown.ends_us + self.timing.latency_us:
                return Due(Event("end_countdown"))
        if self.claim_deadline_us is not None and now_us >= self.claim_deadline_us:
            stop = state.claiming()  # a claim deadline runs only while claiming
            for seat in stop.seats():
                if seat not in stop.claims:
                    return Due(
                        Event("claim", seat, {"target": None}), ({"note": "claim_deadline", "seat": seat},)
                    )
        return None

    def _stop(self, decision: StopDecision, ignored: list[IgnoredPress], state: MarcheState) -> Due:
        self._evidence = decision.evidence()
        data = {"count": decision.count, "stoppers": [list(s) for s in decision.stoppers]}
        kept = {
            "note": "stop_evidence",
            **self._evidence,
            "turn": state.turn,
            "records_from": len(state.records),
        }
        return Due(Event("stop", None, data), (kept, *(i.to_note() for i in ignored)))

    def resume(self, kept: Callable[[str], dict | None]) -> None:
        """After a restart: the last stop's evidence, shown again while its turn lasts (the
        next ``follow`` drops it if the turn is over or the stop was undone)."""
        note = kept("stop_evidence")
        if note is None or "turn" not in note:  # none, or kept before its turn was
            return
        self._evidence = {key: note[key] for key in ("count", "first_us", "stoppers", "late")}
        self.last_stop = self._told(note["turn"], note["records_from"])

    def _told(self, turn: int, records_from: int) -> dict:
        """The last stop as the screens show it: its evidence, in the turn it was made, the
        records its claims add after ``records_from`` (gone again: it was undone)."""
        return {
            **(self._evidence or {}),
            "turn": turn,
            "records_from": records_from,
            "tie_window_us": self.timing.tie_window_us,
        }

    def plan_presses(
        self,
        state: MarcheState,
        bots: Mapping[int, Any],
        now_us: int,
        rng: random.Random,
        planned: dict[int, tuple[int, int]],
    ) -> dict[int, tuple[int, int]]:
        """When each bot presses its buzzer, (press at, held for): a reaction time after
        the count it would stop at appears. Plans are dropped when the market changes."""
        kind, shown = self.shown(state, now_us)
        countdown = self.countdown
        market = (state.turn, len(state.records))
        if kind != "count" or market != self._market:
            planned = {}  # what was worth a press may be gone now
            self._market = market
        if kind != "count":
            return planned
        assert countdown is not None and shown is not None, "a count is shown while counting"
        step = self.timing.step_us
        for seat, bot in bots.items():
            if seat in planned:
                continue
            wanted = bot.stop_at(GAME.seat_view(state, seat), seat)
            if wanted is not None and wanted >= shown:
                at = countdown.tick_us(shown) + reaction_us(step, rng)
                planned[seat] = (max(at, now_us), max(int(HOLD * step), 1))
        return planned

    def next_deadline(self, now_us: int) -> int | None:
        """The next time ``due`` may have something (a tick, a window, a deadline)."""
        times: list[int | None] = []
        if self.countdown is not None:
            times += [
                self.countdown.next_tick_after(now_us),
                self.arbiter.due_us(),
                self.countdown.ends_us + self.timing.latency_us,
            ]
        if self.claim_deadline_us is not None:
            times.append(self.claim_deadline_us)
        known = [t for t in times if t is not None]
        return min(known) if known else None

    # ------------------------------------------------------------- what is shown
    def shown(self, state: MarcheState, now_us: int) -> tuple[str, int | None]:
        """The display: ("count", n) while counting, ("ready", n) in the lead-in of a
        countdown from n (a pause then resumes from n), ("stop", n) while a stop is
        resolved, ("blank", None) otherwise."""
        if self.countdown is None:
            return ("stop", state.claiming().count) if state.phase == CLAIMING else ("blank", None)
        if now_us < self.countdown.opens_us:
            return "ready", self.countdown.first
        count = self.countdown.count_at(now_us)
        return ("blank", None) if count is None else ("count", count)

    def public(self, now_us: int) -> dict:
        """The countdown for the pages, relative to now, so a page runs the digits on its
        own clock; the claims' time left; the last stop's evidence; the timing."""
        countdown = self.countdown
        schedule = (
            None
            if countdown is None
            else {
                "opens_in_ms": (countdown.opens_us - now_us) / 1000,
                "first": countdown.first,
                "lowest": countdown.lowest,
                "step_ms": countdown.step_us / 1000,
            }
        )
        claim_left = (
            None if self.claim_deadline_us is None else max(0, self.claim_deadline_us - now_us) / 1000
        )
        return {
            "countdown": schedule,
            "claim_ms_left": claim_left,
            "last_stop": self.last_stop,
            "settings": self.timing.to_ms(),
        }
