# The compiled engine's view of flow.py's index helpers (see flow.pxd): calls in C.
from cosmodrome.games.venus.flow cimport N_PLANETS, building_ix, encode_gunrunner, encode_unit_at, gunrunner_card, gunrunner_planet, stock_ix, unit_ix
