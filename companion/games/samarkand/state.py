"""The state of a game of Samarkand as plain data, copied whole by ``copy``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.samarkand.board import Board, Space
from companion.games.samarkand.options import SamarkandOptions

# phases: what the game waits for
DRAW = "draw"  # blind draws (chance_request): setup, an oasis, a camp's refill…
PLACE = "place"  # a player places their figure before the first turn
MOVE = "move"  # the player to act moves one space free or rolls for 5
ROLL = "roll"  # the die is rolled (chance_request)
STEER = "steer"  # the die has shown: the player chooses where it takes them
GIFT = "gift"  # at a camp: the greeting gift
TRADE = "trade"  # at a camp: trades, the extra move, or done
OASIS = "oasis"  # at an oasis: buy 1 or 4
LOSE = "lose"  # 2.0: an oasis's penalty, the player chooses the 3 goods lost
SELL = "sell"  # at a city: the sale
CUT = "cut"  # the deck or bag ran out: every supply over 12 is cut
OVER = "over"

DIE = ("1", "2", "3", "4", "5", "back")
"""The die's faces: 1 to 5 and the backwards arrow (a ruling: no rulebook prints them)."""


class PhaseFacts:
    """The facts a phase guarantees, read as their type without None: the state's and a
    bot's view (``SeatView``) share them, each under the same names."""

    __slots__ = ()
    board: Board | None
    positions: list[str | None]
    here: Space | None
    die: str | None

    def space_here(self) -> Space:
        """The space the player to act is resolving: set on arriving there, so every phase
        at a space (gift, trade, oasis, lose, sell) has it."""
        if self.here is None:
            raise ValueError("no space is being resolved now")
        return self.here

    def the_board(self) -> Board:
        """The board, where the movement is the board's (free movement has none)."""
        if self.board is None:
            raise ValueError("free movement has no board")
        return self.board

    def position(self, seat: int) -> str:
        """Where ``seat``'s figure stands: on a board, every figure is placed before the
        first turn (in free movement, from its first landing)."""
        where = self.positions[seat]
        if where is None:
            raise ValueError("this seat has no figure on the board yet")
        return where

    def face(self) -> str:
        """The die's face, shown from the roll until the player has moved by it (STEER)."""
        if self.die is None:
            raise ValueError("the die has not been rolled")
        return self.die


@dataclass(slots=True)
class SamarkandState(PhaseFacts):
    rules: SamarkandOptions
    board: Board | None  # None in free-movement mode
    names: tuple[str, ...]
    phase: str
    turn: int  # the seat whose turn it is (or who places)
    turns: int  # turns played
    supply: dict[str, int]  # the deck (1998) or the bag (2.0)
    hands: list[dict[str, int]]  # each seat's secret goods
    money: list[int]
    camps: list[dict[str, int]]  # the 10 camps' trading fields
    capacities: list[int]  # each camp's capacity (free mode: 0 until told)
    cities: dict[str, tuple[str, ...]]  # each city's markets (free mode: as told)
    positions: list[str | None]
    eliminated: list[bool]
    chips: list[str | None]  # 1998: the symbols under the two chips (None: off the board)
    token: tuple[str, int] | None  # 2.0: the closed market (city id, market 0 or 1)
    here: Space | None = None  # the space the player to act is resolving
    arrived: str = ""  # how they got there: "free", "roll" or "extra"
    traded: bool = False
    die: str | None = None
    draws: list[tuple[str, int]] = field(default_factory=list)  # pending draws: (purpose, seat or camp)
    then: str = ""  # what follows the pending draws
    winner: int | None = None
    bank_in: int = 0  # piasters paid to the bank
    bank_out: int = 0  # piasters the bank paid
    records: list[dict[str, Any]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.names)

    def copy(self) -> SamarkandState:
        return replace(
            self,
            supply=dict(self.supply),
            hands=[dict(h) for h in self.hands],
            money=list(self.money),
            camps=[dict(c) for c in self.camps],
            capacities=list(self.capacities),
            cities=dict(self.cities),
            positions=list(self.positions),
            eliminated=list(self.eliminated),
            chips=list(self.chips),
            draws=list(self.draws),
            records=list(self.records),
        )

    def camp_index(self, space_id: str) -> int:
        """Which trading field belongs to the camp ``space_id``."""
        if self.board is not None:
            return self.board.fields[space_id]
        return int(space_id.removeprefix("camp")) - 1

    def in_play(self) -> list[int]:
        return [seat for seat in range(self.players) if not self.eliminated[seat]]
