"""One table's game in real time, with time passed in: no threads and no clock of its own.

The core takes presses, picks, claims and host commands, asks the arbiter for stops, and
turns the engine's phases into a running countdown. Every engine change is journalled
(made durable) before the display, the lights or any listener hears of it. The realtime
loop (loop.py) and the table-script runner (script.py) drive the same core, one with the
real clock, the other with the script's virtual time.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.runtime.arbiter import Arbiter, StopDecision
from companion.runtime.clock import Countdown
from companion.runtime.signals import BuzzerEvent, CountdownDisplay, SeatLights, StuckBuzzer

# The engine's phases the runtime turns into time: a running countdown, a stop's claims.
COUNTDOWN, CLAIMING = "countdown", "claiming"


@dataclass(frozen=True)
class TableSettings:
    tie_window_us: int = 100_000
    step_us: int = 1_000_000
    lead_in_us: int = 2_000_000
    claim_deadline_us: int = 10_000_000
    latency_us: int = 5_000

    @classmethod
    def from_ms(cls, tie_window_ms=100, step_ms=1000, lead_in_ms=2000, claim_deadline_ms=10_000,
                latency_ms=5) -> "TableSettings":
        values = dict(tie_window_ms=tie_window_ms, step_ms=step_ms, lead_in_ms=lead_in_ms,
                      claim_deadline_ms=claim_deadline_ms, latency_ms=latency_ms)
        for name, value in values.items():
            if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                raise RuleError(f"table setting {name} must be a non-negative number, not {value!r}")
        if step_ms <= 0:
            raise RuleError("table setting step_ms must be above 0")
        return cls(*(round(v * 1000) for v in values.values()))


class Journal(Protocol):
    """Where accepted events become durable before anyone is told (the event store)."""

    def record(self, events: list[Event]) -> None: ...

    def drop(self, count: int) -> None:
        """The last ``count`` events were undone."""

    def note(self, note: dict) -> None:
        """Runtime evidence outside the engine (stop evidence, ignored presses, stuck buzzers)."""

    def countdown_at(self, count: int) -> None:
        """The countdown shows ``count``: where a restart would carry on from."""


class NullJournal:
    def record(self, events: list[Event]) -> None:
        pass

    def drop(self, count: int) -> None:
        pass

    def note(self, note: dict) -> None:
        pass

    def countdown_at(self, count: int) -> None:
        pass


class TableCore:
    def __init__(self, match: Match, settings: TableSettings = TableSettings(),
                 journal: Journal | None = None, display: CountdownDisplay | None = None,
                 lights: SeatLights | None = None) -> None:
        self.match = match
        self.settings = settings
        self.journal = journal or NullJournal()
        self.display = display
        self.lights = lights
        self.arbiter = Arbiter(settings.tie_window_us, settings.latency_us)
        self.countdown: Countdown | None = None
        self.claim_deadline_us: int | None = None
        self.paused = False
        self.resume_count: int | None = None
        self.last_stop: dict | None = None
        self.notes: list[dict] = []
        self.version = 0
        self.listeners: list[Callable[["TableCore"], None]] = []
        self._shown: Any = None

    # ---------------------------------------------------------------- reading
    @property
    def state(self):
        return self.match.state

    @property
    def game(self):
        return self.match.game

    def phase(self) -> str:
        """The table's phase: the engine's, refined by what the runtime is doing."""
        if self.game.is_over(self.state):
            return "over"
        if self.paused:
            return "paused"
        if self.match.waiting_for_card is not None:
            return "waiting_card"
        return self.state.phase

    def count_shown(self, now_us: int) -> int | str | None:
        """What the countdown display shows: a count, "ready" in the lead-in, or None."""
        if self.countdown is None:
            return self.state.stop.count if self.state.phase == CLAIMING else None
        if now_us < self.countdown.opens_us:
            return "ready"
        return self.countdown.count_at(now_us)

    def next_deadline(self, now_us: int) -> int | None:
        """The next time ``advance`` has something to do (a tick, a window, a deadline)."""
        times = []
        if self.countdown is not None:
            times += [self.countdown.next_tick_after(now_us), self.arbiter.due_us(),
                      self.countdown.ends_us + self.settings.latency_us]
        if self.claim_deadline_us is not None:
            times.append(self.claim_deadline_us)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    # ---------------------------------------------------------------- inputs
    def press(self, event: BuzzerEvent) -> None:
        """A buzzer edge from any input path; only the arbiter looks at its timestamp."""
        before = len(self.arbiter.ignored)
        self.arbiter.press(event)
        self._note_ignored(before)

    def _note_ignored(self, since: int) -> None:
        for ignored in self.arbiter.ignored[since:]:
            self._note({"note": "ignored_press", "seat": ignored.seat, "t_us": ignored.t_us,
                        "reason": ignored.reason})

    def stuck(self, report: StuckBuzzer) -> None:
        self._note({"note": "stuck_buzzer", "seat": report.seat, "since_us": report.since_us})

    def act(self, event: Event, now_us: int) -> list[Event]:
        """An engine action from a phone, the console, a bot or a script."""
        if self.paused:
            raise RuleError("the game is paused")
        resolved_from = len(self.state.records) if self.state.phase == CLAIMING else None
        events = self._commit(lambda: self.match.act(event))
        if resolved_from is not None and self.state.phase != CLAIMING:
            self._show_outcome(self.state.records[resolved_from:])
        self._after_change(now_us)
        return events

    def pick(self, seat: int, card: int, now_us: int) -> list[Event]:
        return self.act(Event("pick", seat, {"card": card}), now_us)

    def claim(self, seat: int, target: Any, now_us: int) -> list[Event]:
        return self.act(Event("claim", seat, {"target": target}), now_us)

    def enter_card(self, card: Any, now_us: int) -> list[Event]:
        """The host enters the card turned up at a physical table."""
        events = self._commit(lambda: self.match.enter_chance(card))
        self._after_change(now_us)
        return events

    def start(self, now_us: int, resume_count: int | None = None) -> list[Event]:
        """Begin, or carry on after a restart: draws due, then the countdown if one runs.

        A countdown interrupted by a restart starts again, after the lead-in, from the
        count where it stood; a stop whose window was open then is dropped, not half-done.
        """
        events = self._commit(self.match.fill_chance)
        self._after_change(now_us, first=resume_count)
        return events

    def undo(self, now_us: int) -> list[Event]:
        """Drop the last decision: in the store first, so a refused undo changes nothing."""
        self.journal.drop(self.match.undo_length())
        dropped = self.match.undo()
        self.countdown = None
        self.arbiter.close()
        self.claim_deadline_us = None
        self._after_change(now_us)
        return dropped

    def pause(self, now_us: int) -> None:
        if self.paused:
            return
        shown = self.count_shown(now_us)
        self.resume_count = shown if isinstance(shown, int) else None
        self.paused = True
        self.countdown = None
        self.arbiter.close()
        self._changed(now_us)

    def resume(self, now_us: int) -> None:
        """Carry on; a countdown restarts, after a lead-in, from the count where it stood."""
        if not self.paused:
            return
        self.paused = False
        self._after_change(now_us, first=self.resume_count)
        self.resume_count = None

    # ---------------------------------------------------------------- time
    def advance(self, now_us: int) -> None:
        """Do what is due by ``now_us``: announce a stop, end a countdown, expire claims."""
        if self.paused or self.match.waiting_for_card is not None:
            return
        if self.countdown is not None:
            before = len(self.arbiter.ignored)
            decision = self.arbiter.decide(now_us)
            if decision is not None:
                self._note_ignored(before)
                self._stop(decision, now_us)
            elif not self.arbiter.pending and now_us >= self.countdown.ends_us + self.settings.latency_us:
                self.act(Event("end_countdown"), now_us)
        if self.claim_deadline_us is not None and now_us >= self.claim_deadline_us:
            stop = self.state.stop
            for seat in [s for s in stop.seats() if s not in stop.claims]:
                self._note({"note": "claim_deadline", "seat": seat})
                self.claim(seat, None, now_us)
        self._refresh_display(now_us)

    def _stop(self, decision: StopDecision, now_us: int) -> None:
        self.last_stop = {"count": decision.count, "first_us": decision.first_us,
                          "stoppers": [{"seat": s, "offset_us": o} for s, o in decision.stoppers],
                          "late": [{"seat": s, "offset_us": o} for s, o in decision.late]}
        self._note({"note": "stop_evidence", **self.last_stop})
        if self.lights:
            self.lights.light([s for s, _ in decision.stoppers])
        try:
            self.act(Event("stop", None, decision.engine_data()), now_us)
        except BaseException:        # not recorded (a full disk): the countdown runs on
            self.arbiter.open(self.countdown)
            raise

    # ---------------------------------------------------------------- plumbing
    def _commit(self, change: Callable[[], list[Event]]) -> list[Event]:
        """Apply ``change`` to the match, then make it durable; undo it if that fails."""
        state, length = self.match.state, len(self.match.log)
        events = change()
        if events:
            try:
                self.journal.record(events)
            except BaseException:
                self.match.state = state
                del self.match.log[length:]
                raise
        return events

    def _after_change(self, now_us: int, lead_in: bool = True, first: int | None = None) -> None:
        """Follow the engine: open a countdown when it runs, time the claims of a stop."""
        state = self.state
        if state.phase == CLAIMING:
            if self.claim_deadline_us is None:
                self.claim_deadline_us = now_us + self.settings.claim_deadline_us
        elif self.claim_deadline_us is not None:   # a stop was just resolved: resume at once
            self.claim_deadline_us = None
            lead_in = False
        if state.phase != COUNTDOWN or self.match.waiting_for_card is not None or self.paused:
            self.countdown = None
            self.arbiter.close()
        elif self.countdown is None:
            opens = now_us + (self.settings.lead_in_us if lead_in else 0)
            self.countdown = Countdown(opens, state.price if first is None else first,
                                       state.rules.lowest_price, self.settings.step_us)
            self.arbiter.open(self.countdown)
        self._changed(now_us)

    def _show_outcome(self, records: list[dict]) -> None:
        """Blink the lights of a dispute's parties; clear them after a plain purchase."""
        if self.lights:
            parties = sorted({r["seat"] for r in records if r["kind"] in ("dispute", "dean_priority")})
            if parties:
                self.lights.blink(parties)
            else:
                self.lights.clear()

    def _note(self, note: dict) -> None:
        self.notes.append(note)
        self.journal.note(note)

    def _changed(self, now_us: int) -> None:
        self.version += 1
        self._refresh_display(now_us)
        for listener in list(self.listeners):
            listener(self)

    def _refresh_display(self, now_us: int) -> None:
        shown = self.count_shown(now_us)
        if shown == self._shown:
            return
        self._shown = shown
        counting = isinstance(shown, int) and self.countdown is not None
        if counting:
            self.journal.countdown_at(shown)
        if self.display is None:
            return
        if shown == "ready":
            self.display.show_ready()
        elif shown is None:
            self.display.blank()
        elif counting:
            self.display.show_count(shown)
        else:
            self.display.show_stop(shown)
