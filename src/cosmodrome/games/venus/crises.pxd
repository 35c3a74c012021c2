# The compiled engine's view of flow.py's index helpers (see flow.pxd): calls in C.
from cosmodrome.games.venus.flow cimport N_PLANETS, building_ix, building_stock_ix, encode_crisis, encode_unit_at, stock_ix, unit_ix
