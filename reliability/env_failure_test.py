"""Failures inside one env, per family (issue 10, item 5; docs/reliability.md).

Each failure either reaches Python as an error naming the env (`env <id>: ...`)
or the config key at fault, with the other envs unaffected; or, where the
reference implementation carries on (gymnasium's MuJoCo envs when the
simulation goes unstable), the pool does exactly what the reference does.
Anything that could hang runs in a child interpreter under a timeout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.atari.registration import ale_py_dir
from parallel_pool.vizdoom.registration import package_dir


def run_child(body: str, timeout: float = 60.0) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(body)], capture_output=True, text=True, timeout=timeout, env=env
    )


def engines() -> list[int]:
    """ViZDoom engine processes that are children of this process."""
    out = []
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/children") as f:
            out += [int(p) for p in f.read().split()]
    return [p for p in out if os.path.exists(f"/proc/{p}")]


def watchdog_threads(want: int, timeout: float = 5.0) -> int:
    """This process's ViZDoom engine watchdog threads (named engine_watchdog, as
    engine_watchdog.h names its thread), once there are `want` or after `timeout` s:
    the thread runs while some env is on the watchdog's list, and ends within its
    250 ms period after the last env leaves it."""
    deadline = time.monotonic() + timeout
    while True:
        count = 0
        for task in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{task}/comm") as f:
                    count += f.read().strip() == "engine_watchdog"
            except FileNotFoundError:  # a thread that ended meanwhile
                pass
        if count == want or time.monotonic() > deadline:
            return count
        time.sleep(0.05)


# ------------------------------------------------------------------ ViZDoom


@pytest.fixture(scope="module")
def scenarios() -> str:
    root = package_dir("vizdoom")
    assert root is not None
    return os.path.join(root, "scenarios")


def test_vizdoom_cfg_that_does_not_exist_names_cfg_path() -> None:
    with pytest.raises(ValueError, match=r"^cfg_path: no file /nonexistent/my\.cfg"):
        parallel_pool.make_vec("VizdoomCustom-v1", cfg_path="/nonexistent/my.cfg")


def test_vizdoom_malformed_cfg_names_cfg_path(tmp_path: Any, scenarios: str) -> None:
    import vizdoom

    cfg = tmp_path / "malformed.cfg"
    cfg.write_bytes(b"this is = = not a { cfg\n\x00\x01")
    with pytest.raises(ValueError, match=r"^cfg_path: ViZDoom could not load .*malformed\.cfg"):
        parallel_pool.make_vec("VizdoomCustom-v1", cfg_path=str(cfg), wad_path=f"{scenarios}/basic.wad")
    # The reference refuses it too.
    game = vizdoom.DoomGame()
    try:
        loaded = game.load_config(str(cfg))
    except Exception:  # either way it is refused
        loaded = False
    assert not loaded


def test_vizdoom_cfg_naming_a_missing_wad_fails_make_naming_the_env(tmp_path: Any, scenarios: str) -> None:
    # The cfg loads, but the engine cannot start: the env's constructor fails, make()
    # raises naming the env, and no engine is left running.
    import vizdoom

    text = open(f"{scenarios}/basic.cfg").read().replace("basic.wad", str(tmp_path / "missing.wad"))
    cfg = tmp_path / "missing_wad.cfg"
    cfg.write_text(text)
    # The watchdog's thread tells whether an env is on its list: there while one is.
    alive = parallel_pool.make_vec("Basic-v1")
    assert watchdog_threads(1) == 1
    alive.close()
    assert watchdog_threads(0) == 0
    with pytest.raises(RuntimeError, match=r"^env \d+: vizdoom: .*missing\.wad.* does not exist"):
        parallel_pool.make_vec("VizdoomCustom-v1", cfg_path=str(cfg), num_envs=2)
    assert engines() == []
    # Found by this test: the failed env stayed on the engine watchdog's list, which
    # its thread reads every 250 ms (freed memory: the process aborted later). No env
    # is left on the list: its thread has ended.
    assert watchdog_threads(0) == 0
    game = vizdoom.DoomGame()
    game.load_config(str(cfg))
    game.set_window_visible(False)
    with pytest.raises(vizdoom.FileDoesNotExistException):
        game.init()


# ------------------------------------------------------------------- MuJoCo


@pytest.mark.parametrize("task_id", ["Hopper-v5", "HalfCheetah-v4", "Ant-v5"])
def test_mujoco_unstable_simulation_resets_its_data_as_gymnasium_does(task_id: str) -> None:
    # A huge reset noise puts NaN, Inf or huge values in qpos/qacc at the first step:
    # MuJoCo's mj_step then warns (stdout and MUJOCO_LOG.TXT, as for gymnasium) and
    # resets mjData to the model's initial state; the episode goes on. No error, in
    # gymnasium as here: the step's observation and reward are gymnasium's exactly.
    noise = {"Hopper-v5": 1e6, "HalfCheetah-v4": 1e30, "Ant-v5": 1e8}[task_id]
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=3, reset_noise_scale=noise, lockstep_info=True)
    obs, info = env.reset()
    ref = gymnasium.make(task_id, reset_noise_scale=noise).unwrapped
    rng = np.random.default_rng(0)
    space = env.single_action_space  # float32, as gymnasium's: both get the same actions
    actions = rng.uniform(-1, 1, (3, 2, *space.shape)).astype(space.dtype)
    for i in range(2):
        ref.reset(seed=0)
        ref.set_state(info["qpos0"][i].copy(), info["qvel0"][i].copy())
        np.testing.assert_array_equal(ref._get_obs(), obs[i])
    got = [env.step(a) for a in actions]
    for i in range(2):
        ref.reset(seed=0)
        ref.set_state(info["qpos0"][i].copy(), info["qvel0"][i].copy())
        for step, a in enumerate(actions):
            ref_obs, ref_reward, ref_term, _, _ = ref.step(a[i])
            np.testing.assert_array_equal(got[step][0][i], ref_obs)
            assert got[step][1][i] == ref_reward and got[step][2][i] == ref_term
    assert np.isfinite(got[-1][0]).all()
    assert abs(got[0][1]).max() > 1e3  # the step that went unstable: a huge reward, as gymnasium's
    env.close()


# --------------------------------------------------------------- dm_control


def test_dm_control_unstable_simulation_is_an_error_naming_the_env_which_then_restarts() -> None:
    from dm_control import suite

    # LQR's actuator has no control range: 1e300 makes MuJoCo warn (bad ctrl), which
    # dm_control raises as a PhysicsError.
    ref = suite.load("lqr", "lqr_2_1", task_kwargs={"random": 0})
    ref.reset()
    with pytest.raises(Exception, match="Physics state is invalid") as ref_error:
        ref.step(np.full(ref.action_spec().shape, 1e300))
    assert type(ref_error.value).__name__ == "PhysicsError"

    env = parallel_pool.make_dm("LqrLqr21-v1", num_envs=3)
    env.reset()
    action = np.zeros((3, 1))
    action[1] = 1e300
    with pytest.raises(RuntimeError, match=r"^env 1: physics state is invalid after step \(MuJoCo warning Nan") as e:
        env.step(action)
    assert "env 1: env 1" not in str(e.value)
    # The other envs stepped; env 1 starts a new episode on its next step.
    ts = env.step(np.zeros((3, 1)))
    assert ts.step_type.tolist() == [1, 0, 1]
    assert ts.observation.elapsed_step.tolist() == [2, 0, 2]
    env.close()


def test_a_warning_handler_in_python_never_deadlocks_the_pool() -> None:
    # dm_control routes MuJoCo's warnings to Python (mujoco.set_mju_user_warning). A
    # worker whose env warns then needs the GIL: freeing the pool (which joins the
    # workers) and building it must not hold the GIL while they wait for it.
    proc = run_child(
        """
        import threading, time
        import mujoco, numpy as np
        import parallel_pool
        entered = threading.Event()
        def warn(message):
            entered.set()
            time.sleep(0.3)  # releases the GIL: the main thread goes on and frees the pool
        mujoco.set_mju_user_warning(warn)
        env = parallel_pool.make_vec(
            "Hopper-v5", num_envs=2, batch_size=1, num_threads=1, reset_noise_scale=1e6)
        env.async_reset()
        env.recv()
        env.send(np.zeros((1, 3)))
        assert entered.wait(10)
        del env
        print("freed", flush=True)
        """,
        timeout=60,
    )
    assert proc.returncode == 0 and "freed" in proc.stdout, proc.stderr


# -------------------------------------------------------------------- Atari


@pytest.fixture(scope="module")
def pong_rom() -> str:
    root = ale_py_dir()
    assert root is not None
    return os.path.join(root, "roms", "pong.bin")


def test_atari_rom_missing_names_base_path(tmp_path: Any) -> None:
    (tmp_path / "roms").mkdir()
    with pytest.raises(ValueError, match=r"^atari: no ROM at .*/roms/pong\.bin .*base_path"):
        parallel_pool.make_vec("Pong-v5", base_path=str(tmp_path))


def test_atari_rom_not_supported_names_base_path(tmp_path: Any) -> None:
    (tmp_path / "roms").mkdir()
    (tmp_path / "roms" / "pong.bin").write_bytes(os.urandom(2048))
    with pytest.raises(ValueError, match=r"^atari: .*pong\.bin is not a ROM this ALE supports.*base_path"):
        parallel_pool.make_vec("Pong-v5", base_path=str(tmp_path))


def test_atari_rom_that_fails_when_an_env_loads_it_is_an_error_naming_the_env(tmp_path: Any, pong_rom: str) -> None:
    # The spec reads a ROM once per path (its action count); an env loads it again. A ROM
    # replaced in between fails in the env's constructor: make() raises naming the env.
    (tmp_path / "roms").mkdir()
    rom = tmp_path / "roms" / "pong.bin"
    shutil.copyfile(pong_rom, rom)
    env = parallel_pool.make_vec("Pong-v5", num_envs=2, base_path=str(tmp_path))
    env.close()
    rom.write_bytes(os.urandom(2048))
    with pytest.raises(ValueError, match=r"^env \d+: atari: .*pong\.bin is not a ROM this ALE supports"):
        parallel_pool.make_vec("Pong-v5", num_envs=2, base_path=str(tmp_path))
    rom.unlink()
    with pytest.raises(ValueError, match=r"^env \d+: atari: no ROM at "):
        parallel_pool.make_vec("Pong-v5", num_envs=2, base_path=str(tmp_path))
    # The ROM is read when the env is built, never after: a pool made before goes on.
    shutil.copyfile(pong_rom, rom)
    env = parallel_pool.make_vec("Pong-v5", num_envs=2, base_path=str(tmp_path))
    env.reset()
    rom.unlink()
    obs, *_ = env.step(np.zeros(2, dtype=np.int32))
    assert obs.shape == (2, 4, 84, 84)
    env.close()
