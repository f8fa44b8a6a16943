"""The state of a game of Le Marché as plain data.

Mutable containers, copied whole by ``copy`` so that the engine's public ``apply`` stays
pure while an owner that never shares its state (the simulator) may advance in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.marche.options import MarcheOptions

BANK = "bank"
CAMEL = "camel"

PICKING = "picking"
REVEAL = "reveal"
COUNTDOWN = "countdown"
CLAIMING = "claiming"
OVER = "over"


@dataclass(slots=True)
class Stop:
    """A stop being resolved: its count, the stoppers in press order, their claims."""

    count: int
    stoppers: list[tuple[int, int]]  # (seat, µs after the first press)
    claims: dict[int, Any] = field(default_factory=dict)

    def seats(self) -> list[int]:
        return [seat for seat, _ in self.stoppers]


@dataclass(slots=True)
class MarcheState:
    rules: MarcheOptions
    names: tuple[str, ...]
    sells: tuple[str, ...]  # the goods type each seat sells
    bank_type: str | None  # the 4th type the bank sells with three players
    start_money: int
    turn: int
    dean: int
    phase: str
    price: int  # the highest count the next stop may buy at
    hands: list[list[int]]  # cards each seat still has to offer
    picks: list[int | None]  # this turn's secret picks
    offers: dict[Any, int]  # seller (seat or BANK) -> card value, once revealed
    # (changed in place: views keep a read-only proxy of it)
    bank_deck: dict[int, int]  # multiset of the bank's face-down cards
    camel_deck: dict[int, int]  # multiset of face-down camels
    camel_up: int | None
    camel_due: str | None  # "now" or "next_turn": when the next camel is turned up
    money: list[int]
    bank: int  # dirhams the bank has received
    goods: list[dict[str, list[int]]]
    camels: list[list[int]]
    discarded: list[tuple[str, int]]
    stop: Stop | None
    records: list[dict[str, Any]]  # every payment and purchase, in order

    @property
    def players(self) -> int:
        return len(self.names)

    def copy(self) -> MarcheState:
        """A copy sharing nothing that the rules change (records are never changed once made)."""
        stop = self.stop
        return replace(
            self,
            hands=[list(hand) for hand in self.hands],
            picks=list(self.picks),
            offers=dict(self.offers),
            bank_deck=dict(self.bank_deck),
            camel_deck=dict(self.camel_deck),
            money=list(self.money),
            goods=[{kind: list(cards) for kind, cards in goods.items()} for goods in self.goods],
            camels=[list(camels) for camels in self.camels],
            discarded=list(self.discarded),
            stop=None
            if stop is None
            else replace(stop, stoppers=list(stop.stoppers), claims=dict(stop.claims)),
            records=list(self.records),
        )

    def claiming(self) -> Stop:
        """The stop whose claims are awaited (the claiming phase always has one)."""
        assert self.stop is not None, "a stop is being claimed"
        return self.stop

    def type_of(self, seller: Any) -> str:
        if seller == BANK:
            assert self.bank_type is not None, "only a three-player game's bank sells goods"
            return self.bank_type
        return self.sells[seller]

    def nothing_left(self) -> bool:
        """No goods on offer and no camel to buy (nor one about to be turned up)."""
        return not self.offers and self.camel_up is None and self.camel_due != "now"
