"""The MuJoCo family: registration, spaces, seeding, actions, keywords, the three APIs.

The lockstep comparison with gymnasium is in mujoco_lockstep_test.py.
"""

from __future__ import annotations

import os
from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.mujoco.registration import gymnasium_assets
from parallel_pool.mujoco.testing.gymnasium_ids import ALL_IDS, TASKS
from parallel_pool.python.testing.api import assert_dm_api, assert_gym_api

# gymnasium 1.4 refuses to build Pusher-v4 under MuJoCo >= 3 (see pusher.h).
GYMNASIUM_BUILDS = [t for t in ALL_IDS if t != "Pusher-v4"]


def reference_spec(task_id: str) -> Any:
    return gymnasium.spec(task_id)


def random_actions(env: Any, n: int, rng: np.random.Generator) -> np.ndarray:
    space = env.spec.action_space
    return rng.uniform(space.low, space.high, (n, *space.shape)).astype(space.dtype)


# ------------------------------------------------------------ registration


def test_all_ids_registered() -> None:
    assert set(ALL_IDS) <= set(parallel_pool.list_all_envs())


# EnvPool 1.2.5's -v2 / -v3 ids, written out (not read from our registry): gymnasium's
# v4 env under the old name, Ant-v3 with gymnasium's Ant-v3 default use_contact_forces.
ENVPOOL_LEGACY_IDS = {
    **{f"{t}-v3": {} for t in ("HalfCheetah", "Hopper", "Humanoid", "Swimmer", "Walker2d")},
    "Ant-v3": {"use_contact_forces": True},
    **{f"{t}-v2": {} for t in ("HumanoidStandup", "InvertedDoublePendulum", "InvertedPendulum", "Pusher", "Reacher")},
}


def test_envpools_legacy_ids_are_registered_as_envpool_registers_them() -> None:
    import envpool

    legacy = {i for i in envpool.list_all_envs() if i.rsplit("-", 1)[-1] in ("v2", "v3")}
    legacy &= {f"{t}-v{v}" for t in TASKS for v in (2, 3)}
    assert legacy == set(ENVPOOL_LEGACY_IDS)
    assert legacy <= set(parallel_pool.list_all_envs())


@pytest.mark.parametrize("task_id", sorted(ENVPOOL_LEGACY_IDS))
def test_envpools_legacy_id_runs_gymnasiums_v4_env(task_id: str) -> None:
    task = task_id.rsplit("-", 1)[0]
    legacy = parallel_pool.make_vec(task_id, num_envs=2, seed=3)
    v4 = parallel_pool.make_vec(f"{task}-v4", num_envs=2, seed=3, **ENVPOOL_LEGACY_IDS[task_id])
    assert legacy.env_spec.config == v4.env_spec.config
    np.testing.assert_array_equal(legacy.reset()[0], v4.reset()[0])
    space = legacy.single_action_space
    actions = np.random.default_rng(0).uniform(space.low, space.high, (5, 2, *space.shape)).astype(space.dtype)
    for action in actions:
        for a, b in zip(legacy.step(action)[:4], v4.step(action)[:4], strict=True):
            np.testing.assert_array_equal(a, b)
    legacy.close()
    v4.close()


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_registration_matches_gymnasium(task_id: str) -> None:
    ref = reference_spec(task_id)
    spec = parallel_pool.make_spec(task_id)
    assert spec.config.max_episode_steps == ref.max_episode_steps
    assert spec.reward_threshold == ref.reward_threshold
    assert spec.config.version == int(task_id[-1])
    assert os.path.isfile(os.path.join(spec.config.base_path, spec.config.xml_file))
    assert spec.config.base_path == gymnasium_assets()


@pytest.mark.parametrize("task_id", GYMNASIUM_BUILDS)
def test_spaces_match_gymnasium(task_id: str) -> None:
    """Same observation space, same action space: float32, the ctrlrange rounded to float32.

    float32 as gymnasium's (not float64 as EnvPool's), so that the pool gets the
    float32 action gymnasium's control cost is computed from (docs/mujoco.md#actions).
    """
    ref = gymnasium.make(task_id)
    spec = parallel_pool.make_spec(task_id)
    obs, act = spec.observation_space, spec.action_space
    assert obs.shape == ref.observation_space.shape
    assert obs.dtype == np.float64 and ref.observation_space.dtype == np.float64
    np.testing.assert_array_equal(obs.low, ref.observation_space.low)
    np.testing.assert_array_equal(obs.high, ref.observation_space.high)
    assert act.dtype == np.float32 == ref.action_space.dtype and act.shape == ref.action_space.shape
    np.testing.assert_array_equal(act.low, ref.action_space.low)
    np.testing.assert_array_equal(act.high, ref.action_space.high)
    ctrlrange = ref.unwrapped.model.actuator_ctrlrange
    np.testing.assert_array_equal(act.low, ctrlrange[:, 0].astype(np.float32))
    np.testing.assert_array_equal(act.high, ctrlrange[:, 1].astype(np.float32))


def test_envpool_declares_float64_actions_where_ours_are_float32() -> None:
    """The one deliberate difference from EnvPool's spec (docs/migrating.md): EnvPool's MuJoCo
    actions are float64, ours gymnasium's float32; a float64 array is still accepted (cast)."""
    import envpool

    for task_id in ("Ant-v5", "Humanoid-v4", "Pusher-v4"):
        assert envpool.make_spec(task_id).action_array_spec["action"].dtype == np.float64
        assert parallel_pool.make_spec(task_id).action_array_spec["action"].dtype == np.float32


# -------------------------------------------------------------- determinism


def rollout(task_id: str, seed: int, steps: int = 120, **kwargs: Any) -> list[np.ndarray]:
    env = parallel_pool.make_vec(task_id, num_envs=3, seed=seed, lockstep_info=True, **kwargs)
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    out = [obs.copy(), info["qpos0"].copy()]
    for _ in range(steps):
        obs, rew, term, trunc, _ = env.step(random_actions(env, 3, rng))
        out += [obs.copy(), rew.copy(), term.copy(), trunc.copy()]
    return out


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_seeding_is_deterministic(task_id: str) -> None:
    a, b, c = rollout(task_id, 0), rollout(task_id, 0, num_threads=3), rollout(task_id, 1)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)
    assert not np.array_equal(a[0], c[0])
    assert len({row.tobytes() for row in a[0]}) == 3  # each env has its own seed


def test_per_env_seeds_match_single_envs() -> None:
    """Env i of a pool seeded [s0, s1, ...] runs exactly like a lone env seeded s_i."""
    seeds = [5, 17, 99]
    pool = parallel_pool.make_vec("Hopper-v5", num_envs=3, seed=seeds)
    lone = [parallel_pool.make_vec("Hopper-v5", num_envs=1, seed=s) for s in seeds]
    obs, _ = pool.reset()
    for i, env in enumerate(lone):
        np.testing.assert_array_equal(env.reset()[0][0], obs[i])
    rng = np.random.default_rng(1)
    for _ in range(60):
        a = random_actions(pool, 3, rng)
        obs, rew, *_ = pool.step(a)
        for i, env in enumerate(lone):
            o, r, *_ = env.step(a[i : i + 1])
            np.testing.assert_array_equal(o[0], obs[i])
            assert r[0] == rew[i]


@pytest.mark.parametrize("task_id", GYMNASIUM_BUILDS)
def test_metadata_has_gymnasiums_render_fps(task_id: str) -> None:
    """round(1 / dt), dt = the model's timestep * frame_skip, as gymnasium's MujocoEnv; video
    recorders and HumanRendering read it."""
    reference = gymnasium.make(task_id).metadata["render_fps"]
    assert parallel_pool.make_vec(task_id).metadata["render_fps"] == reference
    assert parallel_pool.make_spec(task_id).render_fps == reference
    if task_id.endswith("-v5"):  # v5 derives it from frame_skip
        skipped = gymnasium.make(task_id, frame_skip=3).metadata["render_fps"]
        assert parallel_pool.make_vec(task_id, frame_skip=3).metadata["render_fps"] == skipped


# ------------------------------------------------------------------- resets

# The noise itself is compared draw for draw with gymnasium in
# mujoco_lockstep_test.py (default and non-default reset_noise_scale).


@pytest.mark.parametrize("scale", [float("nan"), float("inf"), -0.1, 1e308])
def test_reset_noise_scale_gymnasium_cannot_draw_from_is_refused(scale: float) -> None:
    """gymnasium's np_random.uniform(-s, s) raises at every reset when 2*s is negative
    (ValueError) or not finite (OverflowError); we refuse such a scale when the pool is made."""
    with pytest.raises(ValueError, match=r"reset_noise_scale: expected a number >= 0 whose noise range 2\*s is finite"):
        parallel_pool.make_vec("Hopper-v5", num_envs=1, reset_noise_scale=scale)
    parallel_pool.make_vec("Hopper-v5", num_envs=1, reset_noise_scale=8e307).reset()


def test_pusher_and_reacher_goals() -> None:
    _, info = parallel_pool.make_vec("Pusher-v5", num_envs=300, seed=1, lockstep_info=True).reset()
    cylinder, goal = info["qpos0"][:, -4:-2], info["qpos0"][:, -2:]
    np.testing.assert_array_equal(goal, 0.0)
    assert (np.linalg.norm(cylinder, axis=1) > 0.17).all()
    assert (cylinder[:, 0] >= -0.3).all() and (cylinder[:, 0] <= 0).all() and (np.abs(cylinder[:, 1]) <= 0.2).all()
    np.testing.assert_array_equal(info["qvel0"][:, -4:], 0.0)
    _, info = parallel_pool.make_vec("Reacher-v5", num_envs=300, seed=1, lockstep_info=True).reset()
    target = info["qpos0"][:, -2:]
    assert (np.linalg.norm(target, axis=1) < 0.2).all()
    np.testing.assert_array_equal(info["qvel0"][:, -2:], 0.0)


# ------------------------------------------------------------------ actions


@pytest.mark.parametrize("task_id", ["Ant-v5", "Humanoid-v5", "Reacher-v4"])
def test_nan_action_is_rejected_and_the_env_goes_on(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=0)
    env.reset()
    a = np.zeros((2, *env.single_action_space.shape))
    a[1, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        env.step(a)
    obs, rew, *_ = env.step(np.zeros_like(a))  # nothing was stepped by the rejected call
    assert np.isfinite(obs).all() and np.isfinite(rew).all()
    np.testing.assert_array_equal(env.step(np.zeros_like(a), env.all_env_ids)[4]["elapsed_step"], [2, 2])


def test_out_of_range_actions_are_clamped_by_mujoco_and_cost_in_full() -> None:
    """As gymnasium: MuJoCo clamps ctrl to ctrlrange; the control cost uses the raw action."""
    envs = [parallel_pool.make_vec("HalfCheetah-v5", num_envs=1, seed=4) for _ in range(2)]
    for env in envs:
        env.reset()
    rng = np.random.default_rng(0)
    for _ in range(20):
        raw = rng.uniform(-3.0, 3.0, (1, 6)).astype(np.float32)
        o0, r0, _, _, i0 = envs[0].step(raw)
        o1, r1, _, _, i1 = envs[1].step(np.clip(raw, -1.0, 1.0))
        np.testing.assert_array_equal(o0, o1)
        np.testing.assert_array_equal(i0["reward_forward"], i1["reward_forward"])
        assert i0["reward_ctrl"][0] == -0.1 * np.sum(np.square(raw))  # float32 arithmetic, as gymnasium's
        assert r0[0] <= r1[0]


def test_infinite_action_is_clamped_with_an_infinite_cost() -> None:
    """MuJoCo 4 clamps an infinite ctrl to its bound; the control cost (raw action) is inf."""
    envs = [parallel_pool.make_vec("Hopper-v5", num_envs=1, seed=4) for _ in range(2)]
    for env in envs:
        env.reset()
    o0, r0, _, _, i0 = envs[0].step(np.array([[np.inf, 0.5, -np.inf]]))
    o1, r1, *_ = envs[1].step(np.array([[1.0, 0.5, -1.0]]))
    np.testing.assert_array_equal(o0, o1)
    assert r0[0] == -np.inf and i0["reward_ctrl"][0] == -np.inf
    o0, r0, *_ = envs[0].step(np.full((1, 3), 0.3))
    o1, r1, *_ = envs[1].step(np.full((1, 3), 0.3))
    np.testing.assert_array_equal(o0, o1)
    assert r0[0] == r1[0]


@pytest.mark.parametrize("task_id", ["Ant-v5", "HalfCheetah-v5", "Swimmer-v5"])
def test_float64_action_is_gymnasiums_float32_action(task_id: str) -> None:
    """A float64 action is cast to the space's float32: the step is gymnasium's fed
    a.astype(np.float32), and differs from gymnasium fed the float64 action only in the
    control cost's rounding (the simulation too, where the cast rounds the action)."""
    env = parallel_pool.make_vec(task_id, num_envs=1, seed=5)
    ref = gymnasium.make(task_id)
    env.reset()
    ref.reset(seed=5)
    rng = np.random.default_rng(1)
    space = env.single_action_space
    for _ in range(10):
        a = rng.uniform(space.low, space.high)
        obs, rew, _, _, info = env.step(a[None])
        ref_obs, ref_rew, _, _, ref_info = ref.step(a.astype(np.float32))
        np.testing.assert_array_equal(obs[0], ref_obs)
        assert rew[0] == ref_rew and info["reward_ctrl"][0] == ref_info["reward_ctrl"]


# ---------------------------------------------------------------- keywords


def test_version_specific_keywords_are_checked() -> None:
    with pytest.raises(ValueError, match="use_contact_forces"):
        parallel_pool.make_vec("Ant-v5", use_contact_forces=True)
    with pytest.raises(ValueError, match="include_cfrc_ext_in_observation"):
        parallel_pool.make_vec("Ant-v4", include_cfrc_ext_in_observation=False)
    with pytest.raises(ValueError, match="include_cvel_in_observation"):
        parallel_pool.make_spec("Humanoid-v4", include_cvel_in_observation=False)
    with pytest.raises(ValueError, match="contact_cost_weight"):
        parallel_pool.make_vec("Humanoid-v4", contact_cost_weight=1e-6)
    with pytest.raises(ValueError, match="healthy_z_range"):
        parallel_pool.make_vec("Hopper-v5", healthy_z_range=(0.7,))
    # Found by the fuzzer: values pybind11 could not convert gave its own TypeError,
    # naming no key.
    with pytest.raises(TypeError, match=r"^healthy_z_range: expected a list, got dict"):
        parallel_pool.make_vec("Hopper-v5", healthy_z_range={"low": 0.7})
    with pytest.raises(TypeError, match=r"^healthy_z_range: expected a list of numbers"):
        parallel_pool.make_vec("Hopper-v5", healthy_z_range=("low", 1.0))


def test_observation_size_follows_keywords() -> None:
    assert parallel_pool.make_spec("Ant-v4", use_contact_forces=True).observation_space.shape == (111,)
    assert parallel_pool.make_spec("Ant-v5", include_cfrc_ext_in_observation=False).observation_space.shape == (27,)
    sizes = {"exclude_current_positions_from_observation": False, "include_cinert_in_observation": False}
    assert parallel_pool.make_spec("Humanoid-v5", **sizes).observation_space.shape == (350 - 130,)


# ------------------------------------------------------ EnvPool's key names

_INF = float("inf")


@pytest.mark.parametrize(
    ("task_id", "envpool_kwargs", "our_kwargs"),
    [
        ("Ant-v5", {"healthy_z_min": 0.3, "healthy_z_max": 0.9}, {"healthy_z_range": [0.3, 0.9]}),
        ("Walker2d-v5", {"healthy_z_max": 3.0}, {"healthy_z_range": [0.8, 3.0]}),
        (
            "Hopper-v4",
            {"healthy_z_min": 0.5, "healthy_angle_min": -0.3, "healthy_angle_max": 0.3, "healthy_state_max": 50.0},
            {"healthy_z_range": [0.5, _INF], "healthy_angle_range": [-0.3, 0.3], "healthy_state_range": [-100.0, 50.0]},
        ),
        ("Ant-v4", {"contact_force_min": -2.0, "contact_force_max": 2.0}, {"contact_force_range": [-2.0, 2.0]}),
        ("Humanoid-v5", {"contact_cost_max": 5.0}, {"contact_cost_range": [-_INF, 5.0]}),
        (
            "HumanoidStandup-v5",
            {"contact_cost_max": 5.0, "contact_cost_weight": 1e-6, "forward_reward_weight": 2.0},
            {"impact_cost_range": [-_INF, 5.0], "impact_cost_weight": 1e-6, "uph_cost_weight": 2.0},
        ),
        (
            "Pusher-v5",
            {"ctrl_cost_weight": 0.2, "dist_cost_weight": 2.0, "near_cost_weight": 0.7},
            {"reward_control_weight": 0.2, "reward_dist_weight": 2.0, "reward_near_weight": 0.7},
        ),
        (
            "Reacher-v4",
            {"ctrl_cost_weight": 0.5, "dist_cost_weight": 3.0},
            {"reward_control_weight": 0.5, "reward_dist_weight": 3.0},
        ),
        ("Ant-v4", {"use_contact_force": True}, {"use_contact_forces": True}),
        ("Ant-v5", {"use_contact_force": False}, {"include_cfrc_ext_in_observation": False}),
        # Values that are already what the task does: accepted, nothing changes.
        ("Hopper-v5", {"frame_stack": 1, "post_constraint": True, "legacy_healthy_reward": False}, {}),
        ("Hopper-v4", {"legacy_healthy_reward": True, "velocity_min": -10, "velocity_max": 10.0}, {}),
        ("InvertedDoublePendulum-v4", {"constraint_obs_dim": 3, "healthy_z_max": 1.0, "observation_max": 10}, {}),
        ("Reacher-v5", {"obs_include_z_distance": False, "reward_after_step": True, "reset_goal_scale": 0.2}, {}),
        ("Swimmer-v5", {"gymnasium_v5_render_camera": True}, {}),
    ],
)
def test_envpool_key_names_map_to_ours(task_id: str, envpool_kwargs: dict, our_kwargs: dict) -> None:
    got = parallel_pool.make_spec(task_id, **envpool_kwargs)
    want = parallel_pool.make_spec(task_id, **our_kwargs)
    assert got.config == want.config
    assert got.observation_space == want.observation_space
    for key, value in our_kwargs.items():
        assert getattr(got.config, key) == value


def test_envpool_contact_force_switch_sizes_the_observation_as_envpool_does() -> None:
    # EnvPool: Ant-v4 with use_contact_force is 111 wide, Ant-v5 without it 27.
    assert parallel_pool.make_spec("Ant-v4", use_contact_force=True).observation_space.shape == (111,)
    assert parallel_pool.make_spec("Ant-v5", use_contact_force=False).observation_space.shape == (27,)
    assert parallel_pool.make_spec("Ant-v4", use_contact_force=True).observation_space == (
        gymnasium.make("Ant-v4", use_contact_forces=True).observation_space
    )


@pytest.mark.parametrize(
    ("task_id", "kwargs", "match"),
    [
        ("Hopper-v5", {"frame_stack": 4}, "frame_stack: .*one frame"),
        ("Hopper-v4", {"post_constraint": False}, "post_constraint: .*mj_rnePostConstraint"),
        ("Hopper-v5", {"legacy_healthy_reward": True}, "make Hopper-v4"),
        ("Walker2d-v4", {"legacy_healthy_reward": False}, "make Walker2d-v5"),
        ("Humanoid-v4", {"use_contact_force": True}, "make Humanoid-v5"),
        ("Humanoid-v5", {"exclude_root_actuator_forces": False}, "exclude_root_actuator_forces"),
        ("InvertedDoublePendulum-v5", {"constraint_obs_dim": 3}, "constraint_obs_dim"),
        ("Reacher-v5", {"obs_include_z_distance": True}, "make Reacher-v4"),
        ("Hopper-v5", {"velocity_max": 5.0}, "velocity_max: .*fixes it at 10"),
        ("InvertedPendulum-v5", {"healthy_z_max": 0.5}, "healthy_z_max"),
        ("Pusher-v5", {"cylinder_dist_min": 0.3}, "cylinder_dist_min"),
        ("Ant-v5", {"healthy_z_min": 0.3, "healthy_z_range": [0.2, 1.0]}, "pass one"),
        ("Pusher-v5", {"ctrl_cost_weight": 0.2, "reward_control_weight": 0.1}, "pass one"),
    ],
)
def test_envpool_keys_that_cannot_apply_say_why(task_id: str, kwargs: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parallel_pool.make_spec(task_id, **kwargs)


def test_envpool_key_of_another_task_is_unknown() -> None:
    with pytest.raises(TypeError, match="healthy_z_min"):
        parallel_pool.make_spec("HalfCheetah-v5", healthy_z_min=0.1)


_ENVPOOL_CONFIGS = """
import json, envpool
out = {}
for task_id in json.loads(input()):
    out[task_id] = envpool.make_spec(task_id).config._asdict()
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def envpool_configs() -> dict[str, dict[str, Any]]:
    """EnvPool's default config of each id, read in a child process (its own MuJoCo library
    must not meet ours in one process)."""
    import json
    import subprocess
    import sys

    pytest.importorskip("envpool")
    done = subprocess.run(
        [sys.executable, "-c", _ENVPOOL_CONFIGS],
        input=json.dumps(ALL_IDS),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_envpool_default_config_is_accepted_and_means_ours(task_id: str, envpool_configs: dict) -> None:
    common = {"num_envs", "batch_size", "num_threads", "max_num_players", "thread_affinity_offset", "base_path"}
    common |= {"seed", "max_episode_steps", "reward_threshold"}  # EnvPool's thresholds predate gymnasium 1.x's
    kwargs = {k: v for k, v in envpool_configs[task_id].items() if k not in common}
    if task_id.endswith("-v4"):
        # EnvPool's v4 skips mj_rnePostConstraint; gymnasium's v4, which these envs reproduce, runs it.
        assert kwargs.pop("post_constraint") is False
    assert parallel_pool.make_spec(task_id, **kwargs).config == parallel_pool.make_spec(task_id).config


def test_bad_model_file_is_a_clear_error(tmp_path: Any) -> None:
    with pytest.raises(ValueError, match="does not exist"):
        parallel_pool.make_spec("Hopper-v5", xml_file="no_such_model.xml")
    bad = tmp_path / "bad.xml"
    bad.write_text("<mujoco><worldbody><body></mujoco>")
    with pytest.raises(ValueError, match="MuJoCo cannot load"):
        parallel_pool.make_spec("Hopper-v5", xml_file=str(bad))


def test_custom_model_from_an_absolute_path() -> None:
    path = os.path.join(gymnasium_assets(), "hopper.xml")
    a, b = rollout("Hopper-v5", 2, steps=30), rollout("Hopper-v5", 2, steps=30, xml_file=path)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


# -------------------------------------------------------------------- APIs


@pytest.mark.parametrize("env_type", ["gym", "gymnasium"])
@pytest.mark.parametrize("task_id", ALL_IDS)
def test_gym_and_gymnasium_api(task_id: str, env_type: str) -> None:
    env = parallel_pool.make(task_id, env_type=env_type, num_envs=3, seed=1, lockstep_info=True)
    rng = np.random.default_rng(0)
    obs_shape = parallel_pool.make_spec(task_id).observation_space.shape
    assert_gym_api(env, obs_shape, np.float64, lambda: random_actions(env, 3, rng), {"qpos0": np.float64})


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_dm_api(task_id: str) -> None:
    env = parallel_pool.make_dm(task_id, num_envs=2, seed=1)
    low, high = env.action_spec().minimum, env.action_spec().maximum
    actions = np.random.default_rng(0).uniform(low, high, (2, *low.shape))
    assert_dm_api(env, env.observation_spec().obs.shape, np.float64, actions)


def test_same_step_autoreset() -> None:
    """gymnasium's SAME_STEP mode: the done step returns the next episode's first obs."""
    env = parallel_pool.make_vec("Hopper-v5", num_envs=2, seed=0, autoreset_mode="same_step", lockstep_info=True)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(300):
        obs, _, term, trunc, info = env.step(random_actions(env, 2, rng))
        done = term | trunc
        if done.any():
            i = int(np.flatnonzero(done)[0])
            final = info["final_obs"][i]
            assert not np.array_equal(final, obs[i])
            np.testing.assert_array_equal(obs[i][:5], info["qpos0"][i][1:])  # the new episode's start
            return
    pytest.fail("no episode ended")


def test_async_pool_runs_every_env() -> None:
    env = parallel_pool.make_vec("Ant-v5", num_envs=8, batch_size=3, num_threads=2, seed=0)
    env.async_reset()
    seen: set[int] = set()
    rng = np.random.default_rng(0)
    for _ in range(60):
        obs, rew, term, trunc, info = env.recv()
        assert obs.shape == (3, 105)
        seen.update(info["env_id"].tolist())
        env.send(random_actions(env, 3, rng), info["env_id"])
    assert seen == set(range(8))


# ------------------------------------------------------------- info keys


@pytest.mark.parametrize("task_id", GYMNASIUM_BUILDS)
def test_default_info_is_gymnasiums(task_id: str) -> None:
    """No test scaffolding in a default pool's output (qpos0/qvel0 need lockstep_info=True)."""
    ref = gymnasium.make(task_id)
    ref.reset(seed=0)
    ref_info = ref.step(ref.action_space.sample())[4]
    env = parallel_pool.make_vec(task_id, num_envs=2)
    env.reset()
    info = env.step(random_actions(env, 2, np.random.default_rng(0)))[4]
    keys = {k for k in info if not k.startswith("_")}  # less gymnasium's `_key` masks
    assert keys == set(ref_info)
    with_lockstep = parallel_pool.make_vec(task_id, num_envs=2, lockstep_info=True)
    assert {k for k in with_lockstep.reset()[1] if not k.startswith("_")} == keys | {"qpos0", "qvel0"}
