"""The robotics family against gymnasium-robotics 1.4.2, seed for seed.

Nothing is synced: env i of a pool made with seed=s must run exactly the episodes of
gymnasium-robotics' env after reset(seed=s + i): the same goals and starts, then, on
the same float32 actions (the action space's dtype), the same observations,
achieved and desired goals, rewards (float64, byte for byte), terminated, truncated
and info["success"] at every step, and across episode ends (the pool's next-step
autoreset gives the reference's reset() without a seed), for every registered id.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any
from unittest import mock

import gymnasium
import numpy as np
import pytest
from gymnasium_robotics.envs.maze import maze, maze_v4

import parallel_pool
from parallel_pool.robotics import maze_maps
from parallel_pool.robotics.testing import reference

reference.register()

POINT_MAZE_IDS = sorted(t for t in parallel_pool.list_all_envs() if t.startswith("PointMaze_"))
ANT_MAZE_IDS = sorted(t for t in parallel_pool.list_all_envs() if t.startswith("AntMaze_"))
NUM_ENVS = 3
# Short episodes, so that every env crosses several episode ends.
MAX_STEPS = 60
STEPS = 200
ANT_STEPS = 120
GOAL_KEYS = ("observation", "achieved_goal", "desired_goal")


def assert_same_obs(obs: dict, i: int, ref_obs: dict, where: str) -> None:
    for key in GOAL_KEYS:
        np.testing.assert_array_equal(obs[key][i], ref_obs[key], f"{where}: {key}")


def toward_goal(obs: dict, rng: np.random.Generator) -> np.ndarray:
    """Float32 actions that push each ball toward its goal, noisy and sometimes past the
    action bounds (the env clips them), so that goals are reached and velocities clipped;
    for an ant (8 motors), random torques, some past the bounds (MuJoCo clamps them, the
    control cost sees them as given)."""
    if obs["observation"].shape[1] != 4:
        return rng.uniform(-1.2, 1.2, (len(obs["observation"]), 8)).astype(np.float32)
    pos, vel = obs["observation"][:, :2], obs["observation"][:, 2:]
    push = 2.0 * (obs["desired_goal"] - pos) - 0.3 * vel + rng.normal(0.0, 0.6, pos.shape)
    return np.clip(push, -1.5, 1.5).astype(np.float32)


def same_info(info: dict, i: int, ref_info: dict, where: str) -> None:
    """The reference's step info, key by key and bit for bit (AntMaze's: the ant's too)."""
    for key, value in ref_info.items():
        assert np.float64(info[key][i]).tobytes() == np.float64(value).tobytes(), (where, key, info[key][i], value)


@contextlib.contextmanager
def reference_maze(**fixed: Any) -> Iterator[None]:
    """The reference's maze with the keys its AntMaze fixes (maze_size_scaling 4, position
    noise 0.25) set to `fixed`, as our config sets them: a test-time change of the
    reference's constants, through its MazeEnv's keyword arguments."""
    patches = []
    for module in (maze, maze_v4):
        original = module.MazeEnv.__init__

        def init(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            _original(self, *args, **{**kwargs, **fixed})

        patches.append(mock.patch.object(module.MazeEnv, "__init__", init))
    with contextlib.ExitStack() as stack:
        for patch in patches:
            stack.enter_context(patch)
        yield


def run_lockstep(
    task_id: str, seed: int, steps: int, fixed: dict[str, Any] | None = None, **config: Any
) -> dict[str, int]:
    """Steps a pool and the reference's envs on the same actions; returns how episodes ended.
    `fixed`: maze keys the reference's env fixes, set on both (reference_maze)."""
    fixed = fixed or {}
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, max_episode_steps=MAX_STEPS, **config, **fixed)
    with reference_maze(**fixed):
        refs = [gymnasium.make(task_id, max_episode_steps=MAX_STEPS, **config) for _ in range(NUM_ENVS)]
    assert env.single_action_space == refs[0].action_space
    obs, info = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, ref_info = ref.reset(seed=seed + i)
        assert_same_obs(obs, i, ref_obs, f"{task_id} env {i} reset")
        same_info(info, i, ref_info, f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)
    done = np.zeros(NUM_ENVS, dtype=bool)
    endings = {"success": 0, "terminated": 0, "truncated": 0, "new_goals": 0}
    for t in range(steps):
        actions = toward_goal(obs, rng)
        goals = obs["desired_goal"].copy()
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"{task_id} env {i} step {t}"
            if done[i]:
                ref_obs, ref_info = ref.reset()
                assert_same_obs(obs, i, ref_obs, where + " (autoreset)")
                continue
            ref_obs, ref_reward, ref_term, ref_trunc, ref_info = ref.step(actions[i])
            assert_same_obs(obs, i, ref_obs, where)
            assert np.float64(ref_reward).tobytes() == reward[i].tobytes(), (where, reward[i], ref_reward)
            assert (bool(terminated[i]), bool(truncated[i])) == (ref_term, ref_trunc), where
            same_info(info, i, ref_info, where)
            # A goal drawn during an episode (the first maze draws it before the reward,
            # so the reward may already be the new goal's: success counts the rewards).
            endings["new_goals"] += not np.array_equal(goals[i], obs["desired_goal"][i])
            endings["success"] += reward[i] == 1.0 if "success" not in ref_info else ref_info["success"]
            endings["terminated"] += ref_term
            endings["truncated"] += ref_trunc
        done = terminated | truncated
    env.close()
    return endings


def test_maps_are_the_references() -> None:
    from gymnasium_robotics.envs.maze import maps

    names = {
        "UMaze": "U_MAZE",
        "Open": "OPEN",
        "Medium": "MEDIUM_MAZE",
        "Large": "LARGE_MAZE",
    }
    for name in maze_maps.MAPS:
        base, _, variant = name.partition("_")
        reference = names[base] + ("_" + variant.upper() if variant else "")
        assert maze_maps.map_rows(maze_maps.map_text(name)) == getattr(maps, reference), name


@pytest.mark.parametrize("task_id", POINT_MAZE_IDS)
def test_lockstep_with_gymnasium_robotics(task_id: str) -> None:
    endings = run_lockstep(task_id, seed=7, steps=STEPS)
    assert endings["truncated"] >= NUM_ENVS, endings


def test_point_maze_terminates_when_not_continuing() -> None:
    endings = run_lockstep("PointMaze_Open_Diverse_GR-v3", seed=3, steps=STEPS, continuing_task=False)
    assert endings["terminated"] > 0, endings


def test_point_maze_moves_the_goal_with_reset_target() -> None:
    """reset_target=True: a reached goal is redrawn (update_goal's loop) on the same stream."""
    endings = run_lockstep("PointMaze_Open_Diverse_GDense-v3", seed=5, steps=STEPS, reset_target=True)
    assert endings["new_goals"] > 0, endings


def test_a_maze_map_of_the_users_own() -> None:
    rows = [[1, 1, 1, 1], [1, "r", 0, 1], [1, 0, "g", 1], [1, 1, 1, 1]]
    endings = run_lockstep("PointMaze_UMaze-v3", seed=11, steps=80, maze_map=rows)
    assert endings["truncated"] >= NUM_ENVS, endings


# An ant walks too little in a test's steps to reach a goal in the reference's 4 m cells: in
# cells a little wider than the start's minimum distance from the goal (and no noise), the
# start is the goal's neighbour, 0.52 away, and the ant's jitter reaches it.
NEAR_GOALS = {"maze_size_scaling": 0.52, "position_noise_range": 0.0}


@pytest.mark.parametrize("task_id", ANT_MAZE_IDS)
def test_ant_maze_seed_for_seed_with_gymnasium_robotics(task_id: str) -> None:
    endings = run_lockstep(task_id, seed=2, steps=ANT_STEPS)
    assert endings["truncated"] >= NUM_ENVS, endings


@pytest.mark.parametrize(
    ("task_id", "config"),
    [
        ("AntMaze_Open_Diverse_GR-v3", {}),  # the first maze: a reached goal is redrawn in terminated
        ("AntMaze_Open_Diverse_GR-v5", {"reset_target": True}),
        ("AntMaze_Open_Diverse_GRDense-v4", {"continuing_task": False}),
    ],
)
def test_ant_maze_goals_reached(task_id: str, config: dict[str, Any]) -> None:
    endings = run_lockstep(task_id, seed=1, steps=ANT_STEPS, fixed=NEAR_GOALS, **config)
    assert endings["success"] > 0, endings
    if "continuing_task" in config:
        assert endings["terminated"] > 0, endings
    else:
        assert endings["new_goals"] > 0, endings


def assert_same_kitchen_obs(obs: dict, i: int, ref_obs: dict, where: str) -> None:
    np.testing.assert_array_equal(obs["observation"][i], ref_obs["observation"], where)
    for goals in ("achieved_goal", "desired_goal"):
        assert set(obs[goals]) == set(ref_obs[goals]), where
        for task, value in ref_obs[goals].items():
            np.testing.assert_array_equal(obs[goals][task][i], value, f"{where}: {goals} {task}")


KITCHEN_TASKS = ("bottom burner", "top burner", "light switch", "slide cabinet", "hinge cabinet", "microwave")
KITCHEN_TASKS += ("kettle",)


def assert_same_kitchen_info(info: dict, i: int, ref_info: dict, where: str) -> None:
    """The reference's lists of task names (their order is the process's set order) as our
    masks over the tasks in their fixed order."""
    for key, names in ref_info.items():
        expected = [task in names for task in KITCHEN_TASKS]
        np.testing.assert_array_equal(info[key][i], expected, f"{where}: {key}")


@pytest.mark.parametrize(
    "config",
    [{}, {"tasks_to_complete": ["kettle", "microwave"], "remove_task_when_completed": False}],
    ids=["default", "two_tasks"],
)
def test_kitchen_lockstep_with_gymnasium_robotics(config: dict[str, Any]) -> None:
    task_id, seed = "FrankaKitchen-v1", 4
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=seed, max_episode_steps=MAX_STEPS, **config)
    refs = [gymnasium.make(task_id, max_episode_steps=MAX_STEPS, **config) for _ in range(2)]
    obs, info = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, ref_info = ref.reset(seed=seed + i)
        assert_same_kitchen_obs(obs, i, ref_obs, f"env {i} reset")
        assert_same_kitchen_info(info, i, ref_info, f"env {i} reset")
    rng = np.random.default_rng(seed)
    done = np.zeros(2, dtype=bool)
    truncations = 0
    for t in range(150):
        actions = rng.uniform(-1.2, 1.2, (2, 9))  # the reference's space is float64
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"env {i} step {t}"
            if done[i]:
                ref_obs, ref_info = ref.reset()
                assert_same_kitchen_obs(obs, i, ref_obs, where + " (autoreset)")
                continue
            ref_obs, ref_reward, ref_term, ref_trunc, ref_info = ref.step(actions[i])
            assert_same_kitchen_obs(obs, i, ref_obs, where)
            assert np.float64(ref_reward).tobytes() == reward[i].tobytes(), where
            assert (bool(terminated[i]), bool(truncated[i])) == (ref_term, ref_trunc), where
            assert_same_kitchen_info(info, i, ref_info, where)
            truncations += ref_trunc
        done = terminated | truncated
    assert truncations >= 2
    env.close()
