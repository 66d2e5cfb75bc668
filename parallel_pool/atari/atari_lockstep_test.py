"""Lockstep oracle: our Atari envs against raw ale_py with the preprocessing written out in numpy/cv2.

`Oracle` is an independent implementation of the rules in docs/atari.md: the
ALE of the installed ale_py wheel (same ROM, same seed, same settings),
driven one frame at a time, with noop/fire reset, frame skip, max-pooling,
cv2.resize, frame stacking, reward clipping, episodic life and the time limit
done in Python. Its random draws replay ours: the env's generator is
std::mt19937(seed + env_id), which numpy's MT19937 with legacy seeding
reproduces; its first output seeds the ALE, later ones draw the no-op counts
(Lemire's bounded integers).

Every step of every env must give identical observations, rewards (clipped and
raw), lives, RAM, game-over flag, terminated, truncated, elapsed steps and (in
the dm runs) discounts and step types, over whole episodes and across
auto-resets, explicit resets and time limits. Where a test asks for it,
render() must give the oracle ALE's getScreenRGB() (what gymnasium's AtariEnv
renders) after every step, byte for byte.
"""

from __future__ import annotations

import collections
import os
from dataclasses import dataclass
from typing import Any

import ale_py
import cv2
import numpy as np
import pytest

import parallel_pool

ale_py.ALEInterface.setLoggerMode(ale_py.LoggerMode.Error)


class Oracle:
    """One env, from the documented rules, on ale_py's ALEInterface."""

    def __init__(self, config: Any, seed: int) -> None:
        self.c = config
        self.bits = np.random.MT19937()
        self.bits._legacy_seeding(seed & 0xFFFFFFFF)  # == std::mt19937(seed)
        self.ale = ale_py.ALEInterface()
        self.ale.setInt("random_seed", self.draw() & 0x7FFFFFFF)
        self.ale.setFloat("repeat_action_probability", config.repeat_action_probability)
        self.ale.loadROM(os.path.join(config.base_path, "roms", f"{config.task}.bin"))
        if config.mode != -1:
            self.ale.setMode(config.mode)
        if config.difficulty != -1:
            self.ale.setDifficulty(config.difficulty)
        self.actions = self.ale.getLegalActionSet() if config.full_action_space else self.ale.getMinimalActionSet()
        self.fire_reset = config.use_fire_reset and ale_py.Action.FIRE in self.actions
        self.frames: collections.deque[np.ndarray] = collections.deque(maxlen=config.stack_num)
        self.continue_game = False
        self.game_steps = 0
        self.elapsed = 0
        self.lives = 0

    def draw(self) -> int:
        return int(self.bits.random_raw())

    def uniform_below(self, n: int) -> int:
        m = self.draw() * n
        if m % 2**32 < n:
            threshold = (2**32 - n) % n
            while m % 2**32 < threshold:
                m = self.draw() * n
        return m >> 32

    def screen(self) -> np.ndarray:
        return self.ale.getScreenGrayscale() if self.c.gray_scale else self.ale.getScreenRGB()

    def frame(self, screen: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
        pooled = screen if previous is None else np.maximum(screen, previous)
        flag = cv2.INTER_AREA if self.c.use_inter_area_resize else cv2.INTER_LINEAR
        image = cv2.resize(pooled, (self.c.img_width, self.c.img_height), interpolation=flag)
        return image[None] if self.c.gray_scale else image.transpose(2, 0, 1)

    def obs(self) -> np.ndarray:
        return np.concatenate(list(self.frames))

    def result(
        self, reward: float, raw: int, terminated: bool, truncated: bool, discount: float, step_type: int
    ) -> dict[str, Any]:
        return {
            "obs": self.obs(),
            "reward": reward,
            "info_reward": float(raw),
            "lives": self.lives,
            "game_over": int(self.ale.game_over()),
            "ram": self.ale.getRAM(),
            "terminated": terminated,
            "truncated": truncated,
            "elapsed_step": self.elapsed,
            "discount": discount,
            "step_type": step_type,
        }

    def reset(self, explicit: bool) -> dict[str, Any]:
        noops = 1 + self.uniform_below(self.c.noop_max) if self.c.noop_max > 0 else 0
        if self.fire_reset:
            noops = max(noops - 1, 0)
        restarted = False
        self.elapsed = 0
        if explicit or not self.continue_game:
            self.ale.reset_game()
            restarted = True
        else:
            self.elapsed = self.game_steps
        self.continue_game = False
        for _ in range(noops):
            self.ale.act(ale_py.Action.NOOP)
            if self.ale.game_over():
                self.ale.reset_game()
                restarted = True
        if restarted:
            self.elapsed = 0
        if self.fire_reset:
            self.ale.act(ale_py.Action.FIRE)
        frame = self.frame(self.screen(), None)
        if restarted:
            self.frames.extend([frame] * self.c.stack_num)
        else:
            self.frames.append(frame)
        self.lives = self.ale.lives()
        return self.result(0.0, 0, False, False, 1.0, 0)

    def step(self, action: int) -> dict[str, Any]:
        self.elapsed += 1
        reward = 0
        screen = previous = None
        for _ in range(self.c.frame_skip):
            previous = screen
            reward += self.ale.act(self.actions[action])
            screen = self.screen()
            if self.ale.game_over():
                break
        self.frames.append(self.frame(screen, previous))
        lives = self.ale.lives()
        life_lost = lives < self.lives
        self.lives = lives
        game_over = self.ale.game_over()
        life_over = self.c.episodic_life and life_lost and lives > 0
        terminated = game_over or life_over
        truncated = self.elapsed >= self.c.max_episode_steps
        discount = 0.0 if terminated or (self.c.zero_discount_on_life_loss and life_lost) else 1.0
        self.game_steps = self.elapsed
        self.continue_game = life_over and not game_over and self.elapsed < self.c.max_episode_steps
        clipped = float(np.sign(reward)) if self.c.reward_clip else float(reward)
        return self.result(clipped, reward, terminated, truncated, discount, 2 if terminated or truncated else 1)


@dataclass
class Stats:
    steps: int = 0
    game_overs: int = 0
    life_losses: int = 0
    truncations: int = 0
    episodes: int = 0
    nonzero_rewards: int = 0
    explicit_resets: int = 0


def ours(env: Any, out: Any, dm: bool) -> list[dict[str, Any]]:
    """Per-env dicts in the oracle's format, from a gymnasium 5-tuple or a dm TimeStep."""
    if dm:
        o = out.observation
        fields = {
            "obs": o.obs,
            "reward": out.reward,
            "info_reward": o.reward,
            "lives": o.lives,
            "game_over": o.terminated,
            "ram": o.ram,
            "elapsed_step": o.elapsed_step,
            "discount": out.discount,
            "step_type": out.step_type,
        }
    else:
        if len(out) == 2:  # reset(): (obs, info)
            zeros = np.zeros(env.num_envs)
            out = (out[0], zeros, zeros.astype(bool), zeros.astype(bool), out[1])
        obs, reward, terminated, truncated, info = out
        fields = {
            "obs": obs,
            "reward": reward,
            "info_reward": info["reward"],
            "lives": info["lives"],
            "game_over": info["terminated"],
            "ram": info["ram"],
            "elapsed_step": info["elapsed_step"],
            "terminated": terminated,
            "truncated": truncated,
        }
    return [{k: v[i] for k, v in fields.items()} for i in range(env.num_envs)]


def check(got: dict[str, Any], want: dict[str, Any], where: str) -> None:
    for key, value in got.items():
        if key == "obs":
            assert value.shape == want[key].shape, where
            bad = np.flatnonzero(value != want[key])
            assert bad.size == 0, f"{where}: obs differs in {bad.size} bytes, first at {bad[:5]}"
        else:
            assert np.array_equal(value, want[key]), f"{where}: {key} is {value!r}, the oracle's {want[key]!r}"


def lockstep(
    task: str,
    steps: int,
    num_envs: int = 2,
    seed: int = 0,
    dm: bool = False,
    explicit_resets: tuple[int, ...] = (),
    resets_after_life_loss: int = 0,
    action_seed: int = 0,
    reseed_from: int | None = None,
    render: bool = False,
    **config: Any,
) -> Stats:
    """Steps our pool and one oracle per env with the same random actions; compares everything.

    reset() is called at the steps in `explicit_resets`, and right after the
    first `resets_after_life_loss` episodes that end on a life loss the game
    survives (where an auto-reset would go on with the game). With
    `reseed_from`, the pool is made with that seed and played a while, then
    re-seeded by its first compared reset: reset(seed=seed).
    """
    # The gym flavour: its info has elapsed_step on every call (the gymnasium flavour's
    # reset() / step() give only the task's own keys, as SyncVectorEnv's).
    make = parallel_pool.make_dm if dm else parallel_pool.make_gym
    if render:
        config["render_mode"] = "rgb_array"
    env = make(task, num_envs=num_envs, seed=seed if reseed_from is None else reseed_from, **config)
    oracles = [Oracle(env.config, seed + i) for i in range(num_envs)]
    n_actions = len(oracles[0].actions)
    rng = np.random.default_rng(action_seed)
    stats = Stats()
    if reseed_from is not None:
        env.reset()
        for _ in range(50):
            env.step(rng.integers(n_actions, size=num_envs))
    out = env.reset() if reseed_from is None else env.reset(seed=seed)
    for i, (got, oracle) in enumerate(zip(ours(env, out, dm), oracles)):
        check(got, oracle.reset(explicit=True), f"{task} env {i} reset")
    done = np.zeros(num_envs, bool)
    lives = [o.lives for o in oracles]
    wants: list[dict[str, Any]] = []
    for t in range(steps):
        life_episode_over = any(w["step_type"] == 2 and not w["game_over"] and not w["truncated"] for w in wants)
        if t in explicit_resets or (life_episode_over and stats.explicit_resets < resets_after_life_loss):
            stats.explicit_resets += 1
            out = env.reset()
            wants = [o.reset(explicit=True) for o in oracles]
            done[:] = False
        else:
            actions = rng.integers(n_actions, size=num_envs)
            out = env.step(actions)
            wants = [o.reset(explicit=False) if d else o.step(int(a)) for o, d, a in zip(oracles, done, actions)]
        for i, (got, want) in enumerate(zip(ours(env, out, dm), wants)):
            check(got, want, f"{task} t={t} env {i}")
            if want["step_type"] == 2:
                stats.episodes += 1
                stats.game_overs += want["game_over"]
                stats.truncations += want["truncated"]
            stats.nonzero_rewards += want["info_reward"] != 0
        if render:
            frames = env.render(np.arange(num_envs))
            for i, oracle in enumerate(oracles):
                screen = oracle.ale.getScreenRGB()
                assert frames[i].shape == screen.shape, f"{task} t={t} env {i}: render shape"
                bad = np.count_nonzero(frames[i] != screen)
                assert bad == 0, f"{task} t={t} env {i}: render differs from getScreenRGB in {bad} bytes"
        stats.life_losses += sum(w["lives"] < p for w, p in zip(wants, lives))
        lives = [w["lives"] for w in wants]
        done = np.array([w["step_type"] == 2 for w in wants])
        stats.steps += num_envs
    env.close()
    return stats


# Whole games to the real end (27000 steps is far away): Pong (~850 steps of
# random play) and Breakout (~200), default config.
def test_pong_whole_game() -> None:
    stats = lockstep("Pong-v5", 1100, num_envs=2, seed=3, render=True)
    assert stats.game_overs >= 2 and stats.nonzero_rewards > 20


def test_breakout_whole_games_default() -> None:
    stats = lockstep("Breakout-v5", 700, num_envs=2, seed=11)
    assert stats.game_overs >= 4


def test_breakout_episodic_life_clip_zero_discount_dm() -> None:
    """Life-loss episodes that continue the game, clipped rewards, zero discount, dm's step types."""
    stats = lockstep(
        "Breakout-v5",
        700,
        seed=5,
        dm=True,
        resets_after_life_loss=1,
        episodic_life=True,
        reward_clip=True,
        zero_discount_on_life_loss=True,
    )
    assert stats.episodes > stats.game_overs > 0 and stats.life_losses > 5


def test_atlantis_lives_episodic_life_explicit_reset() -> None:
    """Atlantis has lives; an explicit reset after a life-loss episode restarts the game."""
    stats = lockstep(
        "Atlantis-v5",
        800,
        num_envs=3,
        seed=5,
        episodic_life=True,
        max_episode_steps=600,
        explicit_resets=(3,),
        resets_after_life_loss=3,
    )
    assert stats.life_losses > stats.explicit_resets == 3


def test_space_invaders_rgb() -> None:
    stats = lockstep("SpaceInvaders-v5", 400, seed=2, gray_scale=False, max_episode_steps=300, render=True)
    assert stats.nonzero_rewards > 0 and stats.truncations + stats.game_overs > 0


def test_montezuma_full_action_space() -> None:
    lockstep("MontezumaRevenge-v5", 300, seed=4, full_action_space=True, max_episode_steps=250)


def test_seaquest_sticky_actions() -> None:
    lockstep("Seaquest-v5", 400, seed=6, repeat_action_probability=0.25, max_episode_steps=200)


def test_ms_pacman_linear_resize_other_size() -> None:
    lockstep("MsPacman-v5", 300, seed=7, use_inter_area_resize=False, img_height=100, img_width=64)


def test_qbert_no_noops_single_frames() -> None:
    """noop_max=0 and frame_skip=1 (both crashed or were wrong upstream), one-frame stack."""
    lockstep("Qbert-v5", 400, seed=8, noop_max=0, frame_skip=1, stack_num=1, max_episode_steps=300)


def test_asterix_odd_skip_time_limit_episodic() -> None:
    """frame_skip 3, episodic life with a short time limit counted over the whole game."""
    stats = lockstep("Asterix-v5", 500, seed=9, frame_skip=3, episodic_life=True, max_episode_steps=120)
    assert stats.truncations > 0


def test_freeway_mode_difficulty_sticky_rgb() -> None:
    lockstep(
        "Freeway-v5",
        250,
        seed=10,
        num_envs=1,
        mode=2,
        difficulty=1,
        repeat_action_probability=0.1,
        gray_scale=False,
        img_height=84,
        img_width=84,
        stack_num=2,
    )


def test_tennis_no_fire_reset_big_images() -> None:
    lockstep("Tennis-v5", 200, seed=12, use_fire_reset=False, img_height=210, img_width=160, noop_max=5)


# The last four have taller screens than 210 rows (250, 214, 230, 220).
@pytest.mark.parametrize(
    "task",
    [
        "Boxing-v5",
        "Alien-v5",
        "Riverraid-v5",
        "Krull-v5",
        "Pitfall-v5",
        "MrDo-v5",
        "Carnival-v5",
        "JourneyEscape-v5",
        "Pooyan-v5",
    ],
)
def test_more_games_short(task: str) -> None:
    lockstep(task, 150, num_envs=1, seed=13, render=True)


@pytest.mark.parametrize("dm", [False, True], ids=["gymnasium", "dm"])
def test_reset_seed_runs_the_oracle_of_that_seed(dm: bool) -> None:
    """reset(seed=s) re-seeds the ALE (sticky actions) and the no-op draws as a new
    pool made with seed s has them."""
    stats = lockstep(
        "Breakout-v5", 300, seed=21, reseed_from=4, dm=dm, repeat_action_probability=0.25, max_episode_steps=120
    )
    assert stats.episodes >= 2  # and the episodes after the first go on from the new seed


def test_seeds_negative_and_large() -> None:
    """Seeds wrap to uint32 the same way on both sides."""
    lockstep("Pong-v5", 30, num_envs=2, seed=-5)
    lockstep("Pong-v5", 30, num_envs=2, seed=2**31 - 2)
