"""classic_control against gymnasium 1.4: spaces, lockstep rollouts, seeding, clipping, the three APIs.

Lockstep. Our env resets itself; the gymnasium env is reset and then given our
exact reset state (``info["state"]``, which ``lockstep_info=True`` adds; float64, in the dtype gymnasium's own
reset uses), after which both take the same actions to the end of the
episode, over several episodes with several policies (random, and ones that
reach the goal, the walls and the velocity limits). Observations, rewards,
terminated, truncated and the float64 state are compared exactly, with one
exception: Acrobot's first observation of an episode. gymnasium draws that
reset state as float32, and NumPy computes cos/sin of a float32 scalar in
float32 with its own SIMD polynomial, which is one float32 ulp away from the
correctly rounded value for ~0.1% of inputs; we round the float64 cos/sin. So
the cos/sin entries of that one observation are compared to 1 ulp. Every
later Acrobot observation (float64 state on both sides) is exact.

Seeded lockstep. Every env draws from gymnasium's np_random (a NumPy
Generator replica), so with the default config and no syncing at all, env i
of a pool made with seed=s runs exactly the episodes of gymnasium's env after
reset(seed=s + i), its later episodes those of gymnasium's reset() without a
seed (same comparisons, floats bit for bit, with the same Acrobot exception
for every first observation of an episode).

Pendulum-v0 is not in gymnasium: its reference is the old gym v0 step
(`OldGymPendulum` below, which draws its resets as gymnasium's Pendulum-v1)
and, when EnvPool is installed, EnvPool 1.2.5's step.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.classic_control.pendulum import PendulumEnv
from gymnasium.wrappers import TimeLimit

import parallel_pool
from parallel_pool.python.testing.api import assert_default_info_is_references, assert_dm_api, assert_gym_api
from parallel_pool.python.testing.lockstep import seeded_beside_references

GYMNASIUM_IDS = [
    "CartPole-v0",
    "CartPole-v1",
    "Pendulum-v1",
    "MountainCar-v0",
    "MountainCarContinuous-v0",
    "Acrobot-v1",
]
ALL_IDS = [*GYMNASIUM_IDS, "Pendulum-v0"]
CONTINUOUS = {"Pendulum-v0", "Pendulum-v1", "MountainCarContinuous-v0"}

Policy = Callable[[np.random.Generator, np.ndarray], Any]


class OldGymPendulum(PendulumEnv):
    """gym's Pendulum-v0 step: the angle advances with the velocity before it is clipped.

    gym ran it under NumPy 1.x, where a float32 scalar combined with a Python
    number became float64: the clipped torque is made float64 explicitly.
    """

    def step(self, u: np.ndarray) -> tuple[np.ndarray, float, bool, bool, dict]:
        th, thdot = self.state
        g, m, l, dt = self.g, self.m, self.l, self.dt  # noqa: E741 (gym's names)
        u = np.float64(np.clip(u, -self.max_torque, self.max_torque)[0])
        costs = ((th + np.pi) % (2 * np.pi) - np.pi) ** 2 + 0.1 * thdot**2 + 0.001 * (u**2)
        newthdot = thdot + (-3 * g / (2 * l) * np.sin(th + np.pi) + 3.0 / (m * l**2) * u) * dt
        newth = th + newthdot * dt
        newthdot = np.clip(newthdot, -self.max_speed, self.max_speed)
        self.state = np.array([newth, newthdot])
        return self._get_obs(), -costs, False, False, {}


def make_reference(task_id: str, **kwargs: Any) -> gymnasium.Env:
    if task_id == "Pendulum-v0":
        return TimeLimit(OldGymPendulum(**kwargs), max_episode_steps=200)
    return gymnasium.make(task_id, disable_env_checker=True, **kwargs)


def family(task_id: str) -> str:
    return task_id.split("-")[0]


def sync(ref: gymnasium.Env, task_id: str, state: np.ndarray) -> np.ndarray:
    """Puts our reset state into the reset reference env; returns its first obs."""
    env = ref.unwrapped
    if family(task_id) == "Acrobot":
        env.state = np.asarray(state, dtype=np.float32)  # gymnasium's reset state is float32
        return env._get_ob()
    env.state = np.array(state, dtype=np.float64)
    if family(task_id) == "Pendulum":
        return env._get_obs()
    return np.array(env.state, dtype=np.float32)


def assert_reset_obs(task_id: str, ours: np.ndarray, ref: np.ndarray) -> None:
    if family(task_id) == "Acrobot":
        # NumPy's float32 cos/sin (see the module docstring): 1 ulp.
        np.testing.assert_array_max_ulp(ours[:4], ref[:4], maxulp=1)
        np.testing.assert_array_equal(ours[4:], ref[4:])
    else:
        np.testing.assert_array_equal(ours, ref)


# ---------------------------------------------------------------- policies


def random_policy(task_id: str) -> Policy:
    if family(task_id) == "Pendulum":
        return lambda rng, obs: rng.uniform(-3.0, 3.0)  # beyond the torque limit too
    if family(task_id) == "MountainCarContinuous":
        specials = np.array([-1.0, 1.0, -1.5, 1.5, 0.0, 1e3, np.nextafter(np.float32(1), np.float32(0))])
        return lambda rng, obs: rng.choice(specials) if rng.random() < 0.3 else rng.uniform(-1.6, 1.6)
    n = 2 if family(task_id) == "CartPole" else 3
    return lambda rng, obs: int(rng.integers(n))


def goal_policy(task_id: str) -> Policy:
    """Reaches the goal (or balances, for CartPole), with a little noise."""
    name = family(task_id)
    if name == "CartPole":
        return lambda rng, o: int(o[2] + 0.3 * o[3] + 0.01 * o[0] + 0.1 * o[1] > 0) ^ int(rng.random() < 0.03)
    if name == "Pendulum":  # pumps energy until the velocity saturates at +-8
        return lambda rng, o: float(np.sign(o[2]) or 1.0) * rng.choice([2.0, 2.5, 1.7])
    if name == "MountainCar":  # pumps energy; hits the left wall on the way
        return lambda rng, o: 2 if o[1] >= 0 else 0
    if name == "MountainCarContinuous":
        return lambda rng, o: (1.0 if o[1] >= 0 else -1.0) * rng.choice([1.0, 0.8, 1.2, 3.0])
    return lambda rng, o: 2 if o[5] >= 0 else 0  # Acrobot: torque along the second joint's motion


def idle_policy(task_id: str) -> Policy:
    """Does nothing much: runs into the time limit."""
    if task_id in CONTINUOUS:
        return lambda rng, o: 0.0
    return lambda rng, o: 1 if family(task_id) != "CartPole" else int(o[2] + 0.3 * o[3] + 0.01 * o[0] + 0.1 * o[1] > 0)


def as_batch(task_id: str, a: Any) -> np.ndarray:
    if task_id in CONTINUOUS:
        return np.array([[a]], dtype=np.float32)
    return np.array([a], dtype=np.int32)


def as_single(task_id: str, a: Any) -> Any:
    if task_id in CONTINUOUS:
        return np.array([a], dtype=np.float32)
    return int(a)


# ---------------------------------------------------------------- lockstep


def lockstep(
    task_id: str, policies: list[Policy], episodes: int, seed: int, reseed_from: int | None = None, **kwargs: Any
) -> set[str]:
    """Runs `episodes` episodes in lockstep with the reference; returns the endings seen.
    With `reseed_from`, the pool is made with that seed and re-seeded by its first reset."""
    made_with = seed if reseed_from is None else reseed_from
    env = parallel_pool.make_vec(task_id, num_envs=1, seed=made_with, **kwargs, lockstep_info=True)
    ref = make_reference(task_id, **kwargs)
    rng = np.random.default_rng(seed)
    endings: set[str] = set()
    # Env ids given: EnvPool's info, with elapsed_step.
    obs, info = env.reset(env.all_env_ids) if reseed_from is None else env.reset(env.all_env_ids, seed=seed)
    for episode in range(episodes):
        ref.reset(seed=episode)
        ref_obs = sync(ref, task_id, info["state"][0])
        assert_reset_obs(task_id, obs[0], ref_obs)
        assert info["elapsed_step"][0] == 0
        policy = policies[episode % len(policies)]
        t = 0
        while True:
            a = policy(rng, obs[0])
            obs, rew, term, trunc, info = env.step(as_batch(task_id, a), env.all_env_ids)
            ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(as_single(task_id, a))
            t += 1
            where = f"{task_id} episode {episode} step {t} action {a!r}"
            np.testing.assert_array_equal(info["state"][0], np.asarray(ref.unwrapped.state, np.float64), where)
            np.testing.assert_array_equal(obs[0], ref_obs, where)
            assert rew.dtype == np.float64 and rew[0] == ref_rew, (where, rew[0], ref_rew)
            assert (bool(term[0]), bool(trunc[0])) == (ref_term, ref_trunc), where
            assert info["elapsed_step"][0] == t, where
            if ref_term or ref_trunc:
                endings.add("terminated" if ref_term else "truncated")
                break
        # Next-step autoreset: this step's action is ignored; it returns the first obs.
        obs, rew, term, trunc, info = env.step(as_batch(task_id, policy(rng, obs[0])), env.all_env_ids)
        assert (rew[0], bool(term[0]), bool(trunc[0]), info["elapsed_step"][0]) == (0.0, False, False, 0)
    return endings


# Which endings each task's policies must reach, so a lockstep run cannot
# pass by never exercising a branch.
EXPECTED_ENDINGS = {
    "CartPole-v0": {"terminated", "truncated"},
    "CartPole-v1": {"terminated", "truncated"},
    "Pendulum-v0": {"truncated"},
    "Pendulum-v1": {"truncated"},
    "MountainCar-v0": {"terminated", "truncated"},
    "MountainCarContinuous-v0": {"terminated", "truncated"},
    "Acrobot-v1": {"terminated", "truncated"},
}


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_lockstep_with_gymnasium(task_id: str) -> None:
    policies = [random_policy(task_id), goal_policy(task_id), idle_policy(task_id)]
    endings = lockstep(task_id, policies, episodes=6, seed=7)
    assert endings == EXPECTED_ENDINGS[task_id]


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_lockstep_after_reset_seed(task_id: str) -> None:
    """A pool re-seeded by reset(seed=s) still runs gymnasium's dynamics (lockstep), from
    exactly the initial states a new pool made with seed s starts from."""
    policies = [random_policy(task_id), goal_policy(task_id)]
    lockstep(task_id, policies, episodes=2, seed=7, reseed_from=123)
    fresh = parallel_pool.make_vec(task_id, num_envs=1, seed=7, lockstep_info=True)
    reseeded = parallel_pool.make_vec(task_id, num_envs=1, seed=123, lockstep_info=True)
    reseeded.reset()
    for episode in range(3):  # three episodes' initial states, the streams going on after the reseed
        want = fresh.reset()[1]["state"]
        got = (reseeded.reset(seed=7) if episode == 0 else reseeded.reset())[1]["state"]
        np.testing.assert_array_equal(got, want)


# ------------------------------------------------------- seeded lockstep

SEEDS = [0, 1, 7, 123456]
# Steps of a seeded lockstep run: enough for each env to start at least two
# more episodes (autoreset) on random actions, whose episodes CartPole ends
# early and the others' time limits (200, 200, 999, 500 steps) end.
SEEDED_STEPS = {
    "CartPole": 300,
    "Pendulum": 450,
    "MountainCar": 450,
    "MountainCarContinuous": 2100,
    "Acrobot": 1100,
}


def assert_same_bits(ours: Any, ref: Any, where: str) -> None:
    """Floats compared bit for bit (so 0.0 != -0.0)."""
    ref = np.asarray(ref, dtype=np.asarray(ours).dtype)
    np.testing.assert_array_equal(np.asarray(ours).reshape(-1).view(np.uint8), ref.reshape(-1).view(np.uint8), where)


def assert_first_obs(task_id: str, ours: np.ndarray, ref: np.ndarray, where: str) -> None:
    if family(task_id) == "Acrobot":  # NumPy's float32 cos/sin (see the module docstring): 1 ulp
        np.testing.assert_array_max_ulp(ours[:4], np.asarray(ref[:4]), maxulp=1)
        assert_same_bits(ours[4:], ref[4:], where)
    else:
        assert_same_bits(ours, ref, where)


def seeded_lockstep(task_id: str, env: Any, obs: np.ndarray, refs: list[gymnasium.Env], seed: int) -> None:
    """Steps the pool (whose first obs is `obs`) and the reset references on the same
    random actions; each env must start at least two more episodes on its own."""
    policy = random_policy(task_id)
    rng = np.random.default_rng(seed)
    done = np.zeros(len(refs), dtype=bool)
    resets = np.zeros(len(refs), dtype=int)
    for t in range(1, SEEDED_STEPS[family(task_id)] + 1):
        actions = [policy(rng, o) for o in obs]
        batch = np.concatenate([as_batch(task_id, a) for a in actions])
        obs, rew, term, trunc, info = env.step(batch, env.all_env_ids)  # env ids given: info has elapsed_step
        assert rew.dtype == np.float64
        for i, ref in enumerate(refs):
            where = f"{task_id} seed {seed} env {i} step {t}"
            if done[i]:  # next-step autoreset: the action is ignored; gymnasium's reset() without a seed
                ref_obs, _ = ref.reset()
                assert_first_obs(task_id, obs[i], ref_obs, where)
                assert (rew[i], bool(term[i]), bool(trunc[i]), info["elapsed_step"][i]) == (0.0, False, False, 0)
                resets[i] += 1
                continue
            ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(as_single(task_id, actions[i]))
            assert_same_bits(obs[i], ref_obs, where)
            assert_same_bits(rew[i], np.float64(ref_rew), where)
            assert (bool(term[i]), bool(trunc[i])) == (ref_term, ref_trunc), where
        done = term | trunc
    assert resets.min() >= 2, resets


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("task_id", ALL_IDS)
def test_seeded_lockstep_with_gymnasium(task_id: str, seed: int) -> None:
    """Default config, nothing synced: env i of a pool made with seed=s is gymnasium's env
    after reset(seed=s + i), over several episodes."""
    same_first_obs = functools.partial(assert_first_obs, task_id)
    env, refs, obs = seeded_beside_references(task_id, seed, functools.partial(make_reference, task_id), same_first_obs)
    seeded_lockstep(task_id, env, obs, refs, seed)
    env.close()


@pytest.mark.parametrize("seed", [0, 123456])
@pytest.mark.parametrize("task_id", ALL_IDS)
def test_reset_seed_is_gymnasiums_reset_seed(task_id: str, seed: int) -> None:
    """A used pool's reset(seed=s) is gymnasium's reset(seed=s + i), and so are the
    episodes after it."""
    env = parallel_pool.make_vec(task_id, num_envs=3, seed=seed + 1000)
    env.reset()
    rng = np.random.default_rng(1)
    policy = random_policy(task_id)
    for _ in range(20):
        env.step(np.concatenate([as_batch(task_id, policy(rng, None)) for _ in range(3)]))
    obs, _ = env.reset(seed=seed)
    refs = [make_reference(task_id) for _ in range(3)]
    for i, ref in enumerate(refs):
        assert_first_obs(task_id, obs[i], ref.reset(seed=seed + i)[0], f"{task_id} reset(seed={seed}) env {i}")
    seeded_lockstep(task_id, env, obs, refs, seed)
    env.close()


@pytest.mark.parametrize(
    ("task_id", "kwargs"),
    [
        ("CartPole-v1", {"sutton_barto_reward": True}),
        ("Pendulum-v1", {"g": 9.81}),
        ("Pendulum-v0", {"g": 9.81}),
        # The car cannot reach the goal this fast: it runs on into the right
        # wall (position clipped to 0.6), where the slope speeds it up until
        # the velocity is clipped to 0.07, which then meets the goal.
        ("MountainCar-v0", {"goal_velocity": 0.07}),
        ("MountainCarContinuous-v0", {"goal_velocity": 0.07}),
    ],
)
def test_lockstep_with_gymnasium_options(task_id: str, kwargs: dict[str, Any]) -> None:
    policies = [goal_policy(task_id), random_policy(task_id)]
    lockstep(task_id, policies, episodes=4, seed=11, **kwargs)


def envpool_pendulum_starts(seed: int) -> Iterator[tuple[float, float]]:
    """The (theta, theta_dot) starts EnvPool 1.2.5 draws for an env with `seed`:
    std::uniform_real_distribution over std::mt19937(seed), as libstdc++ computes
    it (two 32-bit words per double). NumPy's legacy RandomState(seed) is the same
    Mersenne Twister, seeded the same way."""
    words = np.random.RandomState(seed)

    def canonical() -> float:
        low, high = words.randint(0, 2**32, size=2, dtype=np.uint32).astype(float)
        return min((low + high * 2.0**32) / 2.0**64, np.nextafter(1.0, 0.0))

    while True:
        theta = canonical() * (np.pi - -np.pi) + -np.pi
        yield theta, canonical() * (1.0 - -1.0) + -1.0


def test_pendulum_v0_matches_envpool() -> None:
    """EnvPool 1.2.5's Pendulum-v0 runs the old gym v0 step our Pendulum-v0 runs: from
    EnvPool's own starts, its obs and (float32) rewards are those of OldGymPendulum, which
    the lockstep tests hold ours to. (Our starts are gymnasium's draws, not EnvPool's.)"""
    envpool = pytest.importorskip("envpool")
    theirs = envpool.make_gymnasium("Pendulum-v0", num_envs=2, seed=3)
    refs = [TimeLimit(OldGymPendulum(), max_episode_steps=200) for _ in range(2)]
    starts = [envpool_pendulum_starts(3 + i) for i in range(2)]

    def start(i: int) -> np.ndarray:
        refs[i].reset(seed=0)
        refs[i].unwrapped.state = np.array(next(starts[i]))
        return refs[i].unwrapped._get_obs()

    o_theirs, _ = theirs.reset()
    np.testing.assert_array_equal(o_theirs, np.stack([start(i) for i in range(2)]))
    rng = np.random.default_rng(0)
    done = np.zeros(2, dtype=bool)
    resets = 0
    for _ in range(450):  # two episodes and an autoreset, with velocity saturation
        a = (np.sign(o_theirs[:, 2:3]) * 2.0 + rng.uniform(-0.5, 0.5, (2, 1))).astype(np.float32)
        o_theirs, r_theirs, term, trunc, _ = theirs.step(a)
        for i in range(2):
            if done[i]:  # next-step autoreset: EnvPool's next start
                np.testing.assert_array_equal(o_theirs[i], start(i))
                resets += 1
                continue
            ref_obs, ref_rew, ref_term, ref_trunc, _ = refs[i].step(a[i])
            np.testing.assert_array_equal(o_theirs[i], ref_obs)
            # EnvPool's reward is float32.
            assert r_theirs[i] == np.float32(ref_rew)
            assert (bool(term[i]), bool(trunc[i])) == (ref_term, ref_trunc)
        done = term | trunc
    assert resets == 4  # each env started two more episodes from EnvPool's stream


# ------------------------------------------------------------------ spaces


def assert_same_space(ours: Any, ref: Any) -> None:
    assert type(ours).__name__ == type(ref).__name__, (ours, ref)
    assert ours.dtype == ref.dtype and ours.shape == ref.shape, (ours, ref)
    if hasattr(ref, "n"):
        assert (int(ours.n), int(ours.start)) == (int(ref.n), int(ref.start))
    else:
        np.testing.assert_array_equal(ours.low, ref.low)
        np.testing.assert_array_equal(ours.high, ref.high)


@pytest.mark.parametrize("task_id", GYMNASIUM_IDS)
def test_spaces_match_gymnasium(task_id: str) -> None:
    ref = gymnasium.make(task_id)
    spec = parallel_pool.make_spec(task_id)
    assert_same_space(spec.observation_space, ref.observation_space)
    assert_same_space(spec.action_space, ref.action_space)
    env = parallel_pool.make_vec(task_id, num_envs=2)
    assert_same_space(env.single_observation_space, ref.observation_space)
    assert_same_space(env.single_action_space, ref.action_space)


def test_pendulum_v0_spaces() -> None:
    ref = gymnasium.make("Pendulum-v1")
    spec = parallel_pool.make_spec("Pendulum-v0")
    assert_same_space(spec.observation_space, ref.observation_space)
    assert_same_space(spec.action_space, ref.action_space)


@pytest.mark.parametrize("task_id", GYMNASIUM_IDS)
def test_registration_matches_gymnasium(task_id: str) -> None:
    ref = gymnasium.spec(task_id)
    spec = parallel_pool.make_spec(task_id)
    assert spec.config.max_episode_steps == ref.max_episode_steps
    assert spec.reward_threshold == ref.reward_threshold


def test_all_ids_registered() -> None:
    assert set(ALL_IDS) <= set(parallel_pool.list_all_envs())
    # EnvPool's aliases of gymnasium's functional ids: the same task, config and all.
    for alias, task_id in (("phys2d/CartPole-v0", "CartPole-v0"), ("phys2d/CartPole-v1", "CartPole-v1")):
        assert parallel_pool.make_spec(alias).config == parallel_pool.make_spec(task_id).config
    assert parallel_pool.make_spec("phys2d/Pendulum-v0").config == parallel_pool.make_spec("Pendulum-v0").config
    assert parallel_pool.make_spec("Pendulum-v0").config.max_episode_steps == 200
    assert parallel_pool.make_spec("Pendulum-v0").reward_threshold is None


# ------------------------------------------------------- reset distribution

RESET_RANGES = {
    "CartPole-v1": [(-0.05, 0.05)] * 4,
    "Pendulum-v1": [(-np.pi, np.pi), (-1.0, 1.0)],
    "MountainCar-v0": [(-0.6, -0.4), (0.0, 0.0)],
    "MountainCarContinuous-v0": [(-0.6, -0.4), (0.0, 0.0)],
    "Acrobot-v1": [(-0.1, 0.1)] * 4,
}


@pytest.mark.parametrize("task_id", list(RESET_RANGES))
def test_reset_distribution(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=2000, seed=5, lockstep_info=True)
    _, info = env.reset()
    state = info["state"]
    for i, (low, high) in enumerate(RESET_RANGES[task_id]):
        column = state[:, i]
        assert low <= column.min() and column.max() <= high, (i, column.min(), column.max())
        if high > low:  # uniform: spread over the range, centred
            assert column.max() - column.min() > 0.98 * (high - low)
            assert abs(column.mean() - (low + high) / 2) < 0.05 * (high - low)
    if task_id == "Acrobot-v1":  # drawn as float32, like gymnasium
        np.testing.assert_array_equal(state, state.astype(np.float32))


# ------------------------------------------------------------- determinism


def rollout(task_id: str, seed: int, steps: int = 300) -> list[np.ndarray]:
    env = parallel_pool.make_vec(task_id, num_envs=3, seed=seed)
    rng = np.random.default_rng(0)
    obs, _ = env.reset()
    out = [obs.copy()]
    for _ in range(steps):
        if task_id in CONTINUOUS:
            a = rng.uniform(-2.0, 2.0, (3, 1)).astype(np.float32)
        else:
            a = rng.integers(env.single_action_space.n, size=3)
        obs, rew, term, trunc, _ = env.step(a)
        out += [obs.copy(), rew.copy(), term.copy(), trunc.copy()]
    return out


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_seeding_is_deterministic(task_id: str) -> None:
    a, b, c = rollout(task_id, 0), rollout(task_id, 0), rollout(task_id, 1)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)
    assert not np.array_equal(a[0], c[0])
    assert len({row.tobytes() for row in a[0]}) == 3  # each env has its own seed


# ---------------------------------------------------------------- clipping


@pytest.mark.parametrize("task_id", ["Pendulum-v0", "Pendulum-v1"])
def test_pendulum_clips_torque(task_id: str) -> None:
    """gymnasium clips the torque before the cost and the physics: 2 and 7.5 are the same."""
    envs = [parallel_pool.make_vec(task_id, num_envs=1, seed=2) for _ in range(2)]
    outs = [env.reset()[0] for env in envs]
    np.testing.assert_array_equal(outs[0], outs[1])
    for t in range(60):
        sign = 1.0 if t % 20 < 10 else -1.0
        r0 = envs[0].step(np.array([[2.0 * sign]], dtype=np.float32))
        r1 = envs[1].step(np.array([[7.5 * sign]], dtype=np.float32))
        for x, y in zip(r0[:4], r1[:4], strict=True):
            np.testing.assert_array_equal(x, y)


def test_mountain_car_continuous_clips_force_not_penalty() -> None:
    """The force is clipped to [-1, 1]; the energy penalty uses the raw action."""
    envs = [parallel_pool.make_vec("MountainCarContinuous-v0", num_envs=1, seed=2) for _ in range(2)]
    for env in envs:
        env.reset()
    for raw in (3.0, -40.0, 2.0):
        o0, r0, *_ = envs[0].step(np.array([[raw]], dtype=np.float32))
        o1, r1, *_ = envs[1].step(np.array([[np.sign(raw) * 1e3]], dtype=np.float32))
        np.testing.assert_array_equal(o0, o1)  # both clipped to the same Python float bound
        assert r0[0] == -(raw**2) * 0.1
        assert r1[0] == -(1e3**2) * 0.1


@pytest.mark.parametrize("task_id", ["CartPole-v1", "MountainCar-v0", "Acrobot-v1"])
def test_discrete_action_out_of_range_is_rejected(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=1)
    env.reset()
    n = env.single_action_space.n
    for bad in (-1, n):
        with pytest.raises(ValueError):
            env.step(np.array([bad]))


@pytest.mark.parametrize("task_id", sorted(CONTINUOUS))
def test_nan_action_is_rejected(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=1)
    env.reset()
    with pytest.raises(ValueError):
        env.step(np.array([[np.nan]], dtype=np.float32))


# -------------------------------------------------------------------- APIs


def sample_actions(task_id: str, num_envs: int, rng: np.random.Generator) -> np.ndarray:
    if task_id in CONTINUOUS:
        return rng.uniform(-1.0, 1.0, (num_envs, 1)).astype(np.float32)
    return rng.integers(2, size=num_envs)


OBS_DIM = {"CartPole": 4, "Pendulum": 3, "MountainCar": 2, "MountainCarContinuous": 2, "Acrobot": 6}


@pytest.mark.parametrize("env_type", ["gym", "gymnasium"])
@pytest.mark.parametrize("task_id", ALL_IDS)
def test_gym_and_gymnasium_api(task_id: str, env_type: str) -> None:
    env = parallel_pool.make(task_id, env_type=env_type, num_envs=3, seed=1, lockstep_info=True)
    rng = np.random.default_rng(0)
    obs_shape = (OBS_DIM[family(task_id)],)
    assert_gym_api(env, obs_shape, np.float32, lambda: sample_actions(task_id, 3, rng), {"state": np.float64})


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_dm_api(task_id: str) -> None:
    env = parallel_pool.make_dm(task_id, num_envs=2, seed=1)
    actions = sample_actions(task_id, 2, np.random.default_rng(0))
    assert_dm_api(env, (OBS_DIM[family(task_id)],), np.float32, actions)


def test_dm_discount_is_zero_on_termination() -> None:
    env = parallel_pool.make_dm("CartPole-v1", num_envs=1, seed=0)
    env.reset()
    for _ in range(100):  # always pushing right topples the pole
        ts = env.step(np.array([1]))
        if ts.step_type[0] == 2:
            break
    assert ts.step_type[0] == 2 and ts.discount[0] == 0.0 and ts.reward[0] == 1.0


@pytest.mark.parametrize("task_id", GYMNASIUM_IDS)
def test_default_info_is_gymnasiums_plus_the_common_keys(task_id: str) -> None:
    """No test scaffolding in a default pool's output (`state` needs lockstep_info=True)."""
    keys = assert_default_info_is_references(task_id, make_reference(task_id))
    with_lockstep = parallel_pool.make_vec(task_id, num_envs=2, lockstep_info=True)
    assert {k for k in with_lockstep.reset()[1] if not k.startswith("_")} == keys | {"state"}
