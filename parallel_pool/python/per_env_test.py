"""Config values per env: env i of a pool made with `key=[v0, v1, ...]` runs exactly as a pool
of one env made with `key=vi` (and its seed), in every family; keys that change the spaces or
shape the pool are refused, naming the key."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import parallel_pool

# (task, per-env values, other config): keys of every family that leave the spaces alone.
CASES = [
    ("Pendulum-v1", {"g": [9.81, 3.72, 1.62]}, {}),
    ("CartPole-v1", {"sutton_barto_reward": [True, False]}, {}),
    ("MountainCar-v0", {"max_episode_steps": [7, 30, 12]}, {}),
    ("FrozenLake-v1", {"is_slippery": [True, False, True]}, {}),
    ("Breakout-v5", {"repeat_action_probability": [0.0, 0.25], "frame_skip": [4, 2]}, {}),
    ("Pong-v5", {"mode": [0, 1], "difficulty": [1, 0]}, {}),
    ("Hopper-v5", {"forward_reward_weight": [1.0, 2.5], "ctrl_cost_weight": [1e-3, 0.1]}, {}),
    ("HalfCheetah-v5", {"reset_noise_scale": [0.1, 0.5, 0.0]}, {}),
    ("CheetahRun-v1", {"max_episode_steps": [20, 9]}, {}),
    ("LunarLander-v3", {"gravity": [-10.0, -3.5], "enable_wind": [False, True]}, {}),
    ("MiniGrid-DoorKey-8x8-v0", {"see_through_walls": [False, True], "max_episode_steps": [40, 15]}, {}),
    ("Basic-v1", {"frame_skip": [1, 4]}, {"max_episode_steps": 25}),
]
STEPS = 40


def row(value: Any, i: int) -> Any:
    if value is None:
        return None
    if isinstance(value, dict):
        return {k: row(v, i) for k, v in value.items()}
    return np.asarray(value)[i]


def assert_same(a: Any, b: Any, where: str) -> None:
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for k in a:
            assert_same(a[k], b[k], f"{where} {k}")
    else:
        np.testing.assert_array_equal(a, b, where)


@pytest.mark.parametrize(("task_id", "per_env", "config"), CASES, ids=[c[0] for c in CASES])
def test_each_env_runs_as_a_pool_of_one_with_its_value(task_id: str, per_env: dict, config: dict) -> None:
    n = len(next(iter(per_env.values())))
    seed = 11
    pool = parallel_pool.make_vec(task_id, num_envs=n, seed=seed, **per_env, **config)
    for key, values in per_env.items():
        assert pool.config[key] == values, key
    # The same actions in both: each one-env pool draws its env's actions from the same space
    # sample stream, so draw once for the whole pool and replay env i's column.
    space = pool.single_action_space
    space.seed(seed)
    actions = [np.stack([space.sample() for _ in range(n)]) for _ in range(STEPS)]
    got = [(pool.reset()[0], None, None, None)] + [pool.step(a)[:4] for a in actions]
    pool.close()
    for i in range(n):
        one = parallel_pool.make_vec(
            task_id, num_envs=1, seed=seed + i, **{k: v[i] for k, v in per_env.items()}, **config
        )
        want = [(one.reset()[0], None, None, None)] + [one.step(a[i : i + 1])[:4] for a in actions]
        one.close()
        for t, (g, w) in enumerate(zip(got, want, strict=True)):
            for name, gv, wv in zip(("obs", "reward", "terminated", "truncated"), g, w, strict=True):
                assert_same(row(gv, i), row(wv, 0), f"{task_id} env {i} step {t} {name}")


@pytest.mark.parametrize("env_type", ["gym", "dm"])
def test_every_flavour_takes_per_env_values(env_type: str) -> None:
    env = parallel_pool.make("Pendulum-v1", env_type, num_envs=2, seed=0, g=[1.0, 20.0], max_episode_steps=[5, 9])
    assert env.config["g"] == [1.0, 20.0]
    env.reset()
    steps = 0
    while True:
        steps += 1
        out = env.step(np.zeros((2, 1), np.float32))
        last = out.last() if env_type == "dm" else out[2] | out[3]
        if last[0]:
            break
    assert steps == 5


def test_async_pool_and_reset_with_seeds_keep_each_envs_value() -> None:
    values = [2.0, 9.81, 15.0, 30.0]
    env = parallel_pool.make_vec("Pendulum-v1", num_envs=4, batch_size=2, seed=0, g=values)
    ref = parallel_pool.make_vec("Pendulum-v1", num_envs=4, seed=0, g=values)
    env.async_reset()
    obs = {}
    for _ in range(2):
        o, _, _, _, info = env.recv()
        obs.update({int(e): o[k] for k, e in enumerate(info["env_id"])})
    ref_obs, _ = ref.reset()
    for i in range(4):
        np.testing.assert_array_equal(obs[i], ref_obs[i])
    # reset(seed=...) re-seeds; the config stays each env's.
    a, _ = ref.reset(seed=[5, 6, 7, 8])
    ref.step(np.ones((4, 1), np.float32))
    for i, g in enumerate(values):
        one = parallel_pool.make_vec("Pendulum-v1", num_envs=1, seed=0, g=g)
        b, _ = one.reset(seed=5 + i)
        np.testing.assert_array_equal(a[i], b[0])


@pytest.mark.parametrize(
    ("task_id", "kwargs", "error", "match"),
    [
        (
            "Pendulum-v1",
            {"num_envs": 3, "g": [1.0, 2.0]},
            ValueError,
            r"^g: expected one value per env \(num_envs = 3\), got 2 values",
        ),
        ("Pendulum-v1", {"num_envs": 2, "g": []}, ValueError, "^g: expected one value per env"),
        ("Pendulum-v1", {"num_envs": 2, "g": [1.0, "x"]}, TypeError, r"^g\[1\]: expected a float"),
        ("Pendulum-v1", {"num_envs": 2, "max_episode_steps": [5, 0]}, ValueError, r"^max_episode_steps\[1\]"),
        ("Pendulum-v1", {"num_envs": 2, "num_threads": [1, 1]}, ValueError, "^num_threads: one value for the whole"),
        ("Pong-v5", {"num_envs": 2, "img_height": [84, 64]}, ValueError, "^img_height: env 1's value changes"),
        ("Pong-v5", {"num_envs": 2, "stack_num": [4, 2]}, ValueError, "^stack_num: env 1's value changes"),
        (
            "HalfCheetah-v5",
            {"num_envs": 2, "exclude_current_positions_from_observation": [True, False]},
            ValueError,
            "^exclude_current_positions_from_observation: env 1's value changes",
        ),
        ("MiniGrid-Empty-5x5-v0", {"num_envs": 2, "agent_view_size": [7, 5]}, ValueError, "^agent_view_size: env 1"),
    ],
)
def test_bad_per_env_values_are_clear_errors(task_id: str, kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_vec(task_id, **kwargs)
