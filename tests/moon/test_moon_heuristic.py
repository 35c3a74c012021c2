"""The Walking on the Moon heuristic: it beats random players, prefers a safe landing to an
accident, and stops when the next jump is more likely to end in an accident than to gain."""

import pytest
from moon_helpers import GAME
from test_moon_rules import BLUE1, WHITE1, pick, roll_for, table

from cosmodrome.bots import RandomBot
from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE
from cosmodrome.games.moon.heuristic import MoonHeuristic, plan_value, plans
from cosmodrome.games.moon.state import A_DONE, A_REROLL, GO_ON, PROGRAM, decode_program


def test_beats_three_random_players():
    wins = 0.0
    for g in range(8):
        s = GAME.new_state(4, 300 + g)
        bots = [RandomBot(seed=g * 10 + i) for i in range(4)]
        bots[g % 4] = MoonHeuristic(seed=g)
        while not s.is_terminal():
            s.apply(bots[s.to_move()].choose(s))
        wins += s.returns()[g % 4]
    assert wins >= 7


def test_picks_a_safe_landing_over_an_accident():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 3, WHITE1: 1})      # blue 3 ends on a hazard; white 1 into rock
    s.faces[BLUE1] = 2                                          # blue 2 lands safely on Mare column 2
    assert MoonHeuristic().choose(s) == pick(BLUE1)


def test_spends_an_ec_to_reroll_a_hopeless_jump():
    s = roll_for(table(), 0, 1, 1, {BLUE1: 2})                  # the only move ends on the hazard
    s.ec_counters[0], s.ec_supply = 1, 9
    assert MoonHeuristic().choose(s) == A_REROLL + BLUE1


def test_stops_before_a_jump_that_can_only_end_in_an_accident():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    # from Mare column 2 a white 1 crashes into rock; only a white 2 (half the faces) lands
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.phase == GO_ON and MoonHeuristic().choose(s) == A_DONE


def test_plans_put_every_die_on_at_most_three_jumps():
    for k in range(1, 7):
        for plan in plans((2, 2, 2), k):
            assert 1 <= len(plan) <= 3 and sum(len(g) for g in plan) == k
            assert all(sum(g.count(c) for g in plan) <= 2 for c in range(3))



@pytest.mark.parametrize("jumps", [1, 2])
def test_programs_the_best_plan_the_rule_s_jumps_allow(jumps):
    """With a variant's fewer jumps (``[rules] jumps``), the dice go on the plan of best
    expected value of those over that many jumps (at most two dice a jump unless more must go
    there), not on a three-jump plan cut short."""
    toml = f'[rules.jumps]\nvalue = {jumps}\nstatus = "assumed"\nsource = "ours"\n'
    for seed in range(1, 6):
        s = GAME.new_state(3, seed, {"components": {"toml": toml, "name": f"jumps{jumps}"}})
        while s.phase != PROGRAM:
            s.apply(s.legal_actions()[0])
        v = s.view(s.to_move())
        me, key = v["astronauts"][v["turn"]["mover"]], (tuple(c["index"] for c in v["lap"]["cards"]),)
        bot, placed = MoonHeuristic(seed=0), list(s.die_action)
        while s.phase == PROGRAM:
            a = bot.choose(s)
            d, j = decode_program(a)
            placed[d] = j
            s.apply(a)
        done = tuple(tuple(sorted(DIE_COLOUR[d] for d in range(NUM_DICE) if placed[d] == j))
                     for j in range(max(placed) + 1))
        best = max(plan_value(key, me["col"], me["level"], me["sputniks"], p)
                   for p in plans((2, 2, 2), sum(len(g) for g in done), jumps))
        assert plan_value(key, me["col"], me["level"], me["sputniks"], done) == best, seed
