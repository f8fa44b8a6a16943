"""Bazaar told in words on the Pi's terminal: each event as the table reads it, the final
score sheet, and the keyboard seat's commands."""
from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.bazaar.cubes import COLOURS, LETTERS, WILD, parse_cubes
from companion.games.bazaar.engine import result
from companion.games.bazaar.state import ACT, BazaarState

KEYBOARD_HELP = ("r = roll · t N = trade by equation N giving its left side (t N r: its right) · "
                 "b N = buy stall N · d = done buying · c COLOUR = the colour after a wild roll · "
                 "x CUBES = return a player's excess (x RWW)")


def ware_text(code: str) -> str:
    return code.replace("*", "★")


def describe(event: Event, before: BazaarState, after: BazaarState) -> list[str]:
    """What a person at the table reads about ``event`` (everything in Bazaar is public)."""
    lines = [record_text(after, r) for r in after.records[len(before.records):]]
    if after.phase == ACT and (before.phase != ACT or before.turn != after.turn):
        lines.append(f"Turn {after.turn_number}: {after.names[after.turn]} to play")
    return lines


TEMPLATES = {
    "exchange": "{card_name} is in play: {equation_list}",
    "face_up": "Stall {stall}: {ware} is face up",
    "roll": "{who} rolls {face}{first} and takes a {colour} cube",
    "roll/wild": "{who} rolls the wild face{first}: any colour",
    "roll/none": "{who} rolls {face}{first}: the bank has none left, nothing taken",
    "take": "{who} takes a {colour} cube",
    "trade": "{who} trades {gave} → {took} (equation {equation})",
    "buy": "{who} buys {ware} from stall {stall} with {cubes_left} cube(s) left{stars}: {points} points",
    "stall_empty": "Stall {stall} is empty: every purchase now scores one star higher",
    "stall_empty/closes": "Stall {stall} is empty, the second: the bazaar closes",
    "over_limit": "{who} has {excess} cube(s) over 10: {chooser} chooses which go back",
    "discard": "{chooser} returns {who}'s {cubes} to the bank",
}
"""Each record kind's line (a variant after the slash), filled from the record's facts."""
STARS = {1: ", one star", 2: ", two stars"}


def _template(r: dict) -> str:
    kind = r["kind"]
    if kind in ("roll", "first_roll"):
        if r["face"] == WILD and "colour" not in r:
            return "roll/wild"
        return "roll/none" if r.get("colour") is None else "roll"
    if kind == "stall_empty" and r["closes"]:
        return "stall_empty/closes"
    return kind


def record_text(state: BazaarState, r: dict) -> str:
    key, names = _template(r), state.names
    if key not in TEMPLATES:
        return f"{r['kind']} {r}"
    facts = {**r, "who": names[r["seat"]] if "seat" in r else "",
             "chooser": names[r["by"]] if "by" in r else "",
             "first": " for a first cube" if r["kind"] == "first_roll" else "",
             "stall": r.get("stall", -1) + 1, "equation": r.get("equation", -1) + 1,
             "ware": ware_text(r.get("ware", "")), "stars": STARS.get(r.get("level"), ""),
             "card_name": "An exchange card" if r.get("card") is None else f"Exchange card {r['card']}",
             "equation_list": "; ".join(r.get("equations", ()))}
    return TEMPLATES[key].format(**facts)


def score_sheet(state: BazaarState) -> str:
    sheet = result(state).breakdown["players"]
    rows = [("place", "player", "points", "wares", "cubes")]
    rows += [(str(p["place"]), p["name"], str(p["points"]), str(p["wares"]), p["cubes"] or "-")
             for p in sorted(sheet, key=lambda p: (p["place"], p["seat"]))]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)) for row in rows]
    winners = [p["name"] for p in sheet if p["place"] == 1]
    lines.append(f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}")
    return "\n".join(lines)


def command(state: BazaarState, seat: int, text: str) -> Event:
    """A keyboard seat's command as the event it means (``KEYBOARD_HELP``)."""
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if word == "r":
        return Event("roll", seat)
    if word == "d":
        return Event("done", seat)
    if word == "t":
        number, _, side = rest.partition(" ")
        return Event("trade", seat, {"equation": _number(number, "t 2") - 1,
                                     "give": "right" if side.strip() in ("r", "right") else "left"})
    if word == "b":
        return Event("buy", seat, {"stall": _number(rest, "b 1") - 1})
    if word == "c":
        colour = rest.lower()
        if len(colour) == 1 and colour.upper() in LETTERS:
            colour = COLOURS[LETTERS.index(colour.upper())]
        return Event("take", seat, {"colour": colour})
    if word == "x":
        cubes = parse_cubes(rest, "the cubes to return")
        return Event("discard", seat, {"cubes": {c: n for c, n in zip(COLOURS, cubes) if n}})
    raise RuleError(f"keys: {KEYBOARD_HELP}")


def _number(text: str, example: str) -> int:
    if not text.isdigit():
        raise RuleError(f"say which one by its number: {example}")
    return int(text)
