"""Each registered procgen id seed for seed and frame for frame with procgen-mirror 0.10.7.

A pool made with seed=s and procgen's options runs, env by env, the levels of procgen's
own ProcgenGym3Env(num=n, rand_seed=s) with those options: on the same random actions
(int32, the action space's dtype) it gives the same level seeds, rewards, level ends,
prev_level_complete and 64x64 frames (compared by a 64-bit digest of each), across level
ends. The pool runs in gymnasium's same-step autoreset mode, which is procgen's: the step
that ends a level returns the next level's first frame. The reference runs in its own
venv (testing/reference.py), every case in one subprocess.
"""

from __future__ import annotations

import numpy as np
import pytest

import parallel_pool
from parallel_pool.procgen import ProcgenEnv, registration
from parallel_pool.procgen.testing import reference

NUM_ENVS = 3
# Steps per run: enough for several level ends in each game (a game whose random play
# seldom ends a level runs past its 1000-step time limit).
STEPS = {
    "caveflyer": 1001,
    "climber": 1001,
    "coinrun": 1001,
    "heist": 1001,
    "jumper": 1001,
    "miner": 1001,
    "ninja": 1001,
    "plunder": 1000,
}
# Memory mode's jumper levels last 2000 steps.
MODE_STEPS = {("jumper", "memory"): 2001}
DEFAULT_STEPS = 500
# Games whose rewards random play seldom earns fire (action 9) this often instead.
FIRE_RATE = {"bossfight": 0.6, "caveflyer": 0.2}
CASES = [
    (game, mode, seed)
    for game, (_, extra) in registration.GAMES.items()
    for mode in ("easy", "hard", *extra)
    for seed in (0, 5)
]


def actions_for(game: str, seed: int, mode: str = "") -> np.ndarray:
    rng = np.random.default_rng(seed)
    steps = MODE_STEPS.get((game, mode), STEPS.get(game, DEFAULT_STEPS))
    actions = rng.integers(0, 15, size=(steps, NUM_ENVS)).astype(np.int32)
    actions[rng.random(actions.shape) < FIRE_RATE.get(game, 0.0)] = 9
    return actions


# procgen's options, each against ProcgenGym3Env with the same: (game, mode, seed, options).
OPTION_CASES = [
    ("coinrun", "hard", 3, {"use_monochrome_assets": True}),
    ("chaser", "hard", 8, {"use_monochrome_assets": True, "restrict_themes": True}),
    ("starpilot", "easy", 4, {"use_backgrounds": False, "paint_vel_info": True}),
    ("heist", "hard", 5, {"restrict_themes": True, "center_agent": False}),
    ("bigfish", "hard", 6, {"paint_vel_info": True}),
    # A won level leads to the next seed within the episode, whose time limit restarts.
    ("maze", "easy", 7, {"use_sequential_levels": True, "num_levels": 3, "start_level": 50}),
]
OPTION_STEPS = 600

# use_generated_assets, every game (its modes in turn): procgen's generated sprites and the
# background it draws anew at every level from the level's generator.
GENERATED_CASES = [(game, ("easy", "hard")[i % 2], 11 + i) for i, game in enumerate(registration.GAMES)]

# ProcgenEnv (the stand-in for procgen's own) with procgen's level options, against
# ProcgenGym3Env with the same: coinrun easy, levels 3 to 52, seed 7.
STAND_IN = ("coinrun", {"distribution_mode": "easy", "num_levels": 50, "start_level": 3}, 7)


@pytest.fixture(scope="module")
def references() -> dict[object, dict[str, np.ndarray]]:
    keys: list[object] = list(CASES)
    jobs = [
        reference.Job(game, seed, actions_for(game, seed, mode), {"distribution_mode": mode}, digests=True)
        for game, mode, seed in CASES
    ]
    for i, (game, mode, seed, options) in enumerate(OPTION_CASES):
        keys.append(("options", i))
        jobs.append(
            reference.Job(game, seed, option_actions(seed), {"distribution_mode": mode, **options}, digests=True)
        )
    for game, mode, seed in GENERATED_CASES:
        keys.append(("generated", game))
        options = {"distribution_mode": mode, "use_generated_assets": True}
        jobs.append(reference.Job(game, seed, actions_for(game, seed, mode), options, digests=True))
    game, options, seed = STAND_IN
    keys.append("stand-in")
    jobs.append(reference.Job(game, seed, actions_for(game, seed), options, digests=True))
    return dict(zip(keys, reference.rollouts(jobs), strict=True))


def option_actions(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 15, size=(OPTION_STEPS, NUM_ENVS)).astype(np.int32)


def run_pool(game: str, mode: str, seed: int, actions: np.ndarray, **options: object) -> dict[str, np.ndarray]:
    env = parallel_pool.make_gymnasium(
        registration.task_id(game, mode),
        num_envs=actions.shape[1],
        seed=seed,
        autoreset_mode="same_step",
        channel_first=False,  # procgen's own layout
        **options,
    )
    obs, info = env.reset()
    out: dict[str, list[np.ndarray]] = {"rgb": [obs.copy()], "reward": [np.zeros(actions.shape[1], np.float32)]}
    out["done"] = [np.ones(actions.shape[1], bool)]
    for key in ("level_seed", "prev_level_seed", "prev_level_complete"):
        out[key] = [info[key]]
    for action in actions:
        obs, reward, terminated, truncated, info = env.step(action)
        out["rgb"].append(obs.copy())
        out["reward"].append(reward)
        out["done"].append(terminated | truncated)
        for key in ("level_seed", "prev_level_seed", "prev_level_complete"):
            out[key].append(info[key])
    env.close()
    return {key: np.stack(value) for key, value in out.items()}


def assert_same(ours: dict[str, np.ndarray], ref: dict[str, np.ndarray], min_level_ends: int = 2) -> None:
    np.testing.assert_array_equal(ours["level_seed"], ref["level_seed"])
    np.testing.assert_array_equal(ours["done"][1:], ref["first"][1:])
    np.testing.assert_array_equal(ours["reward"][1:], ref["reward"][1:])
    np.testing.assert_array_equal(ours["prev_level_seed"][1:], ref["prev_level_seed"][1:])
    np.testing.assert_array_equal(ours["prev_level_complete"][1:], ref["prev_level_complete"][1:])
    assert ref["first"][1:].sum() >= min_level_ends, "the run should cross level ends"
    differing = np.argwhere(reference.frame_digests(ours["rgb"]) != ref["rgb_digest"])
    assert differing.size == 0, (
        f"{len(differing)} of {ours['rgb'].shape[0] * NUM_ENVS} frames differ, "
        f"first at (t, env) {differing[:5].tolist()}"
    )


@pytest.mark.parametrize(("game", "mode", "seed"), CASES, ids=[f"{g}-{m}-{s}" for g, m, s in CASES])
def test_seed_for_seed(game: str, mode: str, seed: int, references: dict) -> None:
    assert_same(run_pool(game, mode, seed, actions_for(game, seed, mode)), references[(game, mode, seed)])


@pytest.mark.parametrize("case", range(len(OPTION_CASES)), ids=[f"{c[0]}-{c[3]}" for c in OPTION_CASES])
def test_options(case: int, references: dict) -> None:
    game, mode, seed, options = OPTION_CASES[case]
    ref = references[("options", case)]
    assert_same(run_pool(game, mode, seed, option_actions(seed), **options), ref, min_level_ends=0)
    if options.get("use_sequential_levels"):
        won_and_went_on = ref["prev_level_complete"][1:].astype(bool) & ~ref["first"][1:]
        assert won_and_went_on.any(), "a level should be won and followed by the next"


@pytest.mark.parametrize(("game", "mode", "seed"), GENERATED_CASES, ids=[c[0] for c in GENERATED_CASES])
def test_generated_assets(game: str, mode: str, seed: int, references: dict) -> None:
    """Generated sprites and backgrounds: the same frames, and, as the background's drawing
    draws from the level's generator, the same levels."""
    ours = run_pool(game, mode, seed, actions_for(game, seed, mode), use_generated_assets=True)
    assert_same(ours, references[("generated", game)], min_level_ends=1)


def test_procgen_env_stand_in(references: dict) -> None:
    """ProcgenEnv(num_envs, env_name, rand_seed=..., num_levels=..., ...) gives procgen's
    ProcgenEnv's stream: reset()'s observation, then each step's observation, rewards,
    dones and infos."""
    game, options, seed = STAND_IN
    ref = references["stand-in"]
    actions = actions_for(game, seed)
    env = ProcgenEnv(num_envs=NUM_ENVS, env_name=game, rand_seed=seed, **options)
    frames = [env.reset()["rgb"]]
    rewards, dones, level_seeds = [], [], [[info["level_seed"] for info in env._infos]]
    for action in actions:
        obs, reward, done, infos = env.step(action)
        frames.append(obs["rgb"])
        rewards.append(reward)
        dones.append(done)
        level_seeds.append([info["level_seed"] for info in infos])
    env.close()
    np.testing.assert_array_equal(np.array(level_seeds), ref["level_seed"])
    assert set(np.unique(ref["level_seed"])) <= set(range(3, 53))
    np.testing.assert_array_equal(np.array(rewards), ref["reward"][1:])
    np.testing.assert_array_equal(np.array(dones), ref["first"][1:])
    np.testing.assert_array_equal(reference.frame_digests(np.array(frames)), ref["rgb_digest"])
