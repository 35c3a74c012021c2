"""The terminal commands play, replay and games, driven as a person would (typed input)."""

import json

import pytest
from typer.testing import CliRunner

from cosmodrome.cli.app import app
from cosmodrome.cli.main import main
from cosmodrome.core import GameRecord

runner = CliRunner()


def test_play_hot_seat_to_the_end_and_save(tmp_path):
    out = tmp_path / "game.json"
    # two humans, 2 rounds each: always pick option 1; hand-over screens need an Enter
    keys = "\n".join(["1", "", "1", "", "1", "", "1"]) + "\n"
    res = runner.invoke(app, ["play", "pocket-race", "--players", "2", "--seats", "human,human",
                              "--seed", "4", "-o", "rounds=2", "--save", str(out)], input=keys)
    assert res.exit_code == 0, res.output
    assert "Hand over to Player 2" in res.output
    assert "Result" in res.output
    rec = GameRecord.load(out)
    assert rec.game == "pocket-race" and len(rec.actions) == 4
    assert rec.replay().is_terminal()


def test_play_against_random_bot(tmp_path):
    keys = "1\n" * 10
    res = runner.invoke(app, ["play", "pocket-race", "--players", "2", "--seats", "human,random",
                              "--seed", "1", "-o", "rounds=3"], input=keys)
    assert res.exit_code == 0, res.output
    assert "Result" in res.output


def test_bad_choice_is_refused_and_asked_again():
    res = runner.invoke(app, ["play", "pocket-race", "--players", "2", "--seats", "human,random",
                              "--seed", "1", "-o", "rounds=1"], input="99\nzz\n1\n")
    assert res.exit_code == 0, res.output
    assert res.output.count("Please type a number") == 2


def test_quit_and_resume_from_save(tmp_path):
    out = tmp_path / "half.json"
    res = runner.invoke(app, ["play", "pocket-race", "--players", "2", "--seats", "human,random",
                              "--seed", "2", "-o", "rounds=3", "--save", str(out)], input="1\nq\n")
    assert res.exit_code == 0 and "unfinished" in res.output
    half = GameRecord.load(out)
    assert 1 <= len(half.actions) < 6
    res = runner.invoke(app, ["play", "pocket-race", "--load", str(out), "--seats", "human,random",
                              "--save", str(out)], input="1\n1\n1\n")
    assert res.exit_code == 0, res.output
    assert GameRecord.load(out).replay().is_terminal()


def test_replay_prints_log_and_scores(tmp_path):
    rec, s = GameRecord.start("pocket-race", 2, 9, {"rounds": 2})
    while not s.is_terminal():
        a = s.legal_actions()[0]
        s.apply(a)
        rec.actions.append(a)
    path = tmp_path / "r.json"
    rec.save(path)
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 0, res.output
    assert "decisions replayed" in res.output and "Result" in res.output
    # a spectator never reads another seat's private draw
    assert "drew a card" in res.output or "played" in res.output


@pytest.mark.parametrize("argv, message", [
    (["play", "nosuchgame"], "unknown game"),
    (["play", "pocket-race", "--players", "9"], "2 to 4 players"),
    (["play", "pocket-race", "--players", "2", "--seats", "human"], "names 1 seats"),
    (["play", "pocket-race", "-o", "rounds"], "key=value"),
    (["replay", "/nonexistent/file.json"], "cannot read"),
])
def test_bad_input_gives_a_clear_error(argv, message, capsys):
    code = main(argv)
    assert code == 2
    assert message in capsys.readouterr().err


def test_malformed_record_file(tmp_path, capsys):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"game": "pocket-race", "players": 2, "seed": 1, "actions": [99]}))
    assert main(["replay", str(p)]) == 2
    assert "illegal on replay" in capsys.readouterr().err


def test_advisor_rates_every_option():
    res = runner.invoke(app, ["play", "pocket-race", "--players", "2", "--seats", "human,random",
                              "--seed", "3", "--advisor-seconds", "0.2"], input="a\nq\n")
    assert res.exit_code == 0, res.output
    assert "Advisor" in res.output and "win %" in res.output
    # one row per legal option of the first decision
    from cosmodrome.core import get_game
    first = get_game("pocket-race").new_state(2, 3)
    for a in first.legal_actions():
        assert first.action_label(a) in res.output.split("Advisor")[1]


def flat(text):
    """Text with every run of white space made one space (Rich wraps long lines)."""
    return " ".join(text.split())


@pytest.mark.parametrize("game, players", [("cosmic-run", 2), ("venus", 2), ("moon", 2), ("mars", 2)])
def test_plain_mode_prints_each_prompt_once(game, players):
    from cosmodrome.core import get_game
    first = get_game(game).new_state(players, 6).decision()
    res = runner.invoke(app, ["play", game, "--players", str(players), "--seed", "6", "--plain"], input="q\n")
    assert res.exit_code == 0, res.output
    assert flat(res.output).count(flat(first.prompt)) == 1


def test_plain_mode_reprints_the_board_only_when_it_changed_or_asked():
    args = ["play", "cosmic-run", "--players", "2", "--seed", "2"]
    # a bad number, a bad word and the legend change nothing: the board is printed once
    res = runner.invoke(app, args, input="99\nzz\nl\nq\n")
    assert res.exit_code == 0, res.output
    assert res.output.count("Player 1's view") == 1
    assert res.output.count("Please type a number") == 2
    assert "open circle" in res.output.split("Player 1's view")[1]   # the legend, on request
    # b asks for it again
    res = runner.invoke(app, args, input="b\nq\n")
    assert res.output.count("Player 1's view") == 2
    # a decision that changes the table shows it anew, with the new log lines only
    res = runner.invoke(app, args, input="1\nq\n")
    assert res.output.count("Player 1's view") == 2
    assert res.output.count("Round 1 begins") == 1


def test_plain_mode_prints_the_unchanged_board_once_and_wraps_to_the_width():
    # three decisions of the Moon: the dice go on the jump card, the track and the astronauts
    # stay as they were: the track is printed once, then only the lines that changed
    res = runner.invoke(app, ["play", "moon", "--players", "2", "--seed", "3", "--plain"], input="1\n1\n1\nq\n",
                        env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    assert res.output.count("Round 1. Upper-case letter") == 1        # the track's legend line
    assert res.output.count("what changed") == 3
    assert "first jump: blue ?, blue ?" in res.output
    assert max(len(line.removeprefix("> ")) for line in res.output.splitlines()) <= 80   # (the "> " an answer follows)
    # b still prints the whole board
    res = runner.invoke(app, ["play", "moon", "--players", "2", "--seed", "3", "--plain"], input="1\nb\nq\n",
                        env={"COLUMNS": "80"})
    assert res.output.count("Round 1. Upper-case letter") == 2


def test_plain_mode_refuses_an_undo_with_nothing_to_take_back():
    res = runner.invoke(app, ["play", "cosmic-run", "--players", "2", "--seed", "2"], input="u\n1\nq\n",
                        catch_exceptions=False)
    assert res.exit_code == 0
    assert "Nothing to undo" in res.output
    assert res.output.count("Player 1's view") == 2   # the first table, then after the choice


def test_the_table_of_panes_is_for_terminals_only():
    from cosmodrome.cli.play import wants_plain

    class Stream:
        def __init__(self, tty):
            self.tty = tty

        def isatty(self):
            return self.tty

    assert not wants_plain(False, Stream(True), Stream(True))
    assert wants_plain(True, Stream(True), Stream(True))          # --plain
    assert wants_plain(False, Stream(True), Stream(False))        # output to a pipe or file
    assert wants_plain(False, Stream(False), Stream(True))        # input from a pipe


def test_an_explicit_chance_record_is_refused_by_the_terminal(tmp_path):
    rec, s = GameRecord.start("pocket-race", 2, 3, {"rounds": 2}, chance="explicit")
    s.apply(9)                                   # a draw: the next action is chance's
    rec.actions += [9, s.chance_outcomes()[0][0]]
    path = tmp_path / "explicit.json"
    rec.save(path)
    assert json.loads(path.read_text())["chance"] == "explicit"
    res = runner.invoke(app, ["play", "pocket-race", "--load", str(path), "--seats", "human,random"], input="1\n")
    assert res.exit_code != 0
    assert "explicit chance" in str(res.exception) + res.output


def test_plain_mode_indents_a_wrapped_option_under_its_own_label():
    """Issue #27, the terminal: an option too long for the width goes on under its label, not
    at the left margin where it reads as a line of its own."""
    res = runner.invoke(app, ["play", "moon", "--players", "2", "--seed", "4", "--plain"], input="1\n1\n1\n1\nq\n",
                        env={"COLUMNS": "60"})
    assert res.exit_code == 0, res.output
    lines = [ln.removeprefix("> ") for ln in res.output.splitlines()]
    starts = [i for i, ln in enumerate(lines) if ln.startswith("   1  Move")]
    assert starts, res.output
    for i in starts:
        assert len(lines[i]) <= 60
        assert lines[i + 1].startswith(" " * 6) and lines[i + 1].strip(), lines[i:i + 3]


def _last_line(path, seat):
    """The last log line ``seat`` reads (None: a spectator) of the game recorded at ``path``."""
    events: list = []
    GameRecord.load(path).replay(events=events)
    return [t for t in (e.text_for(seat) for e in events) if t][-1]


@pytest.mark.parametrize("seats, keys, viewer", [("random,random", "", None), ("human,random", "1\n", 0)])
def test_plain_mode_prints_the_last_moves_before_the_final_table(tmp_path, seats, keys, viewer):
    out = tmp_path / "g.json"
    res = runner.invoke(app, ["play", "pocket-race", "--plain", "--seats", seats, "--seed", "5", "-o", "rounds=1",
                              "--save", str(out)], input=keys)
    assert res.exit_code == 0, res.output
    before_final = res.output.split("Final table")[0]
    assert _last_line(out, viewer) in before_final   # the winning move, by the bot of seat 2


def test_the_seats_named_set_the_player_count(tmp_path, capsys):
    out = tmp_path / "g.json"
    res = runner.invoke(app, ["play", "pocket-race", "--plain", "--seats", "human,random", "--seed", "1",
                              "-o", "rounds=1", "--save", str(out)], input="1\n")
    assert res.exit_code == 0, res.output
    assert GameRecord.load(out).players == 2
    assert main(["play", "pocket-race", "--seats", "random,random,random,random,random"]) == 2
    err = capsys.readouterr().err
    assert "--seats names 5 seats" in err and "2 to 4 players" in err
