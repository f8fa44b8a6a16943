"""A committed append survives the writer being killed with SIGKILL."""

import signal
import subprocess
import sys
import textwrap

from companion.store import EventStore

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from companion.store import EventStore
    store = EventStore(sys.argv[1])
    game = store.unfinished() or store.create_game("marche", {"players": 2})
    limit = int(sys.argv[2])
    i = 0
    while limit < 0 or i < limit:
        seq = store.append(game, {"kind": "step", "actor": i % 2, "data": {"i": i}})
        print(seq, flush=True)  # the acknowledgement: only after append returned
        i += 1
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def _child(path, limit):
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(limit)], stdout=subprocess.PIPE, text=True
    )


def test_events_appended_before_sigkill_are_all_there(tmp_path):
    path = tmp_path / "companion.db"
    proc = _child(path, 25)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert out.split() == [str(n) for n in range(1, 26)]
    with EventStore(path) as store:
        game = store.unfinished()
        assert store.events(game) == [{"kind": "step", "actor": i % 2, "data": {"i": i}} for i in range(25)]


def test_kill_mid_stream_keeps_every_acknowledged_event_and_no_partial_one(tmp_path):
    path = tmp_path / "companion.db"
    for acked_before_kill in (3, 11, 7):
        proc = _child(path, -1)
        acked = [int(proc.stdout.readline()) for _ in range(acked_before_kill)]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        with EventStore(path) as store:
            records = store.records(store.unfinished())
        seqs = [r.seq for r in records]
        assert seqs == list(range(1, len(seqs) + 1))  # no gap, no torn event
        assert set(acked) <= set(seqs)
        assert all(r.event["kind"] == "step" for r in records)
