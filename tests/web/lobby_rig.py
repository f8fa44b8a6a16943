"""The browser tests' way through the lobby the host console's new-game form opens: a bot
in each seat no phone took, then Start."""

from __future__ import annotations

from browser_rig import T


def start_from_lobby(host) -> None:
    """On the host console just sent to a lobby: fill the empty seats with bots, Start."""
    host.wait_for_selector("body[data-page=lobby_host] #lobby-seats li", timeout=T)
    while host.locator("#lobby-seats button.put-bot").count():
        empty = host.locator("#lobby-seats li.free").count()
        host.locator("#lobby-seats button.put-bot").first.click()
        host.wait_for_function(
            "(n) => document.querySelectorAll('#lobby-seats li.free').length < n", arg=empty, timeout=T
        )
    host.click("#lobby-start")
    host.wait_for_selector("body[data-page=host]", timeout=T)
