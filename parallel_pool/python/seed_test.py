"""reset(seed=...): a re-seeded env runs exactly as the same env of a new pool made with that seed.

For every family: a pool made with another seed and stepped a while, then
reset(seed=s) and stepped with fixed actions, must give exactly the
observations, rewards, ends and info of a pool made with seed=s given the same
actions. The families whose reference is seeded the same way check the
reference too (dm_control_lockstep_test, atari_lockstep_test,
vizdoom_lockstep_test). Here also: subsets (env_id, reset_mask), seed lists
with None, np_random_seed against gymnasium's SyncVectorEnv, async mode and
the errors.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import SyncVectorEnv

import parallel_pool
from parallel_pool import family_facts


def actions_for(task_id: str, num_envs: int, steps: int, seed: int = 0, **config: Any) -> list[Any]:
    """`steps` batches of valid actions, the same for every pool compared."""
    space = parallel_pool.make_spec(task_id, **config).action_space
    space.seed(seed)
    return [np.stack([np.asarray(space.sample()) for _ in range(num_envs)]) for _ in range(steps)]


def flat(x: Any) -> list[np.ndarray]:
    """Every array of a result (obs dicts, info dicts, TimeSteps), in a fixed order."""
    if isinstance(x, dict):
        return [a for k in sorted(x) for a in flat(x[k])]
    if isinstance(x, (tuple, list)):
        return [a for item in x for a in flat(item)]
    if isinstance(x, np.ndarray) and x.dtype == object:  # same-step final_obs
        return [np.array([item is None for item in x])] + [a for item in x if item is not None for a in flat(item)]
    return [np.asarray(x)]


def assert_same(got: Any, want: Any, where: str) -> None:
    a, b = flat(got), flat(want)
    assert len(a) == len(b), where
    for x, y in zip(a, b, strict=True):
        assert x.dtype == y.dtype, where
        np.testing.assert_array_equal(x, y, err_msg=where)


def rollout(env: Any, first: Any, actions: list[Any]) -> list[Any]:
    return [first] + [env.step(a) for a in actions]


def assert_reseed_like_new(
    task_id: str, seed: int, steps: int = 40, num_envs: int = 2, env_type: str = "gymnasium", **config: Any
) -> None:
    def make(s: int) -> Any:
        return parallel_pool.make(task_id, env_type=env_type, num_envs=num_envs, seed=s, **config)

    actions = actions_for(task_id, num_envs, steps, **config)
    used = make(seed + 1000)
    used.reset()
    for a in actions_for(task_id, num_envs, 7, seed=1, **config):
        used.step(a)
    got = rollout(used, used.reset(seed=seed), actions)
    assert used.np_random_seed == tuple(seed + i for i in range(num_envs))
    fresh = make(seed)
    want = rollout(fresh, fresh.reset(), actions)
    for t, (g, w) in enumerate(zip(got, want, strict=True)):
        assert_same(g, w, f"{task_id} ({env_type}) step {t}")
    used.close()
    fresh.close()


# One or more tasks per family, with a time limit short enough that the rollout crosses
# an episode boundary (and so the autoreset after a reseed): each family's facts'
# seed_tasks (its family_facts.bzl), so a new family is seed-tested with no edit here.
FAMILY_TASKS = [task for facts in family_facts.all_facts().values() for task in facts.seed_tasks]


def test_every_family_has_seed_tasks() -> None:
    assert all(facts.seed_tasks for facts in family_facts.all_facts().values())


@pytest.mark.parametrize(("task_id", "config"), FAMILY_TASKS, ids=[t for t, _ in FAMILY_TASKS])
def test_reset_seed_runs_as_a_new_pool(task_id: str, config: dict[str, Any]) -> None:
    assert_reseed_like_new(task_id, seed=5, **config)


@pytest.mark.parametrize(("task_id", "config"), FAMILY_TASKS, ids=[t for t, _ in FAMILY_TASKS])
def test_a_first_reset_with_a_seed_runs_as_a_new_pool(task_id: str, config: dict[str, Any]) -> None:
    # No reset before it: what the env drew when it was made (ViZDoom's engine
    # starts its first episode then) must not outlive the new seed. Found by the fuzzer.
    used = parallel_pool.make_vec(task_id, num_envs=2, seed=1, **config)
    fresh = parallel_pool.make_vec(task_id, num_envs=2, seed=5, **config)
    assert_same(used.reset(seed=5), fresh.reset(), task_id)
    actions = actions_for(task_id, 2, 5, **config)
    assert_same(rollout(used, None, actions), rollout(fresh, None, actions), task_id)
    used.close()
    fresh.close()


# dm_control tasks whose construction draws from the seed (lqr's model) or
# whose episodes change their own model (targets, gains, terrain).
DM_CONTROL_TASKS = [
    "LqrLqr21-v1",
    "FishSwim-v1",
    "PointMassHard-v1",
    "FingerTurnHard-v1",
    "FingerSpin-v1",
    "ReacherHard-v1",
    "SwimmerSwimmer6-v1",
    "ManipulatorBringBall-v1",
    "StackerStack2-v1",
    "QuadrupedEscape-v1",
]


@pytest.mark.parametrize("task_id", DM_CONTROL_TASKS)
def test_dm_control_reset_seed_restores_what_the_seed_drew(task_id: str) -> None:
    assert_reseed_like_new(task_id, seed=3, steps=12, env_type="dm", max_episode_steps=5)


@pytest.mark.parametrize("env_type", ["gym", "dm"])
def test_every_flavour_reseeds(env_type: str) -> None:
    assert_reseed_like_new("CartPole-v1", seed=11, env_type=env_type)
    assert_reseed_like_new("Pong-v5", seed=11, steps=10, env_type=env_type)


def test_same_step_autoreset_reseeds() -> None:
    assert_reseed_like_new("CartPole-v1", seed=4, steps=60, autoreset_mode="same_step")


def test_reset_without_seed_continues_the_streams() -> None:
    once = parallel_pool.make_vec("CartPole-v1", num_envs=3, seed=8)
    once.reset()
    second = once.reset()[0].copy()
    reseeded = parallel_pool.make_vec("CartPole-v1", num_envs=3, seed=0)
    reseeded.reset(seed=8)
    np.testing.assert_array_equal(reseeded.reset()[0], second)
    assert reseeded.np_random_seed == (8, 9, 10)


def first_obs(seed: Any, num_envs: int = 4) -> np.ndarray:
    return parallel_pool.make_vec("CartPole-v1", num_envs=num_envs, seed=seed).reset()[0]


def test_a_seed_list_gives_each_env_its_seed_and_none_keeps_the_stream() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=100)
    env.reset()
    continued = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=100)
    continued.reset()
    obs, _ = env.reset(seed=np.array([7, None, 3, 9], dtype=object))
    new = first_obs([7, 0, 3, 9])
    np.testing.assert_array_equal(obs[[0, 2, 3]], new[[0, 2, 3]])
    np.testing.assert_array_equal(obs[1], continued.reset()[0][1])
    assert env.np_random_seed == (7, 101, 3, 9)


def test_only_the_envs_reset_are_reseeded() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=50)
    env.reset()
    obs, info = env.reset(np.array([3, 1]), seed=20)  # env i of a pool made with seed=20: 20 + i
    np.testing.assert_array_equal(info["env_id"], [3, 1])
    np.testing.assert_array_equal(obs, first_obs(20)[[3, 1]])
    assert env.np_random_seed == (50, 21, 52, 23)
    obs, _ = env.reset(np.array([2]), seed=[0, 0, 77, 0])  # a list: indexed by env id
    np.testing.assert_array_equal(obs[0], first_obs([0, 0, 77, 0])[2])
    assert env.np_random_seed == (50, 21, 77, 23)


def test_reset_mask_reseeds_the_masked_envs_as_sync_vector_env() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=50)
    ref = SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 4)
    env.reset()
    ref.reset(seed=50)
    env.step(np.ones(4, dtype=np.int64))
    mask = np.array([False, True, True, False])
    before = env.step(np.ones(4, dtype=np.int64))[0].copy()
    obs, info = env.reset(seed=[1, 2, 3, 4], options={"reset_mask": mask})
    _, ref_info = ref.reset(seed=[1, 2, 3, 4], options={"reset_mask": mask})
    np.testing.assert_array_equal(obs[mask], first_obs([1, 2, 3, 4])[mask])
    np.testing.assert_array_equal(obs[~mask], before[~mask])
    assert env.np_random_seed == ref.np_random_seed == (50, 2, 3, 53)
    assert info == ref_info == {}  # CartPole's info: no keys, as SyncVectorEnv's


def test_np_random_seed_follows_sync_vector_env() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, seed=0)
    ref = SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 3)
    for seed in (42, None, [5, None, 6], 9, None):
        env.reset(seed=seed)
        ref.reset(seed=seed)
        assert env.np_random_seed == ref.np_random_seed
    assert env.np_random_seed == (9, 10, 11)


def test_async_reset_with_seed() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, batch_size=2, seed=0)
    env.async_reset(seed=30)
    seen: dict[int, np.ndarray] = {}
    for _ in range(2):
        obs, _, _, _, info = env.recv()
        for row, i in zip(obs, info["env_id"], strict=True):
            seen[int(i)] = row
    want = first_obs(30)
    assert sorted(seen) == [0, 1, 2, 3]
    for i, row in seen.items():
        np.testing.assert_array_equal(row, want[i])
    # reset() in async mode resets every env; the first batch_size results come back.
    obs, info = env.reset(seed=40)
    np.testing.assert_array_equal(obs, first_obs(40)[info["env_id"]])
    assert env.np_random_seed == (40, 41, 42, 43)


@pytest.mark.parametrize(
    ("seed", "error", "match"),
    [
        ([1, 2], ValueError, "one seed per env"),
        (True, TypeError, "bool"),
        (1.5, TypeError, "float"),
        ("3", TypeError, "str"),
        ([1, 2, "3"], TypeError, "int or None"),
        ([1, 2, 2**31], ValueError, "int32"),
        (2**31 - 2, ValueError, "int32"),  # env 2 would get 2**31
        (-(2**31) - 1, ValueError, "int32"),
    ],
)
def test_bad_seeds_are_rejected_and_change_nothing(seed: Any, error: type, match: str) -> None:
    for env_type in ("gymnasium", "gym", "dm"):
        env = parallel_pool.make("CartPole-v1", env_type=env_type, num_envs=3, seed=0)
        with pytest.raises(error, match=match):
            env.reset(seed=seed)
        assert env.np_random_seed == (0, 1, 2)
        env.reset()  # still usable


def test_an_env_id_out_of_range_is_named_not_the_seed_it_would_get() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, seed=0)
    with pytest.raises(ValueError, match=r"env_id: 2147483647 is outside \[0, 3\)"):
        env.reset(env_id=[2**31 - 1], seed=5)  # 5 + 2**31 - 1 is outside int32 too
    assert env.np_random_seed == (0, 1, 2)


def test_negative_and_extreme_seeds_work_as_at_construction() -> None:
    for seed in (-5, -(2**31), 2**31 - 4, np.int32(6), np.array(6)):
        np.testing.assert_array_equal(
            parallel_pool.make_vec("CartPole-v1", num_envs=3, seed=1).reset(seed=seed)[0], first_obs(seed, 3)
        )


def test_gym_flavour_rejects_options() -> None:
    env = parallel_pool.make_gym("CartPole-v1", num_envs=2)
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"reset_mask": np.array([True, False])})
