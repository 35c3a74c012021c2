"""References into the docs resolve: a code comment or docstring citing a section of a doc
(``docs/SERVER.md, "Seats"``) names a heading that exists (or the part of one before its colon:
``"Hooks"`` for "Hooks: how a game's upper modules plug into its state"), and every relative link in the
README and docs/ points at a file that exists (and, with ``#anchor``, at one of its headings).

Docs are references that get rewritten; a citation or link left pointing at a heading that was
renamed sends a newcomer nowhere.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CITATION = re.compile(r'docs/([\w/-]+\.md)(?:,\s*|\s+)(?:#\s*)?"([^"\n]+)"')
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


@cache
def headings(doc: Path) -> tuple[str, ...]:
    text = re.sub(r"^```.*?^```", "", doc.read_text(encoding="utf-8"), flags=re.M | re.S)
    return tuple(m.group(1) for m in HEADING.finditer(text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def sources() -> list[Path]:
    return sorted(p for folder in ("src", "tests", "bench") for p in (ROOT / folder).rglob("*.py"))


def docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_slug_follows_github():
    assert slug("Chat, records and replays") == "chat-records-and-replays"
    assert slug("The socket, the pages and the API's description") == "the-socket-the-pages-and-the-apis-description"
    assert slug("`bench/server_load.py`: under load") == "benchserver_loadpy-under-load"


def test_every_cited_doc_section_exists():
    missing = []
    for path in sources():
        for m in CITATION.finditer(path.read_text(encoding="utf-8")):
            doc, section = ROOT / "docs" / m.group(1), m.group(2)
            if not doc.is_file():
                missing.append(f"{path.relative_to(ROOT)}: docs/{m.group(1)} does not exist")
            elif section.lower() not in {t.lower() for h in headings(doc) for t in (h, h.split(":")[0])}:
                missing.append(f"{path.relative_to(ROOT)}: docs/{m.group(1)} has no heading {section!r}")
    assert not missing, "\n".join(missing)


def test_the_citation_pattern_finds_citations():
    here = 'see docs/SERVER.md, "Seats" and docs/ARCHITECTURE.md "Hooks" and docs/rulings/venus.md", "'
    assert [m.groups() for m in CITATION.finditer(here)] == [("SERVER.md", "Seats"), ("ARCHITECTURE.md", "Hooks")]


@pytest.mark.parametrize("doc", docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(doc):
    text = re.sub(r"^```.*?^```", "", doc.read_text(encoding="utf-8"), flags=re.M | re.S)
    broken = []
    for m in LINK.finditer(text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target) or target.startswith("/"):
            continue  # a URL, or a path on the running server
        file, _, anchor = target.partition("#")
        dest = (doc.parent / file).resolve() if file else doc
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in {slug(h) for h in headings(dest)}:
            broken.append(f"{target}: no heading with that anchor")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)
