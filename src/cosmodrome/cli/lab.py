"""Lab commands (tournament, balance). Owned by the bots-and-lab work."""
