"""Movement and dice shared by Walking on the Moon and March on Mars (one box, one board,
the same six dice and the same way of jumping; ../shared/rules/walking-on-the-moon-and-march-on-mars.md,
"How do I jump?", and March on Mars, Threat level: "the same movement rules").

The package knows terrain as columns of cells and dice as faces; it knows no game. A game
imports it; it imports no game.

Modules, lowest first (:data:`LAYERS`): :mod:`.dice` (colours and faces),
:mod:`.terrain` (cell codes, columns, falling), :mod:`.variant` (the ``components`` option:
a variant file's entries in place of the packaged data's), :mod:`.movement` (one jump: steps
by colour, crashes, landing).
"""

LAYERS = (
    ("dice", "terrain", "variant"),
    ("movement",),
    ("__init__",),
)
