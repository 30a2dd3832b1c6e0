-- A name's own player: the one made for it when it was first seen (or by the split that took it off another).
-- A merge moves the name to another player and leaves this column; splitting the name off again gives it back
-- to this player when that player was merged (into the one it is split from), so its page no longer leads to
-- the other, and the event partnerships and ratings that name it are its own again (players_store.split_alias).
-- For a store older than this column the own player is known only of a name whose player nothing was merged
-- into (its one name); the others stay NULL, and a split of one makes a new player, as before.
ALTER TABLE player_aliases ADD COLUMN origin INTEGER REFERENCES club_players (id);
UPDATE player_aliases SET origin = player_id
    WHERE NOT EXISTS (SELECT 1 FROM club_players c WHERE c.merged_into = player_aliases.player_id);
