"""What one viewer's page shows: the engine's own view for that viewer, plus the table.

The game data comes only from ``game.view(state, viewer)`` (the engine's redaction); this
module adds public table facts (who is to act, a draw or an entry awaited, the real-time
part's countdown and stop evidence, who joined). The one exception, the final scores, is
computed only once the game is over or ended, when every holding is public by the rules.
"""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec
from companion.runtime.session import Session


def snapshot(
    session: Session,
    now_us: int,
    viewer: int | None,
    *,
    game_name: str,
    names: dict[int, str],
    phones: set[int],
    ended: bool,
    simulated: bool,
    mode: str,
    score: dict | None,
) -> dict:
    """The page's data for ``viewer`` (a seat, or None for the table screen and host);
    ``phones`` are the seats a connected phone holds."""
    game, state = session.game, session.state
    view = game.view(state, viewer)
    for player in view.get("players", []):
        player["name"] = names.get(player["seat"], player["name"])
        player["joined"] = player["seat"] in names
    status = "ended" if ended else session.status()
    table = {
        "game": game_name,
        "status": status,
        "phase": view.get("phase", status) if status == "playing" else status,
        "to_act": list(game.to_act_shown(state, viewer)),
        "mode": mode,
        "simulated": simulated,
        "waiting_card": _waiting_card(session, phones),
        "waiting_entry": _waiting_entry(session),
    }
    if session.realtime is not None:
        table.update(session.realtime.public(now_us))
    return {"version": session.version, "viewer": viewer, "view": view, "table": table, "score": score}


def _waiting_card(session: Session, phones: set[int]) -> dict | None:
    """The draw awaited, the same for every viewer: the cards left only when that is
    public (else the deck's kinds, no counts), and whether the drawer's own phone enters
    it (a hidden draw, its seat held by a connected phone) rather than the host."""
    request = session.match.waiting_for_card
    if request is None:
        return None
    return {
        "deck": request.deck,
        "seen_by": request.seen_by,
        "remaining": request.choices(),
        "on_phone": request.seen_by in phones,
    }


def _waiting_entry(session: Session) -> dict | None:
    request = session.match.waiting_for_entry
    if request is None:
        return None
    prompt = request.prompt
    return {
        "name": request.name,
        "example": request.example,
        "prompt": prompt.to_dict() if isinstance(prompt, Phrase) else prompt,
    }


def scores(spec: GameSpec, session: Session, names: dict[int, str], overrides: dict[int, dict]) -> dict:
    """The result, with the table's own choices where the game takes them (Le Marché's
    discards) and the game's advice beside them, and the standings the results screen
    ranks: each seat's name, score and place, the best first.

    Called only when the game is over or ended, when every holding is public.
    """
    state = session.state
    engine_names = session.game.names(state)
    result = (
        spec.table_scores(state, overrides) if spec.table_scores is not None else session.game.result(state)
    )
    sheet = result.to_dict()
    called = [names.get(seat, name) for seat, name in enumerate(engine_names)]
    for player in sheet["breakdown"].get("players", []):
        player["name"] = called[player["seat"]]
    sheet["winners"] = [called[seat] for seat in result.winners]
    sheet["standings"] = sorted(
        (
            {"seat": seat, "name": called[seat], "score": score, "place": place}
            for seat, (score, place) in enumerate(zip(result.scores, result.places))
        ),
        key=lambda row: (row["place"], row["seat"]),
    )
    return sheet
