"""VectorEnvPool: the pool with gymnasium's `VectorEnv` contract, behind gymnasium's own entry.

`gymnasium.make_vec("parallel_pool/<id>", num_envs=n)` and `parallel_pool.make_vec(<id>,
num_envs=n)` give it: batched `observation_space` / `action_space`, gymnasium's info layout
(`_key` masks), the render tuple, the three autoreset modes and `reset_mask`. EnvPool's
entry points (`make_gymnasium`, ...) give `GymnasiumEnvPool` instead, whose names keep
EnvPool's meaning (docs/migrating.md).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector.utils import batch_space

from parallel_pool.python.gymnasium_env import PoolClosedError, autoreset_mode, check_reset_mask, reset_mask_option
from parallel_pool.python.pool import FiveTuplePool, PoolBase
from parallel_pool.python.spec import EnvSpec


# EnvPool's spec and the per-env np_random_seed tuple, where VectorEnv types one seed.
class VectorEnvPool(FiveTuplePool, gymnasium.vector.VectorEnv):  # type: ignore[misc]
    """`reset() -> (obs, info)`, `step(a) -> (obs, reward, terminated, truncated, info)`.

    Works under gymnasium's vector wrappers (NormalizeObservation,
    RecordEpisodeStatistics, DictInfoToList, ...): it has num_envs,
    single_observation_space, single_action_space, np_random_seed and
    metadata["autoreset_mode"] (all three of gymnasium's modes); reset() takes
    seed= and options={"reset_mask": mask}; info has gymnasium's `_key` masks
    and same-step `final_obs` / `final_info` layout.
    """

    # gymnasium's SyncVectorEnv and AsyncVectorEnv raise TypeError for a scalar action.
    _scalar_action_is_type_error = True
    _closed_error = PoolClosedError
    # SyncVectorEnv's rewards are float64: the envs' own, unrounded.
    _reward_dtype = None
    # An action of another shape is refused, as SyncVectorEnv refuses it.
    _reshapes_unit_dims = False

    def __init__(self, spec: EnvSpec, cpp_pool: Any = None) -> None:
        PoolBase.__init__(self, spec, cpp_pool)
        self.single_observation_space = spec.observation_space
        self.single_action_space = spec.action_space
        self.observation_space = batch_space(self.single_observation_space, self.batch_size)
        self.action_space = batch_space(self.single_action_space, self.batch_size)
        self.metadata = {"autoreset_mode": autoreset_mode(self), **self._render_metadata()}
        self.closed = False
        # reset_mask returns every env's row: keep the latest ones (sync mode,
        # one row per env; a full batch is kept without a copy).
        self._keeps_last_rows = not self.is_async and spec.config.max_num_players == 1
        # reset() and step() of every env in such a pool are SyncVectorEnv's calls,
        # so their info is SyncVectorEnv's: the task's own keys only. EnvPool's
        # env_id / players / elapsed_step stay where they say something: recv(),
        # calls given env_id, async pools and several players (docs/migrating.md).
        self._gymnasium_info = self._keeps_last_rows
        # The info layout, worked out once: (key, its mask's key, field index).
        self._true_masks: dict[int, np.ndarray] = {}
        self._one_row_per_env = spec.config.max_num_players == 1
        self._common_items = (self._env_id_i, self._players_i, self._elapsed_i)
        self._info_keys = [(name, "_" + name, i) for name, i in self._info_items]
        if self.same_step:
            final_at = dict(self._final_info_items)
            self._final_common = (final_at["env_id"], final_at["players.env_id"], final_at["elapsed_step"])
            self._final_own_keys = [
                (name, "_" + name, i) for name, i in self._final_info_items if i not in self._final_common
            ]

    def reset(
        self,
        env_id: Any = None,
        *,
        seed: int | list[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Resets the envs `env_id` (default: all) and returns their first `(obs, info)`.

        `obs` has one row per env reset, of the observation space's shape and dtype;
        `info` is a dict of arrays with one row per env (`env_id`, `elapsed_step` 0, ...).

        `seed` (gymnasium's vector API): an int s re-seeds env i with s + i, a list
        gives one seed (or None) per env of the pool; each env reset then runs as
        env i of a new pool made with that seed. Without it, the envs' streams go on.
        `options={"reset_mask": mask}`: resets the envs where the bool array `mask`
        of shape (num_envs,) is True and returns every env's row, the others'
        last results unchanged (their `_key` info masks False).

        Raises:
          ValueError: a bad `seed`, an unknown option, both `env_id` and a mask, a
            mask of the wrong shape or with no True, a mask while envs sent without
            a recv() are running, or a mask in async mode or with several players
            per env.
          TypeError: a mask that is not a bool numpy array, a seed that is not an int.
        """
        mask = reset_mask_option(options, env_id)
        if mask is not None:
            return self._reset_masked(mask, seed)
        out = self._reset_raw(env_id, seed)
        return self._obs(out), self._info(out, finals=False, envpool_keys=env_id is not None)

    def _reset_masked(self, mask: Any, seed: Any) -> tuple[Any, dict[str, Any]]:
        self._check_open()
        check_reset_mask(mask, self.num_envs)
        what = "options['reset_mask']"
        if not self._keeps_last_rows:
            why = "async mode (batch_size < num_envs)" if self.is_async else "max_num_players > 1"
            raise ValueError(
                f"{what}: returns one row per env, which {why} has not; reset those envs with reset(env_id) instead"
            )
        running = self._pool._in_flight
        if running:
            # Their results would come back inside this reset's rows and be lost.
            raise ValueError(
                f"{what}: {running} env(s) sent without a recv() are still running; recv() their "
                "results first, since a masked reset returns every env's row"
            )
        never = self._never_run(mask)
        if never.size:
            raise ValueError(
                f"{what}: envs {never.tolist()} have never been reset, so they have no observation to return; "
                "reset() all envs first, or include them in the mask"
            )
        self._reset_raw(np.flatnonzero(mask).astype(np.int32), seed)
        self._base, self._base_missing = self._fold()
        self._partials.clear()
        # As SyncVectorEnv: the info of the envs reset, `_key` False for the others.
        return self._obs(self._base), self._info(self._base, has=mask, finals=False, envpool_keys=False)

    def step(self, action: Any, env_id: Any = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """As FiveTuplePool.step; stepping every env of a sync one-player pool, `info`
        holds the task's own keys only, as SyncVectorEnv's (no `env_id`, `players`,
        `elapsed_step`: recv() and calls given `env_id` keep them)."""
        return self._five_tuple(self._step_raw(action, env_id), envpool_keys=env_id is not None)

    # ------------------------------------------------------------ info layout

    def _info(
        self,
        out: tuple,
        has: np.ndarray | None = None,
        finals: bool = True,
        dense_finals: bool = False,
        envpool_keys: bool = True,
    ) -> dict[str, Any]:
        """gymnasium's vector info: every key has a `_key` bool mask (True where the env
        reported it: every row, or the envs a masked reset reset). Same-step autoreset,
        on a step where some env ended: `final_obs` (an object array, None for the envs that
        did not end) and `final_info` (the ended envs' info, zero elsewhere), with their masks.
        `dense_finals` (inside `jax.jit`, for env.xla()): on every step, the final fields as
        whole batches, valid where `_final_obs` is True, since a jitted function returns the
        same structure each step and holds no object arrays. `envpool_keys`: also
        EnvPool's env_id / players / elapsed_step (always, unless `_gymnasium_info`)."""
        envpool_keys = envpool_keys or not self._gymnasium_info
        env_ids = out[self._env_id_i]
        if has is None:
            has = self._true_masks.get(len(env_ids))
            if has is None:
                has = self._all_true(len(env_ids))
        common = self._common_items if envpool_keys else None
        info = self._masked_info(out, common, self._info_keys, has)
        if finals and self.same_step and dense_finals:
            self._add_dense_finals(info, out)
        elif finals and self.same_step:
            done = out[self._done_i]
            if done.any():
                self._add_finals(info, out, done, envpool_keys)
        return info

    def _masked_info(self, out: Any, common: tuple | None, keys: list, has: np.ndarray) -> dict[str, Any]:
        """The info of `out` (a batch, or a dict by field index) with the mask `has`, with
        EnvPool's keys at the field indices `common` (None: without them); on the step
        path, so with one player per env it only looks values up."""
        info: dict[str, Any] = {}
        if common is not None:
            env_id_i, players_i, elapsed_i = common
            info = {
                "env_id": out[env_id_i],
                "_env_id": has,
                "players": {"env_id": out[players_i], "_env_id": has},
                "_players": has,
                "elapsed_step": out[elapsed_i],
                "_elapsed_step": has,
            }
        if self._one_row_per_env:
            for name, mask_name, i in keys:
                info[name] = out[i]
                info[mask_name] = has
            return info
        # Several players per env: a per-player field has one row per player.
        info["players"]["_env_id"] = self._rows_mask(info["players"]["env_id"], has)
        for name, mask_name, i in keys:
            value = out[i]
            info[name] = value
            info[mask_name] = self._rows_mask(value, has)
        return info

    def _add_dense_finals(self, info: dict[str, Any], out: tuple) -> None:
        done = out[self._done_i]
        if self._single_obs_i is not None:
            info["final_obs"] = out[self._final_obs_items[0][1]]
        else:
            info["final_obs"] = self._obs_dict(self._final_obs_items, out)
        info["_final_obs"] = done
        info["final_info"] = self._masked_info(out, self._final_common, self._final_own_keys, done)
        info["_final_info"] = done

    def _traced_result(self, out: tuple) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """recv()'s five-tuple of traced arrays (env.xla()), its finals dense."""
        return self._five_tuple(out, dense_finals=True)

    def _add_finals(self, info: dict[str, Any], out: tuple, done: np.ndarray, envpool_keys: bool) -> None:
        n = len(done)
        final_players = out[self._final_common[1]]
        env_ids = out[self._final_common[0]]
        per_player = len(final_players) != n  # several players per env: their rows
        final_obs = np.full(n, None, dtype=object)
        for r in np.flatnonzero(done):
            picks = final_players == env_ids[r] if per_player else r
            if self._single_obs_i is not None:
                final_obs[r] = out[self._final_obs_items[0][1]][picks]
            else:
                final_obs[r] = self._obs_dict(self._final_obs_items, out, picks)
        # The final info: zero (and masked out) where the env did not end, as
        # SyncVectorEnv builds it from the ended envs' infos alone.
        ended_players = np.isin(final_players, env_ids[done]) if per_player else None
        final_out: dict[int, np.ndarray] = {}
        for i in (*self._final_common, *(i for _, _, i in self._final_own_keys)):
            value = out[i]
            keep = done if len(value) == n else ended_players
            final_out[i] = np.zeros_like(value)
            final_out[i][keep] = value[keep]
        common = self._final_common if envpool_keys else None
        final_info = self._masked_info(final_out, common, self._final_own_keys, done)
        info["final_obs"] = final_obs
        info["_final_obs"] = done
        info["final_info"] = final_info
        info["_final_info"] = done

    def _rows_mask(self, value: np.ndarray, has: np.ndarray) -> np.ndarray:
        # Per-player fields have one row per player, not per env.
        return has if len(value) == len(has) else self._all_true(len(value))

    def _all_true(self, n: int) -> np.ndarray:
        """A read-only all-True mask of n rows, made once per length (no allocation per step)."""
        mask = self._true_masks.get(n)
        if mask is None:
            mask = np.ones(n, dtype=np.bool_)
            mask.flags.writeable = False
            self._true_masks[n] = mask
        return mask

    def render(self, env_ids: Any = None, camera_id: int | None = None) -> Any:
        """gymnasium's VectorEnv.render: without `env_ids`, a tuple of `num_envs` frames,
        one (height, width, 3) uint8 array per env, as SyncVectorEnv returns (so the
        vector RecordVideo and HumanRendering wrappers work). With `env_ids`, EnvPool's
        batched array (n, height, width, 3) of those envs. `camera_id` overrides
        render_camera_id. docs/rendering.md; the frames are drawn as PoolBase.render's."""
        if env_ids is None:
            return tuple(PoolBase.render(self, self._all_ids, camera_id))
        return PoolBase.render(self, env_ids, camera_id)

    def close(self, **kwargs: Any) -> None:
        PoolBase.close(self)
        self.closed = True
