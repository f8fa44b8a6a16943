"""An action racing the host's new game: the page's side picks the session under the table
lock (web/service.py ``GameService.run``), so the action meets the game the table has when
it runs, never an abandoned one."""

from __future__ import annotations

from web_rig import Phone


def test_an_action_whose_game_is_replaced_before_the_table_lock_acts_on_the_new_game(
    flask_app, appliance, monkeypatch
):
    web, call = flask_app.extensions["samarkand"], appliance.call
    ana = Phone(flask_app).join(0, "Ana")
    games = []

    def new_game_first(action, *args):
        """The host's new game lands just before the action takes the table lock."""
        monkeypatch.setattr(appliance, "call", call)
        games.append(web.new_game({"players": 4}))
        return call(action, *args)

    monkeypatch.setattr(appliance, "call", new_game_first)
    response = ana.post("/api/act", {"kind": "pick", "data": {"card": 7}})
    assert response.status_code == 200, response.json
    assert games == [appliance.game_id] and appliance.session.state.picks == [7, None, None, None]
