"""What one viewer may see of a game of Le Marché, and of its log.

Secret until the final scoring: each player's money and camels (and, with
``hidden_goods``, bought goods); a player's pick until all have picked; a stopper's claim
until the stop is resolved. Everything else is public (marche-rules.md, "What is secret").
"""
from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.marche.state import CAMEL, OVER, PICKING, REVEAL, MarcheState

PRIVATE_RECORD_KEYS = ("paid",)


def build_view(state: MarcheState, viewer: int | None) -> dict:
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < state.players):
        raise RuleError(f"unknown viewer {viewer!r}: a seat from 0 to {state.players - 1}, or the table")
    over = state.phase == OVER
    revealed = state.phase not in (PICKING, REVEAL)
    hide_goods = state.rules.hidden_goods and not over
    players = []
    for seat, name in enumerate(state.names):
        mine = seat == viewer or over
        entry = {"seat": seat, "name": name, "sells": state.sells[seat],
                 "cards_left": len(state.hands[seat]),
                 "picked": state.picks[seat] is not None}
        if mine or not hide_goods:
            entry["goods"] = {t: list(v) for t, v in state.goods[seat].items()}
        if mine:
            entry["money"] = state.money[seat]
            entry["camels"] = list(state.camels[seat])
        players.append(entry)
    view = {
        "game": "marche", "turn": state.turn, "turns": state.rules.turns,
        "phase": state.phase, "dean": state.dean, "price": state.price,
        "lowest_price": state.rules.lowest_price, "rules": state.rules.to_dict(),
        "bank_type": state.bank_type, "players": players,
        "offers": {str(k): v for k, v in state.offers.items()} if revealed else {},
        "camel_up": state.camel_up,
        "camel_deck_left": sum(state.camel_deck.values()),
        "bank_deck_left": sum(state.bank_deck.values()),
        "stop": _stop_view(state, viewer),
        "records": [_record_view(state, r, viewer) for r in state.records],
    }
    if viewer is not None:
        view["you"] = {"seat": viewer, "hand": list(state.hands[viewer]),
                       "pick": state.picks[viewer], "money": state.money[viewer],
                       "camels": list(state.camels[viewer])}
    return view


def _stop_view(state: MarcheState, viewer: int | None) -> dict | None:
    stop = state.stop
    if stop is None:
        return None
    return {"count": stop.count,
            "stoppers": [{"seat": s, "offset_us": o} for s, o in stop.stoppers],
            "claimed": sorted(stop.claims),
            "your_claim": None if viewer is None else stop.claims.get(viewer)}


def _record_view(state: MarcheState, record: dict, viewer: int | None) -> dict:
    if viewer == record["seat"] or state.phase == OVER:
        return dict(record)
    shown = {k: v for k, v in record.items() if k not in PRIVATE_RECORD_KEYS}
    is_camel = record["target"] == CAMEL
    if is_camel or (state.rules.hidden_goods and record["kind"] == "buy"):
        shown["card"] = None
    return shown


def redact_event(event: Event, viewer: int | None) -> dict:
    """Picks and claims show who acted, never what, to anyone but the actor."""
    raw = event.to_dict()
    if event.kind in ("pick", "claim") and viewer != event.actor:
        raw["data"] = {}
    return raw
