"""Render the game's key moments headless to PNGs, to look at after a change (menu, modes, drift, jump, snow, results)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

QUALIFYING = "dict(car='rally_lynx', mode='qualifying', track='sideways_park', script=script(QUALI))"
PILOT_ON = "dict(car='zenith_hyper', mode='qualifying', track='{}', script=CoursePilot(sloppy_first=False))"
PILOTED = "dict(car='zenith_hyper', mode='qualifying', track='sideways_park', script=CoursePilot())"  # both runs to the finish
TANDEM = "dict(car='hatch', mode='tandem', track='sideways_park', autopilot='ace', lead='ace')"
PHOTO = "dict(car='zenith_hyper', mode='free', script=script(DRIFT))"


def photo_at(t_s: float, keys: list[str]) -> str:
    """A shot's condition: once the drive is t_s seconds in, pause, pick Photo mode and press these keys there (a key
    pressed stays held, as the child sends no release: an arrow keeps orbiting while the next keys go in)."""
    keys = ["escape", "down arrow", "down arrow", "down arrow", "enter", "down arrow up", *keys]
    return f"game.scene.session.t > {t_s} and bool([[app.input(k, is_raw=True), [app.step() for _ in range(5)]] for k in {keys!r}])"


SHOTS = {
    # name: (game kwargs as python source, frames, frame_dt, keys pressed before the shot[, condition to step on until[, screen to build]])
    "menu": ("dict()", 20, 1 / 60, []),
    "menu_drift": ("dict()", 300, 1 / 60, []),  # the backdrop's car mid-course, drifting under the ace, the camera following
    "modes": ("dict()", 20, 1 / 60, ["enter"]),
    "picker": ("dict()", 20, 1 / 60, ["enter", "down arrow", "enter", "up arrow", "up arrow"]),
    "garage": ("dict()", 30, 1 / 60, ["down arrow", "enter", "down arrow", "down arrow", "down arrow"]),
    "garage_hatch": ("dict()", 30, 1 / 60, ["down arrow", "enter", "right arrow"]),  # the classic of the six
    # the Stance page on the hatch (owned on a fresh profile): camber -4 / -2, 50 mm lower, 30 mm wider, mesh rims
    "garage_stance": ("dict()", 30, 1 / 60, ["down arrow", "enter", "right arrow", *["down arrow"] * 3, "enter", *["left arrow"] * 4,
                                             "down arrow", *["left arrow"] * 2, "down arrow", *["left arrow"] * 5,
                                             "down arrow", *["right arrow"] * 6, "down arrow", *["right arrow"] * 2]),
    "garage_rally": ("dict()", 30, 1 / 60, ["down arrow", "enter", "right arrow", "right arrow"]),  # flares, roof spoiler
    "garage_gt": ("dict()", 30, 1 / 60, ["down arrow", "enter", *["right arrow"] * 3]),  # the GT's wing
    "garage_muscle": ("dict()", 30, 1 / 60, ["down arrow", "enter", *["right arrow"] * 4]),  # ducktail, chrome
    "garage_hyper": ("dict()", 30, 1 / 60, ["down arrow", "enter", *["right arrow"] * 5]),  # the big wing
    "drift": ("dict(car='zenith_hyper', mode='timed', script=script(DRIFT))", 400, 1 / 60, []),
    "jump": ("dict(car='rally_lynx', mode='free', script=script(JUMP))", 250, 1 / 60, []),
    "snow": ("dict(car='rally_lynx', mode='free', spawn=(75.0, 10.0, 0.0), script=script(SNOW))", 240, 1 / 60, []),
    "zones": ("dict(car='bruiser_v8', mode='zones', script=script(DRIFT))", 330, 1 / 60, []),
    "debug": ("dict(car='vortex_gt', mode='free', script=script(DRIFT))", 150, 1 / 60, ["f3"]),
    "bank": ("dict(car='zenith_hyper', mode='timed', script=script(BANK))", 345, 1 / 60, []),
    "minimap": ("dict(car='rally_lynx', mode='zones', track='frozen_lake', script=script(DRIFT))", 330, 1 / 60, []),
    "parking": ("dict(car='hatch', mode='parking', track='parking_yard', spawn=(-27.0, 46.5, 340.0), script=script(CREEP))", 75, 1 / 60, []),
    "parking_results": ("dict(car='hatch', mode='parking', track='parking_yard', script=script(PARK))", 430, 1.0, []),
    "mountain": ("dict(car='rally_lynx', mode='free', track='mountain_pass', script=script(JUMP))", 200, 1 / 60, []),
    "lake": ("dict(car='rally_lynx', mode='free', track='frozen_lake', script=script(DRIFT))", 200, 1 / 60, []),
    "yard": ("dict(car='hatch', mode='free', track='parking_yard', script=script(CREEP))", 150, 1 / 60, []),
    "results": ("dict(car='zenith_hyper', mode='timed', script=script(DRIFT))", 400, 0.25, []),
    # Qualifying on the park's course: staged before the initiation line, mid-run with a call-out, both runs' breakdown
    "qualifying": (QUALIFYING, 95, 1 / 60, []),
    "qualifying_hud": (QUALIFYING, 150, 1 / 60, [], "callout_showing('CLIP')"),
    "qualifying_results": (PILOTED, 250, 0.25, [], "game.stack.top is not None and game.stack.top.name == 'results'"),
    # the pass's hairpin and the lake's island mid-run, a good run driven by the course driver, as a clip is called
    "qualifying_pass": (PILOT_ON.format("mountain_pass"), 60, 1 / 60, [], "callout_showing('CLIP')"),
    "qualifying_lake": (PILOT_ON.format("frozen_lake"), 300, 1 / 60, [], "callout_showing('CLIP')"),
    "qualifying_picker": ("dict()", 20, 1 / 60, ["enter", "down arrow", "down arrow", "down arrow", "down arrow", "enter"]),
    # Tandem on the park's course, the ace autopilot chasing an ace lead: mid-corner, both cars close and sideways; then
    # the results of a whole battle (both runs side by side), and the picker (course, role, opponent)
    "tandem": (TANDEM, 60, 1 / 60, [], "tandem_close('chase')"),
    "tandem_pass": (TANDEM.replace("sideways_park", "mountain_pass"), 60, 1 / 60, [], "tandem_close('chase')"),
    "tandem_lead": (TANDEM.replace("autopilot", "role='lead', autopilot"), 60, 1 / 60, [], "tandem_close('lead')"),
    "tandem_results": (TANDEM.replace("lead='ace'", "lead='marco'"), 200, 0.25, [], "game.stack.top is not None and game.stack.top.name == 'results'"),
    # Photo mode over a Zenith mid-drift: its help strip with the looks changed (vignette, depth of field, +0.25 EV), and
    # the same view as the shot sees it (the strip hidden: shots never hold it)
    "photo_mode": (PHOTO, 0, 1 / 60, [], photo_at(2.0, ["left arrow", "v", "c", "]", "left arrow up"])),
    "photo_shot": (PHOTO, 0, 1 / 60, [], photo_at(2.0, ["left arrow", "v", "c", "]", "left arrow up", "h"])),
    "tandem_picker": ("dict()", 20, 1 / 60, ["enter"] + ["down arrow"] * 5 + ["enter", "down arrow", "down arrow", "right arrow"]),
    # AI cars called around the player on the pad: skids of several kinds, then an exhaust pop, then the F3 overlay
    "ai": ("dict(car='hatch', mode='free', ai=6, script=script(CALL))", 200, 1 / 60, []),
    "ai_exhaust": ("dict(car='hatch', mode='free', ai=6, script=script(CALL))", 100, 1 / 60, ["c", "c", "c"], "exhaust_showing()"),
    "ai_overlay": ("dict(car='hatch', mode='free', ai=6, script=script(CALL))", 150, 1 / 60, ["c", "f3"]),
    # Simulation handling: mid-shift (clutch in, 1st -> 2nd, the tachometer's clutch bar empty), F3, a drift
    "sim_shift": ("dict(car='hatch', model='sim', mode='free', script=script(SIM_SHIFT))", 188, 1 / 60, []),
    "sim_debug": ("dict(car='hatch', model='sim', mode='free', script=script(SIM_DRIFT))", 290, 1 / 60, ["f3"]),
    "sim_drift": ("dict(car='hatch', model='sim', mode='timed', script=script(SIM_DRIFT))", 300, 1 / 60, []),
    # Simulation handling creeping on a turned wheel, seen from above: F3 draws the note's red lines to the turning centre
    "turn_lines": ("dict(car='hatch', model='sim', mode='free', script=script(TURN))", 150, 1 / 60, ["c", "c", "c", "f3"]),
    # the career's screens over the menu's park, built from made-up progress (tools/career_shots.py): the grid of tiers with a
    # tandem card highlighted, a Timed Run event's results with a new star and two unlocks, the cup's bracket before the final
    "career_grid": ("dict()", 20, 1 / 60, [], "", "career_grid"),
    "career_results": ("dict()", 20, 1 / 60, [], "", "career_results"),
    "cup_bracket": ("dict()", 20, 1 / 60, [], "", "cup_bracket"),
    # Settings -> Controls -> Wheel and pedals with a made-up wheel (tools/wheel_shots.py): a G29 turned right, pedals on a box
    "wheel_settings": ("dict()", 20, 1 / 60, [], "", "wheel_settings"),
}

CHILD = r'''
import sys
sys.path.insert(0, {root!r})
from game.view.boot.ursina_app import make_app, save_screenshot
from game.sim.inputs import parse_inputs
from game.sim.run.playback import Playback
from game.content.catalog import load_catalog
from game.shell.launch import startup_msaa
app = make_app(headless=True, size=({w}, {h}), msaa=startup_msaa({quality!r}))
from game.shell.app import Game, Pacing
from game.shell.request import DriveRequest, Opening, TandemChoice
DRIFT = '{{"t":0,"throttle":1}}\n{{"t":1.1,"throttle":0.7,"steer":1,"handbrake":true}}\n{{"t":1.5,"throttle":0.75,"steer":0.8}}\n'
JUMP = '{{"t":0,"throttle":1}}\n'
BANK = '{{"t":0,"throttle":1}}\n{{"t":1.1,"throttle":0.7,"steer":1,"handbrake":true}}\n{{"t":1.5,"throttle":0.75,"steer":0.8}}\n{{"t":3.4,"throttle":0.4,"steer":-0.3}}\n{{"t":3.8,"throttle":0.4}}\n'
PARK = '{{"t":0,"throttle":0.35}}\n{{"t":1.5,"handbrake":true}}\n{{"t":4.2,"throttle":0.3,"steer":1}}\n{{"t":5.4,"throttle":0.0,"brake":0.5,"steer":0}}\n'
CREEP = '{{"t":0,"throttle":0.3}}\n{{"t":1.2,"throttle":0.0,"brake":0.6}}\n'
SIM_SHIFT = '{{"t":0,"throttle":1}}\n{{"t":3.0,"throttle":1,"clutch":1,"gear":2}}\n{{"t":3.3,"throttle":1,"clutch":0}}\n'
SIM_DRIFT = '{{"t":0,"throttle":1}}\n{{"t":4.0,"throttle":1,"steer":1,"handbrake":true}}\n{{"t":4.35,"throttle":1,"steer":1}}\n{{"t":4.9,"throttle":1,"steer":-0.7}}\n'
SNOW = '{{"t":0,"throttle":1}}\n{{"t":2.2,"throttle":0.7,"steer":-1,"handbrake":true}}\n{{"t":2.6,"throttle":0.8,"steer":-0.6}}\n'
TURN = '{{"t":0,"throttle":0.25,"steer":0.6}}\n{{"t":1.6,"brake":0.4,"steer":0.6}}\n'
CALL = '{{"t":0,"send_ai":{{"x":0,"z":8}}}}\n{{"t":2.6,"throttle":0.3}}\n{{"t":3.4,"brake":0.6}}\n'
QUALI_RUN = ((0, 0.8, 0, 0), (2.6, 0.7, 1, 1), (3.0, 0.8, 0.5, 0), (3.8, 0.6, -1, 1), (4.1, 0.9, -0.3, 0))  # t, throttle, steer, handbrake
QUALI = "".join(f'{{{{"t":{{t0 + t:.3f}},"throttle":{{th}},"steer":{{st}},"handbrake":{{"true" if hb else "false"}}}}}}\n'
                for t0 in (0.0, 9.075) for t, th, st, hb in QUALI_RUN)  # the second run is staged 2.5 s after the first ends
class CoursePilot:  # tools/course_driver.py's closed-loop driver: a sloppy first run (or a good one), then a good one
    def __init__(self, sloppy_first=True):
        self.driver, self.runs, self.sloppy_first = None, -1, sloppy_first
    def drive(self, steps, t, cues):
        from tools.course_driver import SLOPPY, driver_for
        run = game.scene.run
        mode = run.game_mode
        if len(mode.judged) != self.runs and mode.time_left_s(run.session.t) is not None:  # a run was staged: a new driver
            self.runs = len(mode.judged)
            params = SLOPPY[run.setup.model] if self.runs == 0 and self.sloppy_first else {{}}
            self.driver = driver_for(run.session, mode.course, run.setup.model, **params)
        from game.sim.controls import Controls
        return self.driver(run.session.state) if self.driver is not None else Controls()
def callout_showing(word):  # a call-out with this word has punched in and is still bright
    c = game.scene.course
    return c is not None and any(word in k.label.text and 0.2 < k.age < 0.6 for k in c.hud.callouts)
def tandem_close(role):  # a tandem run judged with the player in this role, the chase near the lead's door, both sideways
    mode = game.scene.run.game_mode
    if mode.role_of(0) != role:
        return False
    live = mode.tandem_judge.live() if mode.tandem_judge is not None else None
    cars = game.scene.session.cars
    def slip(s):
        import math
        v = math.atan2(s.vx, s.vz)
        return abs(math.degrees((s.heading - v + math.pi) % (2 * math.pi) - math.pi)) if math.hypot(s.vx, s.vz) > 5 else 0.0
    return live is not None and live.gap_m is not None and live.gap_m < 6.0 and min(slip(c.state) for c in cars[:2]) > 20
def script(text):
    return Playback.of_timeline(parse_inputs(text))
def exhaust_showing():  # a pop on a car within 25 m of the player, so it is in the top-down view
    tv, me = game.scene.traffic_view, game.scene.session.state
    return tv is not None and any(c.state.telemetry.exhaust_frame in (1, 2) and abs(c.state.x - me.x) < 25 and abs(c.state.z - me.z) < 15
                                  for c in tv.cars if tv.exhaust.points[tv.cars.index(c)])
def opening(lead=None, role=None, **picks):  # a shot's drive as the command line asks for it (Tandem's --lead and --role)
    tandem = TandemChoice(role or "chase", lead or "") if lead or role else None
    return Opening(DriveRequest(tandem=tandem, **picks), drive="mode" in picks, quality={quality!r})
game = Game(load_catalog(), opening(**{kwargs}), Pacing.headless({dt}))
for _ in range(5):
    app.step()
if {build!r}:  # a screen built over the backdrop from made-up data (tools/career_shots.py)
    from tools.career_shots import build
    if {build!r}.startswith("wheel"):
        from tools.wheel_shots import build
    shown = build(game, {build!r})
for key in {keys!r}:
    app.input(key, is_raw=True)  # letters are raw keys in ursina; without is_raw they are dropped
    for _ in range(5):
        app.step()
for _ in range({frames}):
    app.step()
for _ in range(900 if {until!r} else 0):  # keep going until the moment the shot is about
    if eval({until!r}):
        break
    app.step()
save_screenshot({out!r})
'''


def main() -> None:
    """Render the chosen shots into a folder."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="screenshots", help="folder for the PNGs")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--quality", choices=("low", "medium", "high", "ultra"), help="quality tier (file names get it as a suffix)")
    ap.add_argument("names", nargs="*", default=list(SHOTS), help=f"which shots ({', '.join(SHOTS)})")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    env.setdefault("SIDEWAYS_HOME", tempfile.mkdtemp(prefix="sideways-shots-"))
    for name in args.names:
        kwargs, frames, dt, keys, *more = SHOTS[name]  # [until[, build]]
        until, build = (list(more) + ["", ""])[:2]
        stem = f"{name}_{args.quality}" if args.quality else name
        code = CHILD.format(root=root, w=w, h=h, dt=dt, kwargs=kwargs, keys=keys, frames=frames, out=str(out / f"{stem}.png"),
                            quality=args.quality, until=until, build=build)
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
        print(f"{name}: {'ok' if p.returncode == 0 else 'FAILED: ' + p.stderr.strip().splitlines()[-1]}")


if __name__ == "__main__":
    main()
