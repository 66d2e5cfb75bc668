"""The PettingZoo view of multi-player pools: PettingZoo's own parallel API and seed tests on
every multi-player id, and the batched form equal, match by match, to the single-match one."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import parallel_api_test, parallel_seed_test

import parallel_pool
import templates.several_players.registration  # noqa: F401  (the multi-player template's id)

# Every multi-player id with its config: ViZDoom's deathmatch maps (short matches) and the
# multi-player template.
MULTI_PLAYER = [
    ("MultiDuel-v1", 2, {"max_episode_steps": 40}),
    ("Cig-v1", 2, {"max_episode_steps": 40}),
    ("Cig-v1", 3, {"max_episode_steps": 25}),
    ("SeveralPlayers-v0", 3, {}),
]
IDS = [f"{t}-{p}p" for t, p, _ in MULTI_PLAYER]


def test_import_parallel_pool_does_not_import_pettingzoo() -> None:
    code = "import sys, parallel_pool; assert 'pettingzoo' not in sys.modules, 'imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("task_id", "players", "config"), MULTI_PLAYER, ids=IDS)
def test_pettingzoo_parallel_api_test(task_id: str, players: int, config: dict) -> None:
    env = parallel_pool.make_pettingzoo(task_id, num_players=players, seed=3, **config)
    assert env.possible_agents == [f"player_{p}" for p in range(players)]
    parallel_api_test(env, num_cycles=120)
    env.close()


# PettingZoo's seed test runs two matches at once in this process.
@pytest.mark.parametrize(("task_id", "players", "config"), MULTI_PLAYER, ids=IDS)
def test_pettingzoo_parallel_seed_test(task_id: str, players: int, config: dict) -> None:
    parallel_seed_test(lambda: parallel_pool.make_pettingzoo(task_id, num_players=players, **config), num_cycles=60)


def test_a_match_ends_for_every_agent_and_reset_starts_the_next() -> None:
    env = parallel_pool.make_pettingzoo("SeveralPlayers-v0", num_players=2, seed=0)
    env.reset()
    steps = 0
    while env.agents:
        _, rewards, terminations, truncations, infos = env.step({a: 1 for a in env.agents})
        steps += 1
        assert set(rewards) == set(terminations) == set(infos) == {"player_0", "player_1"}
    assert steps == 5  # the template's episode_length
    assert all(terminations.values())
    with pytest.raises(RuntimeError, match="reset"):
        env.step({"player_0": 0, "player_1": 0})
    env.reset()
    assert env.agents == ["player_0", "player_1"]


# Several matches of each kind: a pool's matches claim their player rows in the order they
# finish (ViZDoom's vary from step to step), and the view must still give match m's players.
@pytest.mark.parametrize(
    ("task_id", "players", "config", "matches"),
    [(*MULTI_PLAYER[0], 2), (*MULTI_PLAYER[2], 2), (*MULTI_PLAYER[3], 3)],
    ids=["vizdoom-2p-2-matches", "vizdoom-3p-2-matches", "template-3-matches"],
)
def test_batched_matches_equal_single_matches(task_id: str, players: int, config: dict, matches: int) -> None:
    seed, steps = 5, 60

    # The template's observation starts with its env's id: match m says m, a single match 0.
    def same(got: np.ndarray, want: np.ndarray, m: int, where: str) -> None:
        if task_id == "SeveralPlayers-v0":
            assert got[0] == m, where
            got, want = got[1:], want[1:]
        np.testing.assert_array_equal(got, want, where)

    batch = parallel_pool.make_pettingzoo_batched(
        task_id, num_matches=matches, num_players=players, seed=seed, **config
    )
    singles = [
        parallel_pool.make_pettingzoo(task_id, num_players=players, seed=seed + m, **config) for m in range(matches)
    ]
    agents = batch.possible_agents
    space = batch.action_space(agents[0])
    space.seed(0)
    obs, _ = batch.reset()
    for m, single in enumerate(singles):
        single_obs, _ = single.reset()
        for a in agents:
            same(obs[a][m], single_obs[a], m, f"reset match {m} {a}")
    ended = np.zeros(matches, dtype=bool)
    ends = 0
    for t in range(steps):
        actions = {a: np.stack([space.sample() for _ in range(matches)]) for a in agents}
        obs, rewards, terms, truncs, _ = batch.step(actions)
        for m, single in enumerate(singles):
            where = f"step {t} match {m}"
            if ended[m]:  # the batch's autoreset: the single match is reset by hand
                single_obs, _ = single.reset()
                for a in agents:
                    same(obs[a][m], single_obs[a], m, where)
                    assert rewards[a][m] == 0.0, where
                continue
            s_obs, s_rew, s_term, s_trunc, _ = single.step({a: actions[a][m] for a in agents})
            for a in agents:
                same(obs[a][m], s_obs[a], m, f"{where} {a}")
                assert rewards[a][m] == s_rew[a], f"{where} {a}"
                assert (terms[a][m], truncs[a][m]) == (s_term[a], s_trunc[a]), f"{where} {a}"
        ended = terms[agents[0]] | truncs[agents[0]]
        ends += int(ended.sum())
    assert ends >= matches  # the run crossed match ends
    batch.close()
    for single in singles:
        single.close()


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"num_players": 1}, ValueError, "^num_players: a PettingZoo view is of matches of 2 players"),
        ({"num_players": "2"}, TypeError, "^num_players: expected an int"),
        ({"num_envs": 2}, ValueError, "^num_envs: set by the PettingZoo view"),
        ({"autoreset_mode": "same_step"}, ValueError, "^autoreset_mode: set by the PettingZoo view"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_pettingzoo("SeveralPlayers-v0", **kwargs)


def test_bad_actions_are_clear_errors() -> None:
    env = parallel_pool.make_pettingzoo("SeveralPlayers-v0", num_players=2, seed=0)
    env.reset()
    with pytest.raises(ValueError, match="missing"):
        env.step({"player_0": 0})
    with pytest.raises(ValueError, match="unknown agents"):
        env.step({"player_0": 0, "player_1": 0, "player_7": 0})


# The view's own fuzzer: random call sequences (resets with odd seeds, steps with good and
# bad action dicts, steps after the end, close) on the template's matches; every call either
# works, keeping the view's invariants, or raises a clear ValueError/TypeError/RuntimeError.
ACTION_FORMS = ("valid", "valid", "valid", "missing", "extra", "float", "huge", "array2d", "none", "str")
CALLS = st.one_of(
    st.tuples(st.just("reset"), st.sampled_from((None, 0, 7, 2**31 - 1, -1, 2**40, 1.5, "1"))),
    st.tuples(st.just("step"), st.sampled_from(ACTION_FORMS)),
    st.tuples(st.just("step"), st.just("valid")),
    st.tuples(st.just("close")),
)


def _actions(form: str, agents: list[str]) -> dict:
    valid = dict.fromkeys(agents, 1)
    if form == "missing":
        return dict(list(valid.items())[1:])
    if form == "extra":
        return {**valid, "player_99": 0}
    value = {"float": 0.5, "huge": 2**40, "array2d": np.zeros((2, 2)), "none": None, "str": "x"}.get(form, 1)
    return dict.fromkeys(agents, value)


@settings(max_examples=60, deadline=None)
@given(st.lists(CALLS, min_size=1, max_size=30), st.integers(2, 4))
def test_fuzzed_call_sequences_raise_only_clear_errors(calls: list, players: int) -> None:
    env = parallel_pool.make_pettingzoo("SeveralPlayers-v0", num_players=players, seed=0)
    closed, started = False, False
    for call in calls:
        try:
            if call[0] == "reset":
                env.reset(seed=call[1])
                started = True
                assert env.agents == env.possible_agents
            elif call[0] == "step":
                agents = env.agents or env.possible_agents
                out = env.step(_actions(call[1], agents))
                assert all(set(part) == set(env.possible_agents) for part in out)
                ended = next(iter(out[2].values())) or next(iter(out[3].values()))
                assert env.agents == ([] if ended else env.possible_agents)
            else:
                env.close()
                closed = True
        except (ValueError, TypeError, RuntimeError) as error:
            assert str(error), call  # a message saying what was wrong
            if call[0] == "step" and call[1] == "valid" and started and env.agents and not closed:
                raise AssertionError(f"a valid step was refused: {error}") from error
    if not closed:
        env.close()
