"""The live stream: one per open page, each with its own viewer's snapshots."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from web.context import my_seat, service
from web.identity import SEAT_COOKIE

bp = Blueprint("stream", __name__)


@bp.get("/stream")
def stream():
    """``?view=table`` forces the public view (the table screen, the host console). A seat's
    stream lasts as long as the token it was opened with holds the seat: once the host
    moves the seat to another phone, frees it or hands it to a bot, it ends without another
    snapshot (the page reconnects, as a visitor)."""
    viewer = None if request.args.get("view") == "table" else my_seat()
    web = service()
    token = request.cookies.get(SEAT_COOKIE)

    def build() -> dict | None:
        shown = web.snapshot(viewer)  # checked after: a seat taken meanwhile sends nothing
        return None if viewer is not None and web.seat_of(token) != viewer else shown

    web.snapshot(viewer)  # refuse now (503) rather than mid-stream
    hub = current_app.extensions["samarkand.hub"]
    free = hub.admit(request.remote_addr)  # refuse a stream beyond the caps (429, 503)
    web.opened(viewer)  # the seat's phone is connected while it runs
    # waitress says when the client has gone (server.py keeps the channel readable for it)
    gone = request.environ.get("waitress.client_disconnected", lambda: False)
    events = hub.stream(build, current_app.config["PING_S"], gone)
    response = Response(events, mimetype="text/event-stream", headers={"X-Accel-Buffering": "no"})
    response.call_on_close(free)  # however the stream ends, its place is freed
    response.call_on_close(lambda: web.closed(viewer))
    return response
