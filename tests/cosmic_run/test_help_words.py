"""The tooltips' texts of the Cosmic Run page are the game's own (``text.SHEET_HELP``,
``text.TECH_HELP`` and the action dice's faces, ``text.die_help``), handed out by the view in
the reader's language under ``help``, a presentation key (words for people, not observed);
the renderer keeps no copy."""

import dataclasses
from pathlib import Path

from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.components import ATTACK0, TECH0
from cosmodrome.games.cosmic_run.text import SHEET_HELP, TECH_HELP, help_texts
from cosmodrome.i18n import using

RENDERER = Path(GAME.components_file).parents[2] / "web" / "js" / "renderers" / "cosmic-run.js"


def test_the_view_hands_out_the_help_in_the_readers_language():
    s = GAME.new_state(2, 3)
    help_ = s.view(0)["help"]
    assert set(help_["sheet"]) == set(SHEET_HELP) and set(help_["tech"]) == set(TECH_HELP)
    assert help_["tech"]["warp drive"][0] == "Warp drive" and help_["tech"]["warp drive"][2] == "rulebook: Warp Drive"
    assert help_["sheet"]["round"][0] == "Round track"
    with using("hu"):
        hu = GAME.new_state(2, 3).view(0)["help"]
    assert hu["sheet"]["round"][0] != "Round track"
    assert hu["sheet"]["round"][2] == "rulebook: Playing the Game; Game End"


def test_every_die_face_in_play_is_explained_with_its_own_colour_and_pips():
    """Each face of this game's action dice has its tooltip (RB: Movement Die, Advance and
    Attack Die, Mine Die, Technology Dice), keyed by the face code the view's dice carry."""
    s = GAME.new_state(2, 3)
    v = s.view(0)
    dice = v["help"]["dice"]
    assert {str(d["face"]) for d in v["dice"]} <= set(dice)
    assert dice["1"][0] == "Orange 2 — movement" and "up to 2 circles" in dice["1"][1]
    assert dice["0"][1].startswith("Moves the orange ship up to 1 circle,")
    attack = dice[str(ATTACK0 + 1)]
    assert attack[0] == "Advance and attack blue" and attack[2] == "rulebook: Advance and Attack Die"
    warp = dice[str(TECH0 + s.comp.tech_names.index("warp drive"))]
    assert warp[1].startswith("Adds one warp drive to the sheet") and TECH_HELP["warp drive"][1] in warp[1]
    with using("hu"):
        hu = help_texts(s.comp)["dice"]["1"]
    assert hu[0] == "Narancs 2 — mozgás" and "legfeljebb 2 kört" in hu[1], hu


def test_a_variants_dice_explain_their_own_faces():
    """A die of the component data with a 4-pip movement face: its tooltip says 4 circles."""
    s = GAME.new_state(2, 3)
    four = 3                                             # orange, 4 pips (code = track * 6 + pips - 1)
    comp = dataclasses.replace(s.comp, dice=(s.comp.dice[0] + (four,),) + s.comp.dice[1:])
    assert "4" not in help_texts(s.comp)["dice"]
    assert help_texts(comp)["dice"][str(four)][0] == "Orange 4 — movement"
    assert "up to 4 circles" in help_texts(comp)["dice"][str(four)][1]


def test_the_sheets_help_carries_this_games_numbers():
    """The rounds, re-rolls, hearts, a disabled ship's penalty and the armada's gap in the
    sheet's tooltips are the component data's (RB: Playing the Game; Control Panel Option;
    Scoring; The Armada Rule): a variant's sheet explains its own game, in either language."""
    s = GAME.new_state(2, 3)
    sheet = help_texts(s.comp)["sheet"]
    assert sheet["round"][1].startswith("12 rounds.") and sheet["control"][1].startswith("4 re-rolls")
    assert "With all 3 filled" in sheet["hearts"][1] and "costs 7 VP at the end (12 if" in sheet["hearts"][1]
    assert "more than 5 rows above" in sheet["armada"][1]
    comp = dataclasses.replace(s.comp, round_track=s.comp.round_track[:10], rerolls=2, hearts=4, disabled_penalty=-6,
                               armada_gap=4)
    sheet = help_texts(comp)["sheet"]
    assert sheet["round"][1].startswith("10 rounds.") and sheet["control"][1].startswith("2 re-rolls")
    assert "With all 4 filled" in sheet["hearts"][1] and "costs 6 VP at the end (11 if" in sheet["hearts"][1]
    assert "more than 4 rows above" in sheet["armada"][1]
    assert help_texts(comp)["end"].startswith("Track VP from the ladder, disabled ships −6 (−11 below the −5 mark)")
    assert help_texts(s.comp)["end"].startswith("Track VP from the ladder, disabled ships −7 (−12 below the −5 mark)")
    with using("hu"):
        hu = help_texts(comp)["sheet"]
    assert hu["round"][1].startswith("10 forduló.") and "mind a 4 kitöltött" in hu["hearts"][1]
    assert "4 sornál többel" in hu["armada"][1]


def test_the_ladder_and_rapid_fire_tooltips_carry_this_games_numbers():
    """The −5 level, the VP just past it (RB: Scoring) and the kills that win Rapid Fire (RB:
    Rapid Fire Variant) are the component data's: a variant's sheet explains its own game, and
    the page's kills badge counts to the data's number (``rule_numbers``)."""
    s = GAME.new_state(2, 3, {"rapid_fire": True})
    tables = help_texts(s.comp)
    assert ("Below the −5 mark it costs 5 VP; between −5 and the next symbol it scores 0."
            in tables["sheet"]["ladder"][1])
    assert tables["sheet"]["kills"][1].startswith("Disabling 2 of your opponent's ships wins the game at once.")
    assert tables["rule_numbers"]["kills"] == 2
    m5 = s.comp.minus5_row
    ladder = (-4,) * (m5 + 1) + (1,) + s.comp.ladder[m5 + 2:]
    comp = dataclasses.replace(s.comp, ladder=ladder, rapid_fire_kills=3)
    tables = help_texts(comp)
    assert ("Below the −4 mark it costs 4 VP; between −4 and the next symbol it scores 1."
            in tables["sheet"]["ladder"][1])
    assert tables["sheet"]["kills"][1].startswith("Disabling 3 of your opponent's ships")
    assert tables["sheet"]["kills"][2] == "rulebook: Rapid Fire Variant" and tables["rule_numbers"]["kills"] == 3
    with using("hu"):
        hu = help_texts(comp)["sheet"]
    assert "3 ellenséges hajót" in hu["kills"][1] and "a −4 és a következő jel között 1 pont" in hu["ladder"][1]


def test_the_sheet_keeps_no_help_of_its_own():
    """The tooltips come once, under the view's ``help`` (a presentation key, checked for every
    game by tests/core/test_presentation_keys.py), not inside the observed sheet."""
    s = GAME.new_state(2, 3)
    assert "help" not in s.view(0)["sheet"] and "help" in s.view(0)


def test_the_renderer_keeps_no_copy_of_the_help_texts():
    js = RENDERER.read_text(encoding="utf-8")
    assert "Spend one during a movement die" not in js and "Twelve rounds." not in js
    assert "Moves the {colour} ship" not in js and "Set the letter die" not in js and "Adds one {tech}" not in js
    assert "disabled ships −7" not in js
    assert "kills {n}/2" not in js and "disabling two" not in js


def test_the_renderer_states_no_rule_the_view_hands_out_its_rule_sentences():
    """The page's sentences that state a rule (``text.PAGE_NOTES``) and how a game ended
    (``text.end_cause_words``) come with the view's help, in the reader's language; the
    renderer keeps none of them."""
    from cosmodrome.games.cosmic_run.text import END_CAUSES, PAGE_NOTES
    js = RENDERER.read_text(encoding="utf-8")
    help_ = GAME.new_state(2, 3).view(0)["help"]
    assert set(help_["notes"]) == set(PAGE_NOTES) and list(help_["ends"]) == list(END_CAUSES)
    assert help_["notes"]["captain"] == "Captain this round: rolls the dice and takes the first die"
    for sentence in PAGE_NOTES.values():
        assert sentence not in js
    assert "rounds played" not in js and "enemy ships disabled" not in js and "A circle is named" not in js
    with using("hu"):
        hu = GAME.new_state(2, 3).view(0)["help"]
    assert hu["notes"]["dice_later"] == "Az aknafázis után dobunk velük."
    assert hu["ends"]["rounds"] == "letelt a tizenkét forduló"


def test_the_numbers_of_the_end_the_option_and_the_rules_page_are_the_datas():
    """The kills that win Rapid Fire (RB: Rapid Fire Variant) and the rounds of a game (RB:
    Game End) in the option's description, the end's words and the rules page are the
    component data's, in words; a variant's data says its own, singular or plural."""
    from cosmodrome.games.cosmic_run.text import (
        end_cause_words,
        end_text,
        howto_numbers,
        rapid_fire_option_words,
    )
    comp = GAME.new_state(2, 3).comp
    option = next(o for o in GAME.options if o.name == "rapid_fire").to_json()
    assert option["help"] == "Rapid Fire variant: no Armada rule; disabling two enemy ships wins"
    ends = end_cause_words(comp)
    assert (ends["rapid-fire"], ends["rounds"]) == ("two enemy ships disabled (Rapid Fire)", "twelve rounds are over")
    assert GAME.end_causes == ends
    variant = dataclasses.replace(comp, rapid_fire_kills=3, round_track=comp.round_track[:5])
    assert rapid_fire_option_words(variant) == "Rapid Fire variant: no Armada rule; disabling three enemy ships wins"
    one = dataclasses.replace(comp, rapid_fire_kills=1)
    assert rapid_fire_option_words(one).endswith("disabling one enemy ship wins")
    ends = end_cause_words(variant)
    assert (ends["rapid-fire"], ends["rounds"]) == ("three enemy ships disabled (Rapid Fire)", "five rounds are over")
    line = end_text(lambda x: f"P{x + 1}", False, "rapid-fire", 7, [0], [10, 3], [2, 2], 2, 1, 12)
    assert line.startswith("Game over after round 7: P1 disabled one enemy ship (Rapid Fire). Scores:")
    numbers = howto_numbers(variant)
    assert (numbers["kills"], numbers["rounds"]) == ("three", "five")
    page = " ".join(p for sec in GAME.how_to_play()["sections"] for p in sec["paragraphs"])
    assert "or after twelve rounds" in page and "more than five rows ahead" in page and "{" not in page
    assert "After taking a die you may roll it again, four times a game" in page
    assert "costs 7 points, or 12 if it was disabled below the −5 mark" in page
    with using("hu"):
        assert end_cause_words(variant)["rounds"] == "letelt az öt forduló"
        assert "két ellenséges hajó kiiktatása" in next(o for o in GAME.options if o.name == "rapid_fire").describe()
        page = " ".join(p for sec in GAME.how_to_play()["sections"] for p in sec["paragraphs"])
        assert "tizenkét forduló után" in page and "öt sornál többel" in page and "{" not in page


def test_the_hints_name_the_datas_numbers():
    """The first-game hints of the die and the control panel name the re-rolls and the
    cargo bay's dice of the data (RB: Control Panel Option; Cargo Bay Option)."""
    s = GAME.new_state(2, 3)
    while s.decision().kind != "die":
        s.apply(s.legal_actions()[0])
    decision = s.decision()
    hint = GAME.hint(decision)
    assert "(two stored dice make a technology)" in hint["text"]
    assert "Roll it again (one of your four re-rolls)." in [o["text"] for o in hint["options"]]
    assert GAME.hint(decision) is hint                   # written once for the decision asked again
    with using("hu"):
        hu = GAME.hint(s.decision())
    assert "(két berakott kockából technológia lesz)" in hu["text"]
    assert "Dobd újra (a négy újradobásod egyike)." in [o["text"] for o in hu["options"]]


def test_the_click_hints_come_with_the_view_in_the_readers_language():
    """What to click for each decision (the draft, the die in hand, a missile, Zorlord's die...:
    RB: Playing the Game; Cargo Bay Option; Control Panel Option; Defensive Missile; The Solo
    Game) and the places of a move (RB: Movement Die; Transformer) are the game's words
    (``text.CLICK_HINTS``, ``text.MOVE_CLICKS``), handed out under ``help`` by decision kind and
    translated; the renderer keeps no copy."""
    from cosmodrome.games.cosmic_run.state import PHASE_KIND
    from cosmodrome.games.cosmic_run.text import CLICK_HINTS, MOVE_CLICKS
    help_ = GAME.new_state(2, 3).view(0)["help"]
    assert set(help_["clicks"]) == set(PHASE_KIND.values()) - {"move", "over"}
    assert help_["clicks"]["draft"] == "Click a die in the pool to take it."
    assert help_["clicks"]["give-zorlord"] == "Click the die Zorlord gets; you take the other."
    assert set(help_["move_clicks"]) == {"cell", "stop", "ship"}
    assert help_["move_clicks"]["ship"] == "a ringed ship to move it instead (transformer)"
    with using("hu"):
        hu = GAME.new_state(2, 3).view(0)["help"]
    assert hu["clicks"]["draft"] == "Kattints egy kockára a készletben, hogy elvedd."
    assert hu["move_clicks"]["stop"] == "a mozgó hajódra, hogy megállj"
    for part in ("clicks", "move_clicks"):
        assert set(hu[part]) == set(help_[part])
        assert all(hu[part][k] and hu[part][k] != help_[part][k] for k in help_[part]), part
    js = RENDERER.read_text(encoding="utf-8")
    for text in (*CLICK_HINTS.values(), *MOVE_CLICKS.values()):
        assert text not in js, text


def test_the_page_reads_the_circles_bits_from_the_help():
    """The bits of a circle in the view's ``grid`` (``grid.py``: the lines a ship draws, RB:
    Movement Die; a space mine, RB: Phase I: Mine Phase) come by name with the help: a mined
    circle of the view is the one the help's mine bit marks, and the renderer spells no bit."""
    import re

    from cosmodrome.games.cosmic_run.grid import DIAGONAL_LINE, MINE_BIT, SIDE_LINE, UP_LINE, WARP_LINE
    s = GAME.new_state(2, 3)
    bits = s.view(0)["help"]["grid_bits"]
    assert bits == {"up": UP_LINE, "sideways": SIDE_LINE, "diagonal": DIAGONAL_LINE, "warp": WARP_LINE,
                    "mine": MINE_BIT}
    while not any(s.grid[i] & MINE_BIT for i in range(len(s.grid))):   # play until a mine falls
        s.apply(s.legal_actions()[0])
    v = s.view(0)
    mine = v["help"]["grid_bits"]["mine"]
    mined = sum(1 for sh in v["sheets"] for t in sh["grid"] for row in t for b in row if b & mine)
    assert mined == sum(1 for b in s.grid if b & MINE_BIT) > 0
    js = RENDERER.read_text(encoding="utf-8")
    assert not re.search(r"&\s*\d", js), re.search(r"&\s*\d", js)
