"""The Sideways server: verified leaderboards (verification is the pure sim; the web app, storage and queue beside it)."""
