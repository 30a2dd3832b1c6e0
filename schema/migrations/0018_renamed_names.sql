-- A player's shown name is one of its names: a game stored later that names a renamed player by its new name
-- is that player's (players_store.rename_player writes the name now; before, the next game naming it made a
-- second player shown alike). A name another player holds already stays that player's: merge them if one.
INSERT OR IGNORE INTO player_aliases (key, name, player_id, origin)
    SELECT seep_name_key(name), name, id, id FROM club_players WHERE merged_into IS NULL;
