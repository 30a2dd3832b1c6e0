"""The clubs pages and API: players, partnerships, the leaderboard."""
