"""The windowed shell: the Game, the requests for drives and their planner, the career flow, replay watching, launch and session end."""
