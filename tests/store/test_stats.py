"""The history's statistics (companion/store/stats.py) over hand-made games: wins and
average place with shared places, only finished games counted, merges, hidden games,
the bots by style, and the games' own tallies added up."""

from __future__ import annotations

import json

from companion.core.phrase import Phrase
from companion.core.tally import Tally
from companion.store.stats import ABANDONED, ENDED, FINISHED, Played, Seat, resolve, said, statistics


def game(gid: int, seats: list[tuple], status: str = FINISHED, name: str = "market", tallies=()) -> Played:
    return Played(
        gid,
        name,
        name.title(),
        f"2025-01-0{gid}T20:00:00+00:00",
        status,
        tuple(Seat(*s) for s in seats),
        tuple(tallies),
    )


def person(stats: dict, name: str) -> dict:
    return next(row for row in stats["people"] if row["name"] == name)


GAMES = [
    game(1, [("Ana", 1, 30), ("Ben", 2, 20), ("Cy", 3, 10)]),
    game(2, [("Ana", 1, 25), ("Ben", 1, 25), ("Cy", 3, 5)], name="bazaar"),  # a shared win
    game(3, [("Ana", 3, 5), ("Amelie", 1, 40), ("Cy", 2, 12)]),
]


def test_wins_and_average_place_count_shared_places_as_places():
    stats = statistics(GAMES, {}, set())
    ana, ben = person(stats, "Ana"), person(stats, "Ben")
    assert (ana["played"], ana["wins"], ana["average_place"]) == (3, 2, round(5 / 3, 2))
    assert (ben["played"], ben["wins"], ben["average_place"]) == (2, 1, 1.5)
    assert [(g["game"], g["played"], g["wins"], g["average_place"]) for g in ana["by_game"]] == [
        ("bazaar", 1, 1, 1.0),
        ("market", 2, 1, 2.0),
    ]
    assert stats["games"] == 3
    assert [row["name"] for row in stats["people"]][:2] == ["Ana", "Amelie"]  # most wins, then best place


def test_abandoned_and_ended_games_have_no_winner_and_are_left_out():
    closed = [
        *GAMES,
        game(4, [("Cy", 1, 99), ("Ana", 2, 1)], ENDED),
        game(5, [("Cy", None), ("Ana", None)], ABANDONED),
    ]
    assert statistics(closed, {}, set()) == statistics(GAMES, {}, set())


def test_a_merge_moves_a_names_record_and_a_hidden_game_leaves_the_statistics():
    merged = statistics(GAMES, {"Amelie": "Ana"}, set())
    ana = person(merged, "Ana")
    assert (ana["played"], ana["wins"], ana["names"]) == (4, 3, ["Amelie", "Ana"])
    assert "Amelie" not in [row["name"] for row in merged["people"]]
    hidden = statistics(GAMES, {}, {2})
    assert (person(hidden, "Ana")["played"], person(hidden, "Ben")["wins"], hidden["games"]) == (2, 0, 2)
    assert [g["game"] for g in person(hidden, "Ana")["by_game"]] == ["market"]


def test_merges_are_followed_and_a_loop_stops():
    assert resolve("Amelie", {"Amelie": "Amélie", "Amélie": "Ana"}) == "Ana"
    assert resolve("A", {"A": "B", "B": "A"}) == "B"
    assert resolve("Ana", {}) == "Ana"


def test_one_game_only():
    stats = statistics(GAMES, {}, set(), game="bazaar")
    assert stats["games"] == 1 and person(stats, "Cy")["average_place"] == 3.0


def test_bots_count_by_style_per_game_and_unnamed_seats_are_nobodys():
    games = [
        game(1, [("Ana", 1, 9, None), ("Seat 2 (bot)", 2, 5, "strong"), ("Seat 3", 3, 1, "quick")]),
        game(2, [("Ana", 2, 9, None), ("Tara (bot)", 1, 12, "strong")]),
        game(3, [("Ana", 1, 9, None), ("Seat 2 (bot)", 2, 5, "strong")], name="bazaar"),
    ]
    stats = statistics(games, {}, set())
    bots = {(b["game"], b["style"]): (b["played"], b["wins"], b["average_place"]) for b in stats["bots"]}
    assert bots == {
        ("bazaar", "strong"): (1, 0, 2.0),
        ("market", "quick"): (1, 0, 3.0),
        ("market", "strong"): (2, 1, 1.5),
    }
    assert sorted(row["name"] for row in stats["people"]) == ["Ana", "Tara (bot)"]


def test_tallies_add_up_bar_by_bar_and_per_game():
    stops, disputes = Phrase("Stops by count"), Phrase("Disputes per game")
    first = [Tally(stops, 7), Tally(stops, 12), Tally(stops, 7), Tally(disputes, None, 2)]
    second = [Tally(stops, 9), Tally(disputes, None, 0)]
    cities = [
        Tally(Phrase("Sales by city"), Phrase("Merv"), 1),
        Tally(Phrase("Sales by city"), Phrase("Bukhara"), 2),
    ]
    games = [
        game(1, [("Ana", 1)], name="marche", tallies=first),
        game(2, [("Ana", 1)], name="marche", tallies=second),
        game(3, [("Ana", 1)], name="samarkand", tallies=cities),
        game(4, [("Ana", 1)], name="marche", tallies=first, status=ENDED),
    ]
    charts = {
        (c["game"], str(c["chart"])): [(str(b["label"]), b["value"]) for b in c["bars"]]
        for c in statistics(games, {}, set())["charts"]
    }
    assert charts == {
        ("marche", "Disputes per game"): [("game 1", 2), ("game 2", 0)],
        ("marche", "Stops by count"): [("7", 2), ("9", 1), ("12", 1)],
        ("samarkand", "Sales by city"): [("Bukhara", 2), ("Merv", 1)],
    }


def test_phrases_are_said_for_json():
    stats = statistics(
        [
            game(
                1,
                [("Ana", 1)],
                tallies=[Tally(Phrase("Winning bids"), Phrase("{low}–{high}", low=10, high=19))],
            )
        ],
        {},
        set(),
    )
    english = said(stats)
    assert english["charts"][0]["bars"][0]["label"] == "10–19"
    assert said(stats, lambda p: "«" + p + "»")["charts"][0]["chart"] == "«Winning bids»"
    json.dumps(english)
