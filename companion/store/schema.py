"""The store's schema as an ordered list of migrations; PRAGMA user_version counts them.

A released migration is never edited: a change to the schema is a new entry at the end, so
every store ever written can be brought to the current version and nothing in it is lost.
"""

import sqlite3

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: games and their event log.
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            config TEXT NOT NULL,
            created TEXT NOT NULL,
            finished TEXT,
            result TEXT,
            abandoned TEXT
        )""",
        """CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""",
    ),
    # 2: undo marks events instead of deleting them; runtime checkpoints outside the engine.
    (
        "ALTER TABLE events ADD COLUMN undone TEXT",
        """CREATE TABLE checkpoints (
            game_id INTEGER NOT NULL REFERENCES games(id),
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated TEXT NOT NULL,
            PRIMARY KEY (game_id, key)
        )""",
    ),
    # 3: a game the host ended early is told apart from one abandoned for a new game.
    ("ALTER TABLE games ADD COLUMN ended TEXT",),
    # 4: the table's own settings outside any game: the lobby a game is being set up in.
    (
        """CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
    ),
    # 5: the history's own records, beside the games they speak of: two names that are one
    # person (Amélie, Amelie), and games left out of the statistics (a test game).
    (
        """CREATE TABLE merged_names (
            name TEXT PRIMARY KEY,
            into_name TEXT NOT NULL,
            merged TEXT NOT NULL
        )""",
        """CREATE TABLE hidden_games (
            game_id INTEGER PRIMARY KEY REFERENCES games(id),
            hidden TEXT NOT NULL
        )""",
    ),
)

CURRENT_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, start: int, stop: int = CURRENT_VERSION) -> None:
    """Apply migrations start+1..stop and set user_version, all in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statements in MIGRATIONS[start:stop]:
            for statement in statements:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {int(stop)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def expected_tables(version: int) -> frozenset[str]:
    """The tables a store at `version` must have (built by running the migrations in memory)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, 0, version)
        return table_names(conn)
    finally:
        conn.close()


def table_names(conn: sqlite3.Connection) -> frozenset[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return frozenset(name for (name,) in rows)
