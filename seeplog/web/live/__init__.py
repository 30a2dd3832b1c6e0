"""The live games' web shell: the API, the pages (follow, board, start, keep, the steps back), the store."""
