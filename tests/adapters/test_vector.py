"""The self-play vector environment and the reward options."""

import gymnasium  # noqa: F401  (installed by the test command)
import numpy as np
import pytest

from cosmodrome.adapters.rewards import rewards_of  # noqa: E402
from cosmodrome.adapters.tensor import schema_for  # noqa: E402
from cosmodrome.adapters.vector import VectorEnv  # noqa: E402
from cosmodrome.core import IllegalActionError, OptionError, Rng, get_game  # noqa: E402


def test_vector_env_steps_every_game_and_matches_the_engine():
    v = VectorEnv("venus", num_envs=4, players=2)
    obs, info = v.reset(seed=10)
    games = [get_game("venus").new_state(2, 10 + i) for i in range(4)]
    lay = schema_for(get_game("venus"), 2)
    rng = Rng(3)
    for _ in range(30):
        for i, s in enumerate(games):
            seat = s.to_move()
            assert info["to_move"][i] == seat
            assert np.array_equal(obs[i], lay.encode(s.view(seat)))
            assert list(np.flatnonzero(info["action_mask"][i])) == s.legal_actions()
        acts = [s.legal_actions()[rng.below(len(s.legal_actions()))] for s in games]
        for s, a in zip(games, acts):
            s.apply(a)
        obs, reward, term, trunc, info = v.step(np.array(acts))
        assert not term.any() and not reward.any()


def test_finished_games_pay_and_are_dealt_again():
    v = VectorEnv("pocket-race", num_envs=2, players=2)
    obs, info = v.reset(seed=0)
    ended = 0
    for _ in range(40):
        obs, reward, term, trunc, info = v.step(info["action_mask"].argmax(axis=1))
        for i in np.flatnonzero(term):
            ended += 1
            assert info["returns"][i].sum() == pytest.approx(1.0)  # win shares
            assert not v.states[i].is_terminal()  # dealt again at once
    assert ended >= 2


def test_bad_actions_and_options():
    v = VectorEnv("pocket-race", num_envs=2, players=2)
    obs, info = v.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"game 0: action {bad} is not legal"):
        v.step(np.array([bad, 0]))
    with pytest.raises(IllegalActionError, match="one action per game"):
        v.step(np.array([0]))
    with pytest.raises(IllegalActionError, match="whole numbers"):
        v.step(np.array([0.0, 1.0]))
    # a bad action in the last game is refused before the first one moves: nothing changes
    good = int(np.flatnonzero(info["action_mask"][0])[0])
    bad1 = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    before = [s.view(None) for s in v.states]
    with pytest.raises(IllegalActionError, match=f"game 1: action {bad1} is not legal"):
        v.step(np.array([good, bad1]))
    assert [s.view(None) for s in v.states] == before
    v.step(np.array([good, int(np.flatnonzero(info["action_mask"][1])[0])]))
    assert v.states[0].view(None) != before[0]   # a legal step moves on
    with pytest.raises(OptionError, match="reward"):
        VectorEnv("pocket-race", reward="money")
    with pytest.raises(OptionError, match="num_envs"):
        VectorEnv("pocket-race", num_envs=0)


def test_vp_difference_reward_is_the_margin():
    game = get_game("venus")
    s = game.new_state(3, seed=4)
    rng = Rng(1)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    vp = s.scores()
    r = rewards_of(s, "vp_difference", vp_scale=1.0)
    for p in range(3):
        assert r[p] == vp[p] - max(vp[q] for q in range(3) if q != p)
    assert rewards_of(s, "win_share") == [float(x) for x in s.returns()]
    with pytest.raises(OptionError):
        rewards_of(s, "nothing")


def test_environments_take_the_reward_option():
    from cosmodrome.adapters.gymnasium import make_env
    from cosmodrome.adapters.pettingzoo import raw_env

    e = raw_env("venus", players=2, reward="vp_difference")
    e.reset(seed=3)
    rng = Rng(2)
    while not e.state.is_terminal():
        legal = e.state.legal_actions()
        e.step(legal[rng.below(len(legal))])
    vp = e.state.scores()
    assert e.rewards["player_0"] == pytest.approx((vp[0] - vp[1]) / 10.0)
    assert e.metadata["observation_version"] == "venus-v1"
    with pytest.raises(OptionError, match="reward"):
        raw_env("venus", reward="gold")
    with pytest.raises(OptionError, match="reward"):
        make_env("venus", reward="gold")
    assert make_env("venus", players=2).metadata["observation_version"] == "venus-v1"


def test_final_observations_follow_gymnasiums_same_step_autoreset():
    """The keys Gymnasium's own vector environments give on an episode's end: the final
    observation of the seat that acted, every seat's returns and final observations."""
    v = VectorEnv("pocket-race", num_envs=3, players=2)
    layout = v.layout
    obs, info = v.reset(seed=0)
    assert v.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    ended = 0
    for _ in range(30):
        before = [s.clone() for s in v.states]
        acts = info["action_mask"].argmax(axis=1)
        seats = info["to_move"].copy()
        obs, reward, term, trunc, info = v.step(acts)
        if not term.any():
            assert "final_obs" not in info
            continue
        assert (info["_final_obs"] == term).all() and (info["_final_info"] == term).all()
        for i in range(3):
            if not term[i]:
                assert info["final_obs"][i] is None
                continue
            ended += 1
            end = before[i]
            end.apply(int(acts[i]))
            assert end.is_terminal()
            fi = info["final_info"]    # batched arrays, each with its mask, as Gymnasium's own
            assert fi["seat"][i] == seats[i] and list(fi["returns"][i]) == list(end.returns())
            assert reward[i] == end.returns()[seats[i]]
            assert np.array_equal(info["final_obs"][i], layout.observe(end, int(seats[i])))
            for p in range(2):
                assert np.array_equal(fi["observations"][i][p], layout.observe(end, p))
            assert not np.array_equal(obs[i], info["final_obs"][i])   # the new game's first
        for key in ("returns", "seat", "observations"):
            assert (info["final_info"][f"_{key}"] == term).all()
    assert ended >= 2


def test_final_info_has_the_layout_of_gymnasiums_sync_vector_env():
    """A step where games end gives the same keys, shapes, types and masks as Gymnasium's
    ``SyncVectorEnv`` in same-step autoreset gives for single environments reporting the
    same final info: code written for Gymnasium's vector environments reads it as is."""
    v = VectorEnv("pocket-race", num_envs=3, players=2)
    obs, info = v.reset(seed=0)
    for _ in range(60):
        obs, reward, term, trunc, info = v.step(info["action_mask"].argmax(axis=1))
        if term.any():
            break
    assert term.any()
    # what SyncVectorEnv builds from each ended game's own info (its step() calls _add_info)
    ref: dict = {}
    ref = gymnasium.vector.VectorEnv._add_info(v, ref, {}, 0)
    for i in np.flatnonzero(term):
        ref = gymnasium.vector.VectorEnv._add_info(v, ref, {
            "final_obs": info["final_obs"][i],
            "final_info": {"returns": info["final_info"]["returns"][i], "seat": int(info["final_info"]["seat"][i]),
                           "observations": info["final_info"]["observations"][i]}}, int(i))
    assert set(ref["final_info"]) == set(info["final_info"]) == {
        "returns", "_returns", "seat", "_seat", "observations", "_observations"}
    for key, value in ref["final_info"].items():
        got = info["final_info"][key]
        assert got.shape == value.shape and got.dtype == value.dtype, key
        np.testing.assert_array_equal(got, value)
    assert info["final_info"]["returns"].shape == (3, 2)
    assert info["final_info"]["observations"].shape == (3, 2, v.layout.size)
    assert (info["_final_info"] == term).all() and (info["_final_obs"] == term).all()


def test_an_observer_keeps_its_own_row_and_the_vector_env_its_rows_right():
    """An incremental observer given a row (``Layout.observer(into=row)``) writes that row in
    place, with the same entries as a fresh encoding, along a game; the vector environment's
    observations (each game's observer keeping its row) match fresh encodings too."""
    g = get_game("venus")
    layout = schema_for(g, 2)
    row = np.zeros(layout.size, dtype=np.float32)
    obs = layout.observer(row)
    s, rng = g.new_state(2, 3), Rng(5)
    for _ in range(60):
        seat = s.to_move()
        assert obs.observe(s, seat, row) is row
        np.testing.assert_array_equal(row, layout.observe(s, seat))
        s.apply(rng.choice(s.legal_actions()))
    venv = VectorEnv("venus", num_envs=3, players=2)
    o, info = venv.reset(seed=2)
    for _ in range(30):
        for i, st in enumerate(venv.states):
            np.testing.assert_array_equal(o[i], layout.observe(st, st.to_move()))
        o, *_, info = venv.step(np.array([venv._legal[i][0] for i in range(3)]))


def test_venus_final_observations_are_fresh_encodings_of_the_end():
    """A finished game's final observations are written by its slot's incremental observer
    (before the next deal): each seat's row is the fresh encoding of the terminal position,
    the masks and the next game's first observation stay right."""
    v = VectorEnv("venus", num_envs=2, players=2)
    layout = v.layout
    obs, info = v.reset(seed=4)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(1500):
        before = [s.clone() for s in v.states]
        legal = [np.flatnonzero(m) for m in info["action_mask"]]
        acts = np.array([lg[rng.integers(len(lg))] for lg in legal])
        seats = info["to_move"].copy()
        obs, reward, term, trunc, info = v.step(acts)
        for i in np.flatnonzero(term):
            ended += 1
            end = before[i]
            end.apply(int(acts[i]))
            assert end.is_terminal()
            fi = info["final_info"]
            np.testing.assert_array_equal(info["final_obs"][i], layout.observe(end, int(seats[i])))
            for p in range(2):
                np.testing.assert_array_equal(fi["observations"][i][p], layout.observe(end, p))
        for i, st in enumerate(v.states):
            np.testing.assert_array_equal(obs[i], layout.observe(st, st.to_move()))
            assert list(np.flatnonzero(info["action_mask"][i])) == st.legal_actions()
        if ended >= 2:
            break
    assert ended >= 2


def test_the_seat_relative_vector_env_gives_each_seat_its_own_relative_observation():
    """``observation="seat_relative"``: every row (and every final observation) is the
    seat-relative encoding of its position for the seat it is for, as the PettingZoo and
    Gymnasium environments give it; the default rows are unchanged."""
    from cosmodrome.adapters.tensor import seat_relative
    v = VectorEnv("venus", num_envs=3, players=3, observation="seat_relative")
    plain = VectorEnv("venus", num_envs=3, players=3)
    rel = seat_relative(get_game("venus"), 3)
    assert v.metadata["observation_version"] == plain.metadata["observation_version"] + "+seat-relative"
    obs, info = v.reset(seed=5)
    pobs, pinfo = plain.reset(seed=5)
    rng = np.random.default_rng(1)
    differed = ended = 0
    for _ in range(2500):
        for i, st in enumerate(v.states):
            seat = st.to_move()
            np.testing.assert_array_equal(obs[i], rel.observe(st, seat))
            np.testing.assert_array_equal(pobs[i], plain.layout.observe(st, seat))
            differed += seat != 0 and not np.array_equal(obs[i], pobs[i])
        before = [s.clone() for s in v.states]
        seats = info["to_move"].copy()
        acts = np.array([lg[rng.integers(len(lg))] for lg in (np.flatnonzero(m) for m in info["action_mask"])])
        obs, reward, term, trunc, info = v.step(acts)
        pobs, *_ = plain.step(acts)
        for i in np.flatnonzero(term):
            ended += 1
            end = before[i]
            end.apply(int(acts[i]))
            np.testing.assert_array_equal(info["final_obs"][i], rel.observe(end, int(seats[i])))
            for p in range(3):
                np.testing.assert_array_equal(info["final_info"]["observations"][i][p], rel.observe(end, p))
        if ended:
            break
    assert ended and differed
    with pytest.raises(OptionError, match="observation must be one of view, seat_relative"):
        VectorEnv("venus", num_envs=2, observation="perfect_recall")
