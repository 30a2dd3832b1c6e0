-- Opponent confirmation (issue 22): at the end of each deal of an event's table the opposing team confirms
-- the deal's score, or refuses it with a reason. Answers are only added (a later one stands for its deal);
-- each keeps the score it answered, so a score corrected since is no longer confirmed by it.

CREATE TABLE deal_answers (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,             -- the deal's number in the game
    team TEXT NOT NULL,                -- the team that answered (the opponents of the scorekeeper's team)
    verdict TEXT NOT NULL,             -- 'confirmed' or 'refused'
    score TEXT NOT NULL,               -- JSON {team: score}: the deal's score as it stood when answered
    reason TEXT,                       -- a refusal's reason
    via TEXT NOT NULL,                 -- 'keeper' (the scorekeeper's phone), 'link' (the opponents' confirm link)
    version INTEGER NOT NULL,          -- the live game's version answered
    at TEXT NOT NULL                   -- ISO 8601, UTC
);
CREATE INDEX deal_answers_game ON deal_answers (game_id, deal);

-- The opponents' confirm link of a table: its token is made from the organiser token (only its hash is kept).
CREATE TABLE confirm_tokens (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL
);
