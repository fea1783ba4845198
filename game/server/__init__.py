"""The Sideways server: verified leaderboards (the API, storage, players and the verification queue); pure sim, no engine."""
