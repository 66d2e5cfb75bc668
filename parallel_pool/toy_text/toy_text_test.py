"""Tests of the toy_text family against gymnasium 1.4's reference envs.

Deterministic envs run in lockstep with gymnasium; stochastic ones are
compared with gymnasium's transition tables (`unwrapped.P`) or with exact
distributions computed from gymnasium's own scoring functions. Every test
uses fixed seeds, so it is deterministic; the statistical bounds are five
standard errors wide, and the expected-support checks are exact.

Seeded lockstep: every env draws from gymnasium's np_random (a NumPy
Generator replica), so with the default config and nothing synced, env i of
a pool made with seed=s runs exactly the episodes of gymnasium's env after
reset(seed=s + i), slips, cards and starts included, and its later episodes
those of gymnasium's reset() without a seed. Catch-v0 and NChain-v0 have no
gymnasium env: their references below are bsuite's Catch and old gym's
NChain drawing from a gymnasium env's np_random.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.toy_text import blackjack as gym_blackjack

import parallel_pool
from parallel_pool.python.testing.api import assert_default_info_is_references
from parallel_pool.python.testing.lockstep import seeded_beside_references

INT32_MAX = 2**31 - 1
ALL_IDS = [
    "Catch-v0",
    "FrozenLake-v1",
    "FrozenLake8x8-v1",
    "Taxi-v3",
    "NChain-v0",
    "CliffWalking-v0",
    "CliffWalking-v1",
    "CliffWalkingSlippery-v1",
    "Blackjack-v1",
]
# Our id -> gymnasium 1.4's id of the same env (see registration.py).
GYMNASIUM_ID = {
    "FrozenLake-v1": "FrozenLake-v1",
    "FrozenLake8x8-v1": "FrozenLake8x8-v1",
    "Taxi-v3": "Taxi-v4",
    "CliffWalking-v0": "CliffWalking-v1",
    "CliffWalking-v1": "CliffWalking-v1",
    "CliffWalkingSlippery-v1": "CliffWalkingSlippery-v1",
    "Blackjack-v1": "Blackjack-v1",
}


def _reference(task_id: str, **kwargs: Any) -> gymnasium.Env:
    return gymnasium.make(GYMNASIUM_ID[task_id], **kwargs)


def _bound(p: float, n: int) -> float:
    """Five standard errors of a frequency with probability p over n draws."""
    p = min(max(p, 0.0), 1.0)
    return 5.0 * np.sqrt(p * (1.0 - p) / n) + 1e-9


# ---------------------------------------------------------------------------
# Registration and spaces.


def test_all_ids_registered() -> None:
    registered = set(parallel_pool.list_all_envs())
    assert set(ALL_IDS) <= registered
    for alias, task_id in (("tabular/CliffWalking-v0", "CliffWalking-v1"), ("tabular/Blackjack-v0", "Blackjack-v1")):
        assert alias in registered
        assert parallel_pool.make_spec(alias).config == parallel_pool.make_spec(task_id).config


@pytest.mark.parametrize("task_id", [t for t in GYMNASIUM_ID if t != "Blackjack-v1"])
def test_spaces_and_limits_match_gymnasium(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=2)
    ref = _reference(task_id)
    assert env.single_observation_space == ref.observation_space
    assert env.single_action_space == ref.action_space
    ref_spec = gymnasium.spec(GYMNASIUM_ID[task_id])
    want_steps = ref_spec.max_episode_steps or INT32_MAX
    assert env.spec.config.max_episode_steps == want_steps
    if ref_spec.reward_threshold is not None:
        assert env.spec.reward_threshold == pytest.approx(ref_spec.reward_threshold)


# Every id but the two whose observation is not one Discrete (Catch's image,
# Blackjack's tuple).
DISCRETE_OBS_IDS = [t for t in ALL_IDS if t not in ("Catch-v0", "Blackjack-v1")]


@pytest.mark.parametrize("task_id", DISCRETE_OBS_IDS)
def test_discrete_observations_have_the_declared_dtype(task_id: str) -> None:
    # gymnasium's Discrete is int64, and so is its batched MultiDiscrete: the
    # arrays must say the same, in every flavour.
    num_envs = 3
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=0)
    obs, _ = env.reset()
    assert obs.dtype == env.observation_space.dtype == env.single_observation_space.dtype == np.int64
    obs, *_ = env.step(np.zeros(num_envs, dtype=np.int64))
    assert obs.dtype == np.int64
    dm = parallel_pool.make_dm(task_id, num_envs=num_envs)
    assert dm.reset().observation.obs.dtype == dm.observation_spec().obs.dtype == np.int64
    if task_id in GYMNASIUM_ID:
        ref = gymnasium.vector.SyncVectorEnv([functools.partial(_reference, task_id)] * num_envs)
        ref_obs, _ = ref.reset(seed=0)
        assert ref.observation_space == env.observation_space
        assert ref_obs.dtype == obs.dtype


def test_spaces_without_gymnasium_reference() -> None:
    spaces = gymnasium.spaces
    catch = parallel_pool.make_spec("Catch-v0")
    assert catch.observation_space == spaces.Box(0.0, 1.0, (10, 5), np.float32)
    assert catch.action_space == spaces.Discrete(3)
    nchain = parallel_pool.make_spec("NChain-v0")
    assert nchain.observation_space == spaces.Discrete(5)
    assert nchain.action_space == spaces.Discrete(2)
    assert nchain.config.max_episode_steps == 1000
    # Blackjack: EnvPool's int32 [3] layout of gymnasium's Tuple observation.
    blackjack = parallel_pool.make_spec("Blackjack-v1")
    assert blackjack.observation_space == spaces.Box(0, 31, (3,), np.int32)
    assert blackjack.action_space == _reference("Blackjack-v1").action_space
    assert blackjack.config.sab and not blackjack.config.natural
    assert blackjack.config.max_episode_steps == INT32_MAX
    tuple_space = _reference("Blackjack-v1").observation_space
    assert [s.n for s in tuple_space] == [32, 11, 2]


# ---------------------------------------------------------------------------
# Every id under every API.


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_every_api_runs(task_id: str) -> None:
    num_envs = 3
    n = parallel_pool.make_spec(task_id).action_space.n
    actions = np.arange(num_envs, dtype=np.int32) % n

    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=0)
    obs, info = env.reset()
    assert env.single_observation_space.contains(obs[0])
    assert "env_id" not in info  # SyncVectorEnv's info: the task's own keys
    for _ in range(20):
        obs, rew, term, trunc, info = env.step(actions)
        assert obs.shape[0] == rew.shape[0] == term.shape[0] == trunc.shape[0] == num_envs
        assert all(env.single_observation_space.contains(o) for o in obs)
    env.close()

    gym_env = parallel_pool.make_gym(task_id, num_envs=num_envs, seed=0)
    ref = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=0)
    gym_obs, _ = gym_env.reset()
    np.testing.assert_array_equal(gym_obs, ref.reset()[0])
    assert gym_env.observation_space.contains(gym_obs[0])
    for _ in range(20):
        gym_obs, gym_rew, gym_term, gym_trunc, _ = gym_env.step(actions)
        ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(actions)
        for x, y in ((gym_obs, ref_obs), (gym_rew, ref_rew), (gym_term, ref_term), (gym_trunc, ref_trunc)):
            np.testing.assert_array_equal(x, y)
    gym_env.close()
    ref.close()

    dm = parallel_pool.make_dm(task_id, num_envs=num_envs, seed=0)
    ts = dm.reset()
    np.testing.assert_array_equal(ts.step_type, np.zeros(num_envs))
    ref = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=0)
    np.testing.assert_array_equal(ts.observation.obs, ref.reset()[0])
    for _ in range(20):
        ts = dm.step(actions)
        ref_obs, ref_rew, ref_term, _, _ = ref.step(actions)
        np.testing.assert_array_equal(ts.observation.obs, ref_obs)
        np.testing.assert_array_equal(ts.reward, ref_rew)
        # discount 0 exactly on termination; LAST on any episode end.
        np.testing.assert_array_equal(ts.discount == 0, ref_term)
        np.testing.assert_array_equal(ts.step_type == 2, ref_term | ref_trunc)
    dm.close()
    ref.close()


@pytest.mark.parametrize(
    ("task_id", "kwargs", "match"),
    [
        ("FrozenLake-v1", {"size": 5}, "size: FrozenLake must be 4 or 8"),
        ("FrozenLake-v1", {"success_rate": 1.5}, "success_rate"),
        ("Catch-v0", {"height": 1}, "height"),
        ("NChain-v0", {"slip": -0.1}, "slip"),
        ("NChain-v0", {"n": 0}, "n: NChain needs n >= 1"),
        ("Taxi-v3", {"rainy_probability": 2.0}, "probabilities"),
    ],
)
def test_bad_config(task_id: str, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parallel_pool.make_vec(task_id, num_envs=1, **kwargs)


# ---------------------------------------------------------------------------
# Determinism.


def _rollout(task_id: str, seed: int, steps: int = 300) -> list[np.ndarray]:
    env = parallel_pool.make_vec(task_id, num_envs=4, seed=seed)
    n = env.single_action_space.n
    rng = np.random.default_rng(123)
    obs, _ = env.reset()
    out = [np.array(obs)]
    for _ in range(steps):
        obs, rew, term, trunc, _ = env.step(rng.integers(0, n, 4).astype(np.int32))
        out += [np.array(obs), rew.copy(), term.copy(), trunc.copy()]
    env.close()
    return out


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_seeding(task_id: str) -> None:
    a, b = _rollout(task_id, 0), _rollout(task_id, 0)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)
    if task_id in ("CliffWalking-v0", "CliffWalking-v1"):
        return  # deterministic from a fixed start: the seed has no effect
    c = _rollout(task_id, 1)
    assert any(not np.array_equal(x, y) for x, y in zip(a, c))


# ---------------------------------------------------------------------------
# Deterministic envs: lockstep with gymnasium.


def _greedy_policy(P: dict, gamma: float = 0.95) -> np.ndarray:
    """Optimal actions of a deterministic tabular MDP given as gymnasium's P."""
    n_s, n_a = len(P), len(P[0])
    nxt = np.array([[P[s][a][0][1] for a in range(n_a)] for s in range(n_s)])
    rew = np.array([[P[s][a][0][2] for a in range(n_a)] for s in range(n_s)], dtype=float)
    term = np.array([[P[s][a][0][3] for a in range(n_a)] for s in range(n_s)])
    v = np.zeros(n_s)
    for _ in range(500):
        v = np.max(rew + gamma * np.where(term, 0.0, v[nxt]), axis=1)
    return np.argmax(rew + gamma * np.where(term, 0.0, v[nxt]), axis=1)


def _lockstep(task_id: str, steps: int, num_envs: int = 6, explore: float = 0.3) -> dict[str, int]:
    """Steps our env and one gymnasium env per slot with the same actions.

    The reference's state is synced to our first obs of each episode (the
    start distribution is tested separately); after that every obs, reward,
    terminated, truncated and info field must agree exactly. The policy is
    greedy with `explore` random actions, so episodes both finish and wander.
    """
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=0)
    refs = [_reference(task_id) for _ in range(num_envs)]
    policy = _greedy_policy(refs[0].unwrapped.P)
    n_a = env.single_action_space.n
    rng = np.random.default_rng(0)
    stats: Counter[str] = Counter()

    def sync(i: int, obs_i: int, info: dict) -> None:
        refs[i].reset(seed=i)
        refs[i].unwrapped.s = int(obs_i)
        ref_info = {"prob": 1.0}
        if "action_mask" in info:
            ref_info["action_mask"] = refs[i].unwrapped.action_mask(int(obs_i))
        for key, value in ref_info.items():
            np.testing.assert_array_equal(info[key][i], value)

    obs, info = env.reset()
    for i in range(num_envs):
        sync(i, obs[i], info)
    done = np.zeros(num_envs, dtype=bool)
    for _ in range(steps):
        actions = policy[obs].astype(np.int32)
        random_mask = rng.random(num_envs) < explore
        actions[random_mask] = rng.integers(0, n_a, int(random_mask.sum()))
        obs, rew, term, trunc, info = env.step(actions, env.all_env_ids)  # env ids given: info has elapsed_step
        for i in range(num_envs):
            if done[i]:  # next-step autoreset: this step was a reset
                assert rew[i] == 0 and not term[i] and not trunc[i]
                assert info["elapsed_step"][i] == 0
                sync(i, obs[i], info)
                stats["episodes"] += 1
                continue
            r_obs, r_rew, r_term, r_trunc, r_info = refs[i].step(int(actions[i]))
            assert (obs[i], rew[i], term[i], trunc[i]) == (r_obs, r_rew, r_term, r_trunc)
            assert info["prob"][i] == r_info["prob"]
            if "action_mask" in r_info:
                np.testing.assert_array_equal(info["action_mask"][i], r_info["action_mask"])
            stats["terminated"] += int(term[i])
            stats["truncated"] += int(trunc[i])
            stats["penalty"] += int(r_rew <= -10)
        done = term | trunc
    env.close()
    return stats


# ---------------------------------------------------------------------------
# Seeded lockstep: the same episodes as gymnasium's seeded envs.


class CatchReference(gymnasium.Env):
    """bsuite's Catch (EnvPool's Catch-v0), drawing the ball's column as a gymnasium
    env would: np_random.integers(width)."""

    def __init__(self, height: int = 10, width: int = 5) -> None:
        self.height, self.width = height, width

    def _obs(self) -> np.ndarray:
        board = np.zeros((self.height, self.width), dtype=np.float32)
        board[self.ball] = 1.0
        board[self.height - 1, self.paddle] = 1.0
        return board

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self.ball = (0, int(self.np_random.integers(self.width)))
        self.paddle = self.width // 2
        return self._obs(), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        self.paddle = min(max(self.paddle + action - 1, 0), self.width - 1)
        self.ball = (self.ball[0] + 1, self.ball[1])
        terminated = self.ball[0] == self.height - 1
        reward = (1.0 if self.paddle == self.ball[1] else -1.0) if terminated else 0.0
        return self._obs(), reward, terminated, False, {}


class NChainReference(gymnasium.Env):
    """Old gym's NChain-v0 (EnvPool's), its slip drawn as np_random.random() < slip."""

    def __init__(self, n: int = 5, slip: float = 0.2, small: float = 2.0, large: float = 10.0) -> None:
        self.n, self.slip, self.small, self.large = n, slip, small, large

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[int, dict]:
        super().reset(seed=seed)
        self.state = 0
        return self.state, {}

    def step(self, action: int) -> tuple[int, float, bool, bool, dict]:
        if self.np_random.random() < self.slip:
            action = 1 - action
        if action == 1:
            self.state, reward = 0, self.small
        elif self.state < self.n - 1:
            self.state, reward = self.state + 1, 0.0
        else:
            reward = self.large
        return self.state, reward, False, False, {}


# Every id and alias, with the steps that take each env of a pool of 3
# through at least two autoresets on its policy.
SEEDED_STEPS = {
    "Catch-v0": 100,
    "FrozenLake-v1": 300,
    "FrozenLake8x8-v1": 600,
    "Taxi-v3": 600,
    "NChain-v0": 2100,
    "CliffWalking-v0": 400,
    "CliffWalking-v1": 400,
    "tabular/CliffWalking-v0": 400,
    "CliffWalkingSlippery-v1": 800,
    "Blackjack-v1": 200,
    "tabular/Blackjack-v0": 200,
}
SEEDED_GYMNASIUM_ID = {
    **GYMNASIUM_ID,
    "tabular/CliffWalking-v0": "CliffWalking-v1",
    "tabular/Blackjack-v0": "Blackjack-v1",
}
SEEDS = [0, 1, 7, 123456]


def _seeded_reference(task_id: str) -> gymnasium.Env:
    if task_id == "Catch-v0":
        return CatchReference()
    if task_id == "NChain-v0":
        return gymnasium.wrappers.TimeLimit(NChainReference(), max_episode_steps=1000)
    return gymnasium.make(SEEDED_GYMNASIUM_ID[task_id], disable_env_checker=True)


def _optimal_policy(P: dict, gamma: float = 0.95) -> np.ndarray:
    """Optimal actions of a tabular MDP given as gymnasium's P (slips included)."""
    n_s, n_a = len(P), len(P[0])

    def value(s: int, a: int, v: np.ndarray) -> float:
        return sum(p * (r + gamma * (0.0 if t else v[s2])) for p, s2, r, t in P[s][a])

    def q(v: np.ndarray) -> np.ndarray:
        return np.array([[value(s, a, v) for a in range(n_a)] for s in range(n_s)])

    v = np.zeros(n_s)
    for _ in range(200):
        v = q(v).max(axis=1)
    return q(v).argmax(axis=1)


def _seeded_policy(task_id: str, refs: list[gymnasium.Env], n_a: int) -> Any:
    """Random actions, or (where random actions would not end an episode in a few
    hundred steps: Taxi, CliffWalking) the optimal ones with 30% random."""
    if not task_id.startswith(("Taxi", "CliffWalking", "tabular/CliffWalking")):
        return lambda rng, obs: rng.integers(0, n_a, len(obs))
    best = _optimal_policy(refs[0].unwrapped.P)

    def policy(rng: np.random.Generator, obs: np.ndarray) -> np.ndarray:
        explore = rng.random(len(obs)) < 0.3
        return np.where(explore, rng.integers(0, n_a, len(obs)), best[obs])

    return policy


def _as_obs(task_id: str, ref_obs: Any, dtype: np.dtype) -> np.ndarray:
    return np.asarray(ref_obs, dtype=dtype)  # Blackjack's tuple in EnvPool's int32 [3] layout


def _seeded_lockstep(task_id: str, env: Any, obs: np.ndarray, refs: list[gymnasium.Env], seed: int) -> Counter[str]:
    """Steps the pool (first obs `obs`) and the reset references on the same seeded
    actions; obs, rewards, terminated, truncated (and info["prob"]) must agree exactly."""
    policy = _seeded_policy(task_id, refs, int(env.single_action_space.n))
    rng = np.random.default_rng(seed)
    done = np.zeros(len(refs), dtype=bool)
    resets = np.zeros(len(refs), dtype=int)
    endings: Counter[str] = Counter()
    for t in range(1, SEEDED_STEPS[task_id] + 1):
        actions = policy(rng, obs).astype(np.int32)
        obs, rew, term, trunc, info = env.step(actions, env.all_env_ids)  # env ids given: info has elapsed_step
        for i, ref in enumerate(refs):
            where = f"{task_id} seed {seed} env {i} step {t}"
            if done[i]:  # next-step autoreset: the action is ignored; gymnasium's reset() without a seed
                ref_obs, _ = ref.reset()
                np.testing.assert_array_equal(obs[i], _as_obs(task_id, ref_obs, obs.dtype), where)
                assert (rew[i], bool(term[i]), bool(trunc[i]), info["elapsed_step"][i]) == (0.0, False, False, 0)
                resets[i] += 1
                continue
            ref_obs, ref_rew, ref_term, ref_trunc, ref_info = ref.step(int(actions[i]))
            np.testing.assert_array_equal(obs[i], _as_obs(task_id, ref_obs, obs.dtype), where)
            assert np.float64(rew[i]).tobytes() == np.float64(ref_rew).tobytes(), (where, rew[i], ref_rew)
            assert (bool(term[i]), bool(trunc[i])) == (ref_term, ref_trunc), where
            if "prob" in ref_info:
                assert info["prob"][i] == ref_info["prob"], where
            endings["terminated"] += int(ref_term)
            endings["truncated"] += int(ref_trunc)
        done = term | trunc
    assert resets.min() >= 2, (task_id, resets)
    return endings


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("task_id", list(SEEDED_STEPS))
def test_seeded_lockstep_with_gymnasium(task_id: str, seed: int) -> None:
    """Default config, nothing synced: env i of a pool made with seed=s is gymnasium's env
    after reset(seed=s + i), over several episodes."""

    def same_obs(ours: np.ndarray, ref_obs: Any, where: str) -> None:
        np.testing.assert_array_equal(ours, _as_obs(task_id, ref_obs, ours.dtype), where)

    env, refs, obs = seeded_beside_references(task_id, seed, functools.partial(_seeded_reference, task_id), same_obs)
    _seeded_lockstep(task_id, env, obs, refs, seed)
    env.close()


@pytest.mark.parametrize("seed", [0, 123456])
@pytest.mark.parametrize("task_id", list(SEEDED_STEPS))
def test_reset_seed_is_gymnasiums_reset_seed(task_id: str, seed: int) -> None:
    """A used pool's reset(seed=s) is gymnasium's reset(seed=s + i), and so are the
    episodes after it."""
    env = parallel_pool.make_vec(task_id, num_envs=3, seed=seed + 1000)
    env.reset()
    rng = np.random.default_rng(1)
    for _ in range(15):
        env.step(rng.integers(0, env.single_action_space.n, 3).astype(np.int32))
    obs, _ = env.reset(seed=seed)
    refs = [_seeded_reference(task_id) for _ in range(3)]
    for i, ref in enumerate(refs):
        ref_obs, _ = ref.reset(seed=seed + i)
        np.testing.assert_array_equal(obs[i], _as_obs(task_id, ref_obs, obs.dtype), f"{task_id} env {i} reset")
    _seeded_lockstep(task_id, env, obs, refs, seed)
    env.close()


def test_seeded_lockstep_reaches_every_ending() -> None:
    """The seeded runs above reach the goal, not only the time limit, where that is
    hard (Taxi's delivery, the slippery cliff's far corner); NChain is truncated."""
    for task_id, want in (
        ("Taxi-v3", {"terminated"}),
        ("CliffWalkingSlippery-v1", {"terminated"}),
        ("NChain-v0", {"truncated"}),
    ):
        env = parallel_pool.make_vec(task_id, num_envs=3, seed=7)
        refs = [_seeded_reference(task_id) for _ in range(3)]
        obs, _ = env.reset()
        for i, ref in enumerate(refs):
            ref.reset(seed=7 + i)
        endings = _seeded_lockstep(task_id, env, obs, refs, 7)
        assert {k for k, n in endings.items() if n} >= want, (task_id, endings)


def test_taxi_lockstep() -> None:
    stats = _lockstep("Taxi-v3", steps=1500, explore=0.3)
    # Deliveries, truncations at 200 steps and illegal pickups/dropoffs all
    # happened, so every branch was compared.
    assert stats["terminated"] > 20
    assert stats["penalty"] > 50
    stats = _lockstep("Taxi-v3", steps=450, num_envs=4, explore=1.0)
    assert stats["truncated"] >= 4


@pytest.mark.parametrize("task_id", ["CliffWalking-v0", "CliffWalking-v1"])
def test_cliff_walking_lockstep(task_id: str) -> None:
    stats = _lockstep(task_id, steps=1500, explore=0.3)
    assert stats["terminated"] > 20
    assert stats["penalty"] > 20  # falls off the cliff


def test_same_step_autoreset() -> None:
    """Under same-step autoreset the goal obs goes to final_obs and the
    start obs is returned at once."""
    num_envs = 3
    env = parallel_pool.make_vec("CliffWalking-v1", num_envs=num_envs, seed=0, autoreset_mode="same_step")
    policy = _greedy_policy(_reference("CliffWalking-v1").unwrapped.P)
    obs, _ = env.reset()
    for step in range(1, 14):  # the shortest path has 13 steps
        obs, rew, term, trunc, info = env.step(policy[obs].astype(np.int32))
        np.testing.assert_array_equal(rew, -np.ones(num_envs))
        assert term.all() == (step == 13) and not trunc.any()
    np.testing.assert_array_equal(obs, np.full(num_envs, 36))
    np.testing.assert_array_equal(np.stack(info["final_obs"]), np.full(num_envs, 47))
    assert info["_final_obs"].all()


def test_taxi_start_distribution() -> None:
    env = parallel_pool.make_vec("Taxi-v3", num_envs=2000, seed=0)
    initial = _reference("Taxi-v3").unwrapped.initial_state_distrib
    counts = np.zeros(500)
    for _ in range(6):
        obs, _ = env.reset()
        counts += np.bincount(obs, minlength=500)
    n = counts.sum()
    assert np.all(counts[initial == 0] == 0)
    # The 300 start states are equally likely: check the marginals of taxi
    # square (25 values), passenger stand (4) and destination (4).
    states = counts.reshape(25, 5, 4)
    for axis, size in ((0, 25), (1, 4), (2, 4)):
        other = tuple(a for a in range(3) if a != axis)
        freq = states.sum(axis=other)[:size] / n
        assert np.all(np.abs(freq - 1 / size) <= _bound(1 / size, int(n)))


# ---------------------------------------------------------------------------
# Stochastic envs: transition frequencies against a table.


Table = dict[int, dict[int, list[tuple[float, int, float, bool]]]]


def _check_transitions(
    task_id: str,
    table: Table,
    steps: int,
    num_envs: int = 64,
    min_visits: int = 200,
    has_prob: bool = True,
    **kwargs: Any,
) -> int:
    """Our empirical (next obs, reward, terminated) frequencies per (state,
    action) against `table` (gymnasium's P format); returns how many pairs
    had enough visits to be compared."""
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=0, **kwargs)
    n_a = env.single_action_space.n
    rng = np.random.default_rng(1)
    counts: dict[tuple[int, int], Counter] = defaultdict(Counter)
    probs: dict[tuple, set] = defaultdict(set)
    obs, _ = env.reset()
    done = np.zeros(num_envs, dtype=bool)
    for _ in range(steps):
        actions = rng.integers(0, n_a, num_envs).astype(np.int32)
        nxt, rew, term, trunc, info = env.step(actions)
        for i in np.flatnonzero(~done):
            outcome = (int(nxt[i]), float(rew[i]), bool(term[i]))
            counts[(int(obs[i]), int(actions[i]))][outcome] += 1
            if has_prob:
                probs[(int(obs[i]), int(actions[i]), *outcome)].add(float(info["prob"][i]))
        obs, done = nxt, term | trunc
    env.close()

    compared = 0
    for (s, a), seen in counts.items():
        expected: Counter = Counter()
        allowed: dict[tuple, set] = defaultdict(set)
        for p, s2, r, t in table[s][a]:
            expected[(int(s2), float(r), bool(t))] += p
            allowed[(int(s2), float(r), bool(t))].add(float(p))
        assert set(seen) <= set(expected), f"{task_id}: ({s}, {a}) led to {set(seen) - set(expected)}"
        for outcome in seen:
            if has_prob:
                assert probs[(s, a, *outcome)] <= allowed[outcome], (s, a, outcome)
        n = sum(seen.values())
        if n < min_visits:
            continue
        compared += 1
        for outcome, p in expected.items():
            freq = seen[outcome] / n
            assert abs(freq - p) <= _bound(p, n), f"{task_id}: ({s}, {a}) -> {outcome}: {freq} vs {p}"
    return compared


@pytest.mark.parametrize(
    ("task_id", "steps", "min_pairs"),
    [("FrozenLake-v1", 1500, 30), ("FrozenLake8x8-v1", 1500, 80), ("CliffWalkingSlippery-v1", 1500, 60)],
)
def test_slippery_transitions(task_id: str, steps: int, min_pairs: int) -> None:
    table = _reference(task_id).unwrapped.P
    assert _check_transitions(task_id, table, steps) >= min_pairs


def test_frozen_lake_success_rate_config() -> None:
    table = _reference("FrozenLake-v1", success_rate=0.7).unwrapped.P
    assert _check_transitions("FrozenLake-v1", table, 600, success_rate=0.7) >= 20
    table = _reference("FrozenLake-v1", is_slippery=False).unwrapped.P
    assert _check_transitions("FrozenLake-v1", table, 300, is_slippery=False, min_visits=1) >= 30


def test_taxi_rainy_transitions() -> None:
    table = _reference("Taxi-v3", is_rainy=True).unwrapped.P
    # 3000 steps: how many pairs 2000 steps visit 100 times depends on the stream
    # (60 on the old std::mt19937 one, 30 on gymnasium's).
    assert _check_transitions("Taxi-v3", table, 3000, is_rainy=True, min_visits=100) >= 60


def _nchain_table(n: int = 5, slip: float = 0.2, small: float = 2.0, large: float = 10.0) -> Table:
    """Old gym's NChain-v0 rules: action 0 forward, 1 back to 0; `slip`
    flips the action."""
    table: Table = {}
    for s in range(n):
        forward = (s + 1, 0.0, False) if s < n - 1 else (s, large, False)
        back = (0, small, False)
        table[s] = {0: [(1 - slip, *forward), (slip, *back)], 1: [(1 - slip, *back), (slip, *forward)]}
    return table


def test_nchain_transitions() -> None:
    assert _check_transitions("NChain-v0", _nchain_table(), 800, has_prob=False) == 10
    table = _nchain_table(n=3, slip=0.5, small=1.0, large=7.0)
    kwargs = {"n": 3, "slip": 0.5, "small": 1.0, "large": 7.0}
    assert _check_transitions("NChain-v0", table, 300, has_prob=False, **kwargs) == 6


@pytest.mark.parametrize(("task_id", "limit"), [("NChain-v0", 1000), ("FrozenLake-v1", 100), ("FrozenLake8x8-v1", 200)])
def test_truncation(task_id: str, limit: int) -> None:
    # NChain never terminates; a non-slippery agent walking left from the
    # start of a lake never leaves it.
    kwargs = {} if task_id == "NChain-v0" else {"is_slippery": False}
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=0, **kwargs)
    env.reset()
    zeros = np.zeros(2, dtype=np.int32)
    for step in range(1, limit + 1):
        _, _, term, trunc, info = env.step(zeros, env.all_env_ids)
        assert not term.any()
        assert trunc.all() == (step == limit)
        assert (info["elapsed_step"] == step).all()
    obs, rew, term, trunc, info = env.step(zeros, env.all_env_ids)
    assert (obs == 0).all() and (info["elapsed_step"] == 0).all() and not trunc.any()


# ---------------------------------------------------------------------------
# Catch: scripted trajectories.


def _catch_board(ball: tuple[int, int], paddle: int) -> np.ndarray:
    board = np.zeros((10, 5), dtype=np.float32)
    board[ball] = 1.0
    board[9, paddle] = 1.0
    return board


@pytest.mark.parametrize("chase", [True, False])
def test_catch_scripted(chase: bool) -> None:
    env = parallel_pool.make_vec("Catch-v0", num_envs=5, seed=3)
    obs, _ = env.reset()
    ball_x = obs[:, 0, :].argmax(axis=1)
    for i in range(5):
        np.testing.assert_array_equal(obs[i], _catch_board((0, ball_x[i]), 2))
    paddle = np.full(5, 2)
    for step in range(1, 10):
        target = ball_x if chase else np.where(ball_x < 2, 4, 0)
        actions = (np.sign(target - paddle) + 1).astype(np.int32)
        paddle = np.clip(paddle + actions - 1, 0, 4)
        obs, rew, term, trunc, _ = env.step(actions)
        for i in range(5):
            np.testing.assert_array_equal(obs[i], _catch_board((step, ball_x[i]), paddle[i]))
        assert not trunc.any()
        if step < 9:
            assert not term.any() and (rew == 0).all()
    assert term.all()
    np.testing.assert_array_equal(rew, np.where(paddle == ball_x, 1.0, -1.0))
    assert (rew == 1.0).all() if chase else (rew == -1.0).all()
    # The next step starts a new episode whatever the action.
    obs, rew, term, _, info = env.step(np.full(5, 2, dtype=np.int32), env.all_env_ids)
    assert (rew == 0).all() and not term.any() and (info["elapsed_step"] == 0).all()
    assert (obs[:, 9, 2] == 1).all() and (obs.sum(axis=(1, 2)) == 2).all()


def test_catch_ball_distribution_and_size() -> None:
    env = parallel_pool.make_vec("Catch-v0", num_envs=5000, seed=0)
    obs, _ = env.reset()
    freq = np.bincount(obs[:, 0, :].argmax(axis=1), minlength=5) / 5000
    assert np.all(np.abs(freq - 0.2) <= _bound(0.2, 5000))
    small = parallel_pool.make_vec("Catch-v0", num_envs=1, height=4, width=3, seed=0)
    obs, _ = small.reset()
    assert obs.shape == (1, 4, 3) and obs[0, 3, 1] == 1
    for _ in range(3):
        _, _, term, _, _ = small.step(np.ones(1, dtype=np.int32))
    assert term.all()


# ---------------------------------------------------------------------------
# Blackjack: exact distributions from gymnasium's scoring functions.

DECK = gym_blackjack.deck  # 13 equally likely card values


@functools.cache
def _dealer_outcomes(raw_sum: int, has_ace: bool, two_card_natural: bool) -> dict[tuple[int, bool], float]:
    """{(dealer score, dealer natural): probability} once the dealer, holding
    a hand like `raw_sum`/`has_ace`, draws to 17 with gymnasium's rules."""
    hand = [1, raw_sum - 1] if has_ace else [raw_sum]
    if two_card_natural:
        hand = [1, 10]
    if gym_blackjack.sum_hand(hand) >= 17:
        return {(gym_blackjack.score(hand), two_card_natural): 1.0}
    out: Counter = Counter()
    for card in DECK:
        for key, p in _dealer_outcomes(raw_sum + card, has_ace or card == 1, False).items():
            out[key] += p / len(DECK)
    return dict(out)


def _stick_rewards(player_sum: int, player_natural: bool, shown: int, sab: bool, natural: bool) -> Counter:
    """Reward distribution of sticking with gymnasium's BlackjackEnv.step."""
    out: Counter = Counter()
    for hidden in DECK:
        dealer = [shown, hidden]
        key = (sum(dealer), 1 in dealer, gym_blackjack.is_natural(dealer))
        for (score, dealer_natural), p in _dealer_outcomes(*key).items():
            reward = gym_blackjack.cmp(player_sum, score)
            if sab and player_natural and not dealer_natural:
                reward = 1.0
            elif not sab and natural and player_natural and reward == 1.0:
                reward = 1.5
            out[float(reward)] += p / len(DECK)
    return out


def _hit_outcomes(player_sum: int, usable_ace: int) -> Counter:
    """{(new obs sum, usable ace, reward, terminated): probability} of a hit.
    A hand is represented by any hand with the same obs: once an ace is not
    usable it never becomes usable, so that is all the rules depend on."""
    hand = [1, player_sum - 11] if usable_ace else [player_sum]
    out: Counter = Counter()
    for card in DECK:
        new = [*hand, card]
        bust = gym_blackjack.is_bust(new)
        s, ace = gym_blackjack._hand_sum_and_usable_ace(new)
        out[(s, ace, -1.0 if bust else 0.0, bust)] += 1 / len(DECK)
    return out


def test_blackjack_deal_distribution() -> None:
    env = parallel_pool.make_vec("Blackjack-v1", num_envs=4000, seed=0)
    obs = np.concatenate([env.reset()[0] for _ in range(5)])
    n = len(obs)
    dealer = Counter(DECK)
    for card in range(1, 11):
        p = dealer[card] / len(DECK)
        assert abs(np.mean(obs[:, 1] == card) - p) <= _bound(p, n)
    player: Counter = Counter()
    for a in DECK:
        for b in DECK:
            player[gym_blackjack._hand_sum_and_usable_ace([a, b])] += 1 / len(DECK) ** 2
    seen = Counter((int(s), int(u)) for s, _, u in obs)
    assert set(seen) <= set(player)
    for key, p in player.items():
        assert abs(seen[key] / n - p) <= _bound(p, n), key


@pytest.mark.parametrize(("sab", "natural"), [(True, False), (False, False), (False, True)])
def test_blackjack_rules(sab: bool, natural: bool) -> None:
    """Hit and stick outcomes against exact distributions, per situation.

    Each episode hits until a threshold drawn per env, then sticks, so
    sticks happen at every sum and on a natural (stick at step 1 with 21).
    """
    num_envs = 500
    env = parallel_pool.make_vec("Blackjack-v1", num_envs=num_envs, seed=0, sab=sab, natural=natural)
    rng = np.random.default_rng(2)
    obs, info = env.reset(env.all_env_ids)  # env ids given: info has elapsed_step
    threshold = rng.integers(4, 22, num_envs)
    done = np.zeros(num_envs, dtype=bool)
    hits: dict[tuple[int, int], Counter] = defaultdict(Counter)
    sticks: dict[tuple[int, bool, int], Counter] = defaultdict(Counter)
    for _ in range(400):
        actions = (obs[:, 0] < threshold).astype(np.int32)
        nxt, rew, term, trunc, nxt_info = env.step(actions, env.all_env_ids)
        assert not trunc.any()
        for i in np.flatnonzero(~done):
            s, shown, ace = (int(v) for v in obs[i])
            assert nxt[i, 1] == shown
            if actions[i]:
                hits[(s, ace)][(int(nxt[i, 0]), int(nxt[i, 2]), float(rew[i]), bool(term[i]))] += 1
            else:
                assert term[i] and (nxt[i] == obs[i]).all()
                is_natural = info["elapsed_step"][i] == 0 and s == 21
                sticks[(s, bool(is_natural), shown)][float(rew[i])] += 1
        reset = done.copy()
        threshold[reset] = rng.integers(4, 22, int(reset.sum()))
        obs, info, done = nxt, nxt_info, term | trunc

    compared = Counter()
    for (s, ace), seen in hits.items():
        expected = _hit_outcomes(s, ace)
        n = sum(seen.values())
        assert set(seen) <= set(expected), (s, ace, set(seen) - set(expected))
        if n >= 200:
            compared["hit"] += 1
            for key, p in expected.items():
                assert abs(seen[key] / n - p) <= _bound(p, n), (s, ace, key)
    for (s, nat, shown), seen in sticks.items():
        expected = _stick_rewards(s, nat, shown, sab, natural)
        n = sum(seen.values())
        assert set(seen) <= {k for k, p in expected.items() if p > 0}, (s, nat, shown, seen)
        if n >= 100:
            compared["stick"] += 1
            for key, p in expected.items():
                assert abs(seen[key] / n - p) <= _bound(p, n), (s, nat, shown, key)
    assert compared["hit"] >= 20 and compared["stick"] >= 60
    # Naturals were stuck on and scored.
    assert sum(sum(c.values()) for (s, nat, _), c in sticks.items() if nat) > 100


# ---------------------------------------------------------------------------
# Taxi: fickle passenger.


def _taxi_decode(obs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Taxi obs -> (taxi square, passenger location, destination)."""
    return obs // 20, (obs // 4) % 5, obs % 4


def test_taxi_fickle_passenger() -> None:
    """The destination changes at most once per episode, only on the first
    move of the taxi after the passenger got in, with fickle_probability."""
    num_envs = 200
    env = parallel_pool.make_vec("Taxi-v3", num_envs=num_envs, seed=0, fickle_passenger=True, fickle_probability=0.4)
    policy = _greedy_policy(_reference("Taxi-v3").unwrapped.P)
    obs, _ = env.reset()
    done = np.zeros(num_envs, dtype=bool)
    first_move = np.zeros(num_envs, dtype=bool)  # first move with the passenger in
    changes = np.zeros(num_envs, dtype=int)
    trials = flips = 0
    for _ in range(300):
        actions = policy[obs].astype(np.int32)
        nxt, _, term, trunc, _ = env.step(actions)
        (sq, pas, dest), (sq2, _, dest2) = _taxi_decode(obs), _taxi_decode(nxt)
        for i in np.flatnonzero(~done):
            moved = pas[i] == 4 and sq[i] != sq2[i]
            if dest2[i] != dest[i]:
                changes[i] += 1
                assert moved and not first_move[i] and changes[i] == 1
            if moved and not first_move[i]:
                first_move[i] = True
                trials += 1
                flips += int(dest2[i] != dest[i])
        for i in np.flatnonzero(done):
            first_move[i], changes[i] = False, 0
        obs, done = nxt, term | trunc
    assert trials > 500
    assert abs(flips / trials - 0.4) <= _bound(0.4, trials)


@pytest.mark.parametrize("task_id", list(GYMNASIUM_ID))
def test_default_info_is_gymnasiums(task_id: str) -> None:
    assert_default_info_is_references(task_id, _reference(task_id))
