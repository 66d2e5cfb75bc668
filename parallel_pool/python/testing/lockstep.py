"""A pool stepped beside one reference env per pool env, with EnvPool's next-step autoreset."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import parallel_pool

Step = tuple[Any, Any, Any, Any]


def step_references(
    refs: Sequence[Any],
    actions: Sequence[Any],
    step: Step,
    done: np.ndarray,
    where: str,
    same_obs: Callable[[Any, Any, str], None],
    same_step: Callable[[Step, tuple, str], None],
) -> list[tuple[Any, tuple | None]]:
    """Takes each reference along one step of the pool, whose (obs, reward, terminated,
    truncated) are `step`. Env i that was `done` is the pool's next-step autoreset: its
    reference is reset (gymnasium's reset() without a seed) and the observations must
    agree, `same_obs(obs[i], ref_obs, ...)`; any other reference steps with
    `actions[i]`, `same_step((obs[i], reward[i], terminated[i], truncated[i]),
    ref.step(actions[i]), ...)`. Returns, env by env, the reference's observation and
    its step's 5-tuple (None where it was reset)."""
    obs, rew, term, trunc = step
    out: list[tuple[Any, tuple | None]] = []
    for i, ref in enumerate(refs):
        label = f"{where} env {i}"
        if done[i]:
            ref_obs = ref.reset()[0]
            same_obs(obs[i], ref_obs, label)
            out.append((ref_obs, None))
            continue
        ref_step = ref.step(actions[i])
        same_step((obs[i], rew[i], term[i], trunc[i]), ref_step, label)
        out.append((ref_step[0], ref_step))
    return out


def seeded_beside_references(
    task_id: str,
    seed: int,
    make_reference: Callable[[], Any],
    same_first_obs: Callable[[Any, Any, str], None],
    num_envs: int = 3,
) -> tuple[Any, list[Any], np.ndarray]:
    """A pool of `num_envs` envs made with seed=`seed` and one reference per env
    (`make_reference()`), nothing synced: env i's first observation is that of its
    reference after gymnasium's reset(seed=seed + i), `same_first_obs(ours, theirs,
    where)`. Returns the pool, the references and the pool's first observations."""
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed)
    refs = [make_reference() for _ in range(num_envs)]
    obs, _ = env.reset()
    for i, ref in enumerate(refs):
        same_first_obs(obs[i], ref.reset(seed=seed + i)[0], f"{task_id} seed {seed} env {i} reset")
    return env, refs, obs
