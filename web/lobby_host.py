"""The host console's lobby commands, behind the PIN: ``/api/host/lobby/<command>``."""

from __future__ import annotations

from flask import Blueprint, jsonify

from companion.core.errors import RuleError
from web.context import body, need_host, service
from web.identity import Refused, clean_name
from web.lobby import changed

bp = Blueprint("lobby", __name__, url_prefix="/lobby")
FILL_EXAMPLE = '[{"seat": 2, "style": "easy", "name": "Zoé"}]'


def whole(data: dict, key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(400, "{what} must be a whole number, not {value}", what=key, value=repr(value))
    return value


def next_lobby(web, data: dict):
    """The lobby the host opens after (or instead of) the game: ``again`` keeps the game,
    its options and its bots; else ``game`` (and, if given, the form's ``seats``, ``rules``,
    ``table`` and ``mode``), with the phones' people kept in their seats either way."""
    appliance = web.appliance
    people = web.seats.kept_for(appliance.spec.max_players) if appliance.spec else {}
    try:
        lobby = appliance.next_lobby(None if data.get("again") else data.get("game"), people)
        as_the_form_says(appliance, lobby, data)
    except RuleError as exc:
        raise Refused(400, exc.phrase) from None
    return lobby


def as_the_form_says(appliance, lobby, data: dict) -> None:
    """The new-game form's ``seats``, ``rules``, ``table`` and ``mode``, where it gives them."""
    if "seats" in data:
        lobby.set_seats(whole(data, "seats"))
    if any(key in data for key in ("rules", "table", "mode")):
        set_options(appliance, lobby, data, lobby.mode)


def set_options(appliance, lobby, data: dict, mode: str) -> None:
    """The lobby's rule options, table settings and mode (else ``mode``): the table
    settings Start would refuse (a countdown step of 0 ms) are refused now."""
    rules, table = options(data)
    lobby.set_options(rules, table, data.get("mode", mode))
    appliance.checked_table(lobby.spec, table)


def another_game(appliance, lobby, data: dict) -> None:
    """An open lobby turned to the new-game form's game, as the form sets it up."""
    lobby.choose_game(data.get("game") or lobby.game)
    as_the_form_says(appliance, lobby, data)


def options(data: dict) -> tuple[dict, dict]:
    rules, table = data.get("rules") or {}, data.get("table") or {}
    if not isinstance(rules, dict) or not isinstance(table, dict):
        raise Refused(400, "rules and table settings are objects of name: value")
    return rules, table


def bot_name_given(data: dict) -> str | None:
    """The name the host gave a bot, as a person's would be cleaned; None: its seat's."""
    return clean_name(data["name"]) if data.get("name") else None


def bots_for_empty_seats(given) -> dict[int, dict]:
    """Start's ``fill``: the style and name the host chose for each empty seat,
    ``[{"seat": n, "style": s, "name": optional}]`` (a seat not listed: the game's own style)."""
    if not isinstance(given, list) or not all(isinstance(bot, dict) for bot in given):
        raise Refused(400, "fill lists a bot for each empty seat, as {example}", example=FILL_EXAMPLE)
    return {
        whole(bot, "seat"): {
            "style": bot.get("style"),
            "name": bot_name_given(bot),
        }
        for bot in given
    }


@bp.post("/<command>")
def command(command: str):
    """open (the next game's lobby: ``again`` keeps the game, its options and its bots),
    game, seats, options, first (the seat that plays first, or None: as the rule options say),
    bot (``style``, and the ``name`` the host gives it), remove, move, start (``fill``: with
    bots in the empty seats first)."""
    need_host()
    data = body()
    web = service()
    appliance = web.appliance
    if command == "open" and appliance.lobby is not None:
        if not data.get("again"):  # another game; Play again pressed twice changes nothing
            changed(appliance, lambda lobby: another_game(appliance, lobby, data))
    elif command == "open":
        appliance.open_lobby(next_lobby(web, data))
    elif command == "start":
        fill = bots_for_empty_seats(data["fill"]) if "fill" in data else None
        try:
            appliance.start_lobby(fill)
        except RuleError as exc:
            raise Refused(409, exc.phrase) from None
    elif command == "game":
        changed(appliance, lambda lobby: lobby.choose_game(data.get("game")))
    elif command == "seats":
        count = whole(data, "seats")
        changed(appliance, lambda lobby: lobby.set_seats(count))
    elif command == "options":
        changed(appliance, lambda lobby: set_options(appliance, lobby, data, "digital"))
    elif command == "bot":
        seat, style = whole(data, "seat"), data.get("style")
        name = bot_name_given(data)
        changed(appliance, lambda lobby: lobby.put_bot(seat, style, name))
    elif command == "first":
        first = None if data.get("seat") is None else whole(data, "seat")
        changed(appliance, lambda lobby: lobby.choose_first(first))
    elif command == "remove":
        seat = whole(data, "seat")
        changed(appliance, lambda lobby: lobby.remove(seat))
    elif command == "move":
        seat, to = whole(data, "seat"), whole(data, "to")
        changed(appliance, lambda lobby: lobby.move(seat, to))
    else:
        raise Refused(404, "the host console has no command {command}", command=repr(command))
    return jsonify(ok=True)
