"""Component data: the tracking sheet (tracks, rows, coordinates, round track, VP ladder),
the technologies and the dice, loaded from ``components.toml`` and validated into one
immutable :class:`Components` table.

Every entry of the data file is ``{value, status, source}`` with status ``fact`` or
``assumed``. A variant file (the ``components`` option) replaces the entries it gives.

>>> c = load_components()
>>> c.rows, c.tracks, c.round_track[0]
(12, ('orange', 'blue', 'green'), 1)
>>> c.face_text(c.dice[0][3])
'advance-and-attack orange'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Optional

from cosmodrome.core import DataError
from cosmodrome.games.cosmic_run.grid import SHEET_TECHS, SHEET_TRACKS, TRACK_COLUMNS
from cosmodrome.i18n import _, gettext, ngettext, os_reason, pgettext

DATA_FILE = Path(__file__).with_name("components.toml")

# Face codes of the action dice (small ints, so a die's face is one int in the state).
#   0..17  movement: colour * 6 + (pips - 1)
#   18..20 advance and attack: 18 + colour
#   21     mine
#   22..25 technology: 22 + tech
MOVE, ATTACK, MINE, TECH = 0, 1, 2, 3
ATTACK0, MINE_FACE, TECH0, NUM_FACES = 18, 21, 22, 26
TECH_WORDS = ("missile", "navigation", "warp", "transformer")
MISSILE, NAV, WARP, TRANSFORMER = 0, 1, 2, 3
#: the action dice (RB: Components: 8 Action Dice): ``action_dice.faces`` lists exactly this
#: many, since Zorlord's batches (RB: Phase II, solo) are laid out for eight dice
ACTION_DICE = 8

REQUIRED = {
    "sheet": ("tracks", "columns", "rows", "start_column", "labels_a", "labels_b", "hearts",
              "armada_gap", "rerolls", "cargo_slots", "round_track"),
    "scoring": ("ladder", "minus5_row", "disabled_penalty", "tech_vp", "rapid_fire_kills"),
    "technologies": ("names", "colours", "circles"),
    "mine_dice": ("letters", "numbers"),
    "action_dice": ("faces",),
}


def face_kind(code: int) -> int:
    return MOVE if code < ATTACK0 else ATTACK if code < MINE_FACE else MINE if code == MINE_FACE else TECH


def move_face(track: int, pips: int) -> int:
    """The code of the movement face of ``pips`` (1-6) for the ship of ``track``.

    >>> move_face(1, 2), face_track(move_face(1, 2)), face_pips(move_face(1, 2))
    (7, 1, 2)
    """
    return track * 6 + pips - 1


def face_track(code: int) -> int:
    """The track (the colour) of a movement or advance-and-attack face."""
    return code // 6 if code < ATTACK0 else code - ATTACK0


def face_pips(code: int) -> int:
    """The pips of a movement face; an advance-and-attack face advances 1."""
    return code % 6 + 1 if code < ATTACK0 else 1


@dataclass(frozen=True)
class Components:
    """The validated data. Rows are numbered 1..rows bottom to top; row 0 is the start below
    the track and row ``rows + 1`` the planet row (:attr:`planet`)."""

    tracks: tuple[str, ...]
    columns: tuple[str, ...]
    rows: int
    start_column: int
    labels: tuple[tuple[int, ...], tuple[int, ...]]   # per side, indexed by row 0..rows+1
    hearts: int
    armada_gap: int
    rerolls: int
    cargo_slots: int
    round_track: tuple[int, ...]
    ladder: tuple[int, ...]
    minus5_row: int
    disabled_penalty: int
    tech_vp: int
    rapid_fire_kills: int             # opponent ships a player disables to win Rapid Fire
    tech_names: tuple[str, ...]
    tech_colours: tuple[str, ...]
    circles: int
    letters: tuple[int, ...]          # column index per face of the letter die
    numbers: tuple[int, ...]
    dice: tuple[tuple[int, ...], ...]  # face codes per die
    status: tuple[tuple[str, str, str], ...]  # (key, status, source) of every entry

    @cached_property
    def nr(self) -> int:
        """Rows per track in the state grid: start row, the circles, the planet row."""
        return self.rows + 2

    @cached_property
    def planet(self) -> int:
        """The planet row of a track: its top row of circles, above the numbered rows; a ship
        that enters it has reached its planet (RB: Movement Die)."""
        return self.rows + 1

    @cached_property
    def max_pips(self) -> int:
        return max([face_pips(c) for d in self.dice for c in d if c < ATTACK0] + [1])

    def rows_with(self, side: int, number: int) -> tuple[int, ...]:
        """Rows of a track carrying ``number`` on sheet side 0 (A) or 1 (B)."""
        return tuple(r for r, n in enumerate(self.labels[side]) if n == number)

    def face_text(self, code: int) -> str:
        k = face_kind(code)
        if k == MOVE:
            p = face_pips(code)
            return ngettext("{colour} {n} pip", "{colour} {n} pips", p).format(
                colour=gettext(self.tracks[face_track(code)]), n=p)
        if k == ATTACK:
            return _("advance-and-attack {colour}").format(colour=gettext(self.tracks[code - ATTACK0]))
        if k == MINE:
            return pgettext("space mine", "mine")
        return gettext(self.tech_names[code - TECH0])

    def face_json(self, code: int) -> dict[str, Any]:
        k = face_kind(code)
        d: dict[str, Any] = {"face": code, "kind": ("move", "attack", "mine", "tech")[k], "text": self.face_text(code)}
        if k == MOVE or k == ATTACK:
            t = face_track(code)
            d.update(colour=self.tracks[t], track=t, pips=face_pips(code))
        elif k == TECH:
            d.update(tech=self.tech_names[code - TECH0], tech_index=code - TECH0)
        return d


def _entry(data: dict, section: str, key: str) -> tuple[Any, str, str]:
    sec = data.get(section)
    if not isinstance(sec, dict) or key not in sec:
        raise DataError(_("components: missing entry [{section}.{key}]").format(section=section, key=key))
    e = sec[key]
    if not isinstance(e, dict) or "value" not in e:
        raise DataError(_("components: [{section}.{key}] must be a table with value, status and source").format(
            section=section, key=key))
    status = e.get("status")
    if status not in ("fact", "assumed"):
        raise DataError(_("components: [{section}.{key}] status must be 'fact' or 'assumed', not {status!r}").format(
            section=section, key=key, status=status))
    source = e.get("source")
    if not isinstance(source, str) or not source.strip():
        raise DataError(_("components: [{section}.{key}] needs a source").format(section=section, key=key))
    return e["value"], status, source


def _ints(name: str, v: Any, n: Optional[int] = None, lo: Optional[int] = None,
          hi: Optional[int] = None) -> tuple[int, ...]:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
        raise DataError(_("components: {name} must be a list of whole numbers").format(name=name))
    if n is not None and len(v) != n:
        raise DataError(_("components: {name} must have {n} entries, not {got}").format(name=name, n=n, got=len(v)))
    for x in v:
        if (lo is not None and x < lo) or (hi is not None and x > hi):
            raise DataError(_("components: {name} has {x}, outside {lo}..{hi}").format(name=name, x=x, lo=lo, hi=hi))
    return tuple(v)


def _int(name: str, v: Any, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise DataError(_("components: {name} must be a whole number from {lo} to {hi}, not {value!r}").format(
            name=name, lo=lo, hi=hi, value=v))
    return v


def _strs(name: str, v: Any, n: int) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) != n or any(not isinstance(x, str) or not x for x in v):
        raise DataError(_("components: {name} must be a list of {n} names").format(name=name, n=n))
    return tuple(v)


def parse_face(text: Any, tracks: tuple[str, ...], where: str) -> int:
    """``"blue 2"`` → a movement face code, ``"attack green"``, ``"mine"``, ``"warp"``..."""
    if not isinstance(text, str):
        raise DataError(_("components: {where}: a face is a word such as 'blue 2', not {text!r}").format(
            where=where, text=text))
    words = text.lower().split()
    if len(words) == 2 and words[0] in tracks and words[1].isdigit() and 1 <= int(words[1]) <= 6:
        return move_face(tracks.index(words[0]), int(words[1]))
    if len(words) == 2 and words[0] == "attack" and words[1] in tracks:
        return ATTACK0 + tracks.index(words[1])
    if words == ["mine"]:
        return MINE_FACE
    if len(words) == 1 and words[0] in TECH_WORDS:
        return TECH0 + TECH_WORDS.index(words[0])
    raise DataError(_("components: {where}: unknown face {text!r} (use '<colour> <1-6>', 'attack <colour>', 'mine' or "
                      "one of {names})").format(where=where, text=text, names=', '.join(TECH_WORDS)))


def build(data: dict) -> Components:
    """Validate raw TOML data into :class:`Components`; :class:`DataError` names the problem."""
    vals: dict[str, Any] = {}
    status = []
    for section, keys in REQUIRED.items():
        for key in keys:
            v, st, src = _entry(data, section, key)
            vals[f"{section}.{key}"] = v
            status.append((f"{section}.{key}", st, src))
    tracks = _strs("sheet.tracks", vals["sheet.tracks"], SHEET_TRACKS)
    columns = _strs("sheet.columns", vals["sheet.columns"], TRACK_COLUMNS)
    rows = _int("sheet.rows", vals["sheet.rows"], 2, 40)
    start_col = _int("sheet.start_column", vals["sheet.start_column"], 0, TRACK_COLUMNS - 1)
    numbers = _ints("mine_dice.numbers", vals["mine_dice.numbers"], lo=1, hi=99)
    if not numbers:
        raise DataError(_("components: mine_dice.numbers needs at least one face"))
    labels = []
    for side in ("a", "b"):
        lab = _ints(f"sheet.labels_{side}", vals[f"sheet.labels_{side}"], rows, lo=0, hi=99)
        labels.append((0,) + lab + (0,))
    letters_raw = vals["mine_dice.letters"]
    if not isinstance(letters_raw, list) or not letters_raw or any(x not in columns for x in letters_raw):
        raise DataError(_("components: mine_dice.letters must list column letters from {names}").format(
            names=', '.join(columns)))
    hearts = _int("sheet.hearts", vals["sheet.hearts"], 1, 9)
    gap = _int("sheet.armada_gap", vals["sheet.armada_gap"], 1, 99)
    rerolls = _int("sheet.rerolls", vals["sheet.rerolls"], 0, 99)
    cargo = _int("sheet.cargo_slots", vals["sheet.cargo_slots"], 1, 8)
    track = _ints("sheet.round_track", vals["sheet.round_track"], lo=0, hi=20)
    if not track:
        raise DataError(_("components: sheet.round_track needs at least one round"))
    ladder = _ints("scoring.ladder", vals["scoring.ladder"], rows + 2, lo=-99, hi=99)
    m5 = _int("scoring.minus5_row", vals["scoring.minus5_row"], 0, rows + 1)
    pen = _int("scoring.disabled_penalty", vals["scoring.disabled_penalty"], -99, 0)
    tvp = _int("scoring.tech_vp", vals["scoring.tech_vp"], 0, 99)
    kills = _int("scoring.rapid_fire_kills", vals["scoring.rapid_fire_kills"], 1, 3)
    names = _strs("technologies.names", vals["technologies.names"], SHEET_TECHS)
    colours = _strs("technologies.colours", vals["technologies.colours"], SHEET_TECHS)
    circles = _int("technologies.circles", vals["technologies.circles"], 1, 20)
    faces = vals["action_dice.faces"]
    if not isinstance(faces, list) or len(faces) != ACTION_DICE or any(not isinstance(d, list) or not d
                                                                        for d in faces):
        raise DataError(_("components: action_dice.faces must list {n} dice, each a list of faces").format(
            n=ACTION_DICE))
    dice = tuple(tuple(parse_face(f, tracks, f"die {i + 1}") for f in d) for i, d in enumerate(faces))
    return Components(
        tracks=tracks, columns=columns, rows=rows, start_column=start_col,
        labels=(labels[0], labels[1]), hearts=hearts, armada_gap=gap, rerolls=rerolls,
        cargo_slots=cargo, round_track=track, ladder=ladder, minus5_row=m5,
        disabled_penalty=pen, tech_vp=tvp, rapid_fire_kills=kills, tech_names=names, tech_colours=colours,
        circles=circles, letters=tuple(columns.index(x) for x in letters_raw), numbers=numbers,
        dice=dice, status=tuple(status))


def _read(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise DataError(_("cannot read components file {path}: {reason}").format(
            path=path, reason=os_reason(exc))) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(_("components file {path} is not valid TOML: {exc}").format(path=path, exc=exc)) from None


def load_components(path: Any = "") -> Components:
    """The default data, with the entries of the variant file ``path`` (if given) replacing them;
    ``path`` may also be the variant's content, ``{"toml": text, "name": label}``."""
    if isinstance(path, dict):
        return components_from_text(path["toml"], repr(path.get("name") or "the variant"))
    return _load_path(path)


@lru_cache(maxsize=16)
def components_from_text(text: str, label: str = "the variant") -> Components:
    """The default data with the entries of a variant given by its TOML content replaced."""
    try:
        variant = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(_("components file {label} is not valid TOML: {exc}").format(label=label, exc=exc)) from None
    return _merge(variant, label)


@lru_cache(maxsize=16)
def _load_path(path: str = "") -> Components:
    return _merge(_read(Path(path)) if path else {}, path)


def _merge(variant: dict, path: str) -> Components:
    data = _read(DATA_FILE)
    if variant:
        for section, entries in variant.items():
            if section not in REQUIRED:
                raise DataError(_("components file {path}: unknown section [{section}]").format(
                    path=path, section=section))
            if not isinstance(entries, dict):
                raise DataError(_("components file {path}: [{section}] must be a table").format(
                    path=path, section=section))
            for key, e in entries.items():
                if key not in REQUIRED[section]:
                    raise DataError(_("components file {path}: unknown entry [{section}.{key}]").format(
                        path=path, section=section, key=key))
                data[section][key] = e
    return build(data)
