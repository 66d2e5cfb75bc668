"""The dm_control family: registration, specs against dm_control's, determinism, the three APIs, bad config.

The lockstep comparison with dm_control is in dm_control_lockstep_test.py.
"""

from __future__ import annotations

import os
from typing import Any

import gymnasium
import numpy as np
import pytest

os.environ.setdefault("MUJOCO_GL", "egl")

from dm_control import suite

import parallel_pool
from parallel_pool.dm_control.registration import DOMAINS, camel, task_id

IDS = [(domain, task) for domain, info in DOMAINS.items() for task in info.tasks]
NAMES = [task_id(d, t) for d, t in IDS]


def test_names_follow_envpool() -> None:
    assert task_id("cheetah", "run") == "CheetahRun-v1"
    assert task_id("lqr", "lqr_2_1") == "LqrLqr21-v1"
    assert task_id("humanoid_CMU", "run") == "HumanoidCMURun-v1"
    assert task_id("ball_in_cup", "catch") == "BallInCupCatch-v1"
    assert camel("point_mass") == "PointMass"


def test_every_id_is_registered() -> None:
    assert set(NAMES) <= set(parallel_pool.list_all_envs())


def test_every_domain_of_the_module_is_registered() -> None:
    """The module's domains (BUILD's DOMAINS) and registration.py's are the same."""
    from parallel_pool.dm_control import DOMAIN_CLASSES

    assert set(DOMAIN_CLASSES) == {info.cls for info in DOMAINS.values()}


@pytest.mark.parametrize(("domain", "task"), IDS, ids=NAMES)
def test_specs_match_dm_control(domain: str, task: str) -> None:
    ref = suite.load(domain, task, task_kwargs={"random": 0})
    env = parallel_pool.make_dm(task_id(domain, task), num_envs=2)
    limit = 1000 if domain == "lqr" else ref._step_limit  # dm_control's lqr has none; EnvPool's 1000
    ours = env.observation_spec()
    for key, spec in ref.observation_spec().items():
        assert getattr(ours, key).shape == spec.shape, key
        assert getattr(ours, key).dtype == np.float64, key
    ref_action = ref.action_spec()
    action = env.action_spec()
    np.testing.assert_array_equal(action.minimum, ref_action.minimum)
    np.testing.assert_array_equal(action.maximum, ref_action.maximum)
    assert parallel_pool.make_spec(task_id(domain, task)).config.frame_skip == ref._n_sub_steps
    assert parallel_pool.make_spec(task_id(domain, task)).config.max_episode_steps == limit


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_spaces_are_dicts_of_dm_controls_keys(name: str) -> None:
    env = parallel_pool.make_vec(name, num_envs=2)
    domain, task = IDS[NAMES.index(name)]
    keys = list(suite.load(domain, task, task_kwargs={"random": 0}).observation_spec())
    assert isinstance(env.single_observation_space, gymnasium.spaces.Dict)
    assert list(env.single_observation_space.spaces) == keys
    assert isinstance(env.single_action_space, gymnasium.spaces.Box)
    obs, info = env.reset()
    assert set(obs) == set(keys)
    obs, reward, terminated, truncated, info = env.step(np.zeros((2, *env.single_action_space.shape)))
    assert reward.dtype == np.float64 and reward.shape == (2,)
    assert info == {}  # as SyncVectorEnv's of a gymnasium env with no info keys


def rollout(name: str, seed: int, steps: int = 30) -> list[np.ndarray]:
    env = parallel_pool.make_gym(name, num_envs=2, seed=seed)
    obs, _ = env.reset()
    out = [np.concatenate([v.ravel() for v in obs.values()])]
    rng = np.random.default_rng(0)
    for _ in range(steps):
        a = rng.uniform(-1, 1, (2, *env.spec.action_space.shape))
        obs, reward, *_ = env.step(a)
        out += [np.concatenate([v.ravel() for v in obs.values()]), reward.copy()]
    return out


@pytest.mark.parametrize("name", NAMES)
def test_seeding_is_deterministic(name: str) -> None:
    a, b, c = rollout(name, 0), rollout(name, 0), rollout(name, 1)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)
    assert any(not np.array_equal(x, z) for x, z in zip(a, c))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"task_name": "fly"}, "task_name"),
        ({"frame_skip": 0}, "frame_skip"),
    ],
)
def test_bad_config_is_a_value_error(name: str, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parallel_pool.make_dm(name, **kwargs)


def test_a_bad_lqr_model_file_names_xml_file(tmp_path: Any) -> None:
    # Found by the fuzzer: these named base_path, or no key at all.
    with pytest.raises(ValueError, match=r"^xml_file: cannot read /nonexistent"):
        parallel_pool.make_dm("LqrLqr21-v1", xml_file="/nonexistent")
    with pytest.raises(ValueError, match=r"^xml_file: cannot read "):
        parallel_pool.make_dm("LqrLqr21-v1", xml_file="")  # the base_path folder itself
    not_lqr = tmp_path / "not_lqr.xml"
    not_lqr.write_text("<mujoco/>")
    with pytest.raises(ValueError, match=r"^xml_file: not dm_control's lqr.xml"):
        parallel_pool.make_dm("LqrLqr21-v1", xml_file=str(not_lqr))


def test_async_pool_runs_every_env() -> None:
    env = parallel_pool.make_dm("CheetahRun-v1", num_envs=6, batch_size=3, num_threads=2, seed=0)
    env.async_reset()
    seen: set[int] = set()
    # A reset settles the cheetah for 200 physics steps, so an env still
    # resetting may miss many rounds of the others' cheap steps.
    for _ in range(5000):
        if seen == set(range(6)):
            break
        ts = env.recv()
        ids = ts.observation.env_id
        seen |= set(ids.tolist())
        env.send(np.zeros((3, 6)), ids)
    assert seen == set(range(6))


def test_pixel_pools_give_every_core_a_worker() -> None:
    # Pixel observations render on worker threads only, so the caller steps no env and
    # each core gets a worker; state pools count the caller as one thread of work.
    threads = min(8, os.cpu_count() or 1)
    pixels = parallel_pool.make_spec("CheetahRun-v1", num_envs=8, from_pixels=True)
    assert pixels.config.num_threads == threads
    assert parallel_pool.make_spec("CheetahRun-v1", num_envs=8).config.num_threads == max(1, threads - 1)
