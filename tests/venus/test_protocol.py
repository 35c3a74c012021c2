"""The core protocol: JSON, records, views, resampling, options and bad input."""

import json
import re

import pytest
from venus_helpers import check_invariants, check_views, random_game

from cosmodrome.core import DataError, GameRecord, OptionError, RecordError, Rng, get_game
from cosmodrome.games.venus import GAME
from cosmodrome.games.venus.components import DEFAULT_PATH, EFFECT_ID, EFFECT_TYPES, load_components

EFFECT_ID_TAKE3, EFFECT_ID_ANOTHER = EFFECT_ID["take3"], EFFECT_ID["another_action"]


def test_registered():
    g = get_game("venus")
    assert g is GAME and g.title == "Onward to Venus" and (g.min_players, g.max_players) == (2, 5)
    assert g.num_actions == 155


def test_json_round_trip_every_step():
    s = GAME.new_state(4, seed=3)
    r = Rng(3)
    steps = 0
    while not s.is_terminal() and steps < 400:
        d = s.to_json()
        t = GAME.state_from_json(json.loads(json.dumps(d)))
        assert t.to_json() == d
        assert t.legal_actions() == s.legal_actions()
        la = s.legal_actions()
        s.apply(la[r.below(len(la))])
        steps += 1
    d = s.to_json()
    assert GAME.state_from_json(d).to_json() == d


def test_round_trip_continues_identically():
    s = GAME.new_state(3, seed=8)
    r = Rng(8)
    for _ in range(60):
        la = s.legal_actions()
        s.apply(la[r.below(len(la))])
    t = GAME.state_from_json(s.to_json())
    for _ in range(200):
        if s.is_terminal():
            break
        a = s.legal_actions()[0]
        s.apply(a)
        t.apply(a)
    assert s.to_json() == t.to_json()


def test_record_replay():
    s, actions = random_game(3, 21)
    rec = GameRecord(game="venus", players=3, seed=21, actions=actions)
    rec2 = GameRecord.loads(rec.dumps())
    assert rec2.replay().to_json() == s.to_json()


def test_clone_is_independent():
    s = GAME.new_state(2, seed=1)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert c.to_json() != s.to_json()
    assert s.clone().to_json() == s.to_json()


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("orbit"),
    lambda d: d.update(players=9),
    lambda d: d.update(orbit=[1, 2]),
    lambda d: d.update(hands="x"),
    lambda d: d.update(deck=[99999]),
    lambda d: d.update(stack=[["no-such-frame", 0]]),
    lambda d: d.update(game="cosmic-run"),
    lambda d: d.update(rng="seed"),
    lambda d: d.update(log=[5]),
])
def test_malformed_saved_state(mutate):
    d = GAME.new_state(3, seed=1).to_json()
    mutate(d)
    with pytest.raises(RecordError):
        GAME.state_from_json(d)
    with pytest.raises(RecordError):
        GAME.state_from_json("not a state")


def test_views_hide_hidden_information():
    s = GAME.new_state(3, seed=5)
    v = s.view(0)
    assert [c["card"] for c in v["hand"]] and s.view(None)["hand"] is None
    text = json.dumps(v)
    assert "deck" not in v and "bag" not in v and "rng" not in text
    assert v["players_info"][1]["hand_size"] == len(s.hands[1])
    assert sum(v["bag_counts"].values()) == len(s.bag)
    check_views(s, Rng(1))
    # a draw is seen in full only by the drawer
    ev = [e for e in s.log if e.kind == "deal"]
    assert ev


def test_draw_event_hidden_from_others():
    s = GAME.new_state(2, seed=2)
    p = s.to_move()
    ev = s.apply(5)   # take a pass cube: draw a card
    draw = [e for e in ev if e.kind == "draw"][0]
    assert draw.chance and draw.visible(p) and not draw.visible(1 - p)
    assert "drew 1 card" in draw.text_for(1 - p)


def test_resample_keeps_what_the_seat_knows():
    s = GAME.new_state(4, seed=6)
    for _ in range(30):
        s.apply(s.legal_actions()[0])
    r = s.resample(1, Rng(9))
    assert r.hands[1] == s.hands[1]
    assert [len(h) for h in r.hands] == [len(h) for h in s.hands]
    assert sorted([*r.deck, *(c for p in (0, 2, 3) for c in r.hands[p])]) == \
        sorted([*s.deck, *(c for p in (0, 2, 3) for c in s.hands[p])])
    assert sorted(r.bag) == sorted(s.bag)
    assert r.rng.state != s.rng.state
    check_invariants(r)


def test_decision_prompt_and_labels():
    s = GAME.new_state(3, seed=1)
    d = s.decision()
    assert d.kind == "action" and "action" in d.prompt
    assert all(c.label for c in d.options)
    j = s.action_json(5)
    assert j["label"] == "Take a pass cube"


def test_render_text():
    s = GAME.new_state(3, seed=1)
    out = GAME.render_text(s.view(0), 0)
    assert "Mercury" in out and "Your hand" in out and "Kuiper Belt" in out


def test_summary_and_scores():
    s, _ = random_game(2, 4)
    summ = s.summary()
    assert summ["end"] in ("normal", "all-lose: robot rebellion", "all-lose: aliens reached Earth")
    assert isinstance(summ["crises"], dict) and summ["periods"] >= 1
    assert len(s.scores()) == 2
    r = s.returns()
    assert sum(r) in (0.0, 1.0) or abs(sum(r) - 1.0) < 1e-9


# ----- component data ----------------------------------------------------------------------
def test_components_facts():
    c = load_components()
    assert c.n_bag == 103 and c.n_aliens == 3 and len(c.deck_effects) == 111
    assert c.chart[5] == (3, 4, 5, 4, 4, 2, 2, 3)
    assert c.unit_count == (9, 7, 5) and (c.mine_count, c.factory_count) == (12, 8)
    assert all(st in ("fact", "assumed") for st, _ in c.status.values())
    assert c.status["tiles_per_planet"][0] == "fact"


def test_variant_file(tmp_path):
    text = DEFAULT_PATH.read_text().replace("start_money = { value = 12,", "start_money = { value = 20,")
    p = tmp_path / "variant.toml"
    p.write_text(text)
    s = GAME.new_state(2, seed=1, options={"components": str(p)})
    assert s.money == [20, 20]
    assert GAME.state_from_json(s.to_json()).money == [20, 20]


@pytest.mark.parametrize("old,new,words", [
    ('kind = "factory"\ncount = 17', 'kind = "factory"\ncount = "many"', "tiles[0]"),
    ('effect = "cp1"', 'effect = "cp99"', "effect"),
    ('name = "Mars"\npos = 3\nvp = [11, 6, 3]', 'name = "Mars"\npos = 3\nvp = "x"', "vp"),
    ('[units.tank]\ncp = 2', '[units.tank]\ncp = -2', "units.tank"),
    ('status = "fact"\nsource = "HU: 12 per empire"', 'status = "maybe"\nsource = "HU: 12 per empire"', "status"),
    ('hand_limit = { value = 9,', 'hand_limit = { value = "nine",', "hand_limit"),
    ('[aliens]', '[aliens_x]', "aliens"),
    # card and tile ids and piece counts are kept in bytes: more than that is refused
    ('effect = "cp1"\ntype = "benefit"\ncopies = 12', 'effect = "cp1"\ntype = "benefit"\ncopies = 200',
     "at most 256 cards"),
    ('[counters.mine]\ncount = 12\n', '[counters.mine]\ncount = 300\n', "at most 255 pieces"),
    # a move names at most MOST_UNITS units of a type
    ('count = 9\n', 'count = 300\n', "units.infantry.count must be at most 9"),
])
def test_malformed_variant_file(tmp_path, old, new, words):
    text = DEFAULT_PATH.read_text()
    assert old in text
    p = tmp_path / "bad.toml"
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as exc:
        GAME.new_state(2, seed=1, options={"components": str(p)})
    assert words in str(exc.value)


def test_unreadable_variant_file(tmp_path):
    with pytest.raises(DataError):
        GAME.new_state(2, seed=1, options={"components": str(tmp_path / "none.toml")})
    p = tmp_path / "x.toml"
    p.write_text("this is = = not toml")
    with pytest.raises(DataError):
        GAME.new_state(2, seed=1, options={"components": str(p)})
    with pytest.raises(OptionError):
        GAME.new_state(2, seed=1, options={"nonsense": 1})


def _retype(text: str, effect: str, typ: str) -> str:
    """The data file with every entry of ``effect`` given the card type ``typ``."""
    out, n = re.subn(r'(effect = "' + effect + r'"\ntype = )"\w+"', r'\1"' + typ + '"', text)
    assert n, effect
    return out


@pytest.mark.parametrize("effect,typ", [("instead", "free"), ("reroll", "action"), ("cp2", "free"),
                                        ("take3", "benefit"), ("another_action", "reaction"),
                                        ("return_unit", "action")])
def test_card_type_the_engine_cannot_play_is_refused(tmp_path, effect, typ):
    """A card given a type its effect cannot be played as is refused when the file is read,
    naming the card and the types it can have (instead of failing in the middle of a game)."""
    p = tmp_path / "retyped.toml"
    p.write_text(_retype(DEFAULT_PATH.read_text(), effect, typ))
    with pytest.raises(DataError) as exc:
        GAME.new_state(2, seed=1, options={"components": str(p)})
    assert f"({effect})" in str(exc.value) and f"is '{typ}'" in str(exc.value)


def test_every_card_type_the_loader_accepts_is_played(tmp_path):
    """The other way round: with every action card made a free action and every free-action
    card an action, random games keep their invariants and end."""
    text = DEFAULT_PATH.read_text()
    c = load_components()
    for e, name in enumerate(EFFECT_TYPES):
        typ = c.effect_type[e]
        if typ in ("action", "free"):
            text = _retype(text, name, "free" if typ == "action" else "action")
    p = tmp_path / "swapped.toml"
    p.write_text(text)
    swapped = load_components(str(p))
    assert swapped.effect_type[EFFECT_ID_TAKE3] == "free" and swapped.effect_type[EFFECT_ID_ANOTHER] == "action"
    for seed in range(12):
        s = GAME.new_state(2 + seed % 4, seed=seed, options={"components": str(p)})
        r = Rng(seed)
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply(la[r.below(len(la))])
            check_invariants(s)


def test_card_types_allowed_by_the_loader_match_the_engine():
    """Each effect the loader lets be an action or free action has an effect function of the
    action menu; each benefit is a combat or movement card; each reaction has its trigger."""
    from cosmodrome.games.venus import actions, cards, combat

    menu = set(cards.EFFECTS) | {EFFECT_ID["gunrunner"]}
    moves = {actions.E_MOVE1, actions.E_MOVE2, actions.E_MOVE_TANKS}
    for name, types in EFFECT_TYPES.items():
        e = EFFECT_ID[name]
        assert ("action" in types or "free" in types) == (e in menu), name
        assert ("benefit" in types) == (e in set(combat.CP_CARDS) | set(cards.COMBAT_EFFECTS) | moves), name
        assert ("reaction" in types) == (name in ("instead", "pass_empty_action", "return_unit")), name
