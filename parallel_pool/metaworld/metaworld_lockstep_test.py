"""The metaworld tasks against metaworld 3.1.1 (on MuJoCo 3.17.0), seed for seed.

Nothing is synced: env i of a pool made with seed=s must run exactly what metaworld's
`gymnasium.make("Meta-World/MT1", env_name=task, seed=s + i)` runs: the same goals in
the same order (drawn with np.random from the seed, one picked per episode with the
env's np_random), then, on the same float32 actions (the action space's dtype, some
beyond its bounds), the same observations, rewards (float64, byte for byte),
terminated, truncated and info values at every step, across episode ends (the pool's
next-step autoreset is the reference's reset()). The reference runs in its own venv
(testing/reference.py).
"""

from __future__ import annotations

import numpy as np
import pytest

import parallel_pool
from parallel_pool.metaworld import registration
from parallel_pool.metaworld.testing import reference
from parallel_pool.python.testing.depth import spread
from parallel_pool.python.testing.exact import float64_rewards

INFO_KEYS = (
    "success",
    "near_object",
    "grasp_success",
    "grasp_reward",
    "in_place_reward",
    "obj_to_target",
    "unscaled_reward",
)
NUM_ENVS = 3
# Short episodes, so that every env crosses episode ends.
MAX_STEPS = 20
STEPS = 45
# Each env's action noise: small, medium, and large enough that a sixth of the values
# lie beyond [-1, 1].
ACTION_SCALES = np.array([0.3, 0.7, 1.5], np.float32)


def random_actions(seed: int, steps: int, scales: np.ndarray = ACTION_SCALES) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((len(scales), steps, 4)) * scales[:, None, None]).astype(np.float32)


def run_pool(
    task_id: str,
    seed: int | list[int],
    actions: np.ndarray | None = None,
    max_steps: int = MAX_STEPS,
    **config: object,
) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """Our pool's run on `actions` (random ones by default): its outputs [n, T + 1, ...],
    the actions [n, T, 4] and the resets [n, T]."""
    num_envs = len(seed) if isinstance(seed, list) else NUM_ENVS
    env = float64_rewards(
        parallel_pool.make_gymnasium(task_id, num_envs=num_envs, seed=seed, max_episode_steps=max_steps, **config)
    )
    if actions is None:
        actions = random_actions(seed if isinstance(seed, int) else seed[0], STEPS)
    obs, _ = env.reset()
    out: dict[str, list] = {"obs": [obs], "reward": [], "terminated": [], "truncated": [], **{k: [] for k in INFO_KEYS}}
    resets = np.zeros((num_envs, actions.shape[1]), bool)
    done = np.zeros(num_envs, bool)
    for t in range(actions.shape[1]):
        resets[:, t] = done
        obs, reward, terminated, truncated, info = env.step(actions[:, t])
        out["obs"].append(obs)
        out["reward"].append(np.where(done, 0.0, reward))
        out["terminated"].append(terminated & ~done)
        out["truncated"].append(truncated & ~done)
        for key in INFO_KEYS:
            out[key].append(np.where(done, 0.0, info[key]))
        done = terminated | truncated
    env.close()
    stacked = {k: np.stack(v, axis=1) for k, v in out.items()}
    return stacked, actions, resets


# The seeds of the random-action runs, each with the goals per task it is made with:
# seed 0 with metaworld's 50 (its whole draw sequence: 100 rand_vecs and their
# redraws), seed 7 with 5 (the first ten draws; a cheaper reference to make). Each
# task runs one of them in `make test`, both in `make test-long` (testing/depth.py).
SEED_RUNS = {0: 50, 7: 5}
# The scripted policy's episodes: 2 per env, long enough to succeed.
POLICY_STEPS = 150
POLICY_SEED = 11
POLICY_NOISE = np.array([0.0, 0.05, 0.2], np.float32)


@pytest.fixture(scope="module")
def seed_references(request: pytest.FixtureRequest) -> dict[tuple[str, int], dict]:
    """metaworld's runs for every selected (task, seed) of test_seed_for_seed, in one
    reference process (the import and the benchmarks' goal draws are paid once each)."""
    keys = [(p["task"], p["seed"]) for p in reference.selected(request, "test_seed_for_seed")]
    jobs = [
        reference.Job(
            task,
            [seed + i for i in range(NUM_ENVS)],
            random_actions(seed, STEPS),
            reference.planned_resets(NUM_ENVS, STEPS, MAX_STEPS),
            MAX_STEPS,
            num_goals=SEED_RUNS[seed],
        )
        for task, seed in keys
    ]
    return dict(zip(keys, reference.rollouts(jobs), strict=True)) if jobs else {}


@pytest.fixture(scope="module")
def policy_references(request: pytest.FixtureRequest) -> dict[str, dict]:
    """metaworld's scripted-policy runs of every selected task, in one reference process."""
    tasks = [p["task"] for p in reference.selected(request, "test_policy_episodes")]
    steps = 2 * POLICY_STEPS + 1
    noise = random_actions(POLICY_SEED, steps, POLICY_NOISE)
    resets = reference.planned_resets(NUM_ENVS, steps, POLICY_STEPS)
    seeds = [POLICY_SEED + i for i in range(NUM_ENVS)]
    jobs = [reference.Job(t, seeds, noise, resets, POLICY_STEPS, num_goals=5, policy=True) for t in tasks]
    return dict(zip(tasks, reference.rollouts(jobs), strict=True)) if jobs else {}


@pytest.mark.parametrize(("seed", "task"), [(s, t) for t, s in spread(registration.TASKS, list(SEED_RUNS))])
def test_seed_for_seed(task: str, seed: int, seed_references: dict) -> None:
    ours, actions, resets = run_pool(
        registration.public_name(task), seed, partially_observable=False, num_goals=SEED_RUNS[seed]
    )
    np.testing.assert_array_equal(resets, reference.planned_resets(NUM_ENVS, STEPS, MAX_STEPS))
    assert_same(task, seed, ours, seed_references[task, seed])


def assert_same(task: str, seed: int, ours: dict[str, np.ndarray], theirs: dict[str, np.ndarray]) -> None:
    for key in ("obs", "reward", "terminated", "truncated", *INFO_KEYS):
        a, b = ours[key], theirs[key].astype(ours[key].dtype)
        np.testing.assert_array_equal(a, b, err_msg=f"{task} seed {seed}: {key}")
        assert a.tobytes() == b.tobytes(), f"{task} seed {seed}: {key} differs in a sign of zero"


@pytest.mark.parametrize("task", registration.TASKS)
def test_policy_episodes(task: str, policy_references: dict) -> None:
    """metaworld's scripted policy (plus noise) drives the reference's envs, and ours replay
    its actions: the success branches of the reward are reached, and agree."""
    theirs = policy_references[task]
    ours, _, resets = run_pool(
        registration.public_name(task),
        POLICY_SEED,
        theirs["actions"],
        POLICY_STEPS,
        partially_observable=False,
        num_goals=5,
    )
    np.testing.assert_array_equal(resets, reference.planned_resets(NUM_ENVS, 2 * POLICY_STEPS + 1, POLICY_STEPS))
    assert_same(task, POLICY_SEED, ours, theirs)
    assert theirs["success"].any(), f"{task}: the scripted policy never succeeded"


def test_a_fixed_goal() -> None:
    """goal_index=k: every episode runs goal k of the set, as metaworld's env after
    set_task(tasks[k]) with sample_tasks_on_reset off (no draw at resets)."""
    task, seed = "reach-v3", 2
    ours, actions, resets = run_pool(registration.public_name(task), seed, partially_observable=False, goal_index=17)
    theirs = reference.rollout(task, [seed + i for i in range(NUM_ENVS)], actions, resets, MAX_STEPS, goal_index=17)
    assert_same(task, seed, ours, theirs)
    goals = ours["obs"][..., 36:]
    assert (goals == goals[:, :1]).all()  # the same goal in every episode


@pytest.mark.parametrize("task", registration.TASKS)
def test_goal_hidden_by_default(task: str) -> None:
    """EnvPool's default, partially_observable=True: the goal's values are zeros, the rest the same."""
    hidden, _, _ = run_pool(registration.public_name(task), 3)
    shown, _, _ = run_pool(registration.public_name(task), 3, partially_observable=False)
    assert not hidden["obs"][..., 36:].any()
    np.testing.assert_array_equal(hidden["obs"][..., :36], shown["obs"][..., :36])
    assert shown["obs"][..., 36:].any()
    np.testing.assert_array_equal(hidden["reward"], shown["reward"])


@pytest.mark.parametrize("benchmark", list(registration.BENCHMARKS))
def test_benchmark_as_one_pool(benchmark: str) -> None:
    """MetaWorld/MT10 (MT50) made with seed=[s] * n is metaworld's
    make_vec("Meta-World/MT10", seed=s, use_one_hot=True), env by env: the benchmark's
    goal draws (its tasks draw in order from one seed), the goal shown, the one-hot."""
    task_id = f"MetaWorld/{benchmark}"
    if task_id not in parallel_pool.list_all_envs():
        pytest.skip(f"{task_id} is registered once all its tasks are")
    n, seed = len(registration.BENCHMARKS[benchmark]), 5
    actions = random_actions(seed, STEPS, np.resize(ACTION_SCALES, n))
    ours, _, resets = run_pool(task_id, [seed] * n, actions, num_one_hot=n)
    theirs = reference.rollout("", [seed], actions, resets, MAX_STEPS, benchmark=benchmark, use_one_hot=True)
    assert_same(benchmark, seed, ours, theirs)
