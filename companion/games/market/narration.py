"""Samarkand Market told in words on the Pi's terminal: each event as the table reads it
(public facts only: a bid is "in", never whose or how much, until the reveal), the final
ranking, and the keyboard seat's commands."""
from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.market import cubes as cu
from companion.games.market.engine import result
from companion.games.market.sale import best
from companion.games.market.state import BIDDING, MarketState


def _cubes(raw: dict) -> str:
    return cu.describe(cu.parse(raw))


def describe(event: Event, before: MarketState, after: MarketState) -> list[str]:
    names = after.names
    lines: list[str] = []
    if event.kind == "bid" and after.phase == BIDDING:
        lines.append(f"A bid is in ({sum(b is not None for b in after.bids)} of {len(after.bidders)})")
    for r in after.records[len(before.records):]:
        line = _record_line(names, r)
        if line:
            lines.append(line)
    return lines


def _record_line(names, r: dict) -> str:
    kind = r["kind"]
    if kind == "start":
        return f"{names[r['seat']]} is the start player"
    if kind == "market":
        final = " — the last card: this is the final round" if r["final_round"] else ""
        sets = ", ".join(f"{cu.letters(cu.parse(s['cubes']))}={s['pays']}" for s in r["card"]["sets"])
        return f"Market card {r['number']} in space {r['space']}: {r['card']['name']} ({sets}){final}"
    if kind == "lots":
        lots = " · ".join(f"lot {i + 1}: {_cubes(lot)}" for i, lot in enumerate(r["lots"]))
        short = " (the bag ran out: short lots)" if r["short"] else ""
        return f"Round {r['round']} — {lots}{short}"
    if kind == "reveal":
        bids = ", ".join(f"{names[s]} {'no bid' if b is None else b}" for s, b in enumerate(r["bids"]))
        order = ", ".join(names[s] for s in r["order"])
        return f"Bids revealed: {bids}. Picking order: {order}"
    if kind == "pick":
        return f"{names[r['seat']]} takes lot {r['lot'] + 1} ({_cubes(r['cubes'])})"
    if kind == "lot_returned":
        return f"Lot {r['lot'] + 1} was not taken: back into the bag"
    if kind == "sale":
        if not r["parts"]:
            return f"{names[r['seat']]} sells nothing"
        sets = ", ".join(f"{p['times']}× {cu.letters(cu.parse(p['cubes']))} ({p['card']})" for p in r["parts"])
        return f"{names[r['seat']]} sells {sets} for {r['payout']}"
    if kind == "no_sale":
        return f"{names[r['seat']]} has nothing to sell"
    if kind == "discard":
        return f"{names[r['seat']]} returns {_cubes(r['cubes'])} to the bag (cube limit)"
    if kind == "rotation":
        return f"{r['discarded']} leaves the market; {names[r['start']]} is the start player"
    if kind == "end":
        return "The final round is over."
    return ""


def score_sheet(state: MarketState) -> str:
    res = result(state)
    rows = [("place", "player", "piasters", "cubes")]
    for p in sorted(res.breakdown["players"], key=lambda p: (p["place"], p["seat"])):
        rows.append((str(p["place"]), p["name"], str(p["money"]), str(p["cubes"])))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    lines += res.breakdown["tie_breaks"]
    winners = [state.names[s] for s in res.winners]
    lines.append(f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}")
    return "\n".join(lines)


KEYBOARD_HELP = ("b N = bid N · p N = pick lot N · s = sell the best sale · s - = sell nothing · "
                 "s SPACE.SET×TIMES … (e.g. s 1.2x3) · d YYK = return cubes")


def command(state: MarketState, seat: int, text: str) -> Event:
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if word == "b":
        if not rest.isdigit():
            raise RuleError("say how much you bid: b 12")
        return Event("bid", seat, {"amount": int(rest)})
    if word == "p":
        if not rest.isdigit():
            raise RuleError("say which lot you take: p 2")
        return Event("pick", seat, {"lot": int(rest) - 1})
    if word == "s":
        return Event("sell", seat, {"sales": _sales(state, seat, rest)})
    if word == "d":
        return Event("discard", seat, {"cubes": cu.to_dict(cu.parse(rest, "the cubes returned"))})
    raise RuleError(f"keys: {KEYBOARD_HELP}")


def _sales(state: MarketState, seat: int, text: str) -> list[dict]:
    if text == "":
        return [p.to_dict() for p in best(state.cubes[seat], state.markets).parts]
    if text == "-":
        return []
    parts = []
    for item in text.split():
        where, _, count = item.lower().partition("x")
        space, _, which = where.partition(".")
        if not (space.isdigit() and which.isdigit() and (count or "1").isdigit()):
            raise RuleError("a part is SPACE.SET or SPACE.SETxTIMES, counted from 1: s 1.2x3 3.1")
        parts.append({"market": int(space) - 1, "set": int(which) - 1, "times": int(count or 1)})
    return parts
