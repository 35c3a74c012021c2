"""The terminal table of panes (``cosmodrome play`` on a terminal), driven through Textual's
pilot as a person would: typing numbers and commands, pressing Enter."""

import asyncio

import pytest
from textual.widgets import Input, OptionList, RichLog, Static

from cosmodrome.cli.session import Session
from cosmodrome.cli.tui import TableApp
from cosmodrome.core import GameRecord, get_game

GAMES = [("venus", 3), ("cosmic-run", 2), ("moon", 2), ("mars", 2)]
PANES = ("#seats", "#board", "#log", "#prompt", "#options", "#advice", "#message", "#hand", "#legend")


def table(game, players, plan=None, seed=1, options=None):
    record, state = GameRecord.start(game, players, seed, options or {})
    plan = plan or ["human"] + ["random"] * (players - 1)
    return TableApp(Session(record, state, plan, seed, advisor_seconds=0.1))


def play_with(app, script, size=(180, 60)):
    """Run ``app`` headless and hand its pilot to the coroutine function ``script``."""
    async def main():
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await script(app, pilot)
    asyncio.run(main())


async def settle(app, pilot):
    """Let bots and the advisor finish, and the screen catch up."""
    await app.workers.wait_for_complete()
    await pilot.pause()


async def typed(app, pilot, line):
    """Type ``line`` on the command line and press Enter."""
    app.query_one("#command", Input).value = line
    await pilot.press("enter")
    await settle(app, pilot)


def panes(app):
    return {p: app.query_one(p) for p in PANES}


def board(app):
    return app.texts["board"]


@pytest.mark.parametrize("game, players", GAMES)
def test_a_few_decisions_of_each_game_update_the_panes_in_place(game, players):
    app = table(game, players)

    async def script(app, pilot):
        before = panes(app)
        state = app.session.state
        assert state.to_move() == 0 and app.texts["prompt"]
        first_prompt, first_log = app.texts["prompt"], app.texts["log"]
        boards, played = [board(app)], 0
        while played < 4 or len(set(boards)) == 1:   # a few decisions, at least one that shows
            assert played < 40 and not app.session.state.is_terminal()
            n = len(app.session.record.actions)
            await typed(app, pilot, "1")
            assert len(app.session.record.actions) > n
            played += 1
            boards.append(board(app))
        # the same widgets, their contents new: nothing was re-created
        assert all(panes(app)[p] is w for p, w in before.items())
        assert (app.texts["prompt"], app.texts["log"]) != (first_prompt, first_log)
        log = app.query_one("#log", RichLog)
        assert len(log.lines) > 0
        # the options pane lists the decision now asked
        d = app.session.state.decision()
        assert app.query_one("#options", OptionList).option_count == len(d.options)
        assert d.prompt in app.texts["prompt"]
        # the prompt is said once: not again inside the board pane
        assert d.prompt not in board(app)

    play_with(app, script)


@pytest.mark.parametrize("game, players", GAMES)
def test_the_legend_explains_each_games_symbols(game, players):
    app = table(game, players)
    legend = get_game(game).legend
    assert legend, f"{game} offers no legend"

    async def script(app, pilot):
        shown = app.texts["legend"]
        for sym, meaning in legend:
            assert sym in shown and meaning in shown
        rendered = app.query_one("#legend", Static).content
        assert rendered.row_count == len(legend)

    play_with(app, script)


def test_cosmic_run_legend_covers_the_sheet_symbols():
    symbols = " ".join(sym for sym, _ in get_game("cosmic-run").legend)
    for mark in ("o", "#", "|", "-", "/", "~", "X", "@", "♥", "x", "S", "P", "R"):
        assert mark in symbols


@pytest.mark.slow   # some 130 decisions, each drawn on the headless screen
def test_a_whole_cosmic_run_game_against_a_random_bot():
    app = table("cosmic-run", 2, seed=5)

    async def script(app, pilot):
        for _ in range(400):
            if app.session.state.is_terminal():
                break
            await typed(app, pilot, "1")
        state = app.session.state
        assert state.is_terminal()
        assert app.texts["prompt"].startswith("Game over.")
        assert "Result" in app.texts["advice"]
        assert app.session.record.replay().is_terminal()
        await typed(app, pilot, "q")

    play_with(app, script)
    assert app.return_value is True


@pytest.mark.parametrize("line", ["99", "0", "zz", "1 2", "-1"])
def test_bad_input_gives_a_clear_message_and_changes_nothing(line):
    app = table("venus", 2)

    async def script(app, pilot):
        state = app.session.state
        before = (state.to_json(), list(app.session.record.actions), board(app), app.texts["prompt"],
                  app.query_one("#options", OptionList).option_count)
        await typed(app, pilot, line)
        n = len(state.decision().options)
        assert app.texts["message"].startswith(f"Please type a number from 1 to {n}")
        assert repr(line) in app.texts["message"]
        state = app.session.state
        assert before == (state.to_json(), list(app.session.record.actions), board(app), app.texts["prompt"],
                          app.query_one("#options", OptionList).option_count)

    play_with(app, script)


def test_nothing_to_undo_is_refused_and_changes_nothing():
    app = table("cosmic-run", 2)

    async def script(app, pilot):
        before = (app.session.state.to_json(), board(app))
        await typed(app, pilot, "u")
        assert app.texts["message"].startswith("Nothing to undo")
        assert before == (app.session.state.to_json(), board(app))

    play_with(app, script)


def test_undo_takes_back_the_seats_own_decisions():
    app = table("venus", 2, plan=["human", "random"], seed=3)

    async def script(app, pilot):
        s = app.session
        for _ in range(60):   # play on until the human's last decision may be taken back
            await typed(app, pilot, "1")
            if s.undo_start(s.state.to_move()) is not None:
                break
        k = s.undo_start(s.state.to_move())
        assert k is not None
        keep = s.base + k
        expected = s.record.replay(upto=keep)
        await typed(app, pilot, "u")
        assert app.texts["message"].startswith("Took back")
        assert len(s.record.actions) == keep
        assert s.state.to_json() == expected.to_json()
        assert board(app) == app.texts["board"] and s.state.decision().prompt in app.texts["prompt"]

    play_with(app, script)


def test_the_advisor_rates_every_option_with_its_playouts():
    app = table("cosmic-run", 2)

    async def script(app, pilot):
        d = app.session.state.decision()
        await typed(app, pilot, "a")
        advice = app.texts["advice"]
        for ch in d.options:
            assert ch.label in advice
        assert "playouts" in advice and "searched" in app.texts["message"]
        assert not app.session.record.actions   # advice plays nothing

    play_with(app, script)


def test_options_can_be_chosen_with_the_arrow_keys():
    app = table("cosmic-run", 2)

    async def script(app, pilot):
        d = app.session.state.decision()
        app.query_one("#options", OptionList).focus()
        await pilot.press("down", "enter")
        await settle(app, pilot)
        assert app.session.record.actions[0] == d.options[1].action

    play_with(app, script)


def test_hot_seat_hides_the_table_until_the_next_player_takes_the_keyboard():
    app = table("venus", 2, plan=["human", "human"], seed=2)

    async def script(app, pilot):
        s = app.session
        while s.state.to_move() == 0:
            await typed(app, pilot, "1")
        hand1 = s.game.render_hand(s.state.view(1), 1)
        assert hand1 and "Hand over to" in app.texts["prompt"]
        assert hand1 not in app.texts["hand"] and app.texts["log"] == ""
        assert app.query_one("#options", OptionList).option_count == 0
        n = len(s.record.actions)
        await typed(app, pilot, "1")        # Enter (whatever is typed) only uncovers the table
        assert len(s.record.actions) == n
        assert app.texts["hand"] == hand1

    play_with(app, script)


def test_seats_are_shown_in_their_colours():
    app = table("venus", 3)

    async def script(app, pilot):
        seats = app.query_one("#seats", Static).content
        colours = {str(span.style).split()[0] for span in seats.spans}
        assert {get_game("venus").seat_colour(i) for i in range(3)} <= colours
        assert "you" in app.texts["seats"] and "random bot" in app.texts["seats"]

    play_with(app, script)


def test_typed_markup_is_shown_as_typed():
    app = table("cosmic-run", 2)

    async def script(app, pilot):
        await typed(app, pilot, "[bold]x")
        assert "'[bold]x'" in str(app.query_one("#message", Static).content)
        assert not app.session.record.actions

    play_with(app, script)


def test_the_hand_has_a_pane_of_its_own():
    app = table("venus", 2)

    async def script(app, pilot):
        s = app.session
        own = s.game.render_hand(s.state.view(0), 0)
        assert own and app.texts["hand"] == own
        first_card = own.splitlines()[0]
        assert first_card not in board(app)      # the board leaves the hand to its pane
        assert "-- Log" not in board(app)        # and the log to the log pane

    play_with(app, script)


def test_the_panes_titles_help_and_refusals_read_in_hungarian():
    from cosmodrome.i18n import using

    async def script(app, pilot):
        titles = [app.query_one(p).border_title
                  for p in ("#board-pane", "#log", "#decision-pane", "#hand-pane", "#legend-pane")]
        assert titles == ["Tábla — ahogy az 1. játékos látja", "Napló", "Döntés", "Kéz", "Jelmagyarázat"]
        assert app.query_one("#command", Input).placeholder.startswith("szám: választás · a: tanács")
        footer = {a.binding.action: a.binding.description for a in app.active_bindings.values()}
        assert footer["leave"] == "kilépés" and footer["focus_command"] == "parancs beírása"
        await typed(app, pilot, "x")
        assert app.texts["message"].startswith("Írj be egy számot 1 és")
        await typed(app, pilot, "b")
        assert app.texts["message"] == "A tábla ablaka mindig a tábla mostani állását mutatja."
        await typed(app, pilot, "q")

    with using("hu"):   # as `--lang hu` sets it before the table is made
        play_with(table("cosmic-run", 2), script)


def test_the_legend_pane_and_the_board_read_in_the_readers_language():
    # a Hungarian reader met the legend's symbols in English (c3/l2, Incoming, kills)
    from cosmodrome import i18n

    i18n.set_language("hu")
    try:
        app = table("mars", 2)

        async def script(app, pilot):
            shown = app.texts["legend"]
            for word in ("o3/sz2", "Érkezők", "bázistalálatok: n/m", "Fejlesztések", "ölés", "sárga kék vörös"):
                assert word in shown, shown
            for word in ("c3/l2", "Incoming", "base hits", "Upgrades", "kills", "yellow"):
                assert word not in shown, shown
            cells = [str(c) for c in app.query_one("#legend", Static).content.columns[0].cells]
            assert cells[0] == "o3/sz2"
            assert "/sz" in board(app) and "/l" not in board(app)

        play_with(app, script)
    finally:
        i18n.set_language("en")
