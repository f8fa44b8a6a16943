"""What one viewer's page shows: the engine's own view for that viewer, plus the table.

The game data comes only from ``game.view(state, viewer)`` (the engine's redaction); this
module adds public table facts (the countdown's schedule, the stop's evidence, who joined).
The one exception, the final scores, is computed only once the game is over or ended, when
every holding is public by the rules.
"""
from __future__ import annotations

from companion.games.marche.final import final_score
from companion.runtime.table import TableCore

US_PER_MS = 1000


def snapshot(core: TableCore, now_us: int, viewer: int | None, *, names: dict[int, str],
             ended: bool, simulated: bool, mode: str, score: dict | None) -> dict:
    """The page's data for ``viewer`` (a seat, or None for the table screen and host)."""
    view = core.game.view(core.state, viewer)
    for player in view["players"]:
        player["name"] = names.get(player["seat"], player["name"])
        player["joined"] = player["seat"] in names
    settings = core.settings
    return {
        "version": core.version,
        "view": view,
        "table": {
            "phase": "ended" if ended else core.phase(),
            "mode": mode,
            "simulated": simulated,
            "countdown": _countdown(core, now_us),
            "claim_ms_left": None if core.claim_deadline_us is None
            else max(0, core.claim_deadline_us - now_us) / US_PER_MS,
            "last_stop": core.last_stop,
            "waiting_card": _waiting_card(core),
            "settings": {"tie_window_ms": settings.tie_window_us / US_PER_MS,
                         "step_ms": settings.step_us / US_PER_MS,
                         "lead_in_ms": settings.lead_in_us / US_PER_MS,
                         "claim_deadline_ms": settings.claim_deadline_us / US_PER_MS},
        },
        "score": score,
    }


def _countdown(core: TableCore, now_us: int) -> dict | None:
    """The schedule, relative to now, so a page runs the digits on its own clock."""
    countdown = core.countdown
    if countdown is None:
        return None
    return {"opens_in_ms": (countdown.opens_us - now_us) / US_PER_MS, "first": countdown.first,
            "lowest": countdown.lowest, "step_ms": countdown.step_us / US_PER_MS}


def _waiting_card(core: TableCore) -> dict | None:
    request = core.match.waiting_for_card
    if request is None:
        return None
    return {"deck": request.deck,
            "remaining": [[card, n] for card, n in sorted(request.remaining.items()) if n]}


def scores(core: TableCore, names: dict[int, str], overrides: dict[int, dict]) -> dict:
    """Final scores with the table's discard choices, and the optimal discard as advice.

    Called only when the game is over or ended, when every holding is public.
    """
    state = core.state
    by_name = {state.names[seat]: keep for seat, keep in overrides.items()}
    chosen = final_score(state, by_name).to_dict()
    advice = final_score(state).to_dict() if overrides else chosen
    for seat, (player, advised) in enumerate(zip(chosen["players"], advice["players"])):
        player["seat"] = seat
        player["name"] = names.get(seat, player["name"])
        player["money"] = state.money[seat]
        player["advice"] = {"kept": advised["kept"], "discarded": advised["discarded"],
                            "total": advised["total"]}
    chosen["winners"] = [names.get(seat, name) for seat, name in enumerate(state.names)
                         if name in chosen["winners"]]
    return chosen
