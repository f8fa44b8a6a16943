"""Test-only appliance mode: play a fixed list of engine events through the appliance path.

``python script_driver.py STORE SCRIPT.json`` opens the store as ``samarkand run`` does
(``open_store``), resumes the unfinished game or creates it from the script's setup and
seed, then acts the script's remaining decisions one by one through ``Appliance.call``
-> ``Session.act`` -> ``StoreJournal`` (draws follow by themselves, from the seed). After
each action it prints the log length: that line is the acknowledgement, written only after
the commit. No real time is involved (the countdown's lead-in is an hour and the loop is
never started), so a killed and restarted run must end exactly where an uninterrupted one
does. Exit 0 when the game is over, 3 if the stored log departs from the script.
"""

from __future__ import annotations

import json
import sys

from companion.appliance.inputs import Inputs
from companion.appliance.running import Appliance, open_store
from companion.config import load_config
from companion.core.game import Event

HOUR_MS = 3_600_000


def main(store_path: str, script_path: str) -> int:
    with open(script_path, encoding="utf-8") as f:
        script = json.load(f)
    expected = [Event.from_dict(e) for e in script["events"]]
    config = load_config(None, {"store": {"path": store_path}, "table": {"lead_in_ms": HOUR_MS}})
    store = open_store(config.store.path)
    if store.list_games() and store.unfinished() is None:
        print("finished", flush=True)
        return 0
    appliance = Appliance(config, Inputs(), store, seed=script["seed"], bots_fill_seats=False)
    if not appliance.resume():
        appliance.new_game(script["setup"])
    core = appliance.session
    log = core.match.log
    while True:
        if log != expected[: len(log)]:
            print(f"diverged at event {len(log)}", file=sys.stderr, flush=True)
            return 3
        if len(log) == len(expected):
            break
        appliance.call(core.act, expected[len(log)])
        print(len(log), flush=True)
    appliance.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
