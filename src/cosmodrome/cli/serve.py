"""The ``serve`` command. Owned by the browser-table work."""
