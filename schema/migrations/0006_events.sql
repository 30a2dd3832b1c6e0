-- Events (issue 22): an organiser's evening of many tables. The event, its partnerships and its tables are
-- kept; each table is a live game (a row of `games`), and the standings are derived from those games' rows.

CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    date TEXT,                         -- YYYY-MM-DD
    place TEXT,
    variant TEXT NOT NULL,
    baazi_target INTEGER,              -- NULL: the variant's own
    format TEXT NOT NULL,              -- 'round-robin'
    token_hash TEXT NOT NULL,          -- sha256 of the organiser token; the token itself is shown once
    created TEXT NOT NULL
);

CREATE TABLE event_pairs (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,           -- 1, 2, ... in the order entered
    first INTEGER NOT NULL REFERENCES club_players (id),
    second INTEGER REFERENCES club_players (id),  -- NULL in a two-player variant
    PRIMARY KEY (event_id, number)
);

CREATE TABLE event_tables (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,           -- the table's number in its round
    pair_a INTEGER NOT NULL,           -- sits North-South (two-player: North)
    pair_b INTEGER,                    -- sits East-West (two-player: South); NULL: pair_a has a bye
    game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
    PRIMARY KEY (event_id, round, number)
);
CREATE INDEX event_tables_game ON event_tables (game_id);
