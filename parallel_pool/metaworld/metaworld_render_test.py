"""render() of the metaworld tasks against metaworld's own rgb_array render.

Seed for seed (metaworld_lockstep_test.py): the pool's env and metaworld's MT1 env made
with seed s run the same episodes, so both render the same state after the reset and
every step. Episodes of two steps, so that the frames also show the next episodes'
placements (the goal site, the objects: model writes at each reset). metaworld renders
with gymnasium's MujocoRenderer: the free camera (no camera named), 480 x 480. Both run
the same libmujoco (3.17.0) on the same OpenGL (Mesa through EGL): every byte must be
equal (testing/render.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")  # the reference's renderer: headless EGL

import numpy as np
import pytest

import parallel_pool
from parallel_pool.metaworld import registration
from parallel_pool.metaworld.testing import reference
from parallel_pool.python.testing.render import assert_frames_match

MAX_STEPS = 2
STEPS = 4
# Goals per task: a few (the reference is made faster; which goal is drawn is the
# lockstep test's matter).
NUM_GOALS = 5

# ---- frames against the reference


NUM_ENVS, SEED = 1, 4


def render_actions() -> np.ndarray:
    """The random actions [NUM_ENVS, STEPS, 4] both sides run, in the action space's dtype."""
    rng = np.random.default_rng(SEED)
    return rng.uniform(-1, 1, (NUM_ENVS, STEPS, 4)).astype(np.float32)


@pytest.fixture(scope="module")
def render_references(request: pytest.FixtureRequest) -> dict[str, dict]:
    """metaworld's frames of every selected task, rendered in one reference process (all
    of them held for the module: about 170 MB for the 50 tasks)."""
    tasks = [p["task"] for p in reference.selected(request, "test_render_matches_metaworld")]
    seeds = [SEED + i for i in range(NUM_ENVS)]
    resets = reference.planned_resets(NUM_ENVS, STEPS, MAX_STEPS)
    jobs = [
        reference.Job(task, seeds, render_actions(), resets, MAX_STEPS, num_goals=NUM_GOALS, render=STEPS)
        for task in tasks
    ]
    return dict(zip(tasks, reference.rollouts(jobs), strict=True)) if jobs else {}


@pytest.mark.parametrize("task", registration.TASKS)
def test_render_matches_metaworld(task: str, render_references: dict) -> None:
    env = parallel_pool.make_vec(
        registration.public_name(task),
        num_envs=NUM_ENVS,
        seed=SEED,
        render_mode="rgb_array",
        max_episode_steps=MAX_STEPS,
        partially_observable=False,
        num_goals=NUM_GOALS,
    )
    actions = render_actions()
    resets = np.zeros((NUM_ENVS, STEPS), bool)
    env.reset()
    frames = [env.render(np.arange(NUM_ENVS))]
    done = np.zeros(NUM_ENVS, bool)
    for t in range(STEPS):
        resets[:, t] = done
        _, _, terminated, truncated, _ = env.step(actions[:, t])
        done = terminated | truncated
        frames.append(env.render(np.arange(NUM_ENVS)))
    env.close()
    np.testing.assert_array_equal(resets, reference.planned_resets(NUM_ENVS, STEPS, MAX_STEPS))
    theirs = render_references[task]
    for t, ours in enumerate(frames):
        for i in range(NUM_ENVS):
            assert_frames_match(ours[i], theirs["frames"][i, t], f"{task} env {i} step {t}")


# ---- batching and options


def test_batched_render() -> None:
    from parallel_pool.python.testing.render import assert_batched_render

    env = parallel_pool.make_vec("MetaWorld/Reach-v3", num_envs=3, seed=0, render_mode="rgb_array")
    env.reset()
    assert_batched_render(env, (480, 480, 3))
