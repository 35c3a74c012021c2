"""The game under both faces of ``cosmodrome play``: the undo rule, saving, log colours."""

import pytest

from cosmodrome.cli.session import Session
from cosmodrome.core import GameRecord, OptionError, get_game


def session(game, players, plan, seed=3):
    record, state = GameRecord.start(game, players, seed, {})
    return Session(record, state, plan, seed)


def test_undo_takes_back_own_decisions_only_back_to_chance_or_another_seat():
    s = session("venus", 2, ["human", "human"])
    for _ in range(300):
        seat = s.state.to_move()
        if s.undo_start(seat) is not None:
            break
        s.apply(s.state.legal_actions()[0])
    k = s.undo_start(seat)
    assert k is not None
    # every action taken back is the seat's own and drew on no chance; the one before is not
    assert all(m == seat for m in s.movers[k:]) and not any(s.chance[k:])
    assert k == 0 or s.movers[k - 1] != seat or s.chance[k - 1]
    expected = s.record.replay(upto=s.base + k).to_json()
    taken = s.undo(seat)
    assert taken >= 1 and s.state.to_json() == expected
    # the log is rebuilt as the shorter game reads
    events = []
    s.record.replay(events=events)
    assert [t for _, t in s.logs[seat]] == [t for t in (e.text_for(seat) for e in events) if t]


def test_undo_is_refused_after_a_bots_move_and_changes_nothing():
    s = session("cosmic-run", 2, ["human", "random"], seed=4)
    while not s.movers or s.movers[-1] != 1 or s.state.to_move() != 0:   # until the bot has just played
        if s.state.to_move() == 0:
            s.apply(s.state.legal_actions()[0])
        else:
            s.bot_move()
    assert s.state.to_move() == 0 and 0 in s.movers
    before = (s.state.to_json(), list(s.record.actions))
    with pytest.raises(OptionError, match="Nothing to undo"):
        s.undo(0)
    assert before == (s.state.to_json(), list(s.record.actions))


def test_a_save_to_an_unwritable_place_is_refused_clearly(tmp_path):
    s = session("moon", 2, ["human", "random"])
    with pytest.raises(OptionError, match="Could not save the game record to .*nowhere"):
        s.save(str(tmp_path / "nowhere" / "game.json"))
    s.save(str(tmp_path / "game.json"))
    assert GameRecord.load(tmp_path / "game.json").game == "moon"


def test_log_lines_are_given_the_seat_they_speak_of():
    s = session("cosmic-run", 2, ["human", "human"])
    for _ in range(6):
        s.apply(s.state.legal_actions()[0])
    seats = {seat for seat, _ in s.logs[0]}
    assert {0, 1} <= seats
    for seat, text in s.logs[0]:   # Cosmic Run's events name no seat: the line's opening does
        if seat is not None:
            assert text.startswith(s.state.seat_name(seat))


def test_every_game_names_its_symbols_and_colours_its_seats():
    for name in ("venus", "cosmic-run", "moon", "mars"):
        g = get_game(name)
        assert g.legend and all(sym and meaning for sym, meaning in g.legend)
        colours = {g.seat_colour(i) for i in range(g.max_players)}
        assert len(colours) == g.max_players and all(c.startswith("#") for c in colours)
