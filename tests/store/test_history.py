"""The history read from a real store (companion/store/history.py): closed games by
evening with their seats, the names the players joined with and the bots' styles, a past
game's results, the host's merges and hidden games kept beside the games; and
`samarkand games stats`."""

from __future__ import annotations

import json
from datetime import UTC, timedelta, timezone

import pytest
from history_rig import store_game, style
from test_store_cli import samarkand

from companion.store import EventStore, StoreError
from companion.store.cli import stats_main
from companion.store.history import History, evening, keep_tallies
from companion.store.replay import replay_stored

NAMES = ["Ana", "Ben", "Cy"]


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "companion.db") as opened:
        yield opened


def test_an_evening_runs_past_midnight_in_the_pis_time_zone():
    assert evening("2025-03-14T19:30:00+00:00", UTC) == "2025-03-14"
    assert evening("2025-03-15T05:59:00+00:00", UTC) == "2025-03-14"
    assert evening("2025-03-15T06:00:00+00:00", UTC) == "2025-03-15"
    assert evening("2025-03-15T04:30:00+00:00", timezone(timedelta(hours=2))) == "2025-03-15"


def test_closed_games_are_listed_by_evening_and_the_game_being_played_is_not(store):
    first = store_game(store, "market", NAMES)
    ended = store_game(store, "market", NAMES[:2], close="end")
    abandoned = store_game(store, "bazaar", NAMES, close="abandon")
    store.create_game("market", {"setup": {"players": 2}})  # being played
    store._conn.execute("UPDATE games SET created = '2025-03-13T20:00:00+00:00' WHERE id = ?", (first,))
    days = History(store).evenings(UTC)
    assert [day["evening"] for day in days] == [days[0]["evening"], "2025-03-13"]
    assert [g["id"] for g in days[0]["games"]] == [abandoned, ended]  # the latest first
    assert [(g["status"], g["seats"][0]["place"]) for g in days[0]["games"]] == [
        ("abandoned", None),
        ("ended", None),
    ]
    (game,) = days[1]["games"]
    result = store.result(first)
    assert [(s["name"], s["place"], s["score"], s["bot"]) for s in game["seats"]] == [
        (name, result["places"][seat], result["scores"][seat], style("market", seat))
        for seat, name in enumerate(NAMES)
    ]


def test_a_phone_name_counts_and_a_seat_a_person_took_over_is_no_bots(store):
    store_game(store, "market", NAMES, phones={0: "Zoé"}, hands=[{"at": 3, "seat": 1, "by": "person"}])
    (played,) = History(store).played()
    assert [(s.name, s.bot) for s in played.seats] == [
        ("Zoé", None),
        ("Ben", None),
        ("Cy", style("market", 2)),
    ]


def test_a_past_games_results_as_the_results_screen_reads_them(store):
    finished, ended = store_game(store, "bazaar", NAMES), store_game(store, "market", NAMES, close="end")
    abandoned = store_game(store, "market", NAMES, close="abandon")
    history = History(store)
    sheet = history.sheet(finished)
    assert [row["name"] for row in sheet["standings"]] == [
        NAMES[seat] for seat in sorted(range(3), key=lambda s: (sheet["places"][s], s))
    ]
    assert sheet["winners"] == store.result(finished)["winners"]
    stopped = history.sheet(ended)  # the standings when the host stopped it
    assert len(stopped["standings"]) == 3 and store.result(ended) is None
    with pytest.raises(StoreError, match="abandoned"):
        history.sheet(abandoned)


def test_merges_and_hidden_games_are_kept_and_undone_without_touching_a_game(store):
    game = store_game(store, "market", NAMES)
    before = store.events(game), store.result(game), store.list_games()
    store.merge_name("Amelie", "Ana")
    store.hide_game(game, True)
    assert store.merged_names() == {"Amelie": "Ana"} and store.hidden_games() == {game}
    assert (store.events(game), store.result(game), store.list_games()) == before
    store.separate_name("Amelie")
    store.hide_game(game, False)
    assert store.merged_names() == {} and store.hidden_games() == frozenset()
    with pytest.raises(StoreError, match="No game 9"):
        store.hide_game(9, True)


def test_the_games_own_tallies_are_counted_only_for_finished_games(store):
    store_game(store, "market", NAMES)
    store_game(store, "market", NAMES, seed="b", close="end")
    (chart,) = History(store).statistics()["charts"]
    (finished, _) = History(store).played()
    assert sum(bar["value"] for bar in chart["bars"]) == len(finished.tallies) > 0


def test_the_tallies_kept_as_a_game_finished_are_read_without_replaying_it(store, monkeypatch):
    games = ("marche", "market", "bazaar", "samarkand")
    kept = [store_game(store, game, NAMES) for game in games]
    old = [store_game(store, game, NAMES, tallies=False) for game in games]  # the same games, finished before
    replays = []

    def replay(opened, game_id):
        replays.append(game_id)
        return replay_stored(opened, game_id)

    monkeypatch.setattr("companion.store.history.replay_stored", replay)
    played = {p.id: [t.to_dict() for t in p.tallies] for p in History(store).played()}
    assert replays == old  # only the games whose tallies were not kept
    assert [played[game] for game in kept] == [played[game] for game in old]
    assert all(played[game] for game in kept)


def test_a_game_the_table_reopened_and_finished_again_counts_its_second_finish(store, monkeypatch):
    """The host takes back the move that finished a game, and it finishes again: the
    history, read in between, counts the tallies of the second finish."""
    game_id = store_game(store, "market", NAMES)
    history = History(store)
    (played,) = history.played()
    result, last = store.result(game_id), store.records(game_id)[-1].seq
    store.undo_to(game_id, last, reopen=True)
    assert history.played() == []  # being played again
    monkeypatch.setattr(store.clock, "stamp", lambda: "2099-01-01T21:00:00.000+00:00")  # later
    keep_tallies(store, game_id, played.tallies[1:])  # as the appliance keeps them
    store.finish(game_id, result)
    assert history.played()[0].tallies == played.tallies[1:] != played.tallies


def test_a_result_the_table_amends_is_read_again_and_the_rest_once(store, monkeypatch):
    """The table's own choices may amend a finished game's result after the history read
    it (Le Marché's discards): the places and scores are read again; the seats, bots and
    tallies, which a closed game keeps, are read once."""
    game_id = store_game(store, "market", NAMES)
    history = History(store)
    (before,) = history.played()
    result = store.result(game_id)
    amended = {**result, "places": result["places"][::-1], "scores": [s + 1 for s in result["scores"]]}
    store.amend_result(game_id, amended)
    configs = []
    monkeypatch.setattr(store, "config", lambda game: configs.append(game))
    (after,) = history.played()
    assert [(s.place, s.score) for s in after.seats] == list(zip(amended["places"], amended["scores"]))
    assert [(s.name, s.bot) for s in after.seats] == [(s.name, s.bot) for s in before.seats]
    assert after.tallies == before.tallies and configs == []


def test_stats_json_is_the_historys_statistics(store, capsys):
    store_game(store, "market", NAMES)
    store_game(store, "bazaar", ["Ana", "Amelie", "Ben"])
    store.merge_name("Amelie", "Ana")
    assert stats_main(["--json"], store.path) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(History(store).statistics()))
    assert stats_main(["--game", "bazaar", "--json"], store.path) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_stats_in_words(store, capsys):
    game = store_game(store, "market", NAMES)
    winner = store.result(game)["winners"][0]
    assert stats_main([], store.path) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 finished game counted.\n")
    row = next(line for line in out.splitlines() if line.startswith(winner))
    assert row.split()[-3:] == ["1", "1", "1.0"]
    # each figure ends under the end of its heading, however long the names
    bots = out.split("\nbots by style")[1].split("\n\n")[0].splitlines()
    heading, rows = "bots by style" + bots[0], bots[1:]
    assert rows and all(row.startswith("Samarkand Market: ") for row in rows)
    for word in ("games", "wins", "average place"):
        end = heading.index(word) + len(word)
        assert all(row[end - 1] != " " and row[end : end + 1] in ("", " ") for row in rows), word
    assert "Samarkand Market: Winning bids, in piasters" in out


def test_stats_refuses_an_unknown_game_in_one_line(store, tmp_path):
    store_game(store, "market", NAMES)
    done = samarkand("games", "stats", "--game", "chess", "--store", str(store.path))
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "there is no game 'chess'" in done.stderr
    same = samarkand("games", "--store", str(store.path), "stats", "--json")
    assert same.returncode == 0 and json.loads(same.stdout)["games"] == 1


def test_stats_columns_stand_under_their_headings_with_wide_names(store, capsys):
    """李雷 and 😀😀 take four columns on a terminal, as xxxx does, though two characters."""
    names = ["李雷", "😀😀", "Ana"]
    store_game(store, "market", names, phones=dict(enumerate(names)))
    assert stats_main([], store.path) == 0
    table = capsys.readouterr().out.split("\nperson")[1].split("\n\n")[0].splitlines()
    heading = "person" + table[0]
    rows = [row.replace("李雷", "xxxx").replace("😀😀", "xxxx") for row in table[1:]]
    assert sum(row.startswith("xxxx ") for row in rows) == 2
    for word in ("games", "wins", "average place"):
        end = heading.index(word) + len(word)
        assert all(row[end - 1] != " " and row[end : end + 1] in ("", " ") for row in rows), word
