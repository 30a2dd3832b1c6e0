-- A partnership withdrawn from an event (it left the evening, or never came): from `from_round` on, the
-- event's rounds pair it no more (a round-robin round gives its scheduled opponent a bye; a Swiss round leaves
-- it out; a round entered by hand may not name it). Its tables and results stay. Reinstating it deletes the row.

CREATE TABLE event_withdrawals (
    event_id INTEGER NOT NULL,
    pair INTEGER NOT NULL,             -- the partnership's number in the event
    from_round INTEGER NOT NULL,       -- the first round made after it withdrew
    withdrawn TEXT NOT NULL,           -- when (UTC, ISO 8601)
    PRIMARY KEY (event_id, pair),
    FOREIGN KEY (event_id, pair) REFERENCES event_pairs (event_id, number) ON DELETE CASCADE
);
