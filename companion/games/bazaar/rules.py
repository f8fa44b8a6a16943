"""The rules of Bazaar (the box's rulebook, with the rulings of docs/rules/bazaar.md) as a
pure engine on the core: one function per move or draw, and the rulebook's constants.

Events (``Event.kind``, ``actor`` a seat where a player decides):
- ``roll`` actor: the turn's action is a roll of the die.
- ``take`` actor, ``{"colour": name}``: the colour chosen after the wild face.
- ``trade`` actor, ``{"equation": 0-9, "give": "left" | "right"}``: the turn's action is
  one equation used once, returning the side given and taking the other.
- ``buy`` actor, ``{"stall": 0-3}``: at the end of the turn, the stall's face-up ware.
- ``done`` actor: no (more) purchases this turn.
- ``discard`` actor = the player to the left, ``{"cubes": {colour: n}}``: the excess
  cubes of a player over 10, returned to the bank.
- ``chance``: ``{"deck": "die", "card": face}``, ``{"deck": "exchange", "card": number}``
  (a sample exchange card comes into play), ``{"deck": "wares", "card": code}`` (a sample
  ware card turns face up).
- ``entry``: ``{"name": "exchange", "value": "R = YGBW; …"}`` or ``{"name": "ware",
  "value": "YYGRB*"}``: a card the host typed at a physical table.

Each kind is a rule function of the state below, which checks everything before its first
change, so a refused event leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from companion.core.chance import check_remaining
from companion.core.errors import RuleError, numbered
from companion.core.game import (
    CHANCE,
    ENTRY,
    ChanceRequest,
    Event,
    InputRequest,
    Result,
    places_by,
    seat_names,
)
from companion.core.phrase import Phrase
from companion.games.bazaar.cubes import (
    COLOURS,
    FACES,
    FULL_BANK,
    WILD,
    Cubes,
    Equation,
    Ware,
    card_text,
    colour_index,
    covers,
    from_dict,
    letters,
    parse_card,
    parse_exchange_file,
    parse_ware,
    parse_ware_file,
)
from companion.games.bazaar.options import BazaarOptions
from companion.games.bazaar.state import (
    ACT,
    BUY,
    DISCARD,
    DRAWING,
    EXCHANGE,
    OVER,
    REVEAL,
    ROLLING,
    STALLS,
    START,
    START_WILD,
    BazaarState,
)
from companion.games.bazaar.state import (
    WILD as WILD_PHASE,
)

CUBE_LIMIT = 10
"""A player holds at most 10 cubes at the end of their turn."""
STALL_COUNT = 4
CARDS_PER_STALL = 5
EXCHANGE_CARDS = 2
"""The exchange cards in play, five equations each."""
STALLS_TO_CLOSE = 2
"""The game ends at once when this many stalls are empty."""
POINTS = {0: (5, 3, 2, 1), 1: (8, 5, 3, 2), 2: (12, 8, 5, 3)}
"""Points by star level (0, 1, 2) and cubes left after the purchase (0, 1, 2, 3 or more)."""

SOURCE_CARD = "R = YGBW; R = WW; GG = Y; B = RW; YY = GB"
"""An example card for the host's form: the rulebook's printed equations come first."""
DIE = ChanceRequest(Phrase("die"), {face: 1 for face in FACES}, counted=False)
"""The die: a draw with replacement, the same six faces every time."""
EXCHANGE_DECK, WARE_DECK = Phrase("exchange"), Phrase("wares")
"""The sample cards' decks (Phrases, like the die's: the console names the deck it draws
from in the reader's language)."""
RETURNED = Phrase("the cubes to return")
"""What a discard's refusal names (the keyboard seat's too)."""


def points(star_level: int, cubes_left: int) -> int:
    """The chart: 3+ cubes left -> 1/2/3, 2 -> 2/3/5, 1 -> 3/5/8, 0 -> 5/8/12."""
    if cubes_left < 0:
        raise ValueError(f"a purchase leaves 0 or more cubes, not {cubes_left}")
    return POINTS[min(star_level, 2)][min(cubes_left, 3)]


# ----------------------------------------------------------------- setup
def new_state(setup: Mapping[str, Any]) -> BazaarState:
    """The game before its first card: the cards drawn from the options' card files in a
    digital game, typed by the host where ``cards`` says so (``BazaarOptions.typed``)."""
    names = seat_names(setup)
    players = len(names)
    rules = BazaarOptions.from_rules(setup.get("rules"), players)
    mode = setup.get("mode", "digital")
    if mode not in ("digital", "physical"):
        raise RuleError('mode must be "digital" or "physical", not {mode}', mode=repr(mode))
    exchange_deck: dict[int, tuple[Equation, ...]] | None = None
    ware_deck: dict[str, int] | None = None
    known: dict[str, Ware] = {}
    if not rules.typed(mode):
        exchange_cards, wares = _card_files(rules.exchange_cards, rules.ware_cards)
        exchange_deck = dict(exchange_cards)
        ware_deck = {}
        for ware in wares:
            ware_deck[ware.code] = ware_deck.get(ware.code, 0) + 1
            known[ware.code] = ware
    first = rules.first_player - 1
    return BazaarState(
        rules=rules,
        names=names,
        exchange_deck=exchange_deck,
        ware_deck=ware_deck,
        wares_known=known,
        exchange=[],
        stalls_left=[CARDS_PER_STALL] * STALL_COUNT,
        stalls_up=[None] * STALL_COUNT,
        emptied=[],
        bank=list(FULL_BANK),
        cubes=[[0] * 5 for _ in names],
        bought=[[] for _ in names],
        scores=[0] * players,
        phase=EXCHANGE,
        turn=first,
        turn_number=0,
        started=0,
        purchases=0,
        acted=None,
        revealing=None,
        discard=None,
        records=[],
    )


@lru_cache(maxsize=8)
def _card_files(
    exchange_text: str, ware_text: str
) -> tuple[tuple[tuple[int, tuple[Equation, ...]], ...], tuple[Ware, ...]]:
    """The exchange cards (by number) and ware cards of the options' card files, read once
    per text: every game of an evening deals from the same files."""
    exchange_cards = parse_exchange_file(exchange_text)
    wares = parse_ware_file(ware_text)
    if len(wares) < STALL_COUNT * CARDS_PER_STALL:
        raise RuleError(
            "a ware-card file lists at least the {count} cards of the four stalls, not {given}",
            count=STALL_COUNT * CARDS_PER_STALL,
            given=len(wares),
        )
    return tuple(exchange_cards.items()), tuple(wares)


# ----------------------------------------------------------------- what the game waits for
def stall_to_fill(state: BazaarState) -> int:
    """The stall whose card is to come face up (a phase of DRAWING after the exchange):
    the one bought from, or the next one at setup."""
    if state.revealing is not None:
        return state.revealing
    return state.stalls_up.index(None)


def chance_request(state: BazaarState) -> ChanceRequest | None:
    phase = state.phase
    if phase in (START, ROLLING):
        return DIE
    if phase == EXCHANGE and state.exchange_deck is not None:
        return ChanceRequest(EXCHANGE_DECK, {number: 1 for number in state.exchange_deck})
    if phase in (STALLS, REVEAL) and state.ware_deck is not None:
        return ChanceRequest(WARE_DECK, {code: n for code, n in state.ware_deck.items() if n})
    return None


def check_card_entry(value: Any) -> str:
    """An exchange card as the host typed it, kept as its canonical text."""
    return card_text(parse_card(value))


def check_ware_entry(value: Any) -> str:
    """A ware card as the host typed it, kept as its code (``YYGRB*``)."""
    return parse_ware(value).code


def input_request(state: BazaarState) -> InputRequest | None:
    """The card the host types next. The prompt's numbers are text: the pages' say()
    (web/static/shell.js) reads a parameter as a word or a nested Phrase, not a number."""
    if state.phase == EXCHANGE and state.exchange_deck is None:
        prompt = Phrase(
            "Exchange card {card} of {cards}: type its five equations, e.g. "
            "R = YGBW; R = WW; … (letters Y G R B W)",
            card=str(len(state.exchange) + 1),
            cards=str(EXCHANGE_CARDS),
        )
        return InputRequest("exchange", prompt, SOURCE_CARD, check_card_entry)
    if state.phase in (STALLS, REVEAL) and state.ware_deck is None:
        prompt = Phrase(
            "Stall {stall}: type the ware card now face up, its five cubes "
            "(letters Y G R B W) and * if it has a star",
            stall=str(stall_to_fill(state) + 1),
        )
        return InputRequest("ware", prompt, "YYGRB*", check_ware_entry)
    return None


def to_act(state: BazaarState) -> tuple[int, ...]:
    if state.phase in (START_WILD, ACT, WILD_PHASE, BUY):
        return (state.turn,)
    if state.phase == DISCARD:
        return (state.discarding[1],)
    return ()


def legal_actions(state: BazaarState, seat: int) -> list[Event]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == ACT:
        trades = [
            Event("trade", seat, {"equation": i, "give": give})
            for i, _ in enumerate(state.equations)
            for give in ("left", "right")
            if trade_problem(state, seat, i, give) is None
        ]
        return [Event("roll", seat), *trades]
    if phase in (START_WILD, WILD_PHASE):
        return [Event("take", seat, {"colour": c}) for i, c in enumerate(COLOURS) if state.bank[i]]
    if phase == BUY:
        buys = [Event("buy", seat, {"stall": k}) for k in range(STALL_COUNT) if buy_problem(state, k) is None]
        return [*buys, Event("done", seat)]
    owner, _, excess = state.discarding
    return [
        Event("discard", seat, {"cubes": {COLOURS[c]: n for c, n in enumerate(choice) if n}})
        for choice in choices(tuple(state.cubes[owner]), excess)
    ]


def choices(held: tuple[int, ...], excess: int) -> Iterator[tuple[int, ...]]:
    """Every way to pick ``excess`` cubes out of ``held`` (counts per colour)."""
    if not held:
        if excess == 0:
            yield ()
        return
    for n in range(min(held[0], excess), -1, -1):
        for rest in choices(held[1:], excess - n):
            yield (n, *rest)


# ----------------------------------------------------------------- events
def advance(state: BazaarState, event: Event) -> None:
    kind, data = event.kind, event.data
    if kind == CHANCE:
        turn_up(state, data.get("deck"), data.get("card"))
    elif kind == ENTRY:
        enter(state, data.get("name"), data.get("value"))
    elif kind == "roll":
        roll(state, event.actor)
    elif kind == "take":
        take(state, event.actor, data.get("colour"))
    elif kind == "trade":
        trade(state, event.actor, data.get("equation"), data.get("give"))
    elif kind == "buy":
        buy(state, event.actor, data.get("stall"))
    elif kind == "done":
        done(state, event.actor)
    elif kind == "discard":
        discard(state, event.actor, data.get("cubes"))
    else:
        raise RuleError("unknown action {kind}", kind=repr(kind))


def _record(state: BazaarState, kind: str, **facts: Any) -> None:
    state.records.append({"kind": kind, "turn": state.turn_number, **facts})


def _check_open(state: BazaarState) -> None:
    if state.phase == OVER:
        raise RuleError("the game is over")


def _awaiting(state: BazaarState) -> Phrase | None:
    """What holds every decision up: a card to come face up or the die to be rolled."""
    if state.phase in DRAWING:
        return Phrase("a card must come face up first")
    if state.phase in (START, ROLLING):
        return Phrase("the die must be rolled first")
    return None


def _player(state: BazaarState, seat: Any) -> int:
    """The seat playing the turn, or a refusal saying whose turn it is."""
    _check_open(state)
    waiting = _awaiting(state)
    if waiting is not None:
        raise RuleError(waiting)
    if type(seat) is not int or not 0 <= seat < state.players:
        raise RuleError("unknown player {seat}", seat=repr(seat))
    if state.phase == DISCARD:
        owner, chooser, _ = state.discarding
        if seat == owner:  # a refusal is said to the seat that asked
            raise RuleError("{chooser} is choosing the cubes you return", chooser=state.names[chooser])
        raise RuleError(
            "{chooser} is choosing the cubes {owner} returns",
            chooser=state.names[chooser],
            owner=state.names[owner],
        )
    if seat != state.turn:
        raise RuleError("it is {name}'s turn", name=state.names[state.turn])
    return seat


def turn_up(state: BazaarState, deck: Any, card: Any) -> None:
    """A chance event: the die's face, or a sample card coming face up."""
    _check_open(state)
    request = chance_request(state)
    if request is None or request.deck != deck:
        raise RuleError("nothing is waiting to be drawn from the {deck} deck", deck=str(deck))
    check_remaining(request, card)
    if deck == "die":
        rolled(state, card)
    elif deck == "exchange" and state.exchange_deck is not None:  # (the request came from it)
        _put_exchange(state, card, state.exchange_deck.pop(card))
    elif state.ware_deck is not None:
        state.ware_deck[card] -= 1
        _put_ware(state, state.wares_known[card])


def enter(state: BazaarState, name: Any, value: Any) -> None:
    """An entry: a card the host typed, checked again (a log may come from anywhere)."""
    _check_open(state)
    request = input_request(state)
    if request is None or request.name != name:
        raise RuleError("nothing is waiting to be entered as {name}", name=repr(name))
    if name == "exchange":
        _put_exchange(state, None, parse_card(value))
    else:
        ware = parse_ware(value)
        state.wares_known.setdefault(ware.code, ware)
        _put_ware(state, ware)


def _put_exchange(state: BazaarState, number: int | None, card: tuple[Equation, ...]) -> None:
    state.exchange.append((number, tuple(card)))
    _record(state, "exchange", card=number, equations=[e.text for e in card])
    if len(state.exchange) == EXCHANGE_CARDS:
        state.phase = STALLS


def _put_ware(state: BazaarState, ware: Ware) -> None:
    stall = stall_to_fill(state)
    state.stalls_up[stall] = ware.code
    _record(state, "face_up", stall=stall, ware=ware.code)
    if state.phase == STALLS:
        if None not in state.stalls_up:
            state.phase, state.turn = START, state.rules.first_player - 1
    else:
        state.revealing = None
        _after_purchase(state)


def rolled(state: BazaarState, face: str) -> None:
    seat = state.turn
    if state.phase == START:
        if face == WILD:
            state.phase = START_WILD
            _record(state, "first_roll", seat=seat, face=face)
            return
        colour = colour_index(face)
        _give(state, seat, colour, "first_roll", face)
        _next_start(state)
        return
    if face == WILD:
        if any(state.bank):
            state.phase = WILD_PHASE
            _record(state, "roll", seat=seat, face=face)
        else:
            _record(state, "roll", seat=seat, face=face, colour=None)
            _after_action(state)
        return
    _give(state, seat, colour_index(face), "roll", face)
    _after_action(state)


def _give(state: BazaarState, seat: int, colour: int, kind: str, face: str) -> None:
    """One cube of ``colour`` from the bank, or nothing if the bank has none left."""
    taken = COLOURS[colour] if state.bank[colour] else None
    if taken is not None:
        state.bank[colour] -= 1
        state.cubes[seat][colour] += 1
    _record(state, kind, seat=seat, face=face, colour=taken)


def _next_start(state: BazaarState) -> None:
    state.started += 1
    if state.started == state.players:
        first = state.rules.first_player - 1
        state.phase, state.turn, state.turn_number = ACT, first, 1
        state.acted, state.purchases = None, 0
    else:
        state.phase = START
        state.turn = (state.rules.first_player - 1 + state.started) % state.players


def roll(state: BazaarState, seat: Any) -> None:
    seat = _player(state, seat)
    _check_action(state)
    state.acted, state.phase = "roll", ROLLING


def _check_action(state: BazaarState) -> None:
    """A turn is exactly one roll or one trade, before any purchase."""
    if state.phase == ACT:
        return
    if state.phase == BUY and state.acted == "trade":
        raise RuleError(
            "you have already traded this turn: a turn is one roll or one trade; buy a ware or end your turn"
        )
    if state.phase == BUY:
        raise RuleError(
            "you have already rolled this turn: a turn is one roll or one trade; buy a ware or end your turn"
        )
    raise RuleError("choose the colour of your cube first")


def take(state: BazaarState, seat: Any, colour: Any) -> None:
    """The colour chosen after rolling the wild face."""
    seat = _player(state, seat)
    if state.phase not in (START_WILD, WILD_PHASE):
        raise RuleError("a colour is chosen only after rolling the wild face")
    index = colour_index(colour)
    if not state.bank[index]:
        raise RuleError("the bank has no {colour} cube left: choose another colour", colour=colour)
    first = state.phase == START_WILD
    state.bank[index] -= 1
    state.cubes[seat][index] += 1
    _record(state, "take", seat=seat, colour=colour)
    if first:
        _next_start(state)
    else:
        _after_action(state)


def trade_problem(state: BazaarState, seat: int, equation: Any, give: Any) -> dict | None:
    """Why ``seat`` cannot use equation ``equation`` giving side ``give`` now (None: it can).

    A problem is a reason code with its facts, worded by the pages (view.py, game.js) and
    by ``trade`` for a refusal.
    """
    equations = state.equations
    if type(equation) is not int or not 0 <= equation < len(equations):
        return {"why": "no_equation", "equation": equation}
    given, taken = equations[equation].sides(give)
    held, bank = state.cubes[seat], state.bank
    for colour, (need, have) in enumerate(zip(given, held)):
        if have < need:
            return {"why": "you_lack", "colour": COLOURS[colour], "need": need, "have": have}
    for colour, (need, have) in enumerate(zip(taken, bank)):
        if have < need:
            return {"why": "bank_lacks", "colour": COLOURS[colour], "need": need, "have": have}
    return None


def problem_text(problem: dict) -> Phrase:
    """A trade problem as the refusal says it (the phone words the greyed ones itself)."""
    why = problem["why"]
    if why == "no_equation":
        return Phrase(
            "there is no equation {equation}: the equations are numbered 1 to 10",
            equation=numbered(problem["equation"]),
        )
    facts = {key: problem[key] for key in ("need", "colour", "have")}
    if why == "you_lack":
        return Phrase("you need {need} {colour} to give and hold {have}", **facts)
    return Phrase("the bank has only {have} {colour} and the trade takes {need}", **facts)


def trade(state: BazaarState, seat: Any, equation: Any, give: Any) -> None:
    seat = _player(state, seat)
    _check_action(state)
    if type(equation) is not int or not 0 <= equation < len(state.equations):
        raise RuleError(problem_text({"why": "no_equation", "equation": equation}))
    given, taken = state.equations[equation].sides(give)
    problem = trade_problem(state, seat, equation, give)
    if problem is not None:
        raise RuleError(problem_text(problem))
    held = state.cubes[seat]
    for colour in range(5):
        held[colour] += taken[colour] - given[colour]
        state.bank[colour] += given[colour] - taken[colour]
    state.acted = "trade"
    _record(state, "trade", seat=seat, equation=equation, give=give, gave=letters(given), took=letters(taken))
    _after_action(state)


def _after_action(state: BazaarState) -> None:
    state.purchases = 0
    _after_purchase(state)


def _can_buy(state: BazaarState) -> bool:
    limit = state.rules.purchases
    if limit is not None and state.purchases >= limit:
        return False
    return any(buy_problem(state, stall) is None for stall in range(STALL_COUNT))


def _after_purchase(state: BazaarState) -> None:
    if _can_buy(state):
        state.phase = BUY
    else:
        _end_turn(state)


def buy_problem(state: BazaarState, stall: Any) -> dict | None:
    """Why the player to play cannot buy stall ``stall``'s ware now (None: they can)."""
    if type(stall) is not int or not 0 <= stall < STALL_COUNT:
        return {"why": "no_stall", "stall": stall}
    ware = state.ware(stall)
    if ware is None:
        return {"why": "stall_empty", "stall": stall}
    held = state.cubes[state.turn]
    missing = [
        (COLOURS[c], need - have) for c, (need, have) in enumerate(zip(ware.cubes, held)) if have < need
    ]
    if missing:
        return {"why": "you_lack", "stall": stall, "missing": dict(missing)}
    return None


def purchase_points(state: BazaarState, seat: int, ware: Ware) -> tuple[int, int, int]:
    """(star level, cubes left, points) if ``seat`` bought ``ware`` now."""
    level = int(ware.star) + (1 if state.bonus else 0)
    left = sum(state.cubes[seat]) - sum(ware.cubes)
    return level, left, points(level, left)


def _check_buying(state: BazaarState) -> None:
    if state.phase == ACT:
        raise RuleError(
            "roll or trade first: a turn is one roll or one trade, then wares are bought at its end"
        )
    if state.phase != BUY:
        raise RuleError("choose the colour of your cube first")


def buy(state: BazaarState, seat: Any, stall: Any) -> None:
    seat = _player(state, seat)
    _check_buying(state)
    problem = buy_problem(state, stall)
    if problem is not None:
        if problem["why"] == "no_stall":
            raise RuleError(
                "there is no stall {stall}: the stalls are numbered 1 to 4", stall=numbered(stall)
            )
        if problem["why"] == "stall_empty":
            raise RuleError("stall {stall} is empty", stall=stall + 1)
        (colour, n), *more = problem["missing"].items()
        if more:
            raise RuleError(
                "you lack {n} {colour} and other cubes for the ware of stall {stall}",
                n=n,
                colour=colour,
                stall=stall + 1,
            )
        raise RuleError(
            "you lack {n} {colour} for the ware of stall {stall}", n=n, colour=colour, stall=stall + 1
        )
    ware = state.ware(stall)
    assert ware is not None, "buy_problem refuses an empty stall"
    level, left, score = purchase_points(state, seat, ware)
    for colour, n in enumerate(ware.cubes):
        state.cubes[seat][colour] -= n
        state.bank[colour] += n
    state.scores[seat] += score
    purchase = {
        "ware": ware.code,
        "stall": stall,
        "star": ware.star,
        "level": level,
        "cubes_left": left,
        "points": score,
        "turn": state.turn_number,
    }
    state.bought[seat].append(purchase)
    _record(state, "buy", seat=seat, **{k: v for k, v in purchase.items() if k != "turn"})
    state.purchases += 1
    state.stalls_left[stall] -= 1
    state.stalls_up[stall] = None
    if state.stalls_left[stall]:
        state.phase, state.revealing = REVEAL, stall
        return
    state.emptied.append(stall)
    closes = len(state.emptied) >= STALLS_TO_CLOSE
    _record(state, "stall_empty", stall=stall, closes=closes)
    if closes:
        state.phase = OVER
    else:
        _after_purchase(state)


def done(state: BazaarState, seat: Any) -> None:
    _player(state, seat)
    _check_buying(state)
    _end_turn(state)


def _end_turn(state: BazaarState) -> None:
    """The cube limit, then the next player."""
    seat = state.turn
    held = sum(state.cubes[seat])
    if held > CUBE_LIMIT:
        chooser = (seat + 1) % state.players
        state.discard = (seat, chooser, held - CUBE_LIMIT)
        state.phase = DISCARD
        _record(state, "over_limit", seat=seat, by=chooser, excess=held - CUBE_LIMIT)
        return
    _next_turn(state)


def _next_turn(state: BazaarState) -> None:
    state.turn = (state.turn + 1) % state.players
    state.turn_number += 1
    state.phase, state.acted, state.purchases = ACT, None, 0


def default_discard(held: Cubes | list[int], excess: int) -> dict[str, int]:
    """The choice offered first: one cube at a time from the colour held most (ties: the
    colours' order)."""
    left, chosen = list(held), [0] * 5
    for _ in range(excess):
        colour = max(range(5), key=lambda c: (left[c], -c))
        left[colour] -= 1
        chosen[colour] += 1
    return {COLOURS[c]: n for c, n in enumerate(chosen) if n}


def discard(state: BazaarState, seat: Any, cubes: Any) -> None:
    """The player to the left returns the excess cubes of the player over the limit."""
    _check_open(state)
    if state.phase != DISCARD:
        raise RuleError("nobody has more than 10 cubes to return")
    owner, chooser, excess = state.discarding
    if seat == owner:
        raise RuleError(
            "{chooser}, the player to your left, chooses the cubes you return", chooser=state.names[chooser]
        )
    if seat != chooser:
        raise RuleError(
            "{chooser}, the player to the left of {owner}, chooses the cubes to return",
            chooser=state.names[chooser],
            owner=state.names[owner],
        )
    chosen = from_dict(cubes, RETURNED)
    if sum(chosen) != excess:
        raise RuleError(
            "choose exactly {excess} of {owner}'s cubes to return, not {given}",
            excess=excess,
            owner=state.names[owner],
            given=sum(chosen),
        )
    if not covers(state.cubes[owner], chosen):
        lacking = next(c for c in range(5) if chosen[c] > state.cubes[owner][c])
        raise RuleError(
            "{owner} does not hold {n} {colour}",
            owner=state.names[owner],
            n=chosen[lacking],
            colour=COLOURS[lacking],
        )
    for colour, n in enumerate(chosen):
        state.cubes[owner][colour] -= n
        state.bank[colour] += n
    _record(state, "discard", seat=owner, by=chooser, cubes=letters(chosen))
    state.discard = None
    _next_turn(state)


# ----------------------------------------------------------------- the end
def result(state: BazaarState) -> Result:
    """Most points; tied, the fewest wares; still tied, a shared place."""
    scores = tuple(state.scores)
    places = places_by([(score, -len(bought)) for score, bought in zip(scores, state.bought)])
    players = [
        {
            "seat": seat,
            "name": name,
            "points": state.scores[seat],
            "wares": len(state.bought[seat]),
            "purchases": list(state.bought[seat]),
            "cubes": letters(state.cubes[seat]),
            "place": places[seat],
        }
        for seat, name in enumerate(state.names)
    ]
    return Result(scores, places, {"players": players})
