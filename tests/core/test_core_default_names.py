"""The names of seats no person named: written by the engines and the lobby, read by the
history as nobody's, said by the pages (whose two copies of the forms the web tests hold
to these)."""

from __future__ import annotations

import pytest

from companion.core.default_names import FORMS, bot_name, nobodys, seat_name
from companion.core.game import seat_names


def test_a_seat_nobody_named_and_a_bot_are_named_after_the_seat_counted_from_one():
    assert seat_name(0) == "Seat 1"
    assert bot_name(2) == "Seat 3 (bot)"
    assert bot_name(2, "Tara") == "Tara (bot)"
    assert bot_name(2, "") == "Seat 3 (bot)"  # a bot the host left unnamed
    assert seat_names({"players": 3}) == ("Seat 1", "Seat 2", "Seat 3")


@pytest.mark.parametrize(
    ("name", "whose"),
    [("Seat 3", False), ("Seat 12 (bot)", False), ("Tara (bot)", True), ("Ana", True), ("Seat 3 bis", True)],
)
def test_only_a_seats_own_name_and_its_unnamed_bots_are_nobodys(name, whose):
    assert nobodys(name) is not whose


@pytest.mark.parametrize(
    ("name", "template", "value"),
    [
        ("Seat 3 (bot)", "Seat {n} (bot)", "3"),
        ("Tara (bot)", "{name} (bot)", "Tara"),
        ("Seat 3", "Seat {n}", "3"),
    ],
)
def test_each_stored_name_is_read_by_its_own_form_the_first_that_matches(name, template, value):
    pattern, said = next((p, t) for p, t in FORMS if p.fullmatch(name))
    assert (said, pattern.fullmatch(name).group(1)) == (template, value)
    assert not any(p.fullmatch("Ana") for p, _ in FORMS)
