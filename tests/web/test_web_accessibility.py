"""Every page passes axe-core (the accessibility engine, shipped inside the
axe-playwright-python package, run in Chromium) with no serious or critical violation:
the join page, a player's page in play, the table screen, the host's login and console,
for every game and the core's toy game, in English and in French."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)
from axe_playwright_python.sync_playwright import Axe
from browser_rig import NEEDED, Pages, T, join, served
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec

pytestmark = NEEDED
SERIOUS = ("serious", "critical")


READY = {"urn": "#urn-players li", "market": "#me", "samarkand": "#me"}


@pytest.fixture(params=["marche", "urn", "bazaar", "market", "samarkand"])
def server(request, tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    spec = game_spec(request.param)
    appliance.new_game(
        spec.setup(3), {"step_ms": 300, "lead_in_ms": 100} if spec.realtime else None, game=spec.name
    )
    for server, _ in served(appliance, PIN):
        yield server, spec


def serious(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_page_has_a_serious_accessibility_violation(browser, server, locale):
    pw, chromium = browser
    srv, spec = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    found = {}
    joining = pages.open("/", locale=locale)
    joining.wait_for_selector("#seats button", timeout=T)
    found["join"] = serious(joining)
    player = pages.open("/", locale=locale)
    join(player, 0, "Ana", ready=READY.get(spec.name, "#me h1"))
    found["player"] = serious(player)
    table = pages.open("/table", phone=False, locale=locale)
    table.wait_for_selector("#status", timeout=T)
    found["table"] = serious(table)
    host = pages.open("/host", locale=locale)
    found["login"] = serious(host)
    host.fill("#pin", PIN)
    host.click("#login-form button")
    host.wait_for_selector("#new-game-fields label", timeout=T)
    found["host"] = serious(host)
    assert {page: problems for page, problems in found.items() if problems} == {}


def test_the_check_finds_a_deliberate_violation(browser):
    _pw, chromium = browser
    page = chromium.new_page()
    page.set_content('<html lang="en"><body><img src="data:,"><button></button></body></html>')
    problems = serious(page)
    page.close()
    assert any(p.startswith("image-alt") for p in problems)
    assert any(p.startswith("button-name") for p in problems)
