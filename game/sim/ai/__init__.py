"""AI drivers: the reference fleet driver (note 002, docs/reference/002-ai-cars.md) and the controllers that put it in a session; the drift driver in drift/."""
