-- The store of seeplog's web service. `games` keeps each uploaded log exactly as it came;
-- every other table is derived from it by replay and can be rebuilt from it at any time
-- (`flask --app app rebuild-db`). A later migration adds to this file's tables and never drops them.

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
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
    result TEXT NOT NULL
);
CREATE INDEX games_uploaded ON games (uploaded);
CREATE INDEX games_date ON games (date);
CREATE INDEX games_variant ON games (variant);

-- `game` is the game's number within its log (1, 2, ...); `position` a deal's place in its game (1, 2, ...).
CREATE TABLE game_tags (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (game_id, game, name)
);
CREATE INDEX game_tags_name_value ON game_tags (name, value);

CREATE TABLE players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    seat TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (game_id, game, seat)
);
CREATE INDEX players_name ON players (name);

CREATE TABLE deals (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    position INTEGER NOT NULL,
    number INTEGER NOT NULL,
    dealer TEXT NOT NULL,
    bidder TEXT,
    bid INTEGER,
    plays INTEGER NOT NULL,
    complete INTEGER NOT NULL,
    score_only INTEGER NOT NULL,
    line INTEGER NOT NULL,
    PRIMARY KEY (game_id, game, position)
);

CREATE TABLE deal_scores (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    position INTEGER NOT NULL,
    team TEXT NOT NULL,
    card_points INTEGER NOT NULL,
    sweep_points INTEGER NOT NULL,
    score INTEGER NOT NULL,
    cards_taken INTEGER,               -- NULL for a score written down, not replayed
    PRIMARY KEY (game_id, game, position, team)
);

CREATE TABLE violations (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER,                      -- NULL for an error of the whole log
    position INTEGER,                  -- NULL outside any deal
    deal INTEGER,                      -- the deal's number
    kind TEXT NOT NULL,                -- 'violation' (R-...) or 'error' (E-...)
    rule TEXT NOT NULL,
    play INTEGER,
    seat TEXT,
    line INTEGER,
    "column" INTEGER,
    message TEXT NOT NULL
);
CREATE INDEX violations_game ON violations (game_id);
CREATE INDEX violations_rule ON violations (rule);

CREATE TABLE ledger (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    position INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    dealer TEXT NOT NULL,
    lead_team TEXT,
    lead_points INTEGER NOT NULL,
    baazi TEXT,
    next_dealer TEXT NOT NULL,
    PRIMARY KEY (game_id, game, position)
);

CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
