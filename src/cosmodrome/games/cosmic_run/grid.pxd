# The compiled engine's declarations of grid.py's index helpers (see cosmodrome.compiled):
# C functions, so that a rule module whose .pxd cimports them (movement.pxd and its kin) calls them in C.
# The arithmetic stays written once, in grid.py; the pure-Python engine does not read this.

# the planet tracks of a sheet: a C constant, so that ``for t in range(SHEET_TRACKS)`` is a C loop (its
# value is set in grid.py, written once)
cdef Py_ssize_t SHEET_TRACKS
# the columns of a track (grid.py's TRACK_COLUMNS), a C constant for the same reason
cdef Py_ssize_t TRACK_COLUMNS
# the technology columns of a sheet (grid.py's SHEET_TECHS), which tech_ix multiplies by
cdef Py_ssize_t SHEET_TECHS

cpdef Py_ssize_t ship_ix(Py_ssize_t sheet, Py_ssize_t track) noexcept
cpdef Py_ssize_t ship_sheet(Py_ssize_t ship) noexcept
cpdef tuple ship_parts(Py_ssize_t ship)
cpdef Py_ssize_t circle_ix(Py_ssize_t row, Py_ssize_t col) noexcept
cpdef Py_ssize_t circle_row(Py_ssize_t circle) noexcept
cpdef tuple circle_parts(Py_ssize_t circle)
cpdef Py_ssize_t tech_ix(Py_ssize_t sheet, Py_ssize_t tech) noexcept
cpdef Py_ssize_t track_ix(comp, Py_ssize_t ship) except? -1
