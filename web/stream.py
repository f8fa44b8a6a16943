"""The live stream: one per open page, each with its own viewer's snapshots."""
from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from web.context import my_seat, service

bp = Blueprint("stream", __name__)


@bp.get("/stream")
def stream():
    """``?view=table`` forces the public view (the table screen, the host console)."""
    viewer = None if request.args.get("view") == "table" else my_seat()
    web = service()
    web.snapshot(viewer)                      # refuse now (503) rather than mid-stream
    hub = current_app.extensions["samarkand.hub"]
    free = hub.admit(request.remote_addr)     # refuse a stream beyond the caps (429, 503)
    web.opened(viewer)                        # the seat's phone is connected while it runs
    # waitress says when the client has gone (server.py keeps the channel readable for it)
    gone = request.environ.get("waitress.client_disconnected", lambda: False)
    events = hub.stream(lambda: web.snapshot(viewer), current_app.config["PING_S"], gone)
    response = Response(events, mimetype="text/event-stream",
                        headers={"X-Accel-Buffering": "no"})
    response.call_on_close(free)              # however the stream ends, its place is freed
    response.call_on_close(lambda: web.closed(viewer))
    return response
