"""Helpers for tests of tools built on the core (bots, lab, server, adapters)."""
