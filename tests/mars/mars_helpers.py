"""Shared helpers of the March on Mars tests: seeded random games and the invariants every
position keeps."""

import json

from cosmodrome.core import Rng, get_game
from cosmodrome.games.mars.state import A_LAND, A_TRAIN, ACT, BAG, DEAD, DECK, DISCARD, GONE, INCOMING, OVER, TRAIN

GAME = get_game("mars")


def landed(players=2, seed=1, options=None, faces=None, boxes=None):
    """A new game past the set-up decisions: marine ``m`` keeps face ``faces[m]`` of its
    training card and lands on column ``boxes[m]`` of the LZ (``m % 4``). Without ``faces``
    the marines are left with no ability at all, so that a rule's test sees the base rule."""
    s = GAME.new_state(players, seed, options or {})
    for m in range(players):
        assert s.phase == TRAIN and s.to_move() == m
        s.apply(A_TRAIN + (faces[m] if faces else 0))
        s.apply(A_LAND + (boxes[m] if boxes else m % 4))
    if faces is None:
        s.training = [-1] * players
    return s


def check_invariants(s) -> None:
    """Every alien counter is in exactly one place (bag, a box, an incoming box, the dead pile
    or out of the game), counts per colour match the data, defenders never return to the bag,
    marines stand on standing cells, the tracks stay in range."""
    a = s.comp.aliens
    assert len(s.alien_place) == a["yellow"] + a["blue"] + a["red"]
    n_boxes = len(s.strip) * s.levels
    places = {BAG, DEAD, GONE} | {INCOMING - k for k in s.sides}
    assert all(0 <= p < n_boxes or p in places for p in s.alien_place)
    for p in s.alien_place:
        if p >= 0:
            assert s.standing(p // s.levels, p % s.levels)
    for d in s.defenders():
        assert (s.alien_place[d] not in (BAG, DEAD) and s.alien_place[d] < 0
                or s.zone[s.alien_place[d] // s.levels] in (0, 6))
    assert sum(1 for p in s.alien_place if p == GONE) <= 2
    # the equipment cards: each in the deck, the discard or the hand of a marine in the game
    assert len(s.equipment_place) == len(s.comp.equipment) == 8
    assert all(w in (DECK, DISCARD) or (0 <= w < s.num_players and not s.out[w]) for w in s.equipment_place)
    if s.options.get("threat") == "sergeant":
        assert all(w == DECK for w in s.equipment_place)
    for m in range(s.num_players):
        assert s.standing(s.column[m], s.level[m])
    assert 1 <= s.round <= s.comp.rounds and 0 <= s.base_hits <= s.comp.base_attacks
    if s.phase == OVER:
        assert s.returns() in ([1.0] * s.num_players, [0.0] * s.num_players)
        assert bool(s.won) == (s.summary()["end"] == "nuke")


def random_game(players, seed, options=None, check_every=1):
    s = GAME.new_state(players, seed, options or {})
    r = Rng(seed + 1000)
    n = 0
    while not s.is_terminal():
        if n % check_every == 0:
            check_invariants(s)
        legal = s.legal_actions()
        labels = [s.action_label(a) for a in legal]
        assert legal == sorted(set(legal)) and len(set(labels)) == len(labels), labels   # OpenSpiel's contract
        s.apply(legal[r.below(len(legal))])
        n += 1
    check_invariants(s)
    return s


def views_json(s) -> str:
    return json.dumps([s.view(k) for k in list(range(s.num_players)) + [None]])


def bare(players=2, seed=1, **options):
    """A fresh game with every alien back in the bag but the defenders."""
    s = landed(players, seed, options)
    for i in range(len(s.alien_place)):
        if i not in s.defenders():
            s.alien_place[i] = BAG
    return s


def alien(s, colour, col, lvl=1):
    """Put a bagged alien of ``colour`` on a box; returns its number."""
    i = next(i for i in range(len(s.alien_place)) if s.colour(i) == colour and s.alien_place[i] == BAG)
    s.alien_place[i] = s.box(col, lvl)
    return i


def rolled(s, m, faces):
    """Marine ``m`` in the act phase with the dice ``{die: face}`` just rolled (not its first
    roll, so the LZ and antenna re-rolls do not apply)."""
    s.acting, s.phase, s.slot, s.first_slot, s.rerolled = m, ACT, 0, -1, 0
    s.die_action = [0 if d in faces else -1 for d in range(6)]
    s.faces = [faces.get(d, 0) for d in range(6)]


def col_of(s, zone, k=0):
    return s.zone_cols(zone)[k]
