"""What a seat sees. In the base game nothing is hidden: the lap, the astronauts, their
counters and the jump card in play are on the table. With the advanced rules each player's
action card is seen by its holder alone (the others see that it holds one); the deck's size
and the face-up discard pile are public."""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.games.lunar.dice import COLOUR_NAMES, DIE_COLOUR, face_text
from cosmodrome.games.moon.scoring import board_points, scores
from cosmodrome.games.moon.state import CARD, OVER, PHASE_KIND, REFRESH, MoonState
from cosmodrome.games.moon.text import (
    CARD_TEXT,
    TIMING_TEXT,
    astronaut_name,
    place_name,
    seat_label,
    table_help,
    token_words,
)
from cosmodrome.i18n import _, gettext


def card_json(s: MoonState, card: int) -> dict[str, Any]:
    """An action card face up: its effect, title, text, timing and colour."""
    c = s.comp.actions[card]
    title, text = CARD_TEXT[c.effect]
    return {"effect": c.effect, "title": gettext(title), "text": gettext(text), "timing": c.timing,
            "timing_text": gettext(TIMING_TEXT[c.timing]), "red": c.red}


def cards_view(s: MoonState, seat: Optional[int]) -> Optional[dict[str, Any]]:
    """The action cards as ``seat`` sees them: its own card face up, the others' face down."""
    if not s.advanced:
        return None
    return {"deck": len(s.deck), "discard": [card_json(s, c) for c in s.discard],
            "hands": [{"seat": p, "holds": s.hand[p] >= 0,
                       "card": card_json(s, s.hand[p]) if p == seat and s.hand[p] >= 0 else None}
                      for p in range(s.num_players)],
            "asked": s.asks[0] if s.phase in (CARD, REFRESH) else None}


def astronauts_view(s: MoonState) -> list[dict[str, Any]]:
    """Every astronaut: where it stands (and its place in a shared box), its counters, its
    race position and board points."""
    order = s.race_order()
    astronauts = []
    for a in range(s.n_astro):
        same = sorted((b for b in range(s.n_astro) if (s.column[b], s.level[b]) == (s.column[a], s.level[a])),
                      key=lambda b: s.stamp[b])
        astronauts.append({
            "id": a, "name": astronaut_name(s, a), "letter": astronaut_name(s, a)[0],
            "colour": s.comp.colours[a], "seat": s.owner(a), "seat_name": seat_label(s, s.owner(a)),
            "col": s.column[a], "level": s.level[a], "stack": same.index(a),
            "place": place_name(s, s.column[a], s.level[a]),
            "down": bool(s.crashed[a]), "finished": s.finish_place[a], "sputniks": s.sputniks[a],
            "ec": s.ec_counters[a], "handicap": s.handicaps[a], "race_position": order.index(a) + 1,
            "board_points": board_points(s, a),
            "free_reroll": bool(s.free_reroll_token[a]),
        })
    return astronauts


def turn_view(s: MoonState) -> Optional[dict[str, Any]]:
    """The turn being played: whose, who moves, the dice programmed; None once over."""
    if s.phase == OVER:
        return None
    return {"astronaut": s.acting, "name": astronaut_name(s, s.acting), "mover": s.mover,
            "out_of_turn": not s.own_move(), "dice_n": s.dice_count, "jump": s.jump,
            "free_die": s.free_die, "free_rerolls": s.free_rerolls_left,
            "dice": [{"die": d, "colour": COLOUR_NAMES[DIE_COLOUR[d]], "jump": s.die_action[d], "face": s.faces[d],
                      "text": f"{_(COLOUR_NAMES[DIE_COLOUR[d]])} {face_text(s.faces[d]) if s.faces[d] else '?'}"}
                     for d in range(6) if s.die_action[d] >= 0 or d == s.free_die]}


def lap_view(s: MoonState) -> dict[str, Any]:
    """The lap: its cards, their columns, the Sputnik icons, the special boxes and tokens."""
    return {"cards": [{"index": c, "name": gettext(s.comp.cards[c].name), "red": s.comp.cards[c].red} for c in s.cards],
            "columns": [list(c) for c in s.strip], "sputniks": sorted([list(p) for p in s.icons]),
            "boxes": list(s.boxes), "goal": s.goal,
            "tokens": [{"col": c, "effect": s.comp.tokens[t] if t >= 0 else None,
                        "text": token_words(s.comp, s.comp.tokens[t]) if t >= 0 else None}
                       for c, t in zip(s.boxes, s.tokens)],
            "last_card_points": list(s.comp.last_card_points)}


def view(s: MoonState, seat: Optional[int]) -> dict[str, Any]:
    return {
        "game": "moon", "round": s.round, "phase": PHASE_KIND[s.phase], "seat": seat,
        "lap": lap_view(s),
        "astronauts": astronauts_view(s), "order": list(s.order), "turn_index": s.turn_index, "turn": turn_view(s),
        "cards": cards_view(s, seat),
        "supply": {"sputnik": s.sputnik_supply, "ec": s.ec_supply, "handicap": s.handicap_supply},
        "scores": [int(x) for x in scores(s)] if s.phase == OVER else None,
        "winners": list(s.winning_seats) if s.phase == OVER else None,
        "help": table_help(s.comp),  # words for people (Game.presentation_keys): not observed
    }
