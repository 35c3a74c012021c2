"""The heuristic bot plays sensibly: it beats a random player clearly."""

from cosmic_run_helpers import BLUE, GREEN, MINE, ORANGE, give_tech, move_face, place, tech_face

from cosmodrome.core import Bot, Rng
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.actions import A_ACCEPT, A_REROLL, A_STEP
from cosmodrome.games.cosmic_run.heuristic import CosmicRunHeuristic
from cosmodrome.games.cosmic_run.state import MOVE, ZOR_GIVE, ZOR_REROLL


def test_heuristic_is_declared_and_a_bot():
    mod, cls = GAME.heuristic_bot.split(":")
    assert cls == "CosmicRunHeuristic" and issubclass(CosmicRunHeuristic, Bot)


def test_heuristic_beats_random():
    h = CosmicRunHeuristic(seed=1)
    total, n = 0.0, 0
    for opts in ({}, {"side": "B"}, {"friendly": True}, {"rapid_fire": True}):
        for seed in range(8):
            s = GAME.new_state(2, 500 + seed, opts)
            r = Rng(seed)
            hs = seed % 2
            while not s.is_terminal():
                la = s.legal_actions()
                a = h.choose(s) if s.to_move() == hs else la[r.below(len(la))]
                assert a in la
                s.apply(a)
            total += s.returns()[hs]
            n += 1
    assert total / n >= 0.8, f"heuristic won only {total}/{n}"


def test_heuristic_decides_from_view_only():
    """Two states with identical views get the same choice (the rng state differs)."""
    s = GAME.new_state(2, 3)
    t = s.resample(0, Rng(77))
    h1, h2 = CosmicRunHeuristic(seed=0), CosmicRunHeuristic(seed=0)
    assert h1.choose(s) == h2.choose(t)


# ----- the solo mission ---------------------------------------------------------------------


def test_solo_heuristic_completes_novice_missions():
    """RB The Solo Game: the heuristic plays for the mission (technology lead at the last
    landing, Zorlord's dice judged by their harm) and completes most novice missions; the
    figures over 1000 missions per difficulty are in docs/BENCHMARKS.md."""
    ends = []
    for seed in range(1, 41):
        s = GAME.new_state(1, seed, {"novice": True})
        bot = CosmicRunHeuristic(seed=seed)
        while not s.is_terminal():
            s.apply(bot.choose(s))
        ends.append(s.end_cause)
    assert ends.count("mission") >= 20, ends
    assert "technology" not in ends            # it never lands the last ship behind on technology


def _last_ship_one_step_below(lead):
    s = GAME.new_state(1, 4)
    planet = s.comp.planet
    for t in (ORANGE, BLUE):
        place(s, 0, t, [(r, 1) for r in range(1, planet + 1)])
    place(s, 0, GREEN, [(r, 1) for r in range(1, planet)])
    give_tech(s, 1, 0, 3)                        # Zorlord: 3 technologies
    give_tech(s, 0, 1, 3 + lead)
    s.faces[0], s.owner[0], s.die, s.acting = move_face(GREEN, 2), 0, 0, 0
    s.ship, s.pips, s.steps, s.transformed, s.attack_colour, s.phase = 2, 2, 0, 0, -1, MOVE
    s.picks = 1
    return s


def test_solo_last_ship_waits_below_its_planet_until_technology_is_ahead():
    """RB Solo Game End: the technology score counts when the last ship lands; level or behind,
    the heuristic keeps it below the planet; ahead, it lands."""
    up = A_STEP
    level = _last_ship_one_step_below(0)
    assert level.action_json(up)["to"][0] == level.comp.planet
    assert CosmicRunHeuristic(seed=0).choose(level) != up
    ahead = _last_ship_one_step_below(1)
    assert CosmicRunHeuristic(seed=0).choose(ahead) == up


def _last_two(faces):
    s = GAME.new_state(1, 6)
    for i in range(6):
        s.owner[i] = i % 2
    s.faces[6], s.faces[7] = faces
    s.owner[6] = s.owner[7] = -1
    s.picks, s.phase, s.acting = 6, ZOR_GIVE, 0
    return s


def test_solo_hands_zorlord_the_die_that_harms_least():
    """RB Solo Phase II (the last two dice): a mine die in Zorlord's hands is rolled against your
    sheet; with ships on two hearts and no missile it is the worse die to hand him than a
    one-pip move of his lowest ship. A die that would land his ship is never handed over."""
    s = _last_two((MINE, move_face(ORANGE, 1)))
    for t in range(3):
        place(s, 0, t, [(1, 1), (2, 1), (3, 1)])
        s.damage[t] = 2
    give_tech(s, 0, 3)                               # a transformer: the move is of use to you
    assert CosmicRunHeuristic(seed=0).choose(s) == 7
    s = _last_two((tech_face(1), move_face(BLUE, 3)))
    place(s, 1, BLUE, [(r, 1) for r in range(1, s.comp.planet - 2)])      # three rows below his planet
    assert CosmicRunHeuristic(seed=0).choose(s) == 6


def test_solo_rerolls_kept_for_a_die_that_would_lose_the_mission():
    s = GAME.new_state(1, 6)
    s.faces[0], s.owner[0], s.die, s.picks, s.phase, s.acting = tech_face(0), 1, 0, 1, ZOR_REROLL, 0
    assert CosmicRunHeuristic(seed=0).choose(s) == A_ACCEPT
    place(s, 1, GREEN, [(r, 1) for r in range(1, s.comp.planet - 1)])
    s.faces[0] = move_face(GREEN, 2)
    assert CosmicRunHeuristic(seed=0).choose(s) == A_REROLL
