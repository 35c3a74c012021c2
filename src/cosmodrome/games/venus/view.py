"""What a seat may see of Onward to Venus.

``view(state, seat)`` (seat None: a spectator) returns a JSON-ready dict. Hidden: other
players' hands (counts only), the deck order, the bag order (only counts of the tile kinds
left in the bag are shown: they follow from public information) and the random state.

Schema::

    {
      "game": "venus", "seat": int|null, "players": int,
      "empires": [str], "colours": [str],
      "period": int, "phase": int, "phase_name": str,
      "first": int, "cubes": int, "to_move": int|null,
      "decision": {"seat": int, "kind": str, "prompt": str,
                   "options": [{"action": int, "label": str, ...details}] (only for the seat to move)}|null,
      "planets": [{"index": int, "name": str, "vp": [int], "flipped": bool, "alien": bool,
                   "crisis_level": int,            # crisis tiles (+ escalation dice during phase 4)
                   "gunrunners": int,
                   "tiles": [{"slot": int, "kind": str, "defence": int|null, "skull": bool, "label": str}],
                   "orbit": [[inf, ship, tank] per seat], "surface": [[inf, ship, tank] per seat],
                   "buildings": [[mines, factories] per seat]}],
      "players_info": [{"seat": int, "empire": str, "colour": str, "money": int, "hand_size": int,
                        "stock": {"infantry","spaceship","tank","mine","factory": int},
                        "income": int, "kept": [str], "vp": int}],
      "hand": [{"card": int, "effect": str, "title": str, "type": str, "text": str}]|null,
      "deck_size": int, "discard_size": int, "discard_top": [str],   # discards are public
      "bag_size": int, "bag_counts": {kind: int}, "tile_discard_counts": {kind: int},
      "combat": {"seat", "planet", "tile", "defence", "dice": [int], "discarded": int|null,
                 "cost", "paid", "skulls"}|null,
      "move": {"from": str, "ships", "infantry", "tanks", "allowance"}|null,
      "log": [str],                                # recent log lines as this seat reads them
      "over": bool,
      "result": {"end": str, "vp": [int], "winners": [int]}|null
    }
"""

from __future__ import annotations

from typing import Optional

from cosmodrome.games.venus.components import EFFECTS, TILE_KINDS
from cosmodrome.games.venus.flow import DECIDE
from cosmodrome.games.venus.state import (
    CB_ACTIVE, CB_D0, CB_DEF, CB_DISC, CB_PL, CB_SEAT, CB_TILE, COLOURS, EMPIRES, MV_ACTIVE, MV_ALLOW,
    MV_FROM, MV_INF, MV_SHIPS, MV_TANKS,
)

PHASES = ("setup", "place pass cubes", "draw and place tiles", "player actions", "crisis resolution",
          "collect income", "re-set units")


def view(s, seat: Optional[int]) -> dict:
    from cosmodrome.games.venus.text import CARD_TEXT, TILE_LABELS, tile_name
    from cosmodrome.games.venus.scoring import final_scores, winners
    from cosmodrome.games.venus.crises import crisis_tiles
    c = s.comp
    n = s.num_players
    tk, td, ts = c.tile_kind, c.tile_def, c.tile_skull
    planets = []
    for pl in range(8):
        tiles = []
        for i, t in enumerate(s.ptiles[pl]):
            k = TILE_KINDS[tk[t]]
            tiles.append({"slot": i, "kind": k, "defence": td[t] if k in ("mine", "crisis", "alien") else None,
                          "skull": bool(ts[t]), "label": tile_name(s, t)})
        planets.append({
            "index": pl, "name": c.planet_names[pl], "vp": list(c.vp[pl]), "flipped": bool(s.flipped[pl]),
            "alien": any(tk[t] == 7 for t in s.ptiles[pl]),
            "crisis_level": crisis_tiles(s, pl) + (s.clevel[pl] if s.phase == 4 else 0),
            "gunrunners": sum(1 for g in s.gun if g // 1000 == pl),
            "tiles": tiles,
            "orbit": [s.orbit[p * 24 + pl * 3:p * 24 + pl * 3 + 3] for p in range(n)],
            "surface": [s.surf[p * 24 + pl * 3:p * 24 + pl * 3 + 3] for p in range(n)],
            "buildings": [s.bld[p * 16 + pl * 2:p * 16 + pl * 2 + 2] for p in range(n)],
        })
    vp = final_scores(s)
    info = []
    for p in range(n):
        st = s.stock[p * 5:p * 5 + 5]
        info.append({"seat": p, "empire": EMPIRES[p], "colour": COLOURS[p], "money": s.money[p],
                     "hand_size": len(s.hands[p]),
                     "stock": dict(zip(("infantry", "spaceship", "tank", "mine", "factory"), st)),
                     "income": sum(s.income_on(p, pl) for pl in range(8)),
                     "kept": [TILE_LABELS[TILE_KINDS[tk[t]]] for t in s.kept[p]], "vp": vp[p]})
    hand = None
    if seat is not None and 0 <= seat < n:
        hand = []
        for card in sorted(s.hands[seat], key=lambda x: (c.card_effect(x), x)):
            e = EFFECTS[c.card_effect(card)]
            hand.append({"card": card, "effect": e, "title": CARD_TEXT[e][0], "type": c.effect_type[c.card_effect(card)],
                         "text": CARD_TEXT[e][1]})
    bag_counts: dict = {}
    for t in s.bag:
        k = TILE_KINDS[tk[t]]
        bag_counts[k] = bag_counts.get(k, 0) + 1
    tdc: dict = {}
    for t in s.tdisc:
        k = TILE_KINDS[tk[t]]
        tdc[k] = tdc.get(k, 0) + 1
    combat = None
    cb = s.cb
    if cb[CB_ACTIVE] and not s.over:
        from cosmodrome.games.venus.combat import cost, points, skulls
        combat = {"seat": cb[CB_SEAT], "planet": c.planet_names[cb[CB_PL]], "tile": tile_name(s, cb[CB_TILE]),
                  "defence": cb[CB_DEF], "dice": cb[CB_D0:CB_D0 + 3],
                  "discarded": cb[CB_DISC] if cb[CB_DISC] >= 0 else None,
                  "cost": cost(s), "paid": points(s), "skulls": skulls(s)}
    mv = s.mv
    move = None
    if mv[MV_ACTIVE] and not s.over:
        move = {"from": c.planet_names[mv[MV_FROM]], "ships": mv[MV_SHIPS], "infantry": mv[MV_INF],
                "tanks": mv[MV_TANKS], "allowance": mv[MV_ALLOW]}
    decision = None
    tm = s.to_move()
    if tm is not None:
        decision = {"seat": tm, "kind": s.decision_kind(), "prompt": s.decision_prompt()}
        if seat == tm:
            decision["options"] = [s.action_json(a) for a in s.legal_actions()]
    log = []
    for e in s.log:
        t = e.text_for(seat)
        if t is not None:
            log.append(t)
    result = None
    if s.over:
        result = {"end": s.end_cause, "vp": vp, "winners": winners(s)}
    return {
        "game": "venus", "seat": seat, "players": n, "empires": list(EMPIRES[:n]), "colours": list(COLOURS[:n]),
        "period": s.period, "phase": s.phase, "phase_name": PHASES[s.phase] if 0 <= s.phase < 7 else "",
        "first": s.first, "cubes": s.cubes, "to_move": tm, "decision": decision,
        "planets": planets, "players_info": info, "hand": hand,
        "deck_size": len(s.deck), "discard_size": len(s.discard),
        "discard_top": [CARD_TEXT[EFFECTS[c.card_effect(x)]][0] for x in s.discard[-5:]],
        "bag_size": len(s.bag), "bag_counts": bag_counts, "tile_discard_counts": tdc,
        "combat": combat, "move": move, "log": log, "over": s.over, "result": result,
    }
