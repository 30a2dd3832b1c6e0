-- Replacing and deleting a stored game (issue 12): the hash of each game's manage token, and the texts a
-- replaced game held before. Independent of the other migrations: it only adds tables.
CREATE TABLE IF NOT EXISTS game_tokens (
    game_id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL,          -- sha256 of the secret token, hex; the token itself is never stored
    created TEXT NOT NULL              -- ISO 8601, UTC
);

CREATE TABLE IF NOT EXISTS game_history (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    raw TEXT NOT NULL,                 -- the text as it was uploaded, before it was replaced
    format TEXT NOT NULL,
    filename TEXT,
    uploaded TEXT NOT NULL,            -- when that text was uploaded
    replaced TEXT NOT NULL             -- when it was replaced
);
CREATE INDEX IF NOT EXISTS game_history_game ON game_history (game_id, id);
