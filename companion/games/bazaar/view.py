"""What a viewer sees of a game of Bazaar: everything, since nothing in it is secret
(docs/rules/bazaar.md, "What is secret"), arranged for a page; and the bots' seat view.

The one thing no view shows is the digital deck's unseen cards. A player's own view adds
what that player may do now: each equation in each direction, usable or with the reason
why not; each face-up ware with the points it would score; the planner's advice while it
is their turn; and the discard they choose when the player to their right is over 10.
Reasons are codes with their facts (``{"why": "you_lack", "colour": "red", …}``): the
page module words them, so every player-facing sentence lives in one place (game.js).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.game import check_viewer
from companion.games.bazaar.cubes import COLOURS, LETTERS, Cubes, Equation, Ware, cubes_of
from companion.games.bazaar.planner import Advice, Plan, plan, recommend
from companion.games.bazaar.rules import (
    CUBE_LIMIT,
    POINTS,
    buy_problem,
    default_discard,
    purchase_points,
    stall_to_fill,
    trade_problem,
)
from companion.games.bazaar.state import (
    ACT,
    BUY,
    DISCARD,
    EXCHANGE,
    REVEAL,
    ROLLING,
    STALLS,
    START,
    BazaarState,
)

RECENT = 40
"""How many of the latest records a page shows."""


def build_view(state: BazaarState, viewer: Any) -> dict[str, Any]:
    check_viewer(viewer, state.players)
    view: dict[str, Any] = {
        "game": "bazaar",
        "phase": state.phase,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "first_player": state.rules.first_player - 1,
        "rules": state.rules.table_choices(),
        "colours": list(COLOURS),
        "letters": LETTERS,
        "cube_limit": CUBE_LIMIT,
        "points_chart": [list(POINTS[level]) for level in sorted(POINTS)],
        "bank": list(state.bank),
        "exchange": [
            {"card": number, "equations": [equation_view(e, 5 * k + i) for i, e in enumerate(card)]}
            for k, (number, card) in enumerate(state.exchange)
        ],
        "stalls": [
            {"stall": k, "left": state.stalls_left[k], "ware": ware_view(state.ware(k))}
            for k in range(len(state.stalls_up))
        ],
        "bonus": state.bonus,
        "emptied": list(state.emptied),
        "awaiting": _awaiting(state),
        "players": [
            {
                "seat": seat,
                "name": name,
                "cubes": list(state.cubes[seat]),
                "count": sum(state.cubes[seat]),
                "score": state.scores[seat],
                "wares": [p["ware"] for p in state.bought[seat]],
                "purchases": list(state.bought[seat]),
            }
            for seat, name in enumerate(state.names)
        ],
        "discard": _discard_view(state),
        "records": state.records[-RECENT:],
    }
    if viewer is not None:
        view["you"] = _yours(state, viewer)
    return view


def equation_view(equation: Equation, index: int) -> dict[str, Any]:
    return {"index": index, "left": list(equation.left), "right": list(equation.right), "text": equation.text}


def ware_view(ware: Ware | None) -> dict[str, Any] | None:
    return None if ware is None else {"code": ware.code, "cubes": list(ware.cubes), "star": ware.star}


def _awaiting(state: BazaarState) -> dict[str, Any] | None:
    """The draw or entry the table waits for, for the status line."""
    if state.phase == EXCHANGE:
        return {"what": "exchange", "card": len(state.exchange) + 1}
    if state.phase in (STALLS, REVEAL):
        return {"what": "ware", "stall": stall_to_fill(state)}
    if state.phase in (START, ROLLING):
        return {"what": "die", "seat": state.turn}
    return None


def _discard_view(state: BazaarState) -> dict[str, Any] | None:
    if state.phase != DISCARD:
        return None
    owner, chooser, excess = state.discarding
    return {
        "seat": owner,
        "by": chooser,
        "excess": excess,
        "default": default_discard(state.cubes[owner], excess),
    }


def _yours(state: BazaarState, seat: int) -> dict[str, Any]:
    playing = seat == state.turn
    yours: dict[str, Any] = {
        "seat": seat,
        "trades": [
            {
                "index": i,
                "left": _trade_state(state, seat, i, "left"),
                "right": _trade_state(state, seat, i, "right"),
            }
            for i in range(len(state.equations))
        ],
        "wares": [_ware_state(state, seat, k) for k in range(len(state.stalls_up))],
        "advice": advice(state) if playing and state.phase in (ACT, BUY) else None,
        "choose_discard": state.phase == DISCARD and state.discarding[1] == seat,
    }
    return yours


def _trade_state(state: BazaarState, seat: int, index: int, give: str) -> dict[str, Any]:
    """Whether ``seat`` can give side ``give`` of equation ``index`` now, or why not."""
    if seat != state.turn or state.phase not in (ACT, BUY):
        return {"ok": False, "why": "not_your_turn", "turn": state.turn}
    if state.phase == BUY:
        return {"ok": False, "why": "acted", "acted": state.acted}
    problem = trade_problem(state, seat, index, give)
    return {"ok": True} if problem is None else {"ok": False, **problem}


def _ware_state(state: BazaarState, seat: int, stall: int) -> dict[str, Any] | None:
    ware = state.ware(stall)
    if ware is None:
        return None
    missing = {
        COLOURS[c]: need - have
        for c, (need, have) in enumerate(zip(ware.cubes, state.cubes[seat]))
        if have < need
    }
    can_buy = seat == state.turn and state.phase == BUY and buy_problem(state, stall) is None
    shown = {
        "stall": stall,
        "held": not missing,
        "missing": missing,
        "buy_now": can_buy,
        "level": int(ware.star) + int(state.bonus),
        "cubes_left": None,
        "points": None,
    }
    if not missing:
        shown["level"], shown["cubes_left"], shown["points"] = purchase_points(state, seat, ware)
    return shown


def advice(state: BazaarState) -> dict[str, Any]:
    """The planner's plans for the player to play, and the best action of the turn."""
    seat, acted = state.turn, state.phase == BUY
    plans = plan(
        state.cubes[seat],
        state.bank,
        state.equations,
        [state.ware(k) for k in range(len(state.stalls_up))],
        bonus=state.bonus,
        acted=acted,
    )
    return {
        "plans": [plan_view(p) for p in plans],
        "acted": acted,
        "action": action_view(recommend(plans, acted)),
    }


def plan_view(p: Plan | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "stall": p.stall,
        "ware": ware_view(p.ware),
        "turns": p.turns,
        "steps": [
            {"equation": s.equation, "give": s.give, "gave": list(s.given), "took": list(s.taken)}
            for s in p.steps
        ],
        "cubes_left": p.cubes_left,
        "star_level": p.star_level,
        "points": p.points,
        "rolls": dict(p.rolls),
        "shorter_rolls": p.shorter_rolls,
    }


def action_view(advice: Advice) -> dict[str, Any]:
    """The advised action: its kind, the stall it goes for and the turns to it (this turn
    counted while its roll or trade is to come), the trade to make, the faces of a roll."""
    p = advice.plan
    shown: dict[str, Any] = {
        "kind": advice.action,
        "stall": None if p is None else p.stall,
        "turns": advice.turns,
        "points": None if p is None else p.points,
        "faces": list(advice.faces),
        "trades": None if p is None else p.turns,
    }
    step = advice.step
    if step is not None:
        shown.update(equation=step.equation, give=step.give, gave=list(step.given), took=list(step.taken))
    return shown


# ----------------------------------------------------------------- the bots' view
@dataclass(frozen=True, slots=True)
class SeatView:
    """What a bot in ``seat`` decides from: the public facts, quick to read."""

    seat: int
    phase: str
    turn: int
    cubes: tuple[Cubes, ...]
    bank: Cubes
    equations: tuple[Equation, ...]
    wares: tuple[Ware | None, ...]
    stalls_left: tuple[int, ...]
    bonus: bool
    discard: tuple[int, int, int] | None
    scores: tuple[int, ...]

    @property
    def mine(self) -> Cubes:
        return self.cubes[self.seat]


def seat_view(state: BazaarState, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        phase=state.phase,
        turn=state.turn,
        cubes=tuple(cubes_of(c) for c in state.cubes),
        bank=cubes_of(state.bank),
        equations=state.equations,
        wares=tuple(state.ware(k) for k in range(len(state.stalls_up))),
        stalls_left=tuple(state.stalls_left),
        bonus=state.bonus,
        discard=state.discard,
        scores=tuple(state.scores),
    )
