"""The payment records name their fields for what they hold (issue 23): ``count`` is the
stop's count whatever the kind (a dispute at 4 stored 2 there before), ``due`` what the
payer owed for it. A game stored before the renaming is only its events, so it replays to
the same records; the chart of a game follows the money and marks the stops."""

from __future__ import annotations

from marche_driver import CAMEL, GAME, claim, offer, stop, table_match

from companion.store import EventStore
from companion.store.cli import replay_stored

FIELDS = ("kind", "seat", "count", "due", "paid")


def disputed(count: int):
    """Seats 1 and 2 stop together at ``count`` and both name seat 3's carpets; then seat 1
    stops alone at 2 and names nothing; seat 0 (the Dean) and seat 2 both name the camel."""
    match = offer(table_match(4), [7, 1, 2, 3])
    match.act(stop(count, 1, 2))
    match.act(claim(1, 3))
    match.act(claim(2, 3))
    match.act(stop(count - 1, 1))
    match.act(claim(1, None))
    match.act(stop(count - 2, 2, 0))
    match.act(claim(2, CAMEL))
    match.act(claim(0, CAMEL))
    return match


EXPECTED = [
    ("dispute", 1, 4, 2, 2),
    ("dispute", 2, 4, 2, 2),
    ("false_stop", 1, 3, 1, 1),
    ("dean_priority", 2, 2, 0, None),
    ("buy", 0, 2, 2, 2),
]


def test_every_record_keeps_the_stops_count_and_what_its_payer_owed():
    records = disputed(4).state.records
    assert [tuple(r.get(f) for f in FIELDS) for r in records] == EXPECTED


def test_a_stored_game_replays_to_the_same_records(tmp_path):
    match = disputed(4)
    with EventStore(tmp_path / "s.db") as store:
        game = store.create_game(
            "marche", {"game": "marche", "setup": {"players": 4, "rules": {}}, "mode": "physical"}
        )
        store.append_many(game, [event.to_dict() for event in match.log])
        _, state, _ = replay_stored(store, game)
    assert state.records == match.state.records
    assert [tuple(r.get(f) for f in FIELDS) for r in state.records] == EXPECTED


def test_the_chart_follows_the_money_and_marks_the_stops():
    match = disputed(4)
    state, log = match.state, match.log
    assert GAME.standing(state) == tuple(state.money)
    replayed = table_match(4).state
    marked = []
    for event in log[1:]:  # the first camel is in table_match's own
        after = GAME.apply(replayed, event)
        moment = GAME.moment(replayed, event, after)
        marked.append(None if moment is None else (event.kind, moment.params["count"]))
        replayed = after
    assert [m for m in marked if m] == [("stop", 4), ("stop", 3), ("stop", 2)]
