"""A pool stepped beside one reference env per pool env, with EnvPool's next-step autoreset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import parallel_pool


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
