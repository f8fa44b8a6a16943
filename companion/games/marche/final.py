"""The end of a game: what each player holds, handed to the scoring rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import Result, places_by
from companion.core.phrase import Phrase
from companion.games.marche.scoring import GameScore, Holdings, score_game
from companion.games.marche.state import MarcheState


def holdings(state: MarcheState) -> list[Holdings]:
    return [
        Holdings(name, sells, money, tuple(camels), {t: tuple(v) for t, v in goods.items()})
        for name, sells, money, camels, goods in zip(
            state.names, state.sells, state.money, state.camels, state.goods
        )
    ]


def types_in_play(state: MarcheState) -> list[str]:
    return list(state.sells) + ([state.bank_type] if state.bank_type else [])


def final_score(state: MarcheState, overrides: Mapping[str, Mapping] | None = None) -> GameScore:
    """Scores with the optimal discard, or with the table's own choice where given."""
    return score_game(holdings(state), types_in_play(state), state.rules.set_scoring, overrides)


def table_scores(state: MarcheState, overrides: Mapping[int, Mapping]) -> Result:
    """The result as the table settles it: each seat's own discard where the table chose
    one (``overrides``: seat -> kept cards), the optimal one as advice beside it in the
    breakdown (the score sheet); the winners share the highest total."""
    by_name = {state.names[seat]: keep for seat, keep in overrides.items()}
    chosen = final_score(state, by_name).to_dict()
    advice = final_score(state).to_dict() if overrides else chosen
    for seat, (player, advised) in enumerate(zip(chosen["players"], advice["players"])):
        player["seat"] = seat
        player["money"] = state.money[seat]
        player["advice"] = {
            "kept": advised["kept"],
            "discarded": advised["discarded"],
            "total": advised["total"],
        }
    totals = tuple(player["total"] for player in chosen["players"])
    return Result(totals, places_by([(total,) for total in totals]), chosen)


def checked_keep(keep: Any) -> dict[str, list[int]]:
    """The table's own discard for one player, as the host's console sends it: each goods
    type mapped to the card values kept (whether they fit is the scoring's to say)."""
    if not isinstance(keep, dict) or not all(isinstance(v, list) for v in keep.values()):
        raise RuleError("keep must map each goods type to the card values kept")
    for values in keep.values():
        for value in values:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleError(
                    "{what} must be a whole number, not {value}",
                    what=Phrase("a card value kept"),
                    value=repr(value),
                )
    return keep
