-- The games list answers from indexes whatever the number of games: one integer sort key, the
-- variants of a file in a table ordered by it, and the searched text (players, event, site) in a
-- trigram FTS5 table whose rowid is that key. Also each log's stored report, and the library
-- version that derived each game's rows (a store re-derived in the background knows what is left).

-- rank: the day the game is listed under (its Date tag when a valid YYYY-MM-DD, else the upload
-- day) as a day number (0001-01-01 is 1) shifted left 32 bits, plus the id. Newest first is rank
-- descending. seeplog/web/store.py (rank_of) computes the same.
ALTER TABLE games ADD COLUMN rank INTEGER;
ALTER TABLE games ADD COLUMN dated INTEGER NOT NULL DEFAULT 0;  -- 1: listed under its Date tag
ALTER TABLE games ADD COLUMN report TEXT;                       -- the JSON report (REPORT.md) of the log
ALTER TABLE games ADD COLUMN derived_with TEXT;                 -- the library version that derived it

UPDATE games SET dated = coalesce(date(date) = date, 0);
UPDATE games SET rank = (CAST(julianday(CASE WHEN dated THEN date ELSE substr(uploaded, 1, 10) END)
                              - 1721424.5 AS INTEGER) << 32) + id;
UPDATE games SET derived_with = (SELECT value FROM meta WHERE key = 'derived_with');

CREATE UNIQUE INDEX games_rank ON games (rank);
CREATE INDEX games_flagged_rank ON games (rank) WHERE status > 0;

-- The variants a file's games are played in (most files: one).
CREATE TABLE game_variants (
    variant TEXT NOT NULL,
    rank INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (variant, rank)
) WITHOUT ROWID;
CREATE INDEX game_variants_game ON game_variants (game_id);

INSERT OR IGNORE INTO game_variants (variant, rank, game_id)
    SELECT variant, rank, id FROM games
    UNION SELECT t.value, g.rank, g.id FROM game_tags t JOIN games g ON g.id = t.game_id WHERE t.name = 'Variant';

-- Every player name, event and site of a file, one per line; rowid = games.rank.
CREATE VIRTUAL TABLE games_text USING fts5 (players, event, site, tokenize = 'trigram');

INSERT INTO games_text (rowid, players, event, site)
    SELECT g.rank,
           coalesce((SELECT group_concat(p.name, char(10)) FROM players p WHERE p.game_id = g.id), ''),
           coalesce((SELECT group_concat(t.value, char(10)) FROM game_tags t
                     WHERE t.game_id = g.id AND t.name = 'Event'), ''),
           coalesce((SELECT group_concat(t.value, char(10)) FROM game_tags t
                     WHERE t.game_id = g.id AND t.name = 'Site'), '')
    FROM games g;

-- games_text is no foreign-key table: it follows its game out.
CREATE TRIGGER games_text_delete AFTER DELETE ON games BEGIN
    DELETE FROM games_text WHERE rowid = old.rank;
END;
