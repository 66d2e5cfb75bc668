"""gymnasium's VectorEnv contract, checked against gymnasium's own SyncVectorEnv.

What gymnasium's vector test suite (tests/vector, tests/wrappers/vector in its
repository) asks of a vector env, written here for this pool: the info layout
(a `_key` bool mask beside every key, same-step `final_obs` as an object array
with None for the envs that did not end, `final_info` as a dict of the ended
envs' info, each with its mask, and neither key on a step where no env ended),
the three autoreset modes, seeding through reset(seed=...) and np_random_seed,
partial resets, and gymnasium's vector wrappers (RecordEpisodeStatistics,
NormalizeObservation, NormalizeReward, DictInfoToList, ...) seeded through the
pool. Where the task is deterministic (FrozenLake and CliffWalking without
slipping) every value must equal SyncVectorEnv's; elsewhere (MuJoCo, Atari)
the structure must.
"""

from __future__ import annotations

import functools
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.wrappers import vector as vw

import parallel_pool
from templates.several_players import registration  # noqa: F401  (SeveralPlayers-v0, an exact test env)

MODES = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}
# EnvPool's keys: in recv(), calls given env_id, async and several-player pools;
# not in reset() / step() of every env of a sync one-player pool (SyncVectorEnv's calls).
POOL_KEYS = {"env_id", "players", "elapsed_step"}


# ------------------------------------------------------------------ helpers


def assert_masked_everywhere(info: dict[str, Any], rows: int) -> None:
    """Every key has its `_key` bool mask of one entry per row (recursively)."""
    for key, value in info.items():
        if key.startswith("_"):
            assert key[1:] in info, f"mask {key} without its key"
            continue
        mask = info.get("_" + key)
        assert mask is not None, f"{key} has no _{key} mask"
        assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (rows,), key
        if isinstance(value, dict):
            assert_masked_everywhere(value, rows)
        else:
            assert isinstance(value, np.ndarray) and len(value) == rows, key


def assert_same_value(ours: Any, ref: Any, where: str, dtypes: bool) -> None:
    if isinstance(ref, dict):
        assert isinstance(ours, dict), where
        missing = set(ref) - set(ours)
        assert not missing, f"{where}: keys {missing} missing"
        extra = set(ours) - set(ref)
        assert not extra, f"{where}: keys {extra} that SyncVectorEnv has not"
        for key in ref:
            assert_same_value(ours[key], ref[key], f"{where}[{key!r}]", dtypes)
        return
    assert isinstance(ours, np.ndarray) and isinstance(ref, np.ndarray), where
    assert ours.shape == ref.shape, where
    if ref.dtype == object:  # final_obs: None where the env did not end
        assert ours.dtype == object, where
        for a, b in zip(ours, ref, strict=True):
            assert (a is None) == (b is None), where
            if b is not None:
                np.testing.assert_array_equal(a, b, err_msg=where)
        return
    # gymnasium's toy text gives prob as an int at reset and a float at a step,
    # and SyncVectorEnv's info array takes the type of its first env's value.
    if dtypes and not where.endswith("['prob']"):
        assert ours.dtype == ref.dtype, f"{where}: {ours.dtype} != {ref.dtype}"
    np.testing.assert_array_equal(ours, ref, err_msg=where)


def assert_same_info(ours: dict[str, Any], ref: dict[str, Any], rows: int, where: str, dtypes: bool = True) -> None:
    """Our info is SyncVectorEnv's, key for key, each key with its mask."""
    assert_masked_everywhere(ours, rows)
    assert_same_value(ours, ref, where, dtypes)


def toy_pair(task_id: str, num_envs: int, mode: AutoresetMode, **kwargs: Any) -> tuple[Any, SyncVectorEnv]:
    ours = parallel_pool.make_vec(task_id, num_envs=num_envs, autoreset_mode=MODES[mode], **kwargs)
    ref = SyncVectorEnv([functools.partial(gymnasium.make, task_id, **kwargs)] * num_envs, autoreset_mode=mode)
    return ours, ref


# ------------------------------------------------ info, beside SyncVectorEnv


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize(
    ("task_id", "kwargs"),
    [
        ("FrozenLake-v1", {"is_slippery": False}),
        ("CliffWalking-v1", {"max_episode_steps": 20}),
        ("CartPole-v1", {"max_episode_steps": 40}),
        ("Pendulum-v1", {"max_episode_steps": 30}),
    ],
    ids=["lake", "cliff", "cartpole", "pendulum"],
)
def test_results_equal_sync_vector_env_key_by_key(task_id: str, kwargs: dict[str, Any], mode: AutoresetMode) -> None:
    """Seed for seed, every value and every info key of reset() and step() is
    SyncVectorEnv's (gymnasium's own test_vector_env_equal and wrapper-equivalence
    tests ask this): no key of ours more, none less."""
    num_envs = 5
    ours, ref = toy_pair(task_id, num_envs, mode, **kwargs)
    obs, info = ours.reset(seed=0)
    ref_obs, ref_info = ref.reset(seed=0)
    np.testing.assert_array_equal(obs, ref_obs)
    assert_same_info(info, ref_info, num_envs, "reset")
    ref.action_space.seed(1)
    ends = 0
    for t in range(250):
        action = ref.action_space.sample()
        out = ours.step(action)
        ref_out = ref.step(action)
        for a, b in zip(out[:4], ref_out[:4], strict=True):
            assert a.dtype == b.dtype
            np.testing.assert_array_equal(a, b, err_msg=f"step {t}")
        assert_same_info(out[4], ref_out[4], num_envs, f"step {t}")
        done = out[2] | out[3]
        ends += int(done.sum())
        assert ("final_obs" in out[4]) == (mode == AutoresetMode.SAME_STEP and bool(done.any()))
        if mode == AutoresetMode.DISABLED and done.any():
            obs, info = ours.reset(options={"reset_mask": done})
            ref_obs, ref_info = ref.reset(options={"reset_mask": done})
            np.testing.assert_array_equal(obs, ref_obs)
            # Envs not reset: their mask is False (their values are their latest, not zero).
            assert_masked_everywhere(info, num_envs)
            assert set(info) == set(ref_info)
            for key in ref_info:
                if not key.startswith("_"):
                    np.testing.assert_array_equal(info["_" + key], ref_info["_" + key])
                    np.testing.assert_array_equal(info[key][done], ref_info[key][done])
    assert ends > 10


def test_envpool_keys_stay_where_they_say_which_rows() -> None:
    """recv() and calls given env_id are EnvPool's calls: their info keeps env_id,
    players and elapsed_step; reset() / step() of every env do not have them."""
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3)
    _, info = env.reset(seed=0)
    assert set(info) == set()
    _, info = env.reset(np.array([2, 0]))
    np.testing.assert_array_equal(info["env_id"], [2, 0])
    np.testing.assert_array_equal(info["elapsed_step"], [0, 0])
    env.reset()
    *_, info = env.step(np.array([0, 1, 0]))
    assert set(info) == set()
    *_, info = env.step(np.array([1, 1]), np.array([1, 2]))
    np.testing.assert_array_equal(info["env_id"], [1, 2])
    np.testing.assert_array_equal(info["elapsed_step"], [2, 2])
    env.send(np.array([0, 0, 0]))
    *_, info = env.recv()
    np.testing.assert_array_equal(info["env_id"], [0, 1, 2])
    np.testing.assert_array_equal(info["elapsed_step"], [2, 3, 3])
    assert_masked_everywhere(info, 3)
    # Async mode: every call says which envs its rows are.
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, batch_size=2)
    _, info = env.reset()
    assert POOL_KEYS <= set(info)
    *_, info = env.step(np.array([0, 1]))
    assert POOL_KEYS <= set(info) and len(info["env_id"]) == 2


def test_same_step_final_layout_matches_sync_vector_env_for_mujoco() -> None:
    """The layout: keys, masks, dtypes, shapes, None (the values: mujoco_lockstep_test)."""
    num_envs = 3
    ours = parallel_pool.make_vec("HalfCheetah-v5", num_envs=num_envs, autoreset_mode="same_step")
    ref = SyncVectorEnv(
        [lambda: gymnasium.make("HalfCheetah-v5", max_episode_steps=1000)] * num_envs,
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    ours.reset(seed=0)
    ref.reset(seed=0)
    action = np.zeros((num_envs, 6))
    for _ in range(999):
        _, _, _, trunc, info = ours.step(action)
        _, _, _, ref_trunc, ref_info = ref.step(action)
        assert not trunc.any() and not ref_trunc.any()
        assert set(info) == set(ref_info)
    _, _, _, trunc, info = ours.step(action)
    _, _, _, ref_trunc, ref_info = ref.step(action)
    assert trunc.all() and ref_trunc.all()
    for key in ("final_obs", "_final_obs", "final_info", "_final_info"):
        assert key in info and key in ref_info
    assert info["final_obs"].dtype == object and info["final_obs"].shape == (num_envs,)
    for a, b in zip(info["final_obs"], ref_info["final_obs"], strict=True):
        assert a.shape == b.shape and a.dtype == b.dtype and a in ours.single_observation_space
    final, ref_final = info["final_info"], ref_info["final_info"]
    assert set(final) == set(ref_final)
    for key, value in ref_final.items():
        assert final[key].shape == value.shape and final[key].dtype == value.dtype, key


def test_final_obs_of_envs_ending_apart() -> None:
    """tests/vector's concurrent-ends check: None exactly where the env went on."""
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, autoreset_mode="same_step", seed=42)
    env.reset()
    actions = np.array([0, 0, 1])  # envs 0 and 1 fall the same way, env 2 the other
    seen = 0
    for _ in range(200):
        obs, _, term, trunc, info = env.step(actions)
        done = term | trunc
        if not done.any():
            assert "final_obs" not in info and "final_info" not in info
            continue
        seen += 1
        assert isinstance(info["final_obs"], np.ndarray) and len(info["final_obs"]) == 3
        np.testing.assert_array_equal(info["_final_obs"], done)
        np.testing.assert_array_equal(info["_final_info"], done)
        for i in range(3):
            if done[i]:
                assert info["final_obs"][i] in env.single_observation_space
                assert not np.array_equal(info["final_obs"][i], obs[i])
            else:
                assert info["final_obs"][i] is None
        assert info["final_info"] == {}  # CartPole's info has no keys
    assert seen > 3


def test_dict_observations_go_to_final_obs_per_env() -> None:
    env = parallel_pool.make_vec("CheetahRun-v1", num_envs=2, autoreset_mode="same_step", max_episode_steps=3)
    env.reset(seed=1)
    for _ in range(2):
        env.step(np.zeros((2, 6)))
    _, _, _, trunc, info = env.step(np.zeros((2, 6)))
    assert trunc.all()
    for i in range(2):
        assert isinstance(info["final_obs"][i], dict)
        assert info["final_obs"][i] in env.single_observation_space


def test_multi_player_final_obs_holds_each_envs_player_rows() -> None:
    """No gymnasium counterpart: an env's entry is its players' rows (obs [env_id, player, ...])."""
    env = parallel_pool.make_vec(
        "SeveralPlayers-v0", num_envs=3, max_num_players=2, episode_length=2, autoreset_mode="same_step"
    )
    env.reset(seed=0)
    env.step(np.ones(6, dtype=np.int32))
    _, _, term, _, info = env.step(np.full(6, 2, dtype=np.int32))
    assert term.all() and info["final_obs"].shape == (3,)
    for r, rows in enumerate(info["final_obs"]):
        np.testing.assert_array_equal(rows[:, :3], [[r, 0, 2], [r, 1, 2]])
    np.testing.assert_array_equal(info["final_info"]["players"]["env_id"], [0, 0, 1, 1, 2, 2])
    np.testing.assert_array_equal(info["final_info"]["action_sum"], [6, 6, 6])


def test_info_masks_in_every_flavour_of_batch() -> None:
    env = parallel_pool.make_vec("Pong-v5", num_envs=4)
    _, info = env.reset()
    assert_masked_everywhere(info, 4)
    _, _, _, _, info = env.step(np.zeros(2, dtype=np.int64), np.array([3, 1]))
    assert_masked_everywhere(info, 2)
    for key in ("lives", "reward", "terminated", "ram"):
        assert info["_" + key].all()
    with pytest.raises(ValueError):
        info["_lives"][0] = False  # one shared read-only mask: a user cannot corrupt the next step's
    async_env = parallel_pool.make_vec("CartPole-v1", num_envs=4, batch_size=2)
    async_env.async_reset()
    _, _, _, _, info = async_env.recv()
    assert_masked_everywhere(info, 2)


# ---------------------------------------------- autoreset modes (tests/vector)


def test_autoreset_modes_step_by_step() -> None:
    """tests/vector/test_autoreset_mode's counting env, as this pool's SeveralPlayers-v0
    (obs [env_id, player, elapsed_step, secret]; episodes of episode_length steps)."""

    def make(mode: str) -> Any:
        return parallel_pool.make_vec("SeveralPlayers-v0", num_envs=2, episode_length=2, autoreset_mode=mode)

    steps = np.array([1, 1], dtype=np.int32)
    nxt = make("next_step")
    nxt.reset()
    counts = [nxt.step(steps)[0][:, 2].tolist() for _ in range(4)]
    assert counts == [[1, 1], [2, 2], [0, 0], [1, 1]]  # the step after the end is the reset
    same = make("same_step")
    same.reset()
    same.step(steps)
    obs, rew, term, _, info = same.step(steps)
    assert obs[:, 2].tolist() == [0, 0] and term.all() and rew.tolist() == [1, 1]
    assert [o[2] for o in info["final_obs"]] == [2, 2]
    assert same.step(steps)[0][:, 2].tolist() == [1, 1]
    off = make("disabled")
    off.reset()
    off.step(steps)
    _, _, term, _, _ = off.step(steps)
    assert term.all()
    with pytest.raises(ValueError, match="disabled"):
        off.step(steps)
    obs, _ = off.reset(options={"reset_mask": term})
    assert obs[:, 2].tolist() == [0, 0]
    for mode, env in (("NextStep", nxt), ("SameStep", same), ("Disabled", off)):
        assert env.metadata["autoreset_mode"].value == mode


# ------------------------------------------------------ seeding (tests/vector)


def test_random_seeding_basics() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4)
    env.reset(seed=42)
    assert env.np_random_seed == (42, 43, 44, 45)
    env.reset(seed=None)  # no seed: the seeds stay
    assert env.np_random_seed == (42, 43, 44, 45)


def test_partial_reset_with_seeds() -> None:
    """tests/vector's partial reset: a masked reset with the first seeds repeats the first obs."""
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, autoreset_mode="disabled")
    initial, _ = env.reset(seed=[0, 1, 2])
    initial = initial.copy()
    rng = np.random.default_rng(123)
    for _ in range(3):
        step_obs = env.step(rng.integers(0, 2, 3))[0].copy()
    obs, _ = env.reset(seed=[0, 1, 0], options={"reset_mask": np.array([True, True, False])})
    np.testing.assert_array_equal(obs[:2], initial[:2])
    np.testing.assert_array_equal(obs[2], step_obs[2])


# -------------------------------------------------- gymnasium's vector wrappers


def wrapped(make_env: Any) -> Any:
    env = vw.RecordEpisodeStatistics(make_env())
    env = vw.ClipAction(env)
    env = vw.NormalizeObservation(env)
    env = vw.TransformObservation(env, lambda obs: np.clip(obs, -10, 10))
    env = vw.NormalizeReward(env, gamma=0.99)
    return vw.TransformReward(env, lambda r: np.clip(r, -10, 10))


def run_wrapped(env: Any, seed: int, steps: int) -> list[Any]:
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    out = [obs.copy()]
    for _ in range(steps):
        obs, rew, term, trunc, info = env.step(env.action_space.sample())
        out += [obs.copy(), rew.copy(), term.copy(), trunc.copy()]
        if "episode" in info:
            out += [info["episode"]["r"].copy(), info["episode"]["l"].copy(), info["_episode"].copy()]
    return out


def test_wrappers_seeded_through_the_pool_run_as_on_a_new_pool() -> None:
    """CleanRL's continuous-control stack of gymnasium vector wrappers, seeded by
    reset(seed=...): the same numbers as on a pool made with that seed."""
    steps = 120

    def pool(seed: int) -> Any:
        return parallel_pool.make_vec("Pendulum-v1", num_envs=3, seed=seed, max_episode_steps=50)

    reseeded = run_wrapped(wrapped(lambda: pool(999)), seed=7, steps=steps)
    fresh = run_wrapped(wrapped(lambda: pool(7)), seed=7, steps=steps)
    assert len(reseeded) == len(fresh) > 4 * steps
    for a, b in zip(reseeded, fresh, strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_record_episode_statistics_equals_sync_vector_env(mode: AutoresetMode) -> None:
    ours, ref = toy_pair("FrozenLake-v1", 4, mode, is_slippery=False)
    ours, ref = vw.RecordEpisodeStatistics(ours), vw.RecordEpisodeStatistics(ref)
    ours.reset(seed=3)
    ref.reset(seed=3)
    rng = np.random.default_rng(3)
    episodes = 0
    for _ in range(300):
        action = rng.integers(0, 4, 4)
        *_, info = ours.step(action)
        *_, ref_info = ref.step(action)
        assert ("episode" in info) == ("episode" in ref_info)
        if "episode" in ref_info:
            episodes += int(ref_info["_episode"].sum())
            np.testing.assert_array_equal(info["_episode"], ref_info["_episode"])
            np.testing.assert_array_equal(info["episode"]["r"], ref_info["episode"]["r"])
            np.testing.assert_array_equal(info["episode"]["l"], ref_info["episode"]["l"])
    assert episodes > 20
    assert list(ours.return_queue) == list(ref.return_queue)


def test_normalize_observation_equals_sync_vector_env() -> None:
    ours, ref = toy_pair("CliffWalking-v1", 3, AutoresetMode.NEXT_STEP)
    ours = vw.NormalizeObservation(vw.DtypeObservation(ours, np.float64))
    ref = vw.NormalizeObservation(vw.DtypeObservation(ref, np.float64))
    np.testing.assert_array_equal(ours.reset(seed=0)[0], ref.reset(seed=0)[0])
    rng = np.random.default_rng(0)
    for _ in range(100):
        action = rng.integers(0, 4, 3)
        np.testing.assert_array_equal(ours.step(action)[0], ref.step(action)[0])
    np.testing.assert_array_equal(ours.obs_rms.var, ref.obs_rms.var)


def test_dict_info_to_list_splits_our_info_per_env() -> None:
    env = vw.DictInfoToList(parallel_pool.make_vec("CliffWalking-v1", num_envs=3))
    _, infos = env.reset(seed=0)
    assert [set(i) for i in infos] == [{"prob"}] * 3
    _, _, _, _, infos = env.step(np.array([0, 1, 2]))
    assert [set(i) for i in infos] == [{"prob"}] * 3
    same = vw.DictInfoToList(parallel_pool.make_vec("CartPole-v1", num_envs=2, autoreset_mode="same_step"))
    same.reset(seed=0)
    for _ in range(100):
        _, _, term, trunc, infos = same.step(np.zeros(2, dtype=np.int64))
        for i, info in enumerate(infos):
            assert ("final_obs" in info) == bool(term[i] or trunc[i])
