"""The simulation lab: play many games with bots, locally in processes or on Ray, and report.

- :mod:`runner`: one game from a picklable :class:`GameTask` to a compact :class:`GameResult`;
- :mod:`executor`: serial, process-pool or Ray execution with identical results;
- :mod:`tournament`, :mod:`selfplay`: tournaments with rotated seats; simulate/balance batches;
- :mod:`store`: SQLite storage so interrupted runs resume;
- :mod:`stats`, :mod:`report`: confidence intervals, tallies, Markdown and PNG reports.
"""

from cosmodrome.lab.executor import run_tasks
from cosmodrome.lab.runner import GameResult, GameTask, make_task, play_game
from cosmodrome.lab.seeds import game_seed

__all__ = ["GameResult", "GameTask", "game_seed", "make_task", "play_game", "run_tasks"]
