"""The codec of March on Mars's packed action ids (``mars.state``): each packing is one
function and its inverse, and the packings fill their ranges of the action space exactly."""

import ast
from pathlib import Path

from mars_helpers import GAME, landed

from cosmodrome.games import mars
from cosmodrome.games.mars.actions import DESCRIBERS
from cosmodrome.games.mars.state import (
    A_BAIT,
    A_DONE,
    A_DRONE,
    A_JET,
    A_MISSILE,
    A_MOVE,
    A_REROLL,
    A_ROLL,
    A_SHOOT,
    ACT,
    ACTION_KINDS,
    CHARM,
    CHOOSE,
    DRONE,
    GO_ON,
    PROGRAM,
    action_kind,
    decode_jet,
    decode_missile,
    decode_move,
    decode_shot,
    encode_jet,
    encode_missile,
    encode_move,
    encode_shot,
    encode_train,
    training_ability,
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


def test_the_labels_come_from_one_describer_per_kind():
    """``to_json`` looks the kind up and calls its describer: one per kind, in the ids' order,
    each a few lines."""
    assert list(DESCRIBERS) == [name for name, _first in ACTION_KINDS]
    # read from the module's source (the compiled build's functions carry none)
    source = Path(mars.__file__).with_name("actions.py").read_text("utf-8")
    defs = {node.name: node for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)}
    for name, describe in DESCRIBERS.items():
        node = defs[describe.__name__]
        lines = node.end_lineno - node.lineno + 1
        assert lines <= 15, f"the {name} describer has {lines} lines"


def test_the_phase_says_what_done_roll_and_a_reroll_do():
    s = landed(2, 1)
    labels = {}
    for phase, precog, volley in ((PROGRAM, 0, 0), (PROGRAM, 1, 0), (GO_ON, 0, 0), (ACT, 0, 1), (ACT, 0, 0),
                                  (DRONE, 0, 0), (CHOOSE, 0, 0)):
        s.phase, s.precog, s.volley = phase, precog, volley
        labels[phase, precog, volley] = s.action_label(A_DONE)
    assert labels == {(PROGRAM, 0, 0): "done: roll the first action", (PROGRAM, 1, 0): "done: play the foreseen dice",
                      (GO_ON, 0, 0): "stop the turn here", (ACT, 0, 1): "hold the other groups",
                      (ACT, 0, 0): "no effect", (DRONE, 0, 0): "leave the drone idle", (CHOOSE, 0, 0): "no effect"}
    s.phase = GO_ON
    assert (s.action_label(A_ROLL), s.action_json(A_REROLL + 2)) == (
        "roll the next action", {"action": A_REROLL + 2, "label": "roll white die 1 again", "die": 2})
    s.phase = CHARM
    assert (s.action_label(A_ROLL), s.action_json(A_REROLL + 2)) == (
        "roll the chosen dice again", {"action": A_REROLL + 2, "label": "roll white die 1 again too", "die": 2})


def test_a_training_option_names_the_ability_on_that_face_of_the_card():
    s = GAME.new_state(2, 4)
    card = s.training_card[s.acting]
    for face in (0, 1):
        ability = s.comp.abilities[training_ability(card, face)]
        assert s.action_json(encode_train(face))["ability"] == ability.name


def test_the_jet_pack_codec_keeps_the_saved_number():
    """``jet_die``: the first die plus one, plus 8 when it showed the 2! face: the number the
    saves have always held."""
    for d in range(6):
        for accident in (False, True):
            assert encode_jet(d, accident) == d + 1 + (8 if accident else 0)
            assert decode_jet(encode_jet(d, accident)) == (d, accident)
    assert decode_jet(0) == (-1, False)
