"""The Python API contract: EnvPool-compatible calls, clear errors, wrappers.

Uses the template env (exact, predictable outputs) and CartPole/Pendulum
where a float observation or action is needed.
"""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import parallel_pool
from templates.several_players import registration  # noqa: F401  (SeveralPlayers-v0, an exact test env)


def template(**kwargs):
    return parallel_pool.make_vec("SeveralPlayers-v0", **kwargs)


# --------------------------------------------------------------- registry


def test_list_all_envs_has_every_family() -> None:
    ids = parallel_pool.list_all_envs()
    assert "SeveralPlayers-v0" in ids
    for task in ("CartPole-v1", "Pendulum-v1", "FrozenLake-v1", "Taxi-v3"):
        assert task in ids


def test_make_requires_env_type_and_checks_it() -> None:
    with pytest.raises(TypeError):
        parallel_pool.make("SeveralPlayers-v0")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="env_type"):
        parallel_pool.make("SeveralPlayers-v0", env_type="torch")
    for env_type, cls in (
        ("gym", parallel_pool.GymEnvPool),
        ("gymnasium", parallel_pool.GymnasiumEnvPool),
        ("dm", parallel_pool.DMEnvPool),
    ):
        assert isinstance(parallel_pool.make("SeveralPlayers-v0", env_type=env_type), cls)


def test_unknown_task_suggests_close_matches() -> None:
    with pytest.raises(ValueError, match="CartPole-v1"):
        parallel_pool.make_vec("CartPole-v2")


def test_unknown_config_key_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="num_env"):
        template(num_env=4)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"num_envs": 0}, ValueError, "num_envs"),
        ({"num_envs": 2.5}, TypeError, "num_envs"),
        ({"num_envs": "4"}, TypeError, "num_envs"),
        ({"num_envs": 2, "batch_size": 3}, ValueError, "batch_size"),
        ({"num_threads": -1}, ValueError, "num_threads"),
        ({"seed": 2**31}, ValueError, "seed"),
        ({"seed": -(2**31) - 1}, ValueError, "seed"),
        ({"num_envs": 3, "seed": [1, 2]}, ValueError, "seed"),
        ({"seed": 1.5}, TypeError, "seed"),
        ({"max_episode_steps": 0}, ValueError, "max_episode_steps"),
        ({"autoreset_mode": "sometimes"}, ValueError, "autoreset_mode"),
        ({"episode_length": "5"}, TypeError, "episode_length"),
        # Found by the fuzzer (reliability/fuzz.py): an ndarray of several values has
        # __index__ and __float__ too, and refuses them with numpy's own message.
        # A 1-D array is one value per env (docs/api.md): the wrong number of them, or any
        # for a key of the pool itself, is a ValueError.
        ({"episode_length": np.array([1, 2])}, ValueError, "episode_length"),
        ({"num_envs": np.array([2, 3])}, ValueError, "num_envs"),
        ({"num_envs": 3, "env_seed": [1, 2]}, ValueError, "^env_seed: expected one seed per env"),
        # Found by the fuzzer: C++ cut its message at a NUL ("no ROM at .../roms/"), and a
        # path with a NUL was taken as the path before it.
        ({"base_path": "/tmp\0x"}, ValueError, r"^base_path: expected a str without NUL characters"),
        ({"autoreset_mode": "same_step\0"}, ValueError, r"^autoreset_mode: expected a str without NUL"),
    ],
)
def test_bad_config_values(kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        template(**kwargs)


def test_spec_config_and_spaces() -> None:
    spec = parallel_pool.make_spec("SeveralPlayers-v0", num_envs=3)
    assert spec.config.num_envs == 3
    assert spec.config.batch_size == 3  # 0 means num_envs
    assert spec.config.episode_length == 5
    assert spec.action_space == gymnasium.spaces.Discrete(10)
    assert spec.observation_space.shape == (4,)
    assert spec.observation_space.dtype == np.int32


# ------------------------------------------------------------------ steps


def test_reset_and_step_layout() -> None:
    env = template(num_envs=3)
    obs, info = env.reset()
    assert set(info) == {"action_sum", "_action_sum"}  # SyncVectorEnv's info: the task's keys
    obs, info = env.reset(env.all_env_ids)  # EnvPool's call: with env_id, players, elapsed_step
    assert obs.shape == (3, 4) and obs.dtype == np.int32
    np.testing.assert_array_equal(info["env_id"], [0, 1, 2])
    np.testing.assert_array_equal(info["elapsed_step"], [0, 0, 0])
    np.testing.assert_array_equal(info["players"]["env_id"], [0, 1, 2])
    obs, rew, term, trunc, info = env.step(np.array([1, 2, 3]))
    np.testing.assert_array_equal(rew, [1.0, 2.0, 3.0])
    assert rew.dtype == np.float64
    np.testing.assert_array_equal(obs[:, 2], [1, 1, 1])  # elapsed step
    np.testing.assert_array_equal(info["action_sum"], [1, 2, 3])
    assert term.dtype == np.bool_ and not term.any() and not trunc.any()


def test_results_are_zero_copy_views() -> None:
    env = template(num_envs=2)
    obs, info = env.reset()
    assert not obs.flags.owndata  # a view over the C++ batch buffer
    obs2, *_ = env.step(np.array([1, 1]))
    assert obs2[0, 2] == 1 and obs[0, 2] == 0  # the old batch is never overwritten


def test_episode_end_then_next_step_autoreset() -> None:
    env = template(num_envs=1, episode_length=2)
    env.reset()
    env.step(np.array([1]))
    obs, rew, term, trunc, info = env.step(np.array([1]))
    assert term[0] and not trunc[0] and obs[0, 2] == 2  # obs [env_id, player, elapsed step, action]
    obs, rew, term, trunc, info = env.step(np.array([9]))  # action ignored
    assert rew[0] == 0 and not term[0] and obs[0, 2] == 0


def test_truncation_at_max_episode_steps() -> None:
    env = template(num_envs=1, episode_length=10, max_episode_steps=3)
    env.reset()
    for _ in range(2):
        env.step(np.array([0]))
    _, _, term, trunc, _ = env.step(np.array([0]))
    assert trunc[0] and not term[0]


def test_partial_step_with_env_id() -> None:
    env = template(num_envs=4)
    env.reset()
    obs, rew, *_, info = env.step(np.array([5, 7]), env_id=np.array([3, 1]))
    np.testing.assert_array_equal(info["env_id"], [3, 1])
    np.testing.assert_array_equal(rew, [5, 7])
    _, _, _, _, info = env.step(np.array([0]), env_id=1)  # a plain int works too
    np.testing.assert_array_equal(info["elapsed_step"], [2])


def test_seed_list_seeds_each_env() -> None:
    a = template(num_envs=3, seed=[7, 8, 9]).reset()[0][:, 3]
    b = template(num_envs=3, seed=7).reset()[0][:, 3]  # env i gets seed + i
    np.testing.assert_array_equal(a, b)
    c = template(num_envs=3, seed=8).reset()[0][:, 3]
    assert not np.array_equal(a, c)


# ----------------------------------------------------------- bad actions


@pytest.mark.parametrize(
    ("action", "env_id", "error", "match"),
    [
        (np.array([1, 2, 3]), None, ValueError, "shape"),
        (np.array([[1, 2]]), None, ValueError, "shape"),
        (np.array([0.5, 1.0]), None, TypeError, "cannot be cast"),
        (np.array([1, 10]), None, ValueError, "outside"),
        (np.array([-1, 0]), None, ValueError, "outside"),
        (np.array([2**32 + 1, 0]), None, ValueError, "outside"),
        ("a", None, TypeError, ""),
        (np.array([1]), np.array([2]), ValueError, "env_id"),
        (np.array([1]), np.array([-1]), ValueError, "env_id"),
        (np.array([1, 1]), np.array([0, 0]), ValueError, "twice"),
        (np.array([1]), np.array([0.0]), TypeError, "env_id"),
        (np.array([1]), np.array([2**40]), ValueError, "env_id"),
        (np.array([1]), True, TypeError, "env_id"),
    ],
)
def test_bad_actions_raise_clear_errors(action, env_id, error: type, match: str) -> None:
    env = template(num_envs=2)
    env.reset()
    with pytest.raises(error, match=match):
        env.step(action, env_id=env_id)
    env.step(np.array([1, 1]))  # the pool is still usable


def test_ragged_lists_are_errors_naming_the_argument() -> None:
    # Found by the fuzzer: numpy's "inhomogeneous shape" ValueError named nothing.
    env = template(num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match=r"^action\[action\]: not an array \(setting an array element"):
        env.step([[0], [0, 1]])
    with pytest.raises(ValueError, match=r"^env_id: expected a 1-D array of env ids"):
        env.step(np.array([1, 1]), [[0], [0, 1]])
    with pytest.raises(ValueError, match=r"^players\.env_id: expected a 1-D array"):
        env.step({"action": np.array([1, 1]), "players.env_id": [[0], [0, 1]]})
    with pytest.raises(TypeError, match=r"^players\.env_id: expected integers"):
        env.step({"action": np.array([1, 1]), "players.env_id": "0"})


def test_byte_swapped_arrays_are_read_by_value() -> None:
    # Found by the fuzzer: a big-endian int32 array has a native one's type number, so
    # its bytes were read unswapped (2 became 33554432, "outside [0, 9]").
    env = template(num_envs=3)
    env.reset()
    _, reward, _, _, info = env.step(np.array([1, 2, 3], dtype=">i4"), np.array([2, 0, 1], dtype=">i8"))
    np.testing.assert_array_equal(info["env_id"], [2, 0, 1])
    np.testing.assert_array_equal(reward, [1.0, 2.0, 3.0])
    pendulum = parallel_pool.make_vec("Pendulum-v1", num_envs=2)
    pendulum.reset()
    pendulum.step(np.array([[0.5], [-0.5]], dtype=">f8"))
    with pytest.raises(ValueError, match="NaN"):
        pendulum.step(np.array([[0.5], [np.nan]], dtype=">f4"))


def test_an_empty_env_id_is_refused_not_taken_for_every_env() -> None:
    # Found by the fuzzer: reset(np.array([], int)) reset every env (the C++ pool's
    # "none given"), as `reset(np.flatnonzero(done))` would when nothing is done.
    env = template(num_envs=2)
    env.reset()
    env.step(np.array([1, 1]))
    for empty in (np.zeros(0, dtype=np.int32), []):
        with pytest.raises(ValueError, match=r"^env_id: no env given"):
            env.reset(empty)
        with pytest.raises(ValueError, match=r"^env_id: no env given"):
            env.step(np.zeros(0, dtype=np.int32), empty)
    _, _, _, _, info = env.step(np.array([1, 1]), env.all_env_ids)
    np.testing.assert_array_equal(info["elapsed_step"], [2, 2])  # nothing was reset


def test_a_one_player_env_refuses_more_players() -> None:
    # Found by the fuzzer: CartPole took max_num_players=2, then wanted two action rows
    # per env while returning one observation row.
    with pytest.raises(ValueError, match=r"^max_num_players: expected 1 \(this env has one player"):
        parallel_pool.make_vec("CartPole-v1", num_envs=2, max_num_players=2)


def test_int64_and_list_actions_are_accepted() -> None:
    env = template(num_envs=2)
    env.reset()
    _, reward, _, _, info = env.step(np.array([1, 2], dtype=np.int64))
    np.testing.assert_array_equal(reward, [1.0, 2.0])
    _, reward, _, _, info = env.step([3, 4])
    np.testing.assert_array_equal(reward, [3.0, 4.0])
    np.testing.assert_array_equal(info["action_sum"], [4, 6])


def test_nan_continuous_action_is_rejected() -> None:
    env = parallel_pool.make_vec("Pendulum-v1", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="NaN"):
        env.step(np.array([[0.0], [np.nan]]))
    env.step(np.array([[0.0], [1.0]], dtype=np.float64))  # float64 -> float32 is fine


def test_recv_with_nothing_in_flight_is_an_error_not_a_hang() -> None:
    env = template(num_envs=2)
    with pytest.raises(RuntimeError, match="no env is running"):
        env.recv()
    env = template(num_envs=4, batch_size=2)
    env.async_reset()
    env.recv()
    env.recv()
    with pytest.raises(RuntimeError, match="recv"):
        env.recv()


def test_send_to_an_env_still_running_is_an_error() -> None:
    env = template(num_envs=4, batch_size=2)
    env.async_reset()
    with pytest.raises(ValueError, match="still running"):
        env.send(np.array([1]), env_id=np.array([0]))


def test_closed_pool_raises() -> None:
    env = template(num_envs=1)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()


def test_one_pool_shared_by_python_threads() -> None:
    # Calls are serialized by the pool; actions converted by one thread stay
    # alive while another thread's call runs without the GIL.
    import threading

    env = template(num_envs=4, episode_length=10**6, max_episode_steps=10**6)
    env.reset()
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        try:
            for _ in range(300):
                _, rew, _, _, _ = env.step(np.full(4, k, dtype=np.int64))
                assert (rew == k).all()
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    _, _, _, _, info = env.step(np.zeros(4, dtype=np.int32), env.all_env_ids)
    np.testing.assert_array_equal(info["elapsed_step"], [1201] * 4)


# ------------------------------------------------------------ async mode


def test_async_send_recv_cycle() -> None:
    env = template(num_envs=6, batch_size=2, num_threads=2)
    env.async_reset()
    counts = np.zeros(6, dtype=int)
    for _ in range(30):
        obs, rew, term, trunc, info = env.recv()
        ids = info["env_id"]
        assert ids.shape == (2,)
        counts[ids] += 1
        env.send(np.ones(2, dtype=np.int32), env_id=ids)
    assert (counts > 0).all()


def test_async_step_defaults_to_last_received_ids() -> None:
    env = template(num_envs=4, batch_size=2)
    env.async_reset()
    _, _, _, _, info = env.recv()
    _, _, _, _, info2 = env.step(np.ones(2, dtype=np.int32))  # send to those ids, recv next batch
    assert info2["env_id"].shape == (2,)


# ------------------------------------------------------------ same-step


def test_same_step_autoreset_matches_gymnasium_convention() -> None:
    env = template(num_envs=2, episode_length=2, autoreset_mode="same_step")
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    env.reset()
    env.step(np.array([1, 2]))
    obs, rew, term, trunc, info = env.step(np.array([3, 4]))
    assert term.all()
    np.testing.assert_array_equal(rew, [3, 4])
    np.testing.assert_array_equal(obs[:, 2], [0, 0])  # already the next episode
    np.testing.assert_array_equal(np.stack(info["final_obs"])[:, 2], [2, 2])
    np.testing.assert_array_equal(info["_final_obs"], [True, True])
    np.testing.assert_array_equal(info["final_info"]["action_sum"], [4, 6])
    obs, rew, term, _, info = env.step(np.array([5, 5]))
    np.testing.assert_array_equal(obs[:, 2], [1, 1])  # no wasted step
    assert not term.any()


def test_same_step_accepts_gymnasium_enum() -> None:
    env = template(autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)
    assert env.same_step


# ----------------------------------------------------------- multi-player


def test_multi_player_rows_and_players_env_id() -> None:
    env = template(num_envs=2, max_num_players=3)
    obs, info = env.reset()
    assert obs.shape == (6, 4)
    np.testing.assert_array_equal(info["players"]["env_id"], [0, 0, 0, 1, 1, 1])
    players = np.array([0, 0, 0, 1, 1, 1])
    obs, rew, _, _, info = env.step({"action": np.array([1, 2, 3, 4, 5, 6]), "players.env_id": players})
    assert sorted(rew.tolist()) == [1, 2, 3, 4, 5, 6]
    np.testing.assert_array_equal(info["action_sum"], [6, 15])
    with pytest.raises(ValueError, match=r"players\.env_id"):
        env.step({"action": np.ones(8, dtype=np.int32), "players.env_id": np.array([0] * 4 + [1] * 4)})


# ----------------------------------------------------------- flavours


def test_dm_env_timesteps() -> None:
    env = parallel_pool.make_dm("SeveralPlayers-v0", num_envs=2, episode_length=1)
    ts = env.reset()
    np.testing.assert_array_equal(ts.step_type, [0, 0])
    ts = env.step(np.array([3, 4]))
    np.testing.assert_array_equal(ts.step_type, [2, 2])
    np.testing.assert_array_equal(ts.discount, [0, 0])
    np.testing.assert_array_equal(ts.reward, [3, 4])
    np.testing.assert_array_equal(ts.observation.env_id, [0, 1])
    assert ts.observation.obs.shape == (2, 4)
    assert env.action_spec().num_values == 10


def test_gym_flavour_has_gym_spaces() -> None:
    import gym

    env = parallel_pool.make_gym("CartPole-v1", num_envs=2)
    assert isinstance(env, gym.Env)
    assert isinstance(env.action_space, gym.spaces.Discrete)
    obs, info = env.reset()
    obs, rew, term, trunc, info = env.step(np.array([0, 1]))
    assert obs.shape == (2, 4)


def test_is_a_gymnasium_vector_env_under_its_wrappers() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=0)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.single_observation_space == gymnasium.make("CartPole-v1").observation_space
    assert env.observation_space.shape == (4, 4)
    wrapped = gymnasium.wrappers.vector.RecordEpisodeStatistics(gymnasium.wrappers.vector.NormalizeObservation(env))
    wrapped.reset()
    finished = 0
    for _ in range(300):
        obs, rew, term, trunc, info = wrapped.step(wrapped.action_space.sample())
        assert np.isfinite(obs).all()
        if "episode" in info:
            finished += int(info["_episode"].sum())
            lengths = info["episode"]["l"][info["_episode"]]
            assert (lengths > 0).all()
    assert finished > 0


def test_envpool_user_code_runs_unchanged() -> None:
    # The snippet from EnvPool's README, with only the import changed.
    import parallel_pool as envpool

    env = envpool.make("CartPole-v1", env_type="gymnasium", num_envs=4, batch_size=2, num_threads=2, seed=1)
    env.async_reset()
    seen = []
    for _ in range(10):
        obs, rew, term, trunc, info = env.recv()
        env_id = info["env_id"]
        assert obs.shape == (2, 4) and len(env_id) == 2
        seen += env_id.tolist()
        action = np.random.randint(2, size=len(env_id))
        env.send(action, env_id)
    assert sorted(set(seen)) == [0, 1, 2, 3]  # every env took part


def test_a_callable_default_is_called_when_a_spec_is_made() -> None:
    calls = []

    def length() -> int:
        calls.append(1)
        return 7

    registry = parallel_pool.registration.EnvRegistry()
    registry.register(
        "Lazy-v0",
        "templates.several_players",
        "SeveralPlayersEnvSpec",
        "SeveralPlayersDMEnvPool",
        "SeveralPlayersGymnasiumEnvPool",
        episode_length=length,
    )
    assert calls == []  # registering does not call it
    assert registry.make_spec("Lazy-v0").config.episode_length == 7
    assert registry.make_spec("Lazy-v0", episode_length=3).config.episode_length == 3
    assert calls == [1]


# ------------------------------------------------------------------ layers


def test_numpy_bools_are_bools() -> None:
    # numpy 2 names its bool type "bool", not "bool_": a check by type name refused them.
    env = parallel_pool.make_vec("CartPole-v1", num_envs=1, lockstep_info=np.True_, from_pixels=np.False_)
    assert env.config["lockstep_info"] is True
    with pytest.raises(TypeError, match="lockstep_info: expected a bool"):
        parallel_pool.make_vec("CartPole-v1", num_envs=1, lockstep_info=1)


def test_the_python_layer_imports_no_layer_above_it() -> None:
    # python/ sits below the registry, xla/ and distributed/: xla() reaches parallel_pool.xla
    # through set_xla_builder, which that package calls on import.
    import ast
    import pathlib

    import parallel_pool.python

    above = ("parallel_pool.xla", "parallel_pool.distributed", "parallel_pool.registration", "parallel_pool.entry")
    for source in pathlib.Path(parallel_pool.python.__file__).parent.glob("*.py"):
        if source.name.endswith("_test.py"):
            continue
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(above), f"{source.name} imports {name}"
