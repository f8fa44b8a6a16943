"""The strong bots against the table's own styles, in every game (Samarkand in both
editions): 4-player games of one strong bot and three of the game's default styles, the
styles rotated round the table game by game, so the strong bot holds every seat in turn.
The figure is each style's win rate over the seats it held (a shared win counts for each
who shares it): 25% is parity; the goal for the strong style is at least 40%.
SAMARKAND_BENCH_GAMES sets the games a table (default 1,000); they are played on every core.
Run: .venv/bin/python bench/bots.py
"""

from __future__ import annotations

import os

TABLES = {
    "marche": ("marche", {}),
    "market": ("market", {}),
    "bazaar": ("bazaar", {}),
    "samarkand 2.0": ("samarkand", {"edition": "2.0"}),
    "samarkand 1998": ("samarkand", {"edition": "1998"}),
}
"""Each table's game and rule options."""


def styles_against(spec) -> list[str]:
    """The strong style and three of the game's default styles (repeated when it has fewer)."""
    defaults = spec.default_styles()
    return ["strong", *(defaults[i % len(defaults)] for i in range(3))]


def table(name: str, rules: dict, games: int) -> dict:
    from companion.core.registry import game_spec
    from companion.simulation import simulate

    spec = game_spec(name)
    if "strong" not in spec.bots:
        return {"strong": None, "why": f"{spec.title} has no strong style yet"}
    summary = simulate(
        name,
        4,
        games,
        seed="bench-bots",
        styles=styles_against(spec),
        rules=rules,
        workers=os.cpu_count() or 1,
    )
    figures = summary.to_dict()
    return {
        "games": figures["games"],
        "capped": figures["capped"],
        "win_rate_by_bot": figures["win_rate_by_bot"],
        "games_per_second": figures["games_per_second"],
    }


def run() -> dict:
    games = int(os.environ.get("SAMARKAND_BENCH_GAMES") or 1000)
    return {label: table(name, rules, games) for label, (name, rules) in TABLES.items()}


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value}")
