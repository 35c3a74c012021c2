r"""How to play a game, and first-game hints for its decisions: a game's help file, read.

A game may name a help file (``Game.help_file``, TOML beside its component data) in our own
words: the rules page as sections, each citing the rulebook section it retells by name
(``source``), with an optional small SVG diagram and an optional list taken from the game's
text module (``items``: a key of ``Game.help_items``, so card and token texts are written
once); and a hint per decision kind (``[hints.<kind>]``) with what the decision means and,
under ``options``, what an option does, keyed ``"field=value"`` on the option's JSON details
(or ``"field"``: any option that has that detail; ``"*"``: any option). The core reads the
file; the server and the page know a game's help only through :meth:`Game.how_to_play` and :meth:`Game.hint`.

A text may name a number of the game's packaged component data instead of writing it:
``{rules.combat_dice}``, ``{units.tank.cost}`` (a dotted name of ``Game.help_numbers()``),
filled in after the text is translated, so that the page reads right when the data changes
and a translation keeps the placeholder. Only such names are filled (never a format
expression), and a name the game does not give is refused (:class:`DataError`).

>>> data = parse_howto('''
... [[section]]
... heading = "Goal"
... source = "How do I win?"
... text = "Be first.\\n\\nOr score most."
... [hints.pick]
... text = "Choose a die."
... options = { "outcome=safe" = "Lands on safe ground.", "die" = "A die." }
... ''', "example")
>>> page(data, {})["sections"][0]["paragraphs"]
['Be first.', 'Or score most.']
>>> hint_for(data, "pick", [(3, {"die": 0, "outcome": "safe"}),
...                         (4, {"die": 1, "outcome": "accident"})])  # doctest: +NORMALIZE_WHITESPACE
{'text': 'Choose a die.', 'options': [{'text': 'Lands on safe ground.', 'actions': [3]},
                                      {'text': 'A die.', 'actions': [4]}]}
>>> hint_for(data, "program", []) is None
True
>>> fill("Roll {rules.dice} dice; {not a field}.", {"rules.dice": 3})
'Roll 3 dice; {not a field}.'
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from cosmodrome.core.errors import DataError
from cosmodrome.core.texts import number_word
from cosmodrome.i18n import current, gettext, svg_words  # data texts: extracted from the help file itself

#: a number of the game's data named in a text: a dotted name in braces (``{rules.combat_dice}``),
#: ``:word`` after it for the number in words where the sentence writes it so (``{rules.x:word}``:
#: "two cards", in the reader's language; :func:`cosmodrome.core.texts.number_word`)
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)+)(:word)?\}")
#: what a diagram may not contain: scripts, event handlers, outside references
_UNSAFE_SVG = re.compile(r"<script|<foreignObject|\son[a-z]+\s*=|href\s*=\s*[\"'](?!#)", re.IGNORECASE)


def parse_howto(text: str, where: str) -> dict[str, Any]:
    """A help file's TOML text, checked; :class:`DataError` names the first problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not valid TOML ({exc})") from None
    sections = data.get("section", [])
    if not isinstance(sections, list):
        raise DataError(f"{where}: 'section' must be an array of tables ([[section]])")
    for i, s in enumerate(sections):
        for key in ("heading", "source", "text"):
            if not isinstance(s.get(key), str) or not s[key].strip():
                raise DataError(f"{where}: section {i + 1} lacks {key!r} (text)")
        svg = s.get("svg")
        if svg is not None:
            if not isinstance(svg, str) or not svg.lstrip().startswith("<svg") or _UNSAFE_SVG.search(svg):
                raise DataError(f"{where}: section {i + 1} ({s['heading']}): 'svg' must be a plain <svg> drawing "
                                "without scripts, event handlers or outside links")
            if not isinstance(s.get("caption"), str) or not s["caption"].strip():
                raise DataError(f"{where}: section {i + 1} ({s['heading']}): a diagram needs a 'caption' "
                                "(its text alternative)")
    hints = data.get("hints", {})
    if not isinstance(hints, Mapping):
        raise DataError(f"{where}: 'hints' must be a table of decision kinds")
    for kind, h in hints.items():
        if not isinstance(h, Mapping) or not isinstance(h.get("text"), str):
            raise DataError(f"{where}: hints.{kind} lacks 'text'")
        opts = h.get("options", {})
        if not isinstance(opts, Mapping) or not all(isinstance(v, str) for v in opts.values()):
            raise DataError(f"{where}: hints.{kind}.options must map \"field=value\" to a text")
    return data


def fill(text: str, numbers: Mapping[str, Any]) -> str:
    """``text`` with each ``{dotted.name}`` replaced by that number of ``numbers`` (the game's
    :meth:`Game.help_numbers`), in words with ``:word`` (``{rules.x:word}``); other braces are
    left as they are. A name ``numbers`` lacks raises :class:`DataError`.

    >>> fill("draw {rules.n:word} cards, at most {rules.most}", {"rules.n": 2, "rules.most": 24})
    'draw two cards, at most 24'
    """
    def number(m: re.Match) -> str:
        if m.group(1) not in numbers:
            raise DataError(f"the help text names {{{m.group(1)}}}, a number the game does not give")
        value = numbers[m.group(1)]
        return number_word(value) if m.group(2) and isinstance(value, int) else str(value)
    return _PLACEHOLDER.sub(number, text) if "{" in text else text


def placeholders(data: Mapping[str, Any]) -> set[str]:
    """The dotted names a help file's texts ask for (its sections, intro and hints)."""
    texts = [data.get("intro", "")]
    for s in data.get("section", []):
        texts += [s["heading"], s["text"], s.get("caption", "")]
    for h in data.get("hints", {}).values():
        texts += [h["text"], *h.get("options", {}).values()]
    return {m.group(1) for t in texts for m in _PLACEHOLDER.finditer(t)}


@functools.cache
def load_howto(path: Path) -> dict[str, Any]:
    """The help file at ``path``, parsed and checked once (a package file, never a client's)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read the help file {Path(path).name}: {exc.strerror}") from None
    return parse_howto(text, Path(path).name)


def page(data: Mapping[str, Any], items: Mapping[str, Mapping[str, str]],
         numbers: Optional[Mapping[str, Any]] = None) -> dict[str, Any]:
    """The rules page as JSON: intro, rulebook and sections (paragraphs, diagram, listed items),
    the ``{dotted.name}`` numbers of the texts filled in from ``numbers`` (see :func:`fill`)."""
    numbers = numbers or _NO_NUMBERS
    out = []
    for s in data.get("section", []):
        sec = {"heading": fill(gettext(s["heading"]), numbers), "source": gettext(s["source"]),
               "paragraphs": [fill(gettext(p.strip()), numbers) for p in s["text"].split("\n\n") if p.strip()]}
        if s.get("svg"):
            sec["svg"], sec["caption"] = svg_words(s["svg"].strip()), fill(gettext(s["caption"]), numbers)
        if s.get("items"):
            if s["items"] not in items:
                raise DataError(f"the help section {s['heading']!r} lists {s['items']!r}, "
                                "which the game does not provide")
            sec["items"] = [[gettext(name), gettext(str(text))] for name, text in items[s["items"]].items()]
        out.append(sec)
    intro = data.get("intro", "")
    # the rulebook in words (its file, ``rulebook_file``, is the developers' and never shown)
    rulebook = data.get("rulebook", "")
    return {"rulebook": gettext(rulebook) if rulebook else "", "intro": fill(gettext(intro), numbers) if intro else "",
            "sections": out, "hints": sorted(data.get("hints", {}))}


def _matches(key: str, details: Mapping[str, Any]) -> bool:
    """Whether an option with JSON ``details`` fits the hint key ``field=value`` (or ``field``).

    >>> _matches("verb=pass", {"verb": "pass"}), _matches("verb=pass", {"verb": "move"}), _matches("die", {"die": 0})
    (True, False, True)
    """
    if key == "*":
        return True
    field, eq, value = key.partition("=")
    if field not in details:
        return False
    return not eq or str(details[field]) == value


def hint_for(data: Mapping[str, Any], kind: str, options: Iterable[tuple[int, Mapping[str, Any]]],
             numbers: Optional[Mapping[str, Any]] = None) -> Optional[dict[str, Any]]:
    """The hint of a decision of ``kind`` with ``options`` (action, JSON details): what it
    means, and what its options do, grouped by text in the order of the file's keys (the first
    key that fits an option wins), their numbers filled in from ``numbers`` (:func:`fill`).
    None when the file has no hint for ``kind``."""
    parts = _hint_parts(data, kind, numbers or _NO_NUMBERS)
    if parts is None:
        return None
    text, keys, words = parts
    groups: dict[int, list[int]] = {}
    for action, details in options:
        for i, key in enumerate(keys):
            if _matches(key, details):
                groups.setdefault(words[i][0], []).append(action)
                break
    return {"text": text, "options": [{"text": words[i][1], "actions": groups[i]} for i in sorted(groups)]}


#: (id of a help file's data, kind, language, id of the numbers) -> (that data, the numbers, the
#: hint's parts): a decision's hint is asked after every move, and its sentences are the same each time
#: (a game without numbers passes the one shared empty mapping, so that its hints hit the memo)
_HINT_PARTS: dict[tuple, tuple] = {}
#: the most hints the memo keeps (help files x kinds x languages x component sets); past it, it starts over
_HINT_PARTS_MAX = 4096
#: the numbers of a game whose help names none: one object, so that the memo's key is stable
_NO_NUMBERS: Mapping[str, Any] = {}


def _hint_parts(data: Mapping[str, Any], kind: str,
                numbers: Mapping[str, Any]) -> Optional[tuple[str, list[str], list[tuple[int, str]]]]:
    """The parts of the hint of ``kind`` in the current language: its text, its option keys
    and for each key (the index of its text's last key, by which the texts are listed; that
    text); None without a hint."""
    memo = (id(data), kind, current(), id(numbers))
    got = _HINT_PARTS.get(memo)
    if got is not None and got[0] is data and got[1] is numbers:
        return got[2]
    h = data.get("hints", {}).get(kind)
    parts = None
    if h is not None:
        pairs = list(h.get("options", {}).items())
        last = {t: i for i, (_, t) in enumerate(pairs)}  # a text's options are listed at its last key
        parts = (fill("\n\n".join(gettext(p.strip()) for p in h["text"].strip().split("\n\n")), numbers),
                 [k for k, _ in pairs], [(last[t], fill(gettext(t), numbers)) for _, t in pairs])
    if len(_HINT_PARTS) >= _HINT_PARTS_MAX:
        _HINT_PARTS.clear()
    _HINT_PARTS[memo] = (data, numbers, parts)
    return parts
