"""EnvPool idioms and gymnasium's VectorEnv contract (issue 11, compatibility).

Where gymnasium defines the behaviour, the pool runs beside gymnasium's own
SyncVectorEnv on a deterministic task (FrozenLake without slipping) and every
array must be equal, dtype included; errors must be of the same type.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import parallel_pool
from templates.several_players import registration  # noqa: F401  (SeveralPlayers-v0, an exact test env)


def template(**kwargs: Any) -> Any:
    return parallel_pool.make_vec("SeveralPlayers-v0", **kwargs)


# ----------------------------------------------------- EnvPool's make() keys


def test_gym_reset_return_info_true_is_accepted_in_every_flavour() -> None:
    for env_type in ("gymnasium", "gym", "dm"):
        env = parallel_pool.make("SeveralPlayers-v0", env_type=env_type, num_envs=2, gym_reset_return_info=True)
        assert env.config["num_envs"] == 2
    obs, info = template(num_envs=2, gym_reset_return_info=True).reset()
    assert obs.shape == (2, 4) and list(info["_action_sum"]) == [True, True]


def test_gym_reset_return_info_false_says_why_it_cannot_apply() -> None:
    with pytest.raises(ValueError, match=r"gym_reset_return_info.*\(obs, info\)"):
        template(gym_reset_return_info=False)
    with pytest.raises(TypeError, match="gym_reset_return_info"):
        template(gym_reset_return_info="yes")


def test_env_seed_is_a_per_env_seed_list() -> None:
    draws = template(num_envs=3, env_seed=[11, 5, 9]).reset()[0][:, 3]
    np.testing.assert_array_equal(draws, template(num_envs=3, seed=[11, 5, 9]).reset()[0][:, 3])
    assert not np.array_equal(draws, template(num_envs=3, seed=11).reset()[0][:, 3])
    # EnvPool: a non-empty env_seed wins over seed; an empty one means "use seed".
    env = template(num_envs=3, seed=1, env_seed=[11, 5, 9])
    assert env.np_random_seed == (11, 5, 9)
    assert template(num_envs=2, seed=7, env_seed=[]).np_random_seed == (7, 8)
    with pytest.raises(ValueError, match="seed"):
        template(num_envs=3, env_seed=[1, 2])
    with pytest.raises(ValueError, match="env_seed"):
        template(num_envs=2, seed=[1, 2], env_seed=[3, 4])
    with pytest.raises(TypeError, match="env_seed"):
        template(num_envs=2, env_seed=3)


# ------------------------------------------------------- EnvPool attributes


def test_all_env_ids() -> None:
    env = template(num_envs=5)
    ids = env.all_env_ids
    assert ids.dtype == np.int32
    np.testing.assert_array_equal(ids, np.arange(5))
    with pytest.raises(ValueError):
        ids[0] = 3  # read-only: the pool's own array
    env.reset()
    _, _, _, _, info = env.step(np.ones(5, dtype=np.int32), env.all_env_ids)
    np.testing.assert_array_equal(info["env_id"], np.arange(5))


def test_spec_gen_config_fills_defaults() -> None:
    spec = parallel_pool.make_spec("SeveralPlayers-v0")
    config = spec.gen_config(num_envs=4, episode_length=9)
    assert config.num_envs == 4 and config.episode_length == 9
    assert config.batch_size == 0 and config.seed == 42  # the C++ defaults, as EnvPool's
    assert config._fields == spec.config._fields
    assert type(spec)(config).config.num_envs == 4  # EnvPool's spec_cls(spec_cls.gen_config(...))
    assert type(spec).gen_config() == spec.gen_config()  # a classmethod, as in EnvPool
    with pytest.raises(TypeError, match="num_env"):
        spec.gen_config(num_env=4)


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_env_config_is_a_dict(env_type: str) -> None:
    env = parallel_pool.make("SeveralPlayers-v0", env_type=env_type, num_envs=3, episode_length=7)
    assert isinstance(env.config, dict)
    assert env.config["num_envs"] == 3 and env.config["episode_length"] == 7
    assert list(env.config) == list(env.spec.config._fields)
    assert env.config == env.spec.config._asdict()
    assert env.config.num_envs == 3  # attribute access still works
    with pytest.raises(AttributeError):
        _ = env.config.no_such_key


def test_gymnasium_reset_takes_env_id_positionally() -> None:
    env = template(num_envs=4)
    env.reset()
    env.step(np.ones(4, dtype=np.int32))
    obs, info = env.reset(np.array([2, 0]))
    np.testing.assert_array_equal(info["env_id"], [2, 0])
    np.testing.assert_array_equal(obs[:, 2], [0, 0])
    obs, _, _, _, _ = env.step(np.ones(4, dtype=np.int32))
    np.testing.assert_array_equal(obs[:, 2], [1, 2, 1, 2])  # obs [env_id, player, elapsed step, action]


@pytest.mark.parametrize(("seed", "want"), [(3, (3, 4, 5)), ([9, 1, 4], (9, 1, 4))])
def test_np_random_seed_reports_each_envs_seed(seed: Any, want: tuple) -> None:
    env = template(num_envs=3, seed=seed)
    assert env.np_random_seed == want
    # As gymnasium's SyncVectorEnv reports it: one seed per env.
    ref = SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 3)
    ref.reset(seed=list(want))
    assert ref.np_random_seed == want
    for env_type in ("gym", "dm"):
        assert parallel_pool.make("SeveralPlayers-v0", env_type=env_type, num_envs=3, seed=seed).np_random_seed == want


# ----------------------------------------- reset_mask beside SyncVectorEnv

_MODES = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


def _frozen_lake_pair(num_envs: int, mode: AutoresetMode) -> tuple[Any, SyncVectorEnv]:
    ours = parallel_pool.make_vec("FrozenLake-v1", num_envs=num_envs, is_slippery=False, autoreset_mode=_MODES[mode])
    make_ref = functools.partial(gymnasium.make, "FrozenLake-v1", is_slippery=False)
    return ours, SyncVectorEnv([make_ref] * num_envs, autoreset_mode=mode)


def _assert_same(ours: tuple, ref: tuple) -> None:
    for a, b in zip(ours, ref, strict=True):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("mode", list(_MODES))
def test_reset_mask_matches_sync_vector_env(mode: AutoresetMode) -> None:
    num_envs = 6
    ours, ref = _frozen_lake_pair(num_envs, mode)
    assert ours.metadata["autoreset_mode"] == mode
    _assert_same((ours.reset()[0],), (ref.reset(seed=0)[0],))
    rng = np.random.default_rng(0)
    masked_resets = 0
    for step in range(300):
        action = rng.integers(0, 4, num_envs)
        obs, rew, term, trunc, info = ours.step(action)
        ref_obs, ref_rew, ref_term, ref_trunc, ref_info = ref.step(action)
        _assert_same((obs, rew, term, trunc), (ref_obs, ref_rew, ref_term, ref_trunc))
        if mode == AutoresetMode.SAME_STEP and term.any():
            final = np.stack(ref_info["final_obs"][term])
            np.testing.assert_array_equal(np.stack(info["final_obs"][term]), final)
        # DISABLED: every finished env must be reset before the next step;
        # the other modes: reset a random few now and then.
        mask = term | trunc if mode == AutoresetMode.DISABLED else rng.random(num_envs) < 0.3
        if mask.any() and (mode == AutoresetMode.DISABLED or step % 3 == 0):
            obs, info = ours.reset(options={"reset_mask": mask})
            ref_obs, ref_info = ref.reset(options={"reset_mask": mask})
            _assert_same((obs,), (ref_obs,))
            assert set(info) == set(ref_info) == {"prob", "_prob"}
            np.testing.assert_array_equal(info["_prob"], ref_info["_prob"])
            np.testing.assert_array_equal(info["prob"][mask], ref_info["prob"][mask])
            masked_resets += 1
    assert masked_resets > 20


def test_reset_mask_keeps_the_latest_row_of_every_other_env() -> None:
    # Template obs: [env_id, player, elapsed_step, draw]. Partial steps (by
    # env_id), more of them than are kept before folding, then a masked reset.
    env = template(num_envs=4, episode_length=1000, max_episode_steps=1000)
    env.reset()
    elapsed = np.zeros(4, dtype=int)
    rng = np.random.default_rng(1)
    for _ in range(40):
        ids = rng.choice(4, size=rng.integers(1, 4), replace=False)
        env.step(np.ones(len(ids), dtype=np.int32), ids)
        elapsed[ids] += 1
    mask = np.array([False, True, False, False])
    obs, info = env.reset(options={"reset_mask": mask})
    np.testing.assert_array_equal(obs[:, 0], np.arange(4))
    np.testing.assert_array_equal(obs[:, 2], np.where(mask, 0, elapsed))
    np.testing.assert_array_equal(info["_action_sum"], mask)
    _, _, _, _, info = env.step(np.ones(4, dtype=np.int32), env.all_env_ids)
    np.testing.assert_array_equal(info["elapsed_step"], np.where(mask, 0, elapsed) + 1)


@pytest.mark.parametrize(
    "mask",
    [
        [True, False, True],  # not an ndarray
        np.array([True, False]),  # wrong shape
        np.array([[True, False, True]]),
        np.array([1, 0, 1]),  # wrong dtype
        np.array([False, False, False]),  # nothing to reset
    ],
)
def test_bad_reset_mask_raises_as_sync_vector_env_does(mask: Any) -> None:
    ours, ref = _frozen_lake_pair(3, AutoresetMode.NEXT_STEP)
    ours.reset()
    ref.reset(seed=0)
    with pytest.raises((TypeError, ValueError)) as expected:
        ref.reset(options={"reset_mask": mask})
    # Word for word, as code may match gymnasium's messages (which name reset_mask).
    assert "reset_mask" in str(expected.value)
    with pytest.raises(expected.type, match=re.escape(str(expected.value))):
        ours.reset(options={"reset_mask": mask})
    ours.step(np.zeros(3, dtype=np.int64))  # the pool is still usable


@pytest.mark.parametrize("action", [0, np.int64(1), np.array(2)])
def test_a_scalar_action_raises_type_error_as_sync_vector_env_does(action: Any) -> None:
    ours, ref = _frozen_lake_pair(3, AutoresetMode.NEXT_STEP)
    ours.reset()
    ref.reset(seed=0)
    with pytest.raises(TypeError) as expected:
        ref.step(action)
    for call in (ours.step, ours.send):
        with pytest.raises(TypeError, match=re.escape(str(expected.value))):
            call(action)
    ours.step(np.zeros(3, dtype=np.int64))  # the pool is still usable


def test_a_closed_pool_raises_closed_environment_error_as_async_vector_env_does() -> None:
    """gymnasium's AsyncVectorEnv raises ClosedEnvironmentError after close(); the gymnasium
    flavour's error is that and EnvPool's RuntimeError at once; gym's stays RuntimeError."""
    from gymnasium.error import ClosedEnvironmentError

    ours = parallel_pool.make_vec("CartPole-v1", num_envs=2)
    ours.close()
    for call in (ours.reset, lambda: ours.step(np.zeros(2, dtype=np.int64)), ours.recv):
        with pytest.raises(ClosedEnvironmentError, match="pool closed") as raised:
            call()
        assert isinstance(raised.value, RuntimeError)
    gym_pool = parallel_pool.make_gym("CartPole-v1", num_envs=2)
    gym_pool.close()
    with pytest.raises(RuntimeError, match="pool closed") as raised:
        gym_pool.reset()
    assert not isinstance(raised.value, ClosedEnvironmentError)


def test_reset_mask_after_send_and_recv_in_sync_mode() -> None:
    env = template(num_envs=3, episode_length=100, max_episode_steps=100)
    env.async_reset()
    env.recv()
    env.send(np.ones(3, dtype=np.int32))
    env.recv()
    env.send(np.ones(1, dtype=np.int32), np.array([2]))
    env.recv()
    obs, _ = env.reset(options={"reset_mask": np.array([True, False, False])})
    np.testing.assert_array_equal(obs[:, 2], [0, 1, 2])


def test_reset_mask_refusals() -> None:
    env = template(num_envs=3)
    mask = np.array([True, False, False])
    with pytest.raises(ValueError, match="never been reset"):
        env.reset(options={"reset_mask": mask})  # envs 1 and 2 have no row yet
    env.reset()
    with pytest.raises(ValueError, match="env_id"):
        env.reset(np.array([0]), options={"reset_mask": mask})
    with pytest.raises(ValueError, match="unknown keys"):
        env.reset(options={"reset_mask": mask, "difficulty": 3})
    with pytest.raises(ValueError, match="async"):
        template(num_envs=3, batch_size=2).reset(options={"reset_mask": mask})
    with pytest.raises(ValueError, match="max_num_players"):
        template(num_envs=3, max_num_players=2).reset(options={"reset_mask": mask})
    env.send(np.ones(1, dtype=np.int32), np.array([2]))
    # Env 2's step result would come back inside the reset's rows and be lost (found by
    # make fuzz-long: the mask was accepted).
    with pytest.raises(ValueError, match=r"reset_mask.*1 env\(s\) sent without a recv\(\) are still running"):
        env.reset(options={"reset_mask": mask})
    env.recv()
    obs, _ = env.reset(options={"reset_mask": mask})  # still fine after the refusals
    assert obs.shape == (3, 4)


# ------------------------------------------------------- autoreset disabled


@pytest.mark.parametrize("mode", ["disabled", "Disabled", AutoresetMode.DISABLED])
def test_disabled_autoreset_is_accepted(mode: Any) -> None:
    env = template(num_envs=2, autoreset_mode=mode)
    assert env.spec.config.autoreset_mode == "disabled"
    assert env.metadata["autoreset_mode"] == AutoresetMode.DISABLED
    assert not env.same_step


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_disabled_autoreset_refuses_to_step_a_finished_env(env_type: str) -> None:
    env = parallel_pool.make(
        "SeveralPlayers-v0", env_type=env_type, num_envs=2, episode_length=2, autoreset_mode="disabled"
    )
    with pytest.raises(ValueError, match="never reset"):
        env.step(np.ones(2, dtype=np.int32))  # no episode yet
    env.reset()
    env.step(np.ones(2, dtype=np.int32))
    env.step(np.ones(1, dtype=np.int32), np.array([0]))  # env 0 ends its episode
    env.step(np.ones(1, dtype=np.int32), np.array([1]))  # env 1 can still step once
    with pytest.raises(ValueError, match=r"env 0 .*'disabled'; reset it first"):
        env.step(np.ones(2, dtype=np.int32))
    env.reset(np.array([0]))
    env.step(np.ones(1, dtype=np.int32), np.array([0]))  # reset: steps again
