"""The Hungarian words of March on Mars and Walking on the Moon (issue #29, a Hungarian
reader's report): one name for each thing, in every place the catalog writes it (the table,
the log, the options, the rules page, About, the lobby), and none taken from another game.

- Mars: the "Sniper" training is "Mesterlövész", not the Venus card's "Gyalogság
  elpusztítása" (the English word is the same: each game has its own entry); the marines are
  "tengerészgyalogos", the threat level "rendes", the base's hits "bázistalálat", the red
  aliens "vörös", the injector "Erőnövelő injektor", an action "akció" (a "lépés" is the
  table's move), the eight rounds' end "letelt a nyolc forduló"; a log sentence begins with
  the article before a marine's name.
- Moon: the box the lap starts and ends in is the "rajtmező"; a safe box is "karikás" (a
  "kör" is a player's turn); the move's option reads as Hungarian.
- Both: a game round is a "forduló"."""

from __future__ import annotations

import random
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from hu_catalog import catalog

from cosmodrome import i18n
from cosmodrome.core import get_game

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "t": None, "tr": None,
            "tn": (1, 2), "says": None}


def messages_of(game: str) -> dict[tuple, str]:
    """The game's own messages (its code, its page's renderer, its help and component files),
    each (context, English) with its Hungarian; a plural as its forms joined."""
    js = "moon" if game == "moon" else "mars"
    method_map = [(f"src/cosmodrome/games/{game}/**.py", "python"),
                  (f"src/cosmodrome/web/js/renderers/{js}.js", "javascript"),
                  (f"src/cosmodrome/games/{game}/howto.toml", "cosmodrome.i18n:extract_toml"),
                  (f"src/cosmodrome/games/{game}/components.toml", "cosmodrome.i18n:extract_toml")]
    options = {f"src/cosmodrome/games/{game}/components.toml": {"keys": "name abilities"} if game == "mars" else {}}
    cat = catalog()
    out: dict[tuple, str] = {}
    for _fn, _line, msg, _comments, ctx in extract_from_dir(str(ROOT), method_map, options, keywords=KEYWORDS):
        english = msg if isinstance(msg, str) else msg[0]
        entry = cat.get(english, context=ctx)
        assert entry is not None, (ctx, english)
        text = entry.string if isinstance(entry.string, str) else " | ".join(entry.string)
        out[(ctx, english)] = text
    return out


def played(game: str, seed: int, players: int, steps: int = 4000, **options) -> tuple[list[str], list[str]]:
    """A seeded game played by a random bot, read in Hungarian: (the log's lines, the
    decisions' prompts and option labels)."""
    g = get_game(game)
    s = g.new_state(players, seed=seed, options=options or None)
    rng = random.Random(seed)
    log: list[str] = []
    asked: list[str] = []
    with i18n.using("hu"):
        log += [e.text for e in getattr(s, "initial_events", None) or []]
        n = 0
        while not s.is_terminal() and n < steps:
            d = s.decision()
            asked.append(d.prompt)
            asked += [o.label for o in d.options]
            log += [e.text for e in s.apply(rng.choice(s.legal_actions()))]
            n += 1
    return log, asked


KOR = re.compile(r"\b[kK]ör(?!ül|be\b|ny)")  # kör, körben, körön... (not körül, körbe: around)
TURN = re.compile(r"\bturns?\b", re.I)


def more_kor_than_turns(english: str, hu: str) -> bool:
    """Whether the Hungarian says "kör" for more than the English's turns (a round or a circle
    written "kör"); a plural's Hungarian is its forms joined, each the sentence again."""
    forms = hu.count(" | ") + 1
    return len(KOR.findall(hu)) > len(TURN.findall(english)) * forms


# ----- March on Mars -------------------------------------------------------------------

def test_mars_sniper_training_has_its_own_name_not_the_venus_cards():
    cat = catalog()
    mars, venus = cat.get("Sniper", context="March on Mars"), cat.get("Sniper")
    assert mars is not None and mars.string == "Mesterlövész"
    assert venus.string == "Gyalogság elpusztítása"  # the Hungarian edition's card
    from cosmodrome.games.mars.text import name_word
    from cosmodrome.games.venus.text import CARD_TEXT
    with i18n.using("hu"):
        assert name_word("Sniper") == "Mesterlövész" and name_word("Drone") == "Drón"
        assert i18n.gettext(CARD_TEXT["kill_infantry"][0]) == "Gyalogság elpusztítása"
    with i18n.using("en"):
        assert name_word("Sniper") == "Sniper"


def test_mars_training_decision_offers_the_sniper_by_its_mars_name():
    g = get_game("mars")
    for seed in range(12):
        s = g.new_state(2, seed=seed)
        with i18n.using("hu"):
            d = s.decision()
            words = " ".join([d.prompt] + [o.label for o in d.options])
        with i18n.using("en"):
            english = s.decision().prompt
        if "Sniper" in english:
            assert "Mesterlövész" in words and "Gyalogság" not in words, words
            return
    raise AssertionError("no seed from 0 to 11 offers the Sniper training at the start")


#: names a Hungarian reader met two ways, each with the one kept
MARS_REJECTED = {
    "űrgyalogos": "tengerészgyalogos",
    "Normál": "Rendes (the threat level)",
    "Bázissérülés": "Bázistalálatok",
    "bázis sérülés": "bázistalálat",
    "piros": "vörös (the aliens' colour)",
    "erőinjekció": "Erőnövelő injektor",
    "lejárt az idő": "letelt a nyolc forduló (a clock's time-out reads so)",
    "repesz rakéta": "repeszrakéta",
    "átütő rakéta": "átütőrakéta",
}


def test_mars_names_each_thing_one_way_in_every_message():
    found = {bad: english for (_ctx, english), hu in messages_of("mars").items()
             for bad in MARS_REJECTED if bad.lower() in hu.lower()}
    assert not found, found


def test_mars_action_slots_are_actions_not_moves():
    with i18n.using("hu"):
        assert i18n.gettext("action {n}").format(n=2) == "2. akció"
        assert i18n.gettext("Action {n}").format(n=2) == "2. akció"


def test_mars_and_moon_rounds_are_fordulo_never_kor():
    for game in ("mars", "moon"):
        wrong = {english: hu for (_ctx, english), hu in messages_of(game).items()
                 if re.search(r"\bround(s|'s)?\b(?! a ring)", english) and more_kor_than_turns(english, hu)}
        assert not wrong, (game, wrong)
    with i18n.using("hu"):
        assert i18n.gettext("Round {round} of {rounds}").format(round=1, rounds=8) == "1/8. forduló"
        assert i18n.gettext("Round {n}").format(n=15) == "15. forduló"
        assert "forduló" in i18n.gettext("defeat: out of time")


MARINE = re.compile(r"^(Vörös|Kék|Zöld|Sárga|Fehér) tengerészgyalogos")


def test_mars_log_sentences_begin_with_the_article_before_a_marine():
    log, _asked = played("mars", seed=3, players=3)
    bare = [line for line in log if MARINE.match(line)]
    assert not bare, bare[:5]
    articled = [line for line in log if re.match(r"^A (Vörös|Kék|Zöld) tengerészgyalogos ", line)]
    assert len(articled) > 20, log[:20]
    shots = [line for line in log if "lövése:" in line]
    assert shots and all(re.match(r"^(A|Az) ", line) for line in shots), shots[:5]


def test_a_mars_re_roll_reads_as_a_sentence_not_a_list():
    """A re-roll names who, thanks to what, which die and what it shows in one sentence (it read
    "A … újradobja ezt: 1. fehér kocka, hála neki: egy társ: 3.")."""
    lines = []
    for seed in range(60):
        log, _asked = played("mars", seed=seed, players=2, steps=600)
        lines += [line for line in log if "újradob" in line]
        if len(lines) >= 3:
            break
    assert lines
    for line in lines:
        assert re.match(r"^(A|Az) \S.* jóvoltából újradob egy kockát \(\d+\. \w+ kocka\): ", line), line
        assert "ezt:" not in line and "hála neki" not in line, line


# ----- Walking on the Moon -------------------------------------------------------------

def test_moon_start_box_is_the_rajtmezo_everywhere():
    msgs = messages_of("moon")
    assert not {e: hu for (_c, e), hu in msgs.items() if "célmező" in hu}
    for (_ctx, english), hu in msgs.items():
        if "goal box" in english:
            assert "rajtmező" in hu, (english, hu)
    assert msgs[("moon board", "goal")] == "rajt"
    from cosmodrome.games.moon.text import place_name
    s = get_game("moon").new_state(2, seed=1)
    with i18n.using("hu"):
        assert place_name(s, 0, 1) == "a rajtmező"


def shared_page_messages() -> dict[tuple, str]:
    """The messages of the guided games and the table's own words (every game's)."""
    cat = catalog()
    out: dict[tuple, str] = {}
    method_map = [("src/cosmodrome/web/js/tours.js", "javascript"), ("src/cosmodrome/web/js/table.js", "javascript")]
    for _fn, _line, msg, _comments, ctx in extract_from_dir(str(ROOT), method_map, {}, keywords=KEYWORDS):
        english = msg if isinstance(msg, str) else msg[0]
        entry = cat.get(english, context=ctx)
        out[(ctx, english)] = entry.string if isinstance(entry.string, str) else " | ".join(entry.string)
    return out


#: the Moon's (and Mars's) circled boxes, in English (Cosmic Run's circles are another thing)
CIRCLED_BOX = re.compile(r"\bbox(es)? (with|without) a circle|\bland(s|ing)? on a circle|\bcircled? box", re.I)


def test_moon_safe_boxes_are_karikas_never_kor():
    wrong = {english: hu for game in ("moon", "mars") for (_ctx, english), hu in messages_of(game).items()
             if re.search(r"\bcircle", english) and more_kor_than_turns(english, hu)}
    wrong.update({english: hu for (_ctx, english), hu in shared_page_messages().items()
                  if CIRCLED_BOX.search(english) and more_kor_than_turns(english, hu)})
    assert not wrong, wrong


def test_moon_move_options_read_as_hungarian():
    _log, asked = played("moon", seed=2, players=2, steps=300)
    moves = [a for a in asked if "lépés (" in a]
    assert moves, asked[:20]
    for label in moves:
        assert re.match(r"^\d\. (kék|fehér|fekete) kocka – \S+ lépés \(", label), label
        assert " ide: " not in label and "célmező" not in label, label


def test_moon_rules_page_and_sabotage_line_read_as_hungarian():
    msgs = messages_of("moon")
    assert not [hu for hu in msgs.values() if " a alatta" in hu]
    assert any("az alatta lévő karikás mezőre" in hu for hu in msgs.values())
    with i18n.using("hu"):
        line = i18n.gettext("{name} sabotages {other}: a handicap counter.").format(name="Kína", other="Európa")
    assert line == "Kína szabotál: Európa egy hátrányjelzőt kap."


def test_moon_rules_page_names_the_deck_the_game_deals():
    """RB "Action cards" and its component list: 24 cards, the eight effects; the rules page
    and the lobby's option say what the game deals (one card to each player at the start),
    with the numbers of the component data, in English and in Hungarian."""
    from cosmodrome.games.moon.components import load_components
    comp = load_components()
    assert len(comp.action_deck) == 24 and len(comp.actions) == 8
    assert {comp.action_deck.count(k) for k in range(8)} == {3}
    game = get_game("moon")

    def deck_paragraph() -> str:
        page = game.how_to_play()
        return next(x for x in page["sections"] if x["source"] == i18n.gettext("Advanced rules: Action cards"))[
            "paragraphs"][-1]

    def option() -> str:
        return next(o for o in game.options if o.name == "advanced").describe()

    text = deck_paragraph()
    assert "left out" not in text and "all eight cards, three of each: 24 cards" in text, text
    assert "the 24 action cards" in option()
    for players in (2, 3, 5):
        s = game.new_state(players, seed=1, options={"advanced": True})
        assert s.view(0)["cards"]["deck"] == 24 - players
    with i18n.using("hu"):
        hu, hu_option = deck_paragraph(), option()
    assert "(nyolcféle)" in hu and "három példányban: 24 kártya" in hu and "kimarad" not in hu, hu
    assert "akciókártyák (összesen 24)" in hu_option
