"""Fair stops, played as exact edge sequences through mock pins, the bank and the arbiter."""

from __future__ import annotations

from tests.runtime.conftest import press, tick

ANA, BEN, CLEO, DAN, EVE = range(5)


def test_presses_one_microsecond_apart_are_ordered_by_stamp(play):
    t = tick(8) + 300_000
    played = play(press("Ben", t) + press("Ana", t + 1), claims=[{"Ben": "Cleo", "Ana": "Dan"}])
    assert played.stops == [{"count": 8, "stoppers": [[BEN, 0], [ANA, 1]]}]


def test_with_no_tie_window_the_first_press_wins_by_one_microsecond(play):
    t = tick(8) + 300_000
    played = play(press("Ben", t) + press("Ana", t + 1), claims=[{"Ben": "Cleo"}], table={"tie_window_ms": 0})
    assert played.stops[0]["stoppers"] == [[BEN, 0]]
    assert played.notes("ignored_press")[0]["reason"] == "outside the tie window"


def test_press_just_before_a_tick_processed_after_it_buys_at_the_earlier_count(play):
    t = tick(7) - 1  # 8 is still on display
    played = play(press("Cleo", t, delivered=tick(7) + 30_000), claims=[{"Cleo": "Ana"}])
    assert played.stops[0]["count"] == 8


def test_presses_delivered_in_reverse_order_of_their_stamps(play):
    t = tick(6) + 100_000
    edges = (
        press("Dan", t + 40_000)
        + press("Ben", t + 20_000, delivered=t + 60_000)
        + press("Ana", t, delivered=t + 80_000)
    )
    played = play(edges, claims=[{"Ana": "Ben", "Ben": "Cleo", "Dan": "camel"}])
    assert played.stops[0]["stoppers"] == [[ANA, 0], [BEN, 20_000], [DAN, 40_000]]


def test_order_never_depends_on_seat_number(play):
    t = tick(9) + 500_000
    low_seat_later = play(press("Ana", t + 5) + press("Dan", t), claims=[{"Ana": "Ben", "Dan": "Ben"}])
    assert low_seat_later.stops[0]["stoppers"] == [[DAN, 0], [ANA, 5]]


def test_a_press_exactly_at_the_window_is_simultaneous_and_one_past_it_is_not(play):
    t = tick(5) + 100_000
    at_edge = play(press("Ana", t) + press("Ben", t + 100_000), claims=[{"Ana": "Cleo", "Ben": "Dan"}])
    assert at_edge.stops[0]["stoppers"] == [[ANA, 0], [BEN, 100_000]]
    past = play(press("Ana", t) + press("Ben", t + 100_001), claims=[{"Ana": "Cleo"}])
    assert past.stops[0]["stoppers"] == [[ANA, 0]]
    assert [n["seat"] for n in past.notes("ignored_press")] == [BEN]


def test_a_bounce_train_of_fifty_edges_is_one_press_stamped_at_its_first_edge(play):
    first = tick(4) + 250_000
    train = [["Eve", first + i * 400, "down" if i % 2 == 0 else "up"] for i in range(50)]
    train.append(["Eve", first + 20_000, "down"])  # settles pressed, then released
    train.append(["Eve", first + 200_000, "up"])
    played = play(train, players=5, claims=[{"Eve": "Ana"}])
    assert played.stops == [{"count": 4, "stoppers": [[EVE, 0]]}]
    assert played.notes("stop_evidence")[0]["first_us"] == first


def test_a_stuck_buzzer_is_reported_and_does_not_block_the_game(play):
    held = tick(10) + 100_000
    edges = [["Dan", held, "down"], *press("Ana", tick(3) + 200000)]
    played = play(edges, claims=[{"Dan": "Ana"}, {"Ana": "Ben"}])
    assert [n["seat"] for n in played.notes("stuck_buzzer")] == [DAN]
    assert [s["count"] for s in played.stops] == [10, 3]
    assert played.core.state.goods[ANA] == {"spices": [7]}


def test_a_press_in_the_lead_in_is_ignored_and_recorded(play):
    played = play(press("Ben", 1_000_000))
    assert played.stops == []
    assert played.notes("ignored_press")[0]["reason"] == "before the countdown opened"
    assert played.engine("end_countdown")


def test_a_press_during_a_resolution_is_ignored(play):
    t = tick(9) + 100_000
    edges = press("Ana", t) + press("Ben", t + 500_000)  # Ana's stop is being claimed then
    played = play(edges, table={"claim_deadline_ms": 2000})
    assert [s["stoppers"] for s in played.stops] == [[[ANA, 0]]]
    reasons = [n["reason"] for n in played.notes("ignored_press")]
    assert reasons == ["during a resolution or pause"]


def test_five_players_within_two_milliseconds_all_stop_together_in_stamp_order(play):
    t = tick(6) + 400_000
    offsets = {"Cleo": 0, "Eve": 350, "Ana": 1_100, "Dan": 1_999, "Ben": 1_500}
    edges = [e for name, o in offsets.items() for e in press(name, t + o)]
    played = play(edges, players=5, claims=[{n: "camel" for n in offsets}])
    assert played.stops[0] == {
        "count": 6,
        "stoppers": [[CLEO, 0], [EVE, 350], [ANA, 1_100], [BEN, 1_500], [DAN, 1_999]],
    }


def test_after_a_stop_the_countdown_resumes_one_below(play):
    t = tick(8) + 100_000
    resolved = t + 100_000 + 5_000  # window plus latency: the claim is made at once
    second = resolved + 1_000_000 + 10  # the second count after resuming: 6
    played = play(press("Ana", t) + press("Ben", second), claims=[{"Ana": "Cleo"}, {"Ben": "Dan"}])
    assert [s["count"] for s in played.stops] == [8, 6]


def test_an_unclaimed_stop_is_a_false_stop_after_the_deadline(play):
    played = play(press("Ana", tick(9) + 10), table={"claim_deadline_ms": 1500})
    assert played.notes("claim_deadline")[0]["seat"] == ANA
    assert played.engine("claim")[0]["data"] == {"target": None}
    assert played.core.state.money[ANA] == 14
