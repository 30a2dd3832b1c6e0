"""The live game in the library: a log kept one entry at a time (entries), what comes next and the
outcomes of a card (table), and the `seeplog live` commands (cli)."""
