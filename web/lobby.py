"""The lobby on the pages: phones join it, every page sees it (its snapshot).

While the appliance holds a lobby (``appliance.lobby``, companion/runtime/lobby.py) no game
is played: every page gets the lobby's snapshot instead of a game's, a phone joins one of
its seats by name, and the host console's lobby commands (web/lobby_host.py) choose the
game, its options and the seats, and start it. Every change goes through
``Appliance.change_lobby``, which saves it before anyone is told; a refusal changes nothing.
"""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.phrase import Phrase
from web.identity import Refused, clean_name, digest, new_token


def lobby_snapshot(lobby, viewer: int | None, live: dict[int, int]) -> dict:
    """What every page sees of the lobby: who sits where (a phone connected or not, a bot
    and its style, or nobody), the game's options, and why Start is refused, if it is."""
    spec = lobby.spec
    seats = []
    for seat in range(lobby.seats):
        holder = lobby.holder(seat)
        row = {"seat": seat, "holder": holder, "name": None}
        if holder == "person":
            row.update(name=lobby.people[seat]["name"], connected=live.get(seat, 0) > 0)
        elif holder == "bot":
            row.update(name=lobby.bots[seat].get("name"), style=lobby.bots[seat]["style"])
        else:  # the style the host is offered first: the table's own choice, in turn round it
            row["default_style"] = spec.default_style(seat)
        seats.append(row)
    problem = lobby.start_problem()
    return {
        "version": lobby.version,
        "viewer": viewer if lobby.holder(viewer) == "person" else None,
        "table": {"game": lobby.game, "status": "lobby"},
        "view": {
            "players": [
                {"seat": s["seat"], "name": s["name"] or "", "joined": s["holder"] != "free"} for s in seats
            ]
        },
        "lobby": {
            "game": lobby.game,
            "seats": seats,
            "min_players": spec.min_players,
            "max_players": spec.max_players,
            "styles": [
                {
                    "style": style,
                    "title": bot.title.to_dict(),
                    "summary": bot.summary.to_dict(),
                }
                for style, bot in spec.bots.items()
            ],
            "rules": lobby.rules,
            "table": lobby.table,
            "mode": lobby.mode,
            "first": lobby.first,
            "first_by_rules": lobby.first_by_rules(),
            "first_rule": _phrase(spec.first_rule) if spec.first_seat is not None else None,
            "problem": None if problem is None else problem.phrase.to_dict(),
        },
    }


def _phrase(text) -> dict:
    return (text if isinstance(text, Phrase) else Phrase(str(text))).to_dict()


def join(appliance, seat, name) -> str:
    """A phone takes an empty seat of the lobby; returns its seat token for the cookie."""
    name = clean_name(name)
    token = new_token()
    changed(appliance, lambda lobby: lobby.join(seat, digest(token), name))
    return token


def changed(appliance, change):
    """``change(lobby)`` through the appliance; the rules' refusal becomes a 409."""
    try:
        return appliance.change_lobby(change)
    except RuleError as exc:
        raise Refused(409, exc.phrase) from None
