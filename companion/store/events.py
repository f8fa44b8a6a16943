"""The durable event log: every accepted action is committed before the call returns.

The engine's log is the source of truth and this store is where it lives: one SQLite
transaction per accepted action (WAL, synchronous=FULL), so a caller that tells the table
about an action only after `append` returned never announces something a power cut can take
back. Events are opaque JSON objects; they come back as JSON gives them (lists, str keys).
"""

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .clock import WallClock
from .errors import (
    FULL_BELOW,
    DamagedRecordError,
    GameClosedError,
    InvalidDataError,
    StoreError,
    UnknownGameError,
    a_folder,
    disk_full,
    free_bytes,
    translate,
    unavailable,
)
from .keeping import copy_store, keep_copy
from .lock import StoreLock
from .opening import open_connection, open_reading
from .schema import CURRENT_VERSION

JOINED_KEY = "web_seats"
"""The checkpoint in which the web keeps the seats phones joined (web/identity.py), and so
the names the players joined with; the store reads only the names (``export_jsonl``)."""
HANDS_KEY = "seat_hands"
"""The checkpoint of who acted for each seat from which event on: a person, a bot, or a
bot the decision timer let decide once (``Appliance._handed``); exported with the game."""
TALLIES_KEY = "tallies"
"""The checkpoint of what a finished game counts for its game's charts in the history
(``GameSpec.tallies``), kept when it finishes so that the history need not replay it."""
LOBBY_KEY = "lobby"
"""The setting that keeps the lobby a game is being set up in (companion/runtime/lobby.py),
so a restart before Start comes back to it with its seats; no game is stored before Start."""


@dataclass(frozen=True)
class EventRecord:
    """One stored event with its place in the log; `undone` is when it was undone, or None."""

    seq: int
    event: dict
    undone: str | None


@dataclass(frozen=True)
class GameSummary:
    """One line of `games list`: `events` counts active events; `result` is the stored result
    (None before the game is closed), read with the list so a reader of every game's (the
    history) reads the store once."""

    id: int
    game: str
    created: str
    finished: str | None
    abandoned: str | None
    events: int
    result: dict | None
    ended: str | None = None

    @property
    def winners(self) -> tuple:
        return tuple((self.result or {}).get("winners", ()))

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        if self.ended:
            return "ended"
        return "abandoned" if self.abandoned else "in progress"


def _encode(value: Any, what: str) -> str:
    if not isinstance(value, dict):
        raise InvalidDataError(f"{what} must be a dict, not {type(value).__name__}")
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidDataError(f"{what} cannot be stored as JSON: {exc}") from exc


def _a_folder(path: Path) -> bool:
    """``path`` names a folder (one that cannot even be looked at is left to the opening,
    which says why: a folder this user may not enter)."""
    try:
        return path.is_dir()
    except OSError:
        return False


class EventStore:
    """Games, their event logs, results and checkpoints in one SQLite file; thread-safe.

    ``found_empty``: the file was there but held nothing (0 bytes, say): a store was begun
    in it, and whatever it should have held was lost before.

    ``sole``: the store is held (``StoreLock``) until it is closed, and only then may a
    damaged file be moved aside: no other writer can be using it. ``read_only``: an existing
    store is read and nothing else (``open_reading``), beside a writer if one runs.
    """

    def __init__(self, path: str | Path, *, sole: bool = False, read_only: bool = False):
        self.path = Path(path).expanduser()
        if _a_folder(self.path):
            raise a_folder(self.path)
        self._held = StoreLock(self.path) if sole else None
        try:
            if read_only:
                self._conn, self.found_empty = open_reading(self.path), False
            else:
                self._conn, self.found_empty = open_connection(self.path, move_damaged=sole)
        except BaseException:
            self._let_go()
            raise
        self._lock = threading.Lock()
        self.clock = WallClock()
        """What dates games and events: the Pi's clock, or the host's phone's (clock.py)."""

    def _let_go(self) -> None:
        if self._held is not None:
            self._held.release()

    def check_writable(self) -> None:
        """Refuse, with the fix, a store SQLite could open only for reading (a read-only
        file, folder or disk) or on a full disk, before a game starts on it rather than at
        its first move. The write is rolled back, so the file is left as it was."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._conn.execute(f"PRAGMA user_version = {CURRENT_VERSION}")
                finally:
                    self._conn.execute("ROLLBACK")
            except (sqlite3.Error, OSError) as exc:
                raise unavailable(exc, self.path) from exc
        if free_bytes(self.path) < FULL_BELOW:
            raise disk_full(self.path)

    def backup(self, to: Path) -> None:
        """A whole, consistent copy of the store at ``to``, even while a table writes."""
        if to.resolve() == self.path.resolve():
            raise StoreError(f"{to} is the game store itself: name another file for the copy.")
        with self._lock:
            copy_store(self._conn, to)

    def keep_copy(self) -> Path | None:
        """The copy kept beside the store at each start (``keeping.keep_copy``)."""
        with self._lock:
            return keep_copy(self._conn, self.path)

    def close(self) -> None:
        with self._lock:
            self._conn.close()
            self._let_go()

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._conn
            except (sqlite3.Error, OSError) as exc:
                raise translate(exc, self.path) from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, committed (fsynced) before the block's caller gets control back."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException as exc:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                if isinstance(exc, (sqlite3.Error, OSError)):
                    raise translate(exc, self.path) from exc
                raise

    def _open_game(self, conn: sqlite3.Connection, game_id: int) -> None:
        """Refuse writes to a game that does not exist or is over."""
        row = conn.execute("SELECT finished, abandoned FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise self._unknown(game_id)
        if row[0] or row[1]:
            state = "finished" if row[0] else "abandoned"
            raise GameClosedError(f"Game {game_id} is {state}; it cannot be changed.")

    def _row(self, conn: sqlite3.Connection, column: str, game_id: int) -> Any:
        row = conn.execute(f"SELECT {column} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise self._unknown(game_id)
        return row[0]

    def _unknown(self, game_id: int) -> UnknownGameError:
        return UnknownGameError(f"No game {game_id} in the store {self.path}.")

    def _decode(self, text: str, what: str) -> dict:
        """A stored JSON object, or DamagedRecordError naming ``what`` and the file."""
        try:
            value = json.loads(text)
        except ValueError as exc:
            raise DamagedRecordError(
                f"{what} in the game store {self.path} is not valid JSON ({exc})"
            ) from None
        if not isinstance(value, dict):
            raise DamagedRecordError(f"{what} in the game store {self.path} is not a JSON object")
        return value

    # --- games -----------------------------------------------------------------------
    def create_game(self, game: str, config: dict) -> int:
        """A new game (`game` names the rules, e.g. "marche"); returns its id."""
        if not isinstance(game, str) or not game:
            raise InvalidDataError(f"the game name must be a non-empty string, not {game!r}")
        body = _encode(config, "the game config")
        with self._write() as conn:
            cur = conn.execute(
                "INSERT INTO games (game, config, created) VALUES (?, ?, ?)",
                (game, body, self.clock.stamp()),
            )
            assert cur.lastrowid is not None  # an INSERT into a rowid table always sets it
            return cur.lastrowid

    def config(self, game_id: int) -> dict:
        with self._read() as conn:
            body = self._row(conn, "config", game_id)
        return self._decode(body, f"Game {game_id}'s configuration")

    def game(self, game_id: int) -> str:
        """Which game it is (every store has kept it in its own column; a configuration
        stored before the registry does not name it)."""
        with self._read() as conn:
            return str(self._row(conn, "game", game_id))

    def finish(self, game_id: int, result: dict) -> None:
        """Close the game keeping its result (final scores; a "winners" list is summarised)."""
        body = _encode(result, "the game result")
        if not isinstance(result.get("winners", []), list):
            raise InvalidDataError('the result\'s "winners" must be a list')
        with self._write() as conn:
            self._open_game(conn, game_id)
            conn.execute(
                "UPDATE games SET finished = ?, result = ? WHERE id = ?",
                (self.clock.stamp(), body, game_id),
            )

    def result(self, game_id: int) -> dict | None:
        with self._read() as conn:
            body = self._row(conn, "result", game_id)
        return None if body is None else self._decode(body, f"Game {game_id}'s result")

    def amend_result(self, game_id: int, result: dict) -> None:
        """Replace a closed game's result: the table overrode a discard or accepted the scores."""
        body = _encode(result, "the game result")
        with self._write() as conn:
            row = conn.execute("SELECT finished, abandoned FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise self._unknown(game_id)
            if not (row[0] or row[1]):
                raise GameClosedError(f"Game {game_id} is still being played; it has no result yet.")
            conn.execute("UPDATE games SET result = ? WHERE id = ?", (body, game_id))

    def abandon(self, game_id: int) -> None:
        """Close an unfinished game without a result; it stays in the list and exports."""
        with self._write() as conn:
            self._open_game(conn, game_id)
            conn.execute("UPDATE games SET abandoned = ? WHERE id = ?", (self.clock.stamp(), game_id))

    def end(self, game_id: int) -> None:
        """The host ended an unfinished game early: closed like an abandoned one (no result
        of the engine's), but listed as ended, not abandoned."""
        with self._write() as conn:
            self._open_game(conn, game_id)
            now = self.clock.stamp()
            conn.execute("UPDATE games SET abandoned = ?, ended = ? WHERE id = ?", (now, now, game_id))

    def unfinished(self) -> int | None:
        """The newest game that is neither finished nor abandoned: the one to resume."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT id FROM games WHERE finished IS NULL AND abandoned IS NULL ORDER BY id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else row[0]

    def last_closed(self) -> tuple[int, bool] | None:
        """The newest game, with whether the host ended it, if the table closed it (it was
        finished, or ended) rather than abandoning it: the results a restart shows again."""
        with self._read() as conn:
            row = conn.execute("SELECT id, finished, ended FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None or not (row[1] or row[2]) else (row[0], row[2] is not None)

    def list_games(self) -> list[GameSummary]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT g.id, g.game, g.created, g.finished, g.abandoned, g.ended, g.result, "
                "(SELECT COUNT(*) FROM events e WHERE e.game_id = g.id AND e.undone IS NULL) "
                "FROM games g ORDER BY g.id"
            ).fetchall()
        return [
            GameSummary(
                id=gid,
                game=game,
                created=created,
                finished=finished,
                abandoned=abandoned,
                ended=ended,
                events=count,
                result=None if result is None else self._decode(result, f"Game {gid}'s result"),
            )
            for gid, game, created, finished, abandoned, ended, result, count in rows
        ]

    # --- the log ---------------------------------------------------------------------
    def append(self, game_id: int, event: dict) -> int:
        """Commit one event; returns its seq."""
        return self.append_many(game_id, [event])

    def append_many(
        self, game_id: int, events: list[dict], checkpoints: dict[str, dict] | None = None
    ) -> int:
        """Commit an action with its automatic chance events atomically, and with it the
        checkpoints that explain it (a stop's evidence); returns the last seq."""
        if not events:
            raise InvalidDataError("append_many needs at least one event")
        bodies = [_encode(event, f"event {i}") for i, event in enumerate(events)]
        kept = {key: _encode(value, f"checkpoint {key!r}") for key, value in (checkpoints or {}).items()}
        with self._write() as conn:
            self._open_game(conn, game_id)
            (last,) = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
            conn.executemany(
                "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
                [(game_id, last + i, body) for i, body in enumerate(bodies, start=1)],
            )
            for key, body in kept.items():
                self._keep_checkpoint(conn, game_id, key, body)
            return last + len(bodies)

    def undo_to(self, game_id: int, seq: int, reopen: bool = False) -> int:
        """Mark active events with seq >= `seq` undone (kept for history); returns how many.
        ``reopen``: the table took back the move that finished the game, so a finished
        (not abandoned) game is open again, its result cleared, in the same transaction."""
        with self._write() as conn:
            if reopen:
                conn.execute(
                    "UPDATE games SET finished = NULL, result = NULL WHERE id = ? AND abandoned IS NULL",
                    (game_id,),
                )
            self._open_game(conn, game_id)
            if (
                conn.execute(
                    "SELECT 1 FROM events WHERE game_id = ? AND seq = ? AND undone IS NULL",
                    (game_id, seq),
                ).fetchone()
                is None
            ):
                raise InvalidDataError(f"Game {game_id} has no active event {seq} to undo to.")
            cur = conn.execute(
                "UPDATE events SET undone = ? WHERE game_id = ? AND seq >= ? AND undone IS NULL",
                (self.clock.stamp(), game_id, seq),
            )
            return cur.rowcount

    def records(self, game_id: int, include_undone: bool = False) -> list[EventRecord]:
        """The log in seq order; undone events only when asked for (history). A damaged
        event is named by its seq."""
        return [
            EventRecord(seq, self._event(game_id, seq, body), undone)
            for seq, body, undone in self._rows(game_id, include_undone)
        ]

    def _rows(self, game_id: int, include_undone: bool) -> list[tuple[int, str, str | None]]:
        where = "" if include_undone else " AND undone IS NULL"
        with self._read() as conn:
            self._row(conn, "id", game_id)
            return conn.execute(
                f"SELECT seq, body, undone FROM events WHERE game_id = ?{where} ORDER BY seq",
                (game_id,),
            ).fetchall()

    def _event(self, game_id: int, seq: int, body: str) -> dict:
        return self._decode(body, f"Game {game_id}'s event seq {seq}")

    def events(self, game_id: int) -> list[dict]:
        """The active events in order: what replay applies."""
        return [record.event for record in self.records(game_id)]

    # --- runtime state outside the engine --------------------------------------------
    def set_checkpoint(self, game_id: int, key: str, value: dict) -> None:
        """Commit a piece of runtime state (e.g. where the countdown stood) for a resume."""
        body = _encode(value, f"checkpoint {key!r}")
        with self._write() as conn:
            self._open_game(conn, game_id)
            self._keep_checkpoint(conn, game_id, key, body)

    def _keep_checkpoint(self, conn: sqlite3.Connection, game_id: int, key: str, body: str) -> None:
        conn.execute(
            "INSERT INTO checkpoints (game_id, key, value, updated) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, key) DO UPDATE SET value = excluded.value, "
            "updated = excluded.updated",
            (game_id, key, body, self.clock.stamp()),
        )

    def checkpoint(self, game_id: int, key: str) -> dict | None:
        with self._read() as conn:
            self._row(conn, "id", game_id)
            row = conn.execute(
                "SELECT value FROM checkpoints WHERE game_id = ? AND key = ?", (game_id, key)
            ).fetchone()
        return None if row is None else self._decode(row[0], f"Game {game_id}'s checkpoint {key!r}")

    # --- the table's settings outside any game ---------------------------------------
    def setting(self, key: str) -> dict | None:
        """A setting kept outside every game (the lobby being set up: ``LOBBY_KEY``)."""
        with self._read() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else self._decode(row[0], f"The setting {key!r}")

    def set_setting(self, key: str, value: dict | None) -> None:
        """Commit a setting (None: forget it)."""
        body = None if value is None else _encode(value, f"setting {key!r}")
        with self._write() as conn:
            if body is None:
                conn.execute("DELETE FROM settings WHERE key = ?", (key,))
            else:
                conn.execute(
                    "INSERT INTO settings (key, value, updated) VALUES (?, ?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                    "updated = excluded.updated",
                    (key, body, self.clock.stamp()),
                )

    # --- the history's records: merged names, hidden games ------------------------------
    def merge_name(self, name: str, into: str) -> None:
        """Count ``name``'s games as ``into``'s in the statistics (two names, one person);
        the games keep the names they were played with."""
        with self._write() as conn:
            conn.execute(
                "INSERT INTO merged_names (name, into_name, merged) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET into_name = excluded.into_name, merged = excluded.merged",
                (name, into, self.clock.stamp()),
            )

    def separate_name(self, name: str) -> None:
        """Undo ``merge_name``: ``name`` has its own record again."""
        with self._write() as conn:
            conn.execute("DELETE FROM merged_names WHERE name = ?", (name,))

    def merged_names(self) -> dict[str, str]:
        """Each merged name and the name it counts as."""
        with self._read() as conn:
            return dict(conn.execute("SELECT name, into_name FROM merged_names ORDER BY name").fetchall())

    def hide_game(self, game_id: int, hidden: bool) -> None:
        """Leave a game out of the statistics (a test game), or count it again; it stays
        stored, listed and exported."""
        with self._write() as conn:
            self._row(conn, "id", game_id)
            if hidden:
                conn.execute(
                    "INSERT OR IGNORE INTO hidden_games (game_id, hidden) VALUES (?, ?)",
                    (game_id, self.clock.stamp()),
                )
            else:
                conn.execute("DELETE FROM hidden_games WHERE game_id = ?", (game_id,))

    def hidden_games(self) -> frozenset[int]:
        with self._read() as conn:
            return frozenset(gid for (gid,) in conn.execute("SELECT game_id FROM hidden_games").fetchall())

    # --- export ----------------------------------------------------------------------
    def seat_names(self, game_id: int, config: dict) -> list | None:
        """Each seat's name as the table read it: the name a phone joined with (the web's
        checkpoint, ``JOINED_KEY``), else the setup's."""
        setup = config.get("setup")
        if not isinstance(setup, dict):
            setup = {}
        names = list(setup.get("names") or [])
        joined = (self.checkpoint(game_id, JOINED_KEY) or {}).get("seats", {})
        for seat, entry in joined.items():
            if str(seat).isdecimal() and isinstance(entry, dict) and "name" in entry:
                names += [None] * (int(seat) + 1 - len(names))
                names[int(seat)] = entry["name"]
        return names or None

    def export_jsonl(self, game_id: int, out: TextIO) -> int:
        """Write a header line then every event (undone ones flagged); returns event lines.

        A damaged event is exported as its stored text with what is wrong with it, so the
        export shows a log that no longer replays."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT id, game, config, created, finished, result, abandoned, ended "
                "FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None:
            raise self._unknown(game_id)
        gid, game, config, created, finished, result, abandoned, ended = row
        header = {
            "type": "game",
            "schema": CURRENT_VERSION,
            "id": gid,
            "game": game,
            "created": created,
            "finished": finished,
            "abandoned": abandoned,
            "ended": ended,
            "config": self._decode(config, f"Game {gid}'s configuration"),
            "result": self._decode(result, f"Game {gid}'s result") if result else None,
        }
        header["names"] = self.seat_names(game_id, header["config"])
        header["hands"] = (self.checkpoint(game_id, HANDS_KEY) or {}).get("changes", [])
        rows = self._rows(game_id, include_undone=True)
        out.write(json.dumps(header) + "\n")
        for seq, body, undone in rows:
            line = {"type": "event", "seq": seq, "undone": undone}
            try:
                line["event"] = self._event(game_id, seq, body)
            except DamagedRecordError as damage:
                line.update(damaged=str(damage), body=body)
            out.write(json.dumps(line) + "\n")
        return len(rows)
