-- What the follow pages read of a live game at its version (seeplog/web/live/followed.py): its view
-- trimmed to the board and the play strips, written with each event. Any worker draws a follower's board
-- from it with one small read, instead of replaying the game's entries (which only the worker that wrote
-- the event keeps). NULL until the game's next event or the start-up's refresh: the pages then derive it.

ALTER TABLE live_games ADD COLUMN board BLOB;
