-- Players (issue 22): the people behind the seat tags' names. Only the alias -> player mapping and the
-- administrators' token hashes are kept; every record, head-to-head and rating is derived from the games'
-- derived rows. `name_key` is the name case-folded with its spaces collapsed (seeplog.clubs.players.name_key,
-- registered on each connection as the SQL function seep_name_key).

CREATE TABLE club_players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,                -- the display name: the first spelling seen, until renamed
    merged_into INTEGER REFERENCES club_players (id),  -- set when merged: its page then leads to that player
    created TEXT NOT NULL              -- ISO 8601, UTC
);

CREATE TABLE player_aliases (
    key TEXT PRIMARY KEY,              -- name_key of a name
    name TEXT NOT NULL,                -- its first spelling seen
    player_id INTEGER NOT NULL REFERENCES club_players (id)
);
CREATE INDEX player_aliases_player ON player_aliases (player_id);

CREATE TABLE admin_tokens (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,   -- sha256 of the token, hex; the token itself is shown once, never kept
    created TEXT NOT NULL
);

-- Derived: each seat's name key (NULL for a seat no tag names) and its team (two-player: the seat).
ALTER TABLE players ADD COLUMN name_key TEXT;
ALTER TABLE players ADD COLUMN team TEXT;
UPDATE players SET name_key = nullif(nullif(nullif(seep_name_key(name), ''), '?'), '-')
    WHERE name NOT IN ('N', 'W', 'S', 'E');
UPDATE players SET team = CASE
    WHEN (SELECT count(*) FROM players o WHERE o.game_id = players.game_id AND o.game = players.game) = 2 THEN seat
    WHEN seat IN ('N', 'S') THEN 'NS' ELSE 'EW' END;
CREATE INDEX players_name_key ON players (name_key);

-- Derived: each sweep of a deal, with its seat (from the stored reports; new games from their replay).
CREATE TABLE sweeps (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    position INTEGER NOT NULL,
    play INTEGER NOT NULL,
    seat TEXT NOT NULL,
    points INTEGER NOT NULL
);
CREATE INDEX sweeps_game ON sweeps (game_id);
INSERT INTO sweeps (game_id, game, position, play, seat, points)
    SELECT g.id, gi.key + 1, di.key + 1, json_extract(s.value, '$.play'), json_extract(s.value, '$.seat'),
           json_extract(s.value, '$.points')
    FROM games g, json_each(g.report, '$.games') gi, json_each(gi.value, '$.deals') di,
         json_each(di.value, '$.sweeps') s
    WHERE g.report IS NOT NULL;

-- A player for each name already stored, named by its first spelling.
INSERT INTO club_players (name, created)
    SELECT p.name, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now') FROM players p
    WHERE p.name_key IS NOT NULL AND p.rowid IN (SELECT min(rowid) FROM players GROUP BY name_key)
    ORDER BY p.rowid;
INSERT INTO player_aliases (key, name, player_id) SELECT seep_name_key(name), name, id FROM club_players;

-- What the ratings and records were derived from changes with these tables: a counter the caches compare.
CREATE TABLE clubs_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO clubs_version VALUES (1, 0);
CREATE TRIGGER ledger_clubs_insert AFTER INSERT ON ledger WHEN new.baazi IS NOT NULL BEGIN
    UPDATE clubs_version SET version = version + 1;
END;
CREATE TRIGGER ledger_clubs_delete AFTER DELETE ON ledger WHEN old.baazi IS NOT NULL BEGIN
    UPDATE clubs_version SET version = version + 1;
END;
CREATE TRIGGER aliases_clubs_update AFTER UPDATE ON player_aliases BEGIN
    UPDATE clubs_version SET version = version + 1;
END;
CREATE TRIGGER games_clubs_date AFTER UPDATE OF date ON games WHEN old.date IS NOT new.date BEGIN
    UPDATE clubs_version SET version = version + 1;
END;
