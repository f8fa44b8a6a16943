"""Le Marché's tallies for the history's charts: every stop by its count, the disputes and
the stops the Dean's priority decided, counted once each."""

from __future__ import annotations

from marche_driver import claim, offer, stop, table_match

from companion.games.marche.tallies import DEAN, DISPUTES, STOPS, tallies


def test_stops_disputes_and_the_deans_priority_are_counted_once_each():
    match = offer(table_match(4), (7, 1, 2, 3))  # seat 0 is the first Dean
    match.act(stop(7, 1, 2))  # a dispute on seat 3's card: both pay half
    match.act(claim(1, 3))
    match.act(claim(2, 3))
    match.act(stop(6, 1, 0))  # the Dean's priority: seat 0 buys seat 2's card
    match.act(claim(1, 2))
    match.act(claim(0, 2))
    match.act(stop(5, 3))  # a plain purchase
    match.act(claim(3, 1))
    counted = tallies(match.state)
    assert sorted(t.bar for t in counted if t.chart == STOPS) == [5, 6, 7]
    assert [(t.bar, t.amount) for t in counted if t.chart == DISPUTES] == [(None, 1)]
    assert [(t.bar, t.amount) for t in counted if t.chart == DEAN] == [(None, 1)]
