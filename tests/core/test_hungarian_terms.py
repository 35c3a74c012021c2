"""One Hungarian name for each of Walking on the Moon's terms (issue #29, a reader's findings):
the Earth Control counter ("EC", "Earth Control", "extra-chance counter" in English) is the
"FI-jelző" (Földi Irányítás) in options, log, hints, statistics, the glossary and the board; a
race position is an ordinal ("2."), never "#2"."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po
from test_i18n_leaks import texts_of

from cosmodrome import i18n

PO = i18n.LOCALE_DIR / "hu" / "LC_MESSAGES" / "cosmodrome.po"
#: the English names of the Earth Control counter
EC = re.compile(r"\bEC\b|Earth Control|extra-chance", re.I)


def _messages():
    with open(PO, "rb") as f:
        return [m for m in read_po(f, locale="hu") if m.id]


def _forms(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


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
