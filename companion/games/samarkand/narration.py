"""Samarkand told in words on the Pi's terminal (public facts only), the final standings,
and the keyboard seat's commands."""

from __future__ import annotations

import json
from string import Formatter

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.registry import Narration
from companion.games.samarkand import goods as g
from companion.games.samarkand import state as phases
from companion.games.samarkand.rules import result
from companion.games.samarkand.state import SamarkandState
from companion.games.samarkand.view import record_view


def space_name(state: SamarkandState, space_id) -> str:
    """A space as the log names it: the board file's name (data), or in free-movement mode
    the camp's or city's number."""
    if space_id is None:
        return Phrase("nowhere")
    if state.board is not None and state.board.has(space_id):
        return state.board.space(space_id).name
    if space_id == "oasis":
        return Phrase("an oasis")
    if space_id.startswith("camp"):
        return Phrase("Camp {number}", number=space_id.removeprefix("camp"))
    return Phrase("City {number}", number=space_id.removeprefix("city"))


def camp_name(state: SamarkandState, index: int) -> str:
    return space_name(state, state.board.camps[index] if state.board else f"camp{index + 1}")


LINES = {
    "placed": Phrase("{who} starts at {where}"),
    "rolled": Phrase("{who} pays {paid} and rolls"),
    "die": Phrase("The die shows {face}"),
    "die_back": Phrase("The die shows the backwards arrow"),
    "moved_free": Phrase("{who} moves one space free to {where}"),
    "moved_roll": Phrase("{who} lands on {where}"),
    "moved_extra": Phrase("{who} moves on to {where}"),
    "gift": Phrase("{who} gives {goods} to {camp}"),
    "no_gift": Phrase("{who} has no gift: pays {paid}, a good is drawn for {camp}"),
    "trade": Phrase("{who} trades {gave} for {took}"),
    "full_camp": Phrase("{who} pays {paid} for the full {camp}: takes {took}"),
    "cannot_pay_camp": Phrase("{who} cannot pay 10 for the full {camp}: takes nothing"),
    "drawn": Phrase("{goods} drawn for {camp}"),
    "bought_1": Phrase("{who} buys 1 good for {paid}"),
    "bought": Phrase("{who} buys {count} goods for {paid}"),
    "oasis_penalty": Phrase("{who} cannot pay the oasis: loses {lose} goods"),
    "sold": Phrase("{who} sells {goods} in {city} for {pays}"),
    "sold_covered": Phrase("{who} sells {goods} in {city} for {pays} (covered: one price level lower)"),
    "cannot_sell": Phrase("{who} cannot sell in {city}: shows {shown}, pays {paid}"),
    "eliminated": Phrase("{who} has no piasters and cannot sell: out of the game"),
    "ran_out": Phrase("The goods ran out: every supply over 12 is cut to 12"),
    "cut": Phrase("{who} returns {count} goods"),
    "nothing_to_draw": Phrase("Nothing left to draw"),
    "won": Phrase("{who} has {money} piasters and wins!"),
}
"""A public record's line by its kind (some kinds have a line per variant: see _line_kind);
the page's module says the same lines with the same templates (game.js, TEXT.log)."""


def _line_kind(r: dict) -> str:
    kind = r["kind"]
    if kind == "full_camp" and not r["took"]:
        return "cannot_pay_camp"
    if kind == "moved":
        return f"moved_{r['by']}"
    if kind == "die" and r["face"] == "back":
        return "die_back"
    if kind == "bought" and r["count"] == 1:
        return "bought_1"
    if kind == "sold" and r["covered"]:
        return "sold_covered"
    return kind


def record_line(state: SamarkandState, r: dict) -> Phrase | None:
    """One public record as a line (the table's view of it: secrets are left out)."""
    r = record_view(r, None)
    kind = _line_kind(r)
    if kind not in LINES or (kind == "drawn" and r.get("camp") is None):
        return None  # a blind draw into a supply or a loss: nothing public
    edition = state.rules.edition
    facts = {
        key: g.describe(r[key], edition) if key in ("took", "gave", "goods", "shown") else value
        for key, value in r.items()
    }
    if "good" in r:
        facts["goods"] = g.describe({r["good"]: 1}, edition)
    facts.update(
        who=state.names[r["seat"]] if r.get("seat") is not None else "",
        where=space_name(state, r.get("space")),
        city=space_name(state, r.get("city")),
        camp=camp_name(state, r["camp"]) if r.get("camp") is not None else "",
    )
    template = LINES[kind]
    wanted = {field for _, field, _, _ in Formatter().parse(template) if field}
    return Phrase(template, **{key: facts[key] for key in wanted})


def describe(event: Event, before: SamarkandState, after: SamarkandState) -> list[Phrase]:
    lines = [record_line(after, r) for r in after.records[len(before.records) :]]
    shown = [line for line in lines if line]
    if after.turn != before.turn and after.phase == "move":
        shown.append(Phrase("{who} to move", who=after.names[after.turn]))
    return shown


def score_sheet(state: SamarkandState) -> str:
    res = result(state)
    rows = sorted(zip(res.places, state.names, res.scores, state.eliminated))
    lines = [
        f"{place}. {name}: {money} piasters{' (out)' if out else ''}" for place, name, money, out in rows
    ]
    if state.winner is not None:
        lines.append(f"Winner: {state.names[state.winner]}")
    return "\n".join(lines)


KEYBOARD_HELP = (
    "m SPACE = move · r = roll · g GOOD = gift · t TAKE/GIVE (red,red/blue,white) = trade · "
    "d = done · b 1|4 = buy · s MARKET COUNT|KINDS [CHIP] = sell · l GOODS = lose · "
    "c GOODS = cut · p SPACE = place · {JSON} in free mode for a space"
)


SYMBOL_OF = {name: symbol for symbol, name in g.NAMES_1998.items()}
"""1998's names (grain, copper… assortment) as the keyboard may type them, for the kinds
and the wild market's symbol (a chip may lie on it)."""


def _kind(word: str) -> str:
    return SYMBOL_OF.get(word.strip(), word.strip())


def _goods(text: str) -> list[str]:
    return [_kind(k) for k in text.split(",") if k.strip()]


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
        return Event("gift", seat, {"good": _kind(rest)})
    if word == "t":
        take, _, give = rest.partition("/")
        return Event("trade", seat, {"take": _goods(take), "give": _goods(give)})
    if word == "d":
        return Event("done", seat, {})
    if word == "b":
        return Event("buy", seat, {"count": int(rest) if rest.isdecimal() else rest})
    if word == "s":
        parts = rest.split()
        if not parts or not parts[0].isdecimal():
            raise RuleError("say the market (0 or 1) and the count or kinds: s 0 5")
        data: dict = {"market": int(parts[0])}
        if len(parts) > 1:
            if parts[1].isdecimal():
                data["count"] = int(parts[1])
            else:
                data["kinds"] = _goods(parts[1])
        if len(parts) > 2:
            data["chip"] = _kind(parts[2])
        return Event("sell", seat, data)
    if word in ("l", "c"):
        return Event("lose" if word == "l" else "cut", seat, {"goods": _goods(rest)})
    raise RuleError("keys: {keys}", keys=KEYBOARD_HELP)


FREE_SPACE = '{"type": "camp", "number": 3}'
"""A space typed in free-movement mode (no board): what the seat landed on."""


def yours(view: dict) -> tuple[str, str | None]:
    """The keyboard seat's money, goods and place, and what it has to do now with the keys
    for each choice (its phone's help, from its own view)."""
    you = view["you"]
    seat, edition, help_ = you["seat"], view["edition"], you["help"]
    named = {space["id"]: space["name"] for space in (view["board"] or {}).get("spaces", [])}

    def moves(key: str) -> str:  # the spaces of the help's ``key``, or one typed (no board)
        spaces = [f"m {sid} ({named[sid]})" if sid in named else f"m {sid}" for sid in help_.get(key, [])]
        return " · ".join(spaces) or f"m {FREE_SPACE}"

    def said(kinds) -> str:  # as the keys take them: 1998's cards by their names
        return ",".join(g.word(kind, edition) for kind in kinds)

    position = view["players"][seat]["position"]
    held = f"{you['money']} piasters · goods: {g.describe(you['goods'], edition)} · " + (
        "not on the board yet" if position is None else f"at {named.get(position, position)}"
    )
    phase, mine = view["phase"], view["turn"] == seat
    if phase == phases.CUT and "cut" in help_:
        return held, f"return {help_['cut']} goods: c GOOD,GOOD… (c {said(['red', 'red'])})"
    if not mine:
        return held, None
    if phase == phases.PLACE:
        spaces = ", ".join(named) if named else FREE_SPACE
        return held, f"place your figure: p SPACE ({spaces})"
    if phase == phases.MOVE:
        roll = help_.get("roll") or help_.get("can_roll")
        return held, f"move one space free: {moves('free')}" + (
            f" · or roll for {help_['roll_cost']}: r" if roll else ""
        )
    if phase == phases.STEER:
        face = "the backwards arrow" if help_["die"] == "back" else help_["die"]
        return held, f"the die shows {face}: {moves('reach')}"
    if phase == phases.GIFT:
        return held, "give a good to the camp: " + " · ".join(f"g {said([kind])}" for kind in help_["gift"])
    if phase == phases.TRADE:
        todo = ["d ends your turn"]
        if help_["can_trade"] and help_["field"]:
            field = g.describe(help_["field"], edition)
            example = f"t {said(['red'])}/{said(['blue'])}"
            todo.insert(0, f"trade one for one with the camp's {field}: t TAKE/GIVE ({example})")
        if help_["extra_move"]:
            todo.append(f"{moves('exits')} moves on")
        return held, " · ".join(todo)
    if phase == phases.OASIS:
        return held, f"buy 1 good for {help_['one']}: b 1 · or 4 for {help_['four']}: b 4"
    if phase == phases.LOSE:
        return held, f"lose {help_['lose']} goods: l GOOD,GOOD,GOOD (l {said(['red', 'red', 'blue'])})"
    if phase == phases.SELL and help_["best"] is not None:
        best = help_["best"]
        sale = f"s {best['market']} " + (
            said(best["goods"]) if best["symbol"] == g.WILD else str(best["count"])
        )
        lifts = help_["chip_needed"] and best["symbol"] not in help_["chips"]  # a covered symbol moves none
        chips = [f" {said([chip])}" for chip in help_["chips"]] if lifts else [""]
        keys = " · ".join(sale + chip for chip in chips)  # 1998: one for each chip it may lift
        return held, f"sell: the best sale pays {best['pays']}: {keys}"
    return held, None


NARRATION = Narration(describe, score_sheet, command, KEYBOARD_HELP, yours)
"""The game told on the Pi's terminal and typed at its keyboard (GameSpec.narration)."""
