"""The core protocol, exercised on the small test game: registry, options, errors,
records, views and determinization."""

import json

import pytest

from cosmodrome.core import (
    Event,
    GameOverError,
    GameRecord,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    RecordError,
    Rng,
    UnknownGameError,
    game_names,
    get_game,
)
from cosmodrome.testing.conformance import canonical, play_checked


@pytest.fixture
def game():
    return get_game("pocket-race")


def test_registry_knows_the_test_game(game):
    assert "pocket-race" in game_names()
    assert game.name == "pocket-race"


def test_unknown_game_lists_known_ones():
    with pytest.raises(UnknownGameError) as exc:
        get_game("chess")
    assert "chess" in str(exc.value) and "pocket-race" in str(exc.value)


@pytest.mark.parametrize("players", [0, 1, 5, -3])
def test_impossible_player_count(game, players):
    with pytest.raises(PlayerCountError, match="2 to 4"):
        game.new_state(players, 1)


def test_player_count_must_be_int(game):
    with pytest.raises(PlayerCountError):
        game.new_state("three", 1)  # type: ignore[arg-type]


def test_unknown_option_named(game):
    with pytest.raises(OptionError, match="colour"):
        game.new_state(2, 1, {"colour": "red"})


def test_option_coercion_from_text(game):
    s = game.new_state(2, 1, {"rounds": "2"})
    assert s.rounds == 2
    with pytest.raises(OptionError, match="rounds"):
        game.new_state(2, 1, {"rounds": "many"})


def test_illegal_action_changes_nothing(game):
    s = game.new_state(3, 11)
    before = canonical(s)
    illegal = next(a for a in range(game.num_actions) if a not in s.legal_actions())
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply(illegal)
    with pytest.raises(IllegalActionError, match="whole number"):
        s.apply("draw")  # type: ignore[arg-type]
    assert canonical(s) == before


def test_finished_game_refuses_actions(game):
    s = play_checked(game, 2, 3)
    with pytest.raises(GameOverError):
        s.apply(0)


def test_same_seed_same_game(game):
    a = play_checked(game, 3, 42)
    b = play_checked(game, 3, 42)
    assert canonical(a) == canonical(b)
    c = play_checked(game, 3, 43)
    assert canonical(a) != canonical(c)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_random_games(game, players):
    for seed in range(15):
        play_checked(game, players, seed)


def test_view_hides_other_hands(game):
    s = game.new_state(3, 8)
    v = s.view(0)
    assert v["hand"] == s.hands[0]
    text = json.dumps(v)
    assert "rng" not in v and str(s.rng.state) not in text
    assert s.view(None)["hand"] is None


def test_resample_keeps_own_view_and_redraws_others(game):
    s = game.new_state(4, 8)
    differs = 0
    for k in range(20):
        d = s.resample(0, Rng(k))
        assert d.view(0) == s.view(0)
        differs += d.hands[1] != s.hands[1]
    assert differs > 10


def test_decision_lists_labelled_options(game):
    s = game.new_state(2, 1)
    d = s.decision()
    assert d.seat == 0 and [c.action for c in d.options] == s.legal_actions()
    assert all(c.label for c in d.options)
    assert json.loads(json.dumps(d.to_json()))["seat"] == 0


def test_events_hide_private_text():
    e = Event("draw", "Red drew a 7.", {}, frozenset({0}), "Red drew a card.", chance=True)
    assert e.for_seat(0)["text"] == "Red drew a 7."
    assert e.for_seat(1)["text"] == "Red drew a card." and e.for_seat(1)["data"] == {}
    secret = Event("peek", "Red looked at Blue's hand.", {}, frozenset({0}))
    assert secret.for_seat(1) is None and secret.text_for(None) is None


class TestRecords:
    def test_round_trip_through_file(self, game, tmp_path):
        rec, s = GameRecord.start("pocket-race", 2, 5)
        for _ in range(5):
            a = s.legal_actions()[0]
            s.apply(a)
            rec.actions.append(a)
        path = tmp_path / "g.json"
        rec.save(path)
        again = GameRecord.load(path)
        assert again == rec
        assert canonical(again.replay()) == canonical(s)

    @pytest.mark.parametrize("text, problem", [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "pocket-race", "players": 2}', "lacks seed"),
        ('{"game": "pocket-race", "players": "two", "seed": 1}', "players"),
        ('{"game": "pocket-race", "players": 2, "seed": 1, "actions": [1, "x"]}', "actions"),
        ('{"format": "chess-pgn", "game": "x", "players": 2, "seed": 1}', "not a Cosmodrome"),
    ])
    def test_malformed_records_are_named(self, text, problem):
        with pytest.raises(RecordError, match=problem):
            GameRecord.loads(text)

    def test_illegal_action_in_record_names_its_position(self):
        rec = GameRecord("pocket-race", 2, 1, actions=[9, 9, 42])
        with pytest.raises(RecordError, match="#3"):
            rec.replay()

    def test_record_of_unknown_game(self):
        with pytest.raises(RecordError, match="unknown game"):
            GameRecord("nope", 2, 1).replay()

    def test_missing_file(self, tmp_path):
        with pytest.raises(RecordError, match="cannot read"):
            GameRecord.load(tmp_path / "missing.json")

    def test_state_json_of_another_game_refused(self, game):
        with pytest.raises(RecordError, match="game"):
            game.state_from_json({"game": "venus"})
        with pytest.raises(RecordError):
            game.state_from_json([1, 2, 3])
