"""The rules of Samarkand Market: one function per move and per draw, over the state.

Events (``Event.kind``):
- ``bid``     actor=seat, ``{"amount": n}``: the seat's sealed bid for this round's picks.
- ``pick``    actor=seat, ``{"lot": i}``: the lot the seat takes (lots numbered from 0).
- ``sell``    actor=seat, ``{"sales": [{"market": m, "set": j, "times": t}, ...]}``: the
  seat's one sale of the round (spaces and sets numbered from 0; ``[]`` sells nothing).
- ``discard`` actor=seat, ``{"cubes": {"yellow": 1, ...}}``: the cubes a seat over the
  limit returns to the bag, exactly down to 10.
- ``chance``  ``{"deck": "start player", "card": seat number from 1}``, ``{"deck": "market",
  "card": name}`` (a digital game's next market card) or ``{"deck": "bag", "card": colour}``
  (one cube drawn blind into the lot being filled).
- ``entry``   ``{"name": "market card", "value": card}``: a physical table's card, typed
  by the host as it is revealed.
Each decision kind is a rule function of the state (``bid``, ``pick``, ``sell``,
``discard``) that ``advance`` reads the event onto; each checks everything before its
first change. The rulings are in docs/rules/market.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.chance import check_remaining
from companion.core.errors import RuleError, numbered
from companion.core.game import CHANCE, ENTRY, ChanceRequest, Event, Result, places_by, seat_names
from companion.core.phrase import Phrase
from companion.games.market import cubes as cu
from companion.games.market.cards import CARDS_USED, Card, parse_card
from companion.games.market.options import MarketOptions
from companion.games.market.sale import check_sale
from companion.games.market.state import (
    BIDDING,
    DISCARDING,
    MARKET,
    OVER,
    PICKING,
    SELLING,
    START,
    MarketState,
    Reveal,
)
from companion.games.market.state import (
    LOTS as LOTS_PHASE,
)

START_MONEY = 75
MIN_BID = 5
CUBE_LIMIT = 10
ROUNDS = 10
LOTS = {2: (3, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5), 5: (3, 3, 4, 4, 5)}
"""The lots' sizes by player count, in lot order (lot 1 first)."""

START_DECK = Phrase("start player")
MARKET_DECK = Phrase("market")
BAG_DECK = Phrase("bag")
"""The decks' names, kept in every chance event; the host's draw buttons show them (a cube
drawn from the bag is its colour, which the page module translates)."""
CARD_ENTRY = "market card"
CARD_EXAMPLE = "Saffron Row: YY=25, YBK=70"


# ----------------------------------------------------------------- setup
def new_state(setup: Mapping[str, Any]) -> MarketState:
    """A game at its start: the start player to draw (or the host's ``start``, a seat from
    0), then the market's first three cards."""
    names = seat_names(setup)
    players = len(names)
    mode = setup.get("mode", "digital")
    if mode not in ("digital", "physical"):
        raise RuleError('mode must be "digital" or "physical", not {mode}', mode=repr(mode))
    entered = mode == "physical"
    rules = setup.get("rules") or {}
    if not entered and "market_deck" not in rules:
        # the setup carries the cards, so a replay never depends on the sample file
        raise RuleError("a digital game of Samarkand Market needs its market cards (rule option market_deck)")
    options = MarketOptions.from_rules(rules, players)
    start = setup.get("start")
    if start is not None and (type(start) is not int or not 0 <= start < players):
        raise RuleError("start must be a seat from 0 to {last}", last=players - 1)
    state = MarketState(
        rules=options,
        names=names,
        entered=entered,
        phase=START if start is None else MARKET,
        round=1,
        start=-1 if start is None else start,
        bag=cu.BAG,
        deck={} if entered else {card.name: 1 for card in options.deck},
        revealed=0,
        markets=[],
        lots=[],
        lot_owner=[],
        filling=0,
        bids=[None] * players,
        bidders=(),
        reveal=None,
        picking=[],
        selling=[],
        discarding=[],
        money=[START_MONEY] * players,
        cubes=[cu.NONE] * players,
    )
    if start is not None:
        state.records.append({"kind": "start", "seat": start, "round": 1})
    return state


def card_checker(number: int) -> Callable[[Any], dict]:
    """The validator of a typed market card: its JSON form, named "Card N" when unnamed."""

    def check(value: Any) -> dict:
        return typed_card(value, number).to_dict()

    return check


def typed_card(value: Any, number: int) -> Card:
    """Market card ``number`` as the host typed it, named "Card N" when unnamed."""
    return parse_card(value, Phrase("market card {number}", number=number), f"Card {number}")


# ----------------------------------------------------------------- waiting
def chance_request(state: MarketState) -> ChanceRequest | None:
    """The draw the game waits for: the start player, a digital market card, or a cube."""
    phase = state.phase
    if phase == START:
        return ChanceRequest(START_DECK, {seat + 1: 1 for seat in range(state.players)}, counted=False)
    if phase == MARKET and not state.entered:
        return ChanceRequest(MARKET_DECK, dict(state.deck))
    if phase == LOTS_PHASE:
        return ChanceRequest(BAG_DECK, {c: n for c, n in zip(cu.COLOURS, state.bag) if n})
    return None


def to_act(state: MarketState) -> tuple[int, ...]:
    phase = state.phase
    if phase == BIDDING:
        return tuple(seat for seat in state.bidders if state.bids[seat] is None)
    if phase == PICKING:
        return (state.picking[0],)
    if phase == SELLING:
        return (state.selling[0],)
    if phase == DISCARDING:
        return tuple(state.discarding)
    return ()


def seat_order(state: MarketState) -> list[int]:
    """Every seat, clockwise from the start player."""
    n = state.players
    return [(state.start + k) % n for k in range(n)]


# ----------------------------------------------------------------- events
def advance(state: MarketState, event: Event) -> None:
    kind, data = event.kind, event.data
    if kind == "bid":
        bid(state, event.actor, data.get("amount"))
    elif kind == "pick":
        pick(state, event.actor, data.get("lot"))
    elif kind == "sell":
        sell(state, event.actor, data.get("sales"))
    elif kind == "discard":
        discard(state, event.actor, data.get("cubes"))
    elif kind == CHANCE:
        draw(state, data.get("deck"), data.get("card"))
    elif kind == ENTRY:
        enter_card(state, data.get("name"), data.get("value"))
    else:
        raise RuleError("unknown action {kind} (bid, pick, sell or discard)", kind=repr(kind))


def _seat(state: MarketState, seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise RuleError("unknown player {seat}", seat=repr(seat))
    return seat


def _check_phase(state: MarketState, phase: str, doing: Phrase) -> None:
    if state.phase == OVER:
        raise RuleError("the game is over")
    if state.phase != phase:
        raise RuleError("{doing} is not possible now: {waiting}", doing=doing, waiting=_waiting_for(state))


def _waiting_for(state: MarketState) -> Phrase:
    return {
        START: Phrase("the start player is being chosen"),
        MARKET: Phrase("a market card is being revealed"),
        LOTS_PHASE: Phrase("the lots are being drawn from the bag"),
        BIDDING: Phrase("everyone is bidding"),
        PICKING: Phrase("the lots are being picked"),
        SELLING: Phrase("players are selling"),
        DISCARDING: Phrase("players over 10 cubes are returning cubes"),
    }[state.phase]


def _in_phase(state: MarketState, seat: Any, phase: str, doing: Phrase) -> int:
    """``seat``, a seat of the game, if the game is in ``phase`` (else it says what it waits for)."""
    _check_phase(state, phase, doing)
    return _seat(state, seat)


def bid(state: MarketState, seat: Any, amount: Any) -> None:
    """``seat`` seals its bid: whole piasters, at least 5, at most its money."""
    seat = _in_phase(state, seat, BIDDING, Phrase("bidding"))
    if seat not in state.bidders:
        raise RuleError("you have under {least} piasters and cannot bid this round", least=MIN_BID)
    if state.bids[seat] is not None:
        raise RuleError("you have already bid this round")
    money = state.money[seat]
    if amount is None:  # an empty field on the phone
        raise RuleError("enter a bid of at least {least} piasters", least=MIN_BID)
    if type(amount) is not int or not MIN_BID <= amount <= money:
        raise RuleError(
            "a bid is a whole number of piasters from {least} to {money} (your money), not {amount}",
            least=MIN_BID,
            money=money,
            amount=repr(amount),
        )
    state.bids[seat] = amount
    if all(state.bids[s] is not None for s in state.bidders):
        _reveal(state)


def _in_turn(
    state: MarketState, seat: Any, phase: str, queue: list[int], doing: Phrase, to_do: Phrase
) -> int:
    """``seat``, if the game waits for its turn to ``to_do`` (the first of ``queue``)."""
    seat = _in_phase(state, seat, phase, doing)
    if seat != queue[0]:
        raise RuleError("it is {name}'s turn to {to_do}", name=state.names[queue[0]], to_do=to_do)
    return seat


def pick(state: MarketState, seat: Any, lot: Any) -> None:
    """The seat whose turn it is to pick takes a lot still on the table."""
    seat = _in_turn(state, seat, PICKING, state.picking, Phrase("picking a lot"), Phrase("pick a lot"))
    if type(lot) is not int or not 0 <= lot < len(state.lots):
        raise RuleError("there is no lot {lot} (lots 1 to {last})", lot=numbered(lot), last=len(state.lots))
    owner = state.lot_owner[lot]
    if owner is not None:
        raise RuleError("lot {lot} is already taken by {name}", lot=lot + 1, name=state.names[owner])
    _take(state, seat, lot, auto=False)
    _next_pick(state)


def sell(state: MarketState, seat: Any, sales: Any) -> None:
    """The seat whose turn it is to sell sells sets of the current cards (or nothing)."""
    seat = _in_turn(state, seat, SELLING, state.selling, Phrase("selling"), Phrase("sell"))
    sale = check_sale(sales, state.cubes[seat], state.markets)
    state.cubes[seat] = cu.sub(state.cubes[seat], sale.sold)
    state.bag = cu.add(state.bag, sale.sold)
    state.money[seat] += sale.payout
    state.paid_out += sale.payout
    state.records.append(
        {
            "kind": "sale",
            "round": state.round,
            "seat": seat,
            "payout": sale.payout,
            "cubes": cu.to_dict(sale.sold),
            "parts": [
                {
                    **p.to_dict(),
                    "cubes": cu.to_dict(state.markets[p.market].sets[p.set].cubes),
                    "pays": state.markets[p.market].sets[p.set].pays,
                    "card": state.markets[p.market].name,
                }
                for p in sale.parts
            ],
        }
    )
    state.selling.pop(0)
    _next_seller(state)


def discard(state: MarketState, seat: Any, returned: Any) -> None:
    """A seat over the cube limit returns the cubes of its choice, exactly down to 10."""
    seat = _in_phase(state, seat, DISCARDING, Phrase("returning cubes"))
    if seat not in state.discarding:
        raise RuleError("you need not return any cubes")
    back = cu.parse(returned, Phrase("the cubes returned"))
    held = state.cubes[seat]
    if not cu.within(back, held):
        raise RuleError(
            "you hold {held}: you cannot return {back}", held=cu.describe(held), back=cu.describe(back)
        )
    excess = cu.total(held) - CUBE_LIMIT
    if cu.total(back) != excess:
        raise RuleError(
            "you hold {held} cubes and return exactly {excess} to come down to {limit}, not {back}",
            held=cu.total(held),
            excess=excess,
            limit=CUBE_LIMIT,
            back=cu.total(back),
        )
    state.cubes[seat] = cu.sub(held, back)
    state.bag = cu.add(state.bag, back)
    state.records.append({"kind": "discard", "round": state.round, "seat": seat, "cubes": cu.to_dict(back)})
    state.discarding.remove(seat)
    if not state.discarding:
        _end_round(state)


def draw(state: MarketState, deck: Any, card: Any) -> None:
    """A chance event: the start player, a digital market card, or a cube from the bag."""
    request = chance_request(state)
    if state.phase == OVER:
        raise RuleError("the game is over")
    if request is None or request.deck != deck:
        raise RuleError(
            "nothing is drawn from the {deck} now: {waiting}", deck=str(deck), waiting=_waiting_for(state)
        )
    check_remaining(request, card)
    if deck == START_DECK:
        state.start = card - 1
        state.records.append({"kind": "start", "seat": state.start, "round": 1})
        state.phase = MARKET
    elif deck == MARKET_DECK:
        del state.deck[card]
        _reveal_card(state, next(c for c in state.rules.deck if c.name == card))
    else:
        _into_lot(state, cu.one(card))


def enter_card(state: MarketState, name: Any, value: Any) -> None:
    """A physical table's market card, typed as it is revealed."""
    if state.phase != MARKET or not state.entered or name != CARD_ENTRY:
        raise RuleError("no market card is waiting to be entered")
    _reveal_card(state, typed_card(value, state.revealed + 1))


# ----------------------------------------------------------------- the round
def _reveal_card(state: MarketState, card: Card) -> None:
    """Setup fills spaces 1, 2, 3; afterwards a card is revealed into space 1."""
    if state.revealed < 3:
        state.markets.append(card)
        space = len(state.markets)
    else:
        state.markets.insert(0, card)
        space = 1
    state.revealed += 1
    state.records.append(
        {
            "kind": "market",
            "round": state.round,
            "space": space,
            "card": card.to_dict(),
            "number": state.revealed,
            "final_round": state.revealed >= CARDS_USED,
        }
    )
    if len(state.markets) == 3:
        _begin_round(state)


def _begin_round(state: MarketState) -> None:
    sizes = LOTS[state.players]
    state.lots = [cu.NONE] * len(sizes)
    state.lot_owner = [None] * len(sizes)
    state.filling = 0
    state.phase = LOTS_PHASE
    if not any(state.bag):
        _lots_drawn(state)


def _into_lot(state: MarketState, cube: cu.Cubes) -> None:
    index = state.filling
    state.lots[index] = cu.add(state.lots[index], cube)
    state.bag = cu.sub(state.bag, cube)
    sizes = LOTS[state.players]
    if cu.total(state.lots[index]) == sizes[index]:
        state.filling += 1
    if state.filling == len(sizes) or not any(state.bag):
        _lots_drawn(state)


def _lots_drawn(state: MarketState) -> None:
    sizes = LOTS[state.players]
    short = [i for i, (lot, size) in enumerate(zip(state.lots, sizes)) if cu.total(lot) < size]
    state.records.append(
        {
            "kind": "lots",
            "round": state.round,
            "lots": [cu.to_dict(lot) for lot in state.lots],
            "short": short,
        }
    )
    state.bidders = tuple(s for s in seat_order(state) if state.money[s] >= MIN_BID)
    state.bids = [None] * state.players
    state.phase = BIDDING
    if not state.bidders:
        _reveal(state)


def bid_ties(bids: tuple[int | None, ...], ranked: list[int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each amount several seats bid, with those seats in the order they pick (``ranked``:
    the bidders in picking order, equal bids clockwise from the start player)."""
    by_amount: dict[int | None, list[int]] = {}
    for seat in ranked:
        by_amount.setdefault(bids[seat], []).append(seat)
    return tuple(
        (amount, tuple(seats)) for amount, seats in by_amount.items() if amount is not None and len(seats) > 1
    )


def _reveal(state: MarketState) -> None:
    """All bids are in: shown together, paid, and the pick order set."""
    order = seat_order(state)
    place = {seat: i for i, seat in enumerate(order)}
    # every bidder's bid is in (bid() reveals only then; nobody bids when there is no bidder)
    sealed = {seat: amount for seat in state.bidders if (amount := state.bids[seat]) is not None}
    bidders = sorted(sealed, key=lambda s: (-sealed[s], place[s]))
    broke = [s for s in order if s not in state.bidders]
    picking = bidders + (broke if state.rules.broke_player == "last_pick" else [])
    for seat, amount in sealed.items():
        state.money[seat] -= amount
        state.paid_in += amount
    bids = tuple(state.bids)
    tied = bid_ties(bids, bidders)
    state.reveal = Reveal(state.round, bids, tuple(picking), tied)
    state.records.append(
        {
            "kind": "reveal",
            "round": state.round,
            "bids": list(bids),
            "order": list(picking),
            "broke": broke,
            "ties": [{"bid": amount, "seats": list(seats)} for amount, seats in tied],
        }
    )
    state.picking = picking
    state.phase = PICKING
    _next_pick(state)


def _take(state: MarketState, seat: int, lot: int, auto: bool) -> None:
    state.cubes[seat] = cu.add(state.cubes[seat], state.lots[lot])
    state.lot_owner[lot] = seat
    state.records.append(
        {
            "kind": "pick",
            "round": state.round,
            "seat": seat,
            "lot": lot,
            "cubes": cu.to_dict(state.lots[lot]),
            "auto": auto,
        }
    )
    state.picking.pop(0)


def _next_pick(state: MarketState) -> None:
    """The last lot goes to its picker without a decision; lots nobody took (a player sat
    out) go back to the bag once every picker has picked."""
    while state.picking:
        free = [i for i, owner in enumerate(state.lot_owner) if owner is None]
        if len(free) > 1:
            return
        if not free:  # more pickers than lots: cannot happen by LOTS
            state.picking.clear()
            break
        _take(state, state.picking[0], free[0], auto=True)
    for i, owner in enumerate(state.lot_owner):
        if owner is None and any(state.lots[i]):
            state.bag = cu.add(state.bag, state.lots[i])
            state.records.append(
                {"kind": "lot_returned", "round": state.round, "lot": i, "cubes": cu.to_dict(state.lots[i])}
            )
            state.lots[i] = cu.NONE
    state.selling = seat_order(state)
    state.phase = SELLING
    _next_seller(state)


def _next_seller(state: MarketState) -> None:
    """A player who can form no set of the current cards has nothing to decide."""
    while state.selling:
        seat = state.selling[0]
        held = state.cubes[seat]
        if any(cu.within(s.cubes, held) for card in state.markets for s in card.sets):
            return
        state.records.append({"kind": "no_sale", "round": state.round, "seat": seat})
        state.selling.pop(0)
    state.discarding = [s for s in seat_order(state) if cu.total(state.cubes[s]) > CUBE_LIMIT]
    state.phase = DISCARDING
    if not state.discarding:
        _end_round(state)


def _end_round(state: MarketState) -> None:
    """The final round ends the game; any other rotates the market and passes the start."""
    if state.revealed >= CARDS_USED or state.round >= ROUNDS:
        state.records.append({"kind": "end", "round": state.round})
        state.phase = OVER
        return
    gone = state.markets.pop()
    state.start = (state.start + 1) % state.players
    state.records.append(
        {"kind": "rotation", "round": state.round, "discarded": gone.name, "start": state.start}
    )
    state.round += 1
    state.lots, state.lot_owner = [], []
    state.reveal = None
    state.phase = MARKET


# ----------------------------------------------------------------- the end
def ranking_keys(state: MarketState) -> list[tuple[int, int]]:
    """Most money, then most cubes left."""
    return [(money, cu.total(held)) for money, held in zip(state.money, state.cubes)]


def result(state: MarketState) -> Result:
    """Places by money then cubes left; each player's money told as what it is made of
    (the start, the bids paid, the sales), and each tie on money."""
    keys = ranking_keys(state)
    places = places_by(keys)
    paid, earned = [0] * state.players, [0] * state.players
    for r in state.records:
        if r["kind"] == "reveal":
            for seat, amount in enumerate(r["bids"]):
                paid[seat] += amount or 0
        elif r["kind"] == "sale":
            earned[r["seat"]] += r["payout"]
    players = [
        {
            "seat": seat,
            "name": name,
            "money": money,
            "cubes": cubes,
            "place": place,
            "start": START_MONEY,
            "paid": paid[seat],
            "earned": earned[seat],
        }
        for seat, (name, (money, cubes), place) in enumerate(zip(state.names, keys, places))
    ]
    return Result(tuple(state.money), places, {"players": players, "ties": ties(keys, places)})


def ties(keys: list[tuple[int, int]], places) -> list[dict[str, Any]]:
    """Each tie on money, as data (the terminal and the pages word it): the seats tied, and
    the seat the cubes left put ahead, or None when they do not break every tie (the equal
    players share their place)."""
    found = []
    for money in sorted({m for m, _ in keys}, reverse=True):
        tied = [seat for seat, (m, _) in enumerate(keys) if m == money]
        if len(tied) < 2:
            continue
        broken = len({keys[s][1] for s in tied}) == len(tied)
        found.append(
            {"money": money, "seats": tied, "ahead": min(tied, key=lambda s: places[s]) if broken else None}
        )
    return found
