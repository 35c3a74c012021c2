"""Prepare landing (rules, "Prepare landing"): four martian cards around the MMM (two on half
the board for 2 marines), the red defenders in the boxes beside the MMM, an upgrade counter on
each side of the LZ (both bunkers, as the rules advise for first games, or two drawn at
random), the round track at 1, the marines in the LZ and a first wave of marines-plus-one
aliens on each card.
"""

from __future__ import annotations

from cosmodrome.core import Rng
from cosmodrome.games.mars.components import UPGRADES, Components
from cosmodrome.games.mars.rounds import start_round
from cosmodrome.games.mars.state import GONE, LZ, SIDE_ZONES, MarsState
from cosmodrome.games.mars.waves import deploy, draw


def new_game(game, comp: Components, players: int, seed: int, options: dict) -> MarsState:
    rng = Rng(seed)
    per_side = comp.layout["cards_per_side"]
    n_cards = per_side * (1 if players == 2 else 2)
    deck = list(range(len(comp.cards)))
    rng.shuffle(deck)
    s = MarsState(game, players, options, comp, rng, deck[:n_cards])
    lvl = comp.layout["connector_level"]
    for side, d in zip((0, 1), s.defenders()):
        if side in s.sides:
            s.aloc[d] = s.box(s.zone_cols(SIDE_ZONES[side][0]).start, lvl)
        else:
            s.aloc[d] = GONE   # the defender of the half not in play
    if options.get("upgrades") == "random":
        pool = [k for k, name in enumerate(UPGRADES) for _ in range(comp.upgrades[name])]
        rng.shuffle(pool)
        s.upg = pool[:2]
    else:
        s.upg = [0, 0]
    lz = s.zone_cols(LZ)
    for m in range(players):
        s.mcol[m], s.mlvl[m] = lz[m % len(lz)], lvl
    for side in s.sides:
        for zone in SIDE_ZONES[side][1:]:
            deploy(s, draw(s, players + comp.wave["extra"]), zone, side)
    s.round = 1
    s.log("setup", f"{players} marines land on Mars; cards: "
          + ", ".join(comp.cards[c].name for c in s.cards) + ".", chance=True)
    start_round(s)
    s.initial_events, s.ev = s.ev, []
    return s
