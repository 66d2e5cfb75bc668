"""The MuJoCo family in lockstep with gymnasium 1.4: every id, bit for bit.

Method. Env i of a pool made with `seed=s` draws its reset noise as
gymnasium's env does after `reset(seed=s+i)`, and its later episodes as
gymnasium's `reset()` without a seed (both from NumPy's PCG64 Generator,
replicated in parallel_pool/numpy_exact/numpy_generator.h). So the reference
is reset with the pool's seed once, then without one, and nothing is copied
from our env into it: both start each episode from the same noisy state,
with the default `reset_noise_scale`, and take the same actions until the
episode ends, over several episodes. The actions are of the action space's
dtype, float32 (gymnasium's, as its `action_space.sample()` and every policy
give them): gymnasium computes the control cost in the action's dtype, so
float32 actions are what a user's rewards are made of. Both run the same libmujoco
(3.17.0), and our C++ repeats gymnasium's NumPy arithmetic operation for
operation (parallel_pool/numpy_exact/numpy_math.h), so observations,
rewards, terminated, truncated and every info value gymnasium returns are
compared exactly: no tolerance anywhere.

The actions are random, and on purpose sometimes outside the bounds (MuJoCo
clamps ctrl, the control cost sees the raw action), exactly on a bound, huge
(1e11) or infinite (clamped too, with an infinite control cost: a -inf
reward).

Episode lengths. Random actions end Hopper, Walker2d, Humanoid, Ant and the
pendulums within tens of steps (12 episodes each); HalfCheetah, Swimmer and
HumanoidStandup run to the 1000-step limit, Pusher to 100 and Reacher to 50
(4 episodes each). Every other Ant episode uses gentler actions and every
other InvertedPendulum episode a balancing controller, so both also reach
the 1000-step limit. All at the registered limits, no cap. A second test
caps max_episode_steps on both sides (20) to check truncation on every id,
and a third runs non-default keywords.

NumPy's rounding. gymnasium's norms (`distance_from_origin`, `reward_dist`)
round as the OpenBLAS kernel NumPy runs decides; the family learns that from
NumPy at import (parallel_pool/numpy_exact/numpy_probe.py). Bazel runs this
file once as is and once per OpenBLAS core type (`OPENBLAS_CORETYPE`, each of
testing/openblas.py's OPENBLAS_CORETYPES: the three roundings OpenBLAS's
x86-64 kernels use), and every run must be exact.
Only if the probe finds no known rounding (NUMPY_DOT_ROUNDING is None, a BLAS
we have not met) are those norms, and the rewards built on them, compared
within NORM_MAX_ULP instead.

Pusher-v4: gymnasium 1.4 refuses to build it under MuJoCo >= 3 (an import
guard; gymnasium issue 950). The reference here is gymnasium's own
Pusher-v4 class with that guard bypassed, so the comparison is still against
gymnasium's code on the same MuJoCo.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any
from unittest import mock

import gymnasium
import numpy as np
import pytest
from gymnasium.wrappers import TimeLimit

import parallel_pool
from parallel_pool.mujoco import NUMPY_DOT_ROUNDING, mujoco_ext
from parallel_pool.mujoco.testing.gymnasium_ids import ALL_IDS
from parallel_pool.python.testing import openblas

# Ids whose episodes end only by the time limit (so each episode is long).
NEVER_TERMINATE = {"HalfCheetah", "Swimmer", "HumanoidStandup", "Pusher", "Reacher"}


def make_reference(task_id: str, **kwargs: Any) -> gymnasium.Env:
    if task_id == "Pusher-v4":
        from gymnasium.envs.mujoco import pusher_v4

        steps = kwargs.pop("max_episode_steps", 100)
        with mock.patch.object(pusher_v4.mujoco, "__version__", "2.3.7"):
            return TimeLimit(pusher_v4.PusherEnv(**kwargs), max_episode_steps=steps)
    return gymnasium.make(task_id, disable_env_checker=True, **kwargs)


class Actions:
    """Random actions of the space's dtype, now and then out of bounds, on a bound, huge or infinite."""

    def __init__(self, space: Any, seed: int, scale: float = 1.0) -> None:
        self.dtype = space.dtype
        self.low = np.asarray(space.low, np.float64)
        self.high = np.asarray(space.high, np.float64)
        self.rng = np.random.default_rng(seed)
        self.scale = scale

    def __call__(self) -> np.ndarray:
        rng = self.rng
        mid, half = (self.high + self.low) / 2, (self.high - self.low) / 2
        a = mid + self.scale * half * rng.uniform(-1.0, 1.0, self.low.shape)
        u = rng.random()
        if u < 0.1:  # beyond the bounds
            a = mid + half * rng.uniform(-1.6, 1.6, self.low.shape)
        elif u < 0.13:  # exactly on a bound
            a = np.where(rng.random(self.low.shape) < 0.5, self.low, self.high)
        elif u < 0.135:  # huge
            a[rng.integers(a.size)] = rng.choice([-1e11, 1e11])
        elif u < 0.137:
            a[rng.integers(a.size)] = rng.choice([-np.inf, np.inf])
        return a.astype(self.dtype)


# Info keys that are np.linalg.norm results, and the ids whose reward adds one.
NORM_KEYS = {"distance_from_origin", "reward_dist"}
NORM_IN_REWARD = ("Reacher", "Pusher")
# Bound for those, used only where NumPy's rounding could not be learned.
NORM_MAX_ULP = 4
EXACT_NORMS = NUMPY_DOT_ROUNDING is not None


def assert_norm_equal(ours: Any, ref: Any, where: str) -> None:
    if EXACT_NORMS:
        np.testing.assert_array_equal(ours, ref, where)
    else:
        np.testing.assert_array_max_ulp(np.float64(ours), np.float64(ref), maxulp=NORM_MAX_ULP)


def assert_info_equal(ours: dict[str, np.ndarray], ref: dict[str, Any], where: str, reset: bool = False) -> None:
    # A step's info: gymnasium's keys, no more (less the `_key` masks a vector env adds).
    # A reset's has the step's keys too (one layout per batch), where gymnasium's may have fewer.
    keys = {k for k in ours if not k.startswith("_")}
    assert keys >= set(ref) if reset else keys == set(ref), where
    for key, value in ref.items():
        assert key in ours, f"{where}: info key {key!r} missing"
        if key in NORM_KEYS:
            assert_norm_equal(ours[key][0], value, f"{where}: info[{key!r}]")
        else:
            np.testing.assert_array_equal(ours[key][0], value, f"{where}: info[{key!r}]")


Policy = Callable[[np.ndarray], np.ndarray]


def balance_pole(actions: Actions) -> Policy:
    """InvertedPendulum: a PD controller (a random action now and then) that balances to the limit."""

    def policy(obs: np.ndarray) -> np.ndarray:
        a = np.clip([2.0 * obs[0] + 10.0 * obs[1] + 0.5 * obs[2] + obs[3]], -3.0, 3.0)
        return actions() if actions.rng.random() < 0.02 else a

    return policy


def policies_for(task_id: str, seed: int, scale: float) -> list[Policy]:
    """Random actions; for Ant also gentle ones (episodes that reach the 1000-step limit),
    for InvertedPendulum also a balancing controller (likewise)."""
    space = parallel_pool.make_spec(task_id).action_space
    rand = Actions(space, seed, scale)
    out: list[Policy] = [lambda obs: rand()]
    if task_id.startswith("Ant") and scale == 1.0:
        gentle = Actions(space, seed + 1, 0.3)
        out.append(lambda obs: gentle())
    if task_id.startswith("InvertedPendulum") and scale == 1.0:
        out.append(balance_pole(rand))
    return out


def lockstep(task_id: str, episodes: int, seed: int, scale: float = 1.0, **kwargs: Any) -> list[str]:
    """Runs `episodes` episodes against gymnasium; returns how each ended."""
    env = parallel_pool.make_vec(task_id, num_envs=1, seed=seed, **kwargs)
    ref = make_reference(task_id, **kwargs)
    assert env.single_observation_space.shape == ref.observation_space.shape
    dtype = ref.action_space.dtype
    assert dtype == np.float32 == env.single_action_space.dtype
    actions = Actions(env.single_action_space, seed, scale)
    policies = policies_for(task_id, seed, scale)
    endings = []
    obs, info = env.reset()
    for episode in range(episodes):
        ref_obs, ref_info = ref.reset(seed=seed if episode == 0 else None)
        np.testing.assert_array_equal(obs[0], ref_obs, f"{task_id} episode {episode} reset")
        assert_info_equal(info, ref_info, f"{task_id} episode {episode} reset", reset=True)
        policy = policies[episode % len(policies)]
        t = 0
        while True:
            a = np.asarray(policy(obs[0]), dtype=dtype)
            obs, rew, term, trunc, info = env.step(a[None])
            ref_obs, ref_rew, ref_term, ref_trunc, ref_info = ref.step(a.copy())
            t += 1
            where = f"{task_id} episode {episode} step {t}"
            np.testing.assert_array_equal(obs[0], ref_obs, where)
            if task_id.startswith(NORM_IN_REWARD):
                assert_norm_equal(rew[0], ref_rew, where)
            else:
                np.testing.assert_array_equal(rew[0], ref_rew, where)
            assert (bool(term[0]), bool(trunc[0])) == (ref_term, ref_trunc), where
            assert_info_equal(info, ref_info, where)
            if ref_term or ref_trunc:
                endings.append("terminated" if ref_term else "truncated")
                break
        obs, rew, term, trunc, info = env.step(actions()[None])  # next-step autoreset
        assert (rew[0], bool(term[0]), bool(trunc[0])) == (0.0, False, False)
    return endings


# Which endings each task's policies reach within its episodes, so a run
# cannot pass without exercising a branch. Random actions topple Hopper,
# Walker2d, Humanoid and InvertedDoublePendulum within tens of steps.
EXPECTED_ENDINGS = {
    "Ant": {"terminated", "truncated"},
    "InvertedPendulum": {"terminated", "truncated"},
    "Hopper": {"terminated"},
    "Walker2d": {"terminated"},
    "Humanoid": {"terminated"},
    "InvertedDoublePendulum": {"terminated"},
    **{task: {"truncated"} for task in NEVER_TERMINATE},
}


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_lockstep_with_gymnasium(task_id: str) -> None:
    task = task_id.split("-")[0]
    episodes = 4 if task in NEVER_TERMINATE else 12
    endings = lockstep(task_id, episodes, seed=ALL_IDS.index(task_id))
    assert len(endings) == episodes
    assert set(endings) == EXPECTED_ENDINGS[task], endings


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_lockstep_truncation(task_id: str) -> None:
    """A 20-step limit on both sides, with gentle actions so most episodes reach it."""
    endings = lockstep(task_id, 2, seed=7, scale=0.1, max_episode_steps=20)
    task = task_id.split("-")[0]
    if task not in ("InvertedPendulum", "InvertedDoublePendulum"):
        assert "truncated" in endings, endings


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_every_env_of_a_pool_starts_as_gymnasium_seeded(task_id: str) -> None:
    """Env i of a pool made with seed=s starts as gymnasium's env after reset(seed=s+i),
    its next episode as after reset() without a seed; reset(seed=t) re-seeds env i with t+i."""
    num_envs, seed = 3, 40 + ALL_IDS.index(task_id)
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed, max_episode_steps=1)
    refs = [make_reference(task_id, max_episode_steps=1) for _ in range(num_envs)]
    zeros = np.zeros((num_envs, *env.single_action_space.shape), env.single_action_space.dtype)

    def check(obs: np.ndarray, seeds: list[int | None], where: str) -> None:
        for i, ref in enumerate(refs):
            ref_obs, _ = ref.reset(seed=seeds[i])
            np.testing.assert_array_equal(obs[i], ref_obs, f"{task_id} env {i} {where}")

    obs, _ = env.reset()
    check(obs, [seed + i for i in range(num_envs)], "first reset")
    env.step(zeros)  # every env truncates at its one-step limit
    obs, *_ = env.step(zeros)  # ... and resets: its second episode
    check(obs, [None] * num_envs, "second episode")
    obs, _ = env.reset(seed=7)
    check(obs, [7 + i for i in range(num_envs)], "reset(seed=7)")
    env.close()


OPTIONS = [
    ("Ant-v5", {"exclude_current_positions_from_observation": False, "include_cfrc_ext_in_observation": False}),
    ("Ant-v5", {"terminate_when_unhealthy": False, "healthy_z_range": (0.3, 0.9), "main_body": 2}),
    ("Ant-v5", {"frame_skip": 3, "reset_noise_scale": 0.3, "contact_force_range": (-0.5, 0.5)}),
    ("Ant-v4", {"use_contact_forces": True, "exclude_current_positions_from_observation": False}),
    ("Ant-v4", {"terminate_when_unhealthy": False, "healthy_reward": 2.0}),
    ("HalfCheetah-v5", {"exclude_current_positions_from_observation": False, "forward_reward_weight": 0.7}),
    ("Hopper-v5", {"terminate_when_unhealthy": False, "healthy_reward": 3.0, "healthy_angle_range": (-0.5, 0.5)}),
    ("Hopper-v4", {"terminate_when_unhealthy": False, "exclude_current_positions_from_observation": False}),
    ("Walker2d-v5", {"terminate_when_unhealthy": False, "xml_file": "walker2d.xml"}),
    ("Walker2d-v4", {"terminate_when_unhealthy": False, "ctrl_cost_weight": 0.1}),
    (
        "Humanoid-v5",
        {
            "include_cinert_in_observation": False,
            "include_cvel_in_observation": False,
            "contact_cost_range": (-1.0, 2.0),
            "terminate_when_unhealthy": False,
        },
    ),
    ("Humanoid-v5", {"include_qfrc_actuator_in_observation": False, "include_cfrc_ext_in_observation": False}),
    ("Humanoid-v4", {"terminate_when_unhealthy": False, "exclude_current_positions_from_observation": False}),
    ("HumanoidStandup-v5", {"impact_cost_range": (-1.0, 0.5), "exclude_current_positions_from_observation": False}),
    ("InvertedDoublePendulum-v5", {"healthy_reward": 3.0, "reset_noise_scale": 0.01}),
    ("InvertedPendulum-v5", {"reset_noise_scale": 0.001, "frame_skip": 1}),
    ("Pusher-v5", {"reward_near_weight": 1.5, "reward_control_weight": 0.01, "xml_file": "pusher.xml"}),
    ("Reacher-v5", {"reward_dist_weight": 2.0, "frame_skip": 4}),
    ("Swimmer-v5", {"exclude_current_positions_from_observation": False, "ctrl_cost_weight": 0.01}),
]


@pytest.mark.parametrize(("task_id", "kwargs"), OPTIONS)
def test_lockstep_with_options(task_id: str, kwargs: dict[str, Any]) -> None:
    lockstep(task_id, 2, seed=3, max_episode_steps=200, **kwargs)


# What each OpenBLAS core type the BUILD runs this file under rounds like.
CORETYPE_ROUNDING: dict[str, str] = {
    "Haswell": "sequential",
    "Sandybridge": "sequential",
    "SkylakeX": "fused",
    "Prescott": "two_accumulators",
}


def test_numpy_rounding_is_learned_from_numpy() -> None:
    """The probe names the rounding of the kernel OpenBLAS runs here, and it
    reproduces np.linalg.norm on random 2- and 3-vectors, not just the probes."""
    rounding = openblas.forced(CORETYPE_ROUNDING)
    if rounding is not None:
        assert NUMPY_DOT_ROUNDING == rounding
    assert NUMPY_DOT_ROUNDING is not None, "no known rounding reproduces this NumPy's ddot"
    index = mujoco_ext._numpy_rounding.dot_rounding()
    rng = np.random.default_rng(0)
    for n in (2, 3) * 2000:
        v = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4)
        ours = math.sqrt(mujoco_ext._numpy_rounding.dot_self_candidates(list(v))[index])
        assert ours == np.linalg.norm(v), (v.tolist(), ours, np.linalg.norm(v))
