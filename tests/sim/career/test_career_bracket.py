"""The cup's bracket: seeding 1v8/4v5/2v7/3v6, the player's battles, drawn battles with one more time, places, settling."""

from __future__ import annotations

import numpy as np
import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.career.bracket import (
    MOVED_ON,
    OPEN,
    RECORDED,
    after_battle,
    after_qualifying,
    battles_won,
    bracket_rows,
    champion,
    draw_battle,
    next_battle,
    record_fits,
    seed_of,
    settle_cup,
    start_cup,
    step_standing,
    with_cup,
)
from game.sim.career.event import DONE_ROUND, PLAYER, QUALIFYING_ROUND, FieldEntry
from game.sim.career.progress import CareerProgress
from tests.support.career_fixtures import RULES, career, cup, play


def seeded(score: float, seed: int = 7, cp=None):
    cp = cp or cup()
    return after_qualifying(cp, start_cup(cp, None, seed), score)


class Scripted:
    """An rng whose normal() hands out the given values in turn."""

    def __init__(self, values):
        self.values = list(values)

    def normal(self, mean, sd):
        return self.values.pop(0)


def test_qualifying_seeds_the_bracket_1v8_4v5_2v7_3v6():
    rec = seeded(82)  # the field qualifies 90, 85, 80, ... 60: the player is 3rd
    assert rec.round == "quarter" and rec.qualifying == 82
    assert rec.seeds == ("d1", "d2", PLAYER, "d3", "d4", "d5", "d6", "d7")
    quarters = bracket_rows(cup(), rec)[0]
    assert [(m.seed_a, m.seed_b) for m in quarters] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [(m.a, m.b) for m in quarters] == [("d1", "d7"), ("d3", "d4"), ("d2", "d6"), (PLAYER, "d5")]
    assert all(m.pending for m in quarters)
    assert [len(r) for r in bracket_rows(cup(), rec)] == [4, 2, 1]


def test_the_higher_seed_leads_first():
    assert next_battle(cup(), seeded(99)) == ("quarter", "d7", "lead")  # 1st meets 8th
    assert next_battle(cup(), seeded(10)) == ("quarter", "d1", "chase")  # 8th meets 1st
    assert next_battle(cup(), start_cup(cup(), None, 1)) is None  # qualifying first


def test_the_semis_take_the_winners_of_1v8_and_4v5_and_of_2v7_and_3v6():
    rec = play(seeded(99), [True])  # the player is 1st and beats 8th
    quarters, semis, final = bracket_rows(cup(), rec)
    assert all(not m.pending for m in quarters) and sum(m.drawn for m in quarters) == 3
    assert semis[0].a == PLAYER and semis[0].b == quarters[1].winner
    assert (semis[1].a, semis[1].b) == (quarters[2].winner, quarters[3].winner)
    assert semis[0].pending and semis[1].pending and final[0].a == final[0].b == ""
    assert next_battle(cup(), rec) == ("semi", quarters[1].winner, "lead")


def test_a_full_cup_from_qualifying_to_winning_the_final_pays_three_stars():
    c, cp = career(), cup()
    rec = start_cup(cp, None, 2026)
    assert (rec.round, rec.attempts, rec.seeds) == (QUALIFYING_ROUND, 1, ())
    rec = play(after_qualifying(cp, rec, 70), [True, True, True])
    assert rec.round == DONE_ROUND and rec.place == "winner" and battles_won(rec) == 3 and champion(rec) == PLAYER
    assert next_battle(cp, rec) is None
    rows = bracket_rows(cp, rec)
    assert all(not m.pending for row in rows for m in row)
    assert sum(m.has_player for row in rows for m in row) == 3
    progress, out = settle_cup(c, CareerProgress(), cp, rec, replay="final.swr", date="20261201-235900")
    assert (out.score, out.stars, out.new_stars, out.credits, out.best) == (3, 3, 3, 1500, 3)
    assert progress.events["sideways_cup"].best == 3 and progress.cups["sideways_cup"] == rec


@pytest.mark.parametrize(("results", "place", "won", "stars"),
                         [([False], "quarter", 0, 0), ([True, False], "semi", 1, 1), ([True, True, False], "final", 2, 2)])
def test_going_out_in_each_round_gives_its_place_and_the_rest_of_the_bracket_is_drawn(results, place, won, stars):
    c, cp = career(), cup()
    rec = play(seeded(50), results)
    assert rec.round == DONE_ROUND and rec.place == place and battles_won(rec) == won
    assert next_battle(cp, rec) is None
    rows = bracket_rows(cp, rec)
    assert all(not m.pending for row in rows for m in row)
    assert champion(rec) not in ("", PLAYER)
    assert [m for m in rows[len(results) - 1] if m.has_player][0].winner != PLAYER
    _, out = settle_cup(c, CareerProgress(), cp, rec)
    assert out.stars == stars and out.best == won
    with pytest.raises(ValueError, match="no battle to record"):
        after_battle(cp, rec, RULES, 150, 100, 0, PLAYER)


def test_the_players_battle_keeps_its_one_more_times_and_scores_by_seed():
    cp = cup()
    rec = seeded(10)  # 8th: chases 1st (d1), who is "a"
    rec = after_battle(cp, rec, RULES, 151.5, 150.0, 2, PLAYER, replay="q.swr")
    mine = next(b for b in rec.battles if not b.drawn)
    assert (mine.a, mine.b, mine.score_a, mine.score_b, mine.omt, mine.winner, mine.replay) == ("d1", PLAYER, 150.0, 151.5, 2, PLAYER, "q.swr")
    m = bracket_rows(cp, rec)[0][0]
    assert (m.a, m.b, m.score_a, m.score_b, m.omt, m.winner, m.drawn) == ("d1", PLAYER, 150.0, 151.5, 2, PLAYER, False)


def test_no_winner_given_decides_by_score_and_a_dead_heat_goes_to_the_higher_seed():
    cp = cup()
    assert next(b for b in after_battle(cp, seeded(10), RULES, 140, 139, 2, "").battles if not b.drawn).winner == PLAYER
    assert after_battle(cp, seeded(10), RULES, 140, 140, 2, "").place == "quarter"  # 8th loses the tie to 1st
    assert after_battle(cp, seeded(99), RULES, 140, 140, 2, "").round == "semi"
    with pytest.raises(ValueError, match="winner must be"):
        after_battle(cp, seeded(99), RULES, 140, 120, 0, "d3")


def test_a_drawn_tie_is_one_more_time_then_the_next_pair_decides():
    a, b = FieldEntry("d1", 90, 140, 10), FieldEntry("d2", 85, 130, 10)
    bat = draw_battle(Scripted([140.0, 138.5, 120.0, 131.0]), a, b, RULES, "semi")
    assert (bat.omt, bat.score_a, bat.score_b, bat.winner, bat.drawn, bat.round) == (1, 120.0, 131.0, "d2", True, "semi")
    capped = draw_battle(Scripted([140.0, 141.0, 100.0, 100.0, 120.0, 121.0]), a, b, RULES)
    assert (capped.omt, capped.winner) == (2, "d2")  # omt_max reached: the higher score, however close
    dead = draw_battle(Scripted([150.0, 150.0] * 3), a, b, RULES)
    assert (dead.omt, dead.winner) == (2, "d1")  # ... and a dead heat to the higher seed
    clipped = draw_battle(Scripted([260.0, -30.0]), a, b, RULES)
    assert (clipped.score_a, clipped.score_b) == (200.0, 0.0)


def test_drawn_battles_take_the_real_tandem_rules_and_tie_every_time_between_identical_drivers():
    scoring = load_scoring_rules()
    a, b = FieldEntry("d1", 90, 140, 0.0), FieldEntry("d2", 85, 140, 0.0)
    for rules in (scoring, scoring.tandem):
        bat = draw_battle(np.random.default_rng(1), a, b, rules)
        assert bat.omt == scoring.tandem.omt_max and bat.winner == "d1"


def test_drawn_battles_follow_from_the_attempts_seed():
    cp = cup()
    one, again, other = (play(seeded(99, seed=s), [False]) for s in (11, 11, 12))
    assert one.battles == again.battles
    assert [b.score_a for b in one.battles if b.drawn] != [b.score_a for b in other.battles if b.drawn]
    d47 = next(b for b in one.battles if b.round == "quarter" and b.a == "d3")  # seeds 4 v 5: the quarter's match 1
    redo = draw_battle(np.random.default_rng([11, 0, 1]), cp.field[2], cp.field[3], RULES, "quarter")
    assert d47 == redo


def test_a_restarted_cup_keeps_the_best_ever_and_pays_nothing_again():
    c, cp = career(), cup()
    first = play(seeded(50, seed=1), [True, True, False])
    p, out = settle_cup(c, CareerProgress(), cp, first)
    assert out.best == 2 and out.credits == 1000
    again = start_cup(cp, p.cups[cp.id], 99)
    assert (again.attempts, again.round, again.battles, again.place) == (2, QUALIFYING_ROUND, (), "")
    p = with_cup(p, cp.id, again)
    assert p.events[cp.id].best == 2  # the best ever stays while the new attempt runs
    second = play(after_qualifying(cp, again, 20), [False])
    p, out = settle_cup(c, p, cp, second)
    assert (out.score, out.stars, out.stars_after, out.best, out.credits, out.is_best) == (0, 0, 2, 2, 0, False)
    assert p.cups[cp.id].attempts == 2 and p.cups[cp.id].place == "quarter"
    with pytest.raises(ValueError, match="not over"):
        settle_cup(c, p, cp, again)
    with pytest.raises(ValueError, match="qualifying is over"):
        after_qualifying(cp, second, 50)


def test_a_record_without_a_proper_seeding_shows_an_empty_bracket():
    cp = cup()
    rows = bracket_rows(cp, None)
    assert all(m.pending and m.a == m.b == "" for row in rows for m in row)
    broken = seeded(72)  # 90, 85, 80, 75, then the player
    assert bracket_rows(cp, type(broken)(round="quarter", seeds=broken.seeds[:5]))[0][0].a == ""
    assert seed_of(broken, PLAYER) == 5 and seed_of(broken, "nobody") == 0


def test_a_saved_attempt_fits_the_cup_only_while_its_field_is_the_same():
    cp = cup()
    rec = play(seeded(72), [True])
    assert record_fits(cp, rec) and record_fits(cp, start_cup(cp, None, 1)) and not record_fits(cp, None)
    other = cup(field=(*cp.field[:6], FieldEntry("newcomer", 50, 100, 5)))
    assert not record_fits(other, rec)
    assert next_battle(other, rec) is None  # nothing to drive: the game starts a new attempt
    with pytest.raises(ValueError, match="no battle to record"):
        after_battle(other, rec, RULES, 150, 100, 0, PLAYER)
    assert not record_fits(cp, type(rec)(round="sideways"))


def test_every_finished_bracket_is_whole_over_many_seeds_and_results():
    cp = cup(field=tuple(FieldEntry(f"d{i}", 80.0 - i, 130.0, 4.0) for i in range(1, 8)))  # close battles: one-more-times happen
    omts = 0
    for seed in range(40):
        won = seed % 4
        results = [True] * won + ([False] if won < 3 else [])
        rec = play(seeded(seed * 2.5, seed=seed, cp=cp), results, cp=cp)
        rows = bracket_rows(cp, rec)
        assert rec.round == DONE_ROUND and all(not m.pending and m.winner in (m.a, m.b) for row in rows for m in row)
        for before, after in zip(rows, rows[1:], strict=False):
            assert [x for m in after for x in (m.a, m.b)] == [m.winner for m in before]
        assert sorted(x for m in rows[0] for x in (m.a, m.b)) == sorted(rec.seeds)
        for m in (m for row in rows for m in row if m.drawn):
            assert 0 <= m.score_a <= 200 and 0 <= m.score_b <= 200 and m.omt <= RULES.omt_max
            assert m.omt == RULES.omt_max or abs(m.score_a - m.score_b) > RULES.omt_margin_points
            omts += m.omt
        assert len(rec.battles) == 7
        assert battles_won(rec) == won and rec.place == ("winner" if won == 3 else ("quarter", "semi", "final")[won])
    assert omts > 0


def test_a_step_planned_on_a_stale_bracket_is_recognised_as_recorded_or_moved_on():
    """Two games in one home plan the same step; the one that settles second finds it in the bracket already (or the
    attempt gone), so it is recorded once."""
    cp = cup()
    planned = seeded(82)  # the player is 3rd: the quarter-final against d5 is next
    assert next_battle(cp, planned)[:2] == ("quarter", "d5")
    assert step_standing(cp, planned, planned, "quarter", "d5") == OPEN  # nothing moved: record it
    won = play(planned, [True])  # the other game won that quarter-final (the semi-final is next)
    assert step_standing(cp, planned, won, "quarter", "d5") == RECORDED
    assert step_standing(cp, planned, play(planned, [True, False]), "quarter", "d5") == RECORDED  # and more since: still in it
    assert step_standing(cp, planned, play(planned, [False]), "quarter", "d5") == RECORDED  # lost there: the attempt is over
    semi = next_battle(cp, won)[1]
    assert step_standing(cp, won, won, "semi", semi) == OPEN and step_standing(cp, won, planned, "semi", semi) == MOVED_ON  # not there yet
    again = after_qualifying(cp, start_cup(cp, play(planned, [False]), 99), 82)  # a new attempt, the same quarter-final next
    assert next_battle(cp, again)[:2] == ("quarter", "d5") and step_standing(cp, planned, again, "quarter", "d5") == MOVED_ON
    assert step_standing(cp, planned, None, "quarter", "d5") == MOVED_ON  # the cup's record is gone
    # qualifying: open while the attempt is as planned (none yet, or the last one over); once settled elsewhere, recorded
    assert step_standing(cp, None, None, QUALIFYING_ROUND) == OPEN
    assert step_standing(cp, None, planned, QUALIFYING_ROUND) == RECORDED
    over = play(planned, [False])
    assert step_standing(cp, over, over, QUALIFYING_ROUND) == OPEN and step_standing(cp, over, again, QUALIFYING_ROUND) == RECORDED
