"""Samarkand told in words on the Pi's terminal (public facts only), the final standings,
and the keyboard seat's commands."""
from __future__ import annotations

import json

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.samarkand import goods as g
from companion.games.samarkand.actions import result
from companion.games.samarkand.state import SamarkandState
from companion.games.samarkand.view import record_view


def space_name(state: SamarkandState, space_id) -> str:
    if space_id is None:
        return "nowhere"
    if state.board is not None and state.board.has(space_id):
        return state.board.space(space_id).name
    return {"oasis": "an oasis"}.get(space_id, str(space_id).replace("camp", "Camp ").replace("city", "City "))


def camp_name(state: SamarkandState, index: int) -> str:
    return space_name(state, state.board.camps[index] if state.board else f"camp{index + 1}")


LINES = {
    "placed": "{who} starts at {where}",
    "rolled": "{who} pays {paid} and rolls",
    "die": "The die shows {face}",
    "moved": "{who} {how} {where}",
    "gift": "{who} gives 1 {good} to {camp}",
    "no_gift": "{who} has no gift: pays {paid}, a good is drawn for {camp}",
    "trade": "{who} trades {gave} for {took}",
    "full_camp": "{who} pays 10 for the full {camp}: takes {took}",
    "cannot_pay_camp": "{who} cannot pay 10 for the full {camp}: takes nothing",
    "drawn": "1 {good} drawn for {camp}",
    "bought": "{who} buys {count} good{plural} for {paid}",
    "oasis_penalty": "{who} cannot pay the oasis: loses {lose} goods",
    "sold": "{who} sells {goods} in {city} for {pays}{covered}",
    "cannot_sell": "{who} cannot sell in {city}: shows {shown}, pays {paid}",
    "eliminated": "{who} has no piasters and cannot sell: out of the game",
    "ran_out": "The goods ran out: every supply over 12 is cut to 12",
    "cut": "{who} returns {count} goods",
    "nothing_to_draw": "Nothing left to draw",
    "won": "{who} has {money} piasters and wins!",
}
HOW = {"free": "moves one space free to", "roll": "lands on", "extra": "moves on to"}


def record_line(state: SamarkandState, r: dict) -> str | None:
    """One public record as a line (the table's view of it: secrets are left out)."""
    r = record_view(r, None)
    kind = r["kind"]
    if kind == "full_camp" and not r["took"]:
        kind = "cannot_pay_camp"
    if kind not in LINES or (kind == "drawn" and r.get("camp") is None):
        return None                      # a blind draw into a supply or a loss: nothing public
    facts = {key: g.describe(r[key]) if key in ("took", "gave", "goods", "shown") else value
             for key, value in r.items()}
    facts.update(
        who=state.names[r["seat"]] if r.get("seat") is not None else "",
        where=space_name(state, r.get("space")), city=space_name(state, r.get("city")),
        camp=camp_name(state, r["camp"]) if r.get("camp") is not None else "",
        face="the backwards arrow" if r.get("face") == "back" else r.get("face"),
        how=HOW.get(r.get("by"), ""), plural="s" if r.get("count", 1) > 1 else "",
        covered=" (covered: one price level lower)" if r.get("covered") else "")
    return LINES[kind].format(**facts)


def describe(event: Event, before: SamarkandState, after: SamarkandState) -> list[str]:
    lines = [record_line(after, r) for r in after.records[len(before.records):]]
    shown = [line for line in lines if line]
    if after.turn != before.turn and after.phase == "move":
        shown.append(f"{after.names[after.turn]} to move")
    return shown


def score_sheet(state: SamarkandState) -> str:
    res = result(state)
    rows = sorted(zip(res.places, state.names, res.scores, state.eliminated))
    lines = [f"{place}. {name}: {money} piasters{' (out)' if out else ''}"
             for place, name, money, out in rows]
    if state.winner is not None:
        lines.append(f"Winner: {state.names[state.winner]}")
    return "\n".join(lines)


KEYBOARD_HELP = ("m SPACE = move · r = roll · g GOOD = gift · t TAKE/GIVE (red,red/blue,white) = trade · "
                 "d = done · b 1|4 = buy · s MARKET COUNT|KINDS [CHIP] = sell · l GOODS = lose · "
                 "c GOODS = cut · p SPACE = place · {JSON} in free mode for a space")


def _goods(text: str) -> list[str]:
    return [k.strip() for k in text.split(",") if k.strip()]


def command(state: SamarkandState, seat: int, text: str) -> Event:
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if word in ("m", "p"):
        key = "space" if word == "p" else ("to" if state.board is not None else "space")
        value = rest
        if rest.startswith("{"):
            try:
                value = json.loads(rest)
            except json.JSONDecodeError:
                raise RuleError('a space in free mode is JSON: {"type": "camp", "number": 3}') from None
        return Event("place" if word == "p" else "move", seat, {key: value})
    if word == "r":
        return Event("roll", seat, {})
    if word == "g":
        return Event("gift", seat, {"good": rest})
    if word == "t":
        take, _, give = rest.partition("/")
        return Event("trade", seat, {"take": _goods(take), "give": _goods(give)})
    if word == "d":
        return Event("done", seat, {})
    if word == "b":
        return Event("buy", seat, {"count": int(rest) if rest.isdigit() else rest})
    if word == "s":
        parts = rest.split()
        if not parts or not parts[0].isdigit():
            raise RuleError("say the market (0 or 1) and the count or kinds: s 0 5")
        data: dict = {"market": int(parts[0])}
        if len(parts) > 1:
            if parts[1].isdigit():
                data["count"] = int(parts[1])
            else:
                data["kinds"] = _goods(parts[1])
        if len(parts) > 2:
            data["chip"] = parts[2]
        return Event("sell", seat, data)
    if word in ("l", "c"):
        return Event("lose" if word == "l" else "cut", seat, {"goods": _goods(rest)})
    raise RuleError(f"keys: {KEYBOARD_HELP}")
