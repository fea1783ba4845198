"""What the online screens show, as data: the Online settings rows (typed text checked before it is kept), the line a
submission shows, which runs are offered for submission, and the Leaderboards' lists, rows and breakdowns (a hostile
server's text shown as one inert line)."""

from __future__ import annotations

import pytest

from game.content.settings import default_settings
from game.net.board_client import Result
from game.shell.online import ranked, verdict_line
from game.ui.boards.listing import Scope, board_label, breakdown_lines, listed, row_cells
from game.ui.settings.pages import TextEntry, build_pages

BOARDS = [
    {"id": "event-yard-p1", "kind": "event", "title": "Career · Yard Valet", "map": "parking_yard", "event": "yard"},
    {"id": "timed-park-p1", "kind": "timed", "title": "Timed Run · Sideways Park", "map": "sideways_park"},
    {"id": "q-park-hook-arcade", "kind": "qualifying", "title": "Qualifying · Sideways Park · Pad Hook · Arcade",
     "map": "sideways_park", "course": "pad_hook", "model": "arcade"},
    {"id": "q-pass-arcade", "kind": "qualifying", "title": "Qualifying · Mountain Pass · Hairpins · Arcade", "map": "mountain_pass",
     "course": "hairpins", "model": "arcade"},
    {"id": "zones-park-p1", "kind": "zones", "title": "Drift Zones · Sideways Park", "map": "sideways_park"},
]


def online_rows():
    page = next(p for p in build_pages(default_settings()) if p.name == "Online")
    return {r.label: r for r in page.rows}


def test_the_online_page_keeps_a_good_address_and_name_and_refuses_a_bad_one_in_one_line():
    rows = online_rows()
    server, name = rows["Server"], rows["Your name"]
    assert isinstance(server, TextEntry) and isinstance(name, TextEntry)
    s = default_settings()
    assert (server.text(s), name.text(s)) == ("None", "Not set")  # no server by default
    s = server.accept(s, "  http://boards.example:8000  ")
    assert s.online.server == "http://boards.example:8000" and server.text(s) == "http://boards.example:8000"
    for bad in ("ftp://x", "http://a b", "boards.example", "http://user@host/"):
        with pytest.raises(ValueError, match=r"^Server must be an http:// or https:// address \(or empty for none\)$"):
            server.accept(s, bad)
    assert server.accept(s, "").online.server == ""  # no server again
    s = name.accept(s, " Drift Ace ")
    assert s.online.name == "Drift Ace"
    with pytest.raises(ValueError, match="Your name must be printable text of at most 24 characters"):
        name.accept(s, "x" * 25)
    assert rows["Offer Submit on results"].text(s) == "On"


def test_a_submission_reads_as_one_line_for_each_verdict():
    verified = Result("verified", "0123456789abcdef", "q-park-hook-arcade", 92.9, 3)
    board = {"board": {"title": "Qualifying · Sideways Park · Pad Hook · Arcade", "runs": 12}, "rows": [], "you": None}
    assert verdict_line(verified, board).text == "Verified 92.9 · rank 3 of 12 on Qualifying · Sideways Park · Pad Hook · Arcade"
    assert verdict_line(verified).text == "Verified 92.9 · rank 3 on q-park-hook-arcade"  # before the board's title came
    worse = Result("verified", "0123456789abcdef", "q-park-hook-arcade", 80.5, None)
    mine = {**board, "you": {"rank": 2, "score": 92.9}}
    assert verdict_line(worse, mine).text == ("Verified 80.5, not your best on Qualifying · Sideways Park · Pad Hook · Arcade "
                                              "(your best there: 92.9, rank 2)")
    refused = Result("refused", "0123456789abcdef", reason="driven by the autopilot (rin); only a player's own runs are ranked")
    assert verdict_line(refused) == verdict_line(refused, None, waiting=True)
    assert verdict_line(refused).text == "Refused: driven by the autopilot (rin); only a player's own runs are ranked"
    assert verdict_line(refused).tone == "bad" and verdict_line(verified).tone == "good"
    queued = Result("queued", "0123456789abcdef")
    assert verdict_line(queued, waiting=True).text == "Verifying…"
    assert verdict_line(queued).text == "Still being verified; see Leaderboards later."
    assert verdict_line(None).text == "Verifying…"


def test_submit_is_offered_for_the_runs_a_board_ranks():
    class Plan:
        def __init__(self, cup: bool) -> None:
            self.is_cup = cup

    assert ranked("qualifying", "") and ranked("timed", "") and ranked("zones", "") and ranked("parking", "")
    assert not ranked("free", "") and not ranked("tandem", "")  # no board outside the career
    assert not ranked("qualifying", "ace")  # the autopilot drove
    assert ranked("tandem", "", Plan(cup=False))  # a career event's battle has its board
    assert not ranked("qualifying", "", Plan(cup=True))  # a cup's step has none


def test_a_scope_lists_its_boards_in_the_games_order():
    assert [b["id"] for b in listed(BOARDS, Scope())] == ["q-park-hook-arcade", "q-pass-arcade", "timed-park-p1", "zones-park-p1",
                                                          "event-yard-p1"]
    assert [b["id"] for b in listed(BOARDS, Scope(map="sideways_park"))] == ["q-park-hook-arcade", "timed-park-p1", "zones-park-p1"]
    assert [b["id"] for b in listed(BOARDS, Scope(map="sideways_park", mode="zones"))] == ["zones-park-p1"]
    assert [b["id"] for b in listed(BOARDS, Scope(event="yard"))] == ["event-yard-p1"]
    assert board_label(BOARDS[2], Scope(map="sideways_park")) == "Qualifying · Pad Hook · Arcade"  # the map said once, above
    assert board_label(BOARDS[2], Scope()) == "Qualifying · Sideways Park · Pad Hook · Arcade"


def test_rows_from_a_hostile_server_show_as_one_short_inert_line_each():
    row = {"rank": 1, "player": "<b>Ace</b>\n\x1b[31mred" + "x" * 200, "score": 92.9, "car": "hatch", "model": "arcade",
           "date": "2026-12-01T10:00:00\nDROP", "run": "0123456789abcdef"}
    rank, player, score, car, model, date = row_cells(row, {"hatch": "Sprite Hatch"}, {"arcade": "Arcade"})
    assert (rank, score, car, model, date) == ("1", "92.9", "Sprite Hatch", "Arcade", "2026-12-01")
    assert player.startswith("<b>Ace</b>\\n\\x1b[31mred") and player.endswith("...") and len(player) < 50
    assert all("\n" not in c and "\x1b" not in c for c in row_cells(row, {}, {}))


def test_a_breakdown_reads_as_the_judges_said_it():
    judged = {"line": 31.12, "angle": 32.43, "style": 29.33, "style_parts": {"initiation": 9.89, "fluidity": 10.0},
              "clips": [{"id": "c1", "points": 7.77}, {"id": "z1", "points": 7.42}],
              "sectors": [{"id": "entry", "mean_angle_deg": 36.06}], "zero": None}
    assert breakdown_lines(judged) == ["Line 31.1  ·  Angle 32.4  ·  Style 29.3", "Style: initiation 9.9  ·  fluidity 10.0",
                                       "Clips: c1 7.8  z1 7.4", "Sectors: entry 36°"]
    drift = {"drift": {"longest_drift_s": 3.25, "best_chain": 1200, "max_angle_deg": 44.4, "top_speed_mps": 20.0}}
    assert breakdown_lines(drift) == ["Longest drift 3.2 s  ·  best chain 1,200", "Max angle 44°  ·  top speed 72 km/h"]
    assert breakdown_lines("nonsense") == [] and breakdown_lines({"line": "x"}) == []
