"""Every game has the page module and the style the shell's pages link by convention
(web/templates/base.html links /games/NAME/game.js and game.css for the game in play): a
game without one would make every page's browser refuse the answer (a JSON 404 is no
stylesheet), so each registered game's two files are served with their own types."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)

from companion.core.registry import game_specs

GAMES = sorted(spec.name for spec in game_specs() if spec.renderer)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("filename", "mimetype"), [("game.js", "text/javascript"), ("game.css", "text/css")])
def test_each_game_serves_its_page_module_and_its_style(phone, name, filename, mimetype):
    answer = phone().get(f"/games/{name}/{filename}")
    assert answer.status_code == 200, (name, filename)
    assert answer.mimetype == mimetype and answer.data.strip()


def test_a_missing_asset_is_a_404(phone):
    assert phone().get("/games/urn/nothing.css").status_code == 404
    assert phone().get("/games/no-such-game/game.css").status_code == 404
