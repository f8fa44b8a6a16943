"""Bazaar told in words on the Pi's terminal: each event as the table reads it (the host
console shows an undone one, in the reader's language), the final score sheet, and the
keyboard seat's commands."""

from __future__ import annotations

from string import Formatter

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.registry import Narration
from companion.games.bazaar.cubes import COLOURS, LETTERS, WILD, letters, parse_cubes
from companion.games.bazaar.rules import RETURNED, result
from companion.games.bazaar.state import ACT, BUY, DISCARD, START_WILD, BazaarState
from companion.games.bazaar.state import WILD as WILD_FACE

KEYBOARD_HELP = (
    "r = roll · t N = trade by equation N giving its left side (t N r: its right) · "
    "b N = buy stall N · d = done buying · c COLOUR = the colour after a wild roll · "
    "x CUBES = return a player's excess (x RWW)"
)


def ware_text(code: str) -> str:
    return code.replace("*", "★")


def describe(event: Event, before: BazaarState, after: BazaarState) -> list[Phrase]:
    """What a person at the table reads about ``event`` (everything in Bazaar is public):
    Phrases, so the host console says the first line (an undone action) in French too."""
    lines = [record_text(after, r) for r in after.records[len(before.records) :]]
    if after.phase == ACT and (before.phase != ACT or before.turn != after.turn):
        lines.append(
            Phrase("Turn {turn}: {name} to play", turn=after.turn_number, name=after.names[after.turn])
        )
    return lines


TEMPLATES = {
    "exchange": Phrase("Exchange card {card} is in play: {equations}"),
    "exchange/entered": Phrase("An exchange card is in play: {equations}"),
    "face_up": Phrase("Stall {stall}: {ware} is face up"),
    "roll": Phrase("{who} rolls {face} and takes a {colour} cube"),
    "roll/wild": Phrase("{who} rolls the wild face: any colour"),
    "roll/none": Phrase("{who} rolls {face}: the bank has none left, nothing taken"),
    "first_roll": Phrase("{who} rolls {face} for a first cube and takes a {colour} cube"),
    "first_roll/wild": Phrase("{who} rolls the wild face for a first cube: any colour"),
    "first_roll/none": Phrase("{who} rolls {face} for a first cube: the bank has none left, nothing taken"),
    "take": Phrase("{who} takes a {colour} cube"),
    "trade": Phrase("{who} trades {gave} → {took} (equation {equation})"),
    "buy": Phrase("{who} buys {ware} from stall {stall} with {cubes_left} cube(s) left: {points} points"),
    "buy/1": Phrase(
        "{who} buys {ware} from stall {stall} with {cubes_left} cube(s) left, one star: {points} points"
    ),
    "buy/2": Phrase(
        "{who} buys {ware} from stall {stall} with {cubes_left} cube(s) left, two stars: {points} points"
    ),
    "stall_empty": Phrase("Stall {stall} is empty: every purchase now scores one star higher"),
    "stall_empty/closes": Phrase("Stall {stall} is empty, the second: the bazaar closes"),
    "over_limit": Phrase("{who} has {excess} cube(s) over 10: {chooser} chooses which go back"),
    "discard": Phrase("{chooser} returns {who}'s {cubes} to the bank"),
}
"""Each record kind's line (a variant after the slash), filled from the record's facts:
whole sentences, so a translation may put every fact where its language wants it."""


def _template(r: dict) -> str:
    kind = r["kind"]
    if kind in ("roll", "first_roll"):
        if r["face"] == WILD and "colour" not in r:
            return kind + "/wild"
        return kind + "/none" if r.get("colour") is None else kind
    if kind == "exchange" and r["card"] is None:
        return "exchange/entered"
    if kind == "buy" and r["level"]:
        return f"buy/{r['level']}"
    if kind == "stall_empty" and r["closes"]:
        return "stall_empty/closes"
    return kind


def record_text(state: BazaarState, r: dict) -> Phrase:
    template, names = TEMPLATES[_template(r)], state.names
    facts = {
        **r,
        "who": names[r["seat"]] if "seat" in r else "",
        "chooser": names[r["by"]] if "by" in r else "",
        "stall": r.get("stall", -1) + 1,
        "equation": r.get("equation", -1) + 1,
        "ware": ware_text(r.get("ware", "")),
        "equations": "; ".join(r.get("equations", ())),
    }
    wanted = {field for _, field, _, _ in Formatter().parse(template) if field}
    return Phrase(template.template, **{key: facts[key] for key in wanted})


def score_sheet(state: BazaarState) -> str:
    sheet = result(state).breakdown["players"]
    rows = [("place", "player", "points", "wares", "cubes")]
    rows += [
        (str(p["place"]), p["name"], str(p["points"]), str(p["wares"]), p["cubes"] or "-")
        for p in sorted(sheet, key=lambda p: (p["place"], p["seat"]))
    ]
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
        return Event(
            "trade",
            seat,
            {
                "equation": _number(number, "t 2") - 1,
                "give": "right" if side.strip() in ("r", "right") else "left",
            },
        )
    if word == "b":
        return Event("buy", seat, {"stall": _number(rest, "b 1") - 1})
    if word == "c":
        colour = rest.lower()
        if len(colour) == 1 and colour.upper() in LETTERS:
            colour = COLOURS[LETTERS.index(colour.upper())]
        return Event("take", seat, {"colour": colour})
    if word == "x":
        cubes = parse_cubes(rest, RETURNED)
        return Event("discard", seat, {"cubes": {c: n for c, n in zip(COLOURS, cubes) if n}})
    raise RuleError("keys: {keys}", keys=KEYBOARD_HELP)


def _number(text: str, example: str) -> int:
    if not text.isdecimal():
        raise RuleError("say which one by its number: {example}", example=example)
    return int(text)


def yours(view: dict) -> tuple[str, str | None]:
    """The keyboard seat's cubes and points, and what it has to do now with the keys for it
    (the trades it may make, the wares it may buy, the planner's advice its phone shows)."""
    you = view["you"]
    seat = you["seat"]
    me = view["players"][seat]
    points, wares = me["score"], len(me["wares"])
    held = (
        f"cubes: {letters(me['cubes']) or 'none'} · {points} point{'' if points == 1 else 's'}"
        f" · {wares} ware{'' if wares == 1 else 's'}"
    )
    phase, mine = view["phase"], view["turn"] == seat
    discard = view["discard"]
    if phase == DISCARD and discard["by"] == seat:
        whose = view["players"][discard["seat"]]["name"]
        return (
            held,
            f"return {discard['excess']} of {whose}'s cubes: x CUBES (x {letters(discard['default'])})",
        )
    if not mine:
        return held, None
    if phase in (START_WILD, WILD_FACE):
        return held, "the wild face: choose a colour the bank has: c COLOUR (c R)"
    advice = _advised(you["advice"])
    if phase == ACT:
        trades = [
            f"t {trade['index'] + 1}" + (" r" if side == "right" else "")
            for trade in you["trades"]
            for side in ("left", "right")
            if trade[side]["ok"]
        ]
        return held, "roll: r" + (" · or trade: " + " · ".join(trades) if trades else "") + advice
    if phase == BUY:
        buys = [f"b {ware['stall'] + 1}" for ware in you["wares"] if ware and ware["buy_now"]]
        if not buys:
            return held, "nothing to buy: d"
        return held, "buy a ware: " + " · ".join(buys) + " · or d" + advice
    return held, None


def _advised(advice: dict | None) -> str:
    """The planner's action as the keys that make it (the phone's advice)."""
    action = (advice or {}).get("action") or {}
    kind = action.get("kind")
    if kind == "trade":
        keys = f"t {action['equation'] + 1}" + (" r" if action["give"] == "right" else "")
    elif kind == "buy":
        keys = f"b {action['stall'] + 1}"
    else:
        keys = {"roll": "r", "done": "d"}.get(kind or "", "")
    return f" (the advice: {keys})" if keys else ""


NARRATION = Narration(describe, score_sheet, command, KEYBOARD_HELP, yours)
"""The game told on the Pi's terminal and typed at its keyboard (GameSpec.narration)."""
