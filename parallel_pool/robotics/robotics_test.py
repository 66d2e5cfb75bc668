"""The robotics family's ids, spaces, config checks and flavours (the lockstep against
gymnasium-robotics is robotics_lockstep_test.py)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.python.testing import api
from parallel_pool.robotics.maze_maps import MAPS
from parallel_pool.robotics.testing import reference

reference.register()

KITCHEN_TASKS = {"bottom burner", "top burner", "light switch", "slide cabinet", "hinge cabinet", "microwave", "kettle"}
FETCH_IDS = [t for t in parallel_pool.list_all_envs() if t.startswith("Fetch")]
MAZE_IDS = [t for t in parallel_pool.list_all_envs() if t.startswith(("PointMaze_", "AntMaze_"))]


def test_kitchen_is_registered_with_the_references_spaces() -> None:
    ref = gymnasium.make("FrankaKitchen-v1")
    spec = parallel_pool.make_spec("FrankaKitchen-v1")
    assert spec.config.max_episode_steps == 280
    assert spec.observation_space == ref.observation_space
    assert spec.action_space == ref.action_space
    assert spec.render_fps == ref.metadata["render_fps"]
    two = parallel_pool.make_spec("FrankaKitchen-v1", tasks_to_complete=["kettle", "microwave"])
    assert (
        two.observation_space
        == gymnasium.make("FrankaKitchen-v1", tasks_to_complete=["kettle", "microwave"]).observation_space
    )


@pytest.mark.parametrize(
    ("config", "error", "message"),
    [
        ({"tasks_to_complete": ["kettle", "oven"]}, ValueError, "tasks_to_complete: unknown task 'oven'"),
        ({"tasks_to_complete": "kettle"}, TypeError, "tasks_to_complete: expected a list"),
        ({"robot_pos_bound": [0.0, 1.0]}, ValueError, "robot_pos_bound: expected at least 58 values"),
    ],
)
def test_bad_kitchen_config_names_the_key(config: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        parallel_pool.make_vec("FrankaKitchen-v1", num_envs=1, **config)


def test_every_maze_id_of_the_reference_is_registered() -> None:
    theirs = {t for t in gymnasium.registry if t.startswith(("PointMaze_", "AntMaze_"))}
    assert set(MAZE_IDS) == theirs
    assert len(theirs) == 80
    for task_id in MAZE_IDS:
        assert parallel_pool.make_spec(task_id).config.max_episode_steps == gymnasium.spec(task_id).max_episode_steps


def test_every_fetch_id_of_the_reference_is_registered() -> None:
    """The reference's -v4 ids, and its -v1 ids (mujoco_py's there), which EnvPool also
    registers: here the -v4 envs under the old names."""
    theirs = {t for t in gymnasium.registry if t.startswith("Fetch")}
    assert set(FETCH_IDS) == theirs
    assert len(FETCH_IDS) == 16
    for task_id in FETCH_IDS:
        assert parallel_pool.make_spec(task_id).config.max_episode_steps == gymnasium.spec(task_id).max_episode_steps
        v4 = task_id.replace("-v1", "-v4")
        assert parallel_pool.make_spec(task_id).config == parallel_pool.make_spec(v4).config


ANT_V4_INFO = {"x_position", "y_position", "distance_from_origin", "x_velocity", "y_velocity", "reward_forward"}
ANT_V4_INFO |= {"reward_ctrl", "reward_survive", "forward_reward"}


@pytest.mark.parametrize(
    ("task_id", "info"),
    [
        ("PointMaze_UMaze-v3", {"success"}),
        ("PointMaze_Large_Diverse_GRDense-v3", {"success"}),
        ("AntMaze_Medium-v3", ANT_V4_INFO),
        ("AntMaze_UMazeDense-v4", ANT_V4_INFO | {"success"}),
        ("AntMaze_Large_Diverse_G-v5", ANT_V4_INFO - {"forward_reward"} | {"reward_contact", "success"}),
        ("FetchReach-v4", {"is_success"}),
        ("FetchPushDense-v4", {"is_success"}),
        ("FetchPickAndPlace-v4", {"is_success"}),
        ("FetchSlideDense-v4", {"is_success"}),
    ],
)
def test_spaces_and_info_are_the_references(task_id: str, info: set[str]) -> None:
    ref = gymnasium.make(task_id)
    spec = parallel_pool.make_spec(task_id)
    assert spec.observation_space == ref.observation_space
    assert spec.action_space == ref.action_space
    assert api.assert_default_info_is_references(task_id, ref) == info


@pytest.mark.parametrize(
    ("config", "error", "message"),
    [
        ({"reward_type": "shaped"}, ValueError, "reward_type: expected 'sparse' or 'dense'"),
        ({"maze_map": "111/1x1/111"}, ValueError, "maze_map: unknown cell 'x'"),
        ({"maze_map": [[1, 1, 1], [1, 7, 1], [1, 1, 1]]}, ValueError, "maze_map: unknown cell 7"),
        ({"maze_map": 5}, TypeError, "maze_map: expected a list of rows"),
        ({"maze_map": "111/10/111"}, ValueError, "maze_map: every row must have as many cells"),
        ({"maze_map": "111/111/111"}, ValueError, "maze_map: no free cell"),
        ({"maze_map": "111/1c1/111"}, ValueError, "maze_map: a goal cell is the only start cell"),
        ({"maze_size_scaling": 0.0}, ValueError, "maze_size_scaling: must be > 0"),
        ({"maze_height": -1.0}, ValueError, "maze_height: must be > 0"),
        ({"position_noise_range": float("inf")}, ValueError, "position_noise_range: must be finite"),
        ({"frame_skip": 0}, ValueError, "frame_skip: must be >= 1"),
    ],
)
def test_bad_config_names_the_key(config: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        parallel_pool.make_vec("PointMaze_UMaze-v3", num_envs=1, **config)


@pytest.mark.parametrize(
    ("task_id", "config", "message"),
    [
        ("AntMaze_UMaze-v3", {"reset_target": True}, "reset_target: the first maze"),
        ("AntMaze_UMaze-v5", {"use_contact_forces": True}, "use_contact_forces: Ant-v5 has no such keyword"),
        ("AntMaze_UMaze-v4", {"healthy_z_range": [0.2]}, "healthy_z_range: expected (low, high)"),
        ("AntMaze_UMaze-v4", {"main_body": 99}, "main_body: no body with id 99"),
        ("AntMaze_UMaze-v5", {"version": 3}, "version: must be 4 or 5"),
    ],
)
def test_bad_ant_maze_config_names_the_key(task_id: str, config: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parallel_pool.make_vec(task_id, num_envs=1, **config)


@pytest.mark.parametrize(
    ("task_id", "config", "error", "message"),
    [
        ("FetchPush-v4", {"reward_type": "shaped"}, ValueError, "reward_type: expected 'sparse' or 'dense'"),
        ("FetchPush-v4", {"frame_skip": 0}, ValueError, "frame_skip: must be >= 1"),
        ("FetchPush-v4", {"obj_range": -0.1}, ValueError, "obj_range: must be >= 0 and finite"),
        ("FetchPush-v4", {"obj_range": 0.05}, ValueError, "obj_range: with an object, must exceed 0.1 / sqrt(2)"),
        ("FetchReach-v4", {"target_range": float("inf")}, ValueError, "target_range: must be >= 0 and finite"),
        ("FetchSlide-v4", {"target_offset_x": float("nan")}, ValueError, "target_offset_x: must be finite"),
        ("FetchReach-v4", {"has_object": True}, ValueError, "has_object: the model has no object"),
        ("FetchReach-v4", {"xml_file": "point/point.xml"}, ValueError, "xml_file: a Fetch model needs the site"),
        ("FetchSlide-v4", {"target_offset": [0.4, 0.0]}, TypeError, "target_offset: expected a number or three"),
        (
            "FetchSlide-v4",
            {"target_offset": 0.4, "target_offset_x": 0.4},
            ValueError,
            "target_offset: give it or target_offset_x/y/z, not both",
        ),
        ("FetchSlide-v4", {"n_substeps": 10, "frame_skip": 10}, ValueError, "n_substeps: give it or frame_skip"),
    ],
)
def test_bad_fetch_config_names_the_key(task_id: str, config: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        parallel_pool.make_vec(task_id, num_envs=1, **config)


def test_fetch_takes_the_references_keywords() -> None:
    """gymnasium-robotics' `target_offset` (a number or three) and `n_substeps` are
    EnvPool's target_offset_x/y/z and frame_skip."""

    def config(**kwargs: Any) -> Any:
        return parallel_pool.make_spec("FetchSlide-v4", **kwargs).config

    assert config(target_offset=0.2) == config(target_offset_x=0.2, target_offset_y=0.2, target_offset_z=0.2)
    assert config(target_offset=(0.1, 0.2, 0.3)) == config(
        target_offset_x=0.1, target_offset_y=0.2, target_offset_z=0.3
    )
    assert config(n_substeps=10) == config(frame_skip=10)


def test_fetch_info_and_reward_dtypes() -> None:
    """is_success is float32, the reference's dtype; the sparse reward is 0 or -1 (float64
    behind make_vec, EnvPool's float32 in the gym flavours)."""
    env = parallel_pool.make_vec("FetchReach-v4", num_envs=2, seed=0)
    _, info = env.reset()
    assert info["is_success"].dtype == np.float32
    _, reward, _, _, info = env.step(np.zeros((2, 4), np.float32))
    assert reward.dtype == np.float64 and set(reward.tolist()) <= {0.0, -1.0}
    assert info["is_success"].dtype == np.float32
    env.close()
    gym_env = parallel_pool.make("FetchPush-v4", env_type="gymnasium", num_envs=2)
    obs, _ = gym_env.reset()
    assert obs["observation"].shape == (2, 25) and obs["desired_goal"].shape == (2, 3)
    gym_env.close()


def test_a_map_by_name_or_text_is_the_same_maze() -> None:
    def first_obs(maze_map: Any) -> Any:
        env = parallel_pool.make_vec("PointMaze_UMaze-v3", num_envs=2, seed=3, maze_map=maze_map)
        obs = env.reset()[0]
        env.close()
        return obs

    rows = [[int(c) if c in "01" else c for c in row] for row in MAPS["Medium"]]
    by_name = first_obs("Medium")
    for other in ("/".join(MAPS["Medium"]), rows):
        np.testing.assert_array_equal(by_name["desired_goal"], first_obs(other)["desired_goal"])
    assert not np.array_equal(by_name["desired_goal"], first_obs("UMaze")["desired_goal"])


def test_mazes_per_env() -> None:
    """Each env may run its own maze (the maps' text, one per env)."""
    mazes = ["/".join(MAPS["UMaze"]), "/".join(MAPS["Large"])]
    env = parallel_pool.make_vec("PointMaze_UMaze-v3", num_envs=2, seed=4, maze_map=mazes)
    obs = env.reset()[0]
    for i, maze in enumerate(mazes):
        alone = parallel_pool.make_vec("PointMaze_UMaze-v3", num_envs=1, seed=4 + i, maze_map=maze)
        np.testing.assert_array_equal(obs["desired_goal"][i], alone.reset()[0]["desired_goal"][0])
        alone.close()
    env.close()


@pytest.mark.parametrize("env_type", ["gym", "gymnasium"])
def test_gym_flavours(env_type: str) -> None:
    env = parallel_pool.make("PointMaze_Open-v3", env_type=env_type, num_envs=3)
    ids = env.all_env_ids
    obs, info = env.reset(ids)
    assert set(obs) == {"observation", "achieved_goal", "desired_goal"}
    assert obs["observation"].shape == (3, 4) and obs["observation"].dtype == np.float64
    assert info["success"].dtype == np.bool_
    for t in range(1, 4):
        obs, reward, terminated, truncated, info = env.step(np.zeros((3, 2), np.float32), ids)
        assert reward.dtype == np.float32  # EnvPool's reward dtype
        np.testing.assert_array_equal(info["elapsed_step"], [t] * 3)
    env.close()


def test_dm_flavour() -> None:
    env = parallel_pool.make_dm("PointMaze_Open-v3", num_envs=2)
    ts = env.reset()
    np.testing.assert_array_equal(ts.step_type, [0, 0])
    assert ts.observation.desired_goal.shape == (2, 2)
    ts = env.step(np.zeros((2, 2), np.float32))
    np.testing.assert_array_equal(ts.step_type, [1, 1])
    assert ts.observation.observation.shape == (2, 4)
    env.close()


@pytest.mark.parametrize(
    "task_id",
    ["PointMaze_Medium-v3", "PointMaze_MediumDense-v3", "AntMaze_UMazeDense-v5", "FetchPush-v4", "FetchReachDense-v4"],
)
def test_compute_reward_is_the_references(task_id: str) -> None:
    """For HER relabelling: one goal pair and batches, in every flavour, as the reference's."""
    ref = gymnasium.make(task_id).unwrapped
    rng = np.random.default_rng(0)
    size, scale = (3, 0.04) if task_id.startswith("Fetch") else (2, 0.4)
    achieved = rng.normal(0.0, 1.0, (64, size))
    desired = achieved + rng.normal(0.0, scale, (64, size))
    expected = ref.compute_reward(achieved, desired, {})
    for make in (parallel_pool.make_gymnasium, parallel_pool.make_gym, parallel_pool.make_dm, parallel_pool.make_vec):
        env = make(task_id, num_envs=2)
        ours = env.compute_reward(achieved, desired, {})
        assert ours.dtype == expected.dtype and ours.tobytes() == expected.tobytes()
        one = env.compute_reward(achieved[0], desired[0], {})
        assert np.float64(one).tobytes() == np.float64(ref.compute_reward(achieved[0], desired[0], {})).tobytes()
        env.close()
    assert 0 < (expected == expected.max()).sum() < 64 or "Dense" in task_id


def test_compute_reward_refuses_mixed_reward_types() -> None:
    env = parallel_pool.make_vec("PointMaze_UMaze-v3", num_envs=2, reward_type=["sparse", "dense"])
    with pytest.raises(ValueError, match="compute_reward: the pool's envs have different values of reward_type"):
        env.compute_reward(np.zeros(2), np.ones(2), {})
    env.close()


@pytest.mark.parametrize("make", [parallel_pool.make_vec, parallel_pool.make_gymnasium])
def test_kitchen_final_obs_is_a_dict_of_dicts(make: Any) -> None:
    """Same-step autoreset: the ended episodes' last observations nest as the observation does."""
    env = make("FrankaKitchen-v1", num_envs=2, max_episode_steps=2, autoreset_mode="same_step")
    env.reset()
    env.step(np.zeros((2, 9)))
    obs, _, _, truncated, info = env.step(np.zeros((2, 9)))
    assert truncated.all()
    final = info["final_obs"]
    rows = (
        list(final) if make is parallel_pool.make_vec else [{k: _row(v, i) for k, v in final.items()} for i in range(2)]
    )
    for row in rows:
        assert set(row) == {"observation", "achieved_goal", "desired_goal"}
        assert row["achieved_goal"]["kettle"].shape[-1] == 7
    assert set(obs["desired_goal"]) == set(KITCHEN_TASKS)
    env.close()


def _row(value: Any, i: int) -> Any:
    return {k: v[i] for k, v in value.items()} if isinstance(value, dict) else value[i]


# ---- the Shadow Hand

HAND_IDS = [t for t in parallel_pool.list_all_envs() if t.startswith("Hand")]


def native_hand_id(task_id: str) -> str:
    """The reference's runnable id of a hand id (EnvPool's -v0 names are the native envs)."""
    if not task_id.endswith("-v0"):
        return task_id
    return task_id.removesuffix("-v0") + ("-v3" if task_id.startswith("HandReach") else "-v1")


def test_every_hand_id_of_the_reference_is_registered() -> None:
    """The 56 native ids, and EnvPool's -v0 names (the reference's mujoco_py envs) of the same envs."""
    assert set(HAND_IDS) == {t for t in gymnasium.registry if t.startswith("Hand")}
    assert len(HAND_IDS) == 112
    for task_id in HAND_IDS:
        assert (
            parallel_pool.make_spec(task_id).config.max_episode_steps
            == gymnasium.spec(native_hand_id(task_id)).max_episode_steps
        )


@pytest.mark.parametrize(
    "task_id",
    [
        "HandReach-v3",
        "HandReachDense-v0",
        "HandManipulateBlockFull-v1",
        "HandManipulateEggRotateDense-v1",
        "HandManipulatePen_BooleanTouchSensors-v1",
        "HandManipulateBlockRotateParallel_ContinuousTouchSensorsDense-v0",
    ],
)
def test_hand_spaces_and_info_are_the_references(task_id: str) -> None:
    ref = gymnasium.make(native_hand_id(task_id))
    spec = parallel_pool.make_spec(task_id)
    assert spec.observation_space == ref.observation_space
    assert spec.action_space == ref.action_space
    assert spec.render_fps == ref.metadata["render_fps"]
    assert api.assert_default_info_is_references(task_id, ref) == {"is_success"}


@pytest.mark.parametrize(
    ("task_id", "config", "error", "message"),
    [
        ("HandReach-v3", {"reward_type": "shaped"}, ValueError, "reward_type: expected 'sparse' or 'dense'"),
        ("HandReach-v3", {"relative_control": True}, ValueError, "relative_control: True is not supported"),
        ("HandReach-v3", {"frame_skip": 0}, ValueError, "frame_skip: must be >= 1"),
        ("HandReach-v3", {"xml_file": "hand/manipulate_egg.xml"}, ValueError, "xml_file: the hand's model has no site"),
        ("HandManipulateBlock-v1", {"target_rotation": "fixed"}, ValueError, "target_rotation: 'fixed' is not"),
        ("HandManipulateBlock-v1", {"target_rotation": "yz"}, ValueError, "target_rotation: expected 'xyz', 'z'"),
        ("HandManipulateBlock-v1", {"target_position": "near"}, ValueError, "target_position: expected 'ignore'"),
        ("HandManipulateBlock-v1", {"touch_get_obs": "on"}, ValueError, "touch_get_obs: expected 'off'"),
        ("HandManipulateBlock-v1", {"touch_visualisation": "x"}, ValueError, "touch_visualisation: expected"),
        ("HandManipulateBlock-v1", {"target_position_range": [(0, 1)]}, ValueError, "target_position_range: expected"),
        ("HandManipulateBlock-v1", {"target_position_range": "wide"}, TypeError, "target_position_range: expected 3"),
        (
            "HandManipulateBlock-v1",
            {"target_position_range": [(0.1, 0.0), (0, 0), (0, 0)]},
            ValueError,
            "target_position_range: each (low, high) must have low <= high",
        ),
        ("HandManipulateBlock-v1", {"xml_file": "hand/reach.xml"}, ValueError, "xml_file: the hand's model has no"),
        ("HandManipulateBlock-v1", {"n_substeps": 5, "frame_skip": 5}, ValueError, "n_substeps: give it or frame_skip"),
    ],
)
def test_bad_hand_config_names_the_key(task_id: str, config: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        parallel_pool.make_vec(task_id, num_envs=1, **config)


def hand_goal_batches(task_id: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Random achieved and desired goals, each pair a random distance apart (some within
    the thresholds, some not)."""
    rng = np.random.default_rng(1)
    near = rng.uniform(0.0, 1.0, (n, 1)) ** 3
    if task_id.startswith("HandReach"):
        achieved = rng.normal(0.0, 0.05, (n, 15))
        return achieved, achieved + near * rng.normal(0.0, 0.02, (n, 15))
    quat = rng.normal(0.0, 1.0, (n, 4))
    quat /= np.linalg.norm(quat, axis=1, keepdims=True)
    turned = quat + near * rng.normal(0.0, 0.2, (n, 4))
    turned /= np.linalg.norm(turned, axis=1, keepdims=True)
    pos = rng.normal(0.0, 0.05, (n, 3))
    moved = pos + near * rng.normal(0.0, 0.03, (n, 3))
    return np.concatenate([pos, quat], axis=1), np.concatenate([moved, turned], axis=1)


@pytest.mark.parametrize(
    "task_id",
    [
        "HandReach-v3",
        "HandReachDense-v3",
        "HandManipulateBlock-v1",
        "HandManipulateBlockRotateZDense-v1",
        "HandManipulateEggRotate_BooleanTouchSensors-v1",
        "HandManipulatePen-v1",
        "HandManipulatePenRotateDense-v1",
    ],
)
def test_hand_compute_reward_is_the_references(task_id: str) -> None:
    """For HER relabelling: batches and one goal pair, in every flavour, as the reference's.
    The pen's reference batch is wrong (hand_rewards.py): there each row must be the
    reference's reward of that sample alone."""

    ref = gymnasium.make(task_id).unwrapped
    achieved, desired = hand_goal_batches(task_id, 64)
    if "Pen" in task_id:
        expected = np.stack([ref.compute_reward(a, d, {}) for a, d in zip(achieved, desired, strict=True)])
        assert expected.tobytes() != ref.compute_reward(achieved, desired, {}).tobytes()
    else:
        expected = ref.compute_reward(achieved, desired, {})
    for make in (parallel_pool.make_gymnasium, parallel_pool.make_gym, parallel_pool.make_dm, parallel_pool.make_vec):
        env = make(task_id, num_envs=2)
        ours = env.compute_reward(achieved, desired, {})
        assert ours.dtype == expected.dtype and ours.tobytes() == expected.tobytes(), task_id
        one = env.compute_reward(achieved[5], desired[5], {})
        theirs = ref.compute_reward(achieved[5], desired[5], {})
        assert one.dtype == theirs.dtype and one.tobytes() == theirs.tobytes()
        env.close()
    if "Dense" not in task_id:
        assert 0 < (expected == expected.max()).sum() < 64, expected


def test_hand_compute_reward_refuses_mixed_thresholds() -> None:
    env = parallel_pool.make_vec("HandReach-v3", num_envs=2, distance_threshold=[0.01, 0.02])
    with pytest.raises(ValueError, match="compute_reward: the pool's envs have different values of distance_threshold"):
        env.compute_reward(np.zeros(15), np.ones(15), {})
    env.close()


ADROIT_IDS = [t for t in parallel_pool.list_all_envs() if t.startswith("AdroitHand")]


def test_every_adroit_id_of_the_reference_is_registered() -> None:
    theirs = {t for t in gymnasium.registry if t.startswith("AdroitHand")}
    assert set(ADROIT_IDS) == theirs
    assert len(theirs) == 8
    for task_id in ADROIT_IDS:
        assert parallel_pool.make_spec(task_id).config.max_episode_steps == gymnasium.spec(task_id).max_episode_steps


@pytest.mark.parametrize("task_id", sorted(ADROIT_IDS))
def test_adroit_spaces_and_info_are_the_references(task_id: str) -> None:
    ref = gymnasium.make(task_id)
    spec = parallel_pool.make_spec(task_id)
    assert spec.observation_space == ref.observation_space
    assert spec.action_space == ref.action_space
    assert spec.action_space.dtype == np.float32
    assert api.assert_default_info_is_references(task_id, ref) == {"success"}


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"reward_type": "shaped"}, "reward_type: expected 'dense' or 'sparse', got 'shaped'"),
        ({"frame_skip": 0}, "frame_skip: must be >= 1"),
        ({"xml_file": "adroit_hand/adroit_hammer.xml"}, "xml_file: the model has no site 'S_handle'"),
        ({"xml_file": "adroit_hand/none.xml"}, "xml_file: .*adroit_hand/none.xml does not exist"),
    ],
)
def test_bad_adroit_config_names_the_key(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parallel_pool.make_vec("AdroitHandDoor-v1", num_envs=1, **config)


def test_adroit_reward_type_is_case_blind_as_the_references() -> None:
    """The reference lower-cases reward_type: "Sparse" is the sparse reward."""
    rewards = []
    for reward_type in ("sparse", "Sparse"):
        env = parallel_pool.make_vec("AdroitHandRelocate-v1", num_envs=1, seed=0, reward_type=reward_type)
        env.reset()
        rewards.append(env.step(np.zeros((1, 30), np.float32))[1][0])
        env.close()
    assert rewards == [-0.1, -0.1]


@pytest.mark.parametrize(
    "task_id",
    [
        "PointMaze_UMaze-v3",
        "AntMaze_UMaze-v5",
        "FetchPickAndPlace-v1",
        "HandManipulateEgg_BooleanTouchSensors-v0",
        "HandReach-v3",
        "AdroitHandHammer-v1",
        "FrankaKitchen-v1",
    ],
)
@pytest.mark.parametrize("env_type", ["gym", "gymnasium", "dm"])
def test_every_group_steps_in_every_flavour(task_id: str, env_type: str) -> None:
    """One id of each group (EnvPool's old names among them), in each of EnvPool's flavours:
    the observation's fields as the spec declares them, a reward per env."""
    env = parallel_pool.make(task_id, env_type=env_type, num_envs=2, seed=1)
    space = env.action_space if env_type != "dm" else parallel_pool.make_spec(task_id).action_space
    space.seed(0)
    first = env.reset()
    for _ in range(2):
        result = env.step(np.stack([space.sample() for _ in range(2)]))
    reward = result.reward if env_type == "dm" else result[1]
    assert reward.shape == (2,)
    obs = result.observation if env_type == "dm" else result[0]
    if env_type == "dm":
        fields = set(obs._fields)
    elif isinstance(obs, dict):
        fields = set(obs)
    else:  # Adroit's Box observation
        assert obs.shape == (2, *parallel_pool.make_spec(task_id).observation_space.shape)
        fields = {"obs"}
    assert {"observation", "achieved_goal", "desired_goal"} <= fields or "obs" in fields, fields
    assert first is not None
    env.close()
