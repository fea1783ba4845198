"""Helpers the tests share (drivers, fixtures, flow keys, the screen graph, subprocess runners): `from tests.support.NAME import ...`."""
