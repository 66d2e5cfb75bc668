"""LunarLander's render() against gymnasium 1.4's rgb_array frames (pygame-ce 2.5.8), byte for byte.

A pool made with render_mode="rgb_array" runs its envs as gymnasium's envs made
with render_mode="rgb_array" run: their engines throw particles, Box2D bodies in
the lander's world. So each test steps a rendering pool beside such gymnasium envs
and compares, every step, the observations and rewards bit for bit (the particles
must leave the lander's physics alone, as gymnasium says they do) and every frame
byte for byte: the sky and terrain, the lander, its legs, the flags, and the
particles, whose colour fades with the life render() takes from them and which
go once it is spent. A particle ages at each render() of its env only, so the
frames must stay equal however often each env is rendered. Episodes end (crashes,
landings, flights off the screen) and the pool's next-step autoreset must give
gymnasium's reset() and its frame.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.box2d.lunar_lander import heuristic

import parallel_pool
from parallel_pool.box2d.testing.lockstep import assert_same_bits, assert_same_step
from parallel_pool.python.testing.lockstep import step_references

NUM_ENVS = 2
CRASH, LANDED = -100, 100
# Observations and rewards bit for bit, terminated and truncated exactly.
SAME = (assert_same_bits, assert_same_step)


# --------------------------------------------- frames against the reference


def reference_id(task_id: str) -> str:
    return task_id.replace("-v2", "-v3")


def choose_action(task_id: str, rng: np.random.Generator, ref: Any, obs: np.ndarray, random: bool) -> Any:
    """gymnasium's heuristic lander, or random engines (many particles, and crashes)."""
    if random:
        a = rng.uniform(-1, 1, 2) if "Continuous" in task_id else rng.integers(0, 4)
    else:
        a = heuristic(ref, obs)
    return np.asarray(a, dtype=np.float32) if "Continuous" in task_id else int(a)


def run(
    task_id: str,
    config: dict[str, Any],
    seed: int,
    steps: int,
    renders: Callable[[int, int], int],
    random_env: int = 1,
) -> dict[str, int]:
    """Steps a rendering pool of NUM_ENVS envs beside gymnasium's rendering envs for
    `steps` steps; after step t, env i is rendered `renders(t, i)` times (each time
    on both sides, and compared). Env `random_env` takes random actions, the others
    the heuristic. Returns counts of what happened (endings, particles seen, ...)."""
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, render_mode="rgb_array", **config)
    assert env.spec.config.rendering
    refs = [gymnasium.make(reference_id(task_id), render_mode="rgb_array", **config) for _ in range(NUM_ENVS)]
    obs, _ = env.reset()
    ref_obs = [ref.reset(seed=seed + i)[0] for i, ref in enumerate(refs)]
    rng = np.random.default_rng(seed)
    seen = {"crashed": 0, "landed": 0, "frames": 0, "particles": 0, "faded": 0, "removed": 0}
    done = np.zeros(NUM_ENVS, dtype=bool)
    for t in range(steps + 1):
        if t:
            actions = [
                choose_action(task_id, rng, refs[i].unwrapped, ref_obs[i], i == random_env) for i in range(NUM_ENVS)
            ]
            obs, rew, term, trunc, _ = env.step(np.stack(actions) if "Continuous" in task_id else np.array(actions))
            where = f"{task_id} {config} step {t}"
            stepped = step_references(refs, actions, (obs, rew, term, trunc), done, where, *SAME)
            ref_obs = [ref_ob for ref_ob, _ in stepped]
            for _, ref_step in stepped:
                if ref_step is not None and ref_step[2]:  # terminated: crashed or landed
                    seen[{CRASH: "crashed", LANDED: "landed"}[ref_step[1]]] += 1
            done = term | trunc
        for i, ref in enumerate(refs):
            for k in range(renders(t, i)):
                before = len(ref.unwrapped.particles)
                expected = ref.render()
                particles = ref.unwrapped.particles
                seen["frames"] += 1
                seen["particles"] += len(particles)
                seen["faded"] += sum(p.ttl < 0.35 for p in particles)  # drawn in their dimmest colours
                seen["removed"] += before - len(particles)
                frame = env.render([i])[0]
                np.testing.assert_array_equal(frame, expected, f"{task_id} {config} env {i} step {t} render {k}")
    env.close()
    return seen


def every_step(t: int, i: int) -> int:
    return 1


@pytest.mark.parametrize(
    ("task_id", "config", "steps"),
    [
        ("LunarLander-v3", {}, 450),
        ("LunarLanderContinuous-v3", {"enable_wind": True}, 450),
        # The moon's gravity: a slower descent.
        ("LunarLander-v3", {"enable_wind": True, "gravity": -1.62, "wind_power": 5.0, "turbulence_power": 0.4}, 900),
    ],
)
def test_every_frame_equals_gymnasiums(task_id: str, config: dict[str, Any], steps: int) -> None:
    seen = run(task_id, config, seed=7, steps=steps, renders=every_step)
    # The heuristic lands, random engines crash; particles were drawn, faded and removed.
    assert seen["landed"] >= 1 and seen["crashed"] >= 1, seen
    assert seen["particles"] > 0 and seen["faded"] > 0 and seen["removed"] > 0, seen


def test_v2_ids_draw_the_v3_frame() -> None:
    seen = run("LunarLanderContinuous-v2", {}, seed=11, steps=120, renders=every_step)
    assert seen["particles"] > 0, seen


def test_particles_age_only_when_their_env_renders() -> None:
    """gymnasium takes a particle's life in render(), not in step(): env 0 renders at
    every third step only (its particles outlive those of an env rendered each step),
    env 1 once, twice or three times a step; neither render ages the other's."""
    seen = run(
        "LunarLanderContinuous-v3",
        {},
        seed=21,
        steps=240,
        renders=lambda t, i: (t % 3 == 0) if i == 0 else 1 + t % 3,
        random_env=0,
    )
    assert seen["removed"] > 0, seen


def test_particles_leave_the_lander_alone_without_frames() -> None:
    """A rendering pool that is never rendered runs gymnasium's rendering env (whose
    particles then never age), and a pool without render_mode (no particles at all)
    the same episodes: gymnasium's 'no impact on the physics', bit for bit."""
    task_id = "LunarLander-v3"
    rendering = parallel_pool.make_vec(task_id, num_envs=2, seed=5, render_mode="rgb_array")
    plain = parallel_pool.make_vec(task_id, num_envs=2, seed=5)
    assert not plain.spec.config.rendering
    ref = gymnasium.make(task_id, render_mode="rgb_array")
    obs, _ = rendering.reset()
    np.testing.assert_array_equal(plain.reset()[0], obs)
    ref_obs, _ = ref.reset(seed=5)
    rng = np.random.default_rng(0)
    most = 0
    for t in range(300):
        actions = np.array([heuristic(ref.unwrapped, ref_obs), rng.integers(0, 4)])
        obs, rew, term, trunc, _ = rendering.step(actions)
        for ours, theirs in zip((obs, rew, term, trunc), plain.step(actions)[:4]):
            assert_same_bits(ours, theirs, f"step {t}")
        ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(int(actions[0]))
        assert_same_bits(obs[0], ref_obs, f"step {t}")
        assert_same_bits(rew[0], np.float64(ref_rew), f"step {t}")
        assert (bool(term[0]), bool(trunc[0])) == (ref_term, ref_trunc), f"step {t}"
        most = max(most, len(ref.unwrapped.particles))
        if ref_term or ref_trunc:  # both pools autoreset env 0 at their next step
            ref_obs, _ = ref.reset()
            obs = rendering.step(np.array([0, 0]))[0]
            plain.step(np.array([0, 0]))
            assert_same_bits(obs[0], ref_obs, f"step {t} reset")
    assert most > 20, most  # never rendered: no particle ever aged, none left
    np.testing.assert_array_equal(rendering.render([0])[0], ref.render())
    rendering.close()
    plain.close()
