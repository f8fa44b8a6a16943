"""The chart of a finished game: each seat's money or points over the game, and the moments
that decided it, drawn as SVG on the Pi.

It is made from the log by replaying it through the engine (``Game.standing`` after every
event, ``Game.moment`` for the marks), so the results screen and ``samarkand games chart``
show the same picture, with no library from outside the Pi. The horizontal axis counts the
seats' decisions: every game has them, and a stretch of draws does not stretch the chart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from companion.core.game import Event, Game
from companion.core.phrase import Phrase

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
"""One per seat (Okabe and Ito's palette, told apart by people with a colour deficiency too),
each with its own dash pattern for a printout in black and white."""
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2")
WIDTH, HEIGHT = 560, 320
LEFT, RIGHT, BOTTOM = 44, 12, 30  # the plot's margins; on top, the legend's rows (``top``)
FONT = 15
LEGEND_COLUMN = 276
"""The legend's two columns (three rows for five or six seats): room for a name of 20
characters and its final standing."""
LEGEND_ROOM = LEGEND_COLUMN - 28 - 12  # after the line's sample, before the next column
LABELLED = 6
"""Up to this many moments carry their words on the chart; more are marked and keep their
words in a tooltip, where they would otherwise cover the lines."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A moment that decided the game: after ``step`` decisions, by ``seat`` (None: the table's)."""

    step: int
    seat: int | None
    words: Phrase


@dataclass(frozen=True, slots=True)
class Chart:
    names: tuple[str, ...]
    standings: tuple[tuple[int, ...], ...]
    """Each seat's standing after 0, 1, 2 … decisions (the last event at that count)."""
    marks: tuple[Mark, ...]


def progress(
    game: Game, setup: Mapping[str, Any], events: Iterable[Event], names: Mapping[int, str] | None = None
) -> Chart:
    """The game replayed: the standings after each decision, and the moments the engine
    marks. ``names`` are the table's names for the seats (the engine's otherwise)."""
    state = game.new_state(setup)
    was = game.standing(state)
    standings = [was]
    marks: list[Mark] = []
    for event in events:
        after = game.apply(state, event)
        now = game.standing(after)
        if event.kind in game.decisions:
            standings.append(now)
        else:
            standings[-1] = now
        words = game.moment(state, event, after)
        if words is not None:
            marks.append(Mark(len(standings) - 1, _whose(event.actor, was, now), words))
        state, was = after, now
    own = game.names(state)
    shown = tuple((names or {}).get(seat, name) for seat, name in enumerate(own))
    return Chart(shown, tuple(standings), tuple(marks))


def _whose(actor: Any, was: tuple[int, ...], now: tuple[int, ...]) -> int | None:
    """The seat a moment is drawn on: the one that made it, when it changed that seat's own
    standing (a purchase, a sale); else the table's (a reveal the last bid made)."""
    return actor if isinstance(actor, int) and was[actor] != now[actor] else None


def svg(chart: Chart, unit: str, say: Callable[[Any], str] = str) -> str:
    """The chart as a standalone SVG: a line per seat in its colour, the legend above with
    each final standing, the marked moments; ``say`` puts words in the reader's language."""
    steps = max(len(chart.standings) - 1, 1)
    ticks = _ticks(
        min(0, *(v for row in chart.standings for v in row)),
        max(1, *(v for row in chart.standings for v in row)),
    )
    low, high = ticks[0], ticks[-1]
    top = 28 + 22 * -(-len(chart.names) // 2)  # below the legend's last row
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - top - BOTTOM

    def x(step: int) -> float:
        return round(LEFT + plot_w * step / steps, 1)

    def y(value: float) -> float:
        return round(top + plot_h * (high - value) / (high - low), 1)

    title = escape(say(Phrase("The game, decision by decision: {unit}", unit=unit)))
    axis = escape(say(Phrase("decisions")))
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="game-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'role="img" font-family="sans-serif" font-size="{FONT}">'
        ),
        f"<title>{title}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fffaf0"/>',
    ]
    for tick in ticks:
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick)}" y2="{y(tick)}" stroke="#ddd"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4}" text-anchor="end" fill="#555">{tick}</text>'
        )
    parts.append(
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end" fill="#555">'
        f"{axis}</text>"
        f'<text x="{LEFT}" y="{top - 8}" fill="#555">{escape(say(unit))}</text>'
    )
    for seat, name in enumerate(chart.names):
        colour, dash = COLOURS[seat % len(COLOURS)], DASHES[seat % len(DASHES)]
        points = " ".join(f"{x(step)},{y(row[seat])}" for step, row in enumerate(chart.standings))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline class="series" data-seat="{seat}" fill="none" stroke="{colour}" '
            f'stroke-width="3"{dashed} points="{points}"/>'
        )
        column, row = seat % 2, seat // 2
        label = say(Phrase("{label}: {value}", label=name, value=chart.standings[-1][seat]))
        parts.append(
            f'<g class="legend" transform="translate({8 + column * LEGEND_COLUMN},{18 + row * 22})">'
            f'<line x1="0" x2="22" y1="-4" y2="-4" stroke="{colour}" stroke-width="3"{dashed}/>'
            f'<text x="28" y="0"{_fitted(label, LEGEND_ROOM)}>{escape(label)}</text></g>'
        )
    for number, mark in enumerate(chart.marks):
        parts.append(
            _mark(
                mark,
                x(mark.step),
                chart.standings[mark.step],
                y,
                say,
                labelled=len(chart.marks) <= LABELLED,
                number=number,
            )
        )
    parts.append("</svg>")
    return "".join(parts)


def _mark(
    mark: Mark,
    at_x: float,
    row: tuple[int, ...],
    y: Callable[[float], float],
    say: Callable[[Any], str],
    labelled: bool,
    number: int,
) -> str:
    """A seat's moment as a ring on its line; the table's as a tick on the axis."""
    words = escape(say(mark.words))
    if mark.seat is not None and 0 <= mark.seat < len(row):
        colour, at_y = COLOURS[mark.seat % len(COLOURS)], y(row[mark.seat])
        shape = f'<circle cx="{at_x}" cy="{at_y}" r="5" fill="#fff" stroke="{colour}" stroke-width="2"/>'
    else:
        at_y = HEIGHT - BOTTOM
        shape = f'<path d="M{at_x},{at_y} l-5,9 h10 z" fill="#1d1a16"/>'
    label = (
        (
            f'<text x="{at_x}" y="{at_y - 9 - 12 * (number % 2)}" text-anchor="middle" fill="#1d1a16" '
            f'font-size="12">{words}</text>'
        )
        if labelled
        else ""
    )
    return f'<g class="moment"><title>{words}</title>{shape}{label}</g>'


def _fitted(text: str, room: float) -> str:
    """The attributes that squeeze ``text`` into ``room`` pixels where it may not fit: the
    Pi cannot measure the reader's font, so each letter is taken at about its width in a
    wide sans-serif (DejaVu Sans), erring wide; a label that may run over is drawn at
    exactly the room's width, never over the next one."""
    em = sum(_EM.get(char, 0.6 if char.isascii() else 0.75) for char in text) * FONT
    return f' textLength="{room}" lengthAdjust="spacingAndGlyphs"' if em > room else ""


_EM = dict.fromkeys("MWmw@", 0.9) | dict.fromkeys("ABCDEFGHJKLNOPQRSTUVXYZ0123456789", 0.72)
_EM |= dict.fromkeys("Iijlt.,:;'!|()[] -", 0.34)
"""Letters' widths in ems, a little over DejaVu Sans's: the widest, the capitals and digits,
the narrowest (any other ASCII letter 0.6, anything else 0.75)."""


def _ticks(low: int, high: int) -> list[int]:
    """Round values (1, 2 or 5 times a power of ten apart), at most seven, from at most
    ``low`` to at least ``high``: the grid lines, and the plot's bounds."""
    span = high - low
    step = next(
        (base * 10**power for power in range(9) for base in (1, 2, 5) if span <= 5 * base * 10**power), span
    )
    first, last = (low // step) * step, -(-high // step) * step
    return list(range(first, last + 1, step))
