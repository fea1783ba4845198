"""The web pages in a real browser: Debian's chromium, headless, opens the boards, a board's table and a run's page of a real
server holding runs it verified for two players (one named with HTML, shown literally), and screenshots them; the other
pages (a refused run, a Timed Run, the one-line 400 and 404 pages) are read over HTTP."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx
import numpy as np
import pytest
from PIL import Image

from game.server.shipped import Shipped
from game.sim.models.model_registry import MODELS
from tests.support import board_runs
from tests.support.board_server import board_server
from tests.support.dom import Element, parse

BOARD = board_runs.QUALIFYING_BOARD
HTML_NAME = "<b>x</b>"
WINDOW = (1280, 900)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars")
VERIFY_S = 120.0  # how long the runs may wait in the queue before the module gives up on them (a bound, not a measure)
SECTIONS = ["Qualifying", "Timed Run", "Drift Zones", "Parking", "Career events"]


@dataclass
class Site:
    """The running server, its runs by name (best, second, refused, timed: API documents) and the bytes submitted."""

    url: str
    client: httpx.Client
    runs: dict[str, dict]
    files: dict[str, bytes]
    shots: Path


def steered_run(factor: float, tmp: Path) -> bytes:
    """The Qualifying run's recorded inputs with the steering scaled: the same board, another verified score."""
    lines = [json.loads(s) for s in board_runs.QUALIFYING_INPUTS.read_text(encoding="utf-8").splitlines() if s.strip()]
    path = tmp / f"steer_{factor}.jsonl"
    path.write_text("".join(json.dumps(dict(c, steer=max(-1.0, min(1.0, c["steer"] * factor)))) + "\n" for c in lines), encoding="utf-8")
    return board_runs._drive(board_runs._setup("qualifying", course="pad_hook", runs=1), path)


def kart_run() -> bytes:
    """The same inputs in the kart: it over-rotates, so the run is stored and then refused (zeroed) by the re-simulation."""
    return board_runs._drive(board_runs._setup("qualifying", course="pad_hook", runs=1, car="kart"), board_runs.QUALIFYING_INPUTS)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("web")
    with ThreadPoolExecutor(1) as pool:  # the runs are driven while the server starts
        made = pool.submit(lambda: {"best": board_runs.qualifying_run(), "second": steered_run(1.02, tmp), "refused": kart_run(),
                                    "timed": board_runs.timed_run()})
        with board_server(tmp / "server", workers=2) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            files = made.result()
            tokens = {name: client.post("/api/v1/players", json={"name": name}).json()["token"] for name in (HTML_NAME, "Rin Okada")}
            owners = {"best": HTML_NAME, "second": "Rin Okada", "refused": "Rin Okada", "timed": "Rin Okada"}
            ids = {}
            for key, data in files.items():
                r = client.post("/api/v1/runs", content=data, headers={"Authorization": f"Bearer {tokens[owners[key]]}",
                                                                       "Content-Type": "application/octet-stream"})
                assert r.status_code == 202, r.text
                ids[key] = r.json()["run"]
            runs = {key: wait_for(client, run_id) for key, run_id in ids.items()}
            assert [runs[k]["status"] for k in files] == ["verified", "verified", "refused", "verified"], (runs, server.log())
            yield Site(server.url.rstrip("/"), client, runs, files, tmp_path_factory.mktemp("shots"))


def wait_for(client: httpx.Client, run_id: str) -> dict:
    """The run's document once the server has verified or refused it."""
    deadline = time.monotonic() + VERIFY_S
    while True:
        doc = client.get(f"/api/v1/runs/{run_id}").json()
        if doc["status"] not in ("queued", "running") or time.monotonic() > deadline:
            return doc
        time.sleep(0.1)


def chromium(url: str, profile: Path, screenshot: Path | None = None) -> Element:
    """The page's DOM as headless chromium renders it (and its screenshot at 1280x900, when asked)."""
    shot = [f"--screenshot={screenshot}", f"--window-size={WINDOW[0]},{WINDOW[1]}"] if screenshot else []
    p = subprocess.run([shutil.which("chromium") or "chromium", *FLAGS, f"--user-data-dir={profile}", *shot, "--dump-dom", url],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and "<html" in p.stdout, p.stderr[-3000:]
    return parse(p.stdout)


def assert_screenshot(path: Path) -> None:
    """A real PNG of the window's size, of a dark page with the orange header line (the stylesheet applied)."""
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert 20_000 < path.stat().st_size < 5_000_000, path.stat().st_size
    with Image.open(path) as img:
        assert img.format == "PNG" and img.size == WINDOW
        px = np.asarray(img.convert("RGB")).astype(int)
    r, g, b = px[..., 0], px[..., 1], px[..., 2]
    orange = int(((r > 220) & (g > 90) & (g < 150) & (b < 70)).sum())
    assert px.mean() < 70, f"the page is not dark: mean level {px.mean():.0f}"
    assert orange >= WINDOW[0] * 2, f"{orange} orange pixels: the stylesheet did not apply"
    assert len(np.unique(px[::4, ::4].reshape(-1, 3), axis=0)) > 200  # text and tables, not a blank page


def cells(row: Element) -> list[str]:
    return [td.text for td in row.all("td")]


@pytest.mark.chromium
def test_the_boards_page_lists_every_board_with_its_runs_and_leader(site, tmp_path):
    dom = chromium(f"{site.url}/", tmp_path / "profile", site.shots / "boards.png")
    assert [h.text for h in dom.all("h2")] == SECTIONS
    boards = site.client.get("/api/v1/boards").json()["boards"]
    for b in boards:
        row = dom.one("tr", **{"data-board": b["id"]})
        assert row.all("a")[0].attrs["href"] == f"/boards/{b['id']}"
        assert cells(row)[1] == str(b["runs"])
    ranked = dom.one("tr", **{"data-board": BOARD})
    best = site.runs["best"]
    assert cells(ranked)[1:] == ["2", HTML_NAME, f"{best['score']:.1f}"]
    assert ranked.one("td", "score").one("a").attrs["href"] == f"/runs/{best['run']}"
    timed = site.runs["timed"]
    assert cells(dom.one("tr", **{"data-board": timed["board"]}))[1:] == ["1", "Rin Okada", f"{int(timed['score']):,}"]  # points
    assert not dom.all("b"), "a player's name was rendered as markup"
    assert_screenshot(site.shots / "boards.png")


@pytest.mark.chromium
def test_a_board_lists_its_rows_in_rank_order_with_the_verified_scores(site, tmp_path):
    dom = chromium(f"{site.url}/boards/{BOARD}", tmp_path / "profile", site.shots / "board.png")
    api = site.client.get(f"/api/v1/boards/{BOARD}").json()
    assert dom.one("h1").text == api["board"]["title"]
    assert [a.attrs["href"] for a in dom.one("p", "crumb").all("a")] == ["/", "/#qualifying"]  # back to the board's section
    rows = dom.all("tr", "rank-row")
    hatch, arcade = Shipped.load().catalog.cars["hatch"].name, MODELS["arcade"].name
    assert [cells(r)[:5] for r in rows] == [[str(r["rank"]), r["player"], f"{r['score']:.1f}", hatch, arcade] for r in api["rows"]]
    assert [cells(r)[1] for r in rows] == [HTML_NAME, "Rin Okada"]
    assert site.runs["best"]["score"] == board_runs.QUALIFYING_TOTAL > site.runs["second"]["score"]  # the server's own totals, best first
    assert [r.all("a")[-1].attrs["href"] for r in rows] == [f"/runs/{site.runs['best']['run']}", f"/runs/{site.runs['second']['run']}"]
    line = site.runs["best"]["breakdown"]
    assert rows[0].one("td", "brief").text == f"Line {line['line']:.1f} · Angle {line['angle']:.1f} · Style {line['style']:.1f}"
    assert not dom.all("b")
    assert_screenshot(site.shots / "board.png")


@pytest.mark.chromium
def test_a_runs_page_shows_its_breakdown_and_its_replay_downloads(site, tmp_path):
    run = site.runs["best"]
    dom = chromium(f"{site.url}/runs/{run['run']}", tmp_path / "profile", site.shots / "run.png")
    assert dom.one("h1").text == f"{HTML_NAME} verified" and not dom.all("b")
    verdict = dom.one("section", "verdict")
    assert verdict.all("span", "value")[0].text == f"{run['score']:.1f} / 100" and verdict.all("span", "value")[1].text == f"#{run['rank']}"
    b = run["breakdown"]
    assert [c.one("span", "value").text for c in dom.all("div", "cat")] == [f"{b['line']:.1f}", f"{b['angle']:.1f}", f"{b['style']:.1f}"]
    assert [cells(r)[0] for r in dom.one("table", "clips").one("tbody").all("tr")] == [c["id"] for c in b["clips"]]
    assert [cells(r)[0] for r in dom.one("table", "sectors").one("tbody").all("tr")] == [s["id"] for s in b["sectors"]]
    link = dom.one("a", "download")
    assert link.attrs["href"] == f"/api/v1/runs/{run['run']}/replay"
    assert site.client.get(link.attrs["href"]).content == site.files["best"]
    assert_screenshot(site.shots / "run.png")


def test_a_refused_runs_page_says_why(site):
    run = site.runs["refused"]
    dom = parse(site.client.get(f"/runs/{run['run']}").text)
    assert dom.one("span", "status").text == "refused"
    assert dom.one("p", "reason").text == f"Refused: {run['reason']}" and run["reason"].startswith("zeroed")
    assert not dom.all("section", "judged") and dom.one("a", "download").attrs["href"] == f"/api/v1/runs/{run['run']}/replay"


def test_a_timed_runs_page_shows_its_drift_statistics(site):
    run = site.runs["timed"]
    dom = parse(site.client.get(f"/runs/{run['run']}").text)
    stats = {s.one("span", "label").text: s.one("span", "value").text for s in dom.all("div", "stat")}
    drift = run["breakdown"]["drift"]
    assert stats["Best chain"] == str(drift["best_chain"]) and stats["Chains banked"] == str(drift["chains_banked"])
    assert stats["Top speed"] == f"{drift['top_speed_mps'] * 3.6:.1f} km/h" and stats["Max angle"] == f"{drift['max_angle_deg']:.1f}°"
    assert "Score" not in stats and not dom.all("section", "judged")  # the score is the big figure above, not a stat again
    assert dom.one("section", "verdict").all("span", "value")[0].text == f"{int(run['score']):,}"


@pytest.mark.parametrize(("path", "status", "line"), [
    (f"/boards/{BOARD}?limit=abc", 400, "limit must be a whole number from 1 to 100, not 'abc'"),
    (f"/boards/{BOARD}?limit=0", 400, "limit must be a whole number from 1 to 100, not '0'"),
    (f"/boards/{BOARD}?limit=101", 400, "limit must be a whole number from 1 to 100, not '101'"),
    ("/boards/no_such_board", 404, "no board 'no_such_board' on this server"),
    ("/boards/<img src=x onerror=alert(1)>", 404, "no board '<img src=x onerror=alert(1)>' on this server"),
    ("/runs/0123456789abcdef", 404, "no run '0123456789abcdef' on this server"),
    ("/runs/<b>x", 404, "no run '<b>x' on this server"),
])
def test_a_bad_limit_or_an_unknown_board_or_run_is_a_page_with_one_line(site, path, status, line):
    r = site.client.get(path)
    assert r.status_code == status and r.headers["content-type"].startswith("text/html")
    dom = parse(r.text)
    assert dom.one("p", "line").text == line
    assert not dom.all("img") and not dom.all("b")


def test_a_limit_shows_that_many_rows(site):
    dom = parse(site.client.get(f"/boards/{BOARD}?limit=1").text)
    assert [cells(r)[1] for r in dom.all("tr", "rank-row")] == [HTML_NAME]
