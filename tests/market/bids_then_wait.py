"""Test-only: a Samarkand Market table that takes two sealed bids and then waits to be killed.

``python bids_then_wait.py STORE`` opens the store as ``samarkand run`` does, starts a
three-player digital game (seed 5), seals the bids of seats 1 and 2 (13 and 29 piasters)
through ``Appliance.call`` -> ``Session.act`` -> the store's journal, prints ``ready`` once
both are committed, and sleeps until it is killed.
"""

from __future__ import annotations

import sys
import time

from companion.appliance.inputs import Inputs
from companion.appliance.running import Appliance, open_store
from companion.config import load_config
from companion.core.game import Event
from companion.core.registry import game_spec

BIDS = {0: 13, 1: 29}


def main(store_path: str) -> int:
    config = load_config(None, {"store": {"path": store_path}})
    appliance = Appliance(config, Inputs(), open_store(config.store.path), seed=5, bots_fill_seats=False)
    appliance.new_game(game_spec("market").setup(3), game="market")
    session = appliance.session
    for seat, amount in BIDS.items():
        appliance.call(session.act, Event("bid", seat, {"amount": amount}))
    print("ready", flush=True)
    time.sleep(600)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
