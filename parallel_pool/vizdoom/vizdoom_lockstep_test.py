"""Lockstep oracle: our ViZDoom envs against vizdoom.DoomGame driven from Python.

`Oracle` is an independent implementation of the rules in docs/vizdoom.md on
the installed vizdoom wheel's DoomGame (same engine, cfg, wad, seed and
settings): frame skip through make_action, each screen plane resized with
cv2.resize, a stack of frames oldest first, EnvPool's shaped reward written
out in numpy float32, the time limit and autoreset in Python.

Every step must give identical observations (and, at the screen's own size,
the raw screen buffer byte for byte), rewards, the 16 game variables,
terminated, truncated and elapsed steps, over whole episodes and across
auto-resets, with random button presses.
"""

from __future__ import annotations

import os
from typing import Any

import cv2
import numpy as np
import pytest
import vizdoom as vzd

import parallel_pool

INFO = (
    "AMMO2", "AMMO3", "AMMO4", "AMMO5", "AMMO6", "AMMO7", "ARMOR", "DAMAGECOUNT", "DEATHCOUNT",
    "FRAGCOUNT", "HEALTH", "HITCOUNT", "KILLCOUNT", "SELECTED_WEAPON", "SELECTED_WEAPON_AMMO", "USER2",
)  # fmt: skip
REBASED = ("HITCOUNT", "DAMAGECOUNT", "DEATHCOUNT")


class ShapedReward:
    """EnvPool's reward from game-variable changes (docs/vizdoom.md), in float32."""

    def __init__(self, names: list[str], config: Any) -> None:
        self.names = names
        weights = config.reward_config
        self.rise = [np.float32(weights[n][0]) if n in weights else np.float32(0) for n in names]
        self.fall = [np.float32(weights[n][1]) if n in weights else np.float32(0) for n in names]
        self.bonus = {int(k): np.float32(v) for k, v in config.selected_weapon_reward_config.items()}
        self.duration = config.weapon_duration

    def reset(self, raw: list[float]) -> np.float32:
        self.base = [r if n in REBASED else 0.0 for n, r in zip(self.names, raw)]
        self.values = [r - b for r, b in zip(raw, self.base)]
        self.weapon, self.weapon_states = -1, 0
        return self.accumulate(list(self.values))

    def step(self, raw: list[float]) -> np.float32:
        last = list(self.values)
        self.values = [r - b for r, b in zip(raw, self.base)]
        return self.accumulate(last)

    def accumulate(self, last: list[float]) -> np.float32:
        reward, weapon, ammo = np.float32(0), -1, 0
        for i, name in enumerate(self.names):
            value = self.values[i]
            delta = value - last[i]
            if name == "DAMAGECOUNT":
                delta = min(delta, 200.0)
            elif name == "HITCOUNT":
                delta = min(delta, 5.0)
            elif name == "SELECTED_WEAPON":
                weapon = int(value)
            elif name == "SELECTED_WEAPON_AMMO":
                ammo = int(value)
            elif name == "HEALTH":
                if value < 0 and last[i] < 0:
                    value = last[i] = 100.0
                elif value < 0:
                    value = last[i]
                elif last[i] < 0:
                    last[i] = value
                self.values[i] = value
                delta = value - last[i]
            if delta >= 0:
                reward = np.float32(reward + np.float32(delta * float(self.rise[i])))
            else:
                reward = np.float32(reward - np.float32(delta * float(self.fall[i])))
        if weapon == self.weapon:
            self.weapon_states += 1
        else:
            self.weapon, self.weapon_states = weapon, 1
        if 0 <= weapon < 10 and self.weapon_states >= self.duration and ammo > 0:
            reward = np.float32(reward + self.bonus.get(weapon, np.float32(0)))
        return reward

    def info(self) -> dict[str, float]:
        return {n: self.values[self.names.index(n)] for n in INFO}


class Oracle:
    """One env from the documented rules, on vizdoom.DoomGame."""

    def __init__(self, config: Any, seed: int) -> None:
        c = self.c = config
        g = self.game = vzd.DoomGame()
        g.set_vizdoom_path(os.path.join(c.base_path, c.vzd_path))
        g.set_doom_game_path(os.path.join(c.base_path, c.iwad_path))
        g.load_config(c.cfg_path)
        g.set_window_visible(False)
        g.set_sound_enabled(False)
        g.add_game_args(c.game_args)
        g.set_mode(vzd.Mode.PLAYER)
        g.set_episode_timeout((c.max_episode_steps + 1) * c.frame_skip)
        g.set_doom_scenario_path(c.wad_path)
        g.set_seed(seed)
        g.set_doom_map(c.map_id)
        for name in INFO:
            g.add_available_game_variable(getattr(vzd.GameVariable, name))
        g.init()
        self.names = [v.name for v in g.get_available_game_variables()]
        self.shaped = ShapedReward(self.names, c)
        self.frames: list[np.ndarray] = []
        self.started = False
        self.elapsed = 0
        self.done = True

    def close(self) -> None:
        self.game.close()

    def frame(self, screen: np.ndarray) -> np.ndarray:
        planes = screen if screen.ndim == 3 else screen[None]
        flag = cv2.INTER_AREA if self.c.use_inter_area_resize else cv2.INTER_LINEAR
        size = (self.c.img_width, self.c.img_height)
        return np.stack([cv2.resize(p, size, interpolation=flag) for p in planes])

    def variables(self) -> list[float]:
        state = self.game.get_state()
        if state is not None:
            return [float(x) for x in state.game_variables]
        return [self.game.get_game_variable(getattr(vzd.GameVariable, n)) for n in self.names]

    def result(self, reward: np.float32, reset: bool) -> dict[str, Any]:
        terminated = not reset and self.game.is_episode_finished()
        truncated = not reset and not terminated and self.elapsed >= self.c.max_episode_steps
        self.done = terminated or truncated
        return {
            "obs": np.concatenate(self.frames),
            "reward": float(reward),
            "terminated": terminated,
            "truncated": truncated,
            "elapsed_step": self.elapsed,
            **self.shaped.info(),
        }

    def reset(self) -> dict[str, Any]:
        if self.started:
            self.game.new_episode()
        self.started = True
        self.elapsed = 0
        state = self.game.get_state()
        self.raw = state.screen_buffer
        self.frames = [self.frame(state.screen_buffer)] * self.c.stack_num
        return self.result(self.shaped.reset(self.variables()), reset=True)

    def step(self, action: np.ndarray) -> dict[str, Any]:
        if self.done:
            return self.reset()
        game_reward = self.game.make_action([float(a) for a in action], self.c.frame_skip)
        self.elapsed += 1
        state = self.game.get_state()
        if state is not None:
            self.raw = state.screen_buffer
            self.frames = [*self.frames[1:], self.frame(state.screen_buffer)]
        reward = self.shaped.step(self.variables())
        if self.c.use_game_reward:
            reward = np.float32(reward + np.float32(game_reward))
        return self.result(reward, reset=False)


def ours(out: Any) -> dict[str, Any]:
    if len(out) == 2:  # reset()
        obs, info = out
        reward, terminated, truncated = 0.0, False, False
    else:
        obs, reward, terminated, truncated, info = out
        reward = float(reward[0])
    got = {
        "obs": obs[0],
        "reward": reward,
        "terminated": bool(np.asarray(terminated).reshape(-1)[0]),
        "truncated": bool(np.asarray(truncated).reshape(-1)[0]),
        "elapsed_step": int(info["elapsed_step"][0]),
    }
    got.update({n: float(info[n][0]) for n in INFO})
    return got


def check(got: dict[str, Any], want: dict[str, Any], where: str) -> None:
    assert got.keys() == want.keys(), where
    for key in want:
        if key == "obs":
            np.testing.assert_array_equal(got[key], want[key], err_msg=f"{where}: obs")
        else:
            assert got[key] == want[key], f"{where}: {key} {got[key]!r} != {want[key]!r}"


def lockstep(
    task: str, steps: int, seed: int = 3, raw_screen: bool = False, reseed_from: int | None = None, **config: Any
) -> int:
    """Steps our env and the oracle with the same random buttons; returns the episodes seen.

    With `reseed_from`, our env is made with that seed and played a while, then
    re-seeded by its first compared reset: reset(seed=seed).
    """
    if raw_screen:  # the screen's own size: the obs is the raw buffer
        spec = parallel_pool.make_spec(task)
        game = vzd.DoomGame()
        game.load_config(spec.config.cfg_path)
        config.update(img_height=game.get_screen_height(), img_width=game.get_screen_width())
    # The gym flavour: its info has elapsed_step on every call.
    env = parallel_pool.make_gym(task, num_envs=1, seed=seed if reseed_from is None else reseed_from, **config)
    oracle = Oracle(env.spec.config, seed)
    rng = np.random.default_rng(seed)
    buttons = env.spec.action_space.shape[0]
    episodes = 0
    try:
        if reseed_from is not None:
            env.reset()
            for _ in range(30):
                env.step(np.ones((1, buttons)))
        first = oracle.reset()
        first["reward"] = 0.0  # reset() returns no reward (an autoreset step does)
        check(ours(env.reset() if reseed_from is None else env.reset(seed=seed)), first, f"{task} reset")
        for t in range(steps):
            action = rng.integers(0, 2, size=buttons).astype(np.float64)
            was_done = oracle.done
            want = oracle.step(action)
            check(ours(env.step(action[None])), want, f"{task} step {t}")
            if raw_screen and not want["terminated"]:
                planes = oracle.raw if oracle.raw.ndim == 3 else oracle.raw[None]
                np.testing.assert_array_equal(want["obs"][-planes.shape[0] :], planes)
            episodes += was_done
    finally:
        oracle.close()
        env.close()
    return episodes


# Scenarios of both screen formats (CRCGCB 320x240, GRAY8 160x120 and
# 320x240), every kind of button set, monsters, items and hazards.
SCENARIOS = [
    "Basic-v1", "DeadlyCorridor-v1", "DefendTheCenter-v1", "DefendTheLine-v1", "HealthGathering-v1",
    "MyWayHome-v1", "PredictPosition-v1", "RocketBasic-v1", "SimplerBasic-v1", "TakeCover-v1",
    "D1Basic-v1", "D3Battle-v1",  # EnvPool's own (envpool-assets)
]  # fmt: skip


@pytest.mark.parametrize("task", SCENARIOS)
def test_lockstep_whole_episodes(task: str) -> None:
    # A short time limit, so that 300 steps cross several episode ends (the
    # scenario's own and the time limit) and autoresets.
    episodes = lockstep(task, steps=300, max_episode_steps=60)
    assert episodes >= 3


@pytest.mark.parametrize("task", ["Basic-v1", "D3Battle-v1"])
def test_lockstep_raw_screen_byte_for_byte(task: str) -> None:
    lockstep(task, steps=120, raw_screen=True, max_episode_steps=50)


def test_lockstep_default_time_limit_and_game_reward() -> None:
    # The scenario's own reward on top (DoomGame.make_action's), EnvPool's 525 steps.
    lockstep("Basic-v1", steps=600, use_game_reward=True, seed=11)


@pytest.mark.parametrize("task", ["Basic-v1", "D3Battle-v1"])
def test_reset_seed_runs_the_game_of_that_seed(task: str) -> None:
    """reset(seed=s) gives the game the seed as vizdoom's set_seed() does: the
    episodes that follow are those of a new DoomGame seeded with s."""
    episodes = lockstep(task, steps=200, seed=8, reseed_from=2, max_episode_steps=60)
    assert episodes >= 2


def test_lockstep_other_settings() -> None:
    lockstep(
        "DefendTheCenter-v1",
        steps=200,
        seed=5,
        frame_skip=2,
        stack_num=2,
        img_height=60,
        img_width=100,
        use_inter_area_resize=False,
        weapon_duration=1,
        max_episode_steps=80,
    )
