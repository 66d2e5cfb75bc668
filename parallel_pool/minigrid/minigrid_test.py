"""The minigrid family's ids, spaces, config, missions and the three APIs."""

from __future__ import annotations

import dm_env
import gymnasium
import minigrid  # noqa: F401  (registers minigrid's ids with gymnasium)
import numpy as np
import pytest

import parallel_pool
from parallel_pool.minigrid import decode_mission

IDS = sorted(t for t in parallel_pool.list_all_envs() if t.startswith(("MiniGrid-", "BabyAI-")))


def test_ids_are_minigrids_own() -> None:
    assert IDS, "no minigrid id registered"
    for task_id in IDS:
        assert task_id in gymnasium.registry, task_id
        assert parallel_pool.registration.registry.family(task_id) == "minigrid"


@pytest.mark.parametrize("task_id", IDS)
def test_spaces_and_max_steps_are_minigrids(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=2)
    ref = gymnasium.make(task_id).unwrapped
    space = env.single_observation_space
    assert space["image"] == ref.observation_space["image"]
    assert space["direction"] == ref.observation_space["direction"]
    # 96 bytes, or more for the level generator's longest sentences (321 bytes).
    mission_bytes = env.spec.config.mission_bytes
    assert mission_bytes >= 96
    assert space["mission"] == gymnasium.spaces.Box(0, 255, (mission_bytes,), np.uint8)
    assert env.single_action_space == ref.action_space  # Discrete(7), DynamicObstacles' Discrete(3)
    ref.reset(seed=0)  # BabyAI sets max_steps at reset, from its instruction
    if env.spec.config.mission_max_steps:
        # The level generator's: each mission's own limit (minigrid_lockstep_test checks it step
        # by step), capped by the longest a mission can get.
        assert ref.max_steps <= env.spec.config.max_episode_steps
    else:
        assert env.spec.config.max_episode_steps == ref.max_steps
    assert env.spec.config.see_through_walls == ref.see_through_walls


def test_decode_mission_gives_the_strings_back() -> None:
    env = parallel_pool.make_vec("MiniGrid-DoorKey-5x5-v0", num_envs=3, mission_bytes=60)
    obs, _ = env.reset()
    assert obs["mission"].shape == (3, 60)
    assert decode_mission(obs["mission"]) == ["use the key to open the door and then get to the goal"] * 3
    assert decode_mission(obs["mission"][0]) == "use the key to open the door and then get to the goal"
    with pytest.raises(ValueError, match="mission: expected shape"):
        decode_mission(np.zeros((2, 3, 4), dtype=np.uint8))


def test_agent_view_size_and_see_through_walls_are_minigrids_keywords() -> None:
    env = parallel_pool.make_vec("MiniGrid-DoorKey-8x8-v0", num_envs=2, seed=3, agent_view_size=5)
    ref = gymnasium.make("MiniGrid-DoorKey-8x8-v0", agent_view_size=5).unwrapped
    obs, _ = env.reset()
    assert obs["image"].shape == (2, 5, 5, 3)
    np.testing.assert_array_equal(obs["image"][1], ref.reset(seed=4)[0]["image"])
    env = parallel_pool.make_vec("MiniGrid-FourRooms-v0", num_envs=1, seed=2, see_through_walls=True)
    ref = gymnasium.make("MiniGrid-FourRooms-v0", see_through_walls=True).unwrapped
    np.testing.assert_array_equal(env.reset()[0]["image"][0], ref.reset(seed=2)[0]["image"])


@pytest.mark.parametrize(
    ("task_id", "kwargs", "error", "match"),
    [
        ("MiniGrid-Empty-8x8-v0", {"env_name": "maze"}, ValueError, r"^env_name: unknown minigrid level 'maze'"),
        ("MiniGrid-Empty-8x8-v0", {"agent_view_size": 4}, ValueError, r"^agent_view_size: must be an odd int >= 3"),
        ("MiniGrid-Empty-8x8-v0", {"agent_view_size": 1}, ValueError, r"^agent_view_size"),
        ("BabyAI-GoTo-v0", {"num_dists": 0}, ValueError, r"^num_dists: this level names one of its distractors"),
        ("BabyAI-PickupLoc-v0", {"num_dists": 0}, ValueError, r"^num_dists"),
        ("BabyAI-PutNextLocal-v0", {"num_objs": 1}, ValueError, r"^num_objs: PutNextLocal names two"),
        ("BabyAI-PutNextS4N1-v0", {"objs_per_room": 10}, ValueError, r"^objs_per_room: expected 1 to"),
        ("BabyAI-MoveTwoAcrossS5N2-v0", {"objs_per_room": 1}, ValueError, r"^objs_per_room: expected 2 to"),
        ("BabyAI-UnlockLocal-v0", {"room_size": 4}, ValueError, r"^room_size: this level needs rooms of at least 5"),
        ("MiniGrid-Empty-8x8-v0", {"mission_max_steps": True}, ValueError, r"^mission_max_steps: only BabyAI"),
        ("BabyAI-BossLevel-v0", {"mission_bytes": 96}, ValueError, r"^mission_bytes: babyai_boss_level's missions"),
        ("MiniGrid-Empty-8x8-v0", {"size": 2}, ValueError, r"^size: this level needs a grid of at least 3"),
        ("MiniGrid-Empty-8x8-v0", {"agent_start_pos": (0, 3)}, ValueError, r"^agent_start_pos: must be inside"),
        ("MiniGrid-Empty-8x8-v0", {"agent_start_pos": (1, 2, 3)}, ValueError, r"^agent_start_pos: expected \(x, y\)"),
        (
            "MiniGrid-DoorKey-5x5-v0",
            {"mission_bytes": 20},
            ValueError,
            r"^mission_bytes: doorkey's missions take up to 53",
        ),
        ("MiniGrid-LavaCrossingS9N1-v0", {"size": 10}, ValueError, r"^size: the crossing levels need an odd size"),
        ("MiniGrid-LavaCrossingS9N1-v0", {"obstacle_type": "water"}, ValueError, r"^obstacle_type: expected 'lava'"),
        ("MiniGrid-DistShift1-v0", {"strip2_row": 9}, ValueError, r"^strip2_row: must be a row inside"),
        ("MiniGrid-DoorKey-5x5-v0", {"size": "big"}, TypeError, r"size"),
    ],
)
def test_bad_config_is_a_clear_error(task_id: str, kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_vec(task_id, **kwargs)


def test_bad_actions_are_errors_not_garbage() -> None:
    env = parallel_pool.make_vec("MiniGrid-Empty-5x5-v0", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="action"):
        env.step(np.array([0, 7]))
    with pytest.raises(ValueError, match="action"):
        env.step(np.array([-1, 0]))


def test_three_apis_give_one_transition() -> None:
    task_id = "MiniGrid-DoorKey-6x6-v0"
    action = np.array([2, 1], dtype=np.int32)
    gymnasium_env = parallel_pool.make_vec(task_id, num_envs=2, seed=9)
    gym_env = parallel_pool.make_gym(task_id, num_envs=2, seed=9)
    dm = parallel_pool.make_dm(task_id, num_envs=2, seed=9)
    first = gymnasium_env.reset()[0]
    np.testing.assert_array_equal(gym_env.reset()[0]["image"], first["image"])
    ts = dm.reset()
    assert ts.step_type.tolist() == [dm_env.StepType.FIRST] * 2
    np.testing.assert_array_equal(ts.observation.image, first["image"])
    obs, rew, _, _, _ = gymnasium_env.step(action)
    np.testing.assert_array_equal(gym_env.step(action)[0]["image"], obs["image"])
    ts = dm.step(action)
    np.testing.assert_array_equal(ts.observation.image, obs["image"])
    np.testing.assert_array_equal(ts.observation.mission, obs["mission"])
