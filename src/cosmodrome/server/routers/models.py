"""The API's request and response models (pydantic), as ``/docs`` and ``/openapi.json``
describe them.

Requests: a number is a JSON whole number (``true`` is not 1), a flag is JSON ``true`` or
``false``; a field the hall checks itself (a name, a chat line, options, seats, a clock) is
documented with its type here and checked there, so its sentence (and status) stay the
hall's. Answers: each model names the fields the page reads; an answer may carry more
(``extra="allow"``: a game's view, log and decision are the game's own JSON).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, WithJsonSchema

from cosmodrome.i18n import N_
from cosmodrome.server.routers.errors import Says


def checked_by_hall(schema: dict[str, Any], description: str) -> Any:
    """A field documented as ``schema`` whose value the hall checks (with its own sentence)."""
    return Annotated[Any, WithJsonSchema(dict(schema, description=description))]


WholeNumber = StrictInt
Flag = Optional[StrictBool]
Token = checked_by_hall({"type": "string"}, "the seat's token (or the X-Cosmodrome-Token header)")


class Request(BaseModel):
    """A request body: a JSON object; keys the server does not know are ignored."""

    model_config = ConfigDict(extra="ignore")


class Answer(BaseModel):
    """An answer: the fields listed, and possibly more."""

    model_config = ConfigDict(extra="allow")


class Ok(Answer):
    ok: bool = True


# ----- games ----------------------------------------------------------------------------------
class SeatSpec(Answer):
    """A seat asked for at creation: ``{"kind": "human"}`` (``"open": false`` keeps it for
    someone the creator invites) or ``{"kind": "bot", "bot": level}``."""

    kind: Literal["human", "bot"]
    bot: Optional[str] = None
    open: Optional[bool] = None


class NewGame(Request):
    game: StrictStr = Field(description=N_("a game type name"))
    players: WholeNumber = Field(description=N_("a whole number"))
    seed: Optional[WholeNumber] = Field(None, description=N_("a whole number; a chosen seed makes the game unrated"))
    public: Flag = Field(None, description=N_("listed in the lobby, its free seats open to strangers"))
    rated: Flag = Field(None, description=N_("its result updates ratings"))
    options: checked_by_hall({"type": "object"}, "the game's options (names and values)") = None
    seats: checked_by_hall({"type": "array", "items": SeatSpec.model_json_schema()},
                           "one seat per player, each a person's or a bot's") = None
    clock: checked_by_hall({"type": "object"}, "the clock: realtime (minutes, increment) or turn (days)") = None
    chat: checked_by_hall({"type": "string", "enum": ["players", "all", "off"]}, "who may chat") = None


class SeatLink(Answer):
    seat: int
    name: str
    kind: str
    bot: Optional[str] = None
    token: Optional[str] = None
    link: Optional[str] = None
    open: Optional[bool] = None


class Links(Answer):
    """A new game's links: one secret link per person's seat, hot-seat, spectate, replay."""

    id: str
    seats: list[SeatLink]
    spectate: str
    replay: str
    seed_chosen: bool
    hotseat: Optional[str] = None


class GameSummary(Answer):
    id: str
    game: str
    players: int
    status: str
    version: int
    seats: list[dict[str, Any]]


class GameList(Answer):
    games: list[GameSummary]


class GameInfo(GameSummary):
    title: Optional[str] = None
    to_move: Optional[int] = None
    result: Optional[dict[str, Any]] = None


class TableView(Answer):
    """Everything a seat (or a spectator) needs to draw the table: its own view only."""

    type: str
    version: int
    status: str
    view: Any = None


class Act(Request):
    token: Token = None
    action: WholeNumber = Field(description=N_("a whole number"))
    version: WholeNumber = Field(description=N_("a whole number"))


class Acted(Ok):
    version: int
    index: int


class Undo(Request):
    token: Token = None
    steps: checked_by_hall({"anyOf": [{"type": "integer", "minimum": 1}, {"const": "all"}]},
                           "how many of the seat's own decisions to take back (default 1)") = 1


class Undone(Ok):
    version: int
    undone: int


class Import(Request):
    record: checked_by_hall({"type": "object"}, "a game record object") = Field(description=N_("a game record object"))
    mode: Annotated[Literal["replay", "continue"], Says(N_("mode must be 'replay' or 'continue'"))] = "replay"
    public: Flag = None
    upto: Optional[WholeNumber] = Field(None, description=N_("play the record's first actions only"))
    seats: checked_by_hall({"type": "array"}, "the seats of a continued game") = None


ListStatus = Annotated[Optional[Literal["open", "running", "finished", "replay"]],
                       Says(N_("status must be open, running, finished or replay"))]


# ----- seats ----------------------------------------------------------------------------------
class Join(Request):
    seat: Optional[WholeNumber] = Field(None, description=N_("the open seat to take (default: the first)"))


class Joined(Answer):
    seat: int
    token: str
    link: str
    seed_chosen: bool
    notice: Optional[str] = None


class Name(Request):
    name: checked_by_hall({"type": "string", "maxLength": 32}, "text") = Field(description=N_("text"))


class Named(Ok):
    seat: int
    name: str


class TakenBack(Ok):
    seat: int


class Rematch(Answer):
    id: str
    seat: int
    token: Optional[str] = None
    link: Optional[str] = None
    spectate: str


class AccountSeat(Ok):
    seat: int
    player: str


# ----- chat -----------------------------------------------------------------------------------
class Say(Request):
    text: checked_by_hall({"type": "string"}, "the message") = Field(description=N_("the message"))


class ChatLine(Answer):
    text: str


class Said(Ok):
    line: ChatLine


class ChatLines(Answer):
    chat: list[ChatLine]
    chat_mode: str


# ----- records and replays --------------------------------------------------------------------
class Record(Answer):
    """A game record (docs/SERVER.md, "Chat, records and replays"); a running game's: what the asking seat has seen."""

    game: str
    players: int


class ReplayStep(Answer):
    game_id: str
    game: str
    step: int
    steps: int
    seat: Optional[int] = None
    status: str
    view: Any = None
    log: list[Any]


# ----- game types -----------------------------------------------------------------------------
class GameTypes(Answer):
    games: list[dict[str, Any]]


class HowToPlay(Answer):
    """A game's how-to-play page (its sections, as the game gives them)."""


# ----- accounts and ratings -------------------------------------------------------------------
class Credentials(Request):
    name: checked_by_hall({"type": "string"}, "the account's name") = None
    password: checked_by_hall({"type": "string"}, "the account's password") = None


class LogOut(Request):
    everywhere: Annotated[StrictBool, Says(N_("'everywhere' must be true or false"))] = False


class AccountAnswer(Answer):
    account: Optional[dict[str, Any]] = None


class MyGames(Answer):
    games: list[dict[str, Any]]


class GameRef(BaseModel):
    id: StrictStr
    seat: StrictInt


class ManyGames(Request):
    games: Annotated[list[Any], Says(N_("'games' must be a list of at most 100 {id, seat} objects"))] = Field(
        max_length=100, description=N_("at most 100 {id, seat} objects"),
        json_schema_extra={"items": GameRef.model_json_schema()})


class Leaderboard(Answer):
    game: Optional[str] = None
    ratings: Optional[list[Any]] = None
    games: Optional[dict[str, Any]] = None


class Profile(Answer):
    name: str
    kind: str


# ----- the design lab (docs/LAB.md) -----------------------------------------------------------
class LabRequest(BaseModel):
    """A lab request body: a JSON object whose every key the lab knows (an unknown key is a
    400 naming it, since a misspelt field would otherwise change a run without a word)."""

    model_config = ConfigDict(extra="forbid")


class LabVariant(LabRequest):
    toml: StrictStr = Field(description=N_("the component data as TOML"))
    name: StrictStr = Field("own variant", description=N_("the variant's name, shown with its results"))


class LabRunIn(LabRequest):
    """A run: ``games`` games of the printed game and as many of the variant, with the same seeds."""

    game: StrictStr = Field(description=N_("a game type name"))
    players: WholeNumber = Field(description=N_("a whole number"))
    games: WholeNumber = Field(description=N_("games a side, from 1 to the server's cap"))
    bots: StrictStr | list[StrictStr] = Field("random", description=N_("a bot level or spec per seat, or one for all"))
    variant: LabVariant
    seed: Optional[WholeNumber] = Field(None, description=N_("the master seed (default: a new one)"))
    options: dict[str, Any] = Field(default_factory=dict, description=N_("the game's options for both sides "
                                    "(e.g. March on Mars's threat), checked as at the table; default: printed"))


class LabCheckIn(LabRequest):
    game: StrictStr = Field(description=N_("a game type name"))
    players: WholeNumber = Field(description=N_("a whole number"))
    toml: StrictStr = Field(description=N_("the component data as TOML"))


class LabEditsIn(LabRequest):
    game: StrictStr = Field(description=N_("a game type name"))
    edits: list[dict[str, Any]] = Field([], description=N_("[{path, value}]: the numbers and texts to change"))
    toml: Optional[StrictStr] = Field(None, description=N_("the data to edit (default: the packaged data)"))


class LabInfo(Answer):
    mode: str
    max_games: int
    backend: str
    levels: dict[str, str]
    games: list[dict[str, Any]]
    max_variant_bytes: int


class LabForm(Answer):
    """A game's component data as TOML and as a form (sections, entries, fields)."""

    game: str
    toml: str
    form: list[dict[str, Any]]


class LabGame(LabForm):
    title: str
    min_players: int
    max_players: int


class LabRanges(Answer):
    ready: bool
    ranges: Optional[dict[str, list[Any]]]


class LabChecked(Answer):
    ok: bool
    error: Optional[str] = None


class LabProgress(Answer):
    done: int
    total: int
    eta_seconds: Optional[float]


class LabRun(Answer):
    """A run as the lab answers it (``results`` once done: ``baseline``, ``variant``,
    ``differences`` and the measures that differ significantly)."""

    id: str
    game: str
    players: int
    games: int
    bots: list[str]
    variant: dict[str, str]
    seed: int
    seeds: dict[str, Any]
    status: str
    progress: LabProgress
    created: float
    started: Optional[float]
    finished: Optional[float]
    error: Optional[str]
    baseline_reused: int
    options: dict[str, Any] = Field(default_factory=dict, description=N_("the game's options for both sides"))
    results: Optional[dict[str, Any]] = None


class LabComparison(Answer):
    """Run ``b``'s variant against run ``a``'s: ``differences`` (``default`` is run a's value),
    the ``significant`` measures and the game's ``own`` breakdowns."""

    a: LabRun
    b: LabRun
    differences: list[dict[str, Any]]
    significant: list[str]
    own: list[dict[str, Any]]


class LabRuns(Answer):
    runs: list[LabRun]
