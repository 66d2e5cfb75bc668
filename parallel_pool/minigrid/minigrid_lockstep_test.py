"""The minigrid family against the minigrid package (3.2.0), seed for seed.

Nothing is synced: env i of a pool made with seed=s must run exactly the episodes of
minigrid's env after reset(seed=s + i): the same grid, objects, agent start and
mission, then, on the same actions, the same observations (the encoded partial view,
the direction, the mission), agent positions, rewards, terminated and truncated at
every step, and across episode ends (the pool's next-step autoreset gives minigrid's
reset() without a seed) for every registered id.
"""

from __future__ import annotations

import gymnasium
import minigrid  # noqa: F401  (registers minigrid's ids with gymnasium)
import numpy as np
import pytest
from minigrid.wrappers import FullyObsWrapper

import parallel_pool
from parallel_pool.minigrid import decode_mission

IDS = sorted(t for t in parallel_pool.list_all_envs() if t.startswith(("MiniGrid-", "BabyAI-")))
NUM_ENVS = 4
STEPS = 300
# The episodes' limit (minigrid's max_steps, the pool's max_episode_steps): short
# enough that every env also ends episodes by truncation and is autoreset.
MAX_STEPS = 60


def assert_same_obs(obs: dict, i: int, ref_obs: dict, ref: gymnasium.Env, where: str) -> None:
    np.testing.assert_array_equal(obs["image"][i], ref_obs["image"], where)
    assert int(obs["direction"][i]) == ref_obs["direction"], where
    assert decode_mission(obs["mission"][i]) == ref_obs["mission"], where


def fixed_max_steps(task_id: str, max_steps: int) -> dict:
    """The config of minigrid's `max_steps=...`: a fixed limit, also for BabyAI's level generator
    ids, whose limit is otherwise each mission's own."""
    per_mission = parallel_pool.make_spec(task_id).config.mission_max_steps
    return {"max_episode_steps": max_steps, **({"mission_max_steps": False} if per_mission else {})}


def run_lockstep(task_id: str, env: object, refs: list, seed: int, steps: int) -> dict:
    """Steps the pool and minigrid's envs on the same random actions; returns how episodes ended."""
    obs, info = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, _ = ref.reset(seed=seed + i)
        assert_same_obs(obs, i, ref_obs, ref, f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)
    num_envs = len(refs)
    n_actions = int(env.single_action_space.n)
    assert n_actions == refs[0].action_space.n
    done = np.zeros(num_envs, dtype=bool)
    endings = {"goal": 0, "other": 0, "truncated": 0}
    for t in range(steps):
        # Forward most often, so that goals, lava and doors are reached.
        if n_actions == 7:
            actions = rng.choice(7, num_envs, p=[0.15, 0.15, 0.4, 0.1, 0.05, 0.1, 0.05])
        else:
            actions = rng.choice(n_actions, num_envs, p=[0.25, 0.25, 0.5])
        obs, rew, term, trunc, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"{task_id} env {i} step {t}"
            if done[i]:
                ref_obs, _ = ref.reset()
                assert_same_obs(obs, i, ref_obs, ref, where + " (autoreset)")
                assert (rew[i], term[i], trunc[i]) == (0.0, False, False), where
                continue
            ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(int(actions[i]))
            assert_same_obs(obs, i, ref_obs, ref, where)
            assert np.float64(ref_rew).tobytes() == np.float64(rew[i]).tobytes(), (where, rew[i], ref_rew)
            assert (bool(term[i]), bool(trunc[i])) == (ref_term, ref_trunc), where
            if ref_trunc:
                endings["truncated"] += 1
            elif ref_term:
                endings["goal" if ref_rew > 0 else "other"] += 1
        done = term | trunc
    return endings


@pytest.mark.parametrize("task_id", IDS)
def test_episodes_equal_minigrids(task_id: str) -> None:
    seed = sum(map(ord, task_id)) % 1000
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, **fixed_max_steps(task_id, MAX_STEPS))
    refs = [gymnasium.make(task_id, max_steps=MAX_STEPS).unwrapped for _ in range(NUM_ENVS)]
    endings = run_lockstep(task_id, env, refs, seed, STEPS)
    assert sum(endings.values()) >= NUM_ENVS, endings


# Level generator ids in small mazes, whose missions' own limits (RoomGridLevel's navigations x
# cells: 100 to 800 steps) end episodes within the run.
MISSION_LIMIT_IDS = ["BabyAI-GoToSeqS5R2-v0", "BabyAI-MiniBossLevel-v0"]


@pytest.mark.parametrize("task_id", MISSION_LIMIT_IDS)
def test_mission_time_limits_equal_minigrids(task_id: str) -> None:
    """As registered (no max_steps): each episode is truncated, and its reward scaled, at its own
    mission's limit, as minigrid's RoomGridLevel sets it after every reset."""
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=7)
    refs = [gymnasium.make(task_id).unwrapped for _ in range(2)]
    endings = run_lockstep(task_id, env, refs, 7, 1500)
    assert endings["truncated"] >= 2, endings


@pytest.mark.parametrize("task_id", IDS)
def test_first_observations_on_many_seeds(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=16, seed=1000)
    obs, info = env.reset()
    ref = gymnasium.make(task_id).unwrapped
    for i in range(16):
        ref_obs, _ = ref.reset(seed=1000 + i)
        assert_same_obs(obs, i, ref_obs, ref, f"{task_id} env {i}")
        assert tuple(info["agent_pos"][i]) == tuple(int(v) for v in ref.agent_pos), f"{task_id} env {i}"


@pytest.mark.parametrize("task_id", IDS)
def test_fully_observable_equals_minigrids_fully_obs_wrapper(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=50, fully_observable=True)
    refs = [FullyObsWrapper(gymnasium.make(task_id)) for _ in range(2)]
    assert env.single_observation_space["image"] == refs[0].observation_space["image"]
    obs, _ = env.reset()
    for i, ref in enumerate(refs):
        np.testing.assert_array_equal(obs["image"][i], ref.reset(seed=50 + i)[0]["image"], f"{task_id} env {i}")
    rng = np.random.default_rng(0)
    done = np.zeros(2, dtype=bool)
    for t in range(60):
        actions = rng.integers(0, env.single_action_space.n, 2)
        obs, _, term, trunc, _ = env.step(actions)
        for i, ref in enumerate(refs):
            ref_obs = ref.reset()[0] if done[i] else ref.step(int(actions[i]))[0]
            np.testing.assert_array_equal(obs["image"][i], ref_obs["image"], f"{task_id} env {i} step {t}")
        done = term | trunc
