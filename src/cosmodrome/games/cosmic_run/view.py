"""What a seat sees: the whole table (Cosmic Run hides nothing but the future dice), never
the random generator's state.

Schema (all JSON):

- ``game, seat, players, solo, options, round, rounds, captain, to_move, decision, prompt``
- ``sheet``: the static sheet: ``tracks`` (colours), ``columns``, ``rows``, ``labels`` (number per
  row on the side in play, 0 = none), ``row_names`` (per row, the printed number with "lower" /
  "upper" where side B prints it twice), ``circle_names`` (per row and column, e.g. ``B4``; the
  names used in every log line and option), ``ladder`` (VP per highest row), ``round_track``
- ``sheets``: per sheet (seat order; in the solo game the second is Zorlord's):
  ``name, zorlord, ships`` (per track: ``track, colour, row, col, best, hearts, upgrades,
  disabled, reached, vp``), ``grid`` (per track, per row 0..rows+1, per column: bits 1 up-line,
  2 sideways, 4 diagonal, 8 warp, 16 mine), ``techs`` (``name, colour, circles, acquired, used``),
  ``cargo, rerolls_used, rerolls_left, tech_score, vp, kills, immune_round``
- ``dice``: per die ``die, face, kind, text, colour/track/pips or tech, owner`` (None in the pool);
  ``dice_rolled`` is false during a round's mine phase, when the faces are still last round's
- ``current``: the die being used / the move in progress; ``pending_mine`` / ``pending_attack``
- ``end, winners`` once over
- ``help``: the sheet's parts, the technologies and the faces of this game's action dice
  explained, in the reader's language: ``{"sheet": {key: [title, text, source]}, "tech":
  {name: [...]}, "dice": {face code: [...]}, "end", "ends", "notes", "rule_numbers", "clicks",
  "move_clicks", "grid_bits"}`` (:func:`.text.help_texts`: the page's rule sentences, what to
  click for each decision and the end causes too, with this game's numbers, and the bits of
  ``grid`` by name); words for people, left out of what a seat observes (``Game.presentation_keys``)
"""

from __future__ import annotations

from typing import Any, Optional

from cosmodrome.games.cosmic_run import scoring
from cosmodrome.games.cosmic_run.grid import (
    SHEET_TRACKS,
    TRACK_COLUMNS,
    circle_ix,
    circle_parts,
    ship_ix,
    ship_parts,
    tech_ix,
    track_ix,
)
from cosmodrome.games.cosmic_run.state import (
    DIE,
    LETTER,
    MISSILE_ATTACK,
    MISSILE_MINE,
    MOVE,
    OVER,
    TECHPICK,
    ZOR_REROLL,
    CosmicRunState,
)
from cosmodrome.games.cosmic_run.text import circle_name, help_texts, prompt, row_name


def sheet_view(s: CosmicRunState, sh: int) -> dict[str, Any]:
    comp = s.comp
    nr = comp.nr
    ships = []
    grids = []
    for t in range(SHEET_TRACKS):
        ship = ship_ix(sh, t)
        r, c = circle_parts(s.circle[ship])
        ships.append({"track": t, "colour": comp.tracks[t], "row": r, "col": c, "best": s.best_row[ship],
                      "hearts": s.damage[ship], "upgrades": s.engine_upgrades[ship], "disabled": s.disabled(ship),
                      "reached": s.reached(ship),
                      "vp": scoring.track_vp(s, ship) + scoring.disabled_vp(s, ship)})
        base = track_ix(comp, ship)
        grids.append([s.grid[base + circle_ix(row, 0): base + circle_ix(row + 1, 0)] for row in range(nr)])
    zor = s.solo and sh == 1
    return {
        "sheet": sh, "name": s.sheet_name(sh), "zorlord": zor, "ships": ships, "grid": grids,
        "techs": [{"name": comp.tech_names[k], "colour": comp.tech_colours[k], "circles": comp.circles,
                   "acquired": s.tech_gained[tech_ix(sh, k)], "used": s.tech_used[tech_ix(sh, k)]} for k in range(4)],
        "cargo": s.cargo[sh], "rerolls_used": s.rerolls_used[sh], "rerolls_left": comp.rerolls - s.rerolls_used[sh],
        "tech_score": scoring.tech_score(s, sh), "vp": scoring.total(s, sh), "kills": s.kills[sh],
        "immune_round": s.immune[sh],
    }


def view(s: CosmicRunState, seat: Optional[int], lean: bool = False) -> dict[str, Any]:
    """The view; ``lean``: without the printed sheet's names and numbers and the prompt (the
    keys the observation skips; its state encoder asks for this one)."""
    comp = s.comp
    ph = s.phase
    v: dict[str, Any] = {
        "game": s.game.name, "seat": seat, "players": s.num_players, "solo": s.solo,
        "options": {k: s.options[k] for k in sorted(s.options)},
        "round": s.round, "rounds": len(comp.round_track), "captain": s.captain,
        "to_move": s.to_move(), "decision": s.decision_kind(),
        "prompt": prompt(s) if ph != OVER and not lean else "",
        "sheet": {"side": "AB"[s.side]} if lean else {
                  "tracks": list(comp.tracks), "columns": list(comp.columns), "rows": comp.rows,
                  "labels": list(comp.labels[s.side]), "side": "AB"[s.side], "ladder": list(comp.ladder),
                  "row_names": [row_name(comp, s.side, r) if 0 < r < comp.planet else "" for r in range(comp.nr)],
                  "circle_names": [[circle_name(comp, s.side, r, c) for c in range(TRACK_COLUMNS)]
                                   for r in range(comp.nr)],
                  "round_track": list(comp.round_track), "hearts": comp.hearts, "rerolls": comp.rerolls,
                  "cargo_slots": comp.cargo_slots},
        "sheets": [sheet_view(s, sh) for sh in range(2 if s.solo else s.num_players)],
        "dice": [dict(comp.face_json(s.faces[i]), die=i, owner=(None if s.owner[i] < 0 else s.owner[i]))
                 for i in range(len(comp.dice))],
        "picks": s.picks,
        "dice_rolled": not (s.picks >= len(comp.dice) and all(o == -1 for o in s.owner)),
        "help": help_texts(comp),  # words for people (Game.presentation_keys): not observed
    }
    if ph in (DIE, MOVE, LETTER, TECHPICK, ZOR_REROLL):
        cur: dict[str, Any] = {"die": s.die, "face": s.faces[s.die]}
        if ph == MOVE:
            sh, t = ship_parts(s.ship)
            cur.update(sheet=sh, track=t, colour=comp.tracks[t], pips=s.pips, steps=s.steps,
                       transformed=bool(s.transformed), attack=(s.attack_colour if s.attack_colour >= 0 else None))
        v["current"] = cur
    if ph == MISSILE_MINE:
        v["pending_mine"] = {"col": s.mine_roll_letter, "number": s.mine_roll_number,
                             "coordinate": f"{comp.columns[s.mine_roll_letter]}{s.mine_roll_number}",
                             "rows": [r for r, n in enumerate(comp.labels[s.side]) if n == s.mine_roll_number],
                             "targets": list(s.mine_roll_targets), "source": s.mine_roll_source}
    if ph == MISSILE_ATTACK:
        sh, t = ship_parts(s.attacked_ship)
        v["pending_attack"] = {"sheet": sh, "track": t, "colour": comp.tracks[t],
                               "kind": "attack" if s.attack_kind == 0 else "upgrade", "by": s.attacker_sheet}
    if ph == OVER:
        v["end"] = s.end_cause
        v["winners"] = list(s.winning_seats)
        v["scores"] = [scoring.total(s, sh) for sh in range(s.num_players)]
    return v
