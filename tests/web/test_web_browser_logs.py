"""Every game's log on a phone and on the table screen, in Chromium: the newest line first,
in bold, and no line numbered (nor indented as if it were), since numbers going down the
list would read as the order of play, which is the other way round (a phone read "7. The
die shows 3, 8. You pay 5 and roll")."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, PHONE_SIZES, TABLE_SIZES, Pages, T, decide, join, served_lobby, wait_on
from test_web_browser_lobby import first_decision

pytestmark = NEEDED
GAMES = [("marche", 4), ("market", 3), ("bazaar", 3), ("samarkand", 3)]
LINES = """() => [...document.querySelectorAll("ol.log")].filter((log) => log.offsetParent !== null)
  .flatMap((log) => [...log.children].map((line) => ({
    text: line.textContent, marker: getComputedStyle(line).listStyleType,
    weight: Number(getComputedStyle(line).fontWeight),
    indent: line.getBoundingClientRect().left - log.getBoundingClientRect().left })))"""


@pytest.fixture(params=GAMES, ids=[name for name, _ in GAMES])
def table(request, tmp_path):
    """A lobby, for Ana to join before bots fill the other seats."""
    yield from served_lobby(tmp_path, *request.param)


def test_the_log_shows_the_newest_line_first_in_bold_and_unnumbered(browser, table):
    """Ana plays seat 1 from her phone as a bot would, bots the others, until her phone's
    log has grown twice; the table screen's log looks the same."""
    srv, appliance = table
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = pages.open("/", size=PHONE_SIZES[0])
    join(ana, 0, "Ana", ready="#lobby-you")
    appliance.start_lobby(fill={})  # bots in the other seats
    ana.wait_for_selector("body[data-page=player] #me", timeout=T)
    screen = pages.open("/table", phone=False, size=TABLE_SIZES[0])
    logs = [plays_until_the_log_grows(appliance, ana, [])]
    logs.append(plays_until_the_log_grows(appliance, ana, logs[0]))
    before, after = ([line["text"] for line in log] for log in logs)
    assert any(after[k:] == before[: len(after) - k] for k in range(1, len(after))), (before, after)
    for lines in (logs[1], wait_on(screen, lambda: screen.evaluate(LINES), "the table's log")):
        assert {line["marker"] for line in lines} == {"none"}
        assert all(line["indent"] < 1 for line in lines), "no room kept for numbers"
        assert lines[0]["weight"] >= 600 and all(line["weight"] < 600 for line in lines[1:])
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def plays_until_the_log_grows(appliance, phone, seen: list) -> list:
    """The phone's log lines once they differ from ``seen``; meanwhile the phone decides
    for its seat (seat 1) what the game's first style would."""

    def grown():
        lines = phone.evaluate(LINES)
        if lines and lines != seen:
            return lines
        decision = first_decision(appliance.config.store.path, 0)
        if decision is not None:
            decide(phone, decision.kind, decision.data)
        return None

    return wait_on(phone, grown, "a newer line in the phone's log", 60_000)
