"""Samarkand Market told in words on the Pi's terminal: each event as the table reads it
(public facts only: a bid is "in", never whose or how much, until the reveal), the final
ranking, and the keyboard seat's commands.

An event's lines are Phrases (English on the terminal; the host console shows the first,
"Undone: …", in its own language). Names are the Phrases' own parameters, never inside a
nested Phrase, so the web can put the names people joined under in their place.
"""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.registry import Narration
from companion.games.market import cubes as cu
from companion.games.market.rules import result
from companion.games.market.sale import best
from companion.games.market.state import BIDDING, MarketState


def _cubes(raw: dict) -> Phrase:
    return cu.describe(cu.parse(raw))


def _sets(sets: list[dict]) -> str:
    """A card's sets as they are typed: "YY=25, YBK=70"."""
    return ", ".join(f"{cu.letters(cu.parse(s['cubes']))}={s['pays']}" for s in sets)


def describe(event: Event, before: MarketState, after: MarketState) -> list[Phrase]:
    names = after.names
    lines: list[Phrase] = []
    if event.kind == "bid" and after.phase == BIDDING:
        lines.append(
            Phrase(
                "A bid is in ({n} of {total})",
                n=sum(b is not None for b in after.bids),
                total=len(after.bidders),
            )
        )
    for r in after.records[len(before.records) :]:
        line = _record_line(names, r)
        if line:
            lines.append(line)
        if r["kind"] == "reveal":
            lines.extend(_tie_line(names, tie) for tie in r["ties"])
    return lines


def _record_line(names, r: dict) -> Phrase | None:
    kind = r["kind"]
    name = names[r["seat"]] if "seat" in r else None
    if kind == "start":
        return Phrase("{name} is the start player", name=name)
    if kind == "market":
        words = {
            "number": r["number"],
            "space": r["space"],
            "card": r["card"]["name"],
            "sets": _sets(r["card"]["sets"]),
        }
        if r["final_round"]:
            return Phrase(
                "Market card {number} in space {space}: {card} ({sets}) — the last "
                "card: this is the final round",
                **words,
            )
        return Phrase("Market card {number} in space {space}: {card} ({sets})", **words)
    if kind == "lots":
        lots = cu.joined(
            [Phrase("Lot {n}: {cubes}", n=i + 1, cubes=_cubes(lot)) for i, lot in enumerate(r["lots"])], " · "
        )
        if r["short"]:
            return Phrase("Round {round} lots: {lots} (the bag ran out)", round=r["round"], lots=lots)
        return Phrase("Round {round} lots: {lots}", round=r["round"], lots=lots)
    if kind == "reveal":
        return _reveal_line(names, r)
    if kind == "pick":
        return Phrase(
            "{name} takes lot {lot} ({cubes})", name=name, lot=r["lot"] + 1, cubes=_cubes(r["cubes"])
        )
    if kind == "lot_returned":
        return Phrase("Lot {lot} was not taken: back into the bag", lot=r["lot"] + 1)
    if kind == "sale":
        if not r["parts"]:
            return Phrase("{name} sells nothing", name=name)
        sets = ", ".join(
            f"{p['times']}× {cu.letters(cu.parse(p['cubes']))} ({p['card']})" for p in r["parts"]
        )
        return Phrase("{name} sells {sets} for {payout}", name=name, sets=sets, payout=r["payout"])
    if kind == "no_sale":
        return Phrase("{name} has nothing to sell", name=name)
    if kind == "discard":
        return Phrase("{name} returns {cubes} to the bag (cube limit)", name=name, cubes=_cubes(r["cubes"]))
    if kind == "rotation":
        return Phrase(
            "{card} leaves the market; {name} is the start player",
            card=r["discarded"],
            name=names[r["start"]],
        )
    if kind == "end":
        return Phrase("The final round is over")
    return None


def _reveal_line(names, r: dict) -> Phrase:
    """Every bid at once, and the picking order; the names and amounts are one plain
    parameter (the web renames the players in it)."""
    bids = ", ".join(f"{names[s]} {b}" for s, b in enumerate(r["bids"]) if b is not None)
    order = ", ".join(names[s] for s in r["order"])
    if not bids:
        return Phrase("Nobody could bid this round")
    if r["broke"]:
        return Phrase(
            "Bids revealed: {bids}; no bid from {broke}. Picking order: {order}",
            bids=bids,
            broke=", ".join(names[s] for s in r["broke"]),
            order=order,
        )
    return Phrase("Bids revealed: {bids}. Picking order: {order}", bids=bids, order=order)


def _tie_line(names, tie: dict) -> Phrase:
    """How a tie on bids was broken (the pages say it in the same words)."""
    return Phrase(
        "Tie at {amount}: {names} pick in that order (equal bids go clockwise from the start player)",
        amount=tie["bid"],
        names=", ".join(names[s] for s in tie["seats"]),
    )


def score_sheet(state: MarketState) -> str:
    """The final ranking on the terminal (English), each tie on money explained."""
    res = result(state)
    players = res.breakdown["players"]
    rows = [("place", "player", "piasters", "cubes")]
    for p in sorted(players, key=lambda p: (p["place"], p["seat"])):
        rows.append((str(p["place"]), p["name"], str(p["money"]), str(p["cubes"])))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    for tie in res.breakdown["ties"]:
        who = " and ".join(players[s]["name"] for s in tie["seats"])
        counts = ", ".join(f"{players[s]['name']} {players[s]['cubes']}" for s in tie["seats"])
        if tie["ahead"] is None:
            lines.append(
                f"{who} have {tie['money']} piasters each: cubes left ({counts}) do not "
                "break every tie, so equal players share their place"
            )
        else:
            lines.append(
                f"{who} have {tie['money']} piasters each: the most cubes left breaks "
                f"the tie ({counts} cubes), so {players[tie['ahead']]['name']} places ahead"
            )
    winners = [state.names[s] for s in res.winners]
    lines.append(f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}")
    return "\n".join(lines)


KEYBOARD_HELP = (
    "b N = bid N · p N = pick lot N · s = sell the best sale · s - = sell nothing · "
    "s SPACE.SET×TIMES … (e.g. s 1.2x3) · d YYK = return cubes"
)


def command(state: MarketState, seat: int, text: str) -> Event:
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if word == "b":
        if not rest.isdecimal():
            raise RuleError("say how much you bid: b 12")
        return Event("bid", seat, {"amount": int(rest)})
    if word == "p":
        if not rest.isdecimal():
            raise RuleError("say which lot you take: p 2")
        return Event("pick", seat, {"lot": int(rest) - 1})
    if word == "s":
        return Event("sell", seat, {"sales": _sales(state, seat, rest)})
    if word == "d":
        return Event("discard", seat, {"cubes": cu.to_dict(cu.parse(rest, Phrase("the cubes returned")))})
    raise RuleError("keys: {keys}", keys=KEYBOARD_HELP)


def _sales(state: MarketState, seat: int, text: str) -> list[dict]:
    if text == "":
        return [p.to_dict() for p in best(state.cubes[seat], state.markets).parts]
    if text == "-":
        return []
    parts = []
    for item in text.split():
        where, _, count = item.lower().replace("×", "x").partition("x")  # as the help writes it
        space, _, which = where.partition(".")
        if not (space.isdecimal() and which.isdecimal() and (count or "1").isdecimal()):
            raise RuleError("a part is SPACE.SET or SPACE.SETxTIMES, counted from 1: s 1.2x3 3.1")
        parts.append({"market": int(space) - 1, "set": int(which) - 1, "times": int(count or 1)})
    return parts


def yours(view: dict) -> tuple[str, str | None]:
    """The keyboard seat's money and cubes, and what it has to do now with the keys for it
    (from its own view: its bid is its own, the advice its phone shows)."""
    you = view["you"]
    held = f"{you['money']} piasters · cubes: {_cubes(view['players'][you['seat']]['cubes'])}"
    to_do = you["to_do"]
    if to_do == "bid":
        return held, f"bid {you['min_bid']} to {you['max_bid']} in secret: b N"
    if to_do == "pick":
        lots = [
            f"p {lot['lot'] + 1} ({_cubes(lot['cubes'])})" for lot in view["lots"] if lot["owner"] is None
        ]
        return held, "take a lot: " + " · ".join(lots)
    if to_do == "sell":
        advice = you["advice"]
        if not advice["parts"]:
            return held, "nothing you hold sells: s -"
        return (
            held,
            f"sell the best sale for {advice['payout']}: s · sell nothing: s - · or s SPACE.SET×TIMES",
        )
    if to_do == "discard":
        returned = cu.letters(cu.parse(you["discard"]["advice"]))
        return held, f"return {you['discard']['excess']} cubes: d CUBES (the advice: d {returned})"
    return held, None


NARRATION = Narration(describe, score_sheet, command, KEYBOARD_HELP, yours)
"""The game told on the Pi's terminal and typed at its keyboard (GameSpec.narration)."""
