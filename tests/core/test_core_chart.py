"""The chart of a finished game (companion/core/chart.py): the standings replayed from the
log after each decision, the moments the engine marks, and the SVG drawn from them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from toy_game import UrnGame, note, want

from companion.core.chart import LEGEND_ROOM, progress, svg
from companion.core.game import chance_event
from companion.core.phrase import Phrase

SVG = "{http://www.w3.org/2000/svg}"
SETUP = {"players": 2, "names": ["Ana", "Ben"], "balls": (1, 2, 5)}
# Ana wants two balls (2 then 5: the draws are the table's events, not decisions), Ben
# notes a word, Ana's turn again: she wants the last ball (1), which empties the urn
LOG = [
    want(2, 0),
    chance_event("urn", 2, 0),
    chance_event("urn", 5, 0),
    note("hm", 1),
    want(1, 0),
    chance_event("urn", 1, 0),
]


def test_the_standings_follow_the_decisions_and_the_draws_that_followed_them():
    chart = progress(UrnGame(), SETUP, LOG)
    assert chart.names == ("Ana", "Ben")
    assert chart.standings == ((0, 0), (7, 0), (7, 0), (8, 0))  # the start, then each decision
    assert [(m.step, m.seat, str(m.words)) for m in chart.marks] == [(3, None, "the urn is empty")]


def test_the_tables_own_names_replace_the_engines():
    assert progress(UrnGame(), SETUP, LOG, {1: "Bo <3"}).names == ("Ana", "Bo <3")


def test_the_drawing_has_a_line_per_seat_a_legend_with_the_final_standing_and_the_marks():
    chart = progress(UrnGame(), SETUP, LOG, {1: "Bo <3"})
    root = ET.fromstring(svg(chart, Phrase("points")))  # well-formed: the name is escaped
    lines = root.findall(f"{SVG}polyline")
    assert [line.get("data-seat") for line in lines] == ["0", "1"]
    assert len(lines[0].get("points").split()) == len(chart.standings)
    legend = [t.text for t in root.iter(f"{SVG}text") if t.text and ":" in t.text]
    assert legend == ["Ana: 8", "Bo <3: 0"]
    assert [g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g") if g.get("class") == "moment"] == [
        "the urn is empty"
    ]


def test_the_words_are_said_in_the_readers_language():
    chart = progress(UrnGame(), SETUP, LOG)
    said = svg(chart, Phrase("points"), say=lambda text: "«" + str(text) + "»")
    root = ET.fromstring(said)
    assert root.find(f"{SVG}title").text == "«The game, decision by decision: points»"
    assert "«decisions»" in said and "«the urn is empty»" in said
    assert "«Ana: 8»" in said  # a legend is one phrase: its colon is the language's


def test_a_higher_standing_is_drawn_higher_and_the_grid_covers_every_value():
    chart = progress(UrnGame(), SETUP, LOG)
    root = ET.fromstring(svg(chart, "points"))
    ana = [tuple(map(float, p.split(","))) for p in root.find(f"{SVG}polyline").get("points").split()]
    assert ana[0][1] > ana[-1][1]  # 0 at the start, below 8 at the end
    ticks = [int(t.text) for t in root.iter(f"{SVG}text") if t.text and t.text.lstrip("-").isdigit()]
    assert ticks[0] <= 0 and ticks[-1] >= 8


def test_a_moment_is_drawn_on_the_seat_whose_standing_it_changed_else_on_the_tables():
    class Marked(UrnGame):
        """Every decision is a moment, and each word noted scores Ben a point."""

        def standing(self, state):
            return (0, len(state.notes))

        def moment(self, before, event, after):
            return Phrase("{kind}", kind=event.kind) if event.kind in ("want", "note") else None

    chart = progress(Marked(), SETUP, [want(1, 0), chance_event("urn", 5, 0), note("hm", 1)])
    # Ana's want changed no standing of hers (the draw is the table's); Ben's note scored his
    assert [(m.words, m.seat) for m in chart.marks] == [("want", None), ("note", 1)]


def test_a_legend_entry_that_may_not_fit_its_column_is_drawn_at_the_columns_width():
    """The widest name the join form takes (20 letters M) is squeezed into its room; a
    short one, and a long one of narrow letters, are drawn as they are."""
    chart = progress(UrnGame(), SETUP, LOG, {0: "M" * 20, 1: "Wilhelmina Wolkowska"})
    root = ET.fromstring(svg(chart, Phrase("points")))
    entries = [g.find(f"{SVG}text") for g in root.iter(f"{SVG}g") if g.get("class") == "legend"]
    assert [entry.text for entry in entries] == ["M" * 20 + ": 8", "Wilhelmina Wolkowska: 0"]
    widest, long = entries
    assert widest.get("textLength") == str(LEGEND_ROOM) and widest.get("lengthAdjust") == "spacingAndGlyphs"
    assert long.get("textLength") is None
    assert all(
        g.find(f"{SVG}text").get("textLength") is None
        for g in ET.fromstring(svg(progress(UrnGame(), SETUP, LOG), Phrase("points"))).iter(f"{SVG}g")
        if g.get("class") == "legend"
    )
