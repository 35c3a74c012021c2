"""Prepare landing (RB: Prepare landing): four martian cards around the MMM (two on half
the board for 2 marines), the red defenders in the boxes beside the MMM, an upgrade counter on
each side of the LZ (both bunkers, as the rules advise for first games, or two drawn at
random), the round track at 1, a first wave of marines-plus-one aliens on each card (one
fewer for baby marines: a set-up wave is a wave; ruling 11); then
each marine in seat order keeps one ability of the special training card it was dealt (the
seven cards are shuffled and one dealt to each marine: our ruling, the rules only say each
marine gets one) and lands on a box of the LZ of its choice.
"""

from __future__ import annotations

from cosmodrome.core.rng import as_rng
from cosmodrome.games.mars.components import TRAINING_CARDS, UPGRADES, Components
from cosmodrome.games.mars.rounds import start_round
from cosmodrome.games.mars.state import GONE, LAND, LZ, SIDE_ZONES, TRAIN, MarsState, training_ability
from cosmodrome.games.mars.text import name_word, names_of, says
from cosmodrome.games.mars.waves import deploy, draw, sized
from cosmodrome.i18n import Word


def new_game(game, comp: Components, players: int, seed: int, options: dict) -> MarsState:
    rng = as_rng(seed)
    per_side = comp.layout["cards_per_side"]
    n_cards = per_side * (1 if players == 2 else 2)
    cards = rng.deal(range(len(comp.cards)), n_cards, "the martian card laid out", (_card_laid, (comp,)))
    s = MarsState(game, players, options, comp, rng, cards)
    lvl = comp.layout["connector_level"]
    for side, d in zip((0, 1), s.defenders()):
        if side in s.sides:
            s.alien_place[d] = s.box(s.zone_cols(SIDE_ZONES[side][0]).start, lvl)
        else:
            s.alien_place[d] = GONE   # the defender of the half not in play
    if options.get("upgrades") == "random":
        pool = [k for k, name in enumerate(UPGRADES) for _ in range(comp.upgrades[name])]
        s.upgrades = rng.deal(pool, 2, "the upgrade counter beside the LZ", (_upgrade_drawn, ()))
    else:
        s.upgrades = [0, 0]
    lz = s.zone_cols(LZ)
    for m in range(players):
        s.column[m], s.level[m] = lz[m % len(lz)], lvl
    for side in s.sides:
        for zone in SIDE_ZONES[side][1:]:
            deploy(s, draw(s, sized(s, players)), zone, side)
    s.training_card = rng.deal(range(TRAINING_CARDS), players, "the special training card dealt", (_training_dealt, ()))
    s.round = 1
    s.say("setup", says("{n} marines head for Mars; cards: {cards}.", n=players,
                        cards=Word(names_of, tuple(comp.cards[c].name for c in s.cards))), chance=True)
    s.acting, s.phase = 0, TRAIN
    s.initial_events, s.ev = s.ev, []
    return s


def _card_laid(comp: Components, c: int) -> str:
    return f"{comp.cards[c].name} is laid out"


def _upgrade_drawn(k: int) -> str:
    return f"the {UPGRADES[k]} counter is drawn"


def _training_dealt(t: int) -> str:
    return f"special training card {t + 1} is dealt"


def choose_training(s: MarsState, face: int) -> None:
    """RB: Prepare landing: the marine keeps one of its card's two abilities for the game."""
    m = s.acting
    s.training[m] = training_ability(s.training_card[m], face)
    s.say("training", says("{who} trains as {ability}.", who=s.names[m],
                           ability=Word(name_word, s.comp.abilities[s.training[m]].name)), {"seat": m})
    s.phase = LAND


def land_at(s: MarsState, k: int) -> None:
    """RB: Prepare landing: the marine puts itself on any box of the LZ; after the last
    marine, round 1 begins."""
    m = s.acting
    s.column[m] = s.zone_cols(LZ)[k]
    s.level[m] = s.comp.layout["connector_level"]
    s.say("landing", says("{who} lands on column {n}.", who=s.names[m], n=s.column[m] + 1),
          {"seat": m, "col": s.column[m]})
    if m + 1 < s.num_players:
        s.acting, s.phase = m + 1, TRAIN
    else:
        start_round(s)
