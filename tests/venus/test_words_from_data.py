"""Issue #28: the numbers the cards' titles and texts, the rules page, its hints, the table's
tooltips use are the component data's (``components.toml [rules]``, the units'
table), so a variant with other numbers reads by its own (the heuristic's numbers:
test_heuristic.py)."""

from venus_helpers import variant_state

from cosmodrome.core import get_game
from cosmodrome.core.howto import hint_for, load_howto, placeholders
from cosmodrome.games.venus.components import load_components
from cosmodrome.games.venus.flow import HandLimit
from cosmodrome.games.venus.text import CARD_NUMBERS, CARD_TEXT, card_texts, table_help
from cosmodrome.i18n import using

GAME = get_game("venus")


def test_the_printed_cards_read_as_before():
    words = card_texts(load_components())
    assert words["cp1"] == ("1 combat point", "Benefit: adds 1 CP to a claim.")
    assert words["cp2"][0] == "2 combat points" and words["move2"][0] == "+2 movement"
    assert words["discard_die"][1] == ("Benefit: set one combat die aside; the other two set the cost and its skull "
                                       "is ignored.")
    assert words["draw4keep2"][1] == "Action: draw four cards and discard two of them."
    assert words["gunrunner"][1].endswith("take £3; its crisis tiles defend at +2 until one is beaten.")


def test_a_variant_s_cards_read_its_numbers(tmp_path):
    s = variant_state(tmp_path, "words", cp1_card_cp=2, move1_card_steps=3, draw_and_keep_draws=5, sacrifice_cp=4,
                 cp1_draw_cards=2, combat_dice=2, buy_cards_cost=5, gunrunner_money=4)
    words = card_texts(s.comp)
    assert words["cp1"] == ("2 combat points", "Benefit: adds 2 CP to a claim.")
    assert words["move1"] == ("+3 movement", "Benefit: your move may go three planets further.")
    assert words["draw4keep2"][1] == "Action: draw five cards and discard three of them."
    assert words["sacrifice_unit"][1].endswith("back to stock for 4 CP.")
    assert words["cp1_draw"] == ("1 CP and 2 cards", "Benefit: adds 1 CP to a claim; draw 2 cards at once.")
    assert words["discard_die"][1].startswith("Benefit: set one combat die aside; the other die sets the cost")
    assert words["buy3cards"][1] == "Action: pay £5 and draw three cards."
    assert "take £4;" in words["gunrunner"][1]
    # the table shows the variant's words: the cards of a hand and the menu's labels
    view = s.view(0)
    assert {(c["title"], c["text"]) for c in view["hand"]} <= set(words.values())
    # the printed game's words are untouched by the variant
    assert card_texts(load_components())["cp1"][0] == "1 combat point"


def test_every_card_number_names_a_rule_and_every_field_is_filled():
    rules = load_components().rules
    for effect, fields in CARD_NUMBERS.items():
        assert effect in CARD_TEXT
        for rule in fields.values():
            assert all(part.isdigit() or part in rules for part in rule.split("-")), (effect, rule)
    for title, text in card_texts(load_components()).values():
        assert "{" not in title + text


def test_the_cards_read_in_hungarian_with_the_variant_s_numbers(tmp_path):
    s = variant_state(tmp_path, "words", cp3_card_cp=4, cycle_discards=2, force_discard_cards=3)
    with using("hu"):
        words = card_texts(s.comp)
        printed = card_texts(load_components())
    assert words["cp3"][0] == "4 harci pont" and printed["cp3"][0] == "3 harci pont"
    assert "legfeljebb két kártyát" in words["cycle3"][1] and "legfeljebb három kártyát" in printed["cycle3"][1]
    assert "három véletlen kártyát" in words["force_discard2"][1]
    for title, text in words.values():
        assert "{" not in title + text


def test_the_rules_page_and_hints_name_the_data_s_numbers():
    data = load_howto(GAME.help_file)
    asked = placeholders(data)
    assert {"rules.combat_dice", "rules.hand_limit", "units.tank.cost"} <= asked
    assert asked <= set(GAME.help_numbers())
    for lang in ("en", "hu"):
        with using(lang):
            page = GAME.how_to_play()
            texts = [page["intro"]] + [p for sec in page["sections"] for p in sec["paragraphs"]]
            assert not any("{rules." in t or "{units." in t for t in texts), lang
    page = GAME.how_to_play()
    combat = next(sec for sec in page["sections"] if sec["heading"] == "Claiming tiles and combat")
    assert "Roll 3 dice" in combat["paragraphs"][1]
    with using("hu"):
        combat = next(sec for sec in GAME.how_to_play()["sections"] if "harc" in sec["heading"].lower())
        assert "3 kockával" in combat["paragraphs"][1]


def test_the_hints_fill_in_the_numbers(monkeypatch):
    s = GAME.new_state(3, 1)
    while s.decision_kind() != "action":
        s.apply(s.legal_actions()[0])
    d = s.decision()
    hint = GAME.hint(d)
    words = hint["text"] + " ".join(o["text"] for o in hint["options"])
    assert "{" not in words and "up to 2 planets" in words
    data = load_howto(GAME.help_file)
    other = dict(GAME.help_numbers(), **{"rules.move_allowance": 5})
    hint = hint_for(data, "action", [(1, {"verb": "move"})], other)
    assert hint["options"][0]["text"].startswith("Move a group with a spaceship up to 5 planets")
    with using("hu"):
        hint = hint_for(data, "action", [(1, {"verb": "move"})], other)
    assert "legfeljebb 5 planétányit" in hint["options"][0]["text"]


def test_the_table_s_rule_sentences_are_the_game_s_words(tmp_path):
    """The rules the table's page explains (the pass card, the one unit a claim lands, the
    gunrunner, the VP by rank, the aliens reaching Earth) come with the view's help, in the
    reader's language, numbers from the data."""
    s = variant_state(tmp_path, "words", gunrunner_bonus=3)
    help_ = table_help(s.comp)
    for key in ("pass_card", "needs_unit", "gunrunner", "vp_ranks", "aliens_reach_earth"):
        assert help_[key] and "{" not in help_[key], key
    assert "+3" in help_["gunrunner"] and "+2" in table_help(load_components())["gunrunner"]
    assert s.view(0)["help"] is help_
    with using("hu"):
        hu = table_help(s.comp)
    assert hu["pass_card"] != help_["pass_card"] and "+3" in hu["gunrunner"]


def test_the_observation_names_a_card_as_its_option_does_in_a_variant(tmp_path):
    """A card whose title holds a number of the rules is named by the game's own component
    set in the observation, as in its option's details (a variant's "+3 movement", not the
    printed "+1 movement"), so that the two never name one card two ways."""
    from venus_helpers import give

    from cosmodrome.games.venus.flow import A_CARD
    from cosmodrome.games.venus.observation import layout
    from cosmodrome.games.venus.options import action_details

    s = variant_state(tmp_path, "titles", move1_card_steps=3)
    card = give(s, 0, "move1")[0]
    s.stack.append(HandLimit(0))
    option = action_details(s, A_CARD + s.comp.card_effect(card))
    assert option["card"] == "move1" and option["title"] == "+3 movement"
    s.discard = (card,)
    lay = layout(3, {"components": s.comp.source})
    assert "discard_top[0] == +1 movement" not in lay.index
    obs = lay.observe(s, 0)
    assert obs[lay.index["discard_top[0] == +3 movement"]] == 1.0
