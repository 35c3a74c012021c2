# The compiled engine's view of flow.py's index helpers (see flow.pxd): calls in C.
from cosmodrome.games.venus.flow cimport N_PLANETS, building_ix, building_stock_ix, encode_crisis, encode_unit_at, stock_ix, unit_ix
# the frames' classes its rules' frame arguments are typed with: a field read is a C struct's
from cosmodrome.games.venus.flow cimport Bazagthoth, BazagthothBuilding, BazagthothUnit, CrisisPlanet, CrisisStart
from cosmodrome.games.venus.flow cimport Damage, EarthDamage, InvasionDamageRoll, LoseBuilding, Pirates, Uprising
from cosmodrome.games.venus.flow cimport UprisingNext
