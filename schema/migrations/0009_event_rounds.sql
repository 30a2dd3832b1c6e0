-- Events' rounds (issue 22): how each round was paired. An event pairs its next round by its format
-- (round-robin or Swiss by standings); the organiser may enter a round's tables by hand, or attach uploaded
-- games to a round (each such game a table).

CREATE TABLE event_rounds (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    pairing TEXT NOT NULL,             -- 'round-robin', 'swiss', 'hand' or 'attached'
    PRIMARY KEY (event_id, round)
);
INSERT INTO event_rounds (event_id, round, pairing)
    SELECT DISTINCT event_id, round, 'round-robin' FROM event_tables;
