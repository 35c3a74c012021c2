# The compiled engine's view of flow.py's planet count (see flow.pxd): loops over the planets in C.
from cosmodrome.games.venus.flow cimport N_PLANETS
# the frames' classes its rules' frame arguments are typed with: a field read is a C struct's
from cosmodrome.games.venus.flow cimport Actions, Income, PassExtra, PassReact, Period, Turn
