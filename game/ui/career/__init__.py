"""The career screens: the event grid, an event's results, and the drawn pieces and texts they share."""
