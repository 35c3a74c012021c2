# The compiled engine's view of flow.py's index helpers (see flow.pxd): calls in C.
from cosmodrome.games.venus.flow cimport N_PLANETS, building_ix, encode_gunrunner, encode_unit_at, gunrunner_card, gunrunner_planet, stock_ix, unit_ix
# the frames' classes its rules' frame arguments are typed with: a field read is a C struct's
from cosmodrome.games.venus.flow cimport Cycle, Draw4, ForceDiscard, Frame, Gunrunner, HandLimit, HandLimitCheck
from cosmodrome.games.venus.flow cimport IgnoreElimination, Instead, InsteadCheck, KillSeat, KillUnit, KillWhere, Look
from cosmodrome.games.venus.flow cimport LookGive, LookTake, PlaceTension, RemoveTension, ReturnPick, ReturnUnit
from cosmodrome.games.venus.flow cimport TakeBiggame, UnitUp
