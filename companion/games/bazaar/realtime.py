"""Bazaar's small real-time part: at a table with buzzers, the buzzer of the player to play
rolls the die, and that player's buzzer light shows whose turn it is.

The session (companion/runtime/session.py) hands every buzzer press to ``press`` and asks
``due`` what to commit: a press by the player to play, while a roll is theirs to choose, is
their ``roll``; any other press is ignored and recorded with its reason. There is no
countdown, no display and nothing to set: the die itself stays a chance event, rolled by
the seed or entered by the host like a roll chosen on the phone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.arbiter import BuzzerEvent, IgnoredPress
from companion.core.game import Event
from companion.core.realtime import Due, Lights
from companion.games.bazaar.state import ACT, BazaarState


class BuzzerRoll:
    """Made per session; it keeps only who may roll now and a press waiting to count."""

    def __init__(self) -> None:
        self.roller: int | None = None
        self.pressed: BuzzerEvent | None = None
        self.lights = Lights()

    @staticmethod
    def schema() -> list[dict]:
        return []

    @staticmethod
    def settings(values_ms: Mapping[str, Any]) -> dict:
        """The table's countdown settings do not apply to Bazaar."""
        return {}

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> BuzzerRoll:
        return cls()

    def resume(self, kept: Callable[[str], dict | None]) -> None:
        """A roll is pressed and played at once: nothing of one is shown after a restart."""

    def follow(
        self, state: BazaarState, now_us: int, first: int | None = None, hold: bool = False
    ) -> list[IgnoredPress]:
        """The game changed: the player to play may roll with their buzzer, unless the
        table is held up (a pause, a card or a face to enter)."""
        self.roller = state.turn if state.phase == ACT and not hold else None
        self.lights = Lights(steady=(self.roller,) if self.roller is not None else ())
        if self.pressed is not None and self.pressed.seat != self.roller:
            return self._drop("the roll closed before the press was played")
        return []

    def halt(self) -> list[IgnoredPress]:
        self.roller = None
        self.lights = Lights()
        return self._drop("a pause or an undo came before the press was played")

    def _drop(self, reason: str) -> list[IgnoredPress]:
        press, self.pressed = self.pressed, None
        return [IgnoredPress(press.seat, press.t_us, reason)] if press is not None else []

    def press(self, event: BuzzerEvent) -> IgnoredPress | None:
        if not event.pressed:
            return None
        if self.roller is None:
            return IgnoredPress(event.seat, event.t_us, "no roll is open")
        if event.seat != self.roller:
            return IgnoredPress(event.seat, event.t_us, "not this player's turn")
        if self.pressed is None:
            self.pressed = event
        return None

    def due(self, state: BazaarState, now_us: int) -> Due | None:
        press, self.pressed = self.pressed, None
        if press is None or state.phase != ACT or state.turn != press.seat:
            return None
        note = {"note": "buzzer_roll", "seat": press.seat, "pressed_us": press.t_us}
        return Due(Event("roll", press.seat), (note,))

    def next_deadline(self, now_us: int) -> int | None:
        return now_us if self.pressed is not None else None

    def shown(self, state: BazaarState, now_us: int) -> tuple[str, int | None]:
        return "blank", None

    def public(self, now_us: int) -> dict:
        return {"buzzer_rolls": True}
