"""The evenings remembered: ``/history`` on the table screen and the phones, a past game on
its results screen (``/history/<id>``) with its chart, and the host's merges and hidden
games behind the PIN (``/api/host/history/<command>``).

Nobody needs a PIN to read it: it holds only closed games, whose results are public (a
game being played is left out). The statistics come from companion/store/history.py, the
same that ``samarkand games stats`` prints; every Phrase in them is said here in the
reader's language.
"""

from __future__ import annotations

from datetime import tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from companion.core.chart import COLOURS, svg
from companion.core.errors import RuleError
from companion.core.phrase import Phrase
from companion.core.registry import game_spec, game_specs
from companion.store import StoreError
from companion.store.history import History
from companion.store.stats import ENDED, Played, resolve, said, shared_table
from web.context import body, is_host, need_host, page_token
from web.i18n import say
from web.identity import Refused

bp = Blueprint("history", __name__)
host_bp = Blueprint("history_host", __name__, url_prefix="/history")  # under /api/host


def history() -> History:
    return current_app.extensions["samarkand.history"]


@bp.get("/history")
def page():
    return render_template(
        "history.html", token=page_token(), page="history", game="", title=say(Phrase("History"))
    )


@bp.get("/history/<int:game_id>")
def past_game(game_id: int):
    """A closed game on the results screen, as it ended: the game's own page module says
    its scores, as at the table."""
    played = _closed(game_id)
    return render_template(
        "history_game.html",
        token=page_token(),
        page="history_game",
        game=played.game,
        game_id=game_id,
        title=say(played.title),
    )


@bp.get("/api/history")
def evenings():
    """The closed games by evening, the statistics, the bots' styles as each game words
    them, and the palette the page's charts use."""
    return jsonify(
        evenings=said(history().evenings(reader_zone(request.args.get("zone"))), say),
        stats=said(history().statistics(), say),
        styles={
            spec.name: {style: say(bot.title) for style, bot in spec.bots.items()} for spec in game_specs()
        },
        colours=COLOURS,
        host=is_host(),
    )


def reader_zone(name: str | None) -> tzinfo | None:
    """The reader's time zone (the page's ``Intl`` zone): an evening is the one its people
    spent, whatever zone the Pi was set to (often none: London's). None, the Pi's own, for
    a name the time zone database does not know."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ValueError, ZoneInfoNotFoundError):
        return None


@bp.get("/api/history/<int:game_id>")
def past_score(game_id: int):
    """The game's end as the results screen reads a snapshot: the players and the score."""
    played = _closed(game_id)
    sheet = _sheet(game_id)
    return jsonify(
        version=game_id,
        viewer=None,
        view={"players": [{"seat": seat, "name": n} for seat, n in enumerate(history().names(game_id))]},
        table={"game": played.game, "status": ENDED if played.status == ENDED else "over"},
        score=said(sheet, say),
    )


@bp.get("/history/<int:game_id>/chart.svg")
def past_chart(game_id: int):
    from companion.store.replay import stored_chart

    played = _closed(game_id)
    _sheet(game_id)  # a game with results: not an abandoned one
    try:
        chart = stored_chart(history().store, game_id)
    except StoreError:
        raise Refused(404, "this game has no results to show") from None
    return Response(svg(chart, game_spec(played.game).standing_unit, say), mimetype="image/svg+xml")


def _closed(game_id: int) -> Played:
    """The closed game, if the registry knows its game; a 404 otherwise."""
    found = next((g for g in history().played() if g.id == game_id), None)
    if found is None:
        raise Refused(404, "there is no such game in the history")
    try:
        game_spec(found.game)
    except RuleError:
        raise Refused(404, "there is no such game in the history") from None
    return found


def _sheet(game_id: int) -> dict:
    """The game's results; a 404 for an abandoned game (it has none) or one that no
    longer replays."""
    try:
        return history().sheet(game_id)
    except StoreError:
        raise Refused(404, "this game has no results to show") from None


@host_bp.post("/merge")
def merge():
    """``{"name": "Amelie", "into": "Amélie"}``: Amelie's games count as Amélie's."""
    need_host()
    data = body()
    name, into = _known(data.get("name")), _known(data.get("into"))
    store = history().store
    merges = store.merged_names()
    if resolve(into, {**merges, name: into}) == name:
        raise Refused(409, "{into} already counts as {name}: separate them first", into=into, name=name)
    together = shared_table(history().played(), merges, resolve(name, merges), resolve(into, merges))
    if together is not None:
        raise Refused(
            409,
            "{name} and {into} sat at the same table (game {game}): two people",
            name=name,
            into=into,
            game=together,
        )
    store.merge_name(name, into)
    return jsonify(ok=True, done=say(Phrase("{name} now counts as {into}", name=name, into=into)))


@host_bp.post("/separate")
def separate():
    """``{"name": "Amelie"}``: Amelie has her own record again."""
    need_host()
    name = _known(body().get("name"))
    history().store.separate_name(name)
    return jsonify(ok=True, done=say(Phrase("{name} has a record of their own again", name=name)))


@host_bp.post("/hide")
def hide():
    """``{"game": 12, "hidden": true}``: a game left out of the statistics, or counted again."""
    need_host()
    data = body()
    game_id, hidden = data.get("game"), data.get("hidden")
    if not isinstance(hidden, bool):
        raise Refused(400, "hidden must be true or false")
    if (
        not isinstance(game_id, int)
        or isinstance(game_id, bool)
        or game_id not in {g.id for g in history().played()}
    ):
        raise Refused(404, "there is no such game in the history")
    history().store.hide_game(game_id, hidden)
    return jsonify(ok=True)


def _known(name) -> str:
    """A name someone played with in a closed game."""
    if isinstance(name, str) and any(seat.name == name for g in history().played() for seat in g.seats):
        return name
    raise Refused(404, "nobody played as {name}", name=repr(name))
