# The compiled engine's view of flow.py's index helpers (see flow.pxd): calls in C.
from cosmodrome.games.venus.flow cimport N_PLANETS, planet_steps, building_ix, building_stock_ix, encode_unit_at, orbit_units, stock_ix, unit_ix
# the frames' classes its rules' frame arguments are typed with: a field read is a C struct's
from cosmodrome.games.venus.flow cimport Build, ClaimPlanet, ClaimTile, ClaimUnit, Frame, FreeActions, MoveClaim
from cosmodrome.games.venus.flow cimport MoveDest, MoveFrom, MoveInfantry, MoveShips, MoveTanks, PassCube, TensionKind
from cosmodrome.games.venus.flow cimport TensionSeat, TurnMenu

# the claim menus' two steps, asked of every planet at every turn: C calls
cpdef bint claim_open(s, Py_ssize_t p, Py_ssize_t pl)
cpdef bint tile_to_try(s, Py_ssize_t p, Py_ssize_t pl)
