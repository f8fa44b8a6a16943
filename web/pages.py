"""The pages: a phone's own screen (or the join form), the table screen, the host console."""
from __future__ import annotations

import io

import segno
from flask import Blueprint, Response, current_app, render_template, request

from web.context import is_host, my_seat, page_token

bp = Blueprint("pages", __name__)


def join_url() -> str:
    return current_app.config["JOIN_URL"] or request.host_url


@bp.get("/")
def phone():
    page = "player" if my_seat() is not None else "join"
    return render_template(f"{page}.html", token=page_token(), page=page)


@bp.get("/table")
def table_screen():
    return render_template("table.html", token=page_token(), page="table", join_url=join_url())


@bp.get("/host")
def host_console():
    page = "host" if is_host() else "login"
    return render_template(f"{page}.html", token=page_token(), page=page, join_url=join_url())


@bp.get("/qr.svg")
def qr():
    """The join QR code, drawn on the Pi (segno: no other dependency, no outside service)."""
    out = io.BytesIO()
    segno.make(join_url(), error="m").save(out, kind="svg", scale=8, border=2,
                                            dark="#1d1a16", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml")
