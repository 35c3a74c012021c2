# The compiled engine's view of grid.py's index helpers (see grid.pxd): calls in C.
from cosmodrome.games.cosmic_run.grid cimport SHEET_TRACKS, circle_ix, circle_parts, ship_ix, ship_parts, tech_ix, track_ix
