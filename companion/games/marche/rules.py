"""The rules of Le Marché de Samarkand: one function of the state per move and per draw,
in the rulebook's order (MarcheGame, in game.py, is the core's contract over them).

Events (``Event.kind``):
- ``pick``  actor=seat, ``{"card": value}``: the seat's secret offer for this turn.
- ``stop``  ``{"count": c, "stoppers": [[seat, offset_us], ...]}``: one stop decided by the
  arbiter; the stoppers were simultaneous (within the tie window), in press order.
- ``claim`` actor=seat, ``{"target": seat | "bank" | "camel" | None}``: the card a stopper
  names; None names nothing (or a card that is gone at a physical table): a false stop.
- ``end_countdown``: the countdown went below the lowest price; the turn ends.
- ``chance`` ``{"deck": "camels" | "bank", "card": value}``: a card turned up.
Each kind is a rule function of the state (``pick``, ``stop``, ``claim``, ``end_countdown``,
``turn_up``) that ``advance`` reads the event onto. The rulings on points the sources leave
open are listed in docs/rules/marche.md ("Rulings").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.core.chance import check_remaining
from companion.core.errors import RuleError
from companion.core.game import CHANCE, ChanceRequest, Event
from companion.core.phrase import Phrase
from companion.games.marche.options import MarcheOptions
from companion.games.marche.state import (
    BANK,
    CAMEL,
    CLAIMING,
    COUNTDOWN,
    OVER,
    PICKING,
    REVEAL,
    MarcheState,
    Stop,
)

GOODS_TYPES = ("jewels", "spices", "vegetables", "carpets", "textiles")
"""The five goods types, in the order seats sell them by default."""
SEQUENCE = (list, tuple)
"""What a stop's stoppers, and each stopper, may be given as (JSON arrays or tuples)."""


def starting_money(players: int) -> int:
    """15 dirhams each, 25 with three players."""
    return 25 if players == 3 else 15


def podium_points(players: int) -> tuple[int, ...]:
    """Points by money rank: 5/3/1 with 4-5 players, 3/1 with three."""
    return (3, 1) if players == 3 else (5, 3, 1)


def multiset(cards: tuple[int, ...]) -> dict[int, int]:
    """How many of each card, in order of first appearance."""
    return dict(Counter(cards))


def half_up(count: int) -> int:
    """Half the count, rounded up: what each party to a dispute pays."""
    return -(-count // 2)


# ----------------------------------------------------------------- setup
def set_up(
    names: tuple[str, ...], rules: MarcheOptions, types: Sequence[str] | None, dean: Any
) -> MarcheState:
    """The game before the first pick: seat i sells the i-th of ``types`` (GOODS_TYPES
    unless given) and holds its cards, with three players the bank sells a fourth; the
    first Dean is ``dean``; the camel deck waits for its first card to be turned up."""
    players = len(names)
    types = tuple(types or GOODS_TYPES)
    if len(set(types)) != len(types) or len(types) < (4 if players == 3 else players):
        raise RuleError("not enough distinct goods types for the players (and the bank)")
    sells = types[:players]
    bank_type = types[3] if players == 3 else None
    if type(dean) is not int or dean not in range(players):
        raise RuleError("first_dean must be a seat from 0 to {last}", last=players - 1)
    money = starting_money(players)
    hand = sorted(rules.goods_cards)
    return MarcheState(
        rules=rules,
        names=names,
        sells=sells,
        bank_type=bank_type,
        start_money=money,
        turn=1,
        dean=dean,
        phase=PICKING,
        price=rules.start_price,
        hands=[hand.copy() for _ in range(players)],
        picks=[None] * players,
        offers={},
        bank_deck=multiset(rules.goods_cards) if bank_type else {},
        camel_deck=multiset(rules.camel_cards),
        camel_up=None,
        camel_due="now",
        money=[money] * players,
        bank=0,
        goods=[{} for _ in range(players)],
        camels=[[] for _ in range(players)],
        discarded=[],
        stop=None,
        records=[],
    )


# ----------------------------------------------------------------- events
def advance(state: MarcheState, event: Event) -> None:
    """Apply ``event`` to ``state`` in place (MarcheGame.advance): the event read onto the
    rule function of its kind, which checks everything before its first change, so a refused
    event changes nothing. The simulator applies its bots' events so, and calls the rule
    functions itself for the table's own stops and draws.
    """
    kind, data = event.kind, event.data
    if kind == "pick":
        pick(state, event.actor, data.get("card"))
    elif kind == "stop":
        stop(state, data.get("count"), data.get("stoppers"))
    elif kind == "claim":
        claim(state, event.actor, data.get("target"))
    elif kind == "end_countdown":
        end_countdown(state)
    elif kind == CHANCE:
        turn_up(state, data.get("deck"), data.get("card"))
    else:
        raise RuleError("unknown action {kind}", kind=repr(kind))


def chance_request(state: MarcheState) -> ChanceRequest | None:
    """The draw the game waits for, if any: the camel to turn up, or the bank's card."""
    deck = _deck_to_draw(state)
    return None if deck is None else ChanceRequest(deck, dict(_pile(state, deck)))


def _deck_to_draw(state: MarcheState) -> str | None:
    """The deck a card is to be turned up from, if any (by the name the host's buttons read)."""
    if state.camel_due == "now" and state.phase != OVER:
        return Phrase("camels")
    return Phrase("bank") if state.phase == REVEAL else None


def _pile(state: MarcheState, deck: str) -> dict[int, int]:
    return state.camel_deck if deck == "camels" else state.bank_deck


def _check_open(state: MarcheState) -> None:
    if state.phase == OVER:
        raise RuleError("the game is over")


def _check_decision(state: MarcheState) -> None:
    """What refuses any decision: the game is over, or a card must be turned up first."""
    _check_open(state)
    if _deck_to_draw(state) is not None:
        raise RuleError("a card must be turned up first")


def _seat(state: MarcheState, seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise RuleError("unknown player {seat}", seat=repr(seat))
    return seat


def pick(state: MarcheState, seat: Any, card: Any) -> None:
    """``seat`` secretly offers ``card`` from its hand for this turn."""
    _check_decision(state)
    seat = _seat(state, seat)
    if state.phase != PICKING:
        raise RuleError("offers are picked at the start of a turn, not now")
    picks = state.picks
    if picks[seat] is not None:
        raise RuleError("you have already picked this turn's offer")
    if type(card) is not int or card not in state.hands[seat]:
        raise RuleError("you have no {card} card left to offer", card=repr(card))
    picks[seat] = card
    if None not in picks:
        _reveal(state)


def _reveal(state: MarcheState) -> None:
    hands, offers = state.hands, state.offers
    for seat, card in enumerate(state.picks):
        assert card is not None, "every seat has picked"
        hands[seat].remove(card)
        offers[seat] = card
    state.phase = REVEAL if state.bank_type else COUNTDOWN


def turn_up(state: MarcheState, deck: Any, card: Any) -> None:
    """``card`` is turned up from ``deck`` (a chance event)."""
    _check_open(state)
    expected = _deck_to_draw(state)
    if expected is None or expected != deck:
        raise RuleError("no card is waiting to be turned up from the {deck} deck", deck=str(deck))
    pile = _pile(state, expected)
    check_remaining(ChanceRequest(expected, pile), card)
    pile[card] -= 1
    if not pile[card]:
        del pile[card]
    if deck == "camels":
        state.camel_up, state.camel_due = card, None
    else:
        state.offers[BANK] = card
        state.phase = COUNTDOWN


def stop(state: MarcheState, count: Any, stoppers: Any) -> None:
    """The countdown stopped at ``count``, by ``stoppers``: [[seat, µs after the first press],
    ...] in press order (lists or tuples)."""
    _check_decision(state)
    if state.phase != COUNTDOWN:
        raise RuleError("the countdown is not running")
    low = state.rules.lowest_price
    if type(count) is not int or not low <= count <= state.price:
        raise RuleError(
            "a stop must be at a count from {low} to {high}, not {count}",
            low=low,
            high=state.price,
            count=repr(count),
        )
    if not isinstance(stoppers, SEQUENCE) or not stoppers:
        raise RuleError("a stop needs at least one stopper")
    checked: list[tuple[int, int]] = []
    for entry in stoppers:
        if not isinstance(entry, SEQUENCE) or len(entry) != 2:
            raise RuleError("each stopper is [seat, microseconds after the first press]")
        seat, offset = entry
        _seat(state, seat)
        if type(offset) is not int or offset < 0:
            raise RuleError("a stopper's offset is a non-negative number of microseconds")
        checked.append((seat, offset))
    if len({seat for seat, _ in checked}) != len(checked):
        raise RuleError("a player appears twice in one stop")
    state.stop = Stop(count, checked)
    state.phase = CLAIMING


def claim(state: MarcheState, seat: Any, target: Any) -> None:
    """A stopper names the card it buys: a seat, BANK or CAMEL, or None for nothing."""
    _check_decision(state)
    seat = _seat(state, seat)
    current = state.stop
    if state.phase != CLAIMING or current is None:
        raise RuleError("there is no stop to claim a card for")
    if seat not in current.seats():
        raise RuleError("you did not stop the countdown")
    claims = current.claims
    if seat in claims:
        raise RuleError("you have already named a card")
    if target is not None:
        _check_target(state, seat, target)
    claims[seat] = target
    if len(claims) == len(current.stoppers):
        _resolve(state, current)


def _check_target(state: MarcheState, seat: int, target: Any) -> None:
    """Refuse a named card that cannot be bought (None, naming nothing, always can)."""
    if target == CAMEL:
        if state.camel_up is None:
            raise RuleError("there is no camel on offer")
        return
    if target != BANK:
        _seat(state, target)
        if target == seat:
            raise RuleError("a player can never buy their own card")
    if target not in state.offers:
        if target == BANK:
            raise RuleError("the bank's card is not on offer")
        raise RuleError("{name}'s card is not on offer", name=state.names[target])


def end_countdown(state: MarcheState) -> None:
    """The countdown went below the lowest price: the turn ends."""
    _check_decision(state)
    if state.phase != COUNTDOWN:
        raise RuleError("the countdown is not running")
    _end_turn(state)


# ----------------------------------------------------------------- resolution
def _resolve(state: MarcheState, stop: Stop) -> None:
    count, claims = stop.count, stop.claims
    by_target: dict[Any, list[int]] = {}
    for seat, _ in stop.stoppers:
        target = claims[seat]
        if target is None:
            _false_stop(state, seat, count, "named no card")
        elif target in by_target:
            by_target[target].append(seat)
        else:
            by_target[target] = [seat]
    for target, seats in by_target.items():
        _settle(state, target, seats, count)
    state.stop = None
    state.price = count - 1
    state.phase = COUNTDOWN
    if state.price < state.rules.lowest_price or state.nothing_left():
        _end_turn(state)


def _settle(state: MarcheState, target: Any, seats: list[int], count: int) -> None:
    if len(seats) == 1 or state.dean in seats:
        buyer = seats[0] if len(seats) == 1 else state.dean
        if state.money[buyer] < count:
            _false_stop(state, buyer, count, "cannot pay")
            rest = [s for s in seats if s != buyer]
            if rest:
                _settle(state, target, rest, count)
            return
        for other in seats:
            if other != buyer:  # outbid by the dean: recorded, nothing paid
                state.records.append(
                    {
                        "turn": state.turn,
                        "kind": "dean_priority",
                        "seat": other,
                        "target": target,
                        "count": count,
                        "due": 0,
                        "card": None,
                    }
                )
        _buy(state, buyer, target, count)
    else:
        _dispute(state, target, seats, count)


def _buy(state: MarcheState, buyer: int, target: Any, count: int) -> None:
    if target == CAMEL:
        card = state.camel_up
        assert card is not None, "a claim names the camel only while one is up"
        state.camels[buyer].append(card)
        state.camel_up = None
        if state.camel_deck:
            immediate = state.offers or state.rules.camel_refill == "immediate"
            state.camel_due = "now" if immediate else "next_turn"
        _pay(state, "buy", buyer, target, count, count, BANK, card)
    else:
        card = state.offers.pop(target)
        state.goods[buyer].setdefault(state.type_of(target), []).append(card)
        _pay(state, "buy", buyer, target, count, count, target, card)


def _dispute(state: MarcheState, target: Any, seats: list[int], count: int) -> None:
    payee: Any
    if target == CAMEL:
        card, payee = state.camel_up, BANK
        assert card is not None, "a claim names the camel only while one is up"
        state.camel_deck[card] = state.camel_deck.get(card, 0) + 1
        state.camel_up, state.camel_due = None, "now"
    else:
        card, payee = state.offers.pop(target), target
        state.discarded.append((state.type_of(target), card))
    for seat in seats:
        _pay(state, "dispute", seat, target, count, half_up(count), payee, card)


def _false_stop(state: MarcheState, seat: int, count: int, why: str) -> None:
    _pay(state, "false_stop", seat, None, count, 1, BANK, None, why=why)


def _pay(
    state: MarcheState,
    kind: str,
    payer: int,
    target: Any,
    count: int,
    due: int,
    payee: Any,
    card: int | None,
    why: str | None = None,
) -> None:
    """Pay what can be paid: money never goes below 0, the shortfall is recorded. The
    record's ``count`` is the stop's count, whatever the kind; ``due`` what this payer
    owed for it (the count, half of it in a dispute, 1 for a false stop); ``paid`` what
    they could pay. Records are rebuilt from the events whenever a game is replayed, so
    a stored game's records always take this form."""
    paid = min(due, state.money[payer])
    state.money[payer] -= paid
    if payee == BANK:
        state.bank += paid
    else:
        state.money[payee] += paid
    record = {
        "turn": state.turn,
        "kind": kind,
        "seat": payer,
        "target": target,
        "count": count,
        "due": due,
        "card": card,
        "paid": paid,
        "to": payee,
    }
    if why is not None:
        record["why"] = why
    state.records.append(record)


# ----------------------------------------------------------------- turns
def _end_turn(state: MarcheState) -> None:
    for seller, card in state.offers.items():
        state.discarded.append((state.type_of(seller), card))
    state.offers.clear()
    state.dean = (state.dean + 1) % state.players
    if state.turn == state.rules.turns:
        state.phase = OVER
        return
    state.turn += 1
    state.phase, state.price = PICKING, state.rules.start_price
    state.picks = [None] * state.players
    if state.camel_due == "next_turn":
        state.camel_due = "now"
