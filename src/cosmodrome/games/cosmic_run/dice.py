"""The eight white action dice (RB: Phase II: the captain rolls them; RB: Control Panel Option:
a taken die is rolled again): every roll comes from the game's seeded generator.

>>> from cosmodrome.games.cosmic_run import GAME
>>> s = GAME.new_state(2, seed=3)
>>> roll(s, 0) in s.comp.dice[0]
True
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run.state import CosmicRunState
from cosmodrome.games.cosmic_run.text import Word, face_w, says


def roll(s: CosmicRunState, die: int) -> int:
    """A random face of die ``die`` (not yet put on the table)."""
    faces = s.comp.dice[die]
    # the event's words are passed unwritten: only the explicit chance mode writes them
    return faces[s.rng.below(len(faces), ("the roll of action die {}".format, (die + 1,)),
                             (_shows, (s.comp, die, faces)), same=faces)]


def _shows(comp, die: int, faces, k: int) -> str:
    return f"action die {die + 1} shows {comp.face_text(faces[k])}"


def roll_pool(s: CosmicRunState) -> None:
    """Roll every die still in the pool and log the faces."""
    rolled = []
    for i in range(len(s.comp.dice)):
        if s.owner[i] == -1:
            s.faces[i] = roll(s, i)
            rolled.append(Word(lambda n, w: f"{n}: {w}", i + 1, face_w(s.comp, s.faces[i])))
    s.say("dice", says("Action dice rolled — {dice}.", dice=Word(lambda xs: "; ".join(str(x) for x in xs), rolled)),
          {"faces": list(s.faces), "dice": [i for i, o in enumerate(s.owner) if o == -1]}, chance=True)
