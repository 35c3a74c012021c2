"""The numbers of the rules that no other table of the component data holds are read from its
``[rules]`` (``components.toml``), each marked fact or assumed with its rulebook section: the
Sputniks an accident costs, those the two-Sputniks token gives and the jumps a turn's dice
are programmed on (issue #28)."""

from __future__ import annotations

import tomllib

import pytest
from moon_helpers import GAME

from cosmodrome.core import DataError, OptionError
from cosmodrome.games.moon.accidents import accident
from cosmodrome.games.moon.components import DATA_FILE, RULE_KEYS, load_components
from cosmodrome.games.moon.special import trigger
from cosmodrome.i18n import using


def variant(advanced: bool = False, **rules):
    """A new 3-player state whose component data has the given ``[rules]`` numbers."""
    toml = "".join(f'[rules.{k}]\nvalue = {v}\nstatus = "assumed"\nsource = "ours"\n' for k, v in rules.items())
    name = "-".join(f"{k}{v}" for k, v in rules.items())
    return GAME.new_state(3, 1, {"advanced": advanced, "components": {"toml": toml, "name": name}})


def test_the_numbers_are_component_data_marked_fact_and_cited():
    raw = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))["rules"]
    assert set(raw) == set(RULE_KEYS)
    for key in RULE_KEYS:
        assert raw[key]["status"] == "fact" and raw[key]["source"].startswith("RB: "), key
    assert load_components().rules == {"accident_sputnik_divisor": 2, "token_sputniks": 2, "jumps": 3}


@pytest.mark.parametrize("divisor, kept", [(2, 3), (3, 4), (1, 0)])
def test_an_accident_costs_the_sputniks_held_divided_as_the_data_says(divisor, kept):
    """RB: "What's an accident?": half the Sputniks, rounded down, as printed; a variant's
    divisor of 3 costs a third, of 1 all of them."""
    s = GAME.new_state(3, 1) if divisor == 2 else variant(accident_sputnik_divisor=divisor)
    s.sputniks[0], s.sputnik_supply = 5, s.sputnik_supply - 5
    accident(s, 0, "crash")
    assert s.sputniks[0] == kept and s.sputnik_supply == 30 - kept
    assert s.ev[-1].data["lost"] == 5 - kept


@pytest.mark.parametrize("given", [2, 3, 0])
def test_the_two_sputniks_token_gives_what_the_data_says(given):
    """RB: Special boxes: the token gives 2 Sputnik counters as printed, a variant's number
    otherwise, while the supply lasts."""
    s = GAME.new_state(3, 1, {"advanced": True}) if given == 2 else variant(True, token_sputniks=given)
    s.mover = 0
    s.tokens[0] = s.comp.tokens.index("two-sputniks")
    trigger(s, s.boxes[0])
    assert s.sputniks[0] == given and s.sputnik_supply == 30 - given
    s.sputnik_supply, s.sputniks[1] = 1, 29                  # the supply lasts for one more
    s.mover = 1
    trigger(s, s.boxes[0])
    assert s.sputniks[1] == 29 + min(given, 1) and s.sputnik_supply == 1 - min(given, 1)


@pytest.mark.parametrize("rules, words", [
    ({"accident_sputnik_divisor": 0}, "rules.accident_sputnik_divisor must be a whole number from 1 to 99, not 0"),
    ({"token_sputniks": 31}, "rules.token_sputniks must be a whole number from 0 to 30, not 31"),
    ({"jumps": 0}, "rules.jumps must be a whole number from 1 to 3, not 0"),
    ({"jumps": 4}, "rules.jumps must be a whole number from 1 to 3, not 4"),
])
def test_a_variant_out_of_bounds_is_refused(rules, words):
    with pytest.raises(DataError, match=words):
        variant(**rules)


def test_a_variant_written_before_the_numbers_moved_into_the_data_plays_them_as_printed():
    """A variant file names only the entries it changes (lunar.variant): one written before
    ``[rules]`` existed keeps the printed numbers."""
    s = GAME.new_state(3, 1, {"components": {"name": "old", "toml": (
        '[counts.dice]\nvalue = { normal = 3, handicap = 3, accident = 2, most = 6 }\nstatus = "assumed"\n')}})
    assert s.comp.dice["normal"] == 3 and s.comp.rules == load_components().rules


def test_the_rules_page_and_the_options_write_the_numbers_of_the_data(monkeypatch):
    """"How to play" (``{rules.x}``-style names, :meth:`Game.help_numbers`) and the lobby's
    option texts take their numbers from the packaged data: data with other numbers reads
    otherwise."""
    import dataclasses

    import cosmodrome.games.moon as moon

    def paragraphs() -> str:
        return "\n".join(p for sec in GAME.how_to_play()["sections"] for p in sec["paragraphs"])

    def described() -> dict:
        return {o.name: o.describe() for o in GAME.options}

    printed = paragraphs()
    # the printed game reads as its words always did: numbers the sentence writes in words stay words
    assert "you lose half your Sputnik counters" in printed and "(six at most)" in printed
    assert "runs over five lunar cards" in printed and "all eight cards, three of each: 24 cards" in printed
    assert "the 24 action cards" in described()["advanced"] and "the five red-dot" in described()["max_red"]
    comp = load_components()
    other = dataclasses.replace(comp, rules={**comp.rules, "accident_sputnik_divisor": 3},
                                supply={**comp.supply, "action_cards": 8}, dice={**comp.dice, "most": 5},
                                action_deck=comp.action_deck[::3], cards=comp.cards[:-1])
    monkeypatch.setattr(moon, "load_components", lambda *args: other)
    moon._help_numbers.cache_clear()
    try:
        varied = paragraphs()
        assert "you lose a third of your Sputnik counters" in varied and "(five at most)" in varied
        assert "all eight cards, one of each: 8 cards" in varied
        assert "the 8 action cards" in described()["advanced"] and "the four red-dot" in described()["max_red"]
        assert GAME.resolve_options({"max_red": 4})["max_red"] == 4
        with pytest.raises(OptionError, match="from 0 to 4"):
            GAME.resolve_options({"max_red": 5})
    finally:
        moon._help_numbers.cache_clear()


@pytest.mark.parametrize("divisor, share, hu", [(2, "half", "a felük"), (3, "a third", "a harmaduk"),
                                                (1, "all", "mind"), (7, "1/7", "az 1/7 részük")])
def test_the_counters_tooltip_names_the_share_an_accident_costs_in_the_data(divisor, share, hu):
    """The table's tooltip of the Sputnik counters says the share an accident costs as the
    data's divisor gives it (``accident_sputnik_divisor``; RB: "What's an accident?"): half as
    printed, in English and in Hungarian."""
    from cosmodrome.games.moon.text import table_help

    s = GAME.new_state(3, 1) if divisor == 2 else variant(accident_sputnik_divisor=divisor)
    assert s.view(0)["help"]["counters"] == f"Sputnik counters: 1 point each; {share} are lost in an accident"
    with using("hu"):
        assert table_help(s.comp)["counters"] == f"Szputnyik-jelzők: egyenként 1 pont; balesetnél {hu} elvész"


@pytest.mark.parametrize("given, words, hu", [(2, "two Sputnik counters", "két Szputnyik-jelző"),
                                              (3, "three Sputnik counters", "három Szputnyik-jelző"),
                                              (1, "one Sputnik counter", "egy Szputnyik-jelző")])
def test_the_two_sputniks_token_is_told_with_the_data_s_sputniks(given, words, hu):
    """The two-Sputniks token's words name the counters it gives (``token_sputniks``; RB:
    Special boxes) in the log of the set-up and of a step on its box, on the lap's view and
    in the reader's language; the printed game reads as before."""
    from cosmodrome.games.moon.setup import _token_list
    from cosmodrome.games.moon.text import token_words

    s = GAME.new_state(3, 1, {"advanced": True}) if given == 2 else variant(True, token_sputniks=given)
    s.mover = 0
    s.tokens[0] = s.comp.tokens.index("two-sputniks")
    assert token_words(s.comp, "two-sputniks") == words
    assert {"col": s.boxes[0], "effect": "two-sputniks", "text": words} in s.view(0)["lap"]["tokens"]
    s.ev = []
    trigger(s, s.boxes[0])
    said = next(e for e in s.ev if e.kind == "special")
    assert said.text.endswith(f"steps on a special box: {words}.")
    with using("hu"):
        assert token_words(s.comp, "two-sputniks") == hu and said.text.endswith(f"{hu}.")
    laid = (s.comp.tokens.index("ec"), s.comp.tokens.index("two-sputniks"))
    assert _token_list(s.comp, laid) == f"after card 1, an EC counter; after card 2, {words}"


def test_the_help_pages_list_of_tokens_names_the_data_s_sputniks(monkeypatch):
    """"How to play" lists the tokens (``Game.help_items``) with the packaged data's numbers,
    written when read: data with another ``token_sputniks`` reads otherwise."""
    import dataclasses

    import cosmodrome.games.moon.text as text

    assert GAME.help_items["tokens"]["Two sputniks"] == "two Sputnik counters"
    with using("hu"):
        assert GAME.help_items["tokens"]["Two sputniks"] == "két Szputnyik-jelző"
    comp = load_components()
    monkeypatch.setattr(text, "load_components",
                        lambda *args: dataclasses.replace(comp, rules={**comp.rules, "token_sputniks": 4}))
    assert GAME.help_items["tokens"]["Two sputniks"] == "four Sputnik counters"
    listed = [dict(sec["items"]) for sec in GAME.how_to_play()["sections"]
              if "Two sputniks" in dict(sec.get("items", []))]
    assert listed and listed[0]["Two sputniks"] == "four Sputnik counters"


def _program_all(s) -> set[int]:
    """Place every die of the turn's programming, each on the highest jump offered; the jumps
    the menus offered on the way."""
    from cosmodrome.games.moon.state import PROGRAM, decode_program

    offered = set()
    while s.phase == PROGRAM:
        legal = s.legal_actions()
        jumps = [decode_program(a)[1] for a in legal]
        offered.update(jumps)
        s.apply(legal[jumps.index(max(jumps))])
    return offered


@pytest.mark.parametrize("jumps", [3, 2, 1])
def test_the_dice_are_programmed_on_as_many_jumps_as_the_data_says(jumps):
    """RB: "How do I reach the goal?": a turn's dice go on up to three jumps, as printed; a
    variant's ``jumps`` offers that many of the jump card's slots, and no more."""
    from cosmodrome.games.moon.state import PROGRAM

    s = GAME.new_state(3, 1) if jumps == 3 else variant(jumps=jumps)
    while s.phase != PROGRAM:
        s.apply(s.legal_actions()[0])
    assert s.comp.rules["jumps"] == jumps
    assert _program_all(s) == set(range(jumps))


def test_the_rules_page_writes_the_data_s_jumps(monkeypatch):
    """"How to play" says the jumps a turn is programmed on as the data gives them, in words."""
    import dataclasses

    import cosmodrome.games.moon as moon

    def paragraphs() -> str:
        page = GAME.how_to_play()
        return "\n".join([page.get("intro", "")] + [p for sec in page["sections"] for p in sec["paragraphs"]])

    assert "over up to three jumps" in paragraphs()
    comp = load_components()
    monkeypatch.setattr(moon, "load_components",
                        lambda *args: dataclasses.replace(comp, rules={**comp.rules, "jumps": 2}))
    moon._help_numbers.cache_clear()
    try:
        assert "over up to two jumps" in paragraphs() and "three jumps" not in paragraphs()
    finally:
        moon._help_numbers.cache_clear()
