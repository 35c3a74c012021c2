# The compiled engine's view of flow.py's planet count (see flow.pxd): loops over the planets in C.
from cosmodrome.games.venus.flow cimport N_PLANETS
