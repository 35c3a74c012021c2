# The compiled engine's view of grid.py's index helpers (see grid.pxd): calls in C.
from cosmodrome.games.cosmic_run.grid cimport ship_ix, ship_parts, ship_sheet, tech_ix
