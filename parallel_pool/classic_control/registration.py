"""Registers the classic_control task ids (limits and thresholds as gymnasium's).

Seeds: env i of a pool made with seed=s runs exactly the episodes of
gymnasium's env after reset(seed=s + i), then those of its reset() without a
seed: the envs draw from a replica of gymnasium's np_random. EnvPool's do not.

Pendulum-v0 is the old gym id: the same env with version=0, the old gym v0
step (see pendulum.h). EnvPool 1.2.5 runs that old step for both ids. Its
starts are drawn as gymnasium's Pendulum-v1 draws them.
"""

from typing import Any

from parallel_pool.registration import register

_PATH = "parallel_pool.classic_control"


def _register(task_id: str, env: str, **kwargs: Any) -> None:
    register(
        task_id=task_id,
        import_path=_PATH,
        env=env,
        **kwargs,
    )


# render_fps: each env class's metadata in gymnasium. As in EnvPool, gymnasium's functional
# phys2d/CartPole-v0, -v1 and phys2d/Pendulum-v0 are aliases (the same dynamics).
_register(
    "CartPole-v0",
    "CartPole",
    aliases=["phys2d/CartPole-v0"],
    render_fps=50,
    max_episode_steps=200,
    reward_threshold=195.0,
)
_register(
    "CartPole-v1",
    "CartPole",
    aliases=["phys2d/CartPole-v1"],
    render_fps=50,
    max_episode_steps=500,
    reward_threshold=475.0,
)
_register("Pendulum-v0", "Pendulum", aliases=["phys2d/Pendulum-v0"], render_fps=30, max_episode_steps=200, version=0)
_register("Pendulum-v1", "Pendulum", render_fps=30, max_episode_steps=200, version=1)
_register("MountainCar-v0", "MountainCar", render_fps=30, max_episode_steps=200, reward_threshold=-110.0)
_register(
    "MountainCarContinuous-v0", "MountainCarContinuous", render_fps=30, max_episode_steps=999, reward_threshold=90.0
)
_register("Acrobot-v1", "Acrobot", render_fps=15, max_episode_steps=500, reward_threshold=-100.0)
