"""A phone's actions: join a seat, act in it (one endpoint for every game), enter its own
hidden draw at a physical table, press the on-screen buzzer."""

from __future__ import annotations

from flask import Blueprint, jsonify

from web.context import body, my_seat, need_seat, service
from web.identity import SEAT_COOKIE, Refused, set_cookie

bp = Blueprint("player", __name__)


@bp.post("/api/join")
def join():
    if my_seat() is not None:
        raise Refused(409, "this phone already has a seat at this table")
    data = body()
    token = service().join(data.get("seat"), data.get("name"))
    response = jsonify(ok=True)
    set_cookie(response, SEAT_COOKIE, token)
    return response


@bp.post("/api/act")
def act():
    """``{"kind": ..., "data": {...}}``: the seat's decision, handed to the engine."""
    data = body()
    service().act(need_seat(), data.get("kind"), data.get("data", {}))
    return jsonify(ok=True)


@bp.post("/api/draw")
def draw():
    """``{"card": ...}``: the card this seat drew blind at a physical table, entered on its
    own phone (nobody else sees it, nor what is left to draw)."""
    service().enter_card(body(), need_seat())
    return jsonify(ok=True)


@bp.post("/api/buzz")
def buzz():
    service().buzz(need_seat())
    return jsonify(ok=True)


@bp.get("/api/state")
def state():
    return jsonify(service().snapshot(my_seat()))
