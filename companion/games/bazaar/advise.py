"""``samarkand advise bazaar FILE``: the trade planner as JSON in, JSON out.

In::

    {"cubes": "R",                                  (or {"red": 1})
     "equations": ["R = YGBW", "R = WW", …],        (the 10 in play; or "cards": two cards' texts)
     "wares": ["YYGRB*", "GGGGG", null, "RRYYB"],   (the face-up ware of each stall, null if empty)
     "bank": {"yellow": 20, …},                     (optional: 20 of each, less the player's cubes)
     "bonus": false,                                (optional: a stall is empty, one star higher)
     "acted": false}                                (optional: the turn's roll or trade is done)

Out: for each stall, the plan by trades alone (turns, each step, the cubes left after
buying, the points), the turns a roll of each face would take instead and which faces
would shorten it; the plan recommended; and the advice in a sentence. A malformed input is
refused with a ValueError naming the field.
"""
from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bazaar.cubes import (
    FULL_BANK, PER_COLOUR, Cubes, as_dict, from_dict, letters, minus, parse_card, parse_cubes,
    parse_equation, parse_ware,
)
from companion.games.bazaar.planner import Plan, plan
from companion.games.bazaar.rules import STALLS
from companion.games.bazaar.view import best_plan

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
    best = best_plan(plans)
    shown = [None if p is None else _plan(p, equations, flags["acted"]) for p in plans]
    return {"cubes": letters(cubes), "bank": as_dict(bank), "plans": shown,
            "best": best, "advice": shown[best]["advice"] if best is not None else _stuck(plans, shown)}


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
            raise ValueError("a list of equations such as \"R = YGBW\"")
        return tuple(parse_equation(e) for e in raw)
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise ValueError("give the equations (a list) or the cards (a list of cards' texts)")
    return tuple(e for card in raw for e in parse_card(card))


def _wares(raw: Any) -> list:
    if not isinstance(raw, list) or not 1 <= len(raw) <= STALLS:
        raise ValueError(f"a list of 1 to {STALLS} ware cards such as \"YYGRB*\" (null: an empty stall)")
    return [None if w is None else parse_ware(w) for w in raw]


def _bank(raw: Any, cubes: Cubes) -> Cubes:
    if raw is None:
        return minus(FULL_BANK, cubes)
    bank = from_dict(raw, "the bank's cubes") if isinstance(raw, dict) else parse_cubes(raw, "the bank")
    if any(n > PER_COLOUR for n in bank):
        raise ValueError(f"the bank holds at most {PER_COLOUR} cubes of a colour")
    return bank


def _plan(p: Plan, equations: tuple, acted: bool) -> dict[str, Any]:
    return {"stall": p.stall, "ware": p.ware.code, "turns": p.turns,
            "steps": [{"equation": s.equation, "give": letters(s.given), "take": letters(s.taken),
                       "text": f"{letters(s.given)} → {letters(s.taken)}"} for s in p.steps],
            "cubes_left": p.cubes_left, "star_level": p.star_level, "points": p.points,
            "rolls": p.rolls, "shorter_rolls": p.shorter_rolls, "advice": _sentence(p, acted)}


def _when(turns: int, acted: bool) -> str:
    ahead = turns if acted else turns - 1
    return {0: "this turn", 1: "next turn"}.get(ahead, f"in {ahead} turns")


def _sentence(p: Plan, acted: bool) -> str:
    ware = p.ware.code.replace("*", "★")
    if p.turns == 0:
        return f"Buy {ware} (stall {p.stall + 1}) now for {p.points} points"
    if p.turns is None:
        soonest = min((t for t in p.rolls.values() if t is not None), default=None)
        if soonest is None:
            return f"{ware} (stall {p.stall + 1}): not by trades alone, nor after one roll"
        faces = " or ".join(face for face, turns in p.rolls.items() if turns == soonest)
        return f"{ware} (stall {p.stall + 1}): not by trades alone; a roll of {faces} would buy it " \
               f"{_when(soonest, acted)}"
    step = p.first
    first = f"trade {letters(step.given)} → {letters(step.taken)} {'next turn' if acted else 'now'}"
    text = f"{first[0].upper()}{first[1:]}; buy {ware} (stall {p.stall + 1}) {_when(p.turns, acted)} " \
           f"for {p.points} points"
    if p.shorter_rolls:
        text += f" (a roll of {' or '.join(p.shorter_rolls)} would be sooner)"
    return text


def _stuck(plans: list[Plan | None], shown: list) -> str:
    """No ware by trades alone: the roll that would bring one soonest, if any."""
    rolled = [(turns, p.stall) for p in plans if p is not None
              for turns in p.rolls.values() if turns is not None]
    if not rolled:
        return "No ware can be reached by trades alone or after one roll: roll the die"
    return "Roll the die. " + shown[min(rolled)[1]]["advice"]
