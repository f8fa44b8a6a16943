"""``samarkand advise bazaar FILE``: the trade planner as JSON in, JSON out.

In::

    {"cubes": "R",                                  (or {"red": 1})
     "equations": ["R = YGBW", "R = WW", …],        (the 10 in play; or "cards": two cards' texts)
     "wares": ["YYGRB*", "GGGGG", null, "RRYYB"],   (the face-up ware of each stall, null if empty)
     "bank": {"yellow": 20, …},                     (optional: 20 of each, less the player's cubes)
     "bonus": false,                                (optional: a stall is empty, one star higher)
     "acted": false}                                (optional: the turn's roll or trade is done)

Out: for each stall, the plan by trades alone (turns, each step, the cubes left after
buying, the points, a summary), the turns a roll of each face would take instead and which
faces would shorten it; the best action of the turn (``action``: buy, trade, roll or done,
a roll counted as a turn like a trade) with the stall it goes for (``best``); and that
advice in a sentence, its count the same as the plan's. A malformed input is
refused with a ValueError naming the field.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bazaar.cubes import (
    FULL_BANK,
    PER_COLOUR,
    Cubes,
    as_dict,
    from_dict,
    letters,
    minus,
    parse_card,
    parse_cubes,
    parse_equation,
    parse_ware,
)
from companion.games.bazaar.planner import Advice, Plan, plan, recommend
from companion.games.bazaar.rules import STALL_COUNT
from companion.games.bazaar.view import action_view

FIELDS = ("cubes", "equations", "cards", "wares", "bank", "bonus", "acted")


def advise(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("the input is a JSON object with cubes, equations and wares")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise ValueError(f"{unknown[0]}: not a field of the input (fields: {', '.join(FIELDS)})")
    cubes = _field("cubes", lambda: _cubes(data.get("cubes", "")))
    equations = _field("equations" if "equations" in data else "cards", lambda: _equations(data))
    wares = _field("wares", lambda: _wares(data.get("wares")))
    bank = _field("bank", lambda: _bank(data.get("bank"), cubes))
    flags = {}
    for name in ("bonus", "acted"):
        value = data.get(name, False)
        if type(value) is not bool:
            raise ValueError(f"{name}: true or false, not {value!r}")
        flags[name] = value
    plans = _field("cubes", lambda: plan(cubes, bank, equations, wares, **flags))
    advice = recommend(plans, flags["acted"])
    return {
        "cubes": letters(cubes),
        "bank": as_dict(bank),
        "plans": [None if p is None else _plan(p, flags["acted"]) for p in plans],
        "best": None if advice.plan is None else advice.plan.stall,
        "action": action_view(advice),
        "advice": _advice(advice),
    }


def _field(name: str, read):
    try:
        return read()
    except (RuleError, ValueError, TypeError) as exc:
        raise ValueError(f"{name}: {exc}") from None


def _cubes(raw: Any) -> Cubes:
    if isinstance(raw, dict):
        return from_dict(raw)
    if raw == "":
        return (0, 0, 0, 0, 0)
    return parse_cubes(raw, "the cubes")


def _equations(data: dict) -> tuple:
    if "equations" in data:
        raw = data["equations"]
        if not isinstance(raw, list) or not raw:
            raise ValueError('a list of equations such as "R = YGBW"')
        return tuple(parse_equation(e) for e in raw)
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise ValueError("give the equations (a list) or the cards (a list of cards' texts)")
    return tuple(e for card in raw for e in parse_card(card))


def _wares(raw: Any) -> list:
    if not isinstance(raw, list) or not 1 <= len(raw) <= STALL_COUNT:
        raise ValueError(f'a list of 1 to {STALL_COUNT} ware cards such as "YYGRB*" (null: an empty stall)')
    return [None if w is None else parse_ware(w) for w in raw]


def _bank(raw: Any, cubes: Cubes) -> Cubes:
    if raw is None:
        return minus(FULL_BANK, cubes)
    bank = from_dict(raw, "the bank's cubes") if isinstance(raw, dict) else parse_cubes(raw, "the bank")
    if any(n > PER_COLOUR for n in bank):
        raise ValueError(f"the bank holds at most {PER_COLOUR} cubes of a colour")
    return bank


def _plan(p: Plan, acted: bool) -> dict[str, Any]:
    return {
        "stall": p.stall,
        "ware": p.ware.code,
        "turns": p.turns,
        "steps": [
            {
                "equation": s.equation,
                "give": letters(s.given),
                "take": letters(s.taken),
                "text": f"{letters(s.given)} → {letters(s.taken)}",
            }
            for s in p.steps
        ],
        "cubes_left": p.cubes_left,
        "star_level": p.star_level,
        "points": p.points,
        "rolls": p.rolls,
        "shorter_rolls": p.shorter_rolls,
        "summary": _summary(p, acted),
    }


def _turns(n: int | None) -> str:
    return "1 turn" if n == 1 else f"{n} turns"


def _summary(p: Plan, acted: bool) -> str:
    """A plan in the words of the phone's list: the same count as the advice."""
    name = f"{_ware(p)} (stall {p.stall + 1})"
    if p.turns == 0:
        return f"{name}: now, {p.points} points"
    if p.turns is None:
        return f"{name}: not by trades alone"
    counted = "from next turn" if acted else "this one counted"
    return f"{name}: {_turns(p.turns)}, {counted}, {p.points} points"


def _ware(p: Plan) -> str:
    return p.ware.code.replace("*", "★")


def _advice(advice: Advice) -> str:
    """The best action of the turn in a sentence, its count the plan's own (``_summary``)."""
    p = advice.plan
    if advice.action == "done":
        return "End your turn: no ware can be bought now"
    if p is None:
        return "Roll the die: no ware can be reached by trades alone or after one roll"
    name = f"{_ware(p)} (stall {p.stall + 1})"
    if advice.action == "buy":
        return f"Buy {name} now for {p.points} points"
    if advice.step is not None:
        trade = f"Trade {letters(advice.step.given)} → {letters(advice.step.taken)} now"
        if p.turns == 1:
            return f"{trade}, then buy {name} this turn for {p.points} points"
        return f"{trade}: {name} in {_turns(p.turns)}, this one counted, for {p.points} points"
    faces = " or ".join(filter(None, (", ".join(advice.faces[:-1]), advice.faces[-1])))
    alone = "not by trades alone" if p.turns is None else f"by trades alone: {_turns(p.turns)}"
    if advice.turns == 1:
        return f"Roll the die: a roll of {faces} buys {name} this turn ({alone})"
    return (
        f"Roll the die: a roll of {faces} brings {name} in {_turns(advice.turns)}, this one counted ({alone})"
    )
