"""The rules of Samarkand, both editions: plain functions of the state.

Events (``Event.kind``; ``actor`` is the seat deciding):
- ``place`` ``{"space": id}``: before the first turn, in seat order from the first player.
- ``move`` ``{"to": id}``: one space along an arrow, free; after a roll, where the die
  takes the player (a choice at a branch); at a camp after the gift, the extra move on.
  In free-movement mode ``{"space": {...}}`` says which space the player landed on.
- ``roll`` ``{}``: pay 5 and roll the die (then a ``chance`` on the ``die`` deck).
- ``gift`` ``{"good": kind}``; ``trade`` ``{"take": goods, "give": goods}``; ``done`` ``{}``.
- ``buy`` ``{"count": 1 | 4}``; ``lose`` ``{"goods": goods}`` (2.0's chosen penalty).
- ``sell`` ``{"market": 0 | 1, "count": n}`` or ``{"market": i, "kinds": [...]}`` at a
  wild market, with ``"chip": symbol`` in 1998 when both chips are on the board.
- ``cut`` ``{"goods": goods}``: the goods over 12 returned when the deck or bag runs out.
- ``chance``: a blind draw from the ``goods`` deck/bag (seen only by the drawer when it goes
  into a supply), the ``die``, or 1998's random ``loss`` from a player's own goods.
Goods are ``{kind: count}``. A refusal is told to the seat deciding only (its own phone, the
keyboard seat; the host is told only that it was refused), so it says "you", never its name.
The rulings on what the sources leave open are in
docs/rules/samarkand.md; every one is marked "ruling" below.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.chance import check_remaining
from companion.core.errors import RuleError
from companion.core.game import CHANCE, ChanceRequest, Event, Result, places_by
from companion.core.phrase import Phrase
from companion.games.samarkand import goods as g
from companion.games.samarkand.board import CAMP, CAPACITIES, CITY, OASIS, Space
from companion.games.samarkand.state import (
    CUT,
    DIE,
    DRAW,
    GIFT,
    LOSE,
    MOVE,
    OVER,
    PLACE,
    ROLL,
    SELL,
    STEER,
    TRADE,
    SamarkandState,
)
from companion.games.samarkand.state import (
    OASIS as AT_OASIS,
)

START_MONEY = 200
START_GOODS = 7
CAMP_START = 2
ROLL_COST = 5
FULL_CAMP_FEE = 10
NO_GIFT_FEE = 20
CANNOT_SELL_FEE = 20
OASIS_LOSS = 3
CAMPS, CITIES = 10, 4
DIE_FACES = {face: 1 for face in DIE}
SEEN_BY_DRAWER = ("hand", "buy", "loss")
"""Draws that go into a player's secret supply (or out of it): seen by that player only."""
DIE_DECK, GOODS_DECK, LOSS_DECK = Phrase("die"), Phrase("goods"), Phrase("loss")
"""The chance requests' decks: the die, the bag or deck of goods, and 1998's random loss
from a player's own goods (Phrases, so the host's console names them in its language)."""


def chance_request(state: SamarkandState) -> ChanceRequest | None:
    """The draw the game waits for: the die, or the next blind draw."""
    if state.phase == ROLL:
        return ChanceRequest(DIE_DECK, dict(DIE_FACES), counted=False)
    if state.phase != DRAW or not state.draws:
        return None
    purpose, who = state.draws[0]
    if purpose == "loss":
        return ChanceRequest(LOSS_DECK, dict(state.hands[who]), seen_by=who, kinds=g.KINDS)
    return ChanceRequest(
        GOODS_DECK,
        dict(state.supply),  # (it deals the hidden hands)
        seen_by=who if purpose in SEEN_BY_DRAWER else None,
        kinds=g.KINDS,
    )


def result(state: SamarkandState) -> Result:
    """Money is the score; the first to reach the target (or the last one left) wins, the
    others are placed by their money."""
    scores = tuple(state.money)
    keys = [(seat == state.winner, not state.eliminated[seat], money) for seat, money in enumerate(scores)]
    breakdown = {
        "winner": state.winner,
        "turns": state.turns,
        "target": state.rules.target,
        "players": [
            {
                "seat": s,
                "name": n,
                "money": state.money[s],
                "eliminated": state.eliminated[s],
                **_accounts(state, s),
            }
            for s, n in enumerate(state.names)
        ],
    }
    return Result(scores, places_by(keys), breakdown)


PAID_FOR = {
    "rolled": "rolls",
    "bought": "oases",
    "full_camp": "camps",
    "no_gift": "camps",
    "cannot_sell": "penalties",
}
"""What each kind of record paid the bank for (a player's accounts)."""


def _accounts(state: SamarkandState, seat: int) -> dict[str, int]:
    """How a seat's money was made: the start, each sale's pay, and what went to the bank
    (start + sales - every payment = money)."""
    mine = [r for r in state.records if r["seat"] == seat]
    sales = [r["pays"] for r in mine if r["kind"] == "sold"]
    accounts = {
        "start": START_MONEY,
        "sales": sum(sales),
        "sold": len(sales),
        **{what: 0 for what in PAID_FOR.values()},
    }
    for r in mine:
        if r["kind"] in PAID_FOR:
            accounts[PAID_FOR[r["kind"]]] += r["paid"]
    return accounts


# ----------------------------------------------------------------- helpers
def over_limit(state: SamarkandState) -> list[int]:
    return [s for s in state.in_play() if g.total(state.hands[s]) > g.HAND_LIMIT]


def _record(state: SamarkandState, kind: str, seat: int | None, **facts: Any) -> None:
    state.records.append({"turn": state.turns, "kind": kind, "seat": seat, **facts})


def _pay(state: SamarkandState, seat: int, due: int) -> int:
    """Pay the bank what can be paid (ruling: money never goes below 0)."""
    paid = min(due, state.money[seat])
    state.money[seat] -= paid
    state.bank_in += paid
    return paid


def _seat(state: SamarkandState, actor: Any) -> int:
    if type(actor) is not int or not 0 <= actor < state.players:
        raise RuleError("unknown player {actor}", actor=repr(actor))
    return actor


def _turn_of(state: SamarkandState, actor: Any, *phases: str) -> int:
    """The actor, if it is their decision now in one of ``phases``."""
    if state.phase == OVER:
        raise RuleError("the game is over")
    if state.phase == DRAW:
        raise RuleError("goods must be drawn first")
    if state.phase == ROLL:
        raise RuleError("the die must be rolled first")
    seat = _seat(state, actor)
    if state.phase != CUT and seat != state.turn:
        raise RuleError("it is {name}'s turn", name=state.names[state.turn])
    if state.phase not in phases:
        raise RuleError("that is not possible now: {waiting}", waiting=WAITING[state.phase])
    return seat


WAITING = {
    PLACE: Phrase("the figures are being placed"),
    MOVE: Phrase("a player is to move"),
    STEER: Phrase("the die has shown: the player chooses where it takes them"),
    GIFT: Phrase("the greeting gift is due"),
    TRADE: Phrase("the player may trade, move on or be done"),
    AT_OASIS: Phrase("the player buys 1 or 4 goods"),
    LOSE: Phrase("the player chooses the goods they lose"),
    SELL: Phrase("the player sells at the city"),
    CUT: Phrase("every supply over 12 is cut"),
}


def price_of_market(state: SamarkandState, city: str) -> tuple[tuple[str, ...], set[str], int | None]:
    """A city's markets, the symbols under 1998's chips, and 2.0's closed market there."""
    markets = state.cities[city]
    covered = {c for c in state.chips if c is not None}
    closed = state.token[1] if state.token is not None and state.token[0] == city else None
    return markets, covered, closed


def sales_here(state: SamarkandState, seat: int, city: str) -> list[g.Sale]:
    markets, covered, closed = price_of_market(state, city)
    return g.sales(
        state.hands[seat], markets, covered=covered, closed=closed, covered_two=state.rules.covered_two
    )


# ----------------------------------------------------------------- free movement
def free_space(state: SamarkandState, raw: Any) -> Space:
    """The space a player says they landed on (free-movement mode), checked against what
    was told of the same camp or city before."""
    if not isinstance(raw, Mapping):
        raise RuleError(
            'say which space you landed on, e.g. {"type": "camp", "number": 3, '
            '"capacity": 5}, {"type": "oasis", "one": 5, "four": 25} or '
            '{"type": "city", "number": 1, "markets": ["red", "wild"]}'
        )
    kind = raw.get("type")
    if kind == CAMP:
        number = raw.get("number")
        if type(number) is not int or not 1 <= number <= CAMPS:
            raise RuleError(
                "a camp is one of the {camps}: its number from 1 to {camps}, not {number}",
                camps=CAMPS,
                number=repr(number),
            )
        known = state.capacities[number - 1]
        capacity = raw.get("capacity", known or None)
        if capacity not in CAPACITIES or type(capacity) is not int:
            raise RuleError(
                "say camp {number}'s value: 4, 5 or 6, not {capacity}", number=number, capacity=repr(capacity)
            )
        if known and capacity != known:
            raise RuleError(
                "camp {number}'s value was told as {known} before, not {capacity}",
                number=number,
                known=known,
                capacity=capacity,
            )
        return Space(f"camp{number}", CAMP, f"Camp {number}", (), (0, 0), capacity=capacity)
    if kind == OASIS:
        one, four = _oasis_price(raw, "one", Phrase("1 good")), _oasis_price(raw, "four", Phrase("4 goods"))
        return Space("oasis", OASIS, "an oasis", (), (0, 0), one=one, four=four)
    if kind == CITY:
        number = raw.get("number")
        if type(number) is not int or not 1 <= number <= CITIES:
            raise RuleError(
                "a city is one of the {cities}: its number from 1 to {cities}, not {number}",
                cities=CITIES,
                number=repr(number),
            )
        sid = f"city{number}"
        known_markets = state.cities.get(sid)
        markets = raw.get("markets", list(known_markets) if known_markets else None)
        if (
            not isinstance(markets, (list, tuple))
            or len(markets) != 2
            or any(m not in g.SYMBOLS for m in markets)
            or markets[0] == markets[1]
        ):
            raise RuleError(
                "say city {number}'s two markets: two of {symbols}, not {markets}",
                number=number,
                symbols=", ".join(g.SYMBOLS),
                markets=repr(markets),
            )
        if known_markets and tuple(markets) != known_markets:
            raise RuleError(
                "city {number}'s markets were told as {first}, {second} before",
                number=number,
                first=known_markets[0],
                second=known_markets[1],
            )
        return Space(sid, CITY, f"City {number}", (), (0, 0), markets=tuple(markets))
    raise RuleError("a space is a camp, an oasis or a city, not {type}", type=repr(kind))


def _oasis_price(raw: Mapping[str, Any], key: str, what: Phrase) -> int:
    """An oasis's price told in free-movement mode, checked: a whole number of piasters."""
    value = raw.get(key)
    if type(value) is not int or not 1 <= value <= 1000:
        raise RuleError("say the oasis's price for {what}, not {value}", what=what, value=repr(value))
    return value


def _learn(state: SamarkandState, space: Space) -> None:
    if space.type == CAMP:
        state.capacities[state.camp_index(space.id)] = space.capacity
    elif space.type == CITY:
        state.cities[space.id] = space.markets


def destination(
    state: SamarkandState, data: Mapping[str, Any], allowed: tuple[str, ...], why: Phrase
) -> Space:
    """The space a move takes the player to: one of ``allowed`` (board), or as told (free)."""
    if state.board is None:
        return free_space(state, data.get("space"))
    to = data.get("to")
    if not state.board.has(to):
        raise RuleError("there is no space {space} on the board", space=repr(to))
    if to not in allowed:
        raise RuleError(
            "{space} cannot be reached {why} (reachable: {reachable})",
            space=state.board.space(to).name,
            why=why,
            reachable=", ".join(state.board.space(s).name for s in allowed),
        )
    return state.board.space(to)


def die_reach(state: SamarkandState, seat: int, face: str) -> tuple[str, ...]:
    """Where a die face takes the player (board mode)."""
    return state.the_board().by_die(state.position(seat), face)


# ----------------------------------------------------------------- events
def advance(state: SamarkandState, event: Event) -> None:
    """Apply ``event`` in place: each rule function checks everything before it changes
    anything, so a refused event leaves the state as it was."""
    kind, data, actor = event.kind, event.data, event.actor
    if not isinstance(data, Mapping):
        raise RuleError("an action's data must be an object")
    handler = HANDLERS.get(kind)
    if handler is None:
        raise RuleError("unknown action {kind}", kind=repr(kind))
    handler(state, actor, data)
    _pump(state)


def turn_up(state: SamarkandState, _actor: Any, data: Mapping[str, Any]) -> None:
    request = chance_request(state)
    deck, card = data.get("deck"), data.get("card")
    if request is None or request.deck != deck:
        raise RuleError("no draw is awaited from the {deck} deck", deck=str(deck))
    check_remaining(request, card)
    assert isinstance(card, str), "check_remaining passed: one of the request's cards, all text"
    if deck == DIE_DECK:
        _rolled(state, card)
        return
    purpose, who = state.draws.pop(0)
    if purpose == "loss":
        g.take(state.hands[who], {card: 1})
        g.add(state.supply, {card: 1})
        _record(state, "lost", who, good=card, secret=True)
        return
    g.take(state.supply, {card: 1})
    if purpose in ("hand", "buy"):
        g.add(state.hands[who], {card: 1})
        _record(state, "drawn", who, purpose=purpose, good=card, secret=True)
    else:
        g.add(state.camps[who], {card: 1})
        _record(
            state, "drawn", state.turn if purpose == "gift" else None, purpose=purpose, camp=who, good=card
        )


def place(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, PLACE)
    space = data.get("space")
    if not state.the_board().has(space):
        raise RuleError("there is no space {space} on the board", space=repr(space))
    state.positions[seat] = space
    _record(state, "placed", seat, space=space)
    left = [s for s in _order(state) if state.positions[s] is None]
    if left:
        state.turn = left[0]
    else:
        state.turn, state.phase = state.rules.first_player - 1, MOVE


def _order(state: SamarkandState) -> list[int]:
    first = state.rules.first_player - 1
    return [(first + i) % state.players for i in range(state.players)]


def move(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, MOVE, STEER, TRADE)
    if state.phase == MOVE:
        exits = state.board.exits(state.position(seat)) if state.board else ()
        space, by = destination(state, data, exits, Phrase("by the free move of one space")), "free"
    elif state.phase == STEER:
        face = state.face()
        reach = die_reach(state, seat, face) if state.board else ()
        why = Phrase("with the backwards arrow") if face == "back" else Phrase("with a {face}", face=face)
        space, by = destination(state, data, reach, why), "roll"
    else:
        if state.arrived == "roll":
            raise RuleError(
                "a player who arrived by the die must stop here: the extra move "
                "is only for one who moved one space free"
            )
        if state.traded:
            raise RuleError("the extra move is instead of trading: you have traded already")
        exits = state.board.exits(state.position(seat)) if state.board else ()
        space, by = destination(state, data, exits, Phrase("by the extra move of one space")), "extra"
    _record(state, "moved", seat, by=by, space=space.id, **_free_facts(state, space))
    _arrive(state, seat, space, by)


def _free_facts(state: SamarkandState, space: Space) -> dict[str, Any]:
    """What a free-mode landing told (shown in the log): the camp's value, the oasis's
    prices, the city's markets."""
    if state.board is not None:
        return {}
    if space.type == CAMP:
        return {"capacity": space.capacity}
    if space.type == OASIS:
        return {"one": space.one, "four": space.four}
    return {"markets": list(space.markets)}


def roll(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, MOVE)
    if state.money[seat] < ROLL_COST:
        raise RuleError(
            "rolling costs {cost} piasters: you have {money}; move one space free instead",
            cost=ROLL_COST,
            money=state.money[seat],
        )
    _pay(state, seat, ROLL_COST)
    _record(state, "rolled", seat, paid=ROLL_COST)
    state.phase = ROLL


def _rolled(state: SamarkandState, face: str) -> None:
    seat = state.turn
    state.die = face
    _record(state, "die", seat, face=face)
    state.phase = STEER
    if state.board is not None:
        reach = die_reach(state, seat, face)
        if len(reach) == 1:  # no choice to make: the die takes them there
            space = state.board.space(reach[0])
            _record(state, "moved", seat, by="roll", space=space.id)
            _arrive(state, seat, space, "roll")


def _arrive(state: SamarkandState, seat: int, space: Space, by: str) -> None:
    """The final space acts (camp, oasis or city)."""
    _learn(state, space)
    state.positions[seat], state.here, state.arrived, state.traded = space.id, space, by, False
    money, hand = state.money[seat], state.hands[seat]
    if space.type == CAMP:
        index = state.camp_index(space.id)
        field = state.camps[index]
        if g.total(field) >= space.capacity:
            if money < FULL_CAMP_FEE:  # ruling: one who cannot pay 10 takes nothing
                _record(state, "full_camp", seat, camp=index, paid=0, took={})
                _end_turn(state)
                return
            _pay(state, seat, FULL_CAMP_FEE)
            _record(state, "full_camp", seat, camp=index, paid=FULL_CAMP_FEE, took=g.ordered(field))
            g.add(hand, field)
            state.camps[index] = {}
            _draw(state, [("refill", index)] * CAMP_START, "end")
        elif not hand:
            paid = _pay(state, seat, NO_GIFT_FEE)  # ruling: pays what they can
            _record(state, "no_gift", seat, camp=index, paid=paid)
            _draw(state, [("gift", index)], TRADE)
        else:
            state.phase = GIFT
    elif space.type == OASIS:
        if money < space.one:
            lost = min(OASIS_LOSS, g.total(hand))
            _record(state, "oasis_penalty", seat, lose=lost)
            if state.rules.edition == "1998":
                _draw(state, [("loss", seat)] * lost, "end")
            elif g.total(hand) <= OASIS_LOSS:
                _lose(state, seat, dict(hand))
                _end_turn(state)
            else:
                state.phase = LOSE
        elif money < space.four:  # only 1 is affordable: no choice to make
            _buy(state, seat, 1)
        else:
            state.phase = AT_OASIS
    else:
        if sales_here(state, seat, space.id):
            state.phase = SELL
            return
        _cannot_sell(state, seat, space)


def _cannot_sell(state: SamarkandState, seat: int, space: Space) -> None:
    """The goods are shown to everyone; 20 to the bank; 2.0: none to pay is elimination."""
    broke = state.money[seat] == 0
    paid = _pay(state, seat, CANNOT_SELL_FEE)
    _record(state, "cannot_sell", seat, city=space.id, shown=g.ordered(state.hands[seat]), paid=paid)
    if broke and state.rules.edition == "2.0":
        _eliminate(state, seat)
        return
    _end_turn(state)


def _eliminate(state: SamarkandState, seat: int) -> None:
    """2.0: out of the game; their goods go back to the bag (ruling)."""
    state.eliminated[seat] = True
    g.add(state.supply, state.hands[seat])
    state.hands[seat], state.positions[seat] = {}, None
    _record(state, "eliminated", seat)
    left = state.in_play()
    if len(left) == 1:  # ruling: the last one left wins
        _win(state, left[0])
        return
    _end_turn(state)


def gift(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, GIFT)
    good = data.get("good")
    if good not in g.KINDS:
        raise RuleError("a gift is one good: {kinds}, not {good}", kinds=", ".join(g.KINDS), good=repr(good))
    if not state.hands[seat].get(good):
        raise RuleError("you have no {good} to give", good=g.word(good, state.rules.edition))
    index = state.camp_index(state.space_here().id)
    g.take(state.hands[seat], {good: 1})
    g.add(state.camps[index], {good: 1})
    _record(state, "gift", seat, camp=index, good=good)
    state.phase = TRADE


def trade(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, TRADE)
    taken = g.goods_arg(data.get("take"), "take")
    given = g.goods_arg(data.get("give"), "give")
    if not taken:
        raise RuleError("say which goods to take from the camp's field")
    if g.total(taken) != g.total(given):
        raise RuleError(
            "trades are 1 for 1: taking {taken} means giving {taken}, not {given}",
            taken=g.total(taken),
            given=g.total(given),
        )
    index = state.camp_index(state.space_here().id)
    if not g.covers(state.camps[index], taken):
        raise RuleError(
            "the camp's field has {field}: it cannot give {goods}",
            field=g.describe(state.camps[index], state.rules.edition),
            goods=g.describe(taken, state.rules.edition),
        )
    if not g.covers(state.hands[seat], given):
        raise RuleError(
            "you cannot give {goods}: not in your goods", goods=g.describe(given, state.rules.edition)
        )
    g.take(state.camps[index], taken)
    g.add(state.camps[index], given)
    g.take(state.hands[seat], given)
    g.add(state.hands[seat], taken)
    state.traded = True
    _record(state, "trade", seat, camp=index, took=g.ordered(taken), gave=g.ordered(given))


def done(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    """The turn ends at a camp without a trade (or after some). Ruling: after a roll too,
    though 2.0's paragraph on the die says "must give a greeting gift and trade"."""
    _turn_of(state, actor, TRADE)
    _end_turn(state)


def buy(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, AT_OASIS)
    count = data.get("count")
    if count not in (1, 4) or type(count) is not int:
        raise RuleError("an oasis sells 1 or 4 goods, not {count}", count=repr(count))
    cost = state.space_here().cost(count)
    if state.money[seat] < cost:
        raise RuleError(
            "{count} goods cost {cost}: you have {money}", count=count, cost=cost, money=state.money[seat]
        )
    _buy(state, seat, count)


def _buy(state: SamarkandState, seat: int, count: int) -> None:
    cost = state.space_here().cost(count)
    _pay(state, seat, cost)
    _record(state, "bought", seat, count=count, paid=cost)
    _draw(state, [("buy", seat)] * count, "end")


def lose(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, LOSE)
    chosen = g.goods_arg(data.get("goods"), "goods")
    if g.total(chosen) != OASIS_LOSS:
        raise RuleError(
            "choose {wanted} goods to give back, not {count}", wanted=OASIS_LOSS, count=g.total(chosen)
        )
    _check_has(state, seat, chosen)
    _lose(state, seat, chosen)
    _end_turn(state)


def _check_has(state: SamarkandState, seat: int, chosen: dict[str, int]) -> None:
    if not g.covers(state.hands[seat], chosen):
        raise RuleError("you do not have {goods}", goods=g.describe(chosen, state.rules.edition))


def _lose(state: SamarkandState, seat: int, chosen: dict[str, int]) -> None:
    g.take(state.hands[seat], chosen)
    g.add(state.supply, chosen)
    _record(state, "lost", seat, goods=g.ordered(chosen), count=g.total(chosen), secret=True)


def sell(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, SELL)
    city = state.space_here().id
    markets, covered, closed = price_of_market(state, city)
    market = data.get("market")
    if market not in (0, 1) or type(market) is not int:
        raise RuleError(
            "a city has two markets: 0 ({first}) or 1 ({second}), not {market}",
            first=markets[0],
            second=markets[1],
            market=repr(market),
        )
    symbol = markets[market]
    if market == closed:
        raise RuleError("the {symbol} market is closed: the closed-market token is on it", symbol=symbol)
    sold = g.sale_of(state.hands[seat], symbol, data.get("kinds" if symbol == g.WILD else "count"))
    if not g.covers(state.hands[seat], sold):
        raise RuleError("you do not have {goods} to sell", goods=g.describe(sold, state.rules.edition))
    hidden = symbol in covered
    pays = g.price(symbol, g.total(sold), hidden, state.rules.covered_two)
    if pays is None:
        raise RuleError(
            "{symbol} is covered by a chip: 2 goods of a covered kind cannot be "
            "sold at this table (covered_two: none)",
            symbol=g.word(symbol, "1998"),
        )
    lift = _chip_to_move(state, symbol, data.get("chip"))
    g.take(state.hands[seat], sold)
    g.add(state.supply, sold)
    state.money[seat] += pays
    state.bank_out += pays
    if state.rules.edition == "1998":
        if lift is not _NO_MOVE:
            state.chips[state.chips.index(lift)] = symbol
    else:
        state.token = (city, market)
    _record(
        state,
        "sold",
        seat,
        city=city,
        market=market,
        symbol=symbol,
        goods=g.ordered(sold),
        pays=pays,
        covered=hidden,
    )
    if state.money[seat] >= state.rules.target:
        _win(state, seat)
        return
    _end_turn(state)


def _chip_to_move(state: SamarkandState, symbol: str, chip: Any) -> Any:
    """1998: the chip that goes onto ``symbol`` (a slot's current symbol, or None for one
    still off the board); nothing moves if ``symbol`` is covered already (ruling)."""
    if state.rules.edition != "1998" or symbol in state.chips:
        return _NO_MOVE
    if None in state.chips:
        return None
    if chip not in state.chips:
        covered = [c for c in state.chips if c is not None]  # both, as None is not in them
        name = {c: g.word(c, "1998") for c in (*covered, symbol)}
        raise RuleError(
            "both chips are on the board, on {first} and on {second}: choose the "
            "one that moves onto {symbol}",
            first=name[covered[0]],
            second=name[covered[1]],
            symbol=name[symbol],
        )
    return chip


_NO_MOVE = object()


def cut(state: SamarkandState, actor: Any, data: Mapping[str, Any]) -> None:
    seat = _turn_of(state, actor, CUT)
    if seat not in over_limit(state):
        raise RuleError("you have no more than {limit} goods: nothing to cut", limit=g.HAND_LIMIT)
    chosen = g.goods_arg(data.get("goods"), "goods")
    excess = g.total(state.hands[seat]) - g.HAND_LIMIT
    if g.total(chosen) != excess:
        raise RuleError(
            "you return {excess} goods to keep {limit}, not {count}",
            excess=excess,
            limit=g.HAND_LIMIT,
            count=g.total(chosen),
        )
    _check_has(state, seat, chosen)
    g.take(state.hands[seat], chosen)
    g.add(state.supply, chosen)
    _record(state, "cut", seat, goods=g.ordered(chosen), count=excess, secret=True)
    if not over_limit(state):
        state.phase = DRAW


# ----------------------------------------------------------------- draws and turns
def _draw(state: SamarkandState, draws: list[tuple[str, int]], then: str) -> None:
    state.draws = list(draws)
    state.then, state.phase = then, DRAW


def _pump(state: SamarkandState) -> None:
    """Carry on after a change: the next draw, a cut when the deck or bag is empty (or,
    if nobody can cut, the draw gives what there is), or what follows the draws."""
    while state.phase == DRAW:
        if not state.draws:
            then = state.then
            state.then = ""
            if then == PLACE:
                state.turn = state.rules.first_player - 1
                state.phase = MOVE if state.rules.free else PLACE
            elif then == TRADE:
                state.phase = TRADE
            else:
                _end_turn(state)
            continue
        purpose, who = state.draws[0]
        if purpose == "loss":
            if state.hands[who]:
                return
            state.draws.pop(0)
            continue
        if state.supply:
            return
        if over_limit(state):
            _record(state, "ran_out", None)
            state.phase = CUT
            return
        state.draws.pop(0)  # nothing to draw: the draw gives what there is
        _record(state, "nothing_to_draw", None, purpose=purpose)


def _end_turn(state: SamarkandState) -> None:
    if state.phase == OVER:
        return
    state.turns += 1
    seat = state.turn
    for step in range(1, state.players + 1):
        nxt = (seat + step) % state.players
        if not state.eliminated[nxt]:
            break
    state.turn, state.phase = nxt, MOVE
    state.here, state.arrived, state.traded, state.die = None, "", False, None


def _win(state: SamarkandState, seat: int) -> None:
    state.winner, state.phase = seat, OVER
    state.here, state.draws = None, []
    _record(state, "won", seat, money=state.money[seat])


HANDLERS = {
    CHANCE: turn_up,
    "place": place,
    "move": move,
    "roll": roll,
    "gift": gift,
    "trade": trade,
    "done": done,
    "buy": buy,
    "lose": lose,
    "sell": sell,
    "cut": cut,
}
