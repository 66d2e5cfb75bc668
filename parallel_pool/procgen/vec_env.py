"""ProcgenEnv: a stand-in for procgen's own vectorised env, on the procgen family's pool.

Scripts written for procgen's `ProcgenEnv(num_envs=, env_name=, ...)` (baselines'
VecEnv API, as CleanRL's ppo_procgen.py uses it) run by changing the import:

    from parallel_pool.procgen import ProcgenEnv   # was: from procgen import ProcgenEnv

    envs = ProcgenEnv(num_envs=64, env_name="coinrun", num_levels=200, distribution_mode="easy")
    obs = envs.reset()                      # {"rgb": uint8 [64, 64, 64, 3]}
    obs, rew, done, infos = envs.step(actions)

It keeps procgen's stream: env i runs the levels of env i of procgen's
ProcgenGym3Env(num=num_envs, rand_seed=rand_seed, ...), a step that ends a level
returns the next level's first frame, and `infos` is one dict per env with
`level_seed`, `prev_level_seed` and `prev_level_complete`. What differs from procgen's
is in docs/procgen.md.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from parallel_pool.procgen import registration


class ProcgenEnv:
    """procgen's `ProcgenEnv(num_envs, env_name, **kwargs)`: a baselines VecEnv of `num_envs` envs
    of the game `env_name`, with procgen's keywords (`num_levels`, `start_level`,
    `distribution_mode`, `rand_seed`, `use_sequential_levels`, `center_agent`,
    `use_backgrounds`, `restrict_themes`, `use_monochrome_assets`, `paint_vel_info`,
    `use_generated_assets`, `render_mode`) and `num_threads` (the pool's threads; 0: one
    per core)."""

    metadata = {"render.modes": ["rgb_array"], "video.frames_per_second": 15}

    def __init__(
        self,
        num_envs: int,
        env_name: str,
        *,
        num_levels: int = 0,
        start_level: int = 0,
        distribution_mode: str = "hard",
        rand_seed: int | None = None,
        use_sequential_levels: bool = False,
        center_agent: bool = True,
        use_backgrounds: bool = True,
        restrict_themes: bool = False,
        use_monochrome_assets: bool = False,
        paint_vel_info: bool = False,
        use_generated_assets: bool = False,
        render_mode: str | None = None,
        num_threads: int = 0,
    ) -> None:
        if not isinstance(env_name, str) or env_name not in registration.GAMES:
            raise ValueError(
                f"env_name: expected one of procgen's games {sorted(registration.GAMES)}, got {env_name!r}"
            )
        modes = ("easy", "hard", *registration.GAMES[env_name][1])
        if distribution_mode not in modes:
            raise ValueError(f"distribution_mode: {env_name} has the modes {list(modes)}, got {distribution_mode!r}")
        config = registration.mode_config(env_name, distribution_mode)
        if distribution_mode == "exploration" and (num_levels or start_level):
            raise ValueError("num_levels, start_level: exploration mode sets them (one fixed level)")
        if distribution_mode != "exploration":
            config.update(num_levels=num_levels, start_level=start_level)
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode: expected None or 'rgb_array', got {render_mode!r}")
        self._render_mode = render_mode
        if rand_seed is None:  # procgen's choice: a random seed
            rand_seed = random.SystemRandom().randint(0, 2**31 - 1)
        import parallel_pool  # the registry, after this family has registered

        self._pool = parallel_pool.make_gymnasium(
            registration.task_id(env_name, distribution_mode),
            num_envs=num_envs,
            seed=rand_seed,
            num_threads=num_threads,
            channel_first=False,
            autoreset_mode="same_step",
            use_sequential_levels=use_sequential_levels,
            center_agent=center_agent,
            use_backgrounds=use_backgrounds,
            restrict_themes=restrict_themes,
            use_monochrome_assets=use_monochrome_assets,
            paint_vel_info=paint_vel_info,
            use_generated_assets=use_generated_assets,
            render_mode=render_mode,
            # procgen's render_mode="rgb_array" view: the 512x512 one.
            **({"render_width": 512, "render_height": 512} if render_mode else {}),
            **config,
        )
        self.num_envs = num_envs
        self.observation_space = gymnasium.spaces.Dict({"rgb": self._pool.single_observation_space})
        self.action_space = self._pool.single_action_space
        self._obs, self._infos = self._observation(*self._pool.reset())
        self._actions: np.ndarray | None = None

    def _observation(self, obs: np.ndarray, info: dict[str, Any]) -> tuple[dict[str, np.ndarray], list[dict]]:
        keys = ("level_seed", "prev_level_seed", "prev_level_complete")
        infos = [{key: int(info[key][i]) for key in keys} for i in range(self.num_envs)]
        return {"rgb": obs.copy()}, infos

    def reset(self) -> dict[str, np.ndarray]:
        """The current observation: as procgen's, the envs are not reset (they run on by
        themselves from level to level)."""
        return self._obs

    def step_async(self, actions: Any) -> None:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions: expected one action per env, shape ({self.num_envs},), got {actions.shape}")
        self._actions = actions.astype(np.int32)

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict]]:
        if self._actions is None:
            raise RuntimeError("step_wait: call step_async(actions) first")
        obs, reward, terminated, truncated, info = self._pool.step(self._actions)
        self._actions = None
        self._obs, self._infos = self._observation(obs, info)
        return self._obs, reward.astype(np.float32), terminated | truncated, self._infos

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict]]:
        self.step_async(actions)
        return self.step_wait()

    def render(self, mode: str = "rgb_array") -> np.ndarray:
        """The first env's 512x512 human view with render_mode="rgb_array", else its 64x64
        frame, as procgen's ProcgenEnv gives them."""
        if mode != "rgb_array":
            raise ValueError(f"mode: expected 'rgb_array', got {mode!r}")
        if self._render_mode == "rgb_array":
            return self._pool.render(0)[0]
        return self._obs["rgb"][0]

    def close(self) -> None:
        self._pool.close()
