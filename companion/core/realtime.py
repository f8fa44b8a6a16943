"""The real-time part a game may plug into the table session, as a type.

A game whose table runs on the clock or the buzzers (Le Marché's countdown, Bazaar's
buzzer roll) gives its ``GameSpec.realtime``: a class (``RealtimeKind``) that builds one
part per session (``Realtime``). The session hands it every buzzer press, asks it what the
clock makes due and commits that, then shows its lights and display: so the lights and the
display change only after the store has the change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.arbiter import BuzzerEvent, IgnoredPress
from companion.core.game import Event


@dataclass(frozen=True, slots=True)
class Lights:
    """The seats' buzzer lights: steady (whose turn, who won a stop) and blinking."""

    steady: tuple[int, ...] = ()
    blinking: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Due:
    """An event the clock or a press makes due, with the notes recorded in the same
    transaction (the stop's evidence, the press that rolled)."""

    event: Event
    notes: tuple[dict[str, Any], ...] = ()


class Realtime(Protocol):
    """One session's real-time part. ``state`` is the game's own state."""

    lights: Lights

    def follow(
        self, state: Any, now_us: int, first: int | None = None, hold: bool = False
    ) -> list[IgnoredPress]:
        """The game changed (or the table was held, ``hold``): start, carry on or stop;
        ``first`` is the count a restart resumes at. Returns the presses it took that
        stopping drops, each with its reason (never dropped silently)."""

    def resume(self, kept: Callable[[str], dict | None]) -> None:
        """After a restart, before the first ``follow``: ``kept(name)`` is the last note of
        that name kept with the game (a stop's evidence), for what the screens showed."""

    def halt(self) -> list[IgnoredPress]:
        """The table stops (a pause, an undo): nothing runs until the next ``follow``.
        Returns the presses it took that it drops, as ``follow`` does."""

    def press(self, event: BuzzerEvent) -> IgnoredPress | None:
        """A buzzer edge; the reason it is ignored, if it is."""

    def due(self, state: Any, now_us: int) -> Due | None:
        """What the clock and the presses make due by ``now_us``, if anything."""

    def next_deadline(self, now_us: int) -> int | None:
        """When ``due`` may next have something (None: only after a press)."""

    def shown(self, state: Any, now_us: int) -> tuple[str, int | None]:
        """What the display shows: ("count", n), ("ready", n) before a countdown from n,
        ("stop", n) or ("blank", None)."""

    def public(self, now_us: int) -> dict[str, Any]:
        """What every screen may know of the part now (the count, the deadline)."""


class RealtimeKind(Protocol):
    """The class a game registers: the table's settings and a part made from them."""

    def schema(self) -> list[dict[str, Any]]:
        """The table settings the host console offers (name, default, limits, words)."""

    def settings(self, values_ms: Mapping[str, Any]) -> dict[str, Any]:
        """The settings to store from the table's values (milliseconds), each checked."""

    def from_settings(self, settings: Mapping[str, Any]) -> Realtime:
        """A part for one session, from stored settings."""


class PressPlanner(Protocol):
    """A real-time part where bots press buzzers too (Le Marché's countdown)."""

    def plan_presses(
        self,
        state: Any,
        bots: Mapping[int, Any],
        now_us: int,
        rng: random.Random,
        planned: dict[int, tuple[int, int]],
    ) -> dict[int, tuple[int, int]]:
        """When each bot presses, (press at, held for) by seat."""
