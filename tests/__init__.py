"""The tests, a package so that each file imports the shared helpers as `tests.support.NAME` from the repository root."""
