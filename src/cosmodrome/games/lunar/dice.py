"""The six jump dice: two of each colour (RB: "How do I reach the goal?" and "How do I
jump?"). A face is a small int: its number of steps, or :data:`ACCIDENT` for the face that
moves :data:`ACCIDENT_STEPS` and then causes an accident.

>>> steps_of(ACCIDENT), steps_of(3), is_accident(ACCIDENT)
(2, 3, True)
>>> COLOUR_NAMES[DIE_COLOUR[4]]
'black'
"""

from __future__ import annotations

from typing import Any, Sequence

from cosmodrome.i18n import N_, _

BLUE, WHITE, BLACK = 0, 1, 2
COLOUR_NAMES = (N_("blue"), N_("white"), N_("black"))
#: the colour of each of the six dice, in a fixed order: blue, blue, white, white, black, black
DIE_COLOUR = (BLUE, BLUE, WHITE, WHITE, BLACK, BLACK)
NUM_DICE = 6
#: the faces of a die (a data file lists this many per colour)
NUM_FACES = 6
#: the face that moves and then causes an accident
ACCIDENT = 4
ACCIDENT_STEPS = 2


def steps_of(face: int) -> int:
    """The number of steps a face moves."""
    return ACCIDENT_STEPS if face == ACCIDENT else face


def is_accident(face: int) -> bool:
    return face == ACCIDENT


def face_text(face: int) -> str:
    """A face as people read it: ``'2'`` or ``'2!'`` for the accident face.

    >>> face_text(1), face_text(ACCIDENT)
    ('1', '2!')
    """
    return f"{ACCIDENT_STEPS}!" if face == ACCIDENT else str(face)


def die_name(d: int) -> str:
    """The name of die ``d`` (two of each colour).

    >>> die_name(4)
    'black die 1'
    """
    return _("{colour} die {n}").format(colour=_(COLOUR_NAMES[DIE_COLOUR[d]]), n=d % 2 + 1)


def roll_face(rng: Any, faces: Sequence[int], die: str) -> int:
    """A roll of the die whose six faces are ``faces`` (a chance event). In the explicit
    chance mode its outcomes are the distinct faces, each with its share of the six (a blank
    face twice on a die: 2/6); ``die`` names the die (``'the blue die 1'``) in the prompt and
    the outcome labels, which say the face rolled and nothing more. The sampled mode draws
    as ``faces[rng.below(6)]`` does.

    >>> from cosmodrome.core import Rng
    >>> roll_face(Rng(1), (1, 1, 2, 2, 3, ACCIDENT), "the blue die 1") in (1, 2, 3, ACCIDENT)
    True
    """
    return rng.take(list(faces), (_roll_of, (die,)), (_shows, (die,)))


def _roll_of(die: str) -> str:
    return _("the roll of {}").format(die)


def _shows(die: str, face: int) -> str:
    return _("{die} shows {face}").format(die=die, face=face_text(face))


def parse_face(text: object) -> int:
    """A face as written in a data file (``'1'``, ``'2'``, ``'3'`` or ``'2!'``); ValueError
    names anything else.

    >>> parse_face("2!") == ACCIDENT, parse_face("3")
    (True, 3)
    """
    if text == f"{ACCIDENT_STEPS}!":
        return ACCIDENT
    if text in ("1", "2", "3"):
        return int(text)
    raise ValueError(f"a face is '1', '2', '3' or '{ACCIDENT_STEPS}!' (accident), not {text!r}")


def parse_faces(faces: object) -> tuple[tuple[int, ...], ...]:
    """The :data:`NUM_FACES` faces of each colour (blue, white, black) from a data file's table
    of lists; ValueError names the colour and the problem.

    >>> parse_faces({"blue": ["1"] * 6, "white": ["2"] * 6, "black": ["2!"] * 6})[2][0] == ACCIDENT
    True
    """
    out = []
    for name in COLOUR_NAMES:
        fl = faces.get(name) if isinstance(faces, dict) else None
        if not isinstance(fl, list) or len(fl) != NUM_FACES:
            raise ValueError(f"{name} must list six faces")
        try:
            out.append(tuple(parse_face(f) for f in fl))
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    return tuple(out)
