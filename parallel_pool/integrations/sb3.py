"""A parallel_pool pool as a Stable-Baselines3 `VecEnv` (SB3 2.x).

    from stable_baselines3 import PPO
    from stable_baselines3.common.vec_env import VecMonitor
    from parallel_pool.integrations.sb3 import ParallelPoolVecEnv

    venv = VecMonitor(ParallelPoolVecEnv("CartPole-v1", num_envs=8, seed=0))
    PPO("MlpPolicy", venv).learn(100_000)

SB3's contract, as its `DummyVecEnv` keeps it: `step_wait()` returns
`(obs, rewards, dones, infos)` with `dones = terminated | truncated`; a done env
is reset in the same step, so `obs` holds its next episode's first observation
and `infos[i]["terminal_observation"]` the observation the action led to;
`infos[i]["TimeLimit.truncated"]` is `truncated and not terminated`. The pool
runs with `autoreset_mode="same_step"`, which is that contract in C++: no env
is stepped twice and nothing is copied but the per-env info dicts SB3 wants.

Stable-Baselines3 is imported when this module is (never by `import
parallel_pool`). With SB3 installed, `ParallelPoolVecEnv` is a subclass of its
`VecEnv`, so every SB3 algorithm and VecEnv wrapper takes it. Without it (SB3
cannot be imported without torch), the class has the same interface on a small
stand-in base, so the adapter's behaviour can be tested, and used by code that
only duck-types SB3's VecEnv.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

import parallel_pool

Indices = None | int | Iterable[int]


class _VecEnvStandIn:
    """What SB3 2.x's `VecEnv` base class provides, for when SB3 is not installed.

    Only the members ParallelPoolVecEnv relies on or SB3's users call: the
    attributes set by the constructor, `step`, `seed`, `set_options`,
    `has_attr`, `render`, `get_images`, `unwrapped` and index handling.
    """

    def __init__(self, num_envs: int, observation_space: Any, action_space: Any) -> None:
        self.num_envs = num_envs
        self.observation_space = observation_space
        self.action_space = action_space
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._seeds: list[int | None] = [None] * num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self.render_mode = None
        self.metadata: dict[str, Any] = {"render_modes": []}

    def step(self, actions: np.ndarray) -> tuple[Any, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        self.step_async(actions)  # type: ignore[attr-defined]
        return self.step_wait()  # type: ignore[attr-defined]

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        if seed is None:
            seed = int(np.random.randint(0, np.iinfo(np.uint32).max, dtype=np.uint32))
        self._seeds = [seed + i for i in range(self.num_envs)]
        return self._seeds

    def set_options(self, options: list[dict] | dict | None = None) -> None:
        options = options or {}
        self._options = [dict(options) for _ in range(self.num_envs)] if isinstance(options, dict) else list(options)

    def has_attr(self, attr_name: str) -> bool:
        try:
            self.get_attr(attr_name)  # type: ignore[attr-defined]
        except AttributeError:
            return False
        return True

    def render(self, mode: str | None = None) -> None:
        return None

    def get_images(self) -> Sequence[np.ndarray | None]:
        raise NotImplementedError("parallel_pool envs do not render")

    @property
    def unwrapped(self) -> _VecEnvStandIn:
        return self

    def _get_indices(self, indices: Indices) -> Iterable[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return indices


try:
    from stable_baselines3.common.vec_env import VecEnv as _VecEnvBase

    HAS_SB3 = True
except ImportError:  # SB3 (or the torch it imports) is not installed
    _VecEnvBase = _VecEnvStandIn
    HAS_SB3 = False


class ParallelPoolVecEnv(_VecEnvBase):
    _seeds: list[int | None]  # per env, for the next reset (SB3's seed())
    """`num_envs` envs of `task_id` stepped in C++ threads, as an SB3 `VecEnv`.

    Args:
      task_id: a registered id (`parallel_pool.list_all_envs()`).
      **config: the pool's config, as for `parallel_pool.make_gymnasium` (`num_envs`,
        `seed` (an int, env i gets `seed + i`, or one per env), `num_threads`, the
        task's own keys). Not `autoreset_mode`, which is always `"same_step"` (SB3's
        semantics), nor `batch_size < num_envs` or `max_num_players > 1`: SB3 steps
        every env every step, one agent per env.

    Observations are the pool's: a numpy array of shape `(num_envs, *obs_shape)`
    (a dict of such arrays for Dict spaces), dtype as declared by the task. Rewards
    are float32 of shape `(num_envs,)`, dones bool of shape `(num_envs,)`, infos a
    list of `num_envs` dicts holding the task's own info fields (as its gymnasium
    env's info, which DummyVecEnv passes on) plus SB3's `TimeLimit.truncated` and,
    where done, `terminal_observation`.

    `seed(s)` makes the next `reset()` restart every env with seed `s + i`, by
    making a new pool (parallel_pool seeds envs at construction). The C++ envs
    have no Python attributes or methods: `get_attr` knows `render_mode` (None),
    `observation_space`, `action_space` (one env's) and `np_random_seed`, plus
    whatever `set_attr` stored (kept here; the envs do not read it);
    `env_method` knows only `get_wrapper_attr`; `env_is_wrapped` is always False.

    Raises:
      ValueError / TypeError: as `make_gymnasium` for a bad id or config, and a
        ValueError for the configs above that SB3 cannot drive.
    """

    def __init__(self, task_id: str, **config: Any) -> None:
        if "autoreset_mode" in config:
            raise ValueError(
                "autoreset_mode: ParallelPoolVecEnv always uses 'same_step', the reset SB3's VecEnv "
                "contract asks for; drop the argument"
            )
        self._task_id = task_id
        self._config = dict(config)
        self._pool = self._make_pool(self._config)
        self._attrs: list[dict[str, Any]] = [{} for _ in range(self._pool.num_envs)]
        self._actions: np.ndarray | None = None
        super().__init__(self._pool.num_envs, self._pool.single_observation_space, self._pool.single_action_space)

    def _make_pool(self, config: dict[str, Any]) -> Any:
        pool = parallel_pool.make_vec(self._task_id, autoreset_mode="same_step", **config)
        if pool.is_async or pool.config.max_num_players != 1:
            pool.close()
            key = "batch_size" if pool.is_async else "max_num_players"
            raise ValueError(
                f"{key}: ParallelPoolVecEnv needs batch_size == num_envs and max_num_players == 1 "
                "(SB3 steps every env every step, one agent per env)"
            )
        return pool

    # ------------------------------------------------------------------ stepping

    def reset(self) -> Any:
        """Resets every env; returns the first observations (infos in `self.reset_infos`).

        After `seed(s)`, the envs restart with seeds `s, s + 1, ...` (a new pool).
        """
        chosen: list[int | None] = self._seeds
        if any(s is not None for s in chosen):
            seeds = [int(s) if s is not None else int(self._pool.np_random_seed[i]) for i, s in enumerate(chosen)]
            self._pool.close()
            self._config["seed"] = seeds
            self._pool = self._make_pool(self._config)
        if any(self._options):
            raise ValueError("set_options: parallel_pool envs take no reset options")
        obs, info = self._pool.reset()
        self.reset_infos = _split_info(info, self.num_envs)
        self._seeds = [None] * self.num_envs
        self._actions = None
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        """Keeps `actions` (one row per env) for `step_wait()`, which steps the pool."""
        self._actions = actions

    def step_wait(self) -> tuple[Any, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Steps every env with the actions of `step_async()`: `(obs, rewards, dones, infos)`."""
        if self._actions is None:
            raise RuntimeError("step_wait: no actions; call step_async(actions) first")
        actions, self._actions = self._actions, None
        obs, reward, terminated, truncated, info = self._pool.step(actions)
        dones = terminated | truncated
        if not dones.any():
            infos = _split_info(info, self.num_envs)
        else:
            # A done env's info is the one its action led to (final_info); the info of
            # its new episode's first step becomes its reset_infos entry, as in SB3.
            new_episode = _split_info(info, self.num_envs)
            infos = list(new_episode)
            final_info = _split_info(info["final_info"], self.num_envs)
            final_obs = info["final_obs"]
            for i in np.flatnonzero(dones).tolist():
                infos[i] = final_info[i]
                infos[i]["terminal_observation"] = _row(final_obs, i)
                self.reset_infos[i] = new_episode[i]
        cut = truncated & ~terminated
        for i in range(self.num_envs):
            infos[i]["TimeLimit.truncated"] = bool(cut[i])
        return obs, reward.astype(np.float32), dones, infos

    def close(self) -> None:
        """Closes the pool (idempotent); every later step raises RuntimeError."""
        self._pool.close()

    # ---------------------------------------------------------------- attributes

    def _env_attr(self, name: str, i: int) -> Any:
        if name in self._attrs[i]:
            return self._attrs[i][name]
        if name == "render_mode":
            return None
        if name == "observation_space":
            return self._pool.single_observation_space
        if name == "action_space":
            return self._pool.single_action_space
        if name == "np_random_seed":
            return self._pool.np_random_seed[i]
        raise AttributeError(f"{name}: parallel_pool's C++ envs have no such attribute")

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        """The attribute `attr_name` of each env in `indices` (default: all)."""
        return [self._env_attr(attr_name, i) for i in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        """Stores `value` as `attr_name` of each env in `indices` (read back by get_attr only)."""
        for i in self._get_indices(indices):
            self._attrs[i][attr_name] = value

    def env_method(self, method_name: str, *method_args: Any, indices: Indices = None, **method_kwargs: Any) -> list:
        """Only `get_wrapper_attr(name)`, which is `get_attr(name)`: the envs have no Python methods."""
        if method_name == "get_wrapper_attr":
            return [self._env_attr(method_args[0], i) for i in self._get_indices(indices)]
        raise AttributeError(f"{method_name}: parallel_pool's C++ envs have no Python methods")

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> list[bool]:
        """Always False: no gymnasium wrapper is inside a C++ env (wrap the VecEnv instead)."""
        return [False for _ in self._get_indices(indices)]

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Seeds `seed, seed + 1, ...` (random if None) for the envs, from the next `reset()` on.

        parallel_pool seeds its envs at construction, so that reset makes a new pool.
        """
        return super().seed(seed)

    def set_options(self, options: list[dict] | dict | None = None) -> None:
        """Only empty options: parallel_pool's envs take no reset options (else ValueError)."""
        if options and (isinstance(options, dict) or any(options)):
            raise ValueError("options: parallel_pool envs take no reset options")
        super().set_options(options)

    def get_images(self) -> Sequence[np.ndarray | None]:
        raise NotImplementedError("parallel_pool envs do not render")


def _split_info(info: dict[str, Any], n: int) -> list[dict[str, Any]]:
    """The pool's info (arrays with one row per env) as one dict per env."""
    out: list[dict[str, Any]] = [{} for _ in range(n)]
    for key, value in info.items():
        if isinstance(value, dict) or key.startswith("_") or key in ("final_obs", "final_info"):
            continue  # players.env_id, the same-step masks and finals: not per-env fields
        for i in range(n):
            out[i][key] = value[i]
    return out


def _row(obs: Any, i: int) -> Any:
    if isinstance(obs, dict):
        return {k: v[i] for k, v in obs.items()}
    return obs[i]
