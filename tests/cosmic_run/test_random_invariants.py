"""Randomized invariant test: seeded random games (1 and 2 players, every variant), checking
the game's invariants after every action. COSMODROME_RANDOM_GAMES sets the number of games."""

import json
import os

from cosmodrome.core import Rng
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.state import DIE, DRAFT, LETTER, MOVE, SAVED_AS, TECHPICK, ZOR_GIVE, ZOR_REROLL

N = int(os.environ.get("COSMODROME_RANDOM_GAMES", "2000"))
CONFIGS = [(2, {}), (2, {"side": "B"}), (2, {"friendly": True}), (2, {"rapid_fire": True}),
           (2, {"side": "B", "friendly": True, "rapid_fire": True}), (1, {}), (1, {"novice": True}),
           (1, {"side": "B", "expert_mines": 3, "no_zorlord_reroll": True})]


def check(s, prev):
    C = s.comp
    assert len(s.grid) == 2 * 9 * C.nr
    # marks (lines and mines) are only ever added
    assert all((o & ~n) == 0 for o, n in zip(prev["grid"], s.grid))
    for f in ("tech_gained", "tech_used", "rerolls_used", "damage", "engine_upgrades", "best_row", "kills"):
        assert all(n >= o for o, n in zip(prev[SAVED_AS.get(f, f)], getattr(s, f))), f
    assert all(0 <= u <= x <= C.circles for u, x in zip(s.tech_used, s.tech_gained))
    assert all(r <= C.rerolls for r in s.rerolls_used)
    assert all(0 <= d <= C.hearts for d in s.damage) and all(0 <= u <= C.hearts for u in s.engine_upgrades)
    for ship in range(6):
        r, c = divmod(s.circle[ship], 3)
        assert 0 <= r <= C.rows + 1 and s.best_row[ship] >= r
        assert s.paths[ship][-1] == s.circle[ship] and s.paths[ship][0] == C.start_column
        assert s.disabled(ship) or not s.grid[s.cell(ship // 3, ship % 3, r, c)] & 16
    # dice accounted for
    assert len(s.owner) == len(s.faces) == len(C.dice) and all(-1 <= o <= 1 for o in s.owner)
    for i, f in enumerate(s.faces):
        assert f in C.dice[i]
    if s.phase in (DRAFT, DIE, MOVE, LETTER, TECHPICK, ZOR_REROLL, ZOR_GIVE):
        assert sum(1 for o in s.owner if o != -1) == s.picks
    if s.solo:
        assert not any(x & 16 for x in s.grid[9 * C.nr:])          # Zorlord's sheet never mined
        assert s.owner.count(1) <= 4 and s.owner.count(0) <= 4
    if s.is_terminal():
        assert s.to_move() is None and s.legal_actions() == [] and s.end_cause
        assert abs(sum(s.returns()) - (1.0 if s.winners() else 0.0)) < 1e-9
    else:
        la = s.legal_actions()
        assert la, f"an unfinished state ({s.decision_kind()}, round {s.round}) offers no legal action"
        assert la == sorted(set(la)) and all(0 <= a < GAME.num_actions for a in la)
        assert s.to_move() in range(s.num_players)
    assert 1 <= s.round <= len(C.round_track)


def test_random_games_keep_invariants():
    ends = {}
    for g in range(N):
        players, opts = CONFIGS[g % len(CONFIGS)]
        s = GAME.new_state(players, 1000 + g, opts)
        r = Rng(g)
        check(s, s.to_json())                     # the position after setting up, too
        prev = s.to_json()
        steps = 0
        while not s.is_terminal():
            la = s.legal_actions()
            a = la[r.below(len(la))]
            s.apply(a)
            check(s, prev)
            prev = s.to_json()
            steps += 1
            if steps % 97 == 0:
                v = json.dumps(s.view(s.to_move()))
                assert '"rng"' not in v and str(s.rng.state) not in v
                assert GAME.state_from_json(prev).to_json() == prev
            assert steps < 5000
        check(s, prev)
        ends[(players, s.end_cause)] = ends.get((players, s.end_cause), 0) + 1
    assert any(p == 2 for p, _ in ends) and any(p == 1 for p, _ in ends)
