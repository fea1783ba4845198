"""The career screens (grid, event results, cup bracket) built offscreen from made-up progress and driven by keys, gamepad
buttons and clicks (one subprocess: tests/ui/career_widgets_flow.py); and the text they show (pure)."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from game.ui.career import rows as cr
from tests.support.e2e_helpers import run_script


@pytest.fixture(scope="module")
def flow(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    return run_script("tests.ui.career_widgets_flow", env_home=home, timeout=300)


def test_grid_moves_by_keys_and_pad_and_starts_an_open_event(flow):
    assert flow["before_arm"] == []  # the Enter that opened the grid does not start an event
    assert flow["start"] == "park_opener"
    # right, down (the nearest card), pad right twice, right past the row's end into the next tier, left back, D, pad up
    assert flow["moves"] == ["park_zones", "pass_judged", "lake_zones", "park_tandem", "lake_judged", "park_tandem", "lake_judged", "pass_sprint"]
    assert flow["detail"] == ["Pass Sprint", "TIMED RUN", "Enter / A  to start"]
    assert flow["picked"] == [["pick", "pass_sprint"]]
    rows = flow["detail_rows"]  # the targets with their stars, then the rules
    assert rows[:8] == ["STAR TARGETS", "score", "5,000", "earned", "9,000", "13,000", "Your best", "5,400"]
    assert rows[rows.index("Cars") + 1] == "Any car"
    assert rows[rows.index("You drive") + 1] == "Vortex GT (loan car)"
    assert rows[rows.index("Handling") + 1] == "Your choice" and "Opponent" not in rows


def test_a_locked_card_says_why_and_does_not_start(flow):
    assert flow["locked_on"] == "lake_judged"
    assert flow["locked_calls"] == []
    assert flow["locked_message"] == "Locked  \u2014  Needs 14 stars - you have 10"
    assert flow["locked_detail"] == "Needs 14 stars - you have 10"
    assert flow["message_after_move"] == ""  # moving on clears it


def test_grid_by_mouse_and_back(flow):
    assert flow["hovered"] == "yard_first"
    assert flow["mouse_calls"] == [["pick", "yard_first"], ["back"]]  # the open card, not the locked one; then Back
    assert flow["mouse_message"] == "Locked  \u2014  Needs 24 stars - you have 10"
    assert flow["back_calls"] == [["back"], ["back"]]  # Esc, then B


def test_many_tiers_scroll(flow):
    assert flow["rows_fit"] == 6
    assert flow["start_many"] == "park_zones0"  # the first open card short of three stars
    chosen, first, shown = flow["scrolled"]
    assert chosen == "sideways_cup1" and first == 4
    assert shown == [False] * 4 + [True] * 6
    assert flow["more"] == [True, False]  # "more tiers above" once scrolled to the end
    assert flow["empty"] == [None, []]  # a career with no events: nothing to pick, nothing breaks


def test_results_panel_lights_this_runs_stars(flow):
    p = flow["panel"]
    assert flow["states"] == ["again", "new", "empty"]  # one star held before and earned again, the second one new
    assert [p["target0"], p["target1"], p["target2"]] == ["5,000", "9,000", "13,000"]
    assert p["score"] == "9,480" and "new1" in p and "new0" not in p
    assert p["next"] == "+1 star   \u00b7   Next star at 13,000: 3,520 to go"
    assert p["credits"] == "+150 CR"
    assert p["unlocked"] == "Unlocked: Island Loop and Chasing Rin"
    assert flow["no_event_panel"] is True
    # the stats JSON's shorter block: the held star worked out from new_stars, unlocked ids named where the names know them
    assert flow["short_states"] == ["again", "new", "empty"]
    assert flow["short_panel"]["unlocked"] == "Unlocked: Island Loop and park_ghost"
    assert flow["short_panel"]["score"] == "131.4"
    alone, beside = flow["headline_widths"]
    assert alone > 0.8 and beside <= 2 * (0.395 - 0.03) + 1e-3  # the panel's left edge is at x 0.395


def test_bracket_shows_scores_omt_and_the_players_path(flow):
    b = flow["bracket"]
    assert b["subtitle"] == "Final next: Rin Takeda  \u00b7  you lead the first run"  # worked out from the rows
    assert [b["0.0.0"], b["0.0.0:score"], b["0.0.1"], b["0.0.1:score"]] == ["You", "142.5", "Lulu Bright", "101.0"]
    assert b["0.1:omt"] == "OMT" and b["1.0:omt"] == "OMT x2" and "0.0:omt" not in b
    assert [b["2.0.0"], b["2.0.0:score"], b["2.0.1"], b["2.0.1:score"]] == ["You", "\u2014", "Rin Takeda", "\u2014"]
    assert b["champion"] == "?"
    assert flow["next_lit"] is True
    assert flow["buttons"] == ["Next battle", "Back"]
    assert flow["bracket_calls"] == [["continue"], ["back"], ["back"], ["continue"]]  # A, Down+Enter, Esc, a click


def test_a_fresh_bracket_is_all_tbd_and_has_no_continue(flow):
    assert set(flow["fresh"].values()) == {"TBD", "?"}
    assert flow["fresh_buttons"] == ["Back"] and flow["fresh_calls"] == [["back"]]


def test_star_states_and_score_words():
    assert cr.star_states(3, 1) == ("again", "new", "new")
    assert cr.star_states(1, 3) == ("again", "held", "held")
    assert cr.star_states(0, 0) == ("empty", "empty", "empty")
    assert [cr.fmt_score(v) for v in (12345, 87.3, 90.0, None, float("nan"), 2500.4)] == ["12,345", "87.3", "90", "\u2014", "\u2014", "2,500"]
    assert cr.next_star_line(87.3, (40, 65, 90), 2) == "Next star at 90: 2.7 to go"
    assert cr.next_star_line(95, (40, 65, 90), 3) == "All three stars"
    assert cr.unlocked_line(["A", "B", "C", "D", "E"]) == "Unlocked: A, B, C and 2 more"
    assert cr.unlocked_line([]) == ""
    assert cr.wrap_lines("one two three four", 9, 5) == "one two\nthree\nfour"
    assert cr.wrap_lines("one two three four", 9, 2) == "one two\nthree\u2026"


def test_bracket_status_from_the_rows():
    from tools.career_shots import DRIVERS, _m, demo_rows

    rows = demo_rows()
    assert cr.bracket_status(rows, DRIVERS) == "Final next: Rin Takeda  \u00b7  you lead the first run"
    won = (*rows[:2], (_m("final", "player", "rin", 140.0, 120.0, 0, "player"),))
    assert cr.bracket_status(won, DRIVERS) == "You won the cup" and cr.champion(won) == "player"
    lost = (*rows[:1], (_m("semi", "hugo", "player", 130.0, 120.0, 0, "hugo"), rows[1][1]), (_m("final", "hugo", "rin", pending=True),))
    assert cr.bracket_status(lost, DRIVERS) == "Out in the semi-finals"
    chase = (*rows[:1], (_m("semi", "hugo", "player", pending=True), rows[1][1]), rows[2])
    assert cr.bracket_status(chase, DRIVERS) == "Semi-final next: Hugo Castell  \u00b7  you chase the first run"


def test_event_block_from_an_outcome():
    outcome = NS(event_id="e1", score=70.5, stars=2, stars_before=0, stars_after=2, new_stars=2, credits=300, best=70, is_best=True,
                 targets=(40, 65, 90), unlocked=("e2",))
    block = cr.event_block(outcome, "Event One", {"e2": "Event Two"})
    assert block["unlocked_names"] == ["Event Two"] and block["credits"] == 300
    v = cr.block_view(block)
    assert v["states"] == ("new", "new", "empty") and v["new"] == 2 and v["unlocked"] == "Unlocked: Event Two"
    cup = cr.block_view({"kind": "cup", "score": 2, "stars": 2, "targets": [1, 2, 3]})
    assert cup["score_label"] == "BATTLES WON" and cup["next"] == "Next star at 3 battles won: 1 to go"
