-- Ratings kept (issue 22, scale): the players' and partnerships' ratings and their history, derived by the
-- library's pure function (seeplog.clubs.ratings.rate_steps) from the rated baazis in order, and brought up to
-- date as games are stored, corrected or deleted and players merged or split (seeplog/web/clubs/ratings_store.py).
-- An order is (date, game_id, game, position): the baazi's date (its game's Date tag, else the log's date,
-- else ''), its log, its game in the log, its deal in the game.

-- The input: each rated baazi, its winning and losing team as player ids joined by '-' ("3-17").
CREATE TABLE rating_baazis (
    date TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    game INTEGER NOT NULL,
    position INTEGER NOT NULL,
    winner TEXT NOT NULL,
    loser TEXT NOT NULL,
    PRIMARY KEY (date, game_id, game, position)
) WITHOUT ROWID;
CREATE INDEX rating_baazis_game ON rating_baazis (game_id);

-- Each rating after each of its baazis (kind 'player': who is a player id; 'partnership': its players' ids).
CREATE TABLE rating_history (
    kind TEXT NOT NULL,
    who TEXT NOT NULL,
    date TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    game INTEGER NOT NULL,
    position INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    baazis INTEGER NOT NULL,           -- rated baazis so far
    won INTEGER NOT NULL,              -- of which won
    PRIMARY KEY (kind, who, date, game_id, game, position)
) WITHOUT ROWID;
CREATE INDEX rating_history_order ON rating_history (date, game_id, game, position);

-- Each one's rating now: its last row of rating_history (the leaderboard reads it by rank).
CREATE TABLE ratings (
    kind TEXT NOT NULL,
    who TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,             -- mu - 3 sigma
    baazis INTEGER NOT NULL,
    won INTEGER NOT NULL,
    PRIMARY KEY (kind, who)
) WITHOUT ROWID;
CREATE INDEX ratings_rank ON ratings (kind, ordinal DESC, mu DESC, who);

-- The games whose rated baazis may have changed since the ratings were brought up to date (game NULL: every
-- game of the log; game_id NULL: every game). Triggers add them; the write that adds them takes them away.
CREATE TABLE ratings_pending (
    id INTEGER PRIMARY KEY,
    game_id INTEGER,
    game INTEGER
);

-- stale_from: the order from which rating_history is being made again off the request path (NULL: up to
-- date); moved_from: the first order changed while that runs; running_since: when a process took that work.
CREATE TABLE ratings_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    stale_from TEXT,                   -- JSON [date, game_id, game, position]
    moved_from TEXT,
    running_since REAL,
    derived_with TEXT,                 -- the library fingerprint the ratings were derived with
    version INTEGER NOT NULL DEFAULT 0 -- moves when a kept rating or a player's name changes (pages cache by it)
);
INSERT INTO ratings_state (id) VALUES (1);
CREATE TRIGGER player_name_ratings_version AFTER UPDATE OF name ON club_players BEGIN
    UPDATE ratings_state SET version = version + 1;
END;

-- How many ratings of each kind (the leaderboard's pages), kept by triggers: a count of 100,000 index entries
-- at each view would cost milliseconds.
CREATE TABLE rating_counts (kind TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO rating_counts VALUES ('player', 0), ('partnership', 0);
CREATE TRIGGER ratings_count_insert AFTER INSERT ON ratings BEGIN
    UPDATE rating_counts SET n = n + 1 WHERE kind = new.kind;
END;
CREATE TRIGGER ratings_count_delete AFTER DELETE ON ratings BEGIN
    UPDATE rating_counts SET n = n - 1 WHERE kind = old.kind;
END;
INSERT INTO ratings_pending (game_id, game) VALUES (NULL, NULL);

CREATE TRIGGER ledger_ratings_insert AFTER INSERT ON ledger WHEN new.baazi IS NOT NULL BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (new.game_id, new.game);
END;
CREATE TRIGGER ledger_ratings_delete AFTER DELETE ON ledger WHEN old.baazi IS NOT NULL BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (old.game_id, old.game);
END;
CREATE TRIGGER ledger_ratings_update AFTER UPDATE ON ledger BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (old.game_id, old.game), (new.game_id, new.game);
END;
CREATE TRIGGER players_ratings_insert AFTER INSERT ON players BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (new.game_id, new.game);
END;
CREATE TRIGGER players_ratings_delete AFTER DELETE ON players BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (old.game_id, old.game);
END;
CREATE TRIGGER players_ratings_update AFTER UPDATE ON players BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (old.game_id, old.game), (new.game_id, new.game);
END;
CREATE TRIGGER date_tag_ratings_insert AFTER INSERT ON game_tags WHEN new.name = 'Date' BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (new.game_id, new.game);
END;
CREATE TRIGGER date_tag_ratings_delete AFTER DELETE ON game_tags WHEN old.name = 'Date' BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (old.game_id, old.game);
END;
CREATE TRIGGER date_tag_ratings_update AFTER UPDATE ON game_tags WHEN old.name = 'Date' OR new.name = 'Date' BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (old.game_id, old.game), (new.game_id, new.game);
END;
CREATE TRIGGER games_ratings_date AFTER UPDATE OF date ON games WHEN old.date IS NOT new.date BEGIN
    INSERT INTO ratings_pending (game_id, game) VALUES (new.id, NULL);
END;
CREATE TRIGGER aliases_ratings_update AFTER UPDATE OF player_id ON player_aliases
    WHEN old.player_id IS NOT new.player_id BEGIN
    INSERT INTO ratings_pending (game_id, game) SELECT DISTINCT game_id, game FROM players WHERE name_key = new.key;
END;

-- The clubs pages read each game's date and variant by this index: the games row itself starts with the whole
-- log, which a lookup of a later column reads through (4.8 ms for a player's 100 games at 50,000 games; 0.2 ms).
CREATE INDEX games_clubs ON games (id, date, variant);
