"""Checks of EnvPool's API flavours that several families' (and the pool's) tests make alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import parallel_pool


def assert_gym_api(
    env: Any,
    obs_shape: tuple[int, ...],
    obs_dtype: Any,
    actions: Callable[[], np.ndarray],
    info_dtypes: dict[str, Any],
    steps: int = 3,
) -> None:
    """The gym or gymnasium flavour of a pool made with `lockstep_info=True`, every env
    given (so the gymnasium flavour's info has EnvPool's keys too): reset(ids), then
    `steps` steps of `actions()`. Observations of `obs_shape` and `obs_dtype`, float32
    rewards (EnvPool's dtype), bool terminated and truncated, env_id and elapsed_step
    counting, and each info key of `info_dtypes` in its dtype after the reset and every
    step. Closes the pool."""
    ids = env.all_env_ids
    num_envs = len(ids)
    obs, info = env.reset(ids)
    assert obs.shape == (num_envs, *obs_shape) and obs.dtype == obs_dtype, (obs.shape, obs.dtype)
    np.testing.assert_array_equal(info["env_id"], np.arange(num_envs))
    for key, dtype in info_dtypes.items():
        assert info[key].dtype == dtype, (key, info[key].dtype)
    for t in range(1, steps + 1):
        obs, rew, term, trunc, info = env.step(actions(), ids)
        assert obs.shape == (num_envs, *obs_shape) and obs.dtype == obs_dtype, (t, obs.shape, obs.dtype)
        assert rew.shape == (num_envs,) and rew.dtype == np.float32  # EnvPool's reward dtype
        assert term.dtype == np.bool_ and trunc.dtype == np.bool_
        np.testing.assert_array_equal(info["elapsed_step"], [t] * num_envs)
        for key, dtype in info_dtypes.items():
            assert info[key].dtype == dtype, (t, key, info[key].dtype)
    env.close()


def assert_dm_api(env: Any, obs_shape: tuple[int, ...], obs_dtype: Any, actions: np.ndarray) -> None:
    """The dm flavour of a pool: reset() gives FIRST step types, one step of `actions`
    MID ones with discount 1 and a reward per env; observations of `obs_shape` and
    `obs_dtype` on both. Closes the pool."""
    num_envs = len(env.all_env_ids)
    ts = env.reset()
    np.testing.assert_array_equal(ts.step_type, [0] * num_envs)
    obs = ts.observation.obs
    assert obs.shape == (num_envs, *obs_shape) and obs.dtype == obs_dtype, (obs.shape, obs.dtype)
    ts = env.step(actions)
    assert ts.reward.shape == (num_envs,)
    np.testing.assert_array_equal(ts.discount, [1.0] * num_envs)
    np.testing.assert_array_equal(ts.step_type, [1] * num_envs)
    obs = ts.observation.obs
    assert obs.shape == (num_envs, *obs_shape) and obs.dtype == obs_dtype, (obs.shape, obs.dtype)
    env.close()


def assert_default_info_is_references(task_id: str, ref: gymnasium.Env) -> set[str]:
    """A default pool's info keys after a step (less gymnasium's `_key` masks) are those
    of `ref`'s step info: no test scaffolding. Returns them."""
    ref.reset(seed=0)
    ref_info = ref.step(ref.action_space.sample())[4]
    env = parallel_pool.make_vec(task_id, num_envs=2)
    env.reset()
    info = env.step(np.stack([env.single_action_space.sample() for _ in range(2)]))[4]
    keys = {k for k in info if not k.startswith("_")}
    assert keys == set(ref_info), (keys, set(ref_info))
    env.close()
    return keys


def assert_polled_recv_returns_each_env_once(env: Any, actions: np.ndarray, timeout: float, batch_size: int) -> None:
    """An async pool of the core's CounterEnv (observation column 1: the env's elapsed
    steps), every env just reset and received: `actions` sent to every env, then
    recv(timeout=timeout) polled until each env came back. Each batch holds
    `batch_size` envs one step on, each env comes back exactly once, and at least one
    poll timed out on the way."""
    num_envs = len(actions)
    env.send(actions, np.arange(num_envs, dtype=np.int32))
    seen: list[int] = []
    timeouts = 0
    while len(seen) < num_envs:
        try:
            obs, _, _, _, info = env.recv(timeout=timeout)
        except TimeoutError:
            timeouts += 1
            continue
        assert obs[:, 1].tolist() == [1] * batch_size
        seen += info["env_id"].tolist()
    assert sorted(seen) == list(range(num_envs)) and timeouts > 0, (seen, timeouts)
