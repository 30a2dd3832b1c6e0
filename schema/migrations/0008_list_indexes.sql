-- Two indexes for the games list at 50,000 games and more.
--
-- games_listed: the columns the list's conditions read besides the rank (status for flagged, dated for the
-- date filters), so that counting a date range or joining a text match to games reads an index, never the
-- wide games rows (16 ms -> 0.2 ms for date_from at 50,000 games, alone).
CREATE INDEX IF NOT EXISTS games_listed ON games (rank, status, dated);

-- Text filters of one or two characters (q=Ki) from an index too. The trigram FTS5 table games_text
-- (0002) answers texts of three characters or more; a shorter text was a LIKE over every row of it
-- (37 ms at 50,000 games, alone). games_grams holds every distinct one- and two-character piece of a
-- game's players, events and sites, folded to lower case as LIKE folds it (ASCII letters only), with the
-- fields it occurs in: 1 players, 2 event, 4 site. A filter reads one key range, in list order (rank).
-- seeplog/web/store.py (text_grams) computes the same rows for each game stored.

-- Derived from games_text alone: whatever a store holds under this name is made again.
DROP TRIGGER IF EXISTS games_grams_delete;
DROP TABLE IF EXISTS games_grams;
CREATE TABLE games_grams (
    gram TEXT NOT NULL,
    rank INTEGER NOT NULL,             -- games.rank, as games_text's rowid
    fields INTEGER NOT NULL,           -- 1 players | 2 event | 4 site
    PRIMARY KEY (gram, rank)
) WITHOUT ROWID;
CREATE INDEX games_grams_rank ON games_grams (rank);

-- The stores made before: every piece of every games_text row.
INSERT INTO games_grams (gram, rank, fields)
WITH RECURSIVE
    texts (rank, field, body) AS (
        SELECT rowid, 1, lower(players) FROM games_text WHERE players <> ''
        UNION ALL SELECT rowid, 2, lower(event) FROM games_text WHERE event <> ''
        UNION ALL SELECT rowid, 4, lower(site) FROM games_text WHERE site <> ''),
    at (rank, field, body, i) AS (
        SELECT rank, field, body, 1 FROM texts
        UNION ALL SELECT rank, field, body, i + 1 FROM at WHERE i < length(body)),
    pieces (gram, rank, field) AS (
        SELECT substr(body, i, 1), rank, field FROM at
        UNION ALL SELECT substr(body, i, 2), rank, field FROM at WHERE i < length(body))
SELECT gram, rank, sum(DISTINCT field) FROM pieces GROUP BY gram, rank;

-- It follows its game out, as games_text does.
CREATE TRIGGER games_grams_delete AFTER DELETE ON games BEGIN
    DELETE FROM games_grams WHERE rank = old.rank;
END;
