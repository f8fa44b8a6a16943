"""The end of a game: what each player holds, handed to the scoring rules."""
from __future__ import annotations

from typing import Mapping

from companion.marche.scoring import GameScore, Holdings, score_game
from companion.marche.state import MarcheState


def holdings(state: MarcheState) -> list[Holdings]:
    return [
        Holdings(name=name, sells=state.sells[seat], money=state.money[seat],
                 camels=tuple(state.camels[seat]),
                 goods={t: tuple(v) for t, v in state.goods[seat].items()})
        for seat, name in enumerate(state.names)
    ]


def types_in_play(state: MarcheState) -> list[str]:
    return list(state.sells) + ([state.bank_type] if state.bank_type else [])


def final_score(state: MarcheState, overrides: Mapping[str, Mapping] | None = None) -> GameScore:
    """Scores with the optimal discard, or with the table's own choice where given."""
    return score_game(holdings(state), types_in_play(state), state.rules.set_scoring, overrides)
