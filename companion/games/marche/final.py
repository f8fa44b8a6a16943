"""The end of a game: what each player holds, handed to the scoring rules."""
from __future__ import annotations

from typing import Mapping

from companion.games.marche.scoring import GameScore, Holdings, score_game
from companion.games.marche.state import MarcheState


def holdings(state: MarcheState) -> list[Holdings]:
    return [
        Holdings(name, sells, money, tuple(camels), {t: tuple(v) for t, v in goods.items()})
        for name, sells, money, camels, goods
        in zip(state.names, state.sells, state.money, state.camels, state.goods)
    ]


def types_in_play(state: MarcheState) -> list[str]:
    return list(state.sells) + ([state.bank_type] if state.bank_type else [])


def final_score(state: MarcheState, overrides: Mapping[str, Mapping] | None = None) -> GameScore:
    """Scores with the optimal discard, or with the table's own choice where given."""
    return score_game(holdings(state), types_in_play(state), state.rules.set_scoring, overrides)
