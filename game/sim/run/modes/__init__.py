"""The modes a run is played in: one class per file, registered in registry.py (pure)."""
