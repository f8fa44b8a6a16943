"""The state of a game of Le Marché as plain data.

Mutable containers, copied whole by ``copy`` so that the engine's public ``apply`` stays
pure while an owner that never shares its state (the simulator) may advance in place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from companion.games.marche.options import MarcheRules

BANK: Final = "bank"
CAMEL: Final = "camel"

PICKING: Final = "picking"
REVEAL: Final = "reveal"
COUNTDOWN: Final = "countdown"
CLAIMING: Final = "claiming"
OVER: Final = "over"


@dataclass(slots=True, init=False)
class Stop:
    """A stop being resolved: its count, the stoppers in press order, their claims.

    Its own __init__ (not the dataclass's generated one) so that compiled by mypyc, creating
    one at every stop is a native call."""

    count: int
    stoppers: list[tuple[int, int]]  # (seat, µs after the first press)
    claims: dict[int, Any]

    def __init__(self, count: int, stoppers: list[tuple[int, int]],
                 claims: dict[int, Any] | None = None) -> None:
        self.count, self.stoppers = count, stoppers
        self.claims = {} if claims is None else claims

    def seats(self) -> list[int]:
        return [seat for seat, _ in self.stoppers]

    def stopped(self, seat: int) -> bool:
        """Whether ``seat`` is one of the stoppers, without building ``seats()``."""
        for stopper, _ in self.stoppers:
            if stopper == seat:
                return True
        return False


@dataclass(slots=True)
class MarcheState:
    rules: MarcheRules
    names: tuple[str, ...]
    sells: tuple[str, ...]          # the goods type each seat sells
    bank_type: str | None           # the 4th type the bank sells with three players
    start_money: int
    turn: int
    dean: int
    phase: str
    price: int                      # the highest count the next stop may buy at
    hands: list[list[int]]          # cards each seat still has to offer
    picks: list[int | None]         # this turn's secret picks
    offers: dict[Any, int]          # seller (seat or BANK) -> card value, once revealed
    bank_deck: dict[int, int]       # multiset of the bank's face-down cards
    camel_deck: dict[int, int]      # multiset of face-down camels
    camel_up: int | None
    camel_due: str | None           # "now" or "next_turn": when the next camel is turned up
    money: list[int]
    bank: int                       # dirhams the bank has received
    goods: list[dict[str, list[int]]]
    camels: list[list[int]]
    discarded: list[tuple[str, int]]
    stop: Stop | None
    records: list[dict[str, Any]]   # every payment and purchase, in order

    @property
    def players(self) -> int:
        return len(self.names)

    def copy(self) -> "MarcheState":
        stop = self.stop
        return MarcheState(
            self.rules, self.names, self.sells, self.bank_type, self.start_money,
            self.turn, self.dean, self.phase, self.price,
            [list(h) for h in self.hands], list(self.picks), dict(self.offers),
            dict(self.bank_deck), dict(self.camel_deck), self.camel_up, self.camel_due,
            list(self.money), self.bank,
            [{t: list(v) for t, v in g.items()} for g in self.goods],
            [list(c) for c in self.camels], list(self.discarded),
            None if stop is None else Stop(stop.count, list(stop.stoppers), dict(stop.claims)),
            list(self.records),
        )

    def type_of(self, seller: Any) -> str:
        if seller == BANK:
            assert self.bank_type is not None, "only a three-player game's bank sells goods"
            return self.bank_type
        return self.sells[seller]

    def nothing_left(self) -> bool:
        """No goods on offer and no camel to buy (nor one about to be turned up)."""
        return not self.offers and self.camel_up is None and self.camel_due != "now"
