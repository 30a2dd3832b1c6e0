"""Clubs: players, partnerships, their records and ratings, as pure views of analysed games' rows."""
