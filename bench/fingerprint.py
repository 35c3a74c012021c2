#!/usr/bin/env python3
"""The behaviour fingerprint of every game: one hash over seeded random games that covers
what a player, a client and a saved file can see.

    PYTHONPATH=src .venv/bin/python bench/fingerprint.py            # every game, the summary hash
    PYTHONPATH=src .venv/bin/python bench/fingerprint.py --games 3 --verbose
    PYTHONPATH=src .venv/bin/python bench/fingerprint.py --import cosmodrome.testing.toy --game pocket-race

A refactoring that must not change behaviour keeps the fingerprint: run this before and
after (pure and compiled: ``COSMODROME_PURE=1`` for the pure engine) and compare. For every
registered game, every player count and ``--games`` seeds, a seeded random bot plays the
whole game; at every decision the hash takes

- the menu: seat to move, decision kind and prompt, every legal action with its JSON form
  (label and details);
- the events of the action taken (their JSON form, hidden parts included);
- the view of every seat and of a spectator;
- the saved state (``to_json``), and the same after loading it back and after a clone.

``tests/core/test_fingerprint.py`` keeps the hash of a short run of each game in
``tests/core/fingerprint.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from cosmodrome.core import CosmodromeError, Rng, game_names, get_game
from cosmodrome.core.registry import import_modules, module_names


def _dump(obj) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=repr).encode()


#: option sets played besides the defaults (each with every player count), and whether the
#: game is also played with explicit chance nodes
VARIANTS = {
    "cosmic-run": ({"side": "B", "rapid_fire": True, "expert_mines": 2}, {"friendly": True, "novice": True,
                                                                        "no_zorlord_reroll": True}),
    "mars": ({"threat": "exterminator", "upgrades": "random"}, {"threat": "baby"}),
    "moon": ({"advanced": True}, {"max_red": 3}),
    "venus": (),
}


def game_fingerprint(name: str, players: int, seed: int, options=None, chance: str = "sampled") -> str:
    """The hash of one seeded random game of ``name`` for ``players`` seats."""
    game = get_game(name)
    h = hashlib.sha256()
    s = game.new_state(players, seed, options, chance=chance)
    chooser = Rng(seed + 1000)
    h.update(_dump([e.to_json() for e in s.initial_events]))
    step = 0
    while True:
        h.update(_dump([s.view(seat) for seat in (*range(players), None)]))
        data = s.to_json()
        h.update(_dump(data))
        assert _dump(game.load_state(json.loads(json.dumps(data))).to_json()) == _dump(data), \
            f"{name} seed {seed}: the saved state does not load back as itself at step {step}"
        assert _dump(s.clone().to_json()) == _dump(data), f"{name}: a clone differs at step {step}"
        if s.is_terminal():
            h.update(_dump([s.returns(), s.scores(), s.summary()]))
            break
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            h.update(_dump([outcomes, sorted(s.chance_seen_by() or ())]))
            events = s.apply(outcomes[chooser.below(len(outcomes))][0])
            h.update(_dump([e.to_json() for e in events]))
            step += 1
            continue
        legal = s.legal_actions()
        h.update(_dump([s.to_move(), s.decision_kind(), s.decision_prompt(),
                        [s.action_json(a) for a in legal]]))
        events = s.apply(legal[chooser.below(len(legal))])
        h.update(_dump([e.to_json() for e in events]))
        step += 1
    return h.hexdigest()


def fingerprint(games: int = 2, names=None, verbose: bool = False) -> str:
    """The hash over ``games`` seeds of every player count of every game (or ``names``)."""
    total = hashlib.sha256()
    for name in names or game_names():
        game = get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            runs = [(None, "sampled")] + [(o, "sampled") for o in VARIANTS.get(name, ())]
            if game.explicit_chance:
                runs.append((None, "explicit"))
            for options, chance in runs:
                for seed in range(games):
                    one = game_fingerprint(name, players, seed, options, chance)
                    total.update(f"{name}/{players}/{seed}/{options}/{chance}:{one}\n".encode())
                    if verbose:
                        print(f"{name:11s} {players}p seed {seed} {chance:8s} {options or ''}: {one[:16]}",
                              file=sys.stderr)
    return total.hexdigest()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="seeds per game and player count")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--import", dest="modules", action="append", default=[], metavar="MODULE",
                    help="a module to import first: one that registers a game not installed (repeatable; "
                         "also read from COSMODROME_IMPORT)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    try:
        import_modules(module_names(args.modules))
        for name in args.game or ():
            get_game(name)
    except CosmodromeError as exc:
        sys.exit(f"error: {exc}")
    print(fingerprint(args.games, args.game, args.verbose))


if __name__ == "__main__":
    main()
