"""Le Marché's terminal score sheet writes a negative number with a true minus sign
(U+2212) and no empty camel space as 0, never "-0" (issue 23)."""

from __future__ import annotations

from companion.games.marche.narration import score_table
from companion.games.marche.scoring import Holdings, score_game

TYPES = ["jewels", "spices", "vegetables"]


def test_the_score_sheet_shows_a_true_minus_and_no_minus_zero():
    players = [
        Holdings("Ana", "jewels", 20, (), {}),
        Holdings("Bo", "spices", 0, (4, 4), {}),
    ]  # 8 empty spaces: −16
    rows = {line.split()[0]: line.split() for line in score_table(score_game(players, TYPES)).splitlines()}
    assert rows["Ana"][-2:] == ["0", "5"]
    assert rows["Bo"][-2:] == ["\u221216", "\u221213"]
