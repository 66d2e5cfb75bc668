"""EnvPool's names keep EnvPool's meaning in every flavour; gymnasium's VectorEnv contract
is behind gymnasium's own entry (`gymnasium.make_vec("parallel_pool/<id>")`, `make_vec`).

The attribute table of docs/migrating.md is checked here against EnvPool 1.2.5
itself, on one id of each family that EnvPool also registers.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool import family_facts
from parallel_pool.python import protocol
from parallel_pool.python.envpool import EnvPoolMixin
from parallel_pool.python.testing import client_facts
from parallel_pool.registration import registry

# Every family (the registry's list): a family with no id EnvPool 1.2.5 registers is skipped.
FAMILIES = tuple(family_facts.all_facts())


# The child: EnvPool in a process of its own (its MuJoCo library must not meet ours).
_CHILD = f"""
import json, sys, warnings
import gymnasium, numpy as np, envpool
sys.path.insert(0, {str(pathlib.Path(client_facts.__file__).parent)!r})
from client_facts import facts
candidates = json.loads(input())
theirs = set(envpool.list_all_envs())
chosen = {{family: next(i for i in ids if i in theirs) for family, ids in candidates.items() if set(ids) & theirs}}
out = {{"chosen": chosen, "facts": {{i: facts(envpool, i) for i in chosen.values()}}}}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    envpool.make_gymnasium("CartPole-v1", num_envs=1).seed(1)
out["seed_warns"] = bool(caught)
print("FACTS" + json.dumps(out))
"""


@pytest.fixture(scope="module")
def envpool_facts() -> dict[str, Any]:
    pytest.importorskip("envpool")
    candidates = {f: [i for i in parallel_pool.list_all_envs() if registry.family(i) == f] for f in FAMILIES}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], input=json.dumps(candidates), capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("FACTS"))
    return json.loads(line[len("FACTS") :])


@pytest.mark.parametrize("family", FAMILIES)
def test_what_clients_see_is_envpools(family: str, envpool_facts: dict[str, Any]) -> None:
    """Spaces (one env's), sizes, flags, info keys, dtypes and the dm action spec, attribute by
    attribute, on the family's first id that EnvPool 1.2.5 registers too."""
    if family not in envpool_facts["chosen"]:
        pytest.skip(f"EnvPool 1.2.5 registers no id of the {family} family")
    task_id = envpool_facts["chosen"][family]
    theirs = envpool_facts["facts"][task_id]
    ours = json.loads(json.dumps(client_facts.facts(parallel_pool, task_id)))
    if family == "vizdoom":
        # EnvPool 1.2.5 declares ViZDoom's dm action bounds as the double type's limits
        # (2.2e-308 to 1.8e308); ours are the buttons' own range, [0, 1] (docs/migrating.md).
        assert theirs.pop("dm_action_bounds") == [[np.finfo(np.float64).tiny] * 3, [np.finfo(np.float64).max] * 3]
        assert ours.pop("dm_action_bounds") == [[0.0] * 3, [1.0] * 3]
    if family == "mujoco":
        # EnvPool 1.2.5 declares MuJoCo actions float64; ours are gymnasium's float32 Box, its
        # bounds the ctrlrange rounded to float32 (docs/migrating.md, mujoco.md#actions).
        for key in ("action_space", "single_action_space", "dm_action_spec"):
            assert theirs[key][-1] == "float64" and ours[key][-1] == "float32", key
            theirs[key][-1] = "float32"
        theirs["dm_action_bounds"] = np.float32(theirs["dm_action_bounds"]).astype(float).tolist()
    for key in theirs:
        assert ours[key] == theirs[key], (task_id, key)
    assert ours["step_dtypes"] == ["float32", "bool", "bool"]


def test_seed_warns_and_changes_nothing_as_envpools(envpool_facts: dict[str, Any]) -> None:
    assert envpool_facts["seed_warns"]
    env = parallel_pool.make_gymnasium("CartPole-v1", num_envs=2, seed=4)
    fresh = parallel_pool.make_gymnasium("CartPole-v1", num_envs=2, seed=4)
    with pytest.warns(UserWarning, match="seed"):
        assert env.seed(99) is None
    np.testing.assert_array_equal(env.reset()[0], fresh.reset()[0])
    env.close()
    fresh.close()


def close_all(*pools: Any) -> None:
    for pool in pools:
        pool.close()


@pytest.mark.parametrize("make", [parallel_pool.make_gym, parallel_pool.make_gymnasium])
def test_envpool_entries_are_gymnasium_envs_that_wrappers_take(make: Any) -> None:
    env = make("CartPole-v1", num_envs=3, seed=1)
    wrapped = gymnasium.Wrapper(env)  # refuses anything that is not a gymnasium.Env
    assert wrapped.observation_space.shape == (4,) and wrapped.action_space.n == 2
    assert wrapped.unwrapped is env
    obs, _ = wrapped.reset()
    assert obs.shape == (3, 4)
    env.close()


def test_cleanrl_copy_of_spaces_sees_one_envs_spaces_in_every_flavour() -> None:
    for make in (parallel_pool.make_gym, parallel_pool.make_gymnasium):
        envs = make("Pendulum-v1", num_envs=4)
        envs.single_action_space = envs.action_space
        envs.single_observation_space = envs.observation_space
        assert envs.single_action_space.shape == (1,) and envs.single_observation_space.shape == (3,)
        envs.close()


def test_rewards_are_float32_in_envpools_entries_and_float64_behind_make_vec() -> None:
    vector = parallel_pool.make_vec("Pendulum-v1", num_envs=3, seed=2)
    gym_pool = parallel_pool.make_gym("Pendulum-v1", num_envs=3, seed=2)
    gymnasium_pool = parallel_pool.make_gymnasium("Pendulum-v1", num_envs=3, seed=2)
    dm_pool = parallel_pool.make_dm("Pendulum-v1", num_envs=3, seed=2)
    for pool in (vector, gym_pool, gymnasium_pool, dm_pool):
        pool.reset()
    action = np.full((3, 1), 0.7, dtype=np.float32)
    exact = vector.step(action)[1]
    assert exact.dtype == np.float64
    for reward in (gym_pool.step(action)[1], gymnasium_pool.step(action)[1], dm_pool.step(action).reward):
        assert reward.dtype == np.float32
        np.testing.assert_array_equal(reward, exact.astype(np.float32))
    close_all(vector, gym_pool, gymnasium_pool, dm_pool)


def test_make_vec_is_gymnasiums_vector_contract() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, seed=0)
    assert isinstance(env, gymnasium.vector.VectorEnv) and not isinstance(env, gymnasium.Env)
    assert env.observation_space.shape == (3, 4) and env.single_observation_space.shape == (4,)
    assert env.action_space.shape == (3,) and env.single_action_space.n == 2
    assert isinstance(env.render_mode, type(None))
    obs, info = env.reset()
    assert obs.shape == (3, 4) and info == {}  # SyncVectorEnv's info for CartPole
    env.close()


def test_gymnasium_make_vec_reaches_every_id_through_its_vector_entry() -> None:
    registered = {name for name in gymnasium.registry if name.startswith(f"{parallel_pool.GYMNASIUM_NAMESPACE}/")}
    # Every id, but aliases in a namespace of their own, which gymnasium's ids cannot nest.
    ids = [i for i in parallel_pool.list_all_envs() if "/" not in i]
    assert registered == {f"{parallel_pool.GYMNASIUM_NAMESPACE}/{i}" for i in ids}
    env = gymnasium.make_vec("parallel_pool/CartPole-v1", num_envs=4, seed=5)
    try:
        assert isinstance(env, parallel_pool.VectorEnvPool)
        assert env.spec.id == "parallel_pool/CartPole-v1"  # gymnasium's EnvSpec, as make_vec sets it
        assert env.env_spec.config.num_envs == 4 and env.env_spec.config.seed == 5
        obs, _ = env.reset()
        same = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=5)
        np.testing.assert_array_equal(obs, same.reset()[0])
        actions = np.array([0, 1, 1, 0], dtype=np.int32)
        for a, b in zip(env.step(actions)[:4], same.step(actions)[:4], strict=True):
            np.testing.assert_array_equal(a, b)
        same.close()
    finally:
        env.close()


def test_actions_with_extra_unit_dimensions_are_reshaped_as_envpool_accepts_them() -> None:
    ours = parallel_pool.make_gymnasium("Pendulum-v1", num_envs=1, seed=0)
    plain = parallel_pool.make_gymnasium("Pendulum-v1", num_envs=1, seed=0)
    ours.reset()
    plain.reset()
    for extra in (np.array([[[0.5]]], dtype=np.float32), np.array([[[[-0.25]]]], dtype=np.float32)):
        got = ours.step(extra)  # (1, 1, 1) and (1, 1, 1, 1) for one env of a (1,) space
        want = plain.step(extra.reshape(1, 1))
        for a, b in zip(got[:4], want[:4], strict=True):
            np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="action"):
        ours.step(np.zeros((2, 1), dtype=np.float32))  # two rows for one env: refused still
    with pytest.raises(ValueError, match="action"):
        ours.step(np.zeros((1, 2), dtype=np.float32))
    vector = parallel_pool.make_vec("Pendulum-v1", num_envs=1, seed=0)
    vector.reset()
    with pytest.raises(ValueError, match="shape"):  # gymnasium's contract: refused
        vector.step(np.array([[[0.5]]], dtype=np.float32))
    close_all(ours, plain, vector)


def test_envpool_import_paths_and_protocols() -> None:
    for make in (parallel_pool.make_gym, parallel_pool.make_gymnasium, parallel_pool.make_dm, parallel_pool.make_vec):
        pool = make("CartPole-v1", num_envs=2)
        assert isinstance(pool, EnvPoolMixin)
        assert isinstance(pool, protocol.EnvPool) and isinstance(pool, parallel_pool.EnvPool)
        pool.close()
    assert isinstance(parallel_pool.make_spec("CartPole-v1"), protocol.EnvSpec)
    assert isinstance(parallel_pool.make_dm("CartPole-v1"), protocol.DMEnvPool)
    assert isinstance(parallel_pool.make_gymnasium("CartPole-v1"), protocol.GymnasiumEnvPool)


def test_reset_mask_resets_and_returns_the_masked_envs_as_envpool() -> None:
    env = parallel_pool.make_gymnasium("CartPole-v1", num_envs=4, seed=0)
    env.reset()
    mask = np.array([False, True, False, True])
    obs, info = env.reset(options={"reset_mask": mask})
    assert obs.shape == (2, 4)
    np.testing.assert_array_equal(info["env_id"], [1, 3])
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": np.zeros(4, dtype=bool)})
    env.close()
