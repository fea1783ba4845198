"""The game's side of the board server: its HTTP client, the player's identity per server, and the outbox of runs waiting to be sent."""
