"""The history's endpoints: read by anyone without the PIN, closed games only (the game
being played is not in it), the host's merges and hidden games behind the PIN, refusals
in words; and `samarkand games stats --json` saying the numbers the page gets."""

from __future__ import annotations

import json

import pytest
from history_rig import store_game
from web_rig import PIN, Phone, make_appliance

from companion.core.registry import game_spec
from companion.store.cli import stats_main
from companion.store.history import evening as history_evening
from web.app import create_app

NAMES = ["Ana", "Ben", "Cy"]


@pytest.fixture
def table(tmp_path):
    """Three finished games, one ended, one abandoned, and a game being played."""
    appliance = make_appliance(tmp_path, bots=False)
    store = appliance.store
    finished = [
        store_game(store, "market", NAMES),
        store_game(store, "bazaar", ["Amelie", "Ben", "Cy"]),
        store_game(store, "market", ["Amelie", "Cy"], seed="b"),
    ]
    ended = store_game(store, "market", NAMES, close="end")
    abandoned = store_game(store, "bazaar", NAMES, close="abandon")
    playing = appliance.new_game(game_spec("market").setup(2, names=["Zed", "Yan"]), game="market")
    app = create_app(appliance, PIN)
    yield app, appliance, {"finished": finished, "ended": ended, "abandoned": abandoned, "playing": playing}
    appliance.close()


def host_of(app) -> Phone:
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    return host


def test_anyone_reads_the_closed_games_and_never_the_one_being_played(table):
    app, _, ids = table
    visitor = Phone(app)
    page = visitor.get("/history")
    assert page.status_code == 200 and b"history.js" in page.data
    data = visitor.get("/api/history").json
    listed = [g["id"] for day in data["evenings"] for g in day["games"]]
    assert sorted(listed) == sorted([*ids["finished"], ids["ended"], ids["abandoned"]])
    assert "Zed" not in json.dumps(data) and data["host"] is False
    for url in (
        f"/api/history/{ids['playing']}",
        f"/history/{ids['playing']}",
        f"/history/{ids['playing']}/chart.svg",
    ):
        assert visitor.get(url).status_code == 404, url
    for url in (
        f"/api/history/{ids['abandoned']}",
        f"/history/{ids['abandoned']}/chart.svg",
        "/api/history/99",
    ):
        response = visitor.get(url)
        assert response.status_code == 404 and response.json["error"], url


def test_a_past_game_reads_as_a_snapshot_at_its_end(table):
    app, appliance, ids = table
    visitor = Phone(app)
    past = visitor.get(f"/api/history/{ids['finished'][0]}").json
    result = appliance.store.result(ids["finished"][0])
    assert past["table"] == {"game": "market", "status": "over"}
    assert [p["name"] for p in past["view"]["players"]] == NAMES
    assert [row["place"] for row in past["score"]["standings"]] == sorted(result["places"])
    assert visitor.get(f"/api/history/{ids['ended']}").json["table"]["status"] == "ended"
    chart = visitor.get(f"/history/{ids['ended']}/chart.svg")
    assert chart.status_code == 200 and chart.mimetype == "image/svg+xml" and b"polyline" in chart.data
    page = visitor.get(f"/history/{ids['finished'][0]}")
    assert b"/games/market/game.js" in page.data and b'data-game-id="' in page.data


def test_stats_json_agrees_with_the_page(table, capsys):
    app, appliance, _ = table
    host_of(app).post("/api/host/history/merge", {"name": "Amelie", "into": "Ana"})
    page = Phone(app).get("/api/history").json["stats"]
    assert stats_main(["--json"], appliance.store.path) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == page
    ana = next(row for row in page["people"] if row["name"] == "Ana")
    assert ana["names"] == ["Amelie", "Ana"] and ana["played"] == 3


def test_the_history_speaks_the_readers_language(table):
    app, _, _ = table
    visitor = Phone(app)
    french = visitor.client.get("/api/history", headers={"Accept-Language": "fr"}).json
    titles = {chart["chart"] for chart in french["stats"]["charts"]}
    assert titles == {"Enchères gagnantes, en piastres", "Points par niveau d'étoiles"}


def test_merges_and_hidden_games_need_the_pin(table):
    app, appliance, ids = table
    visitor = Phone(app)
    for command, data in (
        ("merge", {"name": "Amelie", "into": "Ana"}),
        ("hide", {"game": ids["finished"][0], "hidden": True}),
        ("separate", {"name": "Amelie"}),
    ):
        assert visitor.post(f"/api/host/history/{command}", data).status_code == 403
    assert appliance.store.merged_names() == {} and appliance.store.hidden_games() == frozenset()


def test_the_host_merges_separates_and_hides(table):
    app, appliance, ids = table
    host, visitor = host_of(app), Phone(app)

    def people() -> dict:
        return {row["name"]: row for row in visitor.get("/api/history").json["stats"]["people"]}

    before = people()
    done = host.post("/api/host/history/merge", {"name": "Amelie", "into": "Ana"})
    assert done.status_code == 200 and done.json["done"] == "Amelie now counts as Ana"
    merged = people()
    assert "Amelie" not in merged
    assert merged["Ana"]["played"] == before["Ana"]["played"] + before["Amelie"]["played"]
    assert merged["Ana"]["wins"] == before["Ana"]["wins"] + before["Amelie"]["wins"]
    assert host.post("/api/host/history/separate", {"name": "Amelie"}).status_code == 200
    assert people() == before
    hidden = ids["finished"][2]  # Amelie and Cy's game
    assert host.post("/api/host/history/hide", {"game": hidden, "hidden": True}).status_code == 200
    assert people()["Cy"]["played"] == before["Cy"]["played"] - 1
    assert appliance.store.hidden_games() == {hidden} and appliance.store.result(hidden) is not None
    days = visitor.get("/api/history").json["evenings"]
    assert [g["hidden"] for day in days for g in day["games"] if g["id"] == hidden] == [True]
    assert visitor.get(f"/api/history/{hidden}").status_code == 200  # still there, still open
    assert host.post("/api/host/history/hide", {"game": hidden, "hidden": False}).status_code == 200
    assert people() == before


@pytest.mark.parametrize(
    ("command", "data", "status", "words"),
    [
        ("merge", {"name": "Nobody", "into": "Ana"}, 404, "nobody played as 'Nobody'"),
        ("merge", {"name": "Ana", "into": "Ana"}, 409, "already counts as"),
        (
            "merge",
            {"name": "Ben", "into": "Ana"},
            409,
            "Ben and Ana sat at the same table (game 1): two people",
        ),
        ("merge", {"name": "Zed", "into": "Ana"}, 404, "nobody played as"),  # only in the game being played
        ("hide", {"game": 99, "hidden": True}, 404, "no such game"),
        ("hide", {"game": 1, "hidden": "yes"}, 400, "true or false"),
        ("separate", {"name": 3}, 404, "nobody played as 3"),
    ],
)
def test_a_bad_merge_or_hide_is_refused_in_words(table, command, data, status, words):
    app, appliance, _ = table
    refused = host_of(app).post(f"/api/host/history/{command}", data)
    assert refused.status_code == status and words in refused.json["error"], refused.json
    assert appliance.store.merged_names() == {} and appliance.store.hidden_games() == frozenset()


def test_a_merge_that_would_loop_is_refused(table):
    app, appliance, _ = table
    host = host_of(app)
    assert host.post("/api/host/history/merge", {"name": "Amelie", "into": "Ana"}).status_code == 200
    refused = host.post("/api/host/history/merge", {"name": "Ana", "into": "Amelie"})
    assert (
        refused.status_code == 409
        and refused.json["error"] == "Amelie already counts as Ana: separate them first"
    )
    assert appliance.store.merged_names() == {"Amelie": "Ana"}


@pytest.mark.parametrize(
    ("zone", "evening"),
    [
        ("America/Los_Angeles", "2025-03-13"),  # 00:30 on the 14th there: the evening before
        ("Europe/London", "2025-03-14"),  # 07:30 there: a new day
        ("Nowhere/Atlantis", None),  # unknown: the Pi's own zone
        ("../../etc/passwd", None),
        ("", None),
    ],
)
def test_the_evenings_are_those_of_the_readers_time_zone(tmp_path, monkeypatch, zone, evening):
    """A Pi whose zone was never set (London's) would move a Californian table's late game
    to the next day's evening: the page sends its own zone and the evenings follow it."""
    appliance = make_appliance(tmp_path, bots=False)
    created = "2025-03-14T07:30:00.000+00:00"
    monkeypatch.setattr(appliance.store.clock, "stamp", lambda: created)
    store_game(appliance.store, "market", NAMES)
    app = create_app(appliance, PIN)
    days = Phone(app).get(f"/api/history?zone={zone}").json["evenings"]
    assert [day["evening"] for day in days] == [evening or history_evening(created)]
    appliance.close()
