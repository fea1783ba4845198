"""The game's screen graph as data: every edge a player can take between screens, for the flow test to walk.

A new screen is its name (the Screen's `name` on the game's stack) in the edges here; the walker plans its own route.
An action is ("pick", label): highlight that option with the arrow keys and press Enter, or ("key", name): one key event.
"""

from __future__ import annotations

from typing import NamedTuple


class Edge(NamedTuple):
    """From one screen, an action, to the screen expected next."""

    src: str
    kind: str  # "pick" or "key"
    arg: str  # the option label or the key
    dst: str


# screens whose every menu option leaves the screen: each option shown there must have an edge below
MENU_SCREENS = ("main", "mode_select", "pause", "results", "tandem_results")

EDGES = (
    Edge("main", "pick", "Drive", "mode_select"),
    Edge("mode_select", "pick", "Back", "main"),
    Edge("mode_select", "key", "escape", "main"),
    Edge("mode_select", "pick", "Free Drift", "map_picker"),
    Edge("map_picker", "pick", "Sideways Park", "drive"),
    Edge("mode_select", "pick", "Parking", "map_picker"),  # its picker lists the parking yard alone: leave by Back
    Edge("map_picker", "pick", "Back", "mode_select"),
    Edge("map_picker", "key", "escape", "mode_select"),
    Edge("drive", "key", "escape", "pause"),
    Edge("pause", "pick", "Resume", "drive"),
    Edge("pause", "key", "escape", "drive"),
    Edge("pause", "pick", "Restart", "drive"),
    Edge("pause", "pick", "Main menu", "main"),
    Edge("mode_select", "pick", "Timed Run", "map_picker"),
    Edge("pause", "pick", "Finish and see results", "results"),
    Edge("pause", "pick", "Photo mode", "photo"),  # the drive stays frozen under it, the pause menu comes back on leaving
    Edge("photo", "key", "enter", "photo"),  # a shot: a PNG in the user folder's photos/, the walk checks it
    Edge("photo", "key", "escape", "pause"),
    Edge("results", "pick", "Drive again", "drive"),
    Edge("results", "pick", "Main menu", "main"),
    Edge("results", "key", "escape", "main"),
    Edge("mode_select", "pick", "Drift Zones", "map_picker"),
    Edge("mode_select", "pick", "Qualifying", "map_picker"),  # the maps with a course
    Edge("mode_select", "pick", "Tandem", "tandem_picker"),  # the maps with a course, the role and the opponent
    Edge("tandem_picker", "pick", "Role: Chase first", "tandem_picker"),  # the role turns to lead; the walk picks it once
    Edge("tandem_picker", "pick", "Back", "mode_select"),
    Edge("tandem_picker", "key", "escape", "mode_select"),
    Edge("tandem_picker", "pick", "Sideways Park", "tandem"),
    Edge("tandem", "key", "escape", "tandem_pause"),
    Edge("tandem_pause", "pick", "Finish and see results", "tandem_results"),
    Edge("tandem_results", "pick", "Drive again", "tandem"),
    Edge("tandem_results", "pick", "Watch replay", "watch"),  # the battle just saved, played back
    Edge("tandem_results", "pick", "Main menu", "main"),
    Edge("watch", "key", "escape", "watch_pause"),
    Edge("watch_pause", "pick", "Main menu", "main"),  # the game drives again as it did before the watch
    Edge("mode_select", "pick", "Career", "career_grid"),  # the tiers of event cards
    Edge("career_grid", "key", "escape", "mode_select"),
    # the walk's profile holds three stars on every event but the cup (screen_flow.py), so the grid opens on the Sideways Cup
    Edge("career_grid", "key", "enter", "event"),  # the cup's next step starts with its rules: its qualifying run, then a battle
    Edge("event", "key", "escape", "event_pause"),
    Edge("event_pause", "pick", "Finish and see results", "event_results"),  # the results with the event's panel
    Edge("event_results", "pick", "Main menu", "main"),
    Edge("event_results", "pick", "Career", "career_grid"),
    Edge("event_results", "pick", "See the bracket", "cup_bracket"),  # qualifying seeded the player: the bracket as drawn
    Edge("cup_bracket", "key", "escape", "career_grid"),
    Edge("main", "pick", "Garage", "garage"),
    Edge("garage", "key", "escape", "main"),
    Edge("garage", "pick", "Back", "main"),
    Edge("main", "pick", "Leaderboards", "boards"),  # no server set in the walk: the screen says how to set one
    Edge("boards", "key", "escape", "main"),
    Edge("main", "pick", "Settings", "settings"),
    Edge("settings", "key", "escape", "main"),
    Edge("settings", "pick", "Back", "main"),
    Edge("main", "pick", "Quit", "quit"),  # the process ends: always walked last
)


def route(edges, start: str, goal: str) -> list[Edge]:
    """The shortest list of edges from start to goal (never through 'quit'); [] when already there."""
    paths = {start: []}
    frontier = [start]
    while frontier and goal not in paths:
        nxt = []
        for node in frontier:
            for e in edges:
                if e.src == node and e.dst not in paths and e.dst != "quit":
                    paths[e.dst] = paths[node] + [e]
                    nxt.append(e.dst)
        frontier = nxt
    if goal not in paths:
        raise ValueError(f"no route from {start} to {goal}")
    return paths[goal]


def walk_plan(edges, start: str = "main") -> list[Edge]:
    """One walk from start that takes every edge at least once, 'quit' last."""
    plan: list[Edge] = []
    taken: set[Edge] = set()
    at = start
    for e in sorted(edges, key=lambda e: e.dst == "quit"):
        if e in taken:
            continue
        for step in route(edges, at, e.src) + [e]:
            plan.append(step)
            taken.add(step)
        at = e.dst
    return plan
