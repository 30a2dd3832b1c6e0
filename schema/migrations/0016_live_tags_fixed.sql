-- A live game whose tags an event set (a table of an event): its variant, players, event, date and round
-- are the event's, so no entry, correction or retag of the table may change or remove them (the Scorer
-- tag excepted). The event tables kept live so far are marked.

ALTER TABLE live_games ADD COLUMN tags_fixed INTEGER NOT NULL DEFAULT 0;
UPDATE live_games SET tags_fixed = 1 WHERE game_id IN (SELECT game_id FROM event_tables WHERE game_id IS NOT NULL);
