"""play, simulate, replay, games: written by the engine lead."""
