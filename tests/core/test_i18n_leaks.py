"""English words a Hungarian reader met inside the four games (issue #29's reading): a seeded
game of each, played with the reader's language set to Hungarian, shows none of them in its
prompts, option labels, hints, log, seat names or terminal table. The words are the ones found
(die names, counts of units, levels, missiles...); none is a Hungarian word too ("tank" is, and
is left out)."""

from __future__ import annotations

import random
import re

import pytest

from cosmodrome import i18n
from cosmodrome.core import get_game

#: English words that were shown to a Hungarian reader (none of them Hungarian as well)
LEAKS = frozenset("""die dice level empty bunker infantry hand pool pips pip ship ships missile missiles
    sentinels orange blue white black the which where build escalation pirates aliens alien lands gives
    second unit units planet surface orbit over limit held discard soviet union united states europe china japan
    appears friendly novice""".split())


def texts_of(game_name: str, seed: int, players: int, steps: int = 3000, **options) -> list[str]:
    """What a Hungarian reader reads of a seeded random game: every decision's prompt, labels
    and hint, every log line, the seats' names and the terminal table now and then."""
    g = get_game(game_name)
    s = g.new_state(players, seed=seed, options=options or None)
    rng = random.Random(seed)
    out: list[str] = []
    with i18n.using("hu"):
        out += [g.seat_name(p, players) for p in range(players)]
        out += [e.text for e in getattr(s, "initial_events", None) or []]
        n = 0
        while not s.is_terminal() and n < steps:
            d = s.decision()
            out.append(d.prompt)
            out += [o.label for o in d.options]
            out.append(str(g.hint(d) or ""))
            if n % 40 == 0:
                out.append(g.render_text(s.view(s.to_move()), s.to_move()))
            out += [e.text for e in s.apply(rng.choice(s.legal_actions()))]
            n += 1
        out.append(g.render_text(s.view(0), 0))
    return out


def english_in(texts) -> dict[str, str]:
    """Each leaked word with a text it was found in."""
    found: dict[str, str] = {}
    for t in texts:
        for m in re.finditer(r"[^\W\d_]+", t):
            if m.group().lower() in LEAKS:
                found.setdefault(m.group().lower(), t[max(0, m.start() - 60):m.end() + 60])
    return found


@pytest.mark.parametrize("game_name, players, seed, options", [
    ("moon", 2, 5, {}),              # two nations a seat ("Soviet Union & Europe")
    ("moon", 3, 2, {"advanced": True}),
    ("venus", 3, 11, {}),            # "0 infantry", "Build: which unit, where?", the escalation dice
    ("venus", 2, 4, {}),
    ("mars", 2, 6, {}),              # "blue die 1", "The fragmentation missile", "bunker"
    ("mars", 3, 1, {}),
    ("mars", 3, 6, {}),              # a teleported marine "appears"
    ("cosmic-run", 2, 3, {}),
    ("cosmic-run", 2, 4, {"friendly": True}),   # "Variants: friendly" in the terminal table
])
def test_a_hungarian_reader_meets_none_of_the_english_words_found(game_name, players, seed, options):
    found = english_in(texts_of(game_name, seed, players, **options))
    assert not found, found


def test_the_same_words_are_found_in_english():
    # the measure itself: an English reader of the same games meets them
    g = get_game("moon")
    assert set(english_in([g.seat_name(0, 2)])) == {"soviet", "union", "europe"}
    s = get_game("venus").new_state(3, seed=11)
    found = english_in([get_game("venus").render_text(s.view(0), 0)] + [s.decision().prompt])
    assert found, "an English Venus table holds none of the words"


def test_seat_names_of_the_moon_in_each_readers_language():
    g = get_game("moon")
    english = g.seat_name(0, 2)
    with i18n.using("hu"):
        hungarian = g.seat_name(0, 2)
    assert english == "Soviet Union & Europe" and hungarian == "Szovjetunió és Európa"


def test_venus_counts_of_infantry_take_plural_forms():
    from cosmodrome.games.venus.text import count_words

    assert [count_words("move_infantry", n) for n in (0, 1, 2)] == ["0 infantry", "1 infantry", "2 infantry"]
    assert count_words("move_ships", 2) == "2 spaceships" and count_words("move_ships", 1) == "1 spaceship"
    with i18n.using("hu"):
        assert [count_words("move_infantry", n) for n in (0, 1, 4)] == ["0 gyalogság", "1 gyalogság", "4 gyalogság"]
        assert count_words("move_ships", 2) == "2 űrcirkáló"


def test_card_titles_are_quoted_as_each_language_quotes():
    # English keeps its ASCII quotes; Hungarian writes „…” (the quotes are in the message)
    from cosmodrome.games.venus import GAME
    from cosmodrome.games.venus.text import card_words, tile_words

    s = GAME.new_state(3, seed=1)
    assert card_words(s.comp, 0).startswith("'") and card_words(s.comp, 0).endswith("'")
    with i18n.using("hu"):
        card, tile = card_words(s.comp, 0), tile_words(s.comp, s.planet_tiles[2][0] if s.planet_tiles[2] else 0)
        assert card.startswith("„") and card.endswith("”") and "'" not in card, card
        # a tile is named as the Hungarian edition names it: one word, unquoted ("laphúzólapka")
        assert re.fullmatch(r"\w+lapka( \(.*\))?", tile), tile
        assert i18n._("Play '{card}'") == "Kijátszás: „{card}”"


def test_mars_log_names_dice_and_missiles_in_the_readers_language():
    from cosmodrome.core import Event
    from cosmodrome.games.mars.text import dice_faces_w, die_w, says, shooter_w, shot_text

    e = Event("roll", says("{who} rolls again: {dice}.", who="X", dice=dice_faces_w([(0, 1), (4, 4)])))
    shot = Event("shot", (shot_text, (shooter_w("fragmentation"), 1, 0, 3, 1, (0,))))
    charm = Event("charm", says("{die} goes again.", die=die_w(3)))
    assert e.text == "X rolls again: blue die 1 1, black die 1 2!."
    assert shot.text.startswith("The fragmentation missile")
    with i18n.using("hu"):
        assert "1. kék kocka 1" in e.text and "blue" not in e.text, e.text
        assert shot.text.startswith("A repeszrakéta") and "missile" not in shot.text, shot.text
        assert "2. fehér kocka" in charm.text, charm.text


def test_mars_names_a_side_as_a_side_not_as_a_direction():
    """Hungarian says "from the right side" with "jobb" and "to the right" with "jobbra":
    the side a wave comes from is a word of its own (``side_word``), not the direction."""
    texts = [t for t in texts_of("mars", 3, 2, steps=400) if "oldal" in t]
    waves = [t for t in texts if "Hullám" in t or "rohan be" in t]
    assert waves, texts[:5]
    for t in waves:
        assert "jobbra oldal" not in t and "balra oldal" not in t and "a(z) " not in t.split("oldal")[0][-12:], t
        assert "bal oldal" in t or "jobb oldal" in t, t
    from cosmodrome.core import Event
    from cosmodrome.games.mars.text import Word, says, side_word
    e = Event("wave", says("{n} aliens storm into the Landing Zone from the {side}.", n=2, side=Word(side_word, 1)))
    assert e.text == "2 aliens storm into the Landing Zone from the right."
