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
    events = hub.stream(lambda: web.snapshot(viewer), current_app.config["PING_S"])
    return Response(events, mimetype="text/event-stream",
                    headers={"X-Accel-Buffering": "no"})
