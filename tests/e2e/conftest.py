"""Fixtures for end-to-end tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh SIDEWAYS_HOME for the player's files."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("SIDEWAYS_HOME", str(h))
    return h
