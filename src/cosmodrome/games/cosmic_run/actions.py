"""The fixed action space: 33 small stable integers, each decision a small step.

Each kind of action has a range of ids, named by its first id (``A_DRAFT`` .. ``A_ACCEPT``);
an id of a range is its first id plus one small number: ``A_DRAFT + die``, ``A_STEP + step``,
``A_TRANSFORM + track``, ``A_TECH + technology``, ``A_LETTER + column``.

====== ============= ==============================================================
id     name          meaning
====== ============= ==============================================================
0-7    A_DRAFT + i   take die i + 1 (drafting; in the solo game also: hand it to Zorlord)
8      A_USE         use the taken die
9      A_CARGO       put the taken die in the cargo bay
10     A_REROLL      re-roll with the control panel (own die, or Zorlord's die)
11     A_STOP        stop moving
12-19  A_STEP + k    a step: up, left, right, diagonal up-left, diagonal up-right (navigational
                     control), warp up, warp left, warp right (warp drive)
20-22  A_TRANSFORM   transformer: the die moves the orange / blue / green ship (+ track)
23-26  A_TECH + t    cargo bay technology: defensive missile, navigational control, warp drive,
                     transformer
27-29  A_LETTER + c  mine die letter A / B / C
30     A_MISSILE     fire a defensive missile
31     A_NO_MISSILE  take it (no missile)
32     A_ACCEPT      let Zorlord use his die
====== ============= ==============================================================
"""

from __future__ import annotations

from typing import Any

from cosmodrome.core.flat import range_kind
from cosmodrome.games.cosmic_run import combat, mines, movement, rounds, solo, technologies
from cosmodrome.games.cosmic_run.components import ATTACK, MINE, TECH, TECH0, face_kind, face_track
from cosmodrome.games.cosmic_run.grid import SHEET_TECHS, TRACK_COLUMNS, circle_parts, ship_ix, ship_parts
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

A_DRAFT, A_USE, A_CARGO, A_REROLL, A_STOP, A_STEP, A_TRANSFORM, A_TECH, A_LETTER, A_MISSILE, A_NO_MISSILE, A_ACCEPT = (
    0, 8, 9, 10, 11, 12, 20, 23, 27, 30, 31, 32)   # each the first id of its range (see above)
NUM_ACTIONS = 33
#: the first id of each kind of action, by name, ascending (:func:`action_kind`); every id is
#: its kind's first id plus one small number (a die, a step, a ship, a technology, a letter),
#: so there is no packing to decode
ACTION_KINDS = (("draft", A_DRAFT), ("use", A_USE), ("cargo", A_CARGO), ("reroll", A_REROLL), ("stop", A_STOP),
                ("step", A_STEP), ("transform", A_TRANSFORM), ("technology", A_TECH), ("letter", A_LETTER),
                ("missile", A_MISSILE), ("no-missile", A_NO_MISSILE), ("accept", A_ACCEPT))


def action_kind(a: int) -> str:
    """The name of the kind of action id ``a`` (its range in the action space).

    >>> action_kind(A_STEP + 3), action_kind(A_ACCEPT)
    ('step', 'accept')
    """
    return range_kind(a, ACTION_KINDS, "draft")


def legal(s: CosmicRunState) -> list[int]:
    ph = s.phase
    if ph == DRAFT or ph == ZOR_GIVE:
        return [i for i, o in enumerate(s.owner) if o == -1]      # A_DRAFT + i, A_DRAFT being 0
    if ph == DIE:
        return [A_USE, A_CARGO, A_REROLL] if s.rerolls_used[s.acting] < s.comp.rerolls else [A_USE, A_CARGO]
    if ph == MOVE:
        return ([A_STOP] + [A_STEP + k for k in movement.steps(s)]
                + [A_TRANSFORM + c for c in movement.transform_targets(s)])
    if ph == LETTER:
        return [A_LETTER + col for col in range(TRACK_COLUMNS)]   # the mine roll's column: A, B or C
    if ph == TECHPICK:
        return [A_TECH + t for t in range(SHEET_TECHS) if technologies.room(s, s.acting, t)]
    if ph == MISSILE_MINE or ph == MISSILE_ATTACK:
        return [A_MISSILE, A_NO_MISSILE]
    if ph == ZOR_REROLL:
        return [A_REROLL, A_ACCEPT]
    return []


def perform(s: CosmicRunState, a: int) -> None:
    """Apply a legal action (checked by ``State.apply``)."""
    ph = s.phase
    if ph == DRAFT:
        rounds.draft(s, a)
    elif ph == DIE:
        if a == A_USE:
            if rounds.friendly_last_round_mine(s):
                rounds.free_reroll(s)
            else:
                rounds.use_die(s)
        elif a == A_CARGO:
            technologies.to_cargo(s)
        else:
            technologies.reroll(s, s.acting)
    elif ph == MOVE:
        if a == A_STOP:
            s.say("stop", says("{who} stops moving.", who=who_w(s, s.acting)), {"sheet": s.acting})
            movement.finish(s)
        elif a < A_TRANSFORM:
            movement.step(s, a - A_STEP)
        else:
            movement.transform(s, a - A_TRANSFORM)
    elif ph == LETTER:
        rounds.choose_letter(s, a - A_LETTER)
    elif ph == TECHPICK:
        technologies.gain(s, s.acting, a - A_TECH)
        rounds.next_pick(s)
    elif ph == MISSILE_MINE:
        mines.answer(s, a == A_MISSILE)
    elif ph == MISSILE_ATTACK:
        combat.resolve(s, a == A_MISSILE)
    elif ph == ZOR_REROLL:
        solo.answer_reroll(s, a == A_REROLL)
    elif ph == ZOR_GIVE:
        solo.give(s, a)


def use_note(s: CosmicRunState) -> str:
    """Why the taken die would do nothing (or only part of its work) if used now, or "".

    RB: Movement Die / Advance and Attack Die: a disabled ship, a ship at its planet or a ship
    with no open way (mines, the Armada rule) does not move; RB: Technology Dice: a full column
    gains nothing; RB: Solo Special Rules: the mine die has no function for you."""
    face, sh = s.faces[s.die], s.acting
    k = face_kind(face)
    if k == TECH:
        return "" if technologies.room(s, sh, face - TECH0) else _("its technology column is full: nothing is "
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
    """The label and the details a table client highlights (sheet, track, die, row/col, tech):
    ``{"action": a, "kind": ..., ..., "label": ...}``, written by the describer of the kind of
    ``a`` (:data:`DESCRIBERS`, one per kind of :data:`ACTION_KINDS`)."""
    if not 0 <= a < NUM_ACTIONS:
        return {"action": a, "label": f"action {a}"}
    d: dict[str, Any] = {"action": a}
    DESCRIBERS[action_kind(a)](s, a, d)
    return d


# ----- the describers: each adds the details and the label of one kind of action to ``d``
def describe_draft(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """Take die ``a - A_DRAFT`` (solo: hand it to Zorlord, RB: The Solo Game): its face's details."""
    comp, die = s.comp, a - A_DRAFT
    fj = comp.face_json(s.faces[die])
    d.update(kind="die", die=die, face=fj["face"], face_kind=fj["kind"],
             **{k: v for k, v in fj.items() if k not in ("text", "kind", "face")})
    who = _("Give Zorlord die {n}: {face}") if s.phase == ZOR_GIVE else _("Take die {n}: {face}")
    d["label"] = who.format(n=die + 1, face=comp.face_text(s.faces[die]))


def describe_use(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """Use the taken die, with a note when it would do nothing (:func:`use_note`); in the
    Friendly variant's last round a mine die is re-rolled for free instead (RB: Friendly Variant)."""
    d.update(kind="use", die=s.die)
    if s.phase == DIE and rounds.friendly_last_round_mine(s):
        d["label"] = _("Re-roll the mine die for free until it shows something else")
        return
    d["label"] = _("Use die {n} ({face})").format(n=s.die + 1, face=s.comp.face_text(s.faces[s.die]))
    note = use_note(s) if s.phase == DIE else ""
    if note:
        d["note"] = note
        d["label"] += f" — {note}"


def describe_cargo(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """Store the taken die in the cargo bay (RB: Cargo Bay Option), with the bay's count."""
    d.update(kind="cargo", die=s.die, sheet=s.acting)
    d["label"] = _("Put die {n} in the cargo bay ({cargo}/{slots})").format(
        n=s.die + 1, cargo=s.cargo[s.acting] if 0 <= s.acting < 2 else 0, slots=s.comp.cargo_slots)


def describe_reroll(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """A control-panel re-roll of the taken die, or of Zorlord's (RB: Control Panel Option),
    with the re-rolls left."""
    zorlord = s.phase == ZOR_REROLL
    d.update(kind="reroll", die=s.die)
    left = s.comp.rerolls - s.rerolls_used[0 if zorlord else max(s.acting, 0)]
    whose = _("Zorlord's die") if zorlord else _("die {n}").format(n=s.die + 1)
    if zorlord:
        d["order"] = 1                # listed after "let Zorlord use his die": it spends a re-roll
    d["label"] = _("Re-roll {whose} with the control panel ({left} left)").format(whose=whose, left=left)


def describe_stop(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """Stop moving, with the pips left unused."""
    # "order": shown after the steps (a terminal lists options by it; the id stays A_STOP)
    d.update(kind="stop", order=1, label=_("Stop moving") + (
        ngettext(" ({n} pip unused)", " ({n} pips unused)", s.pips).format(
            n=s.pips) if s.phase == MOVE and s.pips else ""))


def describe_step(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """Step ``a - A_STEP`` of the moving ship (:data:`.movement.STEP_NAMES`): where from and,
    while moving, where to, its cost in pips and the warp drives it spends."""
    comp, k = s.comp, a - A_STEP
    sh, t = ship_parts(s.ship)
    d.update(kind="step", step=movement.STEP_NAMES[k], sheet=sh, track=t, colour=comp.tracks[t])
    r, c = circle_parts(s.circle[s.ship])
    d["from"] = [r, c]
    colour, step = colour_word(comp, t).capitalize(), gettext(movement.STEP_NAMES[k])
    target = movement.target(s, k) if s.phase == MOVE else None
    if target is None:
        d["label"] = _("{Colour} ship: {step}").format(Colour=colour, step=step)
        return
    new_pos, cost, warps, _passed = target
    new_row, new_col = circle_parts(new_pos)
    d["to"] = [new_row, new_col]
    d["cost"] = cost
    d["warps"] = warps
    where = circle_name(comp, s.side, new_row, new_col)
    tech = (_(" (navigational control)") if k in (movement.DIAG_LEFT, movement.DIAG_RIGHT)
            else ngettext(" ({n} warp drive)", " ({n} warp drives)", warps).format(n=warps) if warps else "")
    d["label"] = _("{Colour} ship: {step} to {where}{tech}").format(Colour=colour, step=step, where=where, tech=tech)


def describe_transform(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """A transformer: the die moves the ship of track ``a - A_TRANSFORM`` (RB: Transformer)."""
    c = a - A_TRANSFORM
    d.update(kind="transform", track=c, colour=s.comp.tracks[c])
    d["label"] = _("Transformer: move the {colour} ship with this die").format(colour=colour_word(s.comp, c))


def describe_technology(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """The technology ``a - A_TECH`` a full cargo bay turns into (RB: Cargo Bay Option)."""
    t = a - A_TECH
    d.update(kind="tech", tech=s.comp.tech_names[t], tech_index=t)
    d["label"] = _("Gain a {tech}").format(tech=tech_word(s.comp, t))


def describe_letter(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    """The column ``a - A_LETTER`` the mine die's letter is set to (RB: Mine Die)."""
    c = a - A_LETTER
    d.update(kind="letter", col=c, letter=s.comp.columns[c])
    d["label"] = _("Set the letter die to {letter}").format(letter=s.comp.columns[c])


def describe_missile(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    d.update(kind="missile", label=_("Fire a defensive missile"))


def describe_no_missile(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    d.update(kind="no-missile", label=_("Keep the missile: take it"))


def describe_accept(s: CosmicRunState, a: int, d: dict[str, Any]) -> None:
    d.update(kind="accept", label=_("Let Zorlord use his die"))


#: the describer of each kind of action (:data:`ACTION_KINDS`' names), for :func:`to_json`
DESCRIBERS = {"draft": describe_draft, "use": describe_use, "cargo": describe_cargo, "reroll": describe_reroll,
              "stop": describe_stop, "step": describe_step, "transform": describe_transform,
              "technology": describe_technology, "letter": describe_letter, "missile": describe_missile,
              "no-missile": describe_no_missile, "accept": describe_accept}
