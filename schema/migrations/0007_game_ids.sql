-- seeplog: foreign keys off
-- A game's id is never given again (issue 23): `games` is made again with `id INTEGER PRIMARY KEY
-- AUTOINCREMENT`, every row kept with its id. SQLite cannot add AUTOINCREMENT to a table, so this is its
-- documented twelve-step change (lang_altertable.html#otheralter): the marker above makes `migrate` turn
-- foreign keys off around this script (so dropping the old table deletes none of the rows that refer to
-- it) and check them all before it commits. The indexes and triggers on `games` (0002's, 0005's) are made again.

CREATE TABLE games_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,         -- sha256 of the log text, line endings and outer blank lines aside
    raw TEXT NOT NULL,                 -- the upload exactly as it came
    format TEXT NOT NULL,              -- 'seep' (notation) or 'json' (the JSON form of schema/log.schema.json)
    filename TEXT,
    uploaded TEXT NOT NULL,            -- ISO 8601, UTC
    -- derived by replay of the text:
    text TEXT NOT NULL,                -- the notation text read: the raw text itself, or the JSON form written out
    canonical TEXT NOT NULL,
    tags TEXT NOT NULL,                -- JSON object: the first game's tags
    variant TEXT NOT NULL,
    event TEXT,
    site TEXT,
    date TEXT,
    players TEXT NOT NULL,             -- JSON object seat -> name, first game
    game_count INTEGER NOT NULL,
    deal_count INTEGER NOT NULL,
    violation_count INTEGER NOT NULL,
    error_count INTEGER NOT NULL,
    status INTEGER NOT NULL,           -- 0 clean, 1 violations, 2 errors (as the command line's exit status)
    result TEXT NOT NULL,
    rank INTEGER,
    dated INTEGER NOT NULL DEFAULT 0,  -- 1: listed under its Date tag
    report TEXT,                       -- the JSON report (REPORT.md) of the log
    derived_with TEXT                  -- the library version that derived it
);

INSERT INTO games_new (id, hash, raw, format, filename, uploaded, text, canonical, tags, variant, event, site, date,
                       players, game_count, deal_count, violation_count, error_count, status, result, rank, dated,
                       report, derived_with)
    SELECT id, hash, raw, format, filename, uploaded, text, canonical, tags, variant, event, site, date,
           players, game_count, deal_count, violation_count, error_count, status, result, rank, dated,
           report, derived_with
    FROM games;

-- The highest id ever given, as far as the store can tell: a game since deleted may have held a higher one
-- only if its token or history outlived it.
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'games', max(coalesce((SELECT max(id) FROM games), 0),
                        coalesce((SELECT max(game_id) FROM game_tokens), 0),
                        coalesce((SELECT max(game_id) FROM game_history), 0))
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'games');
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(game_id) FROM game_tokens), 0),
                                     coalesce((SELECT max(game_id) FROM game_history), 0))
    WHERE name = 'games';

DROP TABLE games;
ALTER TABLE games_new RENAME TO games;

CREATE INDEX games_uploaded ON games (uploaded);
CREATE INDEX games_date ON games (date);
CREATE INDEX games_variant ON games (variant);
CREATE UNIQUE INDEX games_rank ON games (rank);
CREATE INDEX games_flagged_rank ON games (rank) WHERE status > 0;

CREATE TRIGGER games_text_delete AFTER DELETE ON games BEGIN
    DELETE FROM games_text WHERE rowid = old.rank;
END;
CREATE TRIGGER games_clubs_date AFTER UPDATE OF date ON games WHEN old.date IS NOT new.date BEGIN
    UPDATE clubs_version SET version = version + 1;
END;
