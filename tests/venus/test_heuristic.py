"""The Onward to Venus heuristic bot: legal in every decision, blind to what its seat cannot
see, sensible in the small decisions it is meant to get right, and much stronger than random."""

from __future__ import annotations

import copy

import pytest
from venus_helpers import variant_state

from cosmodrome.bots import RandomBot
from cosmodrome.core import Rng, get_game
from cosmodrome.games.venus.heuristic import VenusHeuristic

GAME = get_game("venus")
A_DONE = 0

#: the only things of a state a bot may touch (core/bot.py and the task); ``comp``: the component
#: tables, public data the bot reads its numbers from (a variant's own)
ALLOWED = {"legal_actions", "decision", "view", "action_json", "action_label", "comp"}


class Guard:
    """A state seen through the protocol a bot may use; anything else raises."""

    def __init__(self, state):
        self._s = state
        self.touched: set = set()

    def __getattr__(self, name):
        if name not in ALLOWED:
            raise AssertionError(f"the heuristic read state.{name}, which a bot may not use")
        self.touched.add(name)
        return getattr(self._s, name)


def play(players, seed, seats_heuristic, strict=True, guard=False, record=None):
    """Play one game; heuristic seats use guarded states; every action is applied checked."""
    s = GAME.new_state(players, seed)
    bots = [VenusHeuristic(seed=seed * 7 + p, strict=strict) if p in seats_heuristic
            else RandomBot(seed=seed * 7 + p) for p in range(players)]
    while not s.is_terminal():
        p = s.to_move()
        kind = s.decision_kind()
        if p in seats_heuristic:
            a = bots[p].choose(Guard(s) if guard else s)
            if record is not None:
                record.append((kind, s.clone(), a))
        else:
            a = bots[p].choose(s)
        s.apply(a)   # raises IllegalActionError on an illegal choice
    return s, bots


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_legal_in_every_decision_over_full_games(players):
    kinds = set()
    for seed in (1, 2):
        rec: list = []
        # all heuristic seats (strict: a known decision it cannot settle is an error)
        s, bots = play(players, seed, set(range(players)), guard=True, record=rec)
        assert s.is_terminal()
        assert all(b.fallbacks == 0 for b in bots)
        kinds |= {k for k, _, _ in rec}
        # one heuristic among random bots reaches the odd decisions (cards, crises)
        s, bots = play(players, seed + 10, {seed % players}, guard=True, record=rec)
        assert s.is_terminal()
        kinds |= {k for k, _, _ in rec}
    assert {"action", "combat", "claim_tile", "move_dest", "build"} <= kinds


def _positions(players, seed, count):
    """Heuristic decisions met in a seeded mixed game, with more than one option."""
    rec: list = []
    play(players, seed, {0, 1}, record=rec)
    pts = [(k, st) for k, st, _ in rec if len(st.legal_actions()) > 1]
    step = max(1, len(pts) // count)
    return pts[::step][:count]


def _json_twin(state, me):
    """Edit the saved state by hand: another seat's hand swapped with deck cards, the deck
    reversed, the tile bag reversed, a different random state."""
    d = state.to_json()
    n = d["players"]
    hands = [list(h) for h in d["hands"]]
    deck = list(d["deck"])
    for q in range(n):
        if q != me and hands[q] and len(deck) >= len(hands[q]):
            k = len(hands[q])
            hands[q], deck = deck[:k], deck[k:] + hands[q]
            break
    deck.reverse()
    d.update(hands=hands, deck=deck, bag=list(reversed(d["bag"])), rng=d["rng"] ^ 0x5DEECE66D)
    return GAME.state_from_json(d)


def test_decides_only_from_what_its_seat_may_see():
    differing = 0
    checked = 0
    for players, seed in ((2, 3), (4, 5)):
        for kind, st in _positions(players, seed, 40):
            me = st.to_move()
            twins = [st.resample(me, Rng(100 + checked)), _json_twin(st, me)]
            for other in twins:
                assert other.view(me) == st.view(me)
                assert other.legal_actions() == st.legal_actions()
                if other.to_json() != st.to_json():
                    differing += 1
                for bot_seed in (1, 2):
                    a = VenusHeuristic(seed=bot_seed).choose(st)
                    b = VenusHeuristic(seed=bot_seed).choose(other)
                    assert a == b, (players, seed, kind)
            checked += 1
    assert checked >= 40 and differing >= checked   # the twins really hide something else


class LabelBlind:
    """A state whose labels and prompts (decision options, view texts, tile names) all read
    '?': what is left for a bot is the data fields."""

    def __init__(self, state):
        self._s = state
        self.comp = state.comp   # public data, no label: the bot reads its numbers there

    def legal_actions(self):
        return self._s.legal_actions()

    def action_json(self, a):
        return dict(self._s.action_json(a), label="?")

    def action_label(self, a):
        return "?"

    def decision(self):
        from dataclasses import replace
        d = self._s.decision()
        return replace(d, prompt="?", options=tuple(replace(c, label="?") for c in d.options))

    def view(self, seat):
        # a copy: a view may share its parts with the game's later views (core/recent.py)
        v = copy.deepcopy(self._s.view(seat))
        if v["decision"]:
            v["decision"]["prompt"] = "?"
            for o in v["decision"].get("options", ()):
                o["label"] = "?"
        for pl in v["planets"]:
            for t in pl["tiles"]:
                t["label"] = "?"
        for pi in v["players_info"]:
            pi["kept"] = ["?"] * len(pi["kept"])
        if v["combat"]:
            v["combat"]["tile"] = "?"
        v["log"] = []
        return v


def test_reads_data_fields_not_labels():
    """The heuristic decides the same with every label, prompt and log line blanked: it reads
    the view's data (tile kinds, combat kind and target, re-roll dice, the alien advance)."""
    checked = set()
    for players, seed in ((3, 31), (4, 32), (5, 33)):
        rec: list = []
        play(players, seed, {0, 1}, record=rec)
        for kind, st, a in rec:
            if len(st.legal_actions()) < 2:
                continue
            b = VenusHeuristic(seed=seed * 7 + st.to_move(), strict=True).choose(LabelBlind(st))
            assert b == VenusHeuristic(seed=seed * 7 + st.to_move(), strict=True).choose(st), (kind, a, b)
            checked.add(kind)
    assert {"action", "combat", "claim_tile"} <= checked


def test_pays_without_overpaying_and_loses_the_cheapest_unit():
    """Combat: once the cost is met it stops (except a card that saves a unit from a skull,
    or the one unit that must go down). Casualties: infantry before tanks before ships.
    Pirates: pays whenever it can."""
    seen = {"combat_done": 0, "casualty": 0, "pirates": 0}
    for players, seed in ((4, 21), (3, 22), (5, 23), (4, 24)):
        rec: list = []
        play(players, seed, {0, 1, 2}, record=rec)
        for kind, st, a in rec:
            opts = {o.action: o.data for o in st.decision().options}
            if kind == "combat":
                cb = st.view(st.to_move())["combat"]
                if cb["paid"] >= cb["cost"]:
                    seen["combat_done"] += 1
                    # the one unit of this combat that must go down (units on the surface from
                    # an earlier claim there do not count)
                    assert a == A_DONE or opts[a].get("card") == "ignore_skull" \
                        or (opts[a].get("unit") and cb["needs_unit"]), (cb, opts[a])
            elif kind == "casualty":
                seen["casualty"] += 1
                units = {d.get("unit") for d in opts.values()}
                want = next(u for u in ("infantry", "tank", "spaceship") if u in units)
                assert opts[a]["unit"] == want
            elif kind == "pirates" and A_DONE in opts:
                seen["pirates"] += 1
                assert a == A_DONE
    assert seen["combat_done"] > 0 and seen["casualty"] > 0


def test_beats_three_random_bots():
    """4 players, the heuristic's seat rotated: the fair share is 25%."""
    games = 40
    share = 0.0
    for g in range(games):
        seat = g % 4
        s, _ = play(4, 700 + g, {seat}, strict=False)
        share += s.returns()[seat]
    assert share / games >= 0.7, share / games


def test_the_bots_table_names_the_move_in_progress_move():
    """Issue #28: ``mv`` meant the move in progress and, in the same module, the worth of £1;
    the bot's digest of the view now names the move ``move`` (``pound`` is the worth of £1)."""
    from cosmodrome.games.venus.heuristic import Table

    s, r = GAME.new_state(3, 4), Rng(4)
    while not s.is_terminal() and not s.move.active:
        la = s.legal_actions()
        s.apply(la[r.below(len(la))])
    v = s.view(s.to_move())
    t = Table(v)
    assert v["move"] and t.move == v["move"] and t.move["ships"] == s.move.ships
    assert not hasattr(Table, "mv")


def test_the_heuristic_reads_the_variant_s_numbers(tmp_path):
    """Issue #28: the bot's numbers (the cards' combat points, the sacrifice, the move, the
    combat dice and their spread) are the components' it plays with, made once per set."""
    from cosmodrome.games.venus.components import load_components
    from cosmodrome.games.venus.heuristic import numbers

    values = dict(cp2_card_cp=5, cp3_moon_card_cp=4, sacrifice_cp=6, move_allowance=3, combat_dice=2)
    s = variant_state(tmp_path, "heuristic", **values)
    num = numbers(s.comp)
    assert num is numbers(s.comp)                       # made once per component set
    assert num.cp_of["cp2"] == 5 and num.cp_where["cp3_moon"][2] == 4 and num.sacrifice_cp == 6
    assert num.move_allowance == 3 and num.combat_dice == 2
    printed = numbers(load_components())
    assert printed.cp_of == {"cp1": 1, "cp2": 2, "cp3": 3, "cp1_draw": 1}
    # two dice spread less than three
    assert num.spread_mean < printed.spread_mean
    bot = VenusHeuristic(seed=3, strict=True)
    while not s.is_terminal():     # every seat the bot, the variant's game to its end
        a = bot.choose(Guard(s))
        s.apply(a)
    assert bot.num is num
