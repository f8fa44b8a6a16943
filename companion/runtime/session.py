"""One game being played at the table, with time passed in: no threads, no clock of its own.

The session is the same for every game: it takes decisions, draws and entries from the
table, journals every change (makes it durable) before the display, the lights or any
listener hears of it, and offers undo and pause. A game with a real-time part (Le
Marché's countdown) plugs it in: the session hands it the buzzer presses, commits what its
clock makes due, and drives the display and the lights from what it says they show. The
realtime runner (runner.py) and the table scripts drive the same session, one with the
real clock, the other with the script's virtual time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from companion.core.arbiter import BuzzerEvent, IgnoredPress
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.core.realtime import Realtime
from companion.runtime.signals import CountdownDisplay, SeatLights, StuckBuzzer

log = logging.getLogger(__name__)


def tell(listeners: list[Callable[[Session], None]], session: Session) -> None:
    """Call every listener of a durable change: one failing never silences the rest."""
    for listener in list(listeners):
        try:
            listener(session)
        except Exception:
            log.exception("a listener failed to hear of change %d", session.version)


class Journal(Protocol):
    """Where accepted events become durable before anyone is told (the event store)."""

    def record(self, events: list[Event], notes: tuple[dict, ...] = ()) -> None:
        """The events and the notes that explain them, in one transaction."""

    def drop(self, count: int) -> None:
        """The last ``count`` events were undone."""

    def note(self, note: dict) -> None:
        """Runtime evidence outside the engine (ignored presses, stuck buzzers)."""

    def countdown_at(self, count: int) -> None:
        """The countdown shows ``count``: where a restart would carry on from (kept when it
        can be: the table plays on if it cannot)."""

    def held(self, why: str | None) -> None:
        """The table is held (``why``: one of ``KEPT_HOLDS``) or carries on (None): a
        restart holds it as it was (kept when it can be, as the count is)."""


KEPT_HOLDS = ("host", "undo")
"""The holds a restart keeps: the host's pause, and an undo's (the bots wait for the host).
A missing USB board's ("link") is found again at the start; an ended game is not resumed."""


class NullJournal:
    def record(self, events: list[Event], notes: tuple[dict, ...] = ()) -> None:
        pass

    def drop(self, count: int) -> None:
        pass

    def note(self, note: dict) -> None:
        pass

    def countdown_at(self, count: int) -> None:
        pass

    def held(self, why: str | None) -> None:
        pass


class Session:
    def __init__(
        self,
        match: Match,
        journal: Journal | None = None,
        realtime: Realtime | None = None,
        display: CountdownDisplay | None = None,
        lights: SeatLights | None = None,
    ) -> None:
        self.match = match
        self.journal = journal or NullJournal()
        self.realtime = realtime
        self.display = display
        self.lights = lights
        self.held_by: str | None = None  # why it is paused: KEPT_HOLDS, "link" or "end"
        self.notes: list[dict] = []
        self.version = 0
        self.listeners: list[Callable[[Session], None]] = []
        self._resume_count: int | None = None
        self._shown: Any = None
        self._lit: Any = None

    # ---------------------------------------------------------------- reading
    @property
    def paused(self) -> bool:
        return self.held_by is not None

    @property
    def state(self):
        return self.match.state

    @property
    def game(self):
        return self.match.game

    def status(self) -> str:
        """What the table waits for: over, paused, a card, an entry, or play."""
        if self.game.is_over(self.state):
            return "over"
        if self.paused:
            return "paused"
        if self.match.waiting_for_card is not None:
            return "waiting_card"
        if self.match.waiting_for_entry is not None:
            return "waiting_entry"
        return "playing"

    def _running(self) -> Realtime | None:
        """The real-time part, while it runs: only while nothing else holds the table up."""
        return self.realtime if self.realtime is not None and self.status() == "playing" else None

    def shown(self, now_us: int) -> tuple[str, int | None]:
        """What the countdown display shows: ("count", n), ("ready", n) in the lead-in of a
        countdown from n, ("stop", n) while a stop is resolved, or ("blank", None)."""
        if self.realtime is None or self.paused:
            return "blank", None
        return self.realtime.shown(self.state, now_us)

    def next_deadline(self, now_us: int) -> int | None:
        """The next time ``catch_up`` has something to do."""
        running = self._running()
        return running.next_deadline(now_us) if running is not None else None

    # ---------------------------------------------------------------- inputs
    def press(self, event: BuzzerEvent) -> None:
        """A buzzer edge from any input path; only the arbiter looks at its timestamp."""
        if self.realtime is None:
            if event.pressed:
                self._note(
                    {
                        "note": "ignored_press",
                        "seat": event.seat,
                        "t_us": event.t_us,
                        "reason": "this game has no countdown",
                    }
                )
            return
        ignored = self.realtime.press(event)
        if ignored is not None:
            self._note(ignored.to_note())

    def stuck(self, report: StuckBuzzer) -> None:
        self._note({"note": "stuck_buzzer", "seat": report.seat, "since_us": report.since_us})

    def act(self, event: Event, now_us: int, notes: tuple[dict, ...] = ()) -> list[Event]:
        """A decision from a phone, the console, a bot, a script or the game's clock."""
        if self.paused:
            raise RuleError("the game is paused")
        return self._change(lambda: self.match.act(event), now_us, notes)

    def enter_card(self, card: Any, now_us: int) -> list[Event]:
        """The host enters the card (cube, die face) that came up at a physical table."""
        return self._change(lambda: self.match.enter_chance(card), now_us)

    def enter(self, value: Any, now_us: int) -> list[Event]:
        """The host enters the data the game waits for (a card nobody published…)."""
        return self._change(lambda: self.match.enter(value), now_us)

    def start(self, now_us: int, resume_count: int | None = None) -> list[Event]:
        """Begin, or carry on after a restart: draws due, then the real-time part.

        A countdown interrupted by a restart starts again, after the lead-in, from the
        count where it stood; a stop whose window was open then is dropped, not half-done.
        """
        return self._change(self.match.fill_chance, now_us, first=resume_count)

    def undo(self, now_us: int) -> list[Event]:
        """Drop the last decision: in the store first, so a refused undo changes nothing."""
        self.journal.drop(self.match.undo_length())
        dropped = self.match.undo()
        if self.realtime is not None:
            self._note_ignored(self.realtime.halt())
        self._follow(now_us)
        return dropped

    def pause(self, now_us: int, why: str = "host") -> None:
        """Hold the table: the host's pause, an undo's hold for the bots (which an undo
        while paused becomes), a missing USB board ("link"), an ended game ("end")."""
        if self.paused:
            if why == "undo":
                self._hold(why)
            return
        if self.realtime is not None:
            kind, count = self.realtime.shown(self.state, now_us)
            self._resume_count = count if kind in ("count", "ready") else None  # a lead-in too
            self._note_ignored(self.realtime.halt())
        self._hold(why)
        self._changed(now_us)

    def resume(self, now_us: int) -> None:
        """Carry on; a countdown restarts, after a lead-in, from the count where it stood."""
        if not self.paused:
            return
        self._hold(None)
        self._follow(now_us, first=self._resume_count)
        self._resume_count = None

    # ---------------------------------------------------------------- time
    def catch_up(self, now_us: int) -> None:
        """Do what the game's clock makes due by ``now_us`` (a stop, a countdown's end…),
        each due event committed with its notes in one transaction."""
        while (running := self._running()) is not None:
            due = running.due(self.state, now_us)
            if due is None:
                break
            self.act(due.event, now_us, due.notes)
        self._refresh_outputs(now_us)

    # ---------------------------------------------------------------- plumbing
    def _change(
        self,
        change: Callable[[], list[Event]],
        now_us: int,
        notes: tuple[dict, ...] = (),
        first: int | None = None,
    ) -> list[Event]:
        """Apply ``change`` to the match and make it durable, or undo it if that fails;
        then tell the real-time part, the outputs and the listeners."""
        state, length = self.match.state, len(self.match.log)
        events = change()
        if events:
            try:
                self.journal.record(events, notes)
            except BaseException:
                self.match.state = state
                del self.match.log[length:]
                raise
        self.notes.extend(notes)
        self._follow(now_us, first)
        return events

    def _follow(self, now_us: int, first: int | None = None) -> None:
        if self.realtime is not None:
            self._note_ignored(
                self.realtime.follow(self.state, now_us, first, hold=self.status() != "playing")
            )
        self._changed(now_us)

    def _hold(self, why: str | None) -> None:
        if why in KEPT_HOLDS or self.held_by in KEPT_HOLDS:
            self.journal.held(why if why in KEPT_HOLDS else None)
        self.held_by = why

    def _note(self, note: dict) -> None:
        self.notes.append(note)
        self.journal.note(note)

    def _note_ignored(self, presses: list[IgnoredPress]) -> None:
        for ignored in presses:
            self._note(ignored.to_note())

    def _changed(self, now_us: int) -> None:
        """Tell everyone of a durable change; one failing listener never silences the rest."""
        self.version += 1
        self._refresh_outputs(now_us)
        tell(self.listeners, self)

    def _refresh_outputs(self, now_us: int) -> None:
        if self.realtime is None:
            return
        shown = self.shown(now_us)
        if shown != self._shown:
            self._shown = shown
            self._show(*shown)
        lit = self.realtime.lights
        if lit != self._lit and self.lights is not None:
            self._lit = lit
            if lit.blinking:
                self.lights.blink(list(lit.blinking))
            elif lit.steady:
                self.lights.light(list(lit.steady))
            else:
                self.lights.clear()

    def _show(self, kind: str, count: int | None) -> None:
        """The display first: the table sees the count even if keeping it fails."""
        display = self.display
        if display is not None:
            if kind == "count" and count is not None:
                display.show_count(count)
            elif kind == "ready":
                display.show_ready()
            elif kind == "stop" and count is not None:
                display.show_stop(count)
            else:
                display.blank()
        if kind == "count" and count is not None:
            self.journal.countdown_at(count)
