"""Registers the box2d task ids (limits and thresholds as gymnasium's).

Seeds: env i of a pool made with seed=s runs exactly the episodes of
gymnasium's env after reset(seed=s + i), then those of its reset() without a
seed (docs/box2d.md).

The -v2 ids are EnvPool's: the same env as -v3 (EnvPool runs one env for both),
with gymnasium 0.29's LunarLander-v2 observation bounds (docs/box2d.md).
"""

from parallel_pool.registration import register

_PATH = "parallel_pool.box2d"
# gymnasium's `continuous` key picks the action's type, so the env class.
_LANDER_CLASSES = ("continuous", {False: "LunarLanderDiscrete", True: "LunarLanderContinuous"})


def _lander(task_id: str, continuous: bool, version: int) -> None:
    register(
        task_id=task_id,
        import_path=_PATH,
        env=_LANDER_CLASSES[1][continuous],
        class_by=_LANDER_CLASSES,
        render_fps=50,
        max_episode_steps=1000,
        reward_threshold=200.0,
        continuous=continuous,
        version=version,
    )


for _version in (3, 2):
    _lander(f"LunarLander-v{_version}", continuous=False, version=_version)
    _lander(f"LunarLanderContinuous-v{_version}", continuous=True, version=_version)


def _walker(task_id: str, hardcore: bool, max_episode_steps: int) -> None:
    register(
        task_id=task_id,
        import_path=_PATH,
        env="BipedalWalker",
        render_fps=50,
        max_episode_steps=max_episode_steps,
        reward_threshold=300.0,
        hardcore=hardcore,
    )


_walker("BipedalWalker-v3", hardcore=False, max_episode_steps=1600)
_walker("BipedalWalkerHardcore-v3", hardcore=True, max_episode_steps=2000)


# gymnasium's `continuous` key picks the action's type, so the class.
_CAR_CLASSES = ("continuous", {True: "CarRacingContinuous", False: "CarRacingDiscrete"})

# -v2 is EnvPool's id: the same env as -v3 (EnvPool runs one env for both), a
# finished lap being a termination in both (docs/box2d.md).
for _version in (3, 2):
    register(
        task_id=f"CarRacing-v{_version}",
        import_path=_PATH,
        env="CarRacingContinuous",
        class_by=_CAR_CLASSES,
        render_fps=50,
        max_episode_steps=1000,
        reward_threshold=900.0,
        continuous=True,
    )
