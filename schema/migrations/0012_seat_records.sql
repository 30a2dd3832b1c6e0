-- Seat records (issue 22, scale): each named seat of each stored game with its team's figures in that game,
-- the rows the player page adds up by a few indexed queries (at 50,000 games, reading every derived row of a
-- player's games at each view cost 5 ms). Derived like the other per-game rows, from the one analysis
-- (seeplog.clubs.seat_records), written and deleted with them; names are kept as name keys, so that merging,
-- renaming or splitting players changes no row here. Keyed by the name key first: one name's rows lie
-- together (a player's hundred games are a few pages, not a hundred).

-- Derived, and filled below from the other derived rows: a table of that name written before this
-- migration (by a newer library's store on an older schema, as tests/web/test_store.py does) is made again.
DROP TABLE IF EXISTS seat_records;
CREATE TABLE seat_records (
    name_key TEXT NOT NULL,            -- the seat's name key
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    seat TEXT NOT NULL,
    team TEXT NOT NULL,
    partner_key TEXT,                  -- four-player variants: the other seat of the team's
    opponent_key TEXT,                 -- the opposing team's seats', in seat-letter order (NULL: not named,
    opponent2_key TEXT,                --   or no such seat)
    team_named INTEGER NOT NULL,       -- whether every seat of the team names a player
    opponents_named INTEGER,           -- likewise of the opposing team (NULL: the game has not two teams)
    date TEXT,                         -- the game's Date tag, else its log's
    variant TEXT NOT NULL,             -- its log's
    deals INTEGER NOT NULL,            -- the game's deals
    scored INTEGER NOT NULL,           -- the team's: deals whose score is known, card points and score in them
    card_points INTEGER NOT NULL,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,              -- baazis the team won
    lost INTEGER,                      -- baazis the opposing team won (NULL: the game has not two teams)
    score_against INTEGER,             -- the opposing team's score
    sweeps INTEGER NOT NULL,           -- sweeps made from this seat
    seats TEXT NOT NULL,               -- JSON: the game's seats in letter order, [seat, team, name as written, key]
    PRIMARY KEY (name_key, game_id, game, seat)
) WITHOUT ROWID;
CREATE INDEX seat_records_game ON seat_records (game_id);

-- The games already stored, from their derived rows (as the analysis gives them: tests/web/test_seat_records.py).
INSERT INTO seat_records
WITH teams AS (
    SELECT game_id, game, team, count(*) = count(name_key) AS named FROM players GROUP BY game_id, game, team
), sides AS (
    SELECT t.game_id, t.game, t.team, t.named,
           (SELECT count(*) FROM teams o WHERE o.game_id = t.game_id AND o.game = t.game) = 2 AS paired,
           (SELECT count(*) FROM deal_scores d WHERE d.game_id = t.game_id AND d.game = t.game AND d.team = t.team)
               AS scored,
           (SELECT coalesce(sum(card_points), 0) FROM deal_scores d
               WHERE d.game_id = t.game_id AND d.game = t.game AND d.team = t.team) AS card_points,
           (SELECT coalesce(sum(score), 0) FROM deal_scores d
               WHERE d.game_id = t.game_id AND d.game = t.game AND d.team = t.team) AS score,
           (SELECT count(*) FROM ledger l WHERE l.game_id = t.game_id AND l.game = t.game AND l.baazi = t.team) AS won
    FROM teams t
)
SELECT p.name_key, p.game_id, p.game, p.seat, p.team,
       (SELECT q.name_key FROM players q WHERE q.game_id = p.game_id AND q.game = p.game AND q.team = p.team
            AND q.seat <> p.seat),
       CASE WHEN s.paired THEN (SELECT q.name_key FROM players q WHERE q.game_id = p.game_id AND q.game = p.game
            AND q.team <> p.team ORDER BY q.seat LIMIT 1) END,
       CASE WHEN s.paired THEN (SELECT q.name_key FROM players q WHERE q.game_id = p.game_id AND q.game = p.game
            AND q.team <> p.team ORDER BY q.seat LIMIT 1 OFFSET 1) END,
       s.named, CASE WHEN s.paired THEN o.named END,
       coalesce(t.value, g.date), g.variant,
       (SELECT count(*) FROM deals d WHERE d.game_id = p.game_id AND d.game = p.game),
       s.scored, s.card_points, s.score, s.won,
       CASE WHEN s.paired THEN o.won END, CASE WHEN s.paired THEN o.score END,
       (SELECT count(*) FROM sweeps w WHERE w.game_id = p.game_id AND w.game = p.game AND w.seat = p.seat),
       (SELECT json_group_array(json_array(q.seat, q.team, q.name, q.name_key)) FROM (SELECT * FROM players q
            WHERE q.game_id = p.game_id AND q.game = p.game ORDER BY q.seat) q)
FROM players p
JOIN games g ON g.id = p.game_id
JOIN sides s ON s.game_id = p.game_id AND s.game = p.game AND s.team = p.team
LEFT JOIN sides o ON o.game_id = p.game_id AND o.game = p.game AND o.team <> p.team AND s.paired
LEFT JOIN game_tags t ON t.game_id = p.game_id AND t.game = p.game AND t.name = 'Date'
WHERE p.name_key IS NOT NULL
ORDER BY p.name_key, p.game_id, p.game, p.seat;
