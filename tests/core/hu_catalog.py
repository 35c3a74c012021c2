"""The Hungarian catalog as the word tests read it (babel's reader, one place)."""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cosmodrome import i18n

PO = i18n.LOCALE_DIR / "hu" / "LC_MESSAGES" / "cosmodrome.po"


def catalog() -> Catalog:
    """The Hungarian catalog as written (msgids, contexts, msgstrs, plural forms)."""
    with open(PO, "rb") as f:
        return read_po(f, locale="hu")


def messages() -> list:
    """Every message of the catalog (the header left out)."""
    return [m for m in catalog() if m.id]


def forms(x) -> list[str]:
    """A message's id or string as a list: its plural forms, or the one text."""
    return list(x) if isinstance(x, (list, tuple)) else [x]
