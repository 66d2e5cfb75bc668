"""Registers the toy_text task ids, with EnvPool's ids and defaults.

Seeds: env i of a pool made with seed=s runs exactly the episodes of
gymnasium's env after reset(seed=s + i) (starts, slips, cards), then those of
its reset() without a seed: the envs draw from a replica of gymnasium's
np_random. EnvPool's do not. Catch-v0 (bsuite's) and NChain-v0 (old gym's),
which gymnasium lacks, draw as a gymnasium env would: the ball's column by
np_random.integers(width), a slip by np_random.random() < slip.

Notes on versions:
  - Taxi-v3: gymnasium 1.4 ships only Taxi-v4, whose v3 -> v4 change fixed
    the optional is_rainy / fickle_passenger variants; with the default
    (deterministic) config the two are the same env.
  - CliffWalking-v0 (old gym) is CliffWalking-v1 without slipping.
  - Blackjack-v1 follows gymnasium's and EnvPool's registration: sab=True.
  - As in EnvPool, gymnasium's functional tabular/CliffWalking-v0 and
    tabular/Blackjack-v0 are aliases of CliffWalking-v1 and Blackjack-v1
    (same rules).
"""

from typing import Any

from parallel_pool.registration import register


def _register(task_id: str, env: str, **kwargs: Any) -> None:
    register(
        task_id=task_id,
        import_path="parallel_pool.toy_text",
        env=env,
        **kwargs,
    )


# render_fps: gymnasium's metadata (Catch and NChain have no gymnasium env, so none).
_register("Catch-v0", "Catch", height=10, width=5)
_register("FrozenLake-v1", "FrozenLake", render_fps=4, max_episode_steps=100, reward_threshold=0.7, size=4)
_register("FrozenLake8x8-v1", "FrozenLake", render_fps=4, max_episode_steps=200, reward_threshold=0.85, size=8)
_register("Taxi-v3", "Taxi", render_fps=4, max_episode_steps=200, reward_threshold=8.0)
_register("NChain-v0", "NChain", max_episode_steps=1000)
_register("CliffWalking-v0", "CliffWalking", render_fps=4, is_slippery=False)
_register("CliffWalking-v1", "CliffWalking", render_fps=4, aliases=["tabular/CliffWalking-v0"], is_slippery=False)
_register("CliffWalkingSlippery-v1", "CliffWalking", render_fps=4, is_slippery=True)
_register("Blackjack-v1", "Blackjack", render_fps=4, aliases=["tabular/Blackjack-v0"], natural=False, sab=True)
