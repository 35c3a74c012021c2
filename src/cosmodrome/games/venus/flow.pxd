# The compiled engine's declarations of flow.py's index helpers (see cosmodrome.compiled):
# C functions, so that a rule module whose .pxd cimports them (actions.pxd and its kin) calls
# them in C, without a Python call, while Python callers still see the functions of flow.py.
# The arithmetic stays written once, in flow.py; the pure-Python engine does not read this.

# the number of planets: a C constant, so that ``for pl in range(N_PLANETS)`` is a C loop (its
# value is set in flow.py, written once)
cdef Py_ssize_t N_PLANETS

cpdef Py_ssize_t planet_steps(pos, Py_ssize_t a, Py_ssize_t b) except? -1
cpdef Py_ssize_t unit_ix(Py_ssize_t p, Py_ssize_t pl, Py_ssize_t t=*) noexcept
cpdef Py_ssize_t building_ix(Py_ssize_t p, Py_ssize_t pl, Py_ssize_t k=*) noexcept
cpdef Py_ssize_t stock_ix(Py_ssize_t p, Py_ssize_t k) noexcept
cpdef Py_ssize_t building_stock_ix(Py_ssize_t p, Py_ssize_t k) noexcept
cpdef Py_ssize_t encode_unit_at(Py_ssize_t pl, Py_ssize_t t) except? -1
cpdef Py_ssize_t orbit_units(s, Py_ssize_t p, Py_ssize_t pl) except? -1
cpdef Py_ssize_t surface_units(s, Py_ssize_t p, Py_ssize_t pl) except? -1
cpdef Py_ssize_t units_of_type(s, Py_ssize_t p, Py_ssize_t t) except? -1
cpdef Py_ssize_t encode_gunrunner(Py_ssize_t pl, Py_ssize_t card) noexcept
cpdef Py_ssize_t gunrunner_planet(Py_ssize_t g) noexcept
cpdef Py_ssize_t gunrunner_card(Py_ssize_t g) noexcept
cpdef Py_ssize_t encode_crisis(Py_ssize_t pl, Py_ssize_t lv) noexcept
cpdef Py_ssize_t crisis_planet(Py_ssize_t x) noexcept
cpdef Py_ssize_t crisis_level(Py_ssize_t x) noexcept
