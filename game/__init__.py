"""Sideways: a 3D arcade drift game."""

__version__ = "0.1.0"
