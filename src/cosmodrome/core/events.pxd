# The compiled engine's declaration of ``Event`` (see cosmodrome.compiled): a C class with
# the same fields as the Python class's slots, so that recording an event costs one C
# allocation. The Python source in events.py is unchanged by it and runs as it is without
# the build.
cdef class Event:
    cdef public object kind, _text, data, visible_to, _hidden, chance, _lang, _written, _hwritten
