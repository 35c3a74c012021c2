# The compiled engine's view of grid.py's index helpers (see grid.pxd): calls in C.
from cosmodrome.games.cosmic_run.grid cimport ship_ix, tech_ix, track_ix
