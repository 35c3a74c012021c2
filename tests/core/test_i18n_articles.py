"""Hungarian's definite article (issue #29, a reader's finding): "az" before a vowel sound, "a"
before a consonant. A catalog's sentence names the word its article goes with (``{n:az}``), and
the article is chosen when the sentence is written, for the word as the reader reads it; no
msgstr hedges with "a(z)"."""

from __future__ import annotations

import re

from hu_catalog import forms as _forms
from hu_catalog import messages as _messages

from cosmodrome import i18n
from cosmodrome.games.cosmic_run.text import says_n
from cosmodrome.i18n import N_, article, says

FIELD = re.compile(r"(?<!\{)\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")


def test_no_msgstr_hedges_with_a_z():
    # nor a guided game's label pattern ("tour pick") that matched the hedge ("a.z.")
    hedged = [m.id for m in _messages() if any(re.search(r"\b[aA](?:\(z\)|\.z\.)", s) for s in _forms(m.string))]
    assert not hedged, hedged


def test_an_articled_field_is_a_field_of_the_english_text():
    # {x:az} names a field the English gives: the article goes with a value the code fills in
    bad = []
    for m in _messages():
        english = {f for s in _forms(m.id) for f in FIELD.findall(s)}
        for s in _forms(m.string):
            for name in re.findall(r"\{(\w+)(?:![rs])?:[aA]z\}", s):
                if name not in english:
                    bad.append((m.id, name))
    assert not bad, bad
    assert sum(":az}" in s or ":Az}" in s for m in _messages() for s in _forms(m.string)) > 50


def test_the_article_of_words_and_numbers_as_they_are_read():
    vowel = [1, 5, 50, 500, 1000, 1500, 5000, 1_000_000, "1\u00a0234", "alma", "Ében", "ötödik", "„Űr”", "'Anna'", "S",
             "FS", "ezer"]
    consonant = [0, 2, 3, 10, 12, 15, 100, 150, 200, 10_000, 15_000, 100_000, "Béla", "kék", "'minutes'", "Zorlord",
                 "T", "KB"]
    assert [article(x) for x in vowel] == ["az"] * len(vowel), [(x, article(x)) for x in vowel]
    assert [article(x) for x in consonant] == ["a"] * len(consonant), [(x, article(x)) for x in consonant]


def test_sentences_take_the_article_of_the_word_filled_in():
    with i18n.using("hu"):
        period = i18n._("Period {n} begins.")
        assert period.format(n=1) == "Kezdődik az 1. periódus."
        assert period.format(n=2) == "Kezdődik a 2. periódus."
        assert period.format(n=5) == "Kezdődik az 5. periódus."
        assert period.format(n=10) == "Kezdődik a 10. periódus."
        # a quoted name ({name!r:az}) takes the article of the name inside the quotes
        training = i18n._("components: training card {name!r} needs two abilities and two texts")
        assert "az 'Ottó' kiképzéskártyának" in training.format(name="Ottó")
        assert "a 'Béla' kiképzéskártyának" in training.format(name="Béla")
        # a log sentence written when read, and a plural one
        fn, args = says("Round {n} begins.", n=1)
        assert fn(*args) == "Kezdődik az 1. forduló."
        fn, args = says_n(N_("Round {r} begins: {n} mine roll."), N_("Round {r} begins: {n} mine rolls."), 2, r=3)
        assert fn(*args) == "Kezdődik a 3. forduló: 2 aknadobás."
        # at the start of a sentence: capitalised
        text = i18n._("The rules of {title} changed under this game (from version {old} to {new}): it goes on from "
                      "its last position under the new rules. The log and replay before this line show the game as it "
                      "was played.")
        assert text.format(title="Irány a Vénusz!", old=1, new=2).startswith("Az Irány a Vénusz! szabályai")
        assert text.format(title="Holdséta", old=1, new=2).startswith("A Holdséta szabályai")
    # English is untouched
    assert i18n._("Period {n} begins.").format(n=1) == "Period 1 begins."
