"""Fetch against gymnasium-robotics 1.4.2, seed for seed.

Nothing is synced: env i of a pool made with seed=s must run exactly the episodes of
gymnasium-robotics' env after reset(seed=s + i): the same object start and goal, then,
on the same float32 actions (some past the action bounds, which both clip), the same
observations, achieved and desired goals, rewards (float64 bytes: the sparse reward's
-0.0 on success included), terminated, truncated and is_success (float32 bytes) at every
step, and across episode ends (the pool's next-step autoreset gives the reference's
reset() without a seed), for every Fetch id: the -v1 ids, EnvPool's names of the
mujoco_py-era versions, against the -v4 envs they are.

The reference runs with its joint helpers patched for MuJoCo 3.17 (testing/reference.py;
unpatched, no Fetch env can be made). Bazel also runs the lockstep under each OpenBLAS
core type NumPy may pick (fetch_lockstep_<coretype>_test): the reference's site
velocities are NumPy's dgemv and its object placement's norm is ddot, whose roundings
depend on the kernel.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool import robotics
from parallel_pool.python.testing import openblas
from parallel_pool.robotics.testing import reference

reference.register()

FETCH_IDS = sorted(t for t in parallel_pool.list_all_envs() if t.startswith("Fetch"))
NUM_ENVS = 3
# Short episodes, so that every env crosses several episode ends.
MAX_STEPS = 12
STEPS = 40
GOAL_KEYS = ("observation", "achieved_goal", "desired_goal")

# How each OpenBLAS core type the BUILD runs this file under adds dgemv's last
# terms (numpy_gemv.h).
CORETYPE_GEMV: dict[str, str] = {
    "Haswell": "fused",
    "SkylakeX": "fused",
    "Sandybridge": "plain",
    "Prescott": "plain",
}


def reference_id(task_id: str) -> str:
    """The gymnasium-robotics env an id runs: its -v4 (a -v1 id is EnvPool's alias of it)."""
    return task_id.removesuffix("-v1") + "-v4" if task_id.endswith("-v1") else task_id


def assert_same_obs(obs: dict, i: int, ref_obs: dict, where: str) -> None:
    for key in GOAL_KEYS:
        np.testing.assert_array_equal(obs[key][i], ref_obs[key], f"{where}: {key}")


def toward_goal(obs: dict, rng: np.random.Generator) -> np.ndarray:
    """Float32 actions that steer each gripper toward its goal (so that Reach succeeds),
    noisy, often past the action bounds; the fingers' opening at random."""
    grip = obs["observation"][:, :3]
    move = 8.0 * (obs["desired_goal"] - grip) + rng.normal(0.0, 0.5, grip.shape)
    opening = rng.uniform(-1.5, 1.5, (len(grip), 1))
    return np.clip(np.concatenate([move, opening], axis=1), -1.5, 1.5).astype(np.float32)


def run_lockstep(
    task_id: str, seed: int, steps: int, ref_attributes: dict[str, Any] | None = None, **config: Any
) -> dict[str, int]:
    """Steps a pool and the reference's envs on the same actions; returns how episodes
    ended. `ref_attributes` are set on the reference's unwrapped envs (the keywords its
    Fetch classes fix), `config` is the pool's."""
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, max_episode_steps=MAX_STEPS, **config)
    refs = [gymnasium.make(reference_id(task_id), max_episode_steps=MAX_STEPS) for _ in range(NUM_ENVS)]
    for ref in refs:
        for name, value in (ref_attributes or {}).items():
            setattr(ref.unwrapped, name, value)
    assert env.single_action_space == refs[0].action_space
    obs, info = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, _ = ref.reset(seed=seed + i)
        assert_same_obs(obs, i, ref_obs, f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)
    done = np.zeros(NUM_ENVS, dtype=bool)
    endings = {"success": 0, "truncated": 0}
    for t in range(steps):
        actions = toward_goal(obs, rng)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"{task_id} env {i} step {t}"
            if done[i]:
                ref_obs, _ = ref.reset()
                assert_same_obs(obs, i, ref_obs, where + " (autoreset)")
                continue
            ref_obs, ref_reward, ref_term, ref_trunc, ref_info = ref.step(actions[i])
            assert_same_obs(obs, i, ref_obs, where)
            assert np.float64(ref_reward).tobytes() == reward[i].tobytes(), (where, reward[i], ref_reward)
            assert (bool(terminated[i]), bool(truncated[i])) == (ref_term, ref_trunc), where
            success = ref_info["is_success"]
            assert isinstance(success, np.float32) and success.tobytes() == info["is_success"][i].tobytes(), where
            endings["success"] += int(success)
            endings["truncated"] += ref_trunc
        done = terminated | truncated
    env.close()
    for ref in refs:
        ref.close()
    return endings


@pytest.mark.parametrize("task_id", FETCH_IDS)
def test_lockstep_with_gymnasium_robotics(task_id: str) -> None:
    for seed in (7, 40013):
        endings = run_lockstep(task_id, seed=seed, steps=STEPS)
        assert endings["truncated"] >= NUM_ENVS, endings
        if task_id.startswith("FetchReach"):
            assert endings["success"] > 0, endings  # the sparse reward's -0.0


def test_lockstep_with_successes_on_an_object() -> None:
    """Push with a wide success threshold (the reference's Fetch classes fix it, so its env
    gets the attribute): successes, and the sparse reward's -0.0, with an object."""
    endings = run_lockstep(
        "FetchPush-v4", seed=3, steps=STEPS, ref_attributes={"distance_threshold": 0.25}, distance_threshold=0.25
    )
    assert endings["success"] > 0, endings


def test_lockstep_with_the_references_keywords() -> None:
    """Slide's target_offset given as gymnasium-robotics' keyword (one number for every
    axis here) and its own n_substeps: the same as the reference's env with those
    attributes."""
    endings = run_lockstep(
        "FetchSlideDense-v4",
        seed=11,
        steps=20,
        ref_attributes={"target_offset": 0.1},
        target_offset=0.1,
        n_substeps=20,
    )
    assert endings["truncated"] >= NUM_ENVS, endings


def test_numpy_rounding_of_the_site_velocities() -> None:
    """The dgemv rounding found at import is the one of the kernel OpenBLAS runs here."""
    gemv = openblas.forced(CORETYPE_GEMV)
    if gemv is not None:
        assert robotics.NUMPY_GEMV_ROUNDING == gemv
    assert robotics.NUMPY_GEMV_ROUNDING is not None, "no known rounding reproduces this NumPy's dgemv"
