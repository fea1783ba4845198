"""Run inside a subprocess: build each career screen offscreen from made-up progress (tools/career_shots.py) and drive it
by keys, gamepad buttons and mouse clicks; print what happened as one JSON line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from game.view.boot.ursina_app import make_app  # noqa: E402

app = make_app(headless=True, size=(640, 360))

from ursina import Text, destroy  # noqa: E402

from game.sim.career.bracket import bracket_rows  # noqa: E402
from game.sim.career.event import Cup, FieldEntry  # noqa: E402
from game.ui.career.grid import CareerGrid  # noqa: E402
from game.ui.cup_bracket import BracketScreen  # noqa: E402
from game.ui.results import ResultsScreen  # noqa: E402
from tools.career_shots import DRIVERS, demo_block, demo_rows, demo_summary, demo_view  # noqa: E402

calls: list = []


def step(n: int = 2) -> None:
    for _ in range(n):
        app.step()


def press(*keys: str) -> None:
    for k in keys:
        app.input(k, is_raw=len(k) == 1)  # letters are raw keys in ursina
        step()


def click(button) -> None:
    """A left click with the pointer over this button: what ursina's mouse calls (offscreen there is no pointer to move)."""
    assert button.collider is not None and button.enabled, button
    button.on_click()
    step()


def grid_part(out: dict) -> None:
    grid = CareerGrid(demo_view(), lambda eid: calls.append(("pick", eid)), lambda: calls.append(("back",)), selected="park_opener",
                      drives={"pass_sprint": "Vortex GT (loan car)"})
    app.input("enter")  # the key that opened the screen, still being dispatched: not a pick
    step()
    out["before_arm"] = list(calls)
    out["start"] = grid.selected
    moves = []
    for k in ("right arrow", "down arrow", "gamepad dpad right", "gamepad dpad right", "right arrow", "left arrow", "d", "gamepad dpad up"):
        press(k)
        moves.append(grid.selected)
    out["moves"] = moves  # right, down, pad right x2, on past the row's end, back, wasd, pad up
    out["detail"] = [grid.d_name.text, grid.d_tag.text, grid.d_status.text]
    out["detail_rows"] = [t.text for t in grid.d_root.children if isinstance(t, Text)]
    press("enter")
    out["picked"] = list(calls)
    calls.clear()
    press("down arrow", "gamepad a")  # a locked card (Pro-Am needs 14 stars)
    out["locked_on"] = grid.selected
    out["locked_calls"] = list(calls)
    out["locked_message"] = grid.message.text
    out["locked_detail"] = grid.d_status.text
    press("right arrow")
    out["message_after_move"] = grid.message.text.strip()
    # the mouse: hovering a card highlights it, a click on an open card starts it, on a locked one says why, Back leaves
    target = grid.cards[0][2]
    target.face.on_mouse_enter()
    out["hovered"] = grid.selected
    click(target.face)
    click(grid.cards[3][0].face)
    click(grid.back_button)
    out["mouse_calls"] = list(calls)
    out["mouse_message"] = grid.message.text
    calls.clear()
    press("escape", "gamepad b")
    out["back_calls"] = list(calls)
    calls.clear()
    destroy(grid)
    # more tiers than fit: the rows scroll to keep the highlighted tier in view
    view = demo_view()
    tiers = tuple(replace(t, id=f"{t.id}{k}", cards=tuple(replace(c, id=f"{c.id}{k}") for c in t.cards)) for k in range(2) for t in view.tiers)
    grid = CareerGrid(replace(view, tiers=tiers), lambda eid: None, lambda: None)
    step()
    out["rows_fit"] = grid.visible_rows
    out["start_many"] = grid.selected  # the first open card short of three stars
    press(*["down arrow"] * 9)
    out["scrolled"] = [grid.selected, grid.first, [grid.cards[r][0].enabled for r in range(len(grid.cards))]]
    out["more"] = [grid.more_above.enabled, grid.more_below.enabled]
    destroy(grid)
    grid = CareerGrid(replace(view, tiers=(), total_stars=0, max_stars=0), lambda eid: calls.append(("pick", eid)), lambda: None)  # no events
    step()
    press("right arrow", "enter")
    out["empty"] = [grid.selected, list(calls)]
    destroy(grid)


def results_part(out: dict) -> None:
    screen = ResultsScreen(demo_summary(), lambda: None, lambda: None)
    step()
    p = screen.event_panel
    out["panel"] = {k: t.text for k, t in p.texts.items()}
    out["states"] = list(p.states)
    destroy(screen)
    plain = demo_summary()
    del plain["event"]
    screen = ResultsScreen(plain, lambda: None, lambda: None)
    out["no_event_panel"] = screen.event_panel is None
    destroy(screen)
    short = {k: v for k, v in demo_block().items() if k in ("id", "score", "stars", "targets", "credits", "unlocked", "best", "new_stars", "is_best")}
    screen = ResultsScreen(dict(demo_summary(), event=short, event_names={"park_tandem": "Twin Trouble", "lake_judged": "Island Loop"}),
                           lambda: None, lambda: None)
    step()
    out["short_panel"] = {k: t.text for k, t in screen.event_panel.texts.items()}
    out["short_states"] = list(screen.event_panel.states)
    destroy(screen)
    widths = []  # a headline as wide as the screen shrinks clear of the panel (the same without a panel does not)
    for summary in (dict(plain, score=1234567890), dict(demo_summary(), score=1234567890)):
        screen = ResultsScreen(summary, lambda: None, lambda: None)
        widths.append(round(screen.score_text.width * screen.score_text.scale_x, 3))
        destroy(screen)
    out["headline_widths"] = widths


def bracket_part(out: dict) -> None:
    screen = BracketScreen(demo_rows(), DRIVERS, "The Sideways Cup", lambda: calls.append(("continue",)), lambda: calls.append(("back",)))
    step()
    out["bracket"] = {k: t.text for k, t in screen.texts.items()}
    out["next_lit"] = screen.next_box is not None
    out["buttons"] = [b.text for b in screen.menu.buttons]
    press("gamepad a")
    press("down arrow", "enter")
    press("escape")
    click(screen.menu.buttons[0])
    out["bracket_calls"] = list(calls)
    calls.clear()
    destroy(screen)
    field = tuple(FieldEntry(d, 80.0 - i, 120.0, 10.0) for i, d in enumerate(("rin", "vera", "marco", "hugo", "duke", "pip", "ines")))
    cup = Cup("sideways_cup", "The Sideways Cup", "cup", "sideways_park", "pad_hook", field)
    screen = BracketScreen(bracket_rows(cup, None), DRIVERS, "The Sideways Cup", None, lambda: calls.append(("back",)))
    step()
    out["fresh"] = {k: t.text for k, t in screen.texts.items() if k.endswith(".0") or k == "champion"}
    out["fresh_buttons"] = [b.text for b in screen.menu.buttons]
    press("enter")
    out["fresh_calls"] = list(calls)
    destroy(screen)


def main() -> None:
    out: dict = {}
    grid_part(out)
    results_part(out)
    bracket_part(out)
    print(json.dumps(out))


main()
