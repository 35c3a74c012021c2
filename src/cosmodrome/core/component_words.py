"""The words of the component files' keys, for people: the sections, entries and fields that
"About this game" and the design lab show, in the reader's language (docs/TRANSLATING.md).

A component file names its parts by TOML keys (``start_money``, ``tiles_per_planet``,
``vp``), which are the file's identifiers and stay as they are in the file and in a variant.
What a reader reads is the key's words here, looked up in the catalog; a key without words
here is looked up as it is (a planet's or a card's English name), and else shown with its
underscores as spaces.

>>> from cosmodrome.i18n import using
>>> with using("hu"):
...     word("start_money"), entry_label("planets[Mercury]"), field_label("vp[2]")
('kezdőpénz', 'planéták › Merkúr', 'GyP (2)')
>>> entry_label("rules.hand_limit"), field_label("sputniks[1][2]"), word("no_such_key")
('rules › hand limit', 'sputniks (1, 2)', 'no such key')
"""

from __future__ import annotations

import re
from typing import Mapping, Optional

from cosmodrome.i18n import N_, gettext, ngettext

#: a key of a component file -> its words (English, the catalog's message)
WORDS = {
    "rules": N_("rules"),
    "units": N_("units"),
    "counters": N_("counters"),
    "planets": N_("planets"),
    "tiles_per_planet": N_("tiles per planet"),
    "tiles": N_("tiles"),
    "aliens": N_("aliens"),
    "cards": N_("cards"),
    "player_cards": N_("player cards"),
    "sheet": N_("tracking sheet"),
    "scoring": N_("scoring"),
    "technologies": N_("technologies"),
    "mine_dice": N_("mine dice"),
    "action_dice": N_("action dice"),
    "counts": N_("counts"),
    "dice": N_("dice"),
    "board": N_("board"),
    "rounds": N_("rounds"),
    "base": N_("base"),
    "waves": N_("waves"),
    "upgrades": N_("upgrades"),
    "names": N_("names"),
    "training": N_("training"),
    "equipment": N_("equipment"),
    "equipment_rules": N_("equipment rules"),
    "tokens": N_("tokens"),
    "actions": N_("actions"),
    "nations": N_("nations"),
    "periods": N_("periods"),
    "start_money": N_("starting money"),
    "start_infantry": N_("starting infantry"),
    "start_spaceships": N_("starting spaceships"),
    "start_factories_on_earth": N_("starting factories on Earth"),
    "start_cards_dealt": N_("cards dealt at the start"),
    "first_player_dice": N_("dice rolled for the first player"),
    "hand_limit": N_("hand limit"),
    "extra_pass_cubes": N_("extra pass cubes"),
    "mine_income": N_("income of a mine"),
    "factory_income": N_("income of a factory"),
    "windfall": N_("windfall"),
    "draw2_cards": N_("cards drawn from a draw-two tile"),
    "alien_defence": N_("aliens' defence"),
    "alien_vp": N_("VP of an alien"),
    "kept_tile_vp": N_("VP of a kept tile"),
    "gunrunner_bonus": N_("Gunrunner's bonus"),
    "gunrunner_money": N_("Gunrunner's money"),
    "bazagthoth_card_cost": N_("Bazagthoth: cost in cards"),
    "bazagthoth_unit_cost": N_("Bazagthoth: cost in units"),
    "bazagthoth_building_cost": N_("Bazagthoth: cost in buildings"),
    "buy_cards_cost": N_("price of buying cards"),
    "take_money": N_("money taken"),
    "boosted_infantry_cp": N_("boosted infantry's CP"),
    "boosted_spaceship_cp": N_("boosted spaceship's CP"),
    "boosted_tank_cp": N_("boosted tank's CP"),
    "cp1_card_cp": N_("CP of the 1-combat-point card"),
    "cp2_card_cp": N_("CP of the 2-combat-point card"),
    "cp3_card_cp": N_("CP of the 3-combat-point card"),
    "cp1_draw_card_cp": N_("CP of the card giving CP and a card"),
    "cp2_venus_card_cp": N_("CP of the card for Venus"),
    "cp3_moon_card_cp": N_("CP of the card for the Moon"),
    "cp3_earth_crisis_card_cp": N_("CP of the card against an Earth crisis"),
    "sacrifice_cp": N_("CP of a sacrifice"),
    "cycle_discards": N_("cards replaced by Reshuffle orders"),
    "cycle_extra_draws": N_("extra cards drawn by Reshuffle orders"),
    "draw_and_keep_draws": N_("cards drawn by Intelligence"),
    "draw_and_keep_keeps": N_("cards kept from Intelligence"),
    "buy_cards_drawn": N_("cards bought with Purchase plans"),
    "cp1_draw_cards": N_("cards drawn with the card giving CP and a card"),
    "force_discard_cards": N_("cards another player loses at random"),
    "move_allowance": N_("planets a move may cross"),
    "move1_card_steps": N_("planets added by the short movement card"),
    "move2_card_steps": N_("planets added by the long movement card"),
    "combat_dice": N_("dice rolled in a combat"),
    "escalation_dice": N_("escalation dice"),
    "damage_dice": N_("damage dice"),
    "bazagthoth_unit_level": N_("Bazagthoth: level that costs units"),
    "bazagthoth_building_level": N_("Bazagthoth: level that costs buildings"),
    "uprising_level": N_("uprising's level"),
    "uprising_units": N_("units lost to the uprising"),
    "independence_level": N_("independence's level"),
    "robot_rebellion_level": N_("robot rebellion's level"),
    "robot_rebellion_losses": N_("robot rebellion's losses"),
    "major_rebellion_level": N_("major rebellion's level"),
    "major_rebellion_losses": N_("major rebellion's losses"),
    "robots_win_level": N_("level at which the robots win"),
    "invasion_level": N_("invasion's level"),
    "martian_level": N_("Martians' level"),
    "martian_losses": N_("Martians' losses"),
    "pirates_level": N_("pirates' level"),
    "pirates_wide_level": N_("level of pirates everywhere"),
    "pirate_fee": N_("pirates' fee"),
    "alien_invasion_level": N_("alien invasion's level"),
    "die_faces": N_("die faces"),
    "infantry": N_("infantry"),
    "spaceship": N_("spaceship"),
    "tank": N_("tank"),
    "mine": N_("mine"),
    "factory": N_("factory"),
    "crisis": N_("crisis"),
    "tension": N_("tension"),
    "draw2": N_("draw two cards"),  # the Venus tiles by kind, named alike (lower case, as the rest)
    "biggame": N_("big game"),
    "armada_gap": N_("gap of the armada"),
    "cargo_slots": N_("cargo slots"),
    "circles": N_("circles"),
    "colours": N_("colours"),
    "columns": N_("columns"),
    "disabled_penalty": N_("penalty of a disabled ship"),
    "faces": N_("faces"),
    "hearts": N_("hearts"),
    "labels_a": N_("labels of side A"),
    "labels_b": N_("labels of side B"),
    "ladder": N_("ladder"),
    "letters": N_("letters"),
    "minus5_row": N_("row of the −5"),
    "numbers": N_("numbers"),
    "rerolls": N_("re-rolls"),
    "round_track": N_("round track"),
    "rows": N_("rows"),
    "start_column": N_("starting column"),
    "tech_vp": N_("technologies' VP"),
    "rapid_fire_kills": N_("kills that win Rapid Fire"),
    "tracks": N_("tracks"),
    "attacks": N_("attacks"),
    "drop": N_("drop"),
    "hits": N_("hits"),
    "layout": N_("layout"),
    "limit": N_("limit"),
    "marines": N_("marines"),
    "sentinels": N_("sentinels"),
    "size": N_("size"),
    "colour": N_("colour"),
    "connector": N_("connector"),
    "ec": N_("extra-chance counters"),
    "goal": N_("goal"),
    "last_card": N_("last card"),
    "accident_sputnik_divisor": N_("Sputniks lost in an accident: those held divided by"),
    "token_sputniks": N_("Sputniks of the two-Sputniks token"),
    "missile_dice": N_("white dice of the missile battery"),
    "piercing_hits": N_("hits of a piercing missile"),
    "fragmentation_hits": N_("hits of a fragmentation missile on each box"),
    "fragmentation_spread": N_("columns a fragmentation missile hits on each side"),
    "injector_tired_turns": N_("turns with fewer dice after the power-up injector"),
    "supply": N_("supply"),
    "value": N_("value"),
    "copies": N_("copies"),
    "cost": N_("cost"),
    "count": N_("count"),
    "cp": N_("combat points"),
    "defence": N_("defence"),
    "effect": N_("effect"),
    "kind": N_("kind"),
    "pos": N_("position"),
    "skull": N_("skull"),
    "type": N_("type"),
    "vp": N_("VP"),
    "abilities": N_("abilities"),
    "antenna": N_("antenna"),
    "black": N_("black"),
    "blue": N_("blue"),
    "bunker": N_("bunker"),
    "card_columns": N_("card columns"),
    "cards_per_side": N_("cards per side"),
    "connector_level": N_("connector's level"),
    "crashed": N_("crashed"),
    "defenders": N_("defenders"),
    "extra": N_("extra"),
    "hidden": N_("hidden"),
    "levels": N_("levels"),
    "lz_columns": N_("landing zone's columns"),
    "marine": N_("marine"),
    "minimum": N_("minimum"),
    "nuke": N_("nuke"),
    "nuke_target": N_("nuke's target"),
    "red": N_("red"),
    "round": N_("round"),
    "text": N_("text"),
    "texts": N_("texts"),
    "white": N_("white"),
    "yellow": N_("yellow"),
    "accident": N_("accident"),
    "action_cards": N_("action cards"),
    "first": N_("first"),
    "handicap": N_("handicap"),
    "jump_cards": N_("jump cards"),
    "level": N_("level"),
    "lunar_cards": N_("lunar cards"),
    "most": N_("most"),
    "normal": N_("normal"),
    "others": N_("others"),
    "special_boxes": N_("special boxes"),
    "special_tokens": N_("special tokens"),
    "sputnik": N_("sputnik"),
    "sputniks": N_("sputniks"),
    "timing": N_("timing"),
}

_PART = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")


def word(key: str, names: Optional[Mapping[str, str]] = None) -> str:
    """``key`` (a section, an entry's key or name, a field) in the reader's language: its
    words here, else a name the game gives it (``names``: a card's effect -> its title),
    else the key itself looked up (a planet's English name), underscores as spaces."""
    if key in WORDS:
        return gettext(WORDS[key])
    if names and key in names:
        return gettext(names[key])
    found = gettext(key)
    return found if found != key else key.replace("_", " ")


def entry_label(path: str, names: Optional[Mapping[str, str]] = None) -> str:
    """An entry's path as the provenance names it (``rules.hand_limit``, ``planets[Mercury]``,
    ``cards[cp1]``) in words: its parts joined by "›"."""
    parts = [a or b for a, b in _PART.findall(path)]
    return " › ".join(word(p, names) for p in parts if p)


def field_label(label: str, names: Optional[Mapping[str, str]] = None) -> str:
    """A field's label as the design lab's form names it (``vp[2]``, ``value``,
    ``sputniks[1][2]``, ``black.faces``) in words; the item numbers stay as numbers."""
    out = []
    for part in label.split("."):
        m = re.fullmatch(r"([^\[]*)((?:\[\d+\])*)", part)
        name, index = (m.group(1), m.group(2)) if m else (part, "")
        numbers = re.findall(r"\d+", index)
        if name.isdigit():  # a table keyed by the player count (Venus's tiles per planet)
            text = ngettext("{n} player", "{n} players", int(name)).format(n=name)
        else:
            text = word(name, names) if name else ""
        out.append(f"{text} ({', '.join(numbers)})".strip() if numbers else text)
    return " › ".join(x for x in out if x)
