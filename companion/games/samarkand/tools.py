"""``samarkand advise samarkand FILE``: the companion's help for a position at a real table.

JSON in::

    {"edition": "2.0",                 # or "1998" (default "2.0")
     "goods": {"red": 5, "white": 1},  # the goods in your supply
     "markets": ["red", "wild"],       # the city's two markets, or "city": an id of the board
     "closed": 0,                      # 2.0: the market (0 or 1) under the token, if here
     "chips": ["red"],                 # 1998: the symbols under the two chips
     "covered_two": "half",            # 1998's option
     "board": "...",                   # a board file's text (default: the sample board)
     "at": "camp7", "money": 120,      # where you stand: the spaces each move reaches
     "camps": {"camp9": {"red": 4}}}   # camp fields you know of (to say which are full)

JSON out: ``best_sale`` (the sale that pays most now, exact over both markets with the
chips or the token) and every possible ``sales``, when a city is given; ``reach`` (the free
move's spaces and each die face's, each with what it would mean) when ``at`` is given.
A malformed field is refused with a ValueError naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.games.samarkand import goods as g
from companion.games.samarkand.board import CAMP, CITY, OASIS, Board, parse_board
from companion.games.samarkand.options import EDITIONS
from companion.games.samarkand.rules import FULL_CAMP_FEE, ROLL_COST
from companion.games.samarkand.state import DIE

KNOWN = {
    "edition",
    "goods",
    "markets",
    "city",
    "closed",
    "chips",
    "covered_two",
    "board",
    "at",
    "money",
    "camps",
}


def advise(data: Any, sample_board: str = "") -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise ValueError(
            'expected a JSON object such as {"goods": {"red": 5}, "markets": ["red", "wild"]} '
            f"(fields: {', '.join(sorted(KNOWN))})"
        )
    unknown = sorted(set(data) - KNOWN)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(KNOWN))})")
    edition = data.get("edition", "2.0")
    if edition not in EDITIONS:
        raise ValueError(f'edition: "2.0" or "1998", not {edition!r}')
    goods = g.goods_arg(data.get("goods", {}), "goods")
    covered_two = data.get("covered_two", "half")
    if covered_two not in ("half", "none"):
        raise ValueError(f'covered_two: "half" or "none", not {covered_two!r}')
    board = _board(data, sample_board)
    answer: dict[str, Any] = {"edition": edition, "goods": g.ordered(goods)}
    markets = _markets(data, board)
    chips = _chips(data, edition)
    closed = data.get("closed")
    if closed is not None and (closed not in (0, 1) or type(closed) is not int or edition != "2.0"):
        raise ValueError("closed: the market (0 or 1) under 2.0's closed-market token")
    if markets is not None:
        found = g.sales(goods, markets, covered=chips, closed=closed, covered_two=covered_two)
        best = g.best_sale(found)
        answer["markets"] = list(markets)
        answer["best_sale"] = best.to_dict() if best else None
        answer["sales"] = [s.to_dict() for s in found]
        if best is None:
            answer["cannot_sell"] = "show your goods to everyone and pay 20 to the bank"
    if "at" in data:
        assert board is not None, "_board reads one whenever 'at' is given"
        answer["reach"] = _reach(data, board, goods, chips, covered_two)
    if markets is None and "at" not in data:
        raise ValueError('say the city\'s "markets" (or its "city" on the board), or where you stand ("at")')
    return answer


def _board(data: Mapping[str, Any], sample_board: str) -> Board | None:
    if "board" not in data and "city" not in data and "at" not in data:
        return None
    try:
        return parse_board(data.get("board", sample_board))
    except RuleError as exc:
        raise ValueError(f"board: {exc}") from None


def _markets(data: Mapping[str, Any], board: Board | None) -> tuple[str, ...] | None:
    if "markets" in data:
        markets = data["markets"]
        if not isinstance(markets, list) or len(markets) != 2 or any(m not in g.SYMBOLS for m in markets):
            raise ValueError(f"markets: the city's two markets, each one of {', '.join(g.SYMBOLS)}")
        return tuple(markets)
    if "city" in data:
        city = data["city"]
        if board is None or not board.has(city) or board.space(city).type != CITY:
            raise ValueError(f"city: {city!r} is not a city of the board")
        return board.space(city).markets
    return None


def _chips(data: Mapping[str, Any], edition: str) -> set[str]:
    chips = data.get("chips", [])
    if not isinstance(chips, list) or len(chips) > 2 or any(c not in g.SYMBOLS for c in chips):
        raise ValueError("chips: the symbols (up to 2) under 1998's transparent chips")
    if chips and edition != "1998":
        raise ValueError('chips: only the 1998 edition has chips (2.0: "closed")')
    return set(chips)


def _reach(
    data: Mapping[str, Any], board: Board, goods: dict[str, int], chips: set[str], covered_two: str
) -> dict[str, Any]:
    at = data["at"]
    if not board.has(at):
        raise ValueError(f"at: {at!r} is not a space of the board")
    money = data.get("money", ROLL_COST)
    if type(money) is not int or money < 0:
        raise ValueError("money: your piasters, a whole number")
    camps = data.get("camps", {})
    if not isinstance(camps, Mapping):
        raise ValueError("camps: {camp id: its field's goods}")
    rolls = {}
    if money >= ROLL_COST:
        for face in DIE:
            rolls[face] = list(board.entries(at) if face == "back" else board.reach(at, int(face)))
    spaces = set(board.exits(at)).union(*rolls.values())
    meaning = {}
    for sid in sorted(spaces):
        space = board.space(sid)
        if space.type == CAMP:
            field = g.goods_arg(camps.get(sid, {}), f"camps.{sid}")
            full = g.total(field) >= space.capacity
            meaning[sid] = {
                "type": CAMP,
                "name": space.name,
                "capacity": space.capacity,
                "count": g.total(field) if sid in camps else None,
                "full": full,
                "fee": FULL_CAMP_FEE if full else 0,
            }
        elif space.type == OASIS:
            meaning[sid] = {
                "type": OASIS,
                "name": space.name,
                "one": space.one,
                "four": space.four,
                "can_buy": [n for n, c in ((1, space.one), (4, space.four)) if money >= c],
            }
        else:
            best = g.best_sale(g.sales(goods, space.markets, covered=chips, covered_two=covered_two))
            meaning[sid] = {
                "type": CITY,
                "name": space.name,
                "markets": list(space.markets),
                "best": best.to_dict() if best else None,
            }
    return {"free": list(board.exits(at)), "roll": rolls, "spaces": meaning}
