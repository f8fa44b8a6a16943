"""Bots that play Samarkand legally and with a plan: routes towards profitable sales.

A bot reads only its seat's view (``SeatView``: its own goods and money, the public
board, camps, chips or token). It values a holding by what its sets would sell for, and a
space by what landing there does now (a sale, a trade, a purchase, a penalty) plus what it
leads to: the best sale it could make at each city, discounted by the moves to get there.
A camp it would trade at is worth the gift and the best single swap its field offers (at
the camp itself it then makes every swap that pays): the best swap for each kind is found
once for the goods held, so weighing every camp the die reaches costs little.
It moves one space free or rolls for 5 when the die's expected landing is worth more.
Styles differ in how they value sets and sales:

- ``merchant`` sells whatever pays most as soon as a city is near;
- ``hoarder`` builds one big set of its strongest kind and steers away from small sales.

All randomness comes from the ``random.Random`` it is given, so a seed replays the game.
In free-movement mode (no board) a bot names a space of an imagined board at random.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from companion.core.bot import Bot
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.search import Rollouts
from companion.games.samarkand import goods as g
from companion.games.samarkand.appraisal import Appraisal, BestSwaps
from companion.games.samarkand.board import CAMP, CITY, OASIS, Board
from companion.games.samarkand.determinise import determinise
from companion.games.samarkand.game import SamarkandGame
from companion.games.samarkand.state import (
    CUT,
    DIE,
    GIFT,
    LOSE,
    MOVE,
    OVER,
    PLACE,
    SELL,
    STEER,
    TRADE,
    SamarkandState,
)
from companion.games.samarkand.state import (
    OASIS as AT_OASIS,
)
from companion.games.samarkand.view import SeatView

FAR = 0.8
"""A sale one move further away is worth this much of one a move nearer."""
BEYOND = FAR**20
"""What a sale no walk on the board reaches counts for: as if 20 moves away."""
RESERVE = 30
"""Piasters a bot keeps in hand before it pays for 4 goods or a roll."""
MIN_GAIN = 0.5
"""A swap at a camp is made only if it raises the holding's worth by more than this."""


ACTS = {
    PLACE: "place",
    MOVE: "move",
    STEER: "steer",
    GIFT: "gift",
    TRADE: "trade",
    AT_OASIS: "buy",
    LOSE: "lose",
    SELL: "sell",
    CUT: "cut",
}
"""The method that makes each phase's decision."""


class Holding:
    """The goods held, appraised once while they are held (a turn's move, roll and gift),
    read by every camp a decision weighs: their worth, the good given at a camp (the least
    useful; None with no goods) and the worth of what that gift leaves."""

    def __init__(self, hand: dict[str, int], weight: float) -> None:
        self.hand, self.weight = hand, weight
        appraisal = Appraisal(hand, weight)
        self.worth = appraisal.worth
        self.gift = appraisal.cheapest() if hand else None
        self.left = self.worth - appraisal.losses[self.gift] if self.gift is not None else self.worth

    @functools.cached_property
    def swaps(self) -> BestSwaps:
        """What the best swap for each kind would gain once the gift is given: found when a
        camp is first weighed, each kind when a field first offers it."""
        assert self.gift is not None, "a gift is given from goods held"
        return Appraisal(_minus(self.hand, self.gift), self.weight).best_swaps()

    def at_camp(self, field: dict[str, int]) -> float:
        """What giving the gift at a camp and making its field's best swap (if it pays)
        change the worth by: the swap may take a good of the field or the gift back."""
        assert self.gift is not None, "a gift is given from goods held"
        swap = max(map(self.swaps.__getitem__, (*field, self.gift)))
        return self.left + (swap if swap > MIN_GAIN else 0.0) - self.worth

    def taking(self, field: dict[str, int]) -> float:
        """What taking a full camp's field changes the worth by."""
        gained = dict(self.hand)
        g.add(gained, field)
        return Appraisal(gained, self.weight).worth - self.worth


class Routes:
    """What a bot reads of a board, found once per board for every bot of every game: FAR
    to the power of each distance, each space's nearest other city (so discounted), and
    where each face of the die takes a figure from each space."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.far = {
            sid: {to: FAR**steps for to, steps in dist.items()} for sid, dist in board.distances().items()
        }
        cities = [s.id for s in board.spaces if s.type == CITY]
        self.nearest = {
            sid: max((far.get(city, BEYOND) for city in cities if city != sid), default=0.0)
            for sid, far in self.far.items()
        }
        self._faces: dict[str, list[tuple[str, ...]]] = {}

    def faces(self, here: str) -> list[tuple[str, ...]]:
        """Where each face of the die takes a figure from ``here``."""
        if here not in self._faces:
            self._faces[here] = [self.board.by_die(here, face) for face in DIE]
        return self._faces[here]


@functools.lru_cache(maxsize=16)
def routes(board: Board) -> Routes:
    return Routes(board)


class Table(dict[str, float]):
    """Values by space, each found on its first read (``find``): a read of one already
    found is a plain lookup, as the die's faces read many spaces twice."""

    __slots__ = ("find",)

    def __init__(self, find: Callable[[str], float]) -> None:
        super().__init__()
        self.find = find

    def __missing__(self, sid: str) -> float:
        self[sid] = value = self.find(sid)
        return value


class SamarkandBot(Bot[SeatView]):
    style = "bot"
    set_weight = 1.0  # the weight of the strongest set against the others
    small_sale = 1.0  # how much a sale of 2 or 3 goods is worth of its price
    roll_keen = 1.0  # how readily the die is paid for

    def __init__(self, rng: random.Random, effort: float = 1.0) -> None:
        super().__init__(rng, effort)
        self._routes: Routes | None = None  # for the board of the game
        self._seen: SeatView | None = None  # the view the space worths were found from
        self._space_worths: Table | None = None  # for the view seen, found once it is read
        self._hand: dict[str, int] | None = None  # the goods held the memos below are for
        self._markets: tuple[Any, ...] = ()  # and what the cities buy now, for the leads
        self._holding: Holding | None = None  # found when first read
        self._sales: dict[str, float | None] | None = None  # each city's sale_worth
        self._ranked: list[tuple[float, str]] = []  # the cities' sale worths, best first
        self._leads = Table(self._lead)  # kept while the ranked sale worths are

    # ------------------------------------------------------------ the contract
    def decide(self, view: SeatView, seat: int) -> Event:
        self._memos(view)
        kind, data = getattr(self, ACTS[view.phase])(view)
        return Event(kind, seat, data)

    # ------------------------------------------------------------ valuing goods
    def worth(self, hand: dict[str, int]) -> float:
        """What a holding's sets would sell for, the strongest set weighted by style."""
        return Appraisal(hand, self.set_weight).worth

    def least_useful(self, hand: dict[str, int], n: int) -> dict[str, int]:
        """The ``n`` goods whose loss costs the holding least (greedily)."""
        left, chosen = dict(hand), dict[str, int]()
        for _ in range(min(n, g.total(hand))):
            kind = Appraisal(left, self.set_weight).cheapest()
            g.take(left, {kind: 1})
            chosen[kind] = chosen.get(kind, 0) + 1
        return chosen

    def sale_value(self, pays: int, count: int) -> float:
        """What a sale of ``count`` goods for ``pays`` piasters is worth to this style."""
        return pays * (self.small_sale if count <= 3 else 1.0)

    # ------------------------------------------------------------ valuing spaces
    def city_sale(self, view: SeatView, city: str, hand: dict[str, int]) -> g.Sale | None:
        markets, covered, closed = view.markets(city)
        return g.best_sale(
            g.sales(
                hand,
                markets,
                covered=covered,
                closed=closed,
                covered_two=view.rules.covered_two,
                largest=True,
            )
        )

    def _memos(self, view: SeatView) -> None:
        """Each memo is kept while what it depends on holds: a space's worth for one view
        (one decision); the goods held appraised while they are the same (a turn's move,
        roll and gift); the cities' sales while the goods held and the markets are, the
        leads while those sales are; the board's routes for the board (``routes``)."""
        if view is self._seen:
            return
        self._seen = view
        self._space_worths = None
        markets = (view.cities, view.chips, view.token, view.rules.covered_two)
        if view.hand != self._hand:
            self._hand, self._holding = view.hand, None
            self._sales = None
        if markets != self._markets:
            self._markets, self._sales = markets, None
        if view.board is not None and (self._routes is None or view.board is not self._routes.board):
            self._routes = routes(view.board)

    def sale_worth(self, view: SeatView, city: str) -> float | None:
        """What the best sale of the goods held at ``city`` is worth (None: no sale there):
        the better of its open markets' largest sales (of equal pay, the one of fewer goods),
        as ``best_sale`` chooses."""
        markets, covered, closed = view.markets(city)
        hand = view.hand
        offers = []
        for index, symbol in enumerate(markets):
            held = len(hand) if symbol == g.WILD else hand.get(symbol, 0)
            offer = largest_sale(symbol, held, symbol in covered, view.rules.covered_two)
            if index != closed and offer is not None:
                offers.append(offer)
        return self.sale_value(*max(offers, key=lambda o: (o[0], -o[1]))) if offers else None

    def sales(self, view: SeatView) -> dict[str, float | None]:
        """Each city's ``sale_worth``, kept while the goods held and the markets are: a
        space's worth reads its own city's, its lead every city's."""
        self._memos(view)
        if self._sales is None:
            self._sales = {city: self.sale_worth(view, city) for city in view.cities}
            ranked = sorted(((v, city) for city, v in self._sales.items() if v is not None), reverse=True)
            if ranked != self._ranked:
                self._ranked, self._leads = ranked, Table(self._lead)
        return self._sales

    def die_reach(self, view: SeatView, face: str) -> tuple[str, ...]:
        """Where ``face`` takes this seat's figure."""
        return self.faces(view)[DIE.index(face)]

    def faces(self, view: SeatView) -> list[tuple[str, ...]]:
        """Where each face of the die takes this seat's figure (``Routes.faces``)."""
        self._memos(view)
        assert self._routes is not None, "a board game's view"
        return self._routes.faces(view.position(view.seat))

    def now_worth(self, view: SeatView, sid: str) -> float:
        """What landing on ``sid`` does now."""
        space = view.the_board().by_id[sid]
        hand, money = view.hand, view.money
        if space.type == CITY:
            worth = self.sales(view)[sid]
            if worth is not None:
                return worth
            return -1000.0 if money == 0 and view.rules.edition == "2.0" else -25.0
        if space.type == OASIS:
            if money < space.one:
                return -3 * 6.0
            per_good = 6.0 if g.total(hand) < 10 else 1.0
            one = per_good - space.one  # one good: affordable here; four: only keeping the reserve
            return one if money < space.four + RESERVE else max(one, 4 * per_good - space.four)
        field = view.camps[view.camp_index(sid)]
        if g.total(field) >= space.capacity:
            return 0.0 if money < 10 else self._held(view).taking(field) - 10
        return self._held(view).at_camp(field) if hand else -20.0

    def _held(self, view: SeatView) -> Holding:
        """The goods held appraised, once while they are held."""
        self._memos(view)
        if self._holding is None:
            self._holding = Holding(view.hand, self.set_weight)
        return self._holding

    def lead_worth(self, view: SeatView, sid: str) -> float:
        """The best sale the goods held could make at a city, the further the less."""
        return self.leads(view)[sid]

    def leads(self, view: SeatView) -> Table:
        """Each space's ``lead_worth``, kept while the cities' sale worths are (across turns
        too: a good of a kind no market buys changes none)."""
        self.sales(view)
        return self._leads

    def _lead(self, sid: str) -> float:
        """The cities are read from the best sale down, and no further once none left could
        beat the best found even at the space's nearest city."""
        assert self._routes is not None, "leads are read on a board"
        far, nearest, best = self._routes.far[sid], self._routes.nearest[sid], 0.0
        for value, city in self._ranked:
            if value * nearest <= best:
                break
            if city != sid:
                best = max(best, value * far.get(city, BEYOND))
        return 0.6 * best

    def space_worth(self, view: SeatView, sid: str) -> float:
        """What landing on ``sid`` does now and where it leads."""
        return self.space_worths(view)[sid]

    def space_worths(self, view: SeatView) -> Table:
        """Each space's ``space_worth`` for one view (one decision)."""
        self._memos(view)
        if self._space_worths is None:
            leads = self.leads(view)
            self._space_worths = Table(lambda sid: self.now_worth(view, sid) + leads[sid])
        return self._space_worths

    # ------------------------------------------------------------ trades
    def trades(self, hand: dict[str, int], field: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
        """The 1-for-1 swaps that raise the holding's worth, found greedily: (take, give)."""
        hand, field = dict(hand), dict(field)
        take: dict[str, int] = {}
        give: dict[str, int] = {}
        for _ in range(8):
            holding = Appraisal(hand, self.set_weight)
            gives = [k for k in hand if not take.get(k)]  # never a kind it has taken
            best, swap = MIN_GAIN, None
            for t in field:
                if give.get(t):
                    continue
                gain, k = holding.best_give(t, gives)
                if k is not None and gain > best:
                    best, swap = gain, (t, k)
            if swap is None:
                break
            t, k = swap
            g.take(field, {t: 1})
            g.add(field, {k: 1})
            g.take(hand, {k: 1})
            g.add(hand, {t: 1})
            take[t] = take.get(t, 0) + 1
            give[k] = give.get(k, 0) + 1
        return take, give

    # ------------------------------------------------------------ decisions
    def place(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        spaces = [s.id for s in view.the_board().spaces]
        leads = self.leads(view)
        scores = {sid: leads[sid] + self.rng.random() for sid in spaces}
        return "place", {"space": max(spaces, key=scores.__getitem__)}

    def move(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        if view.board is None:
            if view.money >= 5 and self.rng.random() < 0.3:
                return "roll", {}
            return "move", {"space": self.imagined(view)}
        here = view.position(view.seat)
        worths = self.space_worths(view)
        options = {to: worths[to] for to in view.board.exits(here)}
        best = max(options, key=lambda to: (options[to], self.rng.random()))
        if view.money >= 5 + RESERVE / self.roll_keen:
            faces = [max(map(worths.__getitem__, reach)) for reach in self.faces(view)]
            if sum(faces) / len(faces) - 5 * self.roll_keen > options[best]:
                return "roll", {}
        return "move", {"to": best}

    def steer(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        if view.board is None:
            return "move", {"space": self.imagined(view)}
        reach = self.die_reach(view, view.face())
        return "move", {"to": max(reach, key=lambda to: (self.space_worth(view, to), self.rng.random()))}

    def gift(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "gift", {"good": self._held(view).gift}

    def trade(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        if not view.traded and view.hand:
            take, give = self.trades(view.hand, view.camps[view.camp_index(view.space_here().id)])
            if take and (
                view.arrived == "roll" or view.board is None or not self._better_on(view, take, give)
            ):
                return "trade", {"take": take, "give": give}
        if view.arrived != "roll" and not view.traded and view.board is not None:
            here = view.position(view.seat)
            exits = view.board.exits(here)
            best = max(exits, key=lambda to: self.space_worth(view, to))
            if self.space_worth(view, best) > self.lead_worth(view, here) + 10:
                return "move", {"to": best}
        return "done", {}

    def _better_on(self, view: SeatView, take: dict[str, int], give: dict[str, int]) -> bool:
        """Is moving on (the extra move) worth more than this trade?"""
        after = dict(view.hand)
        g.take(after, give)
        g.add(after, take)
        gain = self.worth(after) - self._held(view).worth
        here = view.position(view.seat)
        best = max(self.space_worth(view, to) for to in view.the_board().exits(here))
        return best > gain + self.lead_worth(view, here) + 10

    def buy(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        four = view.space_here().four
        keen = view.money - four >= RESERVE and g.total(view.hand) <= 10
        return "buy", {"count": 4 if keen else 1}

    def lose(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "lose", {"goods": self.least_useful(view.hand, 3)}

    def cut(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "cut", {"goods": self.least_useful(view.hand, view.cut)}

    def sell(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        city = view.space_here().id
        markets, covered, closed = view.markets(city)
        found = g.sales(
            view.hand, markets, covered=covered, closed=closed, covered_two=view.rules.covered_two
        )
        sale = max(found, key=lambda s: (self.sale_value(s.pays, s.count), -s.count))
        data: dict[str, Any] = {"market": sale.market}
        if sale.symbol == g.WILD:
            data["kinds"] = [k for k, _ in sale.goods]
        else:
            data["count"] = sale.count
        chips = [c for c in view.chips if c is not None]
        if view.rules.edition == "1998" and len(chips) == 2 and sale.symbol not in chips:
            # lift the chip off what this bot holds most of (it uncovers that kind)
            data["chip"] = max(chips, key=lambda c: (view.hand.get(c, 0) - (sale.symbol == c), c))
        return "sell", data

    # ------------------------------------------------------------ free movement
    def imagined(self, view: SeatView) -> dict[str, Any]:
        """A space of an imagined board (free mode, where the bot has no board to read):
        a city where its goods sell well when it holds a good set, else a camp or an oasis."""
        told = {city: self.city_sale(view, city, view.hand) for city in view.cities}
        good = {city: sale for city, sale in told.items() if sale is not None and sale.pays >= 40}
        if good:
            city = max(good, key=lambda c: good[c].pays)
            return {"type": CITY, "number": int(city.removeprefix("city"))}
        best = max(view.hand, key=lambda k: (view.hand[k], k), default=None)
        untold = [n for n in range(1, 5) if f"city{n}" not in view.cities]
        if best is not None and view.hand[best] >= 4 and untold:
            return {"type": CITY, "number": self.rng.choice(untold), "markets": [best, g.WILD]}
        if view.money >= 5 and self.rng.random() < 0.4:
            return {"type": OASIS, "one": 5, "four": self.rng.choice((20, 25, 30))}
        number = self.rng.randint(1, 10)
        capacity = view.capacities[number - 1] or self.rng.choice((4, 5, 6))
        return {"type": CAMP, "number": number, "capacity": capacity}


@functools.cache
def largest_sale(symbol: str, held: int, covered: bool, covered_two: str) -> tuple[int, int] | None:
    """A market's largest sale, (pays, goods given), or None: it depends only on how many
    goods of its kind are held (the wild market: how many kinds), so the rules' ``sales``
    find it once per count, from a holding of that many, for every bot of every game."""
    goods = dict.fromkeys(g.KINDS[:held], 1) if symbol == g.WILD else {symbol: held}
    found = g.sales(
        goods, (symbol,), covered=(symbol,) if covered else (), covered_two=covered_two, largest=True
    )
    return (found[0].pays, found[0].count) if found else None


def _minus(hand: dict[str, int], kind: str) -> dict[str, int]:
    left = dict(hand)
    g.take(left, {kind: 1})
    return left


class Merchant(SamarkandBot):
    style = "merchant"
    title = Phrase("merchant")
    summary = Phrase("sells whatever pays most as soon as a city is near")


class Hoarder(SamarkandBot):
    style = "hoarder"
    title = Phrase("hoarder")
    summary = Phrase("builds one big set of its strongest kind and steers away from small sales")
    set_weight = 1.8
    small_sale = 0.5
    roll_keen = 1.4


class Easy(SamarkandBot):
    """A beginner's opponent: it never pays for the die, wanders one space at a time,
    gives any good at a camp and never trades, buys one good at an oasis, and sells what
    pays most when it lands on a city."""

    style = "easy"
    title = Phrase("easy")
    summary = Phrase("a beginner's opponent: never rolls, never trades, sells when it happens on a city")
    by_default = False

    def place(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "place", {"space": self.rng.choice(view.the_board().spaces).id}

    def move(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        if view.board is None:
            return "move", {"space": self.imagined(view)}
        return "move", {"to": self.rng.choice(view.board.exits(view.position(view.seat)))}

    def gift(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "gift", {"good": self.rng.choice(sorted(view.hand))}

    def trade(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "done", {}

    def buy(self, view: SeatView) -> tuple[str, dict[str, Any]]:
        return "buy", {"count": 1}


SEARCHED = (MOVE, STEER, GIFT, TRADE, AT_OASIS, SELL)
"""The decisions the strong style searches; the others (placing, losing and cutting
goods) it makes as the merchant does."""
ROLLOUTS = 48
"""Rollouts per decision at effort 1.0, shared among its candidates. With 16 it won about
40% of four-player games against the default styles (38-41% over 400 games); with 48 about
half, at some 16 ms a decision on the development machine (33 ms at most)."""
HAND_SHARE = 0.5
"""What the goods held at a rollout's end count for, of what their sets would sell for."""
WON, LOST = 1000.0, -300.0
"""A rollout that ends the game: won, or won by another seat (added to the money)."""


class Strong(SamarkandBot):
    """Plays to win: for each decision it plays every choice on, a few times, in states
    drawn from what its seat may know (``determinise``: the unseen goods as a multiset, the
    other supplies' sizes), up to the end of its own next turn (``search.Rollouts``: the
    merchant's judgement for itself, the easy bot's for the others), and keeps the choice
    whose outcomes hold most money and goods on average."""

    style = "strong"
    title = Phrase("strong")
    summary = Phrase("plays to win: tries each choice in a few imagined futures and keeps the best")
    by_default = False

    def __init__(self, rng: random.Random, effort: float = 1.0) -> None:
        super().__init__(rng, effort)
        self._game = SamarkandGame()
        self._self_policy = Merchant(random.Random(0))
        self._others_policy = Easy(random.Random(0))

    def decide(self, view: SeatView, seat: int) -> Event:
        if view.board is None or view.phase not in SEARCHED:
            return super().decide(view, seat)
        world = determinise(view, self.rng)
        candidates = self.candidates(view, world, seat)
        if len(candidates) == 1:
            return candidates[0]
        samples = max(1, round(ROLLOUTS * self.effort / len(candidates)))
        worlds = [world] + [determinise(view, self.rng) for _ in range(samples - 1)]
        active = sum(where is not None for where in view.positions)
        end = view.turns + active + 1  # the end of this seat's next turn

        def policy(state: SamarkandState, who: int, rng: random.Random) -> Event:
            bot = self._self_policy if who == seat else self._others_policy
            bot.rng = rng
            return bot.decide(SeatView(state, who), who)

        def value(state: SamarkandState) -> float:
            if state.phase == OVER:
                return WON if state.winner == seat else state.money[seat] + LOST
            held = self._self_policy.worth(state.hands[seat])
            return state.money[seat] + HAND_SHARE * held

        search = Rollouts(self._game, policy, lambda state: state.turns >= end, value)
        return search.best(worlds, candidates, self.rng)[0]

    def candidates(self, view: SeatView, world: SamarkandState, seat: int) -> list[Event]:
        """The choices worth trying: every legal one, but at a camp only ending the turn,
        the trades the merchant would make, or the extra move (not every single swap)."""
        legal = self._game.legal_actions(world, seat) or []
        if view.phase != TRADE:
            return legal
        kept = [e for e in legal if e.kind != "trade"]
        if not view.traded and view.hand:
            take, give = self.trades(view.hand, view.camps[view.camp_index(view.space_here().id)])
            if take:
                kept.append(Event("trade", seat, {"take": take, "give": give}))
        return kept


STYLES = {"easy": Easy, "hoarder": Hoarder, "merchant": Merchant, "strong": Strong}
