"""The vizdoom family: ids, spaces, config, actions, the three APIs, failures and shutdown."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
import vizdoom as vzd

import parallel_pool
from parallel_pool.vizdoom import registration

INFO = (
    "AMMO2", "AMMO3", "AMMO4", "AMMO5", "AMMO6", "AMMO7", "ARMOR", "DAMAGECOUNT", "DEATHCOUNT",
    "FRAGCOUNT", "HEALTH", "HITCOUNT", "KILLCOUNT", "SELECTED_WEAPON", "SELECTED_WEAPON_AMMO", "USER2",
)  # fmt: skip

# EnvPool's 19 ViZDoom ids.
IDS = [
    "Basic-v1", "Cig-v1", "D1Basic-v1", "D2Navigation-v1", "D3Battle-v1", "D4Battle2-v1",
    "DeadlyCorridor-v1", "Deathmatch-v1", "DefendTheCenter-v1", "DefendTheLine-v1", "HealthGathering-v1",
    "HealthGatheringSupreme-v1", "MultiDuel-v1", "MyWayHome-v1", "PredictPosition-v1", "RocketBasic-v1",
    "SimplerBasic-v1", "TakeCover-v1", "VizdoomCustom-v1",
]  # fmt: skip


def engines() -> list[int]:
    """This process's ViZDoom engine processes."""
    out = subprocess.run(["pgrep", "-P", str(os.getpid()), "-f", "vizdoom"], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def test_the_19_ids_are_registered() -> None:
    registered = [t for t in parallel_pool.list_all_envs() if t in IDS]
    assert sorted(registered) == sorted(IDS)


@pytest.mark.parametrize("task", [t for t in IDS if t != "VizdoomCustom-v1"])
def test_every_scenario_runs(task: str) -> None:
    players = 2 if task in ("Cig-v1", "MultiDuel-v1") else 1
    env = parallel_pool.make_vec(task, num_envs=2, max_num_players=players, max_episode_steps=10)
    try:
        spec = env.spec.config
        game = vzd.DoomGame()
        game.load_config(spec.cfg_path)
        channels = 1 if game.get_screen_format() in (vzd.ScreenFormat.GRAY8, vzd.ScreenFormat.DOOM_256_COLORS8) else 3
        obs, info = env.reset()
        assert obs.shape == (2 * players, 4 * channels, 84, 84) and obs.dtype == np.uint8
        assert env.single_action_space.shape == (game.get_available_buttons_size(),)
        assert set(INFO) <= set(info)
        for _ in range(11):
            obs, reward, terminated, truncated, info = env.step(np.zeros((2 * players, *env.single_action_space.shape)))
        assert reward.dtype == np.float64 and all(info[k].dtype == np.float64 for k in INFO)
    finally:
        env.close()


def test_config_keys_and_defaults_are_envpools() -> None:
    c = parallel_pool.make_spec("Basic-v1").config
    assert (c.img_height, c.img_width, c.stack_num, c.frame_skip) == (84, 84, 4, 4)
    assert not (c.episodic_life or c.force_speed or c.use_combined_action)
    assert c.use_inter_area_resize
    assert (c.weapon_duration, c.max_episode_steps, c.map_id, c.lmp_save_dir) == (5, 525, "map01", "")
    assert c.reward_config["FRAGCOUNT"] == (1.0, -1.5)
    assert c.reward_config["HEALTH"] == (np.float32(0.005), np.float32(-0.003))
    assert c.reward_config["AMMO7"] == (np.float32(0.002), np.float32(-0.001))
    assert len(c.reward_config) == 23
    weapons = {i: np.float32(0.0002 if i < 3 else 0.001 if i < 6 else 0.002) for i in range(8)}
    assert c.selected_weapon_reward_config == weapons
    assert c.delta_button_config == {}
    assert c.cfg_path.endswith("scenarios/basic.cfg") and c.wad_path.endswith("scenarios/basic.wad")
    assert parallel_pool.make_spec("D3Battle-v1").config.cfg_path.endswith("vizdoom/maps/D3_battle.cfg")
    assert parallel_pool.make_spec("Cig-v1").config.game_args == "-deathmatch"


def test_a_worker_per_env_by_default() -> None:
    # Each env's step waits on its engine process: every engine steps at once.
    assert parallel_pool.make_spec("Basic-v1", num_envs=8, batch_size=4).config.num_threads == 8
    assert parallel_pool.make_spec("Basic-v1", num_envs=8, num_threads=2).config.num_threads == 2


# Sizes of the combined action set, as EnvPool 1.2.5 builds it.
@pytest.mark.parametrize(
    ("task", "config", "count"),
    [
        ("Basic-v1", {}, 6),
        ("D1Basic-v1", {}, 6),
        ("D3Battle-v1", {}, 108),
        ("D3Battle-v1", {"force_speed": True}, 54),
        ("Deathmatch-v1", {}, 4536),
        ("Deathmatch-v1", {"force_speed": True}, 2268),
        ("Deathmatch-v1", {"delta_button_config": {"LOOK_UP_DOWN_DELTA": (11, -10, 10)}}, 4536 * 11),
    ],
)
def test_combined_action_set_sizes(task: str, config: dict, count: int) -> None:
    spec = parallel_pool.make_spec(task, use_combined_action=True, **config)
    assert spec.action_space.n == count
    assert spec.action_spec().num_values == count


def test_combined_actions_press_envpools_buttons() -> None:
    # Basic's buttons are [MOVE_LEFT, MOVE_RIGHT, ATTACK]; EnvPool's order:
    # none, RIGHT, LEFT, ATTACK, ATTACK+RIGHT, ATTACK+LEFT.
    vectors = [[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 1], [1, 0, 1]]
    for index, vector in enumerate(vectors):
        combined = parallel_pool.make_vec("Basic-v1", use_combined_action=True, seed=4)
        raw = parallel_pool.make_vec("Basic-v1", seed=4)
        try:
            combined.reset()
            raw.reset()
            for _ in range(5):
                a = combined.step(np.array([index]))
                b = raw.step(np.array([vector], dtype=np.float64))
            np.testing.assert_array_equal(a[0], b[0])
            assert a[4]["AMMO2"][0] == b[4]["AMMO2"][0]
        finally:
            combined.close()
            raw.close()


def test_dm_and_gym_flavours() -> None:
    dm = parallel_pool.make_dm("DefendTheLine-v1", num_envs=2)
    try:
        ts = dm.reset()
        assert ts.observation.obs.shape == (2, 12, 84, 84)
        assert ts.observation.HEALTH.tolist() == [100.0, 100.0]
        ts = dm.step(np.zeros((2, 3)))
        assert ts.step_type.tolist() == [1, 1]
    finally:
        dm.close()
    gym = parallel_pool.make_gym("DefendTheLine-v1", num_envs=2, use_combined_action=True)
    try:
        gym.reset()
        assert len(gym.step(np.array([1, 2]))) == 5
    finally:
        gym.close()


def test_seeds_decide_episodes() -> None:
    def run(seed: int) -> np.ndarray:
        env = parallel_pool.make_vec("DefendTheCenter-v1", num_envs=2, seed=seed)
        try:
            env.reset()
            rng = np.random.default_rng(0)
            for _ in range(30):
                obs, *_ = env.step(rng.integers(0, 2, size=(2, 3)).astype(np.float64))
            return np.array(obs)
        finally:
            env.close()

    a, b = run(1), run(1)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, run(2))


@pytest.mark.parametrize(
    ("config", "error", "match"),
    [
        ({"stack_num": 0}, ValueError, "stack_num"),
        ({"frame_skip": 0}, ValueError, "frame_skip"),
        ({"img_height": 0}, ValueError, "img_height"),
        ({"weapon_duration": -1}, ValueError, "weapon_duration"),
        ({"engine_timeout": 0}, ValueError, "engine_timeout"),
        ({"cfg_path": "/nonexistent.cfg"}, ValueError, "cfg_path"),
        ({"wad_path": "/nonexistent.wad"}, ValueError, "wad_path"),
        ({"vzd_path": "/nonexistent"}, ValueError, "vzd_path"),
        ({"iwad_path": "nope.wad"}, ValueError, "iwad_path"),
        ({"lmp_save_dir": "/nonexistent/dir"}, ValueError, "lmp_save_dir"),
        ({"lmp_save_dir": "/tmp\0"}, ValueError, "^lmp_save_dir: expected a str without NUL"),
        ({"reward_config": {"HEALTH\0": (1, 0)}}, ValueError, "^reward_config key: expected a str without NUL"),
        ({"reward_config": {"NOT_A_VARIABLE": (1, 0)}}, ValueError, "reward_config"),
        ({"reward_config": [1, 2]}, TypeError, "reward_config"),
        ({"reward_config": {"HEALTH": "x"}}, TypeError, "reward_config"),
        # Found by the fuzzer: values of the wrong shape gave pybind11's TypeError, naming no key.
        ({"reward_config": {"HEALTH": 1.0}}, TypeError, r"^reward_config\['HEALTH'\]: expected a tuple of 2"),
        ({"delta_button_config": {"TURN_LEFT_RIGHT_DELTA": (1.0, 0.0)}}, TypeError, "^delta_button_config: "),
        ({"frame_skip": 2**31 - 1}, ValueError, "frame_skip"),
        # Found by the fuzzer: the engine (as vizdoom.DoomGame's) waits forever at the
        # next episode of a map no WAD has; engine_timeout ended it after 60 s.
        ({"map_id": "map99"}, ValueError, "^map_id: no map 'map99' in .*basic.wad or .*freedoom2.wad"),
        ({"map_id": ""}, ValueError, "^map_id: no map ''"),
        ({"stack_num": 2**30}, ValueError, "^stack_num: must be <= 65536"),
        ({"img_height": 10**5}, ValueError, "^img_height, img_width: must be <= 8192"),
        ({"selected_weapon_reward_config": {12: 1.0}}, ValueError, "selected_weapon_reward_config"),
        ({"delta_button_config": {"ATTACK": (3, -1, 1)}}, ValueError, "delta_button_config"),
        ({"delta_button_config": {"TURN_LEFT_RIGHT_DELTA": (2.5, -1, 1)}}, ValueError, "delta_button_config"),
        ({"use_combined_action": "yes"}, TypeError, "use_combined_action"),
        ({"max_num_players": 2}, ValueError, "max_num_players"),
    ],
)
def test_bad_config_is_a_clear_error(config: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_vec("Basic-v1", **config)


def test_custom_needs_a_cfg_and_runs_yours() -> None:
    with pytest.raises(ValueError, match="cfg_path"):
        parallel_pool.make_vec("VizdoomCustom-v1")
    basic = parallel_pool.make_spec("Basic-v1").config
    env = parallel_pool.make_vec("VizdoomCustom-v1", cfg_path=basic.cfg_path, wad_path=basic.wad_path)
    try:
        obs, _ = env.reset()
        assert obs.shape == (1, 12, 84, 84)
    finally:
        env.close()


@pytest.mark.parametrize("cfg", ["basic.cfg", "simpler_basic.cfg"])  # CRCGCB (the default), GRAY8
def test_render_is_player_0s_screen(cfg: str) -> None:
    """render() gives the screen the observation is made from: with no resize and a one-frame
    stack, the observation itself (channel first; a gray screen in all three channels)."""
    scenarios = os.path.join(os.path.dirname(vzd.__file__), "scenarios")
    env = parallel_pool.make_vec(
        "VizdoomCustom-v1",
        num_envs=2,
        cfg_path=os.path.join(scenarios, cfg),
        wad_path=os.path.join(scenarios, cfg.replace(".cfg", ".wad")),
        img_height=240,
        img_width=320,
        stack_num=1,
        render_mode="rgb_array",
    )
    obs, _ = env.reset()
    for t in range(4):
        frames = env.render(np.arange(2))
        assert frames.shape == (2, 240, 320, 3) and frames.dtype == np.uint8
        planes = obs[:, 0] if obs.ndim == 5 else obs  # (players,) stacks per env row
        for i in range(2):
            got = frames[i].transpose(2, 0, 1)
            want = planes[i] if planes[i].shape[0] == 3 else np.repeat(planes[i], 3, axis=0)
            np.testing.assert_array_equal(got, want, f"{cfg} step {t} env {i}")
        obs, *_ = env.step(np.zeros((2, *env.single_action_space.shape)))
    env.close()
    # Another size: the 240 x 320 screen resized as cv2.resize(INTER_AREA) does, as EnvPool hands any size.
    import cv2

    native = parallel_pool.make_vec("Basic-v1", num_envs=1, seed=4, render_mode="rgb_array")
    resized = parallel_pool.make_vec("Basic-v1", num_envs=1, seed=4, render_mode="rgb_array", render_width=84)
    native.reset()
    resized.reset()
    frame = native.render()[0]
    np.testing.assert_array_equal(resized.render()[0], cv2.resize(frame, (84, 240), interpolation=cv2.INTER_AREA))
    native.close()
    resized.close()


def test_bad_actions_are_rejected() -> None:
    env = parallel_pool.make_vec("Basic-v1", num_envs=2, use_combined_action=True)
    try:
        env.reset()
        with pytest.raises(ValueError, match="action"):
            env.step(np.array([0, 6]))
        # The env whose action was refused starts a new episode on its next step.
        obs, reward, terminated, truncated, info = env.step(np.array([5, 0]), env.all_env_ids)
        assert info["elapsed_step"].tolist() == [2, 0]
        with pytest.raises(ValueError, match="action"):
            env.step(np.array([-1, 0]))
    finally:
        env.close()


def test_a_killed_engine_is_an_error_naming_the_env_then_the_env_restarts() -> None:
    env = parallel_pool.make_vec("Basic-v1", num_envs=3)
    try:
        env.reset()
        zeros = np.zeros((3, 3))
        env.step(zeros)
        os.kill(sorted(engines())[1], signal.SIGKILL)
        with pytest.raises(RuntimeError, match=r"env \d: vizdoom: .*crash"):
            for _ in range(3):
                env.step(zeros)
        # The failed env resets on its next step with a new engine.
        for _ in range(3):
            obs, *_ = env.step(zeros)
        assert obs.shape == (3, 12, 84, 84)
        assert len(engines()) == 3
    finally:
        env.close()
    assert engines() == []


def test_an_engine_that_stops_answering_is_stopped_after_engine_timeout() -> None:
    env = parallel_pool.make_vec("Basic-v1", num_envs=2, engine_timeout=1.5)
    try:
        env.reset()
        zeros = np.zeros((2, 3))
        env.step(zeros)
        os.kill(sorted(engines())[0], signal.SIGSTOP)
        start = time.monotonic()
        with pytest.raises(RuntimeError, match=r"env \d: vizdoom: an engine did not answer for 1.5"):
            for _ in range(3):
                env.step(zeros)
        assert time.monotonic() - start < 5.0
        for _ in range(2):  # the env starts a new engine
            obs, *_ = env.step(zeros)
        assert obs.shape == (2, 12, 84, 84)
    finally:
        env.close()
    assert engines() == []


def test_close_and_interpreter_exit_leave_no_engine() -> None:
    env = parallel_pool.make_vec("Basic-v1", num_envs=2)
    assert len(engines()) == 2
    env.close()
    assert engines() == []
    # A script that exits with pools open and steps in flight; it prints its
    # engines' pids, which must all be gone once it has exited. Only its own
    # engines are checked: other processes on the machine may run engines too.
    script = textwrap.dedent(
        """
        import os, subprocess
        import numpy as np
        import parallel_pool
        a = parallel_pool.make_vec("Basic-v1", num_envs=2)
        b = parallel_pool.make_vec("MultiDuel-v1", num_envs=1, max_num_players=2, batch_size=1)
        a.reset()
        b.async_reset()
        a.send(np.zeros((2, 3)))
        children = subprocess.run(["pgrep", "-P", str(os.getpid())], capture_output=True, text=True)
        print(children.stdout.replace(chr(10), " "), flush=True)
        """
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    children = done.stdout.split()
    assert len(children) >= 4, done.stdout  # 2 Basic engines + the match's 2
    alive = [pid for pid in children if b"vizdoom" in _read(f"/proc/{pid}/cmdline")]
    assert alive == [], f"engines outlived their pool's process: {alive}"


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def test_registration_without_envpool_assets_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registration, "package_dir", lambda name: None)
    with pytest.raises(ValueError, match="envpool-assets"):
        parallel_pool.make_spec("D1Basic-v1")
