"""What one viewer may see of a game of Samarkand, and of its log.

Secret to their owner: the goods in their supply and what they drew or lost (1998's random
loss, a cut, 2.0's chosen loss). Money: public in 1998, secret in 2.0 (option
``open_money``). Everything else is public: positions, camp fields, gifts and trades,
sales, the chips or the token, penalties, and the goods a player who cannot sell shows.
Once the game is over every holding is shown.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import CHANCE, Event, check_viewer
from companion.games.samarkand import goods as g
from companion.games.samarkand.board import CAMP, CITY, OASIS
from companion.games.samarkand.rules import (
    CANNOT_SELL_FEE,
    FULL_CAMP_FEE,
    NO_GIFT_FEE,
    OASIS_LOSS,
    ROLL_COST,
    die_reach,
    over_limit,
    price_of_market,
    sales_here,
)
from companion.games.samarkand.state import (
    CUT,
    DIE,
    DRAW,
    GIFT,
    LOSE,
    MOVE,
    OVER,
    SELL,
    STEER,
    TRADE,
    PhaseFacts,
    SamarkandState,
)
from companion.games.samarkand.state import (
    OASIS as AT_OASIS,
)

LOG_LENGTH = 40
"""The last records a page shows (the store keeps every event)."""
PRICE_TABLE = {symbol: {str(count): pays for count, pays in row.items()} for symbol, row in g.PRICES.items()}
"""The price table as JSON has it (counts as the keys' text), so a view is the same read back."""
SECRET_KEYS = ("good", "goods")
"""What a secret record (a blind draw into a supply, a loss, a cut) hides from the others."""


def build_view(state: SamarkandState, viewer: int | None) -> dict[str, Any]:
    check_viewer(viewer, state.players)
    over = state.phase == OVER
    public_money = state.rules.money_public or over
    players = []
    for seat, name in enumerate(state.names):
        entry: dict[str, Any] = {
            "seat": seat,
            "name": name,
            "position": state.positions[seat],
            "goods_count": g.total(state.hands[seat]),
            "eliminated": state.eliminated[seat],
        }
        if public_money or seat == viewer:
            entry["money"] = state.money[seat]
        if over:
            entry["goods"] = g.ordered(state.hands[seat])
        players.append(entry)
    view: dict[str, Any] = {
        "game": "samarkand",
        "edition": state.rules.edition,
        "rules": state.rules.to_dict(),
        "phase": state.phase,
        "turn": state.turn,
        "turns": state.turns,
        "first_player": state.rules.first_player - 1,
        "board": state.board.to_dict() if state.board else None,
        "camps": [
            {
                "index": i,
                "space": _camp_space(state, i),
                "capacity": state.capacities[i],
                "field": g.ordered(field),
                "count": g.total(field),
            }
            for i, field in enumerate(state.camps)
        ],
        "cities": {city: list(markets) for city, markets in state.cities.items()},
        "supply": g.total(state.supply),
        "prices": PRICE_TABLE,  # the rules at a glance: the price table, the fees
        "costs": {
            "roll": ROLL_COST,
            "full_camp": FULL_CAMP_FEE,
            "no_gift": NO_GIFT_FEE,
            "cannot_sell": CANNOT_SELL_FEE,
        },
        "chips": list(state.chips) if state.rules.edition == "1998" else None,
        "token": list(state.token) if state.token else None,
        "here": _here(state),
        "arrived": state.arrived,
        "traded": state.traded,
        "die": state.die,
        "draw": _draw_view(state),
        "cutting": [{"seat": s, "excess": g.total(state.hands[s]) - g.HAND_LIMIT} for s in over_limit(state)]
        if state.phase == CUT
        else [],
        "winner": state.winner,
        "players": players,
        "records": [record_view(r, viewer, over) for r in state.records[-LOG_LENGTH:]],
        "proof": _proof(state),
    }
    if viewer is not None:
        view["you"] = {
            "seat": viewer,
            "goods": g.ordered(state.hands[viewer]),
            "money": state.money[viewer],
            "help": help_for(state, viewer),
        }
    return view


def _camp_space(state: SamarkandState, index: int) -> str:
    return state.board.camps[index] if state.board else f"camp{index + 1}"


def _here(state: SamarkandState) -> dict[str, Any] | None:
    space = state.here
    if space is None:
        return None
    shown: dict[str, Any] = {"space": space.id, "type": space.type, "name": space.name}
    if space.type == CAMP:
        shown["capacity"] = space.capacity
        shown["camp"] = state.camp_index(space.id)
    elif space.type == OASIS:
        shown.update(one=space.one, four=space.four)
    else:
        shown["markets"] = list(space.markets)
    return shown


def _draw_view(state: SamarkandState) -> dict[str, Any] | None:
    if state.phase != DRAW or not state.draws:
        return None
    purpose, who = state.draws[0]
    key = "camp" if purpose in ("camp", "gift", "refill") else "seat"
    return {"purpose": purpose, key: who, "left": len(state.draws)}


def _proof(state: SamarkandState) -> dict[str, Any] | None:
    """The latest cannot-sell proof of this turn or the last one: the goods shown to all
    (none once the game is over: the result says the rest)."""
    if state.phase == OVER:
        return None
    for record in reversed(state.records[-8:]):
        if record["kind"] == "cannot_sell" and record["turn"] >= state.turns - 1:
            return dict(record)
    return None


def record_view(record: dict[str, Any], viewer: int | None, over: bool = False) -> dict[str, Any]:
    if not record.get("secret") or record["seat"] == viewer or over:
        return dict(record)
    return {k: v for k, v in record.items() if k not in SECRET_KEYS}


def redact_event(event: Event, viewer: int | None) -> dict[str, Any]:
    """A blind draw into (or out of) a supply shows its card to that player only; the
    goods a player chooses to lose or cut show only their count to the others."""
    shown = event.to_dict()
    if event.kind == CHANCE:
        seen_by = event.data.get("seen_by")
        if seen_by is not None and viewer != seen_by:
            shown["data"].pop("card", None)
    elif event.kind in ("lose", "cut") and viewer != event.actor:
        goods = event.data.get("goods")
        shown["data"] = {"count": g.total(g.goods_arg(goods, "goods")) if goods else 0}
    return shown


# ----------------------------------------------------------------- the companion's help
def help_for(state: SamarkandState, seat: int) -> dict[str, Any]:
    """What the seat may do now, with what each choice would mean (its own view only)."""
    if state.eliminated[seat] or state.phase == OVER:
        return {}
    phase = state.phase
    if phase == CUT:
        excess = g.total(state.hands[seat]) - g.HAND_LIMIT
        return {"cut": excess} if excess > 0 else {}
    if seat != state.turn:
        return {}
    money, board = state.money[seat], state.board
    if phase == MOVE and board is not None and state.positions[seat] is not None:
        here = state.position(seat)
        rolls = {face: list(die_reach(state, seat, face)) for face in DIE} if money >= ROLL_COST else {}
        reachable = set(board.exits(here)).union(*rolls.values())
        return {
            "free": list(board.exits(here)),
            "roll": rolls,
            "roll_cost": ROLL_COST,
            "spaces": {sid: space_help(state, seat, sid) for sid in sorted(reachable)},
        }
    if phase == MOVE:
        return {"free_mode": board is None, "can_roll": money >= ROLL_COST, "roll_cost": ROLL_COST}
    if phase == STEER:
        if board is None:
            return {"die": state.die, "free_mode": True}
        reach = die_reach(state, seat, state.face())
        return {
            "die": state.die,
            "reach": list(reach),
            "spaces": {sid: space_help(state, seat, sid) for sid in reach},
        }
    if phase == GIFT:
        return {"gift": sorted(state.hands[seat], key=g.KINDS.index)}
    if phase == TRADE:
        extra = state.arrived != "roll" and not state.traded
        shown: dict[str, Any] = {
            "field": g.ordered(state.camps[state.camp_index(state.space_here().id)]),
            "can_trade": bool(state.hands[seat]),
            "extra_move": extra,
        }
        if extra and board is not None:
            exits = board.exits(state.position(seat))
            shown["exits"] = list(exits)
            shown["spaces"] = {sid: space_help(state, seat, sid) for sid in exits}
        return shown
    if phase == AT_OASIS:
        oasis = state.space_here()
        return {"one": oasis.one, "four": oasis.four, "can_buy": [1, 4]}
    if phase == LOSE:
        return {"lose": OASIS_LOSS}
    if phase == SELL:
        found = sales_here(state, seat, state.space_here().id)
        best = g.best_sale(found)
        needs_chip = state.rules.edition == "1998" and None not in state.chips
        return {
            "sales": [s.to_dict() for s in found],
            "best": best.to_dict() if best else None,
            "chips": list(state.chips) if state.rules.edition == "1998" else None,
            "chip_needed": needs_chip,
        }
    return {}


def space_help(state: SamarkandState, seat: int, space_id: str) -> dict[str, Any]:
    """What landing on ``space_id`` would mean for ``seat`` now."""
    space = state.the_board().space(space_id)
    money = state.money[seat]
    if space.type == CAMP:
        index = state.camp_index(space_id)
        count = g.total(state.camps[index])
        full = count >= space.capacity
        no_gift = not full and not state.hands[seat]
        return {
            "type": CAMP,
            "name": space.name,
            "capacity": space.capacity,
            "count": count,
            "full": full,
            "fee": FULL_CAMP_FEE if full else 0,
            "cannot_pay": full and money < FULL_CAMP_FEE,
            "no_gift": no_gift,
            "no_gift_fee": min(NO_GIFT_FEE, money) if no_gift else 0,
        }
    if space.type == OASIS:
        can = [n for n, cost in ((1, space.one), (4, space.four)) if money >= cost]
        return {
            "type": OASIS,
            "name": space.name,
            "one": space.one,
            "four": space.four,
            "can_buy": can,
            "penalty": OASIS_LOSS if not can else 0,
        }
    markets, covered, closed = price_of_market(state, space_id)
    best = g.best_sale(sales_here(state, seat, space_id))
    shown: dict[str, Any] = {
        "type": CITY,
        "name": space.name,
        "markets": list(markets),
        "covered": sorted(covered),
        "closed": closed,
        "best": best.to_dict() if best else None,
    }
    if best is None:  # what not selling would cost them (2.0: nothing to pay is out)
        shown["cannot_sell"] = {
            "pays": min(CANNOT_SELL_FEE, money),
            "out": money == 0 and state.rules.edition == "2.0",
        }
    return shown


class SeatView(PhaseFacts):
    """What a bot in ``seat`` decides from: that seat's own facts and the public ones, as
    plain attributes (quicker to read than the JSON view, never more than it shows)."""

    __slots__ = (
        "arrived",
        "board",
        "camps",
        "capacities",
        "chips",
        "cities",
        "cut",
        "die",
        "goods_counts",
        "hand",
        "here",
        "money",
        "others_money",
        "phase",
        "positions",
        "rules",
        "seat",
        "supply",
        "token",
        "traded",
        "turn",
        "turns",
    )

    def __init__(self, state: SamarkandState, seat: int) -> None:
        self.seat = seat
        self.rules, self.board = state.rules, state.board
        self.phase, self.turn, self.turns = state.phase, state.turn, state.turns
        self.hand = dict(state.hands[seat])
        self.money = state.money[seat]
        self.positions = list(state.positions)
        self.camps = [dict(c) for c in state.camps]
        self.capacities = list(state.capacities)
        self.cities = dict(state.cities)
        self.chips, self.token = list(state.chips), state.token
        self.here, self.arrived, self.traded, self.die = state.here, state.arrived, state.traded, state.die
        self.supply = g.total(state.supply)
        self.goods_counts = [g.total(h) for h in state.hands]
        self.others_money = list(state.money) if state.rules.money_public else None
        self.cut = g.total(self.hand) - g.HAND_LIMIT if state.phase == CUT else 0

    def __eq__(self, other: object) -> bool:
        """The same facts (the conformance suite compares a seat's views of two states)."""
        return type(other) is SeatView and all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def camp_index(self, space_id: str) -> int:
        if self.board is not None:
            return self.board.fields[space_id]
        return int(space_id.removeprefix("camp")) - 1

    def markets(self, city: str) -> tuple[tuple[str, ...], set[str], int | None]:
        covered = {c for c in self.chips if c is not None}
        closed = self.token[1] if self.token is not None and self.token[0] == city else None
        return self.cities.get(city, ()), covered, closed
