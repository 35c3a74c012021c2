"""Cosmic Run at the terminal: the sheet's legend, the dice of a new round, the order of the
options, why a die would do nothing, and the end in words."""

from cosmic_run_helpers import (
    BLUE,
    GREEN,
    MINE,
    ORANGE,
    TRANSFORMER,
    attack_face,
    give_tech,
    hold_die,
    mine,
    move_face,
    new,
    place,
    play_random,
    tech_face,
)
from typer.testing import CliRunner

from cosmodrome.cli.app import app
from cosmodrome.cli.play import listed
from cosmodrome.core import Rng
from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.actions import A_USE
from cosmodrome.games.cosmic_run.state import MISSILE_MINE, RESUME_MINE_PHASE, ZOR_REROLL


def test_render_has_a_legend_of_the_sheet_symbols():
    txt = GAME.render_text(new(2).view(0), 0)
    legend = next(ln for ln in txt.splitlines() if ln.startswith("Legend:"))
    for sym in ("o open circle", "# mine", "@ ship", "♥ open heart", "x filled heart", "P planet"):
        assert sym in legend


def _mine_phase_question(seed):
    """Play random games until a player is asked about a missile during a round's mine phase."""
    for g in range(200):
        s = new(2, seed=seed + g)
        r = Rng(g)
        while not s.is_terminal():
            if s.phase == MISSILE_MINE and s.resume == RESUME_MINE_PHASE and s.mine_roll_source == -1 and s.round > 1:
                return s
            la = s.legal_actions()
            s.apply(la[r.below(len(la))])
    raise AssertionError("no mine-phase missile question in 200 games")


def test_last_rounds_dice_are_not_shown_in_the_mine_phase():
    """RB Playing the Game: the action dice are rolled in Phase II, after the mine rolls; during
    Phase I the table shows no dice (the faces left from last round are not on offer)."""
    s = _mine_phase_question(50)
    v = s.view(s.to_move())
    assert v["dice_rolled"] is False
    txt = GAME.render_text(v, s.to_move())
    assert "Dice: not rolled yet this round" in txt and "(pool)" not in txt
    fresh = new(2)
    assert fresh.view(0)["dice_rolled"] is True and "(pool)" in GAME.render_text(fresh.view(0), 0)


def test_options_that_spend_nothing_come_first():
    """'Stop moving' after the steps; letting Zorlord use his die before spending a re-roll."""
    s = new(2)
    hold_die(s, 0, move_face(BLUE, 2))
    s.apply(A_USE)
    shown = [ch.label for ch in listed(s.decision().options)]
    assert shown[0].startswith("Blue ship: up") and shown[-1].startswith("Stop moving")
    assert s.legal_actions() == sorted(s.legal_actions())          # the action ids stay as they were
    solo = new(1)
    solo.faces[0], solo.owner[0], solo.die, solo.picks, solo.phase, solo.acting = tech_face(0), 1, 0, 1, ZOR_REROLL, 0
    assert [ch.label for ch in listed(solo.decision().options)][0] == "Let Zorlord use his die"


def test_a_die_that_would_do_nothing_says_why():
    s = new(2)
    s.damage[ORANGE] = s.comp.hearts
    hold_die(s, 0, move_face(ORANGE, 2))
    assert s.action_label(A_USE).endswith("the orange ship is disabled: nothing happens")
    give_tech(s, 0, TRANSFORMER)
    assert "a transformer can give it to another ship" in s.action_label(A_USE)

    s = new(2)
    place(s, 0, BLUE, [(1, 1)])
    for c in range(3):
        mine(s, 0, BLUE, 2, c)
    mine(s, 0, BLUE, 1, 0)
    mine(s, 0, BLUE, 1, 2)
    hold_die(s, 0, move_face(BLUE, 3))
    assert s.action_label(A_USE).endswith("the blue ship has no step open (mines or the Armada rule): nothing happens")
    hold_die(s, 0, attack_face(BLUE))
    assert s.action_label(A_USE).endswith("no step open (mines or the Armada rule); the attack still happens")

    s = new(2)
    s.tech_gained[0] = s.comp.circles
    hold_die(s, 0, tech_face(0))
    assert s.action_label(A_USE).endswith("its technology column is full: nothing is gained")
    hold_die(s, 0, move_face(GREEN, 1))
    assert s.action_label(A_USE) == "Use die 1 (green 1 pip)"          # a usable die has no note

    solo = new(1)
    hold_die(solo, 0, MINE)
    assert s.action_json(A_USE).get("note") is None
    assert solo.action_json(A_USE)["note"] == "the mine die has no use for you in the solo game"


def test_the_end_is_told_in_names_and_places():
    s = play_random(new(2, seed=8), seed=3)
    txt = GAME.render_text(s.view(None), None)
    end = txt.splitlines()[-2:]
    assert end[0].startswith("Game over: ")
    result = end[1]
    assert result.startswith("Result: 1st ")
    for sh in range(2):
        assert f"Player {sh + 1}, {int(s.scores()[sh])} VP" in result
    assert "[" not in "\n".join(end) and f"({s.end_cause})" not in txt
    winners = s.winners()
    if len(winners) == 1:
        assert f"1st Player {winners[0] + 1}" in result and "(winner)" in result

    solo = play_random(new(1, seed=2), seed=1)
    tail = GAME.render_text(solo.view(0), 0).splitlines()[-2:]
    assert tail[0].startswith("Game over: ") and tail[1].startswith("Mission ")


def test_terminal_solo_game_ends_with_words_not_codes():
    res = CliRunner().invoke(app, ["play", "cosmic-run", "--players", "1", "--seats", "heuristic", "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert "Result" in res.output and "Game over: " in res.output
    if "Everybody lost." in res.output:
        line = next(ln for ln in res.output.splitlines() if "Everybody lost." in ln)
        assert "Game over after round" in line
