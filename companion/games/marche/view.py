"""What one viewer may see of a game of Le Marché, and of its log.

Secret until the final scoring: each player's money and camels (and, with
``hidden_goods``, bought goods); a player's pick until all have picked; a stopper's claim
until the stop is resolved. Everything else is public (docs/rules/marche.md, "What is
secret from whom"). MarcheGame.secret_twin (game.py) declares the same secrets.

``TableView`` and ``SeatView`` are that secrecy as facts a program can ask for (the bots
decide from nothing else); ``build_view`` writes the same facts out as JSON-able data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from companion.core.game import Event, check_viewer
from companion.games.marche.discard import set_bonus
from companion.games.marche.options import MarcheOptions
from companion.games.marche.rules import podium_points
from companion.games.marche.scoring import EMPTY_SPACE_COST
from companion.games.marche.state import CAMEL, OVER, PICKING, REVEAL, MarcheState

PRIVATE_RECORD_KEYS = ("paid",)
NOTHING: Mapping[Any, int] = MappingProxyType({})
HIDDEN_OFFERS = (PICKING, REVEAL)  # the phases before every offer is revealed


@dataclass(frozen=True, slots=True)
class StopSeen:
    """A stop being resolved, as a viewer sees it: who stopped, who has named a card yet."""

    count: int
    stoppers: tuple[tuple[int, int], ...]  # (seat, µs after the first press), in press order
    claimed: tuple[int, ...]  # the stoppers that have named a card, by seat
    your_claim: Any  # what this viewer named (None: not yet, or nothing)


def _public(name: str, doc: str | None = None) -> property:
    """A public fact that is the state's own field of that name."""
    return property(attrgetter(f"_state.{name}"), doc=doc)


class TableView:
    """What the table screen may see of a game: the public facts, read from the state when
    asked. A window onto the state it was made on, which follows that state as it is
    advanced in place; what it gives is a copy, immutable, or a read-only proxy, so nothing
    asked of it can change the game. SeatView adds what one seat sees besides.
    """

    __slots__ = ("_offers", "_state", "bank_type", "names", "players", "rules", "seat", "sells")

    def __init__(self, state: MarcheState) -> None:
        self._state = state
        self._offers = MappingProxyType(state.offers)  # the market, changed in place
        self.seat: int | None = None
        # What never changes in a game:
        self.rules: MarcheOptions = state.rules
        self.names: tuple[str, ...] = state.names
        self.players = len(state.names)
        self.sells: tuple[str, ...] = state.sells  # the goods type each seat sells
        self.bank_type: str | None = state.bank_type  # the bank's, with three players

    def __eq__(self, other: object) -> bool:
        """Two views are equal when they show the same to the same viewer (the seat views of
        a state and of its secret twin, for a seat other than the twin's)."""
        return isinstance(other, TableView) and build_view(self._state, self.seat) == build_view(
            other._state, other.seat
        )

    turn = _public("turn")
    phase = _public("phase")
    dean = _public("dean")
    price = _public("price", "The highest count the next stop may buy at.")
    camel_up = _public("camel_up", "The camel on offer, if one is up.")

    @property
    def offers(self) -> Mapping[Any, int]:
        """Seller (seat or BANK) -> card on offer, once every pick is revealed."""
        return NOTHING if self._state.phase in HIDDEN_OFFERS else self._offers

    @property
    def camel_deck_left(self) -> int:
        return sum(self._state.camel_deck.values())

    @property
    def bank_deck_left(self) -> int:
        return sum(self._state.bank_deck.values())

    def cards_left(self, seat: int) -> int:
        return len(self._state.hands[seat])

    def picked(self, seat: int) -> bool:
        return self._state.picks[seat] is not None

    def goods_of(self, seat: int) -> dict[str, tuple[int, ...]] | None:
        """Type -> the cards ``seat`` bought; None while hidden (the hidden_goods option)."""
        state = self._state
        if state.rules.hidden_goods and not self._sees_all_of(seat):
            return None
        return {kind: tuple(cards) for kind, cards in state.goods[seat].items()}

    def money_of(self, seat: int) -> int | None:
        """``seat``'s money: None while it is secret (another's, before the scoring)."""
        return self._state.money[seat] if self._sees_all_of(seat) else None

    def camels_of(self, seat: int) -> tuple[int, ...] | None:
        """``seat``'s camels: None while they are secret (another's, before the scoring)."""
        return tuple(self._state.camels[seat]) if self._sees_all_of(seat) else None

    @property
    def stop(self) -> StopSeen | None:
        stop = self._state.stop
        if stop is None:
            return None
        mine = None if self.seat is None else stop.claims.get(self.seat)
        return StopSeen(stop.count, tuple(stop.stoppers), tuple(sorted(stop.claims)), mine)

    @property
    def records(self) -> list[dict[str, Any]]:
        """Every payment and purchase, in order, without what this viewer may not see."""
        return [self._record(record) for record in self._state.records]

    def _sees_all_of(self, seat: int) -> bool:
        return seat == self.seat or self._state.phase == OVER

    def _record(self, record: dict[str, Any]) -> dict[str, Any]:
        if self._sees_all_of(record["seat"]):
            return dict(record)
        shown = {k: v for k, v in record.items() if k not in PRIVATE_RECORD_KEYS}
        if card_hidden(record, self.rules.hidden_goods):
            shown["card"] = None
        return shown


def card_hidden(record: Mapping[str, Any], hidden_goods: bool) -> bool:
    """Whether a record's card is hidden from all but its payer: a camel's capacity, and
    the value of goods bought under hidden_goods."""
    return record["target"] == CAMEL or (hidden_goods and record["kind"] == "buy")


class SeatView(TableView):
    """What one seat may see: the public facts, and its own hand, pick, money, camels and
    goods (build_view's "you")."""

    __slots__ = ()
    seat: int

    def __init__(self, state: MarcheState, seat: int) -> None:
        check_viewer(seat, state.players, table=False)
        super().__init__(state)
        self.seat = seat

    @property
    def hand(self) -> tuple[int, ...]:
        """The cards this seat still has to offer, lowest first."""
        return tuple(self._state.hands[self.seat])

    @property
    def pick(self) -> int | None:
        """This seat's pick for this turn, if made."""
        return self._state.picks[self.seat]

    @property
    def money(self) -> int:
        return self._state.money[self.seat]

    @property
    def camels(self) -> tuple[int, ...]:
        return tuple(self._state.camels[self.seat])

    @property
    def goods(self) -> dict[str, tuple[int, ...]]:
        """Type -> the cards this seat bought."""
        return {kind: tuple(cards) for kind, cards in self._state.goods[self.seat].items()}

    @property
    def bought(self) -> int:
        """How many cards this seat bought, goods and camels: each purchase adds one and
        nothing is given back before the scoring, so it changes exactly when the seat's
        holdings do."""
        state, seat = self._state, self.seat
        return sum(map(len, state.goods[seat].values())) + len(state.camels[seat])


def view_of(state: MarcheState, viewer: int | None) -> TableView:
    """The table's view (``viewer`` None) or a seat's."""
    return TableView(state) if viewer is None else SeatView(state, viewer)


def build_view(state: MarcheState, viewer: int | None) -> dict:
    """What ``viewer`` (a seat, or None for the table screen) may see, as JSON-able data."""
    seen = view_of(state, viewer)
    players = []
    for seat, name in enumerate(seen.names):
        entry: dict[str, Any] = {
            "seat": seat,
            "name": name,
            "sells": seen.sells[seat],
            "cards_left": seen.cards_left(seat),
            "picked": seen.picked(seat),
        }
        goods = seen.goods_of(seat)
        if goods is not None:
            entry["goods"] = {kind: list(cards) for kind, cards in goods.items()}
        money, camels = seen.money_of(seat), seen.camels_of(seat)
        if money is not None and camels is not None:
            entry["money"], entry["camels"] = money, list(camels)
        players.append(entry)
    rules = seen.rules
    view = {
        "game": "marche",
        "turn": seen.turn,
        "turns": rules.turns,
        "phase": seen.phase,
        "dean": seen.dean,
        "price": seen.price,
        "lowest_price": rules.lowest_price,
        "rules": rules.to_dict(),
        "bank_type": seen.bank_type,
        "players": players,
        "offers": {str(seller): card for seller, card in seen.offers.items()},
        "camel_up": seen.camel_up,
        "camel_deck_left": seen.camel_deck_left,
        "bank_deck_left": seen.bank_deck_left,
        "stop": _stop_view(seen.stop),
        "records": seen.records,
        "scoring": scoring_rules(rules, seen.players),
    }
    if isinstance(seen, SeatView):
        view["you"] = {
            "seat": seen.seat,
            "hand": list(seen.hand),
            "pick": seen.pick,
            "money": seen.money,
            "camels": list(seen.camels),
        }
    return view


SETS_SHOWN = range(2, 8)
"""The set sizes the rules at a glance show (a goods type has 10 cards, 5 types: 7 is rare)."""


def scoring_rules(rules: MarcheOptions, players: int) -> dict:
    """How the final scoring counts, for the rules at a glance: the money podium's points,
    each set size's points (all types together), an empty camel space's cost."""
    return {
        "podium": list(podium_points(players)),
        "set_scoring": rules.set_scoring,
        "sets": [[n, set_bonus(n, rules.set_scoring)] for n in SETS_SHOWN],
        "empty_space": EMPTY_SPACE_COST,
    }


def _stop_view(stop: StopSeen | None) -> dict | None:
    if stop is None:
        return None
    return {
        "count": stop.count,
        "stoppers": [{"seat": s, "offset_us": o} for s, o in stop.stoppers],
        "claimed": list(stop.claimed),
        "your_claim": stop.your_claim,
    }


def redact_event(event: Event, viewer: int | None) -> dict:
    """Picks and claims show who acted, never what, to anyone but the actor."""
    raw = event.to_dict()
    if event.kind in ("pick", "claim") and viewer != event.actor:
        raw["data"] = {}
    return raw
