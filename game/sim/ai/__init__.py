"""AI drivers: the reference fleet driver (note 002, docs/reference/002_22a1784229235fc6.txt) and the controllers that put it in a session."""
