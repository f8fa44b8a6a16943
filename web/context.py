"""Per-request helpers the blueprints share: the game service, who is asking, the JSON body."""

from __future__ import annotations

from flask import current_app, g, request

from web.identity import HOST_COOKIE, SEAT_COOKIE, HostSessions, Refused, action_token
from web.service import GameService


def service() -> GameService:
    return current_app.extensions["samarkand"]


def hosts() -> HostSessions:
    return current_app.extensions["samarkand.hosts"]


def my_seat() -> int | None:
    return service().seat_of(request.cookies.get(SEAT_COOKIE))


def need_seat() -> int:
    seat = my_seat()
    if seat is None:
        raise Refused(403, "this phone has no seat at the table: join first")
    return seat


def is_host() -> bool:
    return hosts().is_host(request.cookies.get(HOST_COOKIE))


def need_host() -> None:
    if not is_host():
        raise Refused(403, "the host console needs the host PIN")


def body() -> dict:
    """The request's JSON object: anything else is a 400, even JSON nested too deep to parse."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        data = None
    if not isinstance(data, dict):
        raise Refused(400, "the request must be a JSON object")
    return data


def page_token() -> str:
    """The action token this browser's pages put in every POST's header."""
    return action_token(g.visitor)
