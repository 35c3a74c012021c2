"""The codec of March on Mars's packed action ids (``mars.state``): each packing is one
function and its inverse, and the packings fill their ranges of the action space exactly."""

from cosmodrome.games.mars.state import (
    A_BAIT,
    A_DRONE,
    A_JET,
    A_MISSILE,
    A_MOVE,
    A_REROLL,
    A_SHOOT,
    action_kind,
    decode_missile,
    decode_move,
    decode_shot,
    encode_missile,
    encode_move,
    encode_shot,
)


def test_moves_fill_their_range_and_decode_back():
    ids = [encode_move(d, b, m) for d in range(6) for b in (0, 1) for m in range(8)]
    assert ids == list(range(A_MOVE, A_SHOOT))
    assert [decode_move(a) for a in ids] == [(d, b, m) for d in range(6) for b in (0, 1) for m in range(8)]
    jets = [encode_move(d, b, m, A_JET) for d in range(6) for b in (0, 1) for m in range(8)]
    assert jets == list(range(A_JET, A_DRONE)) and decode_move(jets[-1], A_JET) == (5, 1, 7)


def test_shots_and_missiles_fill_their_ranges_and_decode_back():
    shots = [(b, r, y) for b in (0, 1) for r in range(4) for y in range(4)]
    assert [encode_shot(*x) for x in shots] == list(range(A_SHOOT, A_REROLL))
    assert [decode_shot(encode_shot(*x)) for x in shots] == shots
    missiles = [(f, b, m) for f in (0, 1) for b in (0, 1) for m in range(5)]
    assert [encode_missile(*x) for x in missiles] == list(range(A_MISSILE, A_BAIT))
    assert [decode_missile(encode_missile(*x)) for x in missiles] == missiles


def test_every_id_has_the_kind_of_its_range():
    assert action_kind(A_MOVE) == action_kind(A_SHOOT - 1) == "move"
    assert action_kind(A_SHOOT) == "shoot" and action_kind(A_JET + 95) == "jet" and action_kind(A_DRONE) == "drone"
