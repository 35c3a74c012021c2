"""The ``cosmodrome`` command line."""
