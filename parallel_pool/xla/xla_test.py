"""env.xla(): jitted rollouts against the numpy send/recv, input errors, lifetime, EnvPool 1.2.5.

Every rollout runs the same actions through a jitted `lax.fori_loop` / `lax.scan`
and through the plain Python send/recv of a fresh pool with the same seed; the
results must be identical (64-bit fields as jax gives them: float32 without
jax_enable_x64, exact float64 with it).
"""

from __future__ import annotations

import gc
import subprocess
import sys
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import parallel_pool

try:
    import envpool

    HAS_ENVPOOL = True
except ImportError:
    HAS_ENVPOOL = False

STEPS = 60


def random_actions(env: Any, steps: int, seed: int = 0) -> np.ndarray:
    """`steps` batches of actions for every env, from the pool's action space."""
    space = env.single_action_space
    rng = np.random.default_rng(seed)
    if hasattr(space, "n"):
        return rng.integers(space.n, size=(steps, env.num_envs)).astype(np.int32)
    shape = (steps, env.num_envs, *space.shape)
    return rng.uniform(space.low, space.high, size=shape).astype(space.dtype)


def xla_rollout(env: Any, actions: np.ndarray, fused_step: bool) -> Any:
    """Reset (numpy), then one jitted fori_loop: the first batch and `len(actions)` steps, stacked."""
    handle, recv, send, step = env.xla()
    steps = len(actions)

    @jax.jit
    def run(handle: Any, actions: Any) -> Any:
        handle, first = recv(handle)
        stacked = jax.tree_util.tree_map(lambda x: jnp.zeros((steps + 1, *x.shape), x.dtype).at[0].set(x), first)

        def body(t: Any, carry: Any) -> Any:
            handle, stacked = carry
            if fused_step:
                handle, result = step(handle, actions[t])
            else:
                handle, result = recv(send(handle, actions[t]))
            stacked = jax.tree_util.tree_map(lambda s, x: s.at[t + 1].set(x), stacked, result)
            return handle, stacked

        return jax.lax.fori_loop(0, steps, body, (handle, stacked))[1]

    env.async_reset()
    return jax.device_get(run(handle, actions))


def numpy_rollout(env: Any, actions: np.ndarray) -> list:
    # With the env ids given: EnvPool's calls, whose info (env_id, elapsed_step, ...)
    # is what env.xla()'s recv and step return.
    ids = env.all_env_ids
    out = [env.reset(ids)]
    out += [env.step(a, ids) for a in actions]
    return out


def as_xla(value: Any) -> np.ndarray:
    """A numpy result as XLA returns it (64-bit types narrowed unless jax_enable_x64)."""
    value = np.asarray(value)
    return value.astype(jax.dtypes.canonicalize_dtype(value.dtype))


def assert_same_results(ours: Any, theirs: Any, t: int) -> None:
    """One step of a stacked XLA rollout (`ours`, index t) against a numpy result."""
    flat_ours, tree_ours = jax.tree_util.tree_flatten(jax.tree_util.tree_map(lambda x: x[t], ours))
    flat_theirs, tree_theirs = jax.tree_util.tree_flatten(theirs)
    assert tree_ours == tree_theirs
    for a, b in zip(flat_ours, flat_theirs, strict=True):
        b = as_xla(b)
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a, b, err_msg=f"step {t}")


FINAL_KEYS = ("final_obs", "_final_obs", "final_info", "_final_info")


def check_dense_finals(info: dict, reference: dict, t: int) -> None:
    """Same-step finals at step t: XLA's whole batches (valid where `_final_obs`) against
    the numpy pool's object array, present only on steps where an env ended. Removes the
    final keys from `reference` once checked."""
    done = np.asarray(info["_final_obs"][t])
    expected_done = reference.get("_final_obs", np.zeros_like(done))
    np.testing.assert_array_equal(done, expected_done, err_msg=f"step {t}")
    np.testing.assert_array_equal(info["_final_info"][t], expected_done, err_msg=f"step {t}")
    for r in np.flatnonzero(done):
        np.testing.assert_array_equal(info["final_obs"][t][r], as_xla(reference["final_obs"][r]))
        for key in ("env_id", "elapsed_step"):
            np.testing.assert_array_equal(info["final_info"][key][t][r], reference["final_info"][key][r])
    for key in FINAL_KEYS:
        reference.pop(key, None)


@pytest.mark.parametrize(
    ("task", "config", "x64", "fused_step"),
    [
        ("CartPole-v1", {}, False, False),
        ("CartPole-v1", {}, False, True),
        ("CartPole-v1", {"autoreset_mode": "same_step"}, False, False),
        ("Pendulum-v1", {}, True, False),
        ("Pendulum-v1", {}, False, True),
        ("Pong-v5", {}, False, False),
    ],
)
def test_jitted_rollout_matches_numpy(task: str, config: dict, x64: bool, fused_step: bool) -> None:
    """A fori_loop of send/recv (or step) gives exactly what numpy's send/recv give."""
    num_envs = 2 if task.startswith("Pong") else 4
    with jax.enable_x64(x64):
        ours = parallel_pool.make_vec(task, num_envs=num_envs, seed=3, **config)
        reference = parallel_pool.make_vec(task, num_envs=num_envs, seed=3, **config)
        actions = random_actions(ours, STEPS)
        stacked = xla_rollout(ours, actions, fused_step)
        expected = numpy_rollout(reference, actions)
        if ours.same_step:
            for t in range(STEPS + 1):
                check_dense_finals(stacked[4], expected[t][-1], t)
            for key in FINAL_KEYS:
                stacked[4].pop(key)
        assert_same_results((stacked[0], stacked[4]), expected[0], 0)  # reset(): (obs, info)
        for t in range(1, STEPS + 1):
            assert_same_results(stacked, expected[t], t)
        if task.startswith("CartPole"):  # the rollout crossed episode ends
            assert stacked[2].any() or stacked[3].any()
        ours.close()
        reference.close()


def test_dm_flavour_returns_timesteps() -> None:
    env = parallel_pool.make_dm("CartPole-v1", num_envs=3, seed=1)
    reference = parallel_pool.make_dm("CartPole-v1", num_envs=3, seed=1)
    handle, recv, _, step = env.xla()
    env.async_reset()
    handle, first = jax.jit(recv)(handle)
    handle, ts = jax.jit(step)(handle, jnp.ones(3, jnp.int32))
    reference.reset()
    expected = reference.step(np.ones(3, np.int32))
    assert type(ts).__name__ == "TimeStep"
    np.testing.assert_array_equal(ts.observation.obs, expected.observation.obs)
    np.testing.assert_array_equal(ts.step_type, expected.step_type)
    np.testing.assert_array_equal(ts.reward, as_xla(expected.reward))
    np.testing.assert_array_equal(first.step_type, np.zeros(3))


def per_env_actions(num_envs: int, per_env: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(2, size=(num_envs, per_env)).astype(np.int32)


def test_async_mode_with_env_id_passed_back() -> None:
    """batch_size < num_envs: recv's env_id goes back to send. Which envs share a batch
    depends on thread timing, so each env gets its k-th action from a per-env table and
    the per-env sequences of observations are compared."""
    num_envs, batch_size, iterations = 6, 3, 40
    table = per_env_actions(num_envs, iterations * batch_size, seed=5)
    config = {"num_envs": num_envs, "batch_size": batch_size, "num_threads": 2, "seed": 7}

    env = parallel_pool.make_vec("CartPole-v1", **config)
    handle, recv, send, _ = env.xla()

    @jax.jit
    def run(handle: Any, table: Any) -> Any:
        def body(carry: Any, _: Any) -> Any:
            handle, counts = carry
            handle, (obs, reward, terminated, truncated, info) = recv(handle)
            ids = info["env_id"]
            k = counts[ids]
            handle = send(handle, table[ids, k], ids)
            return (handle, counts.at[ids].add(1)), (ids, k, obs, reward, terminated)

        counts = jnp.zeros(num_envs, jnp.int32)
        return jax.lax.scan(body, (handle, counts), None, length=iterations)[1]

    env.async_reset()
    ids, ks, obs, reward, terminated = jax.device_get(run(handle, table))
    assert ids.shape == (iterations, batch_size)
    xla_seq = regroup(ids, ks, obs, reward, terminated)

    reference = parallel_pool.make_vec("CartPole-v1", **config)
    reference.async_reset()
    counts = np.zeros(num_envs, np.int64)
    rows = []
    for _ in range(iterations):
        obs_np, reward_np, terminated_np, _, info = reference.recv()
        ids_np = info["env_id"]
        rows.append((ids_np.copy(), counts[ids_np].copy(), obs_np.copy(), reward_np.copy(), terminated_np.copy()))
        reference.send(table[ids_np, counts[ids_np]], ids_np)
        counts[ids_np] += 1
    np_seq = regroup(*(np.stack(column) for column in zip(*rows, strict=True)))

    compared = 0
    for env_id in range(num_envs):
        a, b = xla_seq[env_id], np_seq[env_id]
        n = min(len(a), len(b))
        assert n >= 5, f"env {env_id} ran only {n} steps"
        for (obs_a, rew_a, term_a), (obs_b, rew_b, term_b) in zip(a[:n], b[:n], strict=True):
            np.testing.assert_array_equal(obs_a, obs_b)
            assert rew_a == np.float32(rew_b) and term_a == term_b
            compared += 1
    assert compared >= iterations * batch_size // 2
    env.close()
    reference.close()


def regroup(ids: np.ndarray, ks: np.ndarray, obs: np.ndarray, reward: np.ndarray, terminated: np.ndarray) -> dict:
    """{env id: [(obs, reward, terminated) before its k-th action, k = 0, 1, ...]}."""
    out: dict[int, list] = {}
    columns = (ids.ravel(), ks.ravel(), obs.reshape(-1, obs.shape[-1]), reward.ravel(), terminated.ravel())
    for i, k, o, r, d in zip(*columns, strict=True):
        seq = out.setdefault(int(i), [])
        assert int(k) == len(seq)
        seq.append((o, r, d))
    return out


# ---------------------------------------------------------------- bad input


@pytest.fixture
def cartpole() -> Any:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=0)
    yield env
    env.close()


def test_input_errors_at_trace_time(cartpole: Any) -> None:
    handle, recv, send, step = cartpole.xla()
    cartpole.async_reset()
    handle, _ = jax.jit(recv)(handle)
    with pytest.raises(ValueError, match=r"action\[action\]: expected shape \(4,\)"):
        jax.jit(send)(handle, jnp.zeros(3, jnp.int32))
    with pytest.raises(ValueError, match=r"action\[action\]: expected shape \(4,\)"):
        jax.jit(step)(handle, jnp.zeros((4, 1), jnp.int32))
    with pytest.raises(TypeError, match=r"action\[action\]: dtype float32 cannot be cast to int32"):
        jax.jit(send)(handle, jnp.zeros(4, jnp.float32))
    with pytest.raises(TypeError, match="env_id: expected integers"):
        jax.jit(send)(handle, jnp.zeros(4, jnp.int32), jnp.zeros(4, jnp.float32))
    with pytest.raises(ValueError, match="in sync mode"):
        jax.jit(send)(handle, jnp.zeros(2, jnp.int32), jnp.arange(2))
    with pytest.raises(TypeError, match="handle: expected the uint8"):
        jax.jit(send)(jnp.zeros(4, jnp.int32), jnp.zeros(4, jnp.int32))
    with pytest.raises(ValueError, match="action: missing keys"):
        jax.jit(send)(handle, {"not_action": jnp.zeros(4, jnp.int32)})
    # Nothing reached the pool: it steps normally.
    handle, (obs, *_) = jax.jit(step)(handle, jnp.ones(4, jnp.int32))
    assert obs.shape == (4, 4)


def test_errors_only_the_pool_sees(cartpole: Any) -> None:
    """Values out of range, a foreign handle, a repeated env id: the XLA call fails with the
    pool's message, nothing is stepped, and the pool carries on."""
    handle, recv, send, step = cartpole.xla()
    cartpole.async_reset()
    handle, _ = jax.jit(recv)(handle)
    jitted_step = jax.jit(step)
    out_of_range = r"INVALID_ARGUMENT: action\[action\]: value 2 is outside \[0, 1\]"
    with pytest.raises(jax.errors.JaxRuntimeError, match=out_of_range):
        jax.block_until_ready(jitted_step(handle, jnp.array([0, 1, 2, 0], jnp.int32)))
    with pytest.raises(jax.errors.JaxRuntimeError, match="env_id: 1 given twice"):
        jax.block_until_ready(jitted_step(handle, jnp.zeros(4, jnp.int32), jnp.array([0, 1, 1, 2])))
    other = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=0)
    other_handle = other.xla().handle
    with pytest.raises(jax.errors.JaxRuntimeError, match="not this pool's handle"):
        jax.block_until_ready(jitted_step(other_handle, jnp.zeros(4, jnp.int32)))
    other.close()
    handle, (obs, reward, *_rest, info) = jitted_step(handle, jnp.ones(4, jnp.int32))
    np.testing.assert_array_equal(info["elapsed_step"], np.ones(4))
    with pytest.raises(jax.errors.JaxRuntimeError, match="recv\\(\\): no env is running"):
        jax.block_until_ready(jax.jit(recv)(handle))


def test_closed_and_destroyed_pools() -> None:
    """A compiled program outliving its pool gets an error, never a dangling pointer."""
    env = parallel_pool.make_vec("CartPole-v1", num_envs=2, seed=0)
    handle, recv, send, step = env.xla()
    compiled_send = jax.jit(send).lower(handle, jnp.ones(2, jnp.int32)).compile()
    env.close()
    with pytest.raises(RuntimeError, match="pool closed"):
        env.xla()
    with pytest.raises(RuntimeError, match="pool closed"):
        jax.jit(recv)(handle)
    with pytest.raises(jax.errors.JaxRuntimeError, match="pool closed"):
        jax.block_until_ready(compiled_send(handle, jnp.ones(2, jnp.int32)))
    del env, recv, send, step  # the compiled program holds no reference to the pool
    gc.collect()
    with pytest.raises(jax.errors.JaxRuntimeError, match="pool gone"):
        jax.block_until_ready(compiled_send(handle, jnp.ones(2, jnp.int32)))


def test_import_parallel_pool_does_not_import_jax() -> None:
    code = "import sys, parallel_pool; assert 'jax' not in sys.modules, 'jax imported'"
    subprocess.run([sys.executable, "-W", "ignore", "-c", code], check=True)


def test_without_jax_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=1)
    monkeypatch.setitem(sys.modules, "jax", None)  # import jax now raises ImportError
    with pytest.raises(RuntimeError, match="xla\\(\\) needs jax"):
        env.xla()
    env.close()


# ------------------------------------------------------------------ EnvPool


@pytest.mark.skipif(not HAS_ENVPOOL, reason="envpool not installed")
def test_same_as_envpool_xla() -> None:
    """The same jitted code on EnvPool 1.2.5's xla() and ours: Pong without the
    seed-dependent draws (noop_max=1, see atari_test) gives identical rollouts; the
    handle, send's result and recv's result have the same types, shapes and dtypes."""
    num_envs = 2
    theirs = envpool.make_gymnasium("Pong-v5", num_envs=num_envs, seed=0, noop_max=1)
    ours = parallel_pool.make_vec("Pong-v5", num_envs=num_envs, seed=0, noop_max=1)
    actions = random_actions(ours, 50, seed=1)
    results = []
    for env in (theirs, ours):
        handle, recv, send, step = env.xla()
        assert isinstance(handle, np.ndarray) and handle.dtype == np.uint8 and handle.shape == (8,)
        assert jax.eval_shape(send, handle, actions[0]).shape == handle.shape
        results.append(xla_rollout(env, actions, fused_step=False))
    (obs_a, rew_a, term_a, trunc_a, info_a), (obs_b, rew_b, term_b, trunc_b, info_b) = results
    for a, b in ((obs_a, obs_b), (rew_a, rew_b), (term_a, term_b), (trunc_a, trunc_b)):
        assert a.shape == b.shape and a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)
    for key in ("env_id", "elapsed_step", "lives"):
        np.testing.assert_array_equal(info_a[key], info_b[key])
    np.testing.assert_array_equal(info_a["players"]["env_id"], info_b["players"]["env_id"])
    theirs.close()
    ours.close()


@pytest.mark.parametrize("function", ["recv", "send", "step"])
def test_vmap_is_a_clear_error_and_the_pool_carries_on(function: str) -> None:
    """Under jax.vmap each function raises a ValueError naming itself and vmap (no batching
    rule exists: one pool, one handle); nothing was stepped, so the pool still runs."""
    env = parallel_pool.make_vec("CartPole-v1", num_envs=2, seed=5)
    reference = parallel_pool.make_vec("CartPole-v1", num_envs=2, seed=5)
    functions = env.xla()
    handle = functions.handle
    env.async_reset()
    handles = jnp.stack([jnp.asarray(handle)] * 3)
    actions = jnp.ones((3, 2), jnp.int32)
    vmapped = {
        "recv": lambda: jax.vmap(functions.recv)(handles),
        "send": lambda: jax.vmap(lambda a: functions.send(handle, a))(actions),
        "step": lambda: jax.vmap(lambda h, a: functions.step(h, a, env_id=None))(handles, actions),
    }[function]
    with pytest.raises(ValueError, match=f"xla\\(\\): {function} cannot be used under jax.vmap"):
        vmapped()
    handle, (obs, *_) = jax.jit(functions.recv)(handle)
    handle, (obs, reward, *_) = jax.jit(functions.step)(handle, jnp.ones(2, jnp.int32))
    reference.reset()
    expected = reference.step(np.ones(2, np.int32))
    np.testing.assert_array_equal(obs, expected[0])
    np.testing.assert_array_equal(reward, as_xla(expected[1]))
    env.close()
    reference.close()
