"""AI drivers: the reference fleet driver (note 002) and the controllers that put it in a session."""
