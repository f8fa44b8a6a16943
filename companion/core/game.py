"""The contract every game engine on the core fulfils.

Shaped after OpenSpiel's game/state split and boardgame.io's pure moves: state is data,
``apply`` is pure and deterministic, chance is requested rather than rolled, and ``view``
builds exactly what one viewer may see. Nothing here knows about any particular game.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Mapping, TypeVar

S = TypeVar("S")

@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the append-only log: who did what (``actor`` is a seat or None).

    ``actor`` is typed Any because it is what was sent: the game checks it and refuses
    anything that is not one of its seats (a compiled engine must not reject it sooner).
    """

    kind: str
    actor: Any = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "Event":
        return cls(raw["kind"], raw.get("actor"), dict(raw.get("data") or {}))


CHANCE: Final = "chance"
"""The kind of every chance event: ``data = {"deck": name, "card": value}``."""


def chance_event(deck: str, card: Any) -> Event:
    return Event(CHANCE, None, {"deck": deck, "card": card})


@dataclass(frozen=True, slots=True)
class ChanceRequest:
    """A draw the engine needs: from ``deck``, whose remaining cards are ``remaining``.

    ``remaining`` maps a card to how many copies are left (a multiset), so a digital
    source can draw fairly and a person at a physical table can be checked against it.
    """

    deck: str
    remaining: Mapping[Any, int]


class Game(ABC, Generic[S]):
    """A game engine: pure functions over its own state type."""

    name: str

    @abstractmethod
    def new_state(self, setup: Mapping[str, Any]) -> S:
        """The state before the first event, from a JSON-able setup (players, rules…)."""

    @abstractmethod
    def apply(self, state: S, event: Event) -> S:
        """The state after ``event``; raises RuleError and leaves ``state`` untouched."""

    @abstractmethod
    def chance_request(self, state: S) -> ChanceRequest | None:
        """The draw the game waits for, if any; no other event is legal meanwhile."""

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for the table screen) may see, as JSON-able data."""

    @abstractmethod
    def redact(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """``event`` as ``viewer`` may see it in the log."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    def undoable(self, event: Event) -> bool:
        """Undo steps back over decisions, never over the draws that followed them."""
        return event.kind != CHANCE
