"""The career: events with star targets, credits and unlocks, and the cup's tandem bracket (pure)."""
