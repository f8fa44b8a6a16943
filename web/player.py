"""A phone's actions: join a seat, pick this turn's offer, claim, press the on-screen buzzer."""
from __future__ import annotations

from flask import Blueprint, jsonify

from web.app import SEAT_COOKIE, set_cookie
from web.context import body, my_seat, need_seat, table
from web.identity import Refused

bp = Blueprint("player", __name__)


@bp.post("/api/join")
def join():
    if my_seat() is not None:
        raise Refused(409, "this phone already has a seat at this table")
    data = body()
    token = table().join(data.get("seat"), data.get("name"))
    response = jsonify(ok=True)
    set_cookie(response, SEAT_COOKIE, token)
    return response


@bp.post("/api/pick")
def pick():
    table().pick(need_seat(), body().get("card"))
    return jsonify(ok=True)


@bp.post("/api/claim")
def claim():
    data = body()
    if "target" not in data:
        raise Refused(400, "name the card you claim (or null for none)")
    table().claim(need_seat(), data["target"])
    return jsonify(ok=True)


@bp.post("/api/buzz")
def buzz():
    table().buzz(need_seat())
    return jsonify(ok=True)


@bp.get("/api/state")
def state():
    return jsonify(table().snapshot(my_seat()))
