"""The pages: a phone's own screen (or the join form), the table screen, the host console;
each game's own page module and templates, and the games' option schema for the host."""

from __future__ import annotations

import io
from dataclasses import replace
from importlib.resources import files
from pathlib import Path

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

from companion.core.chart import svg
from companion.core.errors import RuleError
from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, game_spec, game_specs
from web.context import is_host, my_seat, page_token, service
from web.i18n import say
from web.identity import SEAT_COOKIE, Refused, set_cookie

bp = Blueprint("pages", __name__)
APP_NAME = "Samarkand"


def game_web_folder(spec: GameSpec) -> Path | None:
    """Where a game keeps its page module (static/game.js) and templates: ``web/`` in the
    package its spec names as its renderer."""
    if not spec.renderer:
        return None
    return Path(str(files(spec.renderer))) / "web"


def game_templates() -> PrefixLoader:
    """Each game's templates, included by the shell as "<game>/<page>.html"."""
    folders = {spec.name: game_web_folder(spec) for spec in game_specs()}
    return PrefixLoader(
        {
            name: FileSystemLoader(folder / "templates")
            for name, folder in folders.items()
            if folder is not None
        }
    )


def install(app) -> None:
    app.jinja_loader = ChoiceLoader([app.jinja_loader, game_templates()])
    app.register_blueprint(bp)


def join_url() -> str:
    """Where phones join: the server's URL (``JOIN_URL``, found when asked), else the one
    this request came to."""
    server_url = current_app.config["JOIN_URL"]
    return server_url() if server_url else request.host_url


LOBBY_PAGES = {"player": "lobby_player", "table": "lobby_table", "host": "lobby_host"}
"""The pages that show the lobby instead while one is open (the join page serves both)."""


def _page(template: str, page: str, **extra):
    appliance = service().appliance
    lobby = appliance.lobby
    spec = lobby.spec if lobby is not None else appliance.spec
    if lobby is not None and page in LOBBY_PAGES:
        page = LOBBY_PAGES[page]
        template = page + ".html"
    return render_template(
        template,
        token=page_token(),
        page=page,
        game=spec.name if spec else "",
        title=say(spec.title) if spec else APP_NAME,
        **extra,
    )


@bp.get("/")
def phone():
    page = "player" if my_seat() is not None else "join"
    return _page(f"{page}.html", page)


@bp.get("/seat/<token>")
def take_seat(token: str):
    """The link the host's "move to another phone" gives: this phone holds the seat."""
    if service().seats.seat_of(token) is None:
        raise Refused(404, "this seat link is no longer valid: ask the host for a new one")
    response = redirect(url_for("pages.phone"))
    set_cookie(response, SEAT_COOKIE, token)
    return response


def table_wifi():
    """The table's own Wi-Fi in hotspot mode (its name, passphrase), else None."""
    return getattr(service().appliance, "wifi", None)


@bp.get("/table")
def table_screen():
    return _page("table.html", "table", join_url=join_url(), wifi=table_wifi())


@bp.get("/host")
def host_console():
    page = "host" if is_host() else "login"
    switch_off = service().appliance.config.power.switch_off
    return _page(f"{page}.html", page, join_url=join_url(), switch_off=switch_off)


@bp.get("/games/<name>/<path:filename>")
def game_asset(name: str, filename: str):
    """A game's own page module, served by the Pi like every other asset."""
    try:
        folder = game_web_folder(game_spec(name))
    except RuleError:
        abort(404)
    if folder is None:
        abort(404)
    return send_from_directory(folder / "static", filename)


@bp.get("/api/games")
def games():
    """The games and their options, from which the host console builds its new-game form;
    the table settings' defaults are the configuration's (what a game would start with)."""
    configured = service().appliance.table_settings()
    return jsonify(games=[_in_words(spec.to_dict(), configured) for spec in game_specs()])


def _in_words(schema: dict, configured: dict) -> dict:
    """A game's schema with its title and descriptions in the reader's language, its table
    settings defaulting to the ``configured`` values."""

    def described(option: dict) -> dict:
        return {**option, "description": say(option["description"])}

    return {
        **schema,
        "title": say(schema["title"]),
        "options": [described(o) for o in schema["options"]],
        "table_settings": [
            {**described(o), "default": configured.get(o["name"], o["default"])}
            for o in schema["table_settings"]
        ],
    }


@bp.get("/chart.svg")
def chart():
    """The finished game's chart in the reader's language, drawn on the Pi: the results
    screen shows it, and `samarkand games chart` writes the same picture."""
    spec, chart, seat = service().appliance.spec, service().chart(), my_seat()
    if seat is not None:  # a phone calls its own player "you", on the chart too
        chart = replace(
            chart,
            names=tuple(
                Phrase("{name} (you)", name=name) if shown == seat else name
                for shown, name in enumerate(chart.names)
            ),
        )
    return Response(
        svg(chart, spec.standing_unit, say), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"}
    )


@bp.get("/qr.svg")
def qr():
    """The join QR code, drawn on the Pi (segno: no other dependency, no outside service)."""
    return _qr_svg(join_url())


@bp.get("/wifi.svg")
def wifi_qr():
    """The QR code that joins the table's Wi-Fi (hotspot mode only): a phone's camera offers
    to join the network it names."""
    wifi = table_wifi()
    if wifi is None:
        abort(404)
    return _qr_svg(wifi_payload(wifi.ssid, wifi.passphrase))


def _qr_svg(data: str) -> Response:
    out = io.BytesIO()
    segno.make(data, error="m").save(out, kind="svg", scale=8, border=2, dark="#1d1a16", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml")


WIFI_SPECIALS = '\\;,:"'
"""The characters the WIFI: payload escapes with a backslash."""


def wifi_payload(ssid: str, passphrase: str) -> str:
    """The ``WIFI:`` payload phone cameras join a WPA network from (ZXing's format, as in
    MECARD: ``\\``, ``;``, ``,``, ``"`` and ``:`` escaped with a backslash; segno's
    make_wifi_data leaves the ``,`` unescaped)."""

    def escaped(text: str) -> str:
        return "".join(f"\\{char}" if char in WIFI_SPECIALS else char for char in text)

    return f"WIFI:T:WPA;S:{escaped(ssid)};P:{escaped(passphrase)};;"
