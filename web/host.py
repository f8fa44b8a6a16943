"""The host console's actions, behind the host PIN."""

from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from companion.core.phrase import Phrase
from web.context import body, hosts, need_host, service
from web.history import host_bp as history_bp
from web.i18n import say
from web.identity import HOST_COOKIE, Refused, set_cookie
from web.lobby_host import bp as lobby_bp
from web.pages import join_url

bp = Blueprint("host", __name__, url_prefix="/api/host")
bp.register_blueprint(lobby_bp)  # /api/host/lobby/<command>
bp.register_blueprint(history_bp)  # /api/host/history/<command>


@bp.post("/login")
def login():
    data = body()
    token = hosts().login(data.get("pin"), request.remote_addr)
    service().tell_time(data.get("now"))  # the host's phone dates the games (store/clock.py)
    response = jsonify(ok=True)
    set_cookie(response, HOST_COOKIE, token)
    return response


@bp.post("/logout")
def logout():
    hosts().logout(request.cookies.get(HOST_COOKIE))
    response = jsonify(ok=True)
    response.delete_cookie(HOST_COOKIE, path="/")
    return response


@bp.post("/new_game")
def new_game():
    need_host()
    return jsonify(ok=True, game_id=service().new_game(body()))


@bp.post("/seat")
def seat():
    """A seat's controls: {"seat": n, "to": "bot" | "free" | "move"}; a move answers the
    link that puts the seat on another phone."""
    need_host()
    data = body()
    token = service().seat(data.get("seat"), data.get("to"))
    if token is None:
        return jsonify(ok=True)
    base = join_url()
    return jsonify(ok=True, link=base + url_for("pages.take_seat", token=token).lstrip("/"))


@bp.post("/<command>")
def command(command: str):
    """pause, resume, undo, end, card, entry, act (for a seat), score, accept, switch_off."""
    need_host()
    data = body()
    web = service()
    done: Phrase | str | None = None
    if command in ("pause", "resume"):
        web.run(command)
        done = Phrase("Paused") if command == "pause" else Phrase("Resumed")
    elif command == "undo":
        done = web.undo(data.get("to_person") is True)
    elif command == "end":
        web.end()
    elif command == "card":
        web.enter_card(data)
    elif command == "entry":
        if "value" not in data:
            raise Refused(400, "say what was entered (value)")
        web.run("enter", data["value"])
    elif command == "act":
        web.act_for(data.get("seat"), data.get("kind"), data.get("data", {}))
    elif command == "score":
        web.override(data.get("seat"), data.get("choice"))
    elif command == "accept":
        web.accept()
    elif command == "switch_off":
        web.switch_off()
        done = Phrase("The table is switching off: unplug it once its green light has stopped blinking")
    else:
        raise Refused(404, "the host console has no command {command}", command=repr(command))
    return jsonify(ok=True, done=None if done is None else say(done))
