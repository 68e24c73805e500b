package postgres

import (
	"time"

	"deuce/store"
	"deuce/store/sqlstore"
)

var _ store.Players = (*DB)(nil)

// dialect is how store/sqlstore speaks to PostgreSQL.
var dialect = sqlstore.Dialect{Dollar: true, TableTime: func(t time.Time) any { return t }}

// migrationPlayers adds accounts, sessions, ratings, table settings, chat and seeks (version 4),
// the schema of store/sqlite's migration 4.
const migrationPlayers = `
CREATE TABLE accounts (
	id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	name     text NOT NULL,
	name_key text NOT NULL UNIQUE,
	password text NOT NULL,
	created  bigint NOT NULL
);
CREATE TABLE sessions (
	token_hash text PRIMARY KEY,
	account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	kind       text NOT NULL CHECK (kind IN ('web', 'bot')),
	created    bigint NOT NULL,
	expires    bigint NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id, kind);
CREATE TABLE table_info (
	table_id    text COLLATE "C" PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
	rated       integer NOT NULL,
	clock       text NOT NULL,
	clock_state text,
	accounts    text NOT NULL
);
CREATE TABLE player_tables (
	table_id   text COLLATE "C" NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       integer NOT NULL,
	account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	created    bigint NOT NULL,
	PRIMARY KEY (table_id, seat)
);
CREATE INDEX player_tables_account ON player_tables (account_id, created DESC);
CREATE TABLE ratings (
	account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game       text NOT NULL,
	rating     double precision NOT NULL,
	rd         double precision NOT NULL,
	volatility double precision NOT NULL,
	games      integer NOT NULL,
	updated    bigint NOT NULL,
	PRIMARY KEY (account_id, game)
);
CREATE INDEX ratings_game ON ratings (game, rating DESC);
CREATE TABLE rating_history (
	id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game       text NOT NULL,
	table_id   text COLLATE "C" NOT NULL,
	rating     double precision NOT NULL,
	rd         double precision NOT NULL,
	volatility double precision NOT NULL,
	at         bigint NOT NULL,
	UNIQUE (table_id, account_id)
);
CREATE INDEX rating_history_account ON rating_history (account_id, game, at);
CREATE TABLE chat (
	id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	table_id text COLLATE "C" NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	room     text NOT NULL CHECK (room IN ('players', 'spectators')),
	name     text NOT NULL,
	text     text NOT NULL,
	at       bigint NOT NULL
);
CREATE INDEX chat_table ON chat (table_id, room, id);
CREATE TABLE seeks (
	id         text COLLATE "C" PRIMARY KEY,
	account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	name       text NOT NULL,
	game       text NOT NULL,
	variant    text NOT NULL,
	clock      text NOT NULL,
	rated      integer NOT NULL,
	min_rating integer NOT NULL,
	max_rating integer NOT NULL,
	rating     integer NOT NULL,
	created    bigint NOT NULL,
	table_id   text NOT NULL
);
CREATE INDEX seeks_open ON seeks (table_id, created);
`
