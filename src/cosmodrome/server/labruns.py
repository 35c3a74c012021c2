"""The design lab's engine at the server: runs of a variant beside the printed game.

A *run* plays ``games`` games of a game's variant (its component data as TOML content, checked
exactly as the table checks a variant: :func:`~cosmodrome.server.variants.own_variant`, the
game's options, a game built from it) and the same number of the printed game with the same
seeds (game ``i`` has seed ``game_seed(master, i)``) and the same bots. The printed game's
games are kept per (game, players, bots, master seed, rules version), so a later run of the same
seeds reuses them and plays only the games it lacks.

Runs wait in one queue and are played one after another on the lab's executors
(:func:`cosmodrome.lab.executor.run_tasks`: local worker processes niced below the server,
or Ray), from one background thread; each finished game moves the progress on. A run is
``queued``, ``running``, ``done``, ``cancelled`` or ``failed``. Cancelling a running run (or
stopping the server) kills its worker processes mid-game (``run_tasks``' ``stop``), and a
worker process ends with the server even when the server is killed
(:func:`~cosmodrome.lab.executor.init_worker`).

Runs are kept as files (JSON, written whole and moved into place) under the lab's folder:
``runs/<id>.json`` (the request, status, progress, seeds and results), ``runs/<id>.games.json``
(each game's result, for the CSV), ``baselines/<key>.json`` (the printed game's games by
index) and ``ranges/<key>.json`` (the valid range of each number of a game's data). Files
rather than a table: a run is written once when it ends and read whole, never queried, and
the folder can be emptied at any time without touching the games' database. A run found
queued or running at start (the server stopped under it) is queued again: the same seeds
give the same results.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import secrets
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from cosmodrome import i18n
from cosmodrome.core import Game, OptionError, get_game
from cosmodrome.i18n import _
from cosmodrome.lab import compare
from cosmodrome.lab.breakdown import end_cause_words
from cosmodrome.lab.design import compute_ranges
from cosmodrome.lab.executor import BACKENDS, Stopped, check_backend, kill_workers, run_tasks, warm_ray, worker_pool
from cosmodrome.lab.runner import GameResult, GameTask, make_task
from cosmodrome.lab.seeds import game_seed
from cosmodrome.server.seatbots import seat_bot
from cosmodrome.server.security import TooMany
from cosmodrome.server.tables import Conflict, Forbidden, NotFound
from cosmodrome.server.variants import own_variant

log = logging.getLogger("cosmodrome.server")

MODES = ("open", "accounts", "off")

#: the bot levels the lab offers, as the lobby names them; searching bots have a budget in
#: iterations, never seconds, so that the same seeds give the same games on any machine
LEVELS = {"random": "random", "easy": "heuristic", "medium": "ismcts:iters=100", "hard": "ismcts:iters=400",
          "expert": "ismcts:iters=1500"}

#: statuses of a run that is not over
WAITING = ("queued", "running")


class LabOff(NotFound):
    """The lab is off at this server (404)."""


class RunNotFound(NotFound):
    """No run of that id (404)."""


class RunOver(Conflict):
    """A run that is over cannot be cancelled (409)."""


class TooManyRuns(TooMany):
    """Too many runs waiting for one address or account (429)."""


@dataclass
class LabConfig:
    """The operator's choices (``cosmodrome serve --lab ...``)."""

    #: who may run: everyone (``open``), people logged in to an account (``accounts``), nobody (``off``)
    mode: str = "open"
    backend: str = "local"
    ray_address: Optional[str] = None
    #: worker processes (or Ray actors) playing a run's games
    workers: int = 1
    #: the most games per arm of one run
    max_games: int = 2000
    #: runs queued or running at once per client address, and per account
    per_address: int = 3
    per_account: int = 3
    #: how much the local worker processes lower their priority (os.nice)
    nice: int = 10
    #: the folder of the lab's files (None: beside the SQLite database, or ./cosmodrome-lab)
    data_dir: Optional[Path] = None
    #: modules to import in the workers before the games (plug-in or test games)
    modules: tuple[str, ...] = ()

    def check(self) -> None:
        if self.mode not in MODES:
            raise OptionError(f"--lab must be one of {', '.join(MODES)}, not {self.mode!r}")
        if self.backend not in BACKENDS:
            raise OptionError(f"--lab-backend must be one of {', '.join(BACKENDS)}, not {self.backend!r}")
        check_backend(self.backend, self.workers)
        if self.max_games < 1:
            raise OptionError(f"--lab-max-games must be 1 or more, not {self.max_games}")


def default_dir(db_url: str) -> Path:
    """The lab's folder for a database URL: beside a SQLite file, else ./cosmodrome-lab.

    >>> default_dir("sqlite:///data/cosmo.sqlite").as_posix()
    'data/cosmo-lab'
    """
    if db_url.startswith("sqlite:///") and len(db_url) > len("sqlite:///"):
        p = Path(db_url[len("sqlite:///"):])
        return p.with_name(p.stem + "-lab")
    return Path("cosmodrome-lab")


def _write(path: Path, data: Any) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _same_owner(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a.get("account") is not None:
        return a.get("account") == b.get("account")
    return a.get("address") == b.get("address")


class _Cancelled(Exception):
    pass


@dataclass
class Run:
    """One run, as kept in its file (``owner`` never leaves the server)."""

    id: str
    game: str
    players: int
    games: int
    bots: list[str]
    variant: dict[str, str]
    seed: int
    owner: dict[str, Any]
    created: float = field(default_factory=time.time)
    status: str = "queued"
    done: int = 0
    total: int = 0
    started: Optional[float] = None
    finished: Optional[float] = None
    error: Optional[str] = None
    baseline_reused: int = 0
    results: Optional[dict[str, Any]] = None
    #: the game's options for both sides (a run kept by an older server has none: printed)
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Run":
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def progress(self) -> dict[str, Any]:
        eta = None
        if self.status == "running" and self.started and self.done:
            rate = (time.time() - self.started) / self.done
            eta = round(rate * max(0, self.total - self.done), 1)
        elif self.status == "done":
            eta = 0.0
        return {"done": self.done, "total": self.total, "eta_seconds": eta}

    def public(self, with_results: bool = True) -> dict[str, Any]:
        """What a client sees of the run."""
        out = {"id": self.id, "game": self.game, "players": self.players, "games": self.games, "bots": self.bots,
               "variant": {"name": self.variant.get("name", "")}, "seed": self.seed, "options": self.options,
               "seeds": {"master": self.seed, "rule": "game i has seed game_seed(master, i)"},
               "status": self.status, "progress": self.progress(), "created": self.created,
               "started": self.started, "finished": self.finished, "error": self.error,
               "baseline_reused": self.baseline_reused}
        if with_results:
            out["variant"]["toml"] = self.variant.get("toml", "")
            out["results"] = self.results if self.status == "done" else None
            if out["results"] is not None and "labels" not in out["results"]:  # kept by an older server
                out["results"] = dict(out["results"], labels=compare.labels(self.game))
            if out["results"]:  # how its games ended, in the reader's words
                causes = {c for arm in ("baseline", "variant")
                          for c in ((out["results"].get(arm) or {}).get("breakdown") or {}).get("end_causes", {})}
                out["end_cause_words"] = end_cause_words(self.game, sorted(causes))
        return out


def bot_spec(level: Any) -> str:
    """The bot spec for a level name (``easy``...) or a spec given as is."""
    if not isinstance(level, str) or not level.strip():
        raise OptionError(_("each seat's bot must be a level ({names}) or a bot spec, not {level!r}").format(
            names=', '.join(LEVELS), level=level))
    return LEVELS.get(level.strip().lower(), level.strip())


class Lab:
    """The runs of one server: checked, queued, played one after another, kept on disk."""

    def __init__(self, config: LabConfig, db_url: str = "", caps: Any = None) -> None:
        config.check()
        self.config = config
        self.caps = caps
        self.dir = Path(config.data_dir) if config.data_dir else default_dir(db_url)
        self.runs: dict[str, Run] = {}
        self.lock = threading.Lock()
        self.queue: "queue.Queue[Optional[str]]" = queue.Queue()
        self.thread: Optional[threading.Thread] = None
        self.on_change: list[Callable[[Run], None]] = []
        self.loaded = False
        self.stopping = False
        self._ranges: dict[str, Future] = {}
        self._ranges_pool: Optional[ProcessPoolExecutor] = None

    # ----- files ---------------------------------------------------------------------
    def _runs_dir(self) -> Path:
        d = self.dir / "runs"
        d.mkdir(parents=True, exist_ok=True)
        return d

    def _save(self, run: Run) -> None:
        _write(self._runs_dir() / f"{run.id}.json", run.to_json())

    def load(self) -> int:
        """Read the kept runs; queue again those the server stopped under. The count queued."""
        if self.loaded or self.config.mode == "off":
            return 0
        self.loaded = True
        again = []
        d = self.dir / "runs"
        for f in sorted(d.glob("*.json")) if d.is_dir() else []:
            if f.name.endswith(".games.json"):
                continue
            data = _read(f)
            if not isinstance(data, dict) or "id" not in data:
                continue
            try:
                run = Run.from_json(data)
            except TypeError:
                log.warning("lab: run file %s cannot be read; left alone", f.name)
                continue
            self.runs[run.id] = run
            if run.status in WAITING:
                run.status, run.done, run.started = "queued", 0, None
                again.append(run)
        for run in sorted(again, key=lambda r: r.created):
            self.queue.put(run.id)
        return len(again)

    def start(self) -> None:
        if self.config.mode == "off" or self.thread is not None:
            return
        self.load()
        self.thread = threading.Thread(target=self._work, name="lab-runs", daemon=True)
        self.thread.start()

    def close(self) -> None:
        if self.thread is None:
            return
        self.stopping = True  # a running run stops; its file still says running: queued again at start
        self.queue.put(None)
        self.thread.join(timeout=30)
        self.thread = None
        if self._ranges_pool is not None:
            kill_workers(self._ranges_pool)  # a range being worked out is not waited for
            self._ranges_pool.shutdown(wait=False, cancel_futures=True)
            self._ranges_pool = None

    def ensure_on(self) -> None:
        if self.config.mode == "off":
            raise LabOff(_("the design lab is off at this server"))

    # ----- checking a request ---------------------------------------------------------
    def check(self, game_name: Any, players: Any, games: Any, bots: Any, variant: Any,
              options: Optional[dict[str, Any]] = None) -> tuple[Game, list[str], dict]:
        """The game, bot specs and variant of a request; an error naming the first problem
        (``options``: the game's other options for both sides, checked as at the table)."""
        self.ensure_on()
        if not isinstance(game_name, str):
            raise OptionError(_("'game' must be a game's name"))
        game = get_game(game_name)
        game.check_players(players)
        cap = self.config.max_games
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= cap:
            raise OptionError(_("'games' must be a whole number from 1 to {cap} (this server's most games a run), "
                                "not {games!r}").format(cap=cap, games=games))
        if isinstance(bots, str):
            bots = [bots] * players
        if not isinstance(bots, list) or len(bots) != players:
            raise OptionError(_("'bots' must give one bot per seat: {players} levels or specs").format(players=players))
        specs = [bot_spec(b) for b in bots]
        for spec in specs:
            bot = seat_bot(spec, game, 0)  # the table's own check: unknown bots, bots loading files
            if getattr(bot, "seconds", None) is not None:
                raise OptionError(_("bot {spec!r} thinks for a time, so the same seeds would not give the same "
                                    "games; the lab plays bots with a budget in iterations "
                                    "(e.g. ismcts:iters=400)").format(spec=spec))
            if self.caps is not None:
                self.caps.check(spec, bot)
        path = [o.name for o in game.options if o.kind == "path"]
        if not path:
            raise OptionError(_("{title} takes no component data a variant could change").format(
                title=i18n.gettext(game.title)))
        if not isinstance(variant, dict):
            raise OptionError(_('\'variant\' must be {"toml": "...", "name": "..."}: the component data as TOML'))
        value = own_variant(path[0], variant)
        if options and path[0] in options:
            raise OptionError(_("the variant is given as 'variant', not as option {path!r}").format(path=path[0]))
        opts = game.resolve_options({**(options or {}), path[0]: value})
        game.new_state(players, 0, opts)  # the table builds the game from it too: DataError names the fault
        return game, specs, value

    def submit(self, game: Game, players: int, games: int, specs: list[str], variant: dict[str, str],
               seed: Optional[int], owner: dict[str, Any], options: Optional[dict[str, Any]] = None) -> Run:
        """Queue a checked run (TooManyRuns past the caps per address and account)."""
        if seed is None:
            seed = secrets.randbits(62)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 62:
            raise OptionError(_("'seed' must be a whole number from 0 to 2**62-1, not {seed!r}").format(seed=seed))
        with self.lock:
            waiting = [r for r in self.runs.values() if r.status in WAITING]
            addr = [r for r in waiting if r.owner.get("address") == owner.get("address")]
            if len(addr) >= self.config.per_address:
                raise TooManyRuns(_("this address has {n} runs queued or running; at most {per_address} are "
                                    "allowed: wait for one to end or cancel one").format(
                    n=len(addr), per_address=self.config.per_address))
            acc = owner.get("account")
            mine = [r for r in waiting if acc is not None and r.owner.get("account") == acc]
            if acc is not None and len(mine) >= self.config.per_account:
                raise TooManyRuns(_("this account has {n} runs queued or running; at most {per_account} are "
                                    "allowed: wait for one to end or cancel one").format(
                    n=len(mine), per_account=self.config.per_account))
            run = Run(id=secrets.token_urlsafe(9), game=game.name, players=players, games=games, bots=specs,
                      variant=variant, seed=seed, owner=owner, total=2 * games, options=dict(options or {}))
            self._save(run)
            self.runs[run.id] = run
        self.queue.put(run.id)
        return run

    # ----- valid ranges ---------------------------------------------------------------------
    def ranges(self, game: Game, players: int) -> Optional[dict[str, list]]:
        """The valid range of every whole number of the game's packaged data for ``players``
        (:func:`cosmodrome.lab.design.int_ranges`), or None while a niced worker process
        works them out (once per game, player count, rules version and data file; kept)."""
        self.ensure_on()
        game.check_players(players)
        text = game.components_file.read_bytes() if game.components_file else b""
        key = f"{game.name}-{players}-r{game.rules_version}-{hashlib.sha256(text).hexdigest()[:12]}"
        path = self.dir / "ranges" / f"{key}.json"
        kept = _read(path)
        if isinstance(kept, dict):
            return kept
        with self.lock:
            fut = self._ranges.get(key)
            if fut is None:
                if self._ranges_pool is None:
                    # two games' ranges at once: a big one does not hold up a small one
                    self._ranges_pool = worker_pool(2, self.config.modules, self.config.nice)
                fut = self._ranges[key] = self._ranges_pool.submit(compute_ranges, game.name, players,
                                                                   tuple(self.config.modules))
        if not fut.done():
            return None
        if fut.exception() is not None:
            log.error("lab: the ranges of %s cannot be worked out: %s", key, fut.exception())
            return {}
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, fut.result())
        return fut.result()

    # ----- reading and cancelling -------------------------------------------------------
    def get(self, run_id: str) -> Run:
        self.ensure_on()
        run = self.runs.get(run_id)
        if run is None:
            raise RunNotFound(_("there is no lab run {run_id!r}").format(run_id=run_id))
        return run

    def mine(self, owner: dict[str, Any]) -> list[Run]:
        """The runs of an account (when logged in) or else of an address, newest first."""
        self.ensure_on()
        acc = owner.get("account")
        out = [r for r in self.runs.values()
               if (r.owner.get("account") == acc if acc is not None else _same_owner(r.owner, owner))]
        return sorted(out, key=lambda r: -r.created)

    def cancel(self, run_id: str, owner: Optional[dict[str, Any]] = None) -> Run:
        """Cancel a queued or running run: only by whoever started it (their account, or their
        address for a run started logged out)."""
        run = self.get(run_id)
        if owner is not None and not _same_owner(run.owner, owner):
            raise Forbidden(_("only whoever started a run may cancel it"))
        with self.lock:
            if run.status not in WAITING:
                raise RunOver(_("run {run_id} is {status}; only a queued or running run can be cancelled").format(
                    run_id=run_id, status=run.status))
            run.status, run.finished = "cancelled", time.time()
            self._save(run)
        return run

    def games_of(self, run_id: str) -> dict[str, list[dict[str, Any]]]:
        run = self.get(run_id)
        if run.status != "done":
            raise RunOver(_("run {run_id} is {status}; its games can be downloaded once it is done").format(
                    run_id=run_id, status=run.status))
        data = _read(self._runs_dir() / f"{run.id}.games.json")
        if not isinstance(data, dict):
            raise RunNotFound(_("the games of run {run_id} are no longer kept at this server").format(run_id=run_id))
        return data

    def compare_runs(self, a_id: str, b_id: str) -> dict[str, Any]:
        """Run ``b``'s variant against run ``a``'s (both done, the same game and player count):
        every measure and the game's own breakdowns with the difference b − a, its 95% interval
        and the significant ones marked (:func:`cosmodrome.lab.compare.results`, ``default``
        being run ``a``'s variant)."""
        a, b = self.get(a_id), self.get(b_id)
        if (a.game, a.players) != (b.game, b.players):
            raise OptionError(_("runs of the same game and player count can be compared; run {a_id} is {game} for "
                                "{players}, run {b_id} {game2} for {seats}").format(
                a_id=a_id, game=a.game, players=a.players, b_id=b_id, game2=b.game, seats=b.players))
        ga = [GameResult.from_json(g) for g in self.games_of(a_id).get("variant", [])]
        gb = [GameResult.from_json(g) for g in self.games_of(b_id).get("variant", [])]
        res = compare.results(ga, gb, a.players, a.game)
        return {"a": a.public(with_results=False), "b": b.public(with_results=False),
                "differences": res["differences"], "significant": res["significant"], "own": res["own"]}

    # ----- playing ----------------------------------------------------------------------
    def _baseline_key(self, run: Run) -> str:
        g = get_game(run.game)
        key: list[Any] = [run.game, run.players, run.bots, run.seed, g.rules_version]
        if run.options:  # the printed options keep the key they always had
            key.append(sorted(run.options.items()))
        text = json.dumps(key, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def _work(self) -> None:
        if self.config.backend == "ray":
            try:  # joined (or a local Ray started) once: every run reuses its warm actors
                warm_ray(self.config.workers, self.config.ray_address, self.config.modules)
            except Exception as exc:  # each run then tries again, and fails with the reason
                log.error("lab: cannot start Ray: %s", exc)
        try:
            self._serve()
        finally:
            if self.config.backend == "ray":
                _stop_ray()

    def _serve(self) -> None:
        while True:
            run_id = self.queue.get()
            if run_id is None:
                return
            run = self.runs.get(run_id)
            if run is None or run.status != "queued":
                continue
            try:
                self._play(run)
            except _Cancelled:
                pass
            except Exception as exc:  # a bug or a broken backend: the run fails, the lab goes on
                log.exception("lab run %s failed", run.id)
                with self.lock:
                    if run.status == "running":
                        run.status, run.error, run.finished = "failed", f"{type(exc).__name__}: {exc}", time.time()
                        self._save(run)

    def _play(self, run: Run) -> None:
        bdir = self.dir / "baselines"
        bdir.mkdir(parents=True, exist_ok=True)
        bfile = bdir / f"{self._baseline_key(run)}.json"
        kept = _read(bfile) or {}
        base = {int(k): GameResult.from_json(v) for k, v in kept.items() if int(k) < run.games}
        opt = next(o.name for o in get_game(run.game).options if o.kind == "path")
        tasks: list[GameTask] = []
        for i in range(run.games):
            seed = game_seed(run.seed, i)
            if i not in base:
                tasks.append(self._task(run, seed, dict(run.options), i))
            tasks.append(self._task(run, seed, {**run.options, opt: run.variant}, run.games + i))
        with self.lock:
            if run.status != "queued":
                return
            run.status, run.started, run.done = "running", time.time(), len(base)
            run.baseline_reused = len(base)
            self._save(run)
        var: dict[int, GameResult] = {}

        def on_result(r: GameResult) -> None:
            if run.status != "running" or self.stopping:
                raise _Cancelled()
            if r.index >= run.games:
                r.index -= run.games
                var[r.index] = r
            else:
                base[r.index] = r
            run.done += 1

        try:
            # a cancelled run (or a stopping server) kills the worker processes mid-game
            run_tasks(tasks, workers=self.config.workers, backend=self.config.backend,
                      ray_address=self.config.ray_address, on_result=on_result,
                      nice=self.config.nice if self.config.backend == "local" else None,
                      stop=lambda: run.status != "running" or self.stopping)
        except Stopped:
            raise _Cancelled() from None
        b = [base[i] for i in range(run.games)]
        v = [var[i] for i in range(run.games)]
        kept.update({str(r.index): r.to_json() for r in b})
        _write(bfile, kept)
        _write(self._runs_dir() / f"{run.id}.games.json",
               {"baseline": [r.to_json() for r in b], "variant": [r.to_json() for r in v]})
        res = compare.results(b, v, run.players, run.game)
        with self.lock:
            if run.status != "running":
                return
            run.results, run.status, run.finished = res, "done", time.time()
            self._save(run)

    def _task(self, run: Run, seed: int, options: dict[str, Any], index: int) -> GameTask:
        t = make_task(run.game, run.players, seed, run.bots, options, index)
        return GameTask(t.game, t.players, t.seed, t.bots, t.options, t.index, t.modules + tuple(self.config.modules))


def _stop_ray() -> None:
    try:
        import ray
        if ray.is_initialized():
            ray.shutdown()
    except Exception as exc:  # pragma: no cover - a Ray that went away already
        log.warning("lab: Ray did not stop cleanly: %s", exc)


def csv_text(run: Run, games: dict[str, list[dict[str, Any]]]) -> str:
    """Every game of a run, one line each: arm, game number, seed, decisions, winners, scores."""
    n = run.players
    head = ["arm", "game", "seed", "decisions", "winners"] + [f"score_seat{s + 1}" for s in range(n)] + \
        [f"return_seat{s + 1}" for s in range(n)]
    lines = [",".join(head)]
    for arm in ("baseline", "variant"):
        for g in games.get(arm, []):
            row = [arm, str(g["index"]), str(g["seed"]), str(g["decisions"]),
                   " ".join(str(w + 1) for w in g["winners"])]
            row += [f"{x:g}" for x in g["scores"]] + [f"{x:g}" for x in g["returns"]]
            lines.append(",".join(row))
    return "\n".join(lines) + "\n"
