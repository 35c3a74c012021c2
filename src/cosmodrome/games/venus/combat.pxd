# The compiled engine's view of flow.py's index helpers (see flow.pxd): calls in C.
from cosmodrome.games.venus.flow cimport building_ix, building_stock_ix, gunrunner_planet, stock_ix, surface_units, unit_ix
# the frames' classes its rules' frame arguments are typed with: a field read is a C struct's
from cosmodrome.games.venus.flow cimport Casualty, CombatMenu, DiscardDie, Reroll, Sacrifice
