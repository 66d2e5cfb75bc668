"""ParallelPoolVecEnv keeps SB3's VecEnv contract, checked against gymnasium's own envs.

The reference is gymnasium's CartPole-v1, one env per index, driven the way SB3's
DummyVecEnv drives its envs (SB3 2.x): step; done = terminated or truncated;
info["TimeLimit.truncated"] = truncated and not terminated; a done env's observation
goes to info["terminal_observation"] and the env is reset at once. Each reference
env starts every episode from the adapter's reset state (`lockstep_info=True` puts
it in the infos); everything after that (dynamics, ends, truncation, the terminal
observations, the dtypes SB3 expects) must match exactly.

Stable-Baselines3 needs torch, which is not in requirements-dev.txt (a CPU torch is
~1 GB installed, PyPI's default one several GB): without it the adapter runs on its
stand-in base and the tests that need SB3 itself are skipped, saying so.
"""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest

from parallel_pool.integrations import sb3
from parallel_pool.integrations.sb3 import ParallelPoolVecEnv
from templates.several_players import registration  # noqa: F401  (SeveralPlayers-v0, an exact test env)

NUM_ENVS = 4
MAX_STEPS = 20  # short episodes: both terminations and truncations happen


class DummyVecEnvReference:
    """gymnasium envs stepped as SB3's DummyVecEnv does, reset into given states."""

    def __init__(self, num_envs: int) -> None:
        self.envs = [gymnasium.make("CartPole-v1", max_episode_steps=MAX_STEPS) for _ in range(num_envs)]

    def reset_into(self, i: int, state: np.ndarray) -> np.ndarray:
        self.envs[i].reset()
        self.envs[i].unwrapped.state = np.array(state, dtype=np.float64)
        return np.array(state, dtype=np.float32)

    def step(self, actions: np.ndarray, next_states: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        """`next_states[i]`: the state env i restarts from if this step ends its episode."""
        obs, rewards, dones, infos = [], [], [], []
        for i, env in enumerate(self.envs):
            o, r, terminated, truncated, info = env.step(int(actions[i]))
            info = {"TimeLimit.truncated": truncated and not terminated}
            if terminated or truncated:
                info["terminal_observation"] = o
                o = self.reset_into(i, next_states[i])
            obs.append(o)
            rewards.append(r)
            dones.append(terminated or truncated)
            infos.append(info)
        return np.array(obs), np.array(rewards, dtype=np.float32), np.array(dones), infos


def test_import_parallel_pool_imports_neither_sb3_nor_torch() -> None:
    code = "import sys, parallel_pool; print(sorted({'stable_baselines3', 'torch'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_steps_match_dummy_vec_env_semantics() -> None:
    venv = ParallelPoolVecEnv("CartPole-v1", num_envs=NUM_ENVS, seed=3, max_episode_steps=MAX_STEPS, lockstep_info=True)
    ref = DummyVecEnvReference(NUM_ENVS)
    obs = venv.reset()
    ref_obs = np.array([ref.reset_into(i, venv.reset_infos[i]["state"]) for i in range(NUM_ENVS)])
    np.testing.assert_array_equal(obs, ref_obs)
    rng = np.random.default_rng(0)
    ends = {"terminated": 0, "truncated": 0}
    for _ in range(300):
        actions = rng.integers(0, 2, size=NUM_ENVS)  # int64, as SB3 passes Discrete actions
        obs, rewards, dones, infos = venv.step(actions)
        next_states = [venv.reset_infos[i]["state"] for i in range(NUM_ENVS)]
        ref_obs, ref_rewards, ref_dones, ref_infos = ref.step(actions, next_states)
        assert obs.dtype == np.float32 and rewards.dtype == np.float32 and dones.dtype == np.bool_
        np.testing.assert_array_equal(obs, ref_obs)
        np.testing.assert_array_equal(rewards, ref_rewards)
        np.testing.assert_array_equal(dones, ref_dones)
        assert len(infos) == NUM_ENVS
        for i in range(NUM_ENVS):
            assert infos[i]["TimeLimit.truncated"] == ref_infos[i]["TimeLimit.truncated"]
            assert ("terminal_observation" in infos[i]) == dones[i]
            if dones[i]:
                np.testing.assert_array_equal(infos[i]["terminal_observation"], ref_infos[i]["terminal_observation"])
                ends["truncated" if infos[i]["TimeLimit.truncated"] else "terminated"] += 1
            # DummyVecEnv's keys: the env's info (here lockstep_info's state) and SB3's own.
            assert set(infos[i]) - {"terminal_observation"} == {"state", "TimeLimit.truncated"}
    assert ends["terminated"] > 10 and ends["truncated"] > 10, ends
    venv.close()


def test_seed_restarts_the_envs_with_those_seeds_at_the_next_reset() -> None:
    venv = ParallelPoolVecEnv("CartPole-v1", num_envs=3, seed=0)
    first = venv.reset()
    assert venv.seed(7) == [7, 8, 9]
    reseeded = venv.reset()
    assert venv.get_attr("np_random_seed") == [7, 8, 9]
    direct = ParallelPoolVecEnv("CartPole-v1", num_envs=3, seed=7).reset()
    np.testing.assert_array_equal(reseeded, direct)
    assert not np.array_equal(first, reseeded)
    venv.close()


def test_attributes_methods_and_wrappers() -> None:
    venv = ParallelPoolVecEnv("Pendulum-v1", num_envs=2, seed=0)
    assert venv.num_envs == 2
    assert venv.observation_space.shape == (3,) and venv.action_space.shape == (1,)
    assert venv.get_attr("render_mode") == [None, None]
    assert venv.get_attr("action_space", indices=1) == [venv.action_space]
    assert venv.has_attr("render_mode") and not venv.has_attr("no_such_attribute")
    with pytest.raises(AttributeError, match="no_such_attribute"):
        venv.get_attr("no_such_attribute")
    venv.set_attr("difficulty", 3, indices=[0])
    assert venv.get_attr("difficulty", indices=0) == [3]
    assert venv.env_method("get_wrapper_attr", "render_mode") == [None, None]
    with pytest.raises(AttributeError, match="render"):
        venv.env_method("render")
    assert venv.env_is_wrapped(gymnasium.Wrapper) == [False, False]
    assert venv.render() is None
    venv.reset()
    obs, rewards, dones, infos = venv.step(np.zeros((2, 1), dtype=np.float32))
    assert obs.shape == (2, 3) and rewards.shape == (2,) and dones.shape == (2,)
    venv.close()


def test_configs_sb3_cannot_drive_are_rejected() -> None:
    with pytest.raises(ValueError, match="autoreset_mode"):
        ParallelPoolVecEnv("CartPole-v1", autoreset_mode="next_step")
    with pytest.raises(ValueError, match="batch_size"):
        ParallelPoolVecEnv("CartPole-v1", num_envs=4, batch_size=2)
    with pytest.raises(ValueError, match="max_num_players"):
        ParallelPoolVecEnv("SeveralPlayers-v0", num_envs=2, max_num_players=2)
    with pytest.raises(ValueError, match="task_id"):
        ParallelPoolVecEnv("NoSuchEnv-v0")
    venv = ParallelPoolVecEnv("CartPole-v1", num_envs=2)
    with pytest.raises(ValueError, match="options"):
        venv.set_options({"reset_mask": True})
    with pytest.raises(RuntimeError, match="step_async"):
        venv.step_wait()
    venv.close()


@pytest.mark.skipif(not sb3.HAS_SB3, reason="stable_baselines3 (and torch) not installed; see the module docstring")
def test_sb3_algorithms_take_it() -> None:
    from stable_baselines3 import PPO
    from stable_baselines3.common.vec_env import VecEnv, VecMonitor

    venv = ParallelPoolVecEnv("CartPole-v1", num_envs=4, seed=0)
    assert isinstance(venv, VecEnv)
    model = PPO("MlpPolicy", VecMonitor(venv), n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(512)
    assert model.num_timesteps >= 512
    venv.close()
