"""The step stack (``stack``) holds one int a step, made and read by the codec beside the
step kinds (state.encode_step, decode_step, step_kind); no rule packs or unpacks a step by
hand (issue #28)."""

from __future__ import annotations

import re
from pathlib import Path

from moon_helpers import GAME

from cosmodrome.games.moon import state
from cosmodrome.games.moon.state import (
    P_AFTER,
    P_CARDSTEP,
    P_END,
    P_EOR,
    P_EXTRA,
    P_MOVER,
    P_PASS,
    P_ROB,
    P_ROUND,
    P_SLIP,
    P_SWAP,
    P_TOKEN,
    STEP_SPAN,
    decode_step,
    encode_step,
    step_kind,
)

PLAIN = (P_END, P_AFTER, P_ROB, P_SWAP, P_ROUND, P_CARDSTEP)
CARRYING = (P_TOKEN, P_MOVER, P_PASS, P_SLIP, P_EOR, P_EXTRA)


def test_every_step_decodes_back_to_its_kind_and_number():
    steps = [(k, 0) for k in PLAIN] + [(k, n) for k in CARRYING for n in range(STEP_SPAN)]
    packed = [encode_step(*x) for x in steps]
    assert len(set(packed)) == len(packed)
    assert [decode_step(p) for p in packed] == steps
    assert [step_kind(p) for p in packed] == [k for k, _ in steps]


def test_a_step_carries_any_column_of_the_lap():
    s = GAME.new_state(5, 1, {"advanced": True})
    assert decode_step(encode_step(P_PASS, s.goal)) == (P_PASS, s.goal) and s.goal < STEP_SPAN


#: a step kind carrying a number, added to, compared with or taken from by hand
CARRIER = r"P_(TOKEN|MOVER|PASS|SLIP|EOR|EXTRA)\b"
HAND_PACKED = re.compile(rf"\b{CARRIER}\s*[-+<>]|[-+<>]=?\s*{CARRIER}|\bSTEP_SPAN\b")


def test_no_rule_packs_or_unpacks_a_step_by_hand():
    found = []
    for path in sorted(Path(state.__file__).parent.glob("*.py")):
        in_codec = False
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("def "):
                in_codec = path.name == "state.py" and line.startswith(("def encode_step", "def decode_step",
                                                                         "def step_kind"))
            if HAND_PACKED.search(line.split("#")[0]) and not in_codec and not line.startswith("STEP_SPAN ="):
                found.append(f"{path.name}:{i}: {line.strip()}")
    assert found == []


def test_an_advanced_game_works_its_steps_through_the_codec():
    """A seeded advanced game pushes steps of every kind that carries a number but the Extra
    jump's, each of which decodes to a valid number."""
    seen = set()
    for seed in range(6):
        s = GAME.new_state(4, seed, {"advanced": True})
        k = 0
        while not s.is_terminal() and k < 3000:
            for p in s.stack:
                kind, number = decode_step(p)
                seen.add(kind)
                assert kind in PLAIN or 0 <= number <= s.goal
            s.apply(s.legal_actions()[(k * 7 + seed) % len(s.legal_actions())])
            k += 1
    assert {P_END, P_TOKEN, P_PASS, P_EOR, P_ROUND, P_MOVER, P_SLIP} <= seen
