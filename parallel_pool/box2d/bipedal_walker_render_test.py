"""BipedalWalker's render() against gymnasium 1.4's rgb_array frames (pygame-ce 2.5.8), byte for byte.

A pool made with render_mode="rgb_array" is stepped beside gymnasium's envs made
with render_mode="rgb_array"; after every step (and after each autoreset) each
env's frame must equal gymnasium's render(): the sky, the clouds drawn at reset
(moving at half the view's speed), the ground and its edges, the hardcore
obstacles, the walker, the start flag, and the one lidar ray gymnasium shows,
which goes round with the env's render() calls since its reset. gymnasium's
surface grows with the distance walked and only its last 600 columns are
returned, so one test walks the whole course (gymnasium's heuristic walker)
to the terminating step at its far end.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium.envs.box2d.bipedal_walker import BipedalWalkerHeuristics

import parallel_pool
from parallel_pool.box2d.testing.lockstep import assert_same_bits, assert_same_step
from parallel_pool.python.testing.lockstep import step_references

# The end of gymnasium's course: (TERRAIN_LENGTH - TERRAIN_GRASS) * TERRAIN_STEP.
COURSE_END = (200 - 10) * 14 / 30.0


# Observations and rewards bit for bit, terminated and truncated exactly.
SAME = (assert_same_bits, assert_same_step)

# Torques that topple the walker backwards, behind the start (hull x < 4: a
# negative scroll, where gymnasium's surface is the view itself).
BACKWARDS = np.array([0, -1, 1, 1], dtype=np.float32)


# --------------------------------------------- frames against the reference


class Walker:
    """One env's controller: gymnasium's heuristic walker (a new one each episode),
    random torques, or BACKWARDS."""

    def __init__(self, kind: str, rng: np.random.Generator) -> None:
        self.kind = kind
        self.rng = rng
        self.heuristic = BipedalWalkerHeuristics()

    def act(self, obs: np.ndarray) -> np.ndarray:
        if self.kind == "random":
            return self.rng.uniform(-1, 1, 4).astype(np.float32)
        if self.kind == "backwards":
            return BACKWARDS
        return np.asarray(self.heuristic.step_heuristic(obs), dtype=np.float32)

    def new_episode(self) -> None:
        self.heuristic = BipedalWalkerHeuristics()


def run(
    task_id: str,
    seed: int,
    steps: int,
    walkers: list[str],
    renders: Callable[[int, int], int] = lambda t, i: 1,
) -> dict[str, Any]:
    """Steps a rendering pool of len(walkers) envs (env i driven by a Walker of kind
    walkers[i]) beside gymnasium's for `steps` steps; after the reset and each step t
    env i is rendered `renders(t, i)` times on both sides and compared. Returns what
    was seen: episode endings, the nearest and furthest hull x, the lidar_render
    counts drawn."""
    num_envs = len(walkers)
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed, render_mode="rgb_array")
    refs = [gymnasium.make(task_id, render_mode="rgb_array") for _ in range(num_envs)]
    rng = np.random.default_rng(seed)
    controllers = [Walker(kind, rng) for kind in walkers]
    obs, _ = env.reset()
    ref_obs = [ref.reset(seed=seed + i)[0] for i, ref in enumerate(refs)]
    seen: dict[str, Any] = {"fell": 0, "finished": 0, "truncated": 0, "nearest": 99.0, "furthest": 0.0, "rays": set()}
    done = np.zeros(num_envs, dtype=bool)
    for t in range(steps + 1):
        if t:
            actions = np.stack([w.act(ref_obs[i]) for i, w in enumerate(controllers)])
            obs, rew, term, trunc, _ = env.step(actions)
            where = f"{task_id} step {t}"
            stepped = step_references(refs, actions, (obs, rew, term, trunc), done, where, *SAME)
            ref_obs = [ref_ob for ref_ob, _ in stepped]
            for controller, (_, ref_step) in zip(controllers, stepped):
                if ref_step is None:  # reset: a new heuristic walker
                    controller.new_episode()
                    continue
                _, ref_rew, ref_term, ref_trunc, _ = ref_step
                if ref_term:
                    seen["fell" if ref_rew == -100 else "finished"] += 1
                seen["truncated"] += ref_trunc
            done = term | trunc
        for i, ref in enumerate(refs):
            seen["nearest"] = min(seen["nearest"], ref.unwrapped.hull.position.x)
            seen["furthest"] = max(seen["furthest"], ref.unwrapped.hull.position.x)
            for k in range(renders(t, i)):
                expected = ref.render()
                seen["rays"].add(ref.unwrapped.lidar_render)
                frame = env.render([i])[0]
                np.testing.assert_array_equal(frame, expected, f"{task_id} env {i} step {t} render {k}")
    env.close()
    return seen


def test_frames_equal_gymnasiums_along_the_whole_course() -> None:
    # Seed 6: gymnasium's heuristic walks to the end of the course in 1543 steps.
    seen = run("BipedalWalker-v3", seed=6, steps=1545, walkers=["heuristic"])
    assert seen["finished"] == 1 and seen["furthest"] > COURSE_END, seen
    assert seen["rays"] == set(range(100)), seen  # every ray shown, and the frames without one


def test_hardcore_frames_equal_gymnasiums_over_episode_ends() -> None:
    """Stumps, pits and stairs; the heuristic falls, random torques fall or stand."""
    seen = run("BipedalWalkerHardcore-v3", seed=0, steps=500, walkers=["heuristic", "random"])
    assert seen["fell"] >= 3, seen


def test_frames_equal_gymnasiums_behind_the_start() -> None:
    seen = run("BipedalWalker-v3", seed=1, steps=140, walkers=["backwards"])
    assert seen["nearest"] < 4 and seen["fell"] == 1, seen


def test_the_lidar_ray_follows_each_envs_own_renders() -> None:
    """gymnasium's lidar_render counts render() calls: env 0 renders only every other
    step, env 1 once to three times a step; each shows the ray of its own count."""
    seen = run(
        "BipedalWalker-v3",
        seed=3,
        steps=150,
        walkers=["heuristic", "random"],
        renders=lambda t, i: (t % 2 == 0) if i == 0 else 1 + t % 3,
    )
    assert len(seen["rays"]) > 50, seen
