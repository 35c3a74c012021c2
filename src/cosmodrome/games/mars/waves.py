"""Martian waves and the base (RB: Martian waves, "They are into the base!", Base
upgrades, Threat level).

A wave on one side moves every alien of that side one card towards the Landing Zone: the
aliens of the card next to the LZ go into that side's incoming-wave box (passing a bunker on
that side, which kills one of them), those of the card next to the MMM deploy on the card next
to the LZ, and a new wave drawn from the bag deploys on the card next to the MMM. Aliens
deploy one to a box on the circled boxes of a card (difficult terrain is ignored), higher
levels first in a column: yellow ones from the column farthest from the MMM, then red and
blue ones (red first) from the column closest to it; with more aliens than boxes they start
over. Each bunker on a wave's side kills one alien of it on its way in.
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import face_text, roll_face, steps_of
from cosmodrome.games.mars.combat import hit_box, kill
from cosmodrome.games.mars.components import UPGRADES
from cosmodrome.games.mars.state import (
    BAG,
    DEAD,
    DRAWN,
    END_BASE,
    INCOMING,
    LEFT,
    LZ,
    OVER,
    RIGHT,
    SIDE_ZONES,
    YELLOW,
    MarsState,
)
from cosmodrome.games.mars.text import ALIEN_NAMES, UPGRADE_NAMES, Word, says, shooter_w, side_word

#: the upgrade counters' numbers (their places in components.UPGRADES)
BUNKER, SENTINELS, ANTENNA = (UPGRADES.index(u) for u in ("bunker", "sentinels", "antenna"))


def incoming(side: int) -> int:
    """The place code of a side's incoming-wave box."""
    return INCOMING - side


def draw(s: MarsState, n: int) -> list[int]:
    """RB: "Can I kill the aliens?": ``n`` alien counters from the bag, refilled from the dead
    pile when it runs out."""
    out = []
    bag = s.aliens_at(BAG)
    for _ in range(n):
        if not bag:
            for i in s.aliens_at(DEAD):
                s.alien_place[i] = BAG
            bag = s.aliens_at(BAG)
            if not bag:
                break
            s.say("reshuffle", says("The dead aliens go back into the bag."))
        # the counter drawn (taken out of ``bag`` too)
        i = s.rng.take(bag, "the alien counter drawn from the bag", (_comes_out, (s,)), kind=s.colours)
        s.alien_place[i] = DRAWN
        out.append(i)
    return out


def _comes_out(s: MarsState, i: int) -> str:
    """The words of a bag draw's outcome (only the explicit chance mode writes them)."""
    return f"a {ALIEN_NAMES[s.colour(i)]} alien (counter {i + 1}) comes out of the bag"


def boxes(s: MarsState, zone: int, side: int) -> list[tuple[int, int]]:
    """The circled boxes of ``zone``, closest to the MMM first (on ``side``'s way in), higher
    levels first in a column (worked out once per ring)."""
    memo = s.on_board()[3]
    key = (zone, side)
    if key not in memo:
        cols = list(s.zone_cols(zone))
        if side != LEFT:
            cols.reverse()
        memo[key] = tuple((c, y) for c in cols for y in range(s.levels - 1, -1, -1)
                          if s.standing(c, y) and s.circled(c, y))
    return list(memo[key])


def deploy(s: MarsState, aliens: list[int], zone: int, side: int) -> None:
    """RB: Martian waves: put ``aliens`` on ``zone`` in the deployment order; at the
    exterminator level the yellow ones jump onto the marines there, the one closest to the
    MMM first."""
    near = boxes(s, zone, side)
    if not near:
        near = [(c, s.comp.layout["connector_level"]) for c in s.zone_cols(zone)]
    rank: dict = {}
    for k, (c, _) in enumerate(near):
        rank.setdefault(c, k)
    # the farthest column first, and in a column the higher levels first ("occupy higher
    # levels first" holds for every colour): a stable sort keeps each column's level order
    yellow_boxes = sorted(near, key=lambda b: -rank[b[0]])
    if s.options.get("threat") == "exterminator":
        order = {b: k for k, b in enumerate(near)}
        held = sorted({(s.column[m], s.level[m]) for m in s.active() if s.zone[s.column[m]] == zone},
                      key=lambda b: order.get(b, len(order) + b[0]))
        yellow_boxes = held or yellow_boxes
    colours = s.colours
    yellows = [a for a in aliens if colours[a] == YELLOW]
    others = sorted((a for a in aliens if colours[a] != YELLOW), key=lambda a: -colours[a])
    for k, a in enumerate(yellows):
        c, y = yellow_boxes[k % len(yellow_boxes)]
        s.alien_place[a] = s.box(c, y)
    for k, a in enumerate(others):
        c, y = near[k % len(near)]
        s.alien_place[a] = s.box(c, y)


def wave_size(s: MarsState, side: int) -> int:
    """RB: Martian waves and Threat level: the marines on that side's cards plus one,
    at least two, one fewer for baby marines (see :func:`sized`). The LZ lies on neither
    side: its marines count on both sides at the sergeant and exterminator levels, and on
    none below (ruling 11: that is why those levels must say so)."""
    both = s.options.get("threat") in ("sergeant", "exterminator")
    here = [both if s.zone[s.column[m]] == LZ else s.side_of(s.column[m]) == side for m in s.active()]
    return sized(s, sum(here))


def sized(s: MarsState, marines: int) -> int:
    """RB: Martian waves, Prepare landing and Threat level: a wave for ``marines``
    marines is one alien more, at least two; baby marines' waves, those of the set-up
    included, are one alien smaller (still at least two)."""
    n = marines + s.comp.wave["extra"] - (1 if s.options.get("threat") == "baby" else 0)
    return max(n, s.comp.wave["minimum"])


def aliens_in_zone(s: MarsState, zone: int) -> list[int]:
    cols = s.zone_cols(zone)
    boxes = s.box_range(cols.start, cols.stop)
    return [i for i, p in enumerate(s.alien_place) if p in boxes]


def wave(s: MarsState, side: int, why: object) -> None:
    """RB: Martian waves: one wave on ``side`` (ignored on the half of the board not in
    play)."""
    if side not in s.sides:
        s.say("wave", says("A wave {why} goes to the {side} side, where other marines fight it.", why=why,
                           side=Word(side_word, side)))
        return
    _, far, near = SIDE_ZONES[side]
    moving_in = aliens_in_zone(s, near)
    for k, upgrade in enumerate(s.upgrades):    # each bunker on the side kills one (ruling 12)
        if moving_in and upgrade == BUNKER and slot_side(s, k) == side:
            toughest = max(moving_in, key=lambda a: (s.colour(a), a))
            kill(s, toughest, -1)
            moving_in.remove(toughest)
            s.say("bunker", says("A bunker kills a {colour} alien on its way in.",
                                  colour=says(ALIEN_NAMES[s.colour(toughest)])))
    for a in moving_in:
        s.alien_place[a] = incoming(side)
    deploy(s, aliens_in_zone(s, far), near, side)
    new = draw(s, wave_size(s, side))
    deploy(s, new, far, side)
    s.say("wave", says("A wave {why} comes from the {side} side: {n} aliens reach the incoming box, "
                       "{new} new ones land by the MMM.", why=why, side=Word(side_word, side), n=len(moving_in),
                       new=len(new)),
          {"side": side}, chance=True)


def slot_side(s: MarsState, k: int) -> int:
    """The side an upgrade slot guards: left and right of the LZ; on half the board both guard
    the side in play (our ruling)."""
    return s.sides[k % len(s.sides)]


def land_incoming(s: MarsState) -> None:
    """RB: Turn order step 1: the aliens of the incoming-wave boxes deploy in the LZ."""
    for side in s.sides:
        group = s.aliens_at(incoming(side))
        if group:
            deploy(s, group, LZ, side)
            s.say("assault", says("{n} aliens storm into the Landing Zone from the {side}.", n=len(group),
                                  side=Word(side_word, side)),
                  {"side": side})


def sentinels(s: MarsState) -> None:
    """RB: Base upgrades: each sentinel counter shoots with its dice each round (the data's
    ``upgrades.sentinels``: two dice, of its colour); a group of value ``v`` (the steps of the
    face) hits the LZ box ``v`` columns in from its end of the LZ."""
    lz = s.zone_cols(LZ)
    lvl = s.comp.layout["connector_level"]
    shots = s.comp.sentinels
    die = s.comp.faces[shots["die"]]
    for k, upgrade in enumerate(s.upgrades):
        if upgrade != SENTINELS:
            continue
        rolled = [roll_face(s.rng, die, "a sentinel's die") for _ in range(shots["dice"])]
        s.say("sentinels", says("Sentinels roll {faces}.", faces=', '.join(map(face_text, rolled))), chance=True)
        faces = [steps_of(f) for f in rolled]
        for v in sorted(set(faces)):
            col = lz.start + v - 1 if slot_side(s, k) == LEFT else lz.stop - v
            if s.aliens_at(s.box(col, lvl)):
                hit_box(s, col, lvl, faces.count(v), -1, shooter_w("sentinels"))


def base_attack(s: MarsState) -> None:
    """RB: Turn order step 3 and "They are into the base!": aliens left in the LZ hit the
    base: they are discarded, an upgrade counter is destroyed, and the third time the base
    falls."""
    attackers = aliens_in_zone(s, LZ)
    if not attackers:
        return
    lz = s.zone_cols(LZ)
    left = sum(1 for a in attackers if s.box_column(s.alien_place[a]) < lz.start + len(lz) // 2)
    for a in attackers:
        s.alien_place[a] = DEAD
    s.base_hits += 1
    # ruling 14: the slot beside the half of the LZ most attackers stand in loses its counter first
    # (a tie: the left slot), else the other; slot LEFT is laid left of the LZ and slot RIGHT right of
    # it, on the half board too, where both guard the side in play (:func:`slot_side`)
    near = LEFT if left * 2 >= len(attackers) else RIGHT
    far = RIGHT if near == LEFT else LEFT
    lost = next((k for k in (near, far) if s.upgrades[k] >= 0), None)
    text = ""
    if lost is not None:
        text = says(" The {upgrade} is destroyed.", upgrade=says(UPGRADE_NAMES[s.upgrades[lost]]))
        s.upgrades[lost] = -1
    s.say("base", says("{n} aliens attack the base ({hits} of {attacks}).{text}", n=len(attackers), hits=s.base_hits,
                         attacks=s.comp.base_attacks, text=text), {"hits": s.base_hits})
    if s.base_hits >= s.comp.base_attacks:
        s.won, s.end_cause, s.phase = 0, END_BASE, OVER
        s.say("lost", says("The base is destroyed: the marines lose."))

