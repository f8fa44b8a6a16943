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


def record_line(state: SamarkandState, r: dict) -> str | None:
    """One public record as a line (the table's view of it: secrets are left out)."""
    r = record_view(r, None)
    who = state.names[r["seat"]] if r.get("seat") is not None else ""
    kind = r["kind"]
    if kind == "placed":
        return f"{who} starts at {space_name(state, r['space'])}"
    if kind == "rolled":
        return f"{who} pays {r['paid']} and rolls"
    if kind == "die":
        return f"The die shows {'the backwards arrow' if r['face'] == 'back' else r['face']}"
    if kind == "moved":
        how = {"free": "moves one space free to", "roll": "lands on", "extra": "moves on to"}[r["by"]]
        return f"{who} {how} {space_name(state, r['space'])}"
    if kind == "gift":
        return f"{who} gives 1 {r['good']} to {camp_name(state, r['camp'])}"
    if kind == "no_gift":
        return f"{who} has no gift: pays {r['paid']}, a good is drawn for {camp_name(state, r['camp'])}"
    if kind == "trade":
        return f"{who} trades {g.describe(r['gave'])} for {g.describe(r['took'])}"
    if kind == "full_camp":
        if not r["took"]:
            return f"{who} cannot pay 10 for the full {camp_name(state, r['camp'])}: takes nothing"
        return f"{who} pays 10 for the full {camp_name(state, r['camp'])}: takes {g.describe(r['took'])}"
    if kind == "drawn":
        if r.get("camp") is not None:
            return f"{g.describe({r['good']: 1})} drawn for {camp_name(state, r['camp'])}"
        return None                           # a blind draw into a supply: nothing public
    if kind == "bought":
        return f"{who} buys {r['count']} good{'s' if r['count'] > 1 else ''} for {r['paid']}"
    if kind == "oasis_penalty":
        return f"{who} cannot pay the oasis: loses {r['lose']} goods"
    if kind == "lost":
        return None
    if kind == "sold":
        covered = " (covered: one price level lower)" if r["covered"] else ""
        return f"{who} sells {g.describe(r['goods'])} in {space_name(state, r['city'])} for {r['pays']}{covered}"
    if kind == "cannot_sell":
        return f"{who} cannot sell in {space_name(state, r['city'])}: shows {g.describe(r['shown'])}, pays {r['paid']}"
    if kind == "eliminated":
        return f"{who} has no piasters and cannot sell: out of the game"
    if kind == "ran_out":
        return "The goods ran out: every supply over 12 is cut to 12"
    if kind == "cut":
        return f"{who} returns {r['count']} goods"
    if kind == "nothing_to_draw":
        return "Nothing left to draw"
    if kind == "won":
        return f"{who} has {r['money']} piasters and wins!"
    return None


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
