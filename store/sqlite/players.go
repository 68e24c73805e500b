package sqlite

import (
	"time"

	"deuce/store"
	"deuce/store/sqlstore"
)

var _ store.Players = (*DB)(nil)

// dialect is how store/sqlstore speaks to SQLite.
var dialect = sqlstore.Dialect{TableTime: func(t time.Time) any { return t.UnixMilli() }}

// migrationPlayers adds accounts, sessions, ratings, table settings, chat and seeks (version 4).
const migrationPlayers = `
CREATE TABLE accounts (
	id       INTEGER PRIMARY KEY,
	name     TEXT NOT NULL,
	name_key TEXT NOT NULL UNIQUE, -- the name in lower case: names are unique without regard to case
	password TEXT NOT NULL, -- argon2id hash in PHC format
	created  INTEGER NOT NULL -- Unix milliseconds, as every time below
) STRICT;
CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY, -- hex SHA-256 of the secret the client holds
	account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	kind       TEXT NOT NULL CHECK (kind IN ('web', 'bot')),
	created    INTEGER NOT NULL,
	expires    INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_account ON sessions (account_id, kind);
CREATE TABLE table_info (
	table_id    TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
	rated       INTEGER NOT NULL,
	clock       TEXT NOT NULL,
	clock_state TEXT, -- JSON clock.Saved
	accounts    TEXT NOT NULL -- JSON array: the account of each seat, 0 for none
) STRICT;
CREATE TABLE player_tables (
	table_id   TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL,
	account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	created    INTEGER NOT NULL,
	PRIMARY KEY (table_id, seat)
) STRICT;
CREATE INDEX player_tables_account ON player_tables (account_id, created DESC);
CREATE TABLE ratings (
	account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game       TEXT NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL,
	updated    INTEGER NOT NULL,
	PRIMARY KEY (account_id, game)
) STRICT;
CREATE INDEX ratings_game ON ratings (game, rating DESC);
CREATE TABLE rating_history (
	id         INTEGER PRIMARY KEY,
	account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game       TEXT NOT NULL,
	table_id   TEXT NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	volatility REAL NOT NULL,
	at         INTEGER NOT NULL,
	UNIQUE (table_id, account_id)
) STRICT;
CREATE INDEX rating_history_account ON rating_history (account_id, game, at);
CREATE TABLE chat (
	id       INTEGER PRIMARY KEY,
	table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	room     TEXT NOT NULL CHECK (room IN ('players', 'spectators')),
	name     TEXT NOT NULL,
	text     TEXT NOT NULL,
	at       INTEGER NOT NULL
) STRICT;
CREATE INDEX chat_table ON chat (table_id, room, id);
CREATE TABLE seeks (
	id         TEXT PRIMARY KEY,
	account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	name       TEXT NOT NULL,
	game       TEXT NOT NULL,
	variant    TEXT NOT NULL,
	clock      TEXT NOT NULL,
	rated      INTEGER NOT NULL,
	min_rating INTEGER NOT NULL,
	max_rating INTEGER NOT NULL,
	rating     INTEGER NOT NULL,
	created    INTEGER NOT NULL,
	table_id   TEXT NOT NULL -- '' while open
) STRICT;
CREATE INDEX seeks_open ON seeks (table_id, created);
`
