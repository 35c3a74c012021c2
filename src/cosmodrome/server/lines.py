"""The server's own lines in a game's log (docs/SERVER.md, "Languages").

A server line (a clock ran out, a seat taken back, the rules changed under a game, a bot that
failed and the random move played for it) is stored in
English, as every stored text is, so that a record stays language-free; each reader reads it in
their own language: :func:`read` finds which of the templates below wrote a stored line and
writes it again in the language of the current context. A line no template wrote (older
servers' wording) reads as it was stored.

>>> line = write(BACK, who="Ada", seat="Red")
>>> line
'Ada is back and plays Red again.'
>>> read(line) == line   # an English reader
True
>>> from cosmodrome import i18n
>>> with i18n.using("hu"):
...     read(line) != line and "Ada" in read(line) and "Red" in read(line)
True
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Collection, Iterable, Optional, Sequence

from cosmodrome import i18n
from cosmodrome.i18n import N_

TIMED_OUT_TEAM_LOST = N_("{who} ran out of time: the game is over and the team lost.")
TIMED_OUT_SEAT_LOSES = N_("{who} ran out of time: the game is over and {seat} loses.")
TIMED_OUT_BOT_PLAYS = N_("{who} ran out of time: a bot ({level}) plays for {seat} until its player takes the "
                         "seat back.")
BACK = N_("{who} is back and plays {seat} again.")
RULES_CHANGED_DROPPED = N_("The rules of {title} changed under this game (from version {old} to {new}) and this "
                           "game was stored without its positions: it goes on after move {n}, the last one that is "
                           "legal under the new rules; the {dropped} move(s) after it could not be kept.")
RULES_CHANGED_REPLAYED = N_("The rules of {title} changed under this game (from version {old} to {new}) and this "
                            "game was stored without its positions: its moves were replayed under the new rules, "
                            "and it goes on from where they lead.")
RULES_CHANGED = N_("The rules of {title} changed under this game (from version {old} to {new}): it goes on from "
                   "its last position under the new rules. The log and replay before this line show the game as "
                   "it was played.")
NOT_REPLAYED = N_("This game's moves could not be replayed by the server's version of {title}: it goes on from "
                  "its last stored position.")
#: a bot's decision that gave no usable action (server/hall_bots.py): the note stored with the
#: random move played instead
BOT_TOO_LONG = N_("The bot of {seat} took too long (it thought longer than the {limit} s limit); a random legal "
                  "move was played for it instead.")
BOT_PROCESS_DIED = N_("The bot of {seat} crashed (its worker process died); a random legal move was played for it "
                      "instead.")
BOT_NO_PROCESS = N_("The bot of {seat} crashed (no bot worker process could be started); a random legal move was "
                    "played for it instead.")
BOT_ILLEGAL = N_("The bot of {seat} failed (it chose {action}, which is not a legal option now); a random legal move "
                 "was played for it instead.")
BOT_FAILED = N_("The bot of {seat} failed ({error}); a random legal move was played for it instead.")

#: (the first template a stored line matches reads it: the general ones after the specific ones)
TEMPLATES = (TIMED_OUT_TEAM_LOST, TIMED_OUT_SEAT_LOSES, TIMED_OUT_BOT_PLAYS, BACK, RULES_CHANGED_DROPPED,
             RULES_CHANGED_REPLAYED, RULES_CHANGED, NOT_REPLAYED, BOT_TOO_LONG, BOT_PROCESS_DIED, BOT_NO_PROCESS,
             BOT_ILLEGAL, BOT_FAILED)
#: arguments that are words of ours (a game's title), read in the reader's language too
WORDS = ("title",)
#: the bot levels that people call by a name of their own: the one table of these words, for the
#: server's lines and for the page (``GET /api/i18n`` sends :func:`level_words`; ``botLabel`` in
#: web/js/api.js writes each name through the catalog)
LEVEL_WORDS = {"random": N_("Random"), "heuristic": N_("Easy")}
#: a searching bot's level by its budget: below the first bound Medium, below the second Hard,
#: else Expert (the table's budgets are seconds a move, the design lab's game playouts)
SEARCH_WORDS = (N_("Medium"), N_("Hard"), N_("Expert"))
SECONDS_BOUNDS = (0.5, 2.0)
PLAYOUT_BOUNDS = (200, 1000)


def _search_level(spec: str) -> Optional[str]:
    """The English word of a searching bot's level (``ismcts:seconds=1``: Hard), None for a
    spec that is not a search with one budget."""
    m = re.fullmatch(r"ismcts(?::(seconds|iters)=([0-9.]+))?", spec)
    if m is None:
        return None
    kind, amount = m.group(1) or "seconds", float(m.group(2) or 1)
    low, high = SECONDS_BOUNDS if kind == "seconds" else PLAYOUT_BOUNDS
    return SEARCH_WORDS[0 if amount < low else 1 if amount < high else 2]


def level_word(spec: str, translate: bool = True) -> str:
    """A bot level as people call it, in the current language (``heuristic``: Easy; a search
    by its budget, ``ismcts:seconds=1``: Hard); a spec without a name as it is. English with
    ``translate=False``.

    >>> level_word("heuristic"), level_word("ismcts:seconds=1"), level_word("ismcts:iters=100")
    ('Easy', 'Hard', 'Medium')
    >>> level_word("mybots:Agent")
    'mybots:Agent'
    """
    word = LEVEL_WORDS.get(spec) or _search_level(spec) or spec
    return i18n.gettext(word) if translate else word


def level_words(specs: Iterable[str]) -> dict[str, str]:
    """Each of ``specs`` with a name of its own, named in English (the page reads the names
    through its catalog): what ``GET /api/i18n`` sends as ``levels``."""
    out = {}
    for spec in specs:
        word = level_word(spec, translate=False)
        if word != spec:
            out[spec] = word
    return out


def level_spec(word: str) -> str:
    """The spec of a bot level named by its word, in English or the current language, any case
    (``easy``, ``Könnyű``: heuristic); a spec, or a word no level has, as it is.

    >>> level_spec("easy"), level_spec("heuristic"), level_spec("hard"), level_spec("ismcts:seconds=1")
    ('heuristic', 'heuristic', 'ismcts:seconds=1', 'ismcts:seconds=1')
    """
    from cosmodrome.server.seatbots import DEFAULT_LEVELS  # the levels the table offers

    wanted = word.casefold()
    for spec, name in level_words([*LEVEL_WORDS, *DEFAULT_LEVELS]).items():
        if wanted in (name.casefold(), i18n.gettext(name).casefold()):
            return spec
    return word


def write(template: str, **args: Any) -> str:
    """The line ``template`` with ``args``, as it is stored: in English."""
    return template.format(**args)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern], ...]:
    out = []
    for tpl in TEMPLATES:
        parts = re.split(r"\{(\w+)\}", tpl)
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((tpl, re.compile(rx, re.S)))
    return tuple(out)


def seat_word(value: str, seats: Sequence[tuple[Collection[str], str]]) -> Optional[str]:
    """A stored name of a seat in the reader's language: ``value`` is a seat's name ("British
    Empire (red)") or a person's name with it ("Ada (British Empire (red))"), ``seats`` each
    seat's names as a stored line may write them (in any language) with its name for the
    reader; None when ``value`` names none of them.

    >>> seats = [({"Player 1", "1. játékos"}, "1. játékos")]
    >>> seat_word("Player 1", seats), seat_word("Ada (Player 1)", seats), seat_word("Ada", seats)
    ('1. játékos', 'Ada (1. játékos)', None)
    """
    for forms, name in seats:
        for form in forms:
            if value == form:
                return name
            if value.endswith(f" ({form})"):
                return f"{value[:-len(form) - 3]} ({name})"
    return None


def _word(key: str, value: str, seats: Sequence[tuple[Collection[str], str]] = ()) -> str:
    """An argument of a stored line in the reader's language: a game's title, a seat's name
    (``seats``, as :func:`seat_word` reads them; else a default "Player 2"); a person's name
    as it is."""
    if key in WORDS:
        return i18n.gettext(value)
    if key == "level":  # "heuristic" in lines stored before levels had names, "Easy" since
        return level_word(value)
    named = seat_word(value, seats)
    return default_seat(value) if named is None else named


def default_seat(name: str) -> str:
    """A seat's name in the current language where it is a default one ("Player 2", as games
    without names of their own call their seats); any other name as it is.

    >>> default_seat("Player 2"), default_seat("Ada")
    ('Player 2', 'Ada')
    """
    seat = re.fullmatch(r"Player (\d+)", name)
    return i18n.gettext("Player {n}").format(n=seat.group(1)) if seat else name


def read(text: str, seats: Sequence[tuple[Collection[str], str]] = ()) -> str:
    """A stored server line in the current context's language (as stored for English, or for a
    line no template of ours wrote); ``seats``: the game's seats' names (:func:`seat_word`)."""
    if i18n.current() == i18n.SOURCE or not text:
        return text
    for tpl, rx in _patterns():
        m = rx.fullmatch(text)
        if m:
            args = {k: _word(k, v, seats) for k, v in m.groupdict().items()}
            return i18n.gettext(tpl).format(**args)
    return text
