"""The contract every game engine on the core fulfils.

Shaped after OpenSpiel's game/state split (``current_player``, ``legal_actions``,
``returns``) and boardgame.io's pure moves and player views: state is data, ``apply`` is
pure and deterministic, chance and table-entered data are requested rather than invented,
and ``view`` builds exactly what one viewer may see. Nothing here knows any one game.

A game waits, at any moment, for exactly one of these:
- a draw (``chance_request``): a card, a cube or a die face from a known multiset;
- an entry (``input_request``): data the table types in that has no known set of values;
- decisions of seats (``to_act``): one seat, or several for a simultaneous decision;
- nothing listed: the game's real-time part drives it (a countdown), or it is over.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from companion.core.default_names import seat_name
from companion.core.errors import RuleError
from companion.core.phrase import Phrase

S = TypeVar("S")

CHANCE = "chance"
"""The kind of every draw: ``data = {"deck": name, "card": value}`` (+ ``"seen_by": seat``)."""
ENTRY = "entry"
"""The kind of every table entry: ``data = {"name": what, "value": value}``."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the append-only log: who did what (``actor`` is a seat or None).

    ``actor`` is typed Any because it is what was sent: the game checks it and refuses
    anything that is not one of its seats.
    """

    kind: str
    actor: Any = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        return cls(raw["kind"], raw.get("actor"), dict(raw.get("data") or {}))


@dataclass(frozen=True, slots=True)
class ChanceRequest:
    """A draw the engine needs: from ``deck``, whose remaining cards are ``remaining``.

    ``remaining`` maps a card to how many copies are left (a multiset), so a digital
    source can draw fairly and a person at a physical table can be checked against it.
    ``seen_by`` is the one seat allowed to see what is drawn (a blind draw into a hidden
    hand); None means the draw is public.

    ``kinds`` says that ``remaining`` itself is secret: once a deck has fed hidden hands,
    what is left in it tells what those hands hold (with two players, exactly), whoever
    draws next. A game sets it for such a deck to every card the deck may hold, all that a
    person entering a draw from it is shown; None means ``remaining`` is public.

    ``counted`` False: every card is always there (a die's faces, the seat that plays
    first), so a person entering it is shown no count, as none would say anything.
    """

    deck: str
    remaining: Mapping[Any, int]
    seen_by: int | None = None
    kinds: tuple[Any, ...] | None = None
    counted: bool = True

    @property
    def remaining_public(self) -> bool:
        return self.kinds is None

    def choices(self) -> list[list[Any]]:
        """What a person entering the draw may be shown: each card left with its count,
        or, when that is secret or says nothing (``counted``), each card (count None)."""
        if self.kinds is None:
            return [[card, n if self.counted else None] for card, n in sorted(self.remaining.items()) if n]
        return [[card, None] for card in self.kinds]


def chance_event(deck: str, card: Any, seen_by: int | None = None) -> Event:
    data: dict[str, Any] = {"deck": deck, "card": card}
    if seen_by is not None:
        data["seen_by"] = seen_by
    return Event(CHANCE, None, data)


@dataclass(frozen=True, slots=True)
class InputRequest:
    """Data the table must enter that no known set of values lists (a card nobody
    published, an exchange equation, a space of the printed board).

    ``check`` is the game's own validator: it returns the value as the game keeps it, or
    raises RuleError saying what is wrong. ``example`` is a valid value for the host's form.
    """

    name: str
    prompt: str
    example: Any
    check: Callable[[Any], Any] = field(compare=False)


def entry_event(request: InputRequest, value: Any) -> Event:
    return Event(ENTRY, None, {"name": request.name, "value": value})


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: each seat's score and place (1 = won; tied seats share a place),
    and a JSON-able breakdown the game defines (its score sheet)."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    breakdown: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "places": list(self.places),
            "winners": list(self.winners),
            "breakdown": dict(self.breakdown),
        }


def places_by(keys: list[tuple]) -> tuple[int, ...]:
    """Places from each seat's ranking key (higher is better): equal keys share a place,
    and the next place skips as many as shared (1, 1, 3)."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def seat_names(setup: Mapping[str, Any]) -> tuple[str, ...]:
    """The players' names of a setup, one per seat ("Seat 1", … where none are given),
    each distinct. The number of players a game allows is the registry's check
    (``GameSpec.setup``): an engine reads its names here and checks nothing else of them."""
    names = tuple(setup.get("names") or ())
    players = setup.get("players", len(names))
    if type(players) is not int or players < 1:
        raise RuleError("the number of players must be a whole number, not {players}", players=repr(players))
    names = names or tuple(map(seat_name, range(players)))
    if len(names) != players or len(set(names)) != players:
        raise RuleError("each player needs a distinct name")
    return names


def check_viewer(viewer: Any, players: int, table: bool = True) -> None:
    """A view is for a seat (0 to players - 1) or, where ``table``, for the table (None);
    anything else is a RuleError."""
    if (viewer is not None or not table) and (type(viewer) is not int or not 0 <= viewer < players):
        raise RuleError(
            "unknown viewer {viewer}: a seat from 0 to {last}, or the table",
            viewer=repr(viewer),
            last=players - 1,
        )


class Game(ABC, Generic[S]):
    """A game engine: pure functions over its own state type.

    A game implements ``advance`` (the event applied in place, checked entirely before the
    first change) and ``copy``; the pure ``apply`` is built from them, so an owner that
    never shares its state (the simulator) may advance it without copying.
    """

    decisions: frozenset[str] = frozenset()
    """The event kinds a seat decides: the only kinds a phone, the host acting for a seat or
    a bot may send. Every other kind is the table's own (draws, entries, the real-time part's
    stops and ends), made by the appliance from the buzzers, the clock and the bag, so the
    fairness of a stop rests on the buzzer stamps alone."""

    @abstractmethod
    def new_state(self, setup: Mapping[str, Any]) -> S:
        """The state before the first event, from a JSON-able setup (players, names,
        options…); raises RuleError naming what is wrong with it."""

    @abstractmethod
    def copy(self, state: S) -> S:
        """A state that shares nothing mutable with ``state``."""

    @abstractmethod
    def advance(self, state: S, event: Event) -> None:
        """Apply ``event`` in place; raises RuleError and leaves ``state`` untouched."""

    def apply(self, state: S, event: Event) -> S:
        """The state after ``event``; raises RuleError and leaves ``state`` untouched."""
        after = self.copy(state)
        self.advance(after, event)
        return after

    @abstractmethod
    def names(self, state: S) -> tuple[str, ...]:
        """The players' names, one per seat (seats are numbered 0 … players - 1)."""

    def players(self, state: S) -> int:
        return len(self.names(state))

    @abstractmethod
    def chance_request(self, state: S) -> ChanceRequest | None:
        """The draw the game waits for, if any; no other event is legal meanwhile."""

    def input_request(self, state: S) -> InputRequest | None:
        """The entry the game waits for, if any; no other event is legal meanwhile."""
        return None

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats whose decision the game waits for: one, several for a simultaneous
        decision, none while a draw, an entry or a real-time phase is due or when over."""

    def to_act_shown(self, state: S, viewer: int | None) -> tuple[int, ...]:
        """The seats ``viewer`` (a seat, or None for the table) may know the game waits for.

        All of ``to_act`` unless who has already decided is itself a secret (a sealed bid:
        the table knows only how many are in); such a game shows a seat only itself, while
        it is still to decide, and the table nobody.
        """
        return self.to_act(state)

    def legal_actions(self, state: S, seat: int) -> list[Event] | None:
        """What ``seat`` may do now, where that can be listed (None where it cannot)."""
        return None

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for the table screen) may see, as JSON-able data."""

    @abstractmethod
    def secret_twin(self, state: S, seat: int) -> S:
        """The game's declaration of what ``seat`` alone may know now: a state that differs
        from ``state`` only there (its hand, its money, its sealed bid, each changed, the
        sizes everyone sees kept). Every other viewer's view, ``to_act_shown`` and seat
        view must be the same for both: the conformance suite (tests/games) checks it at
        every step. A game of open information returns ``state``."""

    def seat_view(self, state: S, seat: int) -> Any:
        """What a bot in ``seat`` decides from: the seat's own view, or the same facts as
        an object that is quicker to read (never more than ``view(state, seat)`` shows)."""
        return self.view(state, seat)

    def redact(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """``event`` as ``viewer`` may see it in the log: a draw seen by one seat only is
        shown to the others without its card."""
        shown = event.to_dict()
        seen_by = event.data.get("seen_by") if event.kind == CHANCE else None
        if seen_by is not None and viewer != seen_by:
            shown["data"].pop("card", None)
        return shown

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result:
        """The scores and places of a finished game (also the standings of an ended one)."""

    @abstractmethod
    def standing(self, state: S) -> tuple[int, ...]:
        """Each seat's money or points now, as far as the final score counts them: the
        chart of a finished game (companion/core/chart.py) draws it after every event. It
        may be secret during play: only a finished game's chart reads it."""

    @abstractmethod
    def moment(self, before: S, event: Event, after: S) -> Phrase | None:
        """A few words the chart marks at ``event`` when it decided the game (a stop, a
        reveal, a purchase, a sale); None for every other event."""

    def summary(self, state: S) -> dict[str, Any]:
        """Where a game stands, in a few JSON-able facts (``samarkand games replay``)."""
        over = self.is_over(state)
        return {"over": over, "result": self.result(state).to_dict() if over else None}

    def undoable(self, event: Event) -> bool:
        """Undo steps back over decisions, never over the draws and entries that followed them."""
        return event.kind not in (CHANCE, ENTRY)
