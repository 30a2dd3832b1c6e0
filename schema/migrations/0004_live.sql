-- Live games: logs kept at the table one entry at a time (issue 10). Each live game is also a row of
-- `games` (its log, derived tables and pages), rewritten at every event. `live_events` is the truth:
-- folding its events gives the entries, and the entries give the log. One transaction per event.

CREATE TABLE live_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,          -- sha256 of the edit token (the token itself is shown once, never kept)
    version INTEGER NOT NULL,          -- the number of events so far
    state TEXT NOT NULL,               -- 'open' or 'closed'
    created TEXT NOT NULL,             -- ISO 8601, UTC
    updated TEXT NOT NULL,
    entries TEXT NOT NULL,             -- JSON [[id, line], ...]: the events folded (derived, rebuilt from live_events)
    view TEXT NOT NULL                 -- JSON: what GET /api/live/<id> answers at this version, report included (derived)
);

CREATE TABLE live_events (
    game_id INTEGER NOT NULL REFERENCES live_games (game_id) ON DELETE CASCADE,
    version INTEGER NOT NULL,          -- the version this event made (1 for create)
    kind TEXT NOT NULL,                -- create, append, replace, insert, delete, undo, close
    entry INTEGER,                     -- the 1-based entry it concerns
    lines TEXT NOT NULL,               -- JSON list: the canonical lines it wrote
    typed TEXT,                        -- the line as it was sent
    note TEXT,                         -- why (a correction's reason)
    client_id TEXT,                    -- the sender's id for this event: a retry with it is answered, not stored again
    answer TEXT,                       -- JSON: the answer given, repeated to a retry
    at TEXT NOT NULL,                  -- ISO 8601, UTC, with milliseconds
    PRIMARY KEY (game_id, version)
);
CREATE UNIQUE INDEX live_events_client ON live_events (game_id, client_id) WHERE client_id IS NOT NULL;
