"""One Hungarian name for each of Walking on the Moon's terms (issue #29, a reader's findings):
the Earth Control counter ("EC", "Earth Control", "extra-chance counter" in English) is the
"FI-jelző" (Földi Irányítás) in options, log, hints, statistics, the glossary and the board; a
race position is an ordinal ("2."), never "#2"."""

from __future__ import annotations

import re

from hu_catalog import forms as _forms
from hu_catalog import messages as _messages
from test_i18n_leaks import texts_of

from cosmodrome import i18n

#: the English names of the Earth Control counter
EC = re.compile(r"\bEC\b|Earth Control|extra-chance", re.I)


def test_the_earth_control_counter_has_one_hungarian_name_in_the_catalog():
    named = [m for m in _messages() if any(EC.search(s) for s in _forms(m.id))]
    assert len(named) > 20
    other = [(m.id, s) for m in named for s in _forms(m.string) if not re.search(r"\bFI\b", s)]
    assert not other, other
    # the other names it once had in Hungarian, and the English abbreviation, are gone
    stray = [(m.id, s) for m in _messages() for s in _forms(m.string) if re.search(r"pótesély|\bEC\b", s)]
    assert not stray, stray


def test_a_moon_game_in_hungarian_names_the_counter_fi_everywhere():
    texts = texts_of("moon", 2, 3, advanced=True) + texts_of("moon", 7, 2)
    met = [t for t in texts if re.search(r"\bFI\b", t)]
    assert met, "the counter never came up"
    assert not [t for t in texts if re.search(r"\bEC\b|pótesély|Earth Control", t)]


def test_a_race_position_is_an_ordinal():
    with i18n.using("hu"):
        assert i18n._("race #{n}").format(n=2) == "2. helyezett a versenyben"
        assert i18n._("at the goal (#{n})").format(n=1) == "célban (1. helyezett)"
    assert not [m.id for m in _messages() for s in _forms(m.string) if "#{" in s]


def test_a_bot_is_a_bot_in_every_hungarian_message():
    """A reader's finding: the time-out line said "gép" (machine) where the table says "bot".
    Every message naming a bot calls it "bot" in Hungarian ("Egy gépen", hot-seat on one
    device, and "Gépi ellenfél", an AI opponent, are other words)."""
    bot = re.compile(r"\bbots?\b", re.I)
    named = [m for m in _messages() if any(bot.search(s) for s in _forms(m.id))]
    assert len(named) > 30
    machine = [(m.id, s) for m in named for s in _forms(m.string)
               if re.search(r"gép", re.sub(r"[Ee]gy gépen", "", s), re.I)]
    assert not machine, machine
    missing = [(m.id, s) for m in named for s in _forms(m.string) if not re.search(r"bot", s, re.I)]
    assert len(missing) < len(named) // 4, missing
