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

Each test also asserts that its run reached the regime it is named for (life
losses, game overs, truncations, no-ops and FIRE at resets, clipped rewards,
sticky actions that changed the game, ...), from the run's `Stats`: a run that
never got there fails instead of passing on easier ground.
"""

from __future__ import annotations

import collections
import os
from dataclasses import dataclass, field
from typing import Any

import ale_py
import cv2
import numpy as np
import pytest

import parallel_pool

ale_py.ALEInterface.setLoggerMode(ale_py.LoggerMode.Error)


class Oracle:
    """One env, from the documented rules, on ale_py's ALEInterface."""

    def __init__(self, config: Any, seed: int, sticky: bool = True) -> None:
        """`sticky=False`: the same env without sticky actions (a twin that shows whether
        they changed a run)."""
        self.c = config
        self.bits = np.random.MT19937()
        self.bits._legacy_seeding(seed & 0xFFFFFFFF)  # == std::mt19937(seed)
        self.ale = ale_py.ALEInterface()
        self.ale.setInt("random_seed", self.draw() & 0x7FFFFFFF)
        self.ale.setFloat("repeat_action_probability", config.repeat_action_probability if sticky else 0.0)
        self.ale.loadROM(os.path.join(config.base_path, "roms", f"{config.task}.bin"))
        if config.mode != -1:
            self.ale.setMode(config.mode)
        if config.difficulty != -1:
            self.ale.setDifficulty(config.difficulty)
        self.minimal_actions = self.ale.getMinimalActionSet()
        self.actions = self.ale.getLegalActionSet() if config.full_action_space else self.minimal_actions
        self.fire_reset = config.use_fire_reset and ale_py.Action.FIRE in self.actions
        self.frames: collections.deque[np.ndarray] = collections.deque(maxlen=config.stack_num)
        self.continue_game = False
        self.game_steps = 0
        self.elapsed = 0
        self.lives = 0
        # What the env went through (Stats sums them over the envs).
        self.counts: collections.Counter[str] = collections.Counter()
        self.in_continued_game = False

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
        size = (self.c.img_width, self.c.img_height)
        image = cv2.resize(pooled, size, interpolation=flag)
        if not self.c.use_inter_area_resize:  # frames where INTER_LINEAR gives another image than INTER_AREA
            self.counts["linear_not_area"] += not np.array_equal(
                image, cv2.resize(pooled, size, interpolation=cv2.INTER_AREA)
            )
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
            self.counts["noops"] += 1
            if self.ale.game_over():
                self.ale.reset_game()
                restarted = True
        if restarted:
            self.elapsed = 0
        else:
            self.counts["continued_games"] += 1
        self.in_continued_game = not restarted
        if self.fire_reset:
            self.ale.act(ale_py.Action.FIRE)
            self.counts["fire_resets"] += 1
        frame = self.frame(self.screen(), None)
        if restarted:
            self.frames.extend([frame] * self.c.stack_num)
        else:
            self.frames.append(frame)
        self.lives = self.ale.lives()
        return self.result(0.0, 0, False, False, 1.0, 0)

    def step(self, action: int) -> dict[str, Any]:
        self.elapsed += 1
        self.counts["off_minimal_actions"] += self.actions[action] not in self.minimal_actions
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
        self.counts["clipped_rewards"] += clipped != reward
        self.counts["continued_game_truncations"] += truncated and self.in_continued_game
        return self.result(clipped, reward, terminated, truncated, discount, 2 if terminated or truncated else 1)


@dataclass
class Stats:
    """What a lockstep run went through, for its test to assert that it reached the
    regime it is about (a count that stays 0 fails the test, not the run)."""

    steps: int = 0
    game_overs: int = 0
    life_losses: int = 0
    truncations: int = 0
    episodes: int = 0
    nonzero_rewards: int = 0
    explicit_resets: int = 0
    # Explicit resets right after an episode that ended on a life loss the game survived.
    life_loss_resets: int = 0
    # Steps with discount 0 that were not game overs: life losses (episode ends with
    # episodic_life, mid-episode steps without it).
    life_loss_zero_discounts: int = 0
    # The step types seen after the first reset (0 on autoresets, 1 mid-episode, 2 at ends).
    step_types: set[int] = field(default_factory=set)
    # The actions of the pool's action space, and of the game's minimal set; whether
    # FIRE is one of the actions (a fire reset presses it).
    actions: int = 0
    minimal_actions: int = 0
    fire_action: bool = False
    # Frames of render() compared with getScreenRGB(), and the screen's rows.
    frames_rendered: int = 0
    screen_rows: int = 0
    # Envs whose twin without sticky actions (same seed, same actions) came to another
    # RAM or screen: sticky actions changed their run.
    sticky_changed_runs: int = 0
    # Summed over the oracles (Oracle.counts): no-ops and FIRE presses at resets, resets
    # that continued the game after a life-loss episode, truncations in such continued
    # games, steps whose clipped reward differs from the raw one, actions outside the
    # minimal set, frames that INTER_LINEAR resizes otherwise than INTER_AREA.
    noops: int = 0
    fire_resets: int = 0
    continued_games: int = 0
    continued_game_truncations: int = 0
    clipped_rewards: int = 0
    off_minimal_actions: int = 0
    linear_not_area: int = 0


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


def same_game(a: Oracle, b: Oracle) -> bool:
    return np.array_equal(a.ale.getRAM(), b.ale.getRAM()) and np.array_equal(a.ale.getScreen(), b.ale.getScreen())


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
    re-seeded by its first compared reset: reset(seed=seed). With sticky
    actions, each oracle has a twin without them, played alike until their
    games part (Stats.sticky_changed_runs).
    """
    # The gym flavour: its info has elapsed_step on every call (the gymnasium flavour's
    # reset() / step() give only the task's own keys, as SyncVectorEnv's).
    make = parallel_pool.make_dm if dm else parallel_pool.make_gym
    if render:
        config["render_mode"] = "rgb_array"
    env = make(task, num_envs=num_envs, seed=seed if reseed_from is None else reseed_from, **config)
    action_dtype = env.action_spec().dtype if dm else env.action_space.dtype
    oracles = [Oracle(env.config, seed + i) for i in range(num_envs)]
    # With sticky actions: each env's twin without them, for as long as their games are alike.
    sticky = env.config.repeat_action_probability > 0
    twins = {i: Oracle(env.config, seed + i, sticky=False) for i in range(num_envs)} if sticky else {}
    n_actions = len(oracles[0].actions)
    rng = np.random.default_rng(action_seed)
    stats = Stats(
        actions=n_actions,
        minimal_actions=len(oracles[0].minimal_actions),
        fire_action=ale_py.Action.FIRE in oracles[0].actions,
    )
    if reseed_from is not None:
        env.reset()
        for _ in range(50):
            env.step(rng.integers(n_actions, size=num_envs).astype(action_dtype))
    out = env.reset() if reseed_from is None else env.reset(seed=seed)
    for i, (got, oracle) in enumerate(zip(ours(env, out, dm), oracles)):
        check(got, oracle.reset(explicit=True), f"{task} env {i} reset")
    for twin in twins.values():
        twin.reset(explicit=True)
    done = np.zeros(num_envs, bool)
    lives = [o.lives for o in oracles]
    wants: list[dict[str, Any]] = []
    for t in range(steps):
        life_episode_over = any(w["step_type"] == 2 and not w["game_over"] and not w["truncated"] for w in wants)
        if t in explicit_resets or (life_episode_over and stats.explicit_resets < resets_after_life_loss):
            stats.explicit_resets += 1
            stats.life_loss_resets += life_episode_over
            out = env.reset()
            wants = [o.reset(explicit=True) for o in oracles]
            for twin in twins.values():
                twin.reset(explicit=True)
            done[:] = False
        else:
            actions = rng.integers(n_actions, size=num_envs).astype(action_dtype)
            out = env.step(actions)
            wants = [o.reset(explicit=False) if d else o.step(int(a)) for o, d, a in zip(oracles, done, actions)]
            for i, twin in twins.items():
                if done[i]:
                    twin.reset(explicit=False)
                else:
                    twin.step(int(actions[i]))
        for i, (got, want) in enumerate(zip(ours(env, out, dm), wants)):
            check(got, want, f"{task} t={t} env {i}")
            if want["step_type"] == 2:
                stats.episodes += 1
                stats.game_overs += want["game_over"]
                stats.truncations += want["truncated"]
            stats.life_loss_zero_discounts += want["discount"] == 0 and not want["game_over"]
            stats.nonzero_rewards += want["info_reward"] != 0
            stats.step_types.add(want["step_type"])
            if i in twins and not same_game(twins[i], oracles[i]):
                stats.sticky_changed_runs += 1
                del twins[i]
        if render:
            frames = env.render(np.arange(num_envs))
            for i, oracle in enumerate(oracles):
                screen = oracle.ale.getScreenRGB()
                assert frames[i].shape == screen.shape, f"{task} t={t} env {i}: render shape"
                bad = np.count_nonzero(frames[i] != screen)
                assert bad == 0, f"{task} t={t} env {i}: render differs from getScreenRGB in {bad} bytes"
                stats.frames_rendered += 1
                stats.screen_rows = screen.shape[0]
        stats.life_losses += sum(w["lives"] < p for w, p in zip(wants, lives))
        lives = [w["lives"] for w in wants]
        done = np.array([w["step_type"] == 2 for w in wants])
        stats.steps += num_envs
    env.close()
    for oracle in oracles:
        for key, count in oracle.counts.items():
            setattr(stats, key, getattr(stats, key) + count)
    return stats


# Whole games to the real end (27000 steps is far away): Pong (~850 steps of
# random play) and Breakout (~200), default config: 1 to 30 no-ops and FIRE at each reset.
def test_pong_whole_game() -> None:
    stats = lockstep("Pong-v5", 1100, num_envs=2, seed=3, render=True)
    assert stats.game_overs >= 2 and stats.nonzero_rewards > 20, stats
    assert stats.noops > 0 and stats.fire_resets == stats.episodes + 2, stats  # every reset fires
    assert stats.frames_rendered == stats.steps, stats


def test_breakout_whole_games_default() -> None:
    stats = lockstep("Breakout-v5", 700, num_envs=2, seed=11)
    assert stats.game_overs >= 4, stats
    assert stats.noops > 0 and stats.fire_resets == stats.episodes + 2, stats  # every reset fires


# Breakout's random play breaks bricks of 1 point, which clipping keeps; Space
# Invaders' invaders score 5 to 30, clipped to 1.
@pytest.mark.parametrize(("task", "clips"), [("Breakout-v5", False), ("SpaceInvaders-v5", True)])
def test_episodic_life_clip_zero_discount_dm(task: str, clips: bool) -> None:
    """Life-loss episodes that continue the game, clipped rewards, zero discount, dm's step types."""
    stats = lockstep(
        task,
        700,
        seed=5,
        dm=True,
        resets_after_life_loss=1,
        episodic_life=True,
        reward_clip=True,
        zero_discount_on_life_loss=True,
    )
    assert stats.episodes > stats.game_overs > 0 and stats.life_losses > 5, stats
    assert stats.continued_games > 0 and stats.life_loss_resets == 1, stats
    assert stats.life_loss_zero_discounts > 0 and stats.step_types == {0, 1, 2}, stats
    assert (stats.clipped_rewards > 0) == clips, stats


def test_zero_discount_on_life_loss_without_episodic_life_dm() -> None:
    """A life lost mid-episode: discount 0 on a step that goes on (step type 1)."""
    stats = lockstep("Breakout-v5", 500, seed=5, dm=True, zero_discount_on_life_loss=True)
    assert stats.life_loss_zero_discounts > 5 and stats.episodes == stats.game_overs > 0, stats


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
    assert stats.life_losses > stats.explicit_resets == 3, stats
    assert stats.life_loss_resets == 2, stats  # the other one at step 3


def test_space_invaders_rgb() -> None:
    stats = lockstep("SpaceInvaders-v5", 400, seed=2, gray_scale=False, max_episode_steps=300, render=True)
    assert stats.nonzero_rewards > 0 and stats.truncations + stats.game_overs > 0, stats
    assert stats.frames_rendered == stats.steps, stats


def test_full_action_space() -> None:
    """The ALE's 18 actions. Montezuma's Revenge's minimal set is those 18 already;
    Breakout's is 4, so there the other 14 are taken too."""
    stats = lockstep("MontezumaRevenge-v5", 300, seed=4, full_action_space=True, max_episode_steps=250)
    assert stats.actions == stats.minimal_actions == 18, stats
    stats = lockstep("Breakout-v5", 300, seed=4, full_action_space=True, max_episode_steps=250)
    assert stats.actions == 18 > stats.minimal_actions and stats.off_minimal_actions > 0, stats


def test_seaquest_sticky_actions() -> None:
    stats = lockstep("Seaquest-v5", 400, seed=6, repeat_action_probability=0.25, max_episode_steps=200)
    assert stats.sticky_changed_runs == 2, stats


def test_ms_pacman_linear_resize_other_size() -> None:
    stats = lockstep("MsPacman-v5", 300, seed=7, use_inter_area_resize=False, img_height=100, img_width=64)
    assert stats.linear_not_area > 0, stats


def test_qbert_no_noops_single_frames() -> None:
    """noop_max=0 and frame_skip=1 (both crashed or were wrong upstream), one-frame stack."""
    stats = lockstep("Qbert-v5", 400, seed=8, noop_max=0, frame_skip=1, stack_num=1, max_episode_steps=300)
    assert stats.episodes > 0 and stats.noops == 0, stats  # resets after the first, without no-ops


def test_asterix_odd_skip_time_limit_episodic() -> None:
    """frame_skip 3, episodic life with a short time limit counted over the whole game."""
    stats = lockstep("Asterix-v5", 500, seed=9, frame_skip=3, episodic_life=True, max_episode_steps=120)
    assert stats.truncations > 0, stats
    assert stats.continued_game_truncations > 0, stats  # in a game a life-loss episode went on with


# Freeway's mode 2 at difficulty 1, RGB frames stacked two deep, sticky actions.
FREEWAY = {"mode": 2, "difficulty": 1, "repeat_action_probability": 0.1, "gray_scale": False, "stack_num": 2}


def test_freeway_mode_difficulty_sticky_rgb() -> None:
    stats = lockstep("Freeway-v5", 250, seed=10, num_envs=1, img_height=84, img_width=84, **FREEWAY)
    assert stats.sticky_changed_runs == 1, stats


def test_tennis_no_fire_reset_big_images() -> None:
    stats = lockstep("Tennis-v5", 200, seed=12, use_fire_reset=False, img_height=210, img_width=160, noop_max=5)
    assert stats.fire_action and stats.fire_resets == 0 and stats.noops > 0, stats


# The last four have taller screens than 210 rows.
SCREEN_ROWS = {"MrDo-v5": 250, "Carnival-v5": 214, "JourneyEscape-v5": 230, "Pooyan-v5": 220}


@pytest.mark.parametrize(
    "task",
    [
        "Boxing-v5",
        "Alien-v5",
        "Riverraid-v5",
        "Krull-v5",
        "Pitfall-v5",
        *SCREEN_ROWS,
    ],
)
def test_more_games_short(task: str) -> None:
    stats = lockstep(task, 150, num_envs=1, seed=13, render=True)
    assert stats.frames_rendered == 150 and stats.screen_rows == SCREEN_ROWS.get(task, 210), stats


@pytest.mark.parametrize("dm", [False, True], ids=["gymnasium", "dm"])
def test_reset_seed_runs_the_oracle_of_that_seed(dm: bool) -> None:
    """reset(seed=s) re-seeds the ALE (sticky actions) and the no-op draws as a new
    pool made with seed s has them."""
    stats = lockstep(
        "Breakout-v5", 300, seed=21, reseed_from=4, dm=dm, repeat_action_probability=0.25, max_episode_steps=120
    )
    assert stats.episodes >= 2, stats  # and the episodes after the first go on from the new seed
    assert stats.sticky_changed_runs == 2 and stats.noops > 0, stats


def test_seeds_negative_and_large() -> None:
    """Seeds wrap to uint32 the same way on both sides."""
    lockstep("Pong-v5", 30, num_envs=2, seed=-5)
    lockstep("Pong-v5", 30, num_envs=2, seed=2**31 - 2)
