"""The fixed action space: 33 small stable integers, each decision a small step.

====== ===============================================================
id     meaning
====== ===============================================================
0-7    take die 1-8 (drafting; in the solo game also: hand it to Zorlord)
8      use the taken die
9      put the taken die in the cargo bay
10     re-roll with the control panel (own die, or Zorlord's die)
11     stop moving
12-19  a step: up, left, right, diagonal up-left, diagonal up-right (navigational control),
       warp up, warp left, warp right (warp drive)
20-22  transformer: the die moves the orange / blue / green ship
23-26  cargo bay technology: defensive missile, navigational control, warp drive, transformer
27-29  mine die letter A / B / C
30     fire a defensive missile
31     take it (no missile)
32     let Zorlord use his die
====== ===============================================================
"""

from __future__ import annotations

from typing import Any

from cosmodrome.core.flat import range_kind
from cosmodrome.games.cosmic_run import combat, mines, movement, rounds, solo, technologies
from cosmodrome.games.cosmic_run.components import ATTACK, MINE, TECH, face_kind, face_track
from cosmodrome.games.cosmic_run.components import TECH0 as TECH0_FACE
from cosmodrome.games.cosmic_run.grid import circle_parts, ship_ix, ship_parts
from cosmodrome.games.cosmic_run.state import (
    DIE,
    DRAFT,
    LETTER,
    MISSILE_ATTACK,
    MISSILE_MINE,
    MOVE,
    TECHPICK,
    ZOR_GIVE,
    ZOR_REROLL,
    CosmicRunState,
)
from cosmodrome.games.cosmic_run.text import circle_name, colour_word, says, tech_word, who_w
from cosmodrome.i18n import _, gettext, ngettext

DRAFT0, USE, CARGO, REROLL, STOP, STEP0, TRANSFORM0, TECH0, LETTER0, MISSILE, NO_MISSILE, ACCEPT = (
    0, 8, 9, 10, 11, 12, 20, 23, 27, 30, 31, 32)
NUM_ACTIONS = 33
#: the first id of each kind of action, by name, ascending (:func:`action_kind`); every id is
#: its kind's first id plus one small number (a die, a step, a ship, a technology, a letter),
#: so there is no packing to decode
ACTION_KINDS = (("draft", DRAFT0), ("use", USE), ("cargo", CARGO), ("reroll", REROLL), ("stop", STOP),
                ("step", STEP0), ("transform", TRANSFORM0), ("technology", TECH0), ("letter", LETTER0),
                ("missile", MISSILE), ("no-missile", NO_MISSILE), ("accept", ACCEPT))


def action_kind(a: int) -> str:
    """The name of the kind of action id ``a`` (its range in the action space).

    >>> action_kind(STEP0 + 3), action_kind(ACCEPT)
    ('step', 'accept')
    """
    return range_kind(a, ACTION_KINDS, "draft")


def legal(s: CosmicRunState) -> list[int]:
    st = s.stage
    if st == DRAFT or st == ZOR_GIVE:
        return [i for i in range(8) if s.owner[i] == -1]
    if st == DIE:
        return [USE, CARGO, REROLL] if s.rerolls_used[s.seat] < s.comp.rerolls else [USE, CARGO]
    if st == MOVE:
        return ([STOP] + [STEP0 + k for k in movement.steps(s)]
                + [TRANSFORM0 + c for c in movement.transform_targets(s)])
    if st == LETTER:
        return [LETTER0, LETTER0 + 1, LETTER0 + 2]
    if st == TECHPICK:
        return [TECH0 + t for t in range(4) if technologies.room(s, s.seat, t)]
    if st == MISSILE_MINE or st == MISSILE_ATTACK:
        return [MISSILE, NO_MISSILE]
    if st == ZOR_REROLL:
        return [REROLL, ACCEPT]
    return []


def perform(s: CosmicRunState, a: int) -> None:
    """Apply a legal action (checked by ``State.apply``)."""
    st = s.stage
    if st == DRAFT:
        rounds.draft(s, a)
    elif st == DIE:
        if a == USE:
            if rounds.friendly_last_round_mine(s):
                rounds.free_reroll(s)
            else:
                rounds.use_die(s)
        elif a == CARGO:
            technologies.to_cargo(s)
        else:
            technologies.reroll(s, s.seat)
    elif st == MOVE:
        if a == STOP:
            s.log("stop", says("{who} stops moving.", who=who_w(s, s.seat)), sheet=s.seat)
            movement.finish(s)
        elif a < TRANSFORM0:
            movement.step(s, a - STEP0)
        else:
            movement.transform(s, a - TRANSFORM0)
    elif st == LETTER:
        rounds.choose_letter(s, a - LETTER0)
    elif st == TECHPICK:
        technologies.gain(s, s.seat, a - TECH0)
        rounds.next_pick(s)
    elif st == MISSILE_MINE:
        mines.answer(s, a == MISSILE)
    elif st == MISSILE_ATTACK:
        combat.resolve(s, a == MISSILE)
    elif st == ZOR_REROLL:
        solo.answer_reroll(s, a == REROLL)
    elif st == ZOR_GIVE:
        solo.give(s, a)


def use_note(s: CosmicRunState) -> str:
    """Why the taken die would do nothing (or only part of its work) if used now, or "".

    RB: Movement Die / Advance and Attack Die: a disabled ship, a ship at its planet or a ship
    with no open way (mines, the Armada rule) does not move; RB: Technology Dice: a full column
    gains nothing; RB: Solo Special Rules: the mine die has no function for you."""
    face, sh = s.faces[s.die], s.seat
    k = face_kind(face)
    if k == TECH:
        return "" if technologies.room(s, sh, face - TECH0_FACE) else _("its technology column is full: nothing is "
                                                                        "gained")
    if k == MINE:
        return _("the mine die has no use for you in the solo game") if s.solo else ""
    colour = face_track(face)
    ship = ship_ix(sh, colour)
    probe = s.clone()
    probe.ship, probe.pips, probe.steps, probe.transformed = ship, movement.effective_pips(s, face, ship), 0, 0
    if movement.steps(probe):
        return ""
    name = colour_word(s.comp, colour)
    why = (_("the {colour} ship is disabled") if s.disabled(ship) else _("the {colour} ship is at its planet")
           if s.reached(ship) else _("the {colour} ship has no step open (mines or the Armada rule)")).format(
               colour=name)
    more = []
    if movement.transform_targets(probe):
        more.append(_("a transformer can give it to another ship"))
    if k == ATTACK and not s.solo and not s.friendly:
        more.append(_("the attack still happens"))
    elif k == ATTACK and s.friendly and not s.solo and not (s.disabled(ship) or s.reached(ship)):
        more.append(_("the engine upgrade still comes"))
    return (_("{why}; {more}").format(why=why, more=_(" and ").join(more)) if more
            else _("{why}: nothing happens").format(why=why))


def label(s: CosmicRunState, a: int) -> str:
    return to_json(s, a)["label"]


def to_json(s: CosmicRunState, a: int) -> dict[str, Any]:
    """The label and the details a table client highlights (sheet, track, die, row/col, tech)."""
    comp = s.comp
    d: dict[str, Any] = {"action": a}
    st = s.stage
    if 0 <= a < 8:
        fj = comp.face_json(s.faces[a])
        d.update(kind="die", die=a, face=fj["face"], face_kind=fj["kind"],
                 **{k: v for k, v in fj.items() if k not in ("text", "kind", "face")})
        who = _("Give Zorlord die {n}: {face}") if st == ZOR_GIVE else _("Take die {n}: {face}")
        d["label"] = who.format(n=a + 1, face=comp.face_text(s.faces[a]))
    elif a == USE:
        d.update(kind="use", die=s.die)
        if st == DIE and rounds.friendly_last_round_mine(s):
            d["label"] = _("Re-roll the mine die for free until it shows something else")
        else:
            d["label"] = _("Use die {n} ({face})").format(n=s.die + 1, face=comp.face_text(s.faces[s.die]))
            note = use_note(s) if st == DIE else ""
            if note:
                d["note"] = note
                d["label"] += f" — {note}"
    elif a == CARGO:
        d.update(kind="cargo", die=s.die, sheet=s.seat)
        d["label"] = _("Put die {n} in the cargo bay ({cargo}/{slots})").format(
            n=s.die + 1, cargo=s.cargo[s.seat] if 0 <= s.seat < 2 else 0, slots=comp.cargo_slots)
    elif a == REROLL:
        d.update(kind="reroll", die=s.die)
        left = comp.rerolls - s.rerolls_used[0 if st == ZOR_REROLL else max(s.seat, 0)]
        whose = _("Zorlord's die") if st == ZOR_REROLL else _("die {n}").format(n=s.die + 1)
        if st == ZOR_REROLL:
            d["order"] = 1                # listed after "let Zorlord use his die": it spends a re-roll
        d["label"] = _("Re-roll {whose} with the control panel ({left} left)").format(whose=whose, left=left)
    elif a == STOP:
        # "order": shown after the steps (a terminal lists options by it; the id stays 11)
        d.update(kind="stop", order=1, label=_("Stop moving") + (
            ngettext(" ({n} pip unused)", " ({n} pips unused)", s.pips).format(
                n=s.pips) if st == MOVE and s.pips else ""))
    elif STEP0 <= a < TRANSFORM0:
        k = a - STEP0
        sh, t = ship_parts(s.ship)
        d.update(kind="step", step=movement.STEP_NAMES[k], sheet=sh, track=t, colour=comp.tracks[t])
        r, c = circle_parts(s.pos[s.ship])
        d["from"] = [r, c]
        target = movement.target(s, k) if st == MOVE else None
        if target is not None:
            new_pos, cost, warps, _passed = target
            new_row, new_col = circle_parts(new_pos)
            d["to"] = [new_row, new_col]
            d["cost"] = cost
            d["warps"] = warps
            where = circle_name(comp, s.side, new_row, new_col)
            tech = (_(" (navigational control)") if k in (movement.DIAG_LEFT, movement.DIAG_RIGHT)
                    else ngettext(" ({n} warp drive)", " ({n} warp drives)", warps).format(n=warps) if warps else "")
            d["label"] = _("{Colour} ship: {step} to {where}{tech}").format(
                Colour=colour_word(comp, t).capitalize(), step=gettext(movement.STEP_NAMES[k]), where=where, tech=tech)
        else:
            d["label"] = _("{Colour} ship: {step}").format(Colour=colour_word(comp, t).capitalize(),
                                                           step=gettext(movement.STEP_NAMES[k]))
    elif TRANSFORM0 <= a < TECH0:
        c = a - TRANSFORM0
        d.update(kind="transform", track=c, colour=comp.tracks[c])
        d["label"] = _("Transformer: move the {colour} ship with this die").format(colour=colour_word(comp, c))
    elif TECH0 <= a < LETTER0:
        t = a - TECH0
        d.update(kind="tech", tech=comp.tech_names[t], tech_index=t)
        d["label"] = _("Gain a {tech}").format(tech=tech_word(comp, t))
    elif LETTER0 <= a < MISSILE:
        c = a - LETTER0
        d.update(kind="letter", col=c, letter=comp.columns[c])
        d["label"] = _("Set the letter die to {letter}").format(letter=comp.columns[c])
    elif a == MISSILE:
        d.update(kind="missile", label=_("Fire a defensive missile"))
    elif a == NO_MISSILE:
        d.update(kind="no-missile", label=_("Keep the missile: take it"))
    elif a == ACCEPT:
        d.update(kind="accept", label=_("Let Zorlord use his die"))
    else:
        d["label"] = f"action {a}"
    return d
