# The compiled engine's declarations of grid.py's index helpers (see cosmodrome.compiled):
# C functions, so that a rule module whose .pxd cimports them (movement.pxd and its kin) calls them in C.
# The arithmetic stays written once, in grid.py; the pure-Python engine does not read this.
cpdef Py_ssize_t ship_ix(Py_ssize_t sheet, Py_ssize_t track) noexcept
cpdef Py_ssize_t tech_ix(Py_ssize_t sheet, Py_ssize_t tech) noexcept
cpdef Py_ssize_t track_ix(comp, Py_ssize_t ship) except? -1
