"""No file path reaches a player (issue #29, a Hungarian reader's finding): the how-to pages
name the rulebook and its sections in words, and "About this game" (the reconstructed entries'
sources and notes) names our rulings and the component sheets in words, in English and in
Hungarian; the files they come from stay in the data files' comments."""

from __future__ import annotations

import re

import pytest

#: a repository or file path: "../shared/rules/x.md", "docs/rulings/venus.md", "venus-components.md"
PATH = re.compile(r"\.\./|\b(?:docs|shared|rules|src)/|\b[\w-]+\.(?:md|txt|toml|py|json)\b")
GAMES = ("venus", "cosmic-run", "moon", "mars")


def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_rules_pages_and_about_this_game_name_no_file(client, lang):
    headers = {"Accept-Language": lang}
    for name in GAMES:
        page = client.get(f"/api/game-types/{name}/how-to-play", headers=headers).json()
        shown = [s for s in strings({k: v for k, v in page.items() if k != "sections"}) if PATH.search(s)]
        for sec in page["sections"]:
            shown += [s for s in strings({k: v for k, v in sec.items() if k != "svg"}) if PATH.search(s)]
        assert shown == [], (name, lang, shown)
        assert ("szabálykönyv" if lang == "hu" else "rulebook") in page["rulebook"], page["rulebook"]
    types = client.get("/api/game-types", headers=headers).json()["games"]
    assert sum(len(t.get("reconstructed", {}).get("sections", [])) for t in types) > 4
    for t in types:
        about = [s for s in strings(t.get("reconstructed") or {}) if PATH.search(s)]
        about += [s for s in strings(t.get("description") or "") if PATH.search(s)]
        assert about == [], (t["name"], lang, about)


def test_the_rules_pages_sentence_names_no_folder():
    """The rules page's own closing sentence (web/js/rules.js), in each catalog."""
    from pathlib import Path

    from cosmodrome import i18n

    js = (Path(i18n.__file__).parent / "web" / "js" / "rules.js").read_text(encoding="utf-8")
    said = [m.group(1) for m in re.finditer(r't\("([^"]*)"', js)]
    assert said and not [s for s in said if PATH.search(s)], said
    hu = i18n.catalog("hu")["messages"]
    assert not [hu[s] for s in said if s in hu and PATH.search(hu[s])]
