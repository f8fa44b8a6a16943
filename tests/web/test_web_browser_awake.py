"""The table screen keeps its screen awake all evening, and a phone while a countdown runs:
asked again when the page shows after being hidden (the browser drops the lock), let go
when the count stops; where the Wake Lock API refuses, or is not offered (plain http
from the Pi's address), a still video keeps it. The pages carry the table's own favicon.

Two ways: Chromium at a phone's size with the API stubbed to record its calls; and
Chromium on a desktop (desktop_rig), where what the desktop's screen saver is told is
checked, over plain http as at a real table and on a secure page."""

from __future__ import annotations

from functools import partial

import pytest
from browser_rig import NEEDED, Pages, T, join, served, served_lobby, wait_on
from desktop_rig import NEEDED as DESKTOP_NEEDED
from desktop_rig import desktop, holds, insecure, launch_on
from web_rig import PIN, Phone, all_pick, make_appliance, stop

pytestmark = NEEDED
STUB = """
window.__wake = [];
window.__visibility = "visible";
Object.defineProperty(document, "visibilityState", { get: () => window.__visibility });
Object.defineProperty(navigator, "wakeLock", { value: { request(kind) {
  window.__wake.push("request " + kind);
  if (window.__refuse) return Promise.reject(new DOMException("no", "NotAllowedError"));
  const lock = new EventTarget();
  lock.release = () => { window.__wake.push("release"); lock.dispatchEvent(new Event("release"));
                         return Promise.resolve(); };
  window.__lock = lock;
  return Promise.resolve(lock);
} } });
"""


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3}, {"step_ms": 500, "lead_in_ms": 100})
    yield from served(appliance, PIN)


def calls(page) -> list[str]:
    return page.evaluate("window.__wake")


def test_the_screen_stays_awake_while_the_count_runs(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    page = pages.open("/", init_script=STUB)
    assert page.locator("link[rel=icon]").get_attribute("href") == "/static/favicon.svg"
    assert page.request.get(srv.url + "static/favicon.svg").ok
    join(page, 0, "Ana")
    assert calls(page) == []  # picking: nothing to keep awake
    others = [Phone(srv.app).join(seat, name) for seat, name in ((1, "Bo"), (2, "Cy"))]
    page.locator("#hand button").first.click()
    all_pick(others, card_of=lambda seat: 7)
    page.wait_for_function("() => window.__wake.includes('request screen')", timeout=T)
    page.evaluate("""() => { window.__visibility = 'hidden'; window.__lock.release();
                            document.dispatchEvent(new Event('visibilitychange'));
                            window.__visibility = 'visible';
                            document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_function("() => window.__wake.filter(c => c === 'request screen').length === 2", timeout=T)
    stop(appliance, {1: 0}, wait=partial(wait_on, page))
    page.wait_for_function("() => window.__wake[window.__wake.length - 1] === 'release'", timeout=T)
    assert pages.errors == [], pages.errors


def test_a_refused_wake_lock_is_silent(browser, server):
    pw, chromium = browser
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    page = pages.open("/", init_script=STUB + "window.__refuse = true;")
    join(page, 0, "Ana")
    others = [Phone(srv.app).join(seat, name) for seat, name in ((1, "Bo"), (2, "Cy"))]
    page.locator("#hand button").first.click()
    all_pick(others)
    page.wait_for_function("() => window.__wake.includes('request screen')", timeout=T)
    playing = "() => { const v = document.querySelector('video.awake'); return v && !v.paused; }"
    page.wait_for_function(playing, timeout=T)  # the still video keeps the screen instead
    assert page.is_hidden("#toast") and pages.errors == [], pages.errors


@pytest.fixture(scope="module")
def desktop_once(chromium_once, tmp_path_factory):
    """Chromium with a window on a desktop whose screen saver says what keeps it awake."""
    pw, _ = chromium_once
    with desktop(tmp_path_factory.mktemp("desktop")) as (env, saver):
        chromium = launch_on(pw, env)
        yield pw, chromium, saver
        chromium.close()


@pytest.fixture
def on_desktop(desktop_once):
    """The desktop's chromium; the pages a test opened are closed after it."""
    yield desktop_once
    for context in desktop_once[1].contexts:
        context.close()


@pytest.fixture
def lobby(tmp_path):
    yield from served_lobby(tmp_path, "marche", 3)


@DESKTOP_NEEDED
def test_the_table_screen_keeps_a_desktop_awake_all_evening_over_plain_http(on_desktop, lobby):
    pw, chromium, saver = on_desktop
    srv, appliance = lobby
    pages = Pages(pw, chromium, insecure(srv))
    screen = pages.open("/table", phone=False)
    screen.wait_for_selector("#lobby-seats li", timeout=T)
    assert screen.evaluate("() => [window.isSecureContext, 'wakeLock' in navigator]") == [False, False]
    holds(screen, saver, ["Video Wake Lock"], "the lobby's table screen to keep the desktop awake")
    appliance.start_lobby(fill={})  # the page reloads into the game
    screen.wait_for_selector("body[data-page=table]", timeout=T)
    holds(screen, saver, ["Video Wake Lock"], "the game's table screen to keep it awake")
    screen.goto("about:blank")
    holds(screen, saver, [], "the desktop let go once the table screen has gone")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@DESKTOP_NEEDED
def test_the_table_screen_full_screen_keeps_the_desktop_awake_from_its_frame(on_desktop, lobby):
    """Full screen, the table screen is in a frame of its page (shell.js): the frame keeps
    the desktop awake, the page no longer, through Start, and the page again after."""
    pw, chromium, saver = on_desktop
    srv, appliance = lobby
    pages = Pages(pw, chromium, insecure(srv))
    screen = pages.open("/table", phone=False)
    screen.wait_for_selector("#lobby-seats li", timeout=T)
    screen.click("#full-screen")
    frame = screen.frame_locator("iframe.whole-screen")
    frame.locator("#lobby-seats li").first.wait_for(timeout=T)
    assert screen.evaluate("Boolean(document.fullscreenElement)")
    holds(screen, saver, ["Video Wake Lock"], "the lobby in its frame to keep the desktop awake, once")
    assert screen.locator("video.awake").count() == 0 and frame.locator("video.awake").count() == 1
    appliance.start_lobby(fill={})
    frame.locator("body[data-page=table]").wait_for(timeout=T)
    holds(screen, saver, ["Video Wake Lock"], "the game in its frame to keep it awake")
    screen.evaluate("document.exitFullscreen()")
    screen.wait_for_selector("body[data-page=table] video.awake", state="attached", timeout=T)
    holds(screen, saver, ["Video Wake Lock"], "the plain page to keep it awake again")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@DESKTOP_NEEDED
def test_a_phone_keeps_its_screen_awake_while_the_count_runs_over_plain_http(on_desktop, server):
    pw, chromium, saver = on_desktop
    srv, appliance = server
    pages = Pages(pw, chromium, insecure(srv))
    page = pages.open("/")
    join(page, 0, "Ana")
    page.wait_for_timeout(500)
    assert saver.held() == []  # picking: nothing to keep awake
    others = [Phone(srv.app).join(seat, name) for seat, name in ((1, "Bo"), (2, "Cy"))]
    page.locator("#hand button").first.click()
    all_pick(others)
    holds(page, saver, ["Video Wake Lock"], "the count to keep the phone awake")
    stop(appliance, {1: 0}, wait=partial(wait_on, page))
    holds(page, saver, [], "the phone let go once the count stopped")
    assert pages.errors == [], pages.errors


@DESKTOP_NEEDED
def test_on_a_secure_page_the_wake_lock_api_keeps_the_table_screen(on_desktop, server):
    pw, chromium, saver = on_desktop
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    screen = pages.open("/table", phone=False)
    holds(screen, saver, ["Blink Wake Lock"], "the Wake Lock API to keep the desktop awake")
    assert screen.locator("video.awake").count() == 0
    screen.goto("about:blank")
    holds(screen, saver, [], "the desktop let go once the table screen has gone")
