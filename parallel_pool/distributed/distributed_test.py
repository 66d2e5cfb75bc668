"""The distributed pool on a local Ray cluster of three nodes (one CPU each), against local pools.

The cluster starts once for the module (ray.cluster_utils.Cluster, about
10-20 s here) in a temporary directory of its own; the last test shuts it
down and checks that no process it started is left.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

import numpy as np
import pytest
import ray
from ray.cluster_utils import Cluster

import parallel_pool
import parallel_pool.distributed as ppd
from parallel_pool.core import test_envs_module
from parallel_pool.python.api import py_env
from parallel_pool.python.testing.api import assert_polled_recv_returns_each_env_once
from templates.several_players import registration  # noqa: F401  (SeveralPlayers-v0, an exact test env)

# CounterEnv (parallel_pool/core/test_envs.h): env `fail_env` (a local id, so one
# per actor) throws on its `fail_step`-th step. Registered here and, through
# Ray's worker setup hook, in every worker process of the cluster.
CounterSpec, CounterDM, CounterGym, CounterGymnasium = py_env(
    test_envs_module._CounterEnvSpec, test_envs_module._CounterEnvPool
)
COUNTER = "DistributedTestCounter-v0"


def register_counter() -> None:
    if COUNTER not in parallel_pool.list_all_envs():
        parallel_pool.register(COUNTER, __name__, "CounterSpec", "CounterDM", "CounterGymnasium", gym_cls="CounterGym")


register_counter()

NODES = 3


def _descendants(pid: int) -> set[int]:
    """Every live (not zombie) process below `pid`."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class LocalCluster:
    """NODES single-CPU nodes on this machine, in a temporary directory of their own."""

    def __init__(self) -> None:
        self.tmp = tempfile.mkdtemp(prefix="pp_ray_", dir="/tmp")  # short: Ray's socket paths
        os.environ["RAY_TMPDIR"] = self.tmp
        node = {"num_cpus": 1, "object_store_memory": 80 << 20, "include_dashboard": False}
        self.cluster = Cluster(initialize_head=True, head_node_args=node)
        for _ in range(NODES - 1):
            self.cluster.add_node(**{k: v for k, v in node.items() if k != "include_dashboard"})
        ray.init(
            address=self.cluster.address,
            logging_level="error",
            runtime_env={"worker_process_setup_hook": f"{__name__}.register_counter"},
        )
        self.processes = _descendants(os.getpid())
        self.down = False

    def shutdown(self) -> set[int]:
        """Shuts Ray and the cluster down; returns the processes it started that are still alive."""
        if self.down:
            return set()
        self.down = True
        started = _descendants(os.getpid()) | self.processes
        ray.shutdown()
        self.cluster.shutdown()
        deadline = time.monotonic() + 30
        alive = started & _descendants(os.getpid())
        while alive and time.monotonic() < deadline:
            time.sleep(0.2)
            alive = started & _descendants(os.getpid())
        shutil.rmtree(self.tmp, ignore_errors=True)
        return alive


@pytest.fixture(scope="module")
def cluster():
    local = LocalCluster()
    yield local
    local.shutdown()


@pytest.fixture()
def pools(cluster):
    """Closes the pools a test made, whatever happened."""
    made: list[Any] = []
    yield made
    for pool in made:
        pool.close()


def assert_same(a: Any, b: Any, where: str = "") -> None:
    """Equal results, field by field (arrays exactly, dtype included)."""
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for k in a:
            assert_same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, tuple):
        # dm_env's observation is a namedtuple made per pool: compare its fields.
        assert getattr(a, "_fields", None) == getattr(b, "_fields", None) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{where}[{i}]")
    else:
        a, b = np.asarray(a), np.asarray(b)
        assert a.dtype == b.dtype and a.shape == b.shape, f"{where}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
        np.testing.assert_array_equal(a, b, err_msg=where)


def both(pools: list, make: str, task: str, **config: Any) -> tuple[Any, Any]:
    """(a distributed pool, a local pool) of the same task, config and seeds."""
    remote = getattr(ppd, make)(task, **config)
    pools.append(remote)
    local = getattr(parallel_pool, make)(task, **config)
    pools.append(local)
    return remote, local


def all_cpus_free(timeout_s: float = 20.0) -> bool:
    """Whether every CPU of the cluster is free again (Ray frees them shortly after a kill)."""
    deadline = time.monotonic() + timeout_s
    while ray.available_resources().get("CPU") != NODES:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def still_running(pids: list[int], timeout_s: float) -> list[int]:
    """The processes of `pids` still running after waiting up to `timeout_s` for them to end."""
    deadline = time.monotonic() + timeout_s
    running = [pid for pid in pids if os.path.exists(f"/proc/{pid}")]
    while running and time.monotonic() < deadline:
        time.sleep(0.05)
        running = [pid for pid in running if os.path.exists(f"/proc/{pid}")]
    return running


def assert_same_error(call: Any, remote: Any, local: Any) -> None:
    """`call(remote)` raises what `call(local)` raises: the same type and message."""
    errors = []
    for pool in (remote, local):
        try:
            call(pool)
        except Exception as error:
            errors.append((type(error), str(error)))
        else:
            errors.append(None)
    assert errors[1] is not None and errors[0] == errors[1], errors


# ---------------------------------------------------- sync mode, CartPole


@pytest.fixture(scope="module")
def cartpole(cluster):
    """(distributed, local) sync pools of 7 CartPole envs, seed 5: the tests below
    make the same calls on both, in file order, so they stay in lockstep."""
    remote = ppd.make_vec("CartPole-v1", num_envs=7, seed=5)
    local = parallel_pool.make_vec("CartPole-v1", num_envs=7, seed=5)
    yield remote, local
    remote.close()
    local.close()


def test_import_parallel_pool_imports_no_ray() -> None:
    code = "import parallel_pool, sys; assert 'ray' not in sys.modules, 'ray imported'"
    subprocess.run([sys.executable, "-c", code], check=True, env=dict(os.environ))


def test_one_actor_per_node_by_default_each_with_its_node_cpus(cartpole) -> None:
    remote, local = cartpole
    assert len(remote.actors) == NODES
    assert len(set(remote.actor_nodes)) == NODES
    assert remote.env_ranges == ((0, 3), (3, 5), (5, 7))
    assert remote.config["num_threads"] == 1
    assert_same(remote.all_env_ids, local.all_env_ids)
    assert remote.np_random_seed == local.np_random_seed
    assert remote.single_observation_space == local.single_observation_space
    assert remote.action_space == local.action_space


def test_sync_steps_equal_a_local_pools(cartpole) -> None:
    remote, local = cartpole
    assert_same(remote.reset(), local.reset(), "reset")
    rng = np.random.default_rng(1)
    for t in range(150):  # several episodes: next-step autoreset included
        action = rng.integers(0, 2, 7).astype(np.int32)
        assert_same(remote.step(action), local.step(action), f"step {t}")


def test_subsets_in_any_order_and_reset_mask_equal_a_local_pools(cartpole) -> None:
    remote, local = cartpole
    for ids in ([5, 0, 3], [1], [4, 2, 0, 6]):  # rows from several actors, out of order
        ones = np.ones(len(ids), dtype=np.int32)
        assert_same(remote.step(ones, ids), local.step(ones, ids))
        assert_same(remote.reset(ids), local.reset(ids))
    mask = np.array([True, False, False, True, True, False, True])
    assert_same(remote.reset(options={"reset_mask": mask}), local.reset(options={"reset_mask": mask}))
    # reset(seed=...) re-seeds the envs it resets, in the actors as locally.
    assert_same(remote.reset([6, 2, 4], seed=20), local.reset([6, 2, 4], seed=20))
    assert_same(remote.reset(seed=40), local.reset(seed=40))
    assert remote.np_random_seed == local.np_random_seed
    for _ in range(30):
        assert_same(remote.step(np.ones(7, np.int32)), local.step(np.ones(7, np.int32)))
    # send() twice, then one recv(): every row, in the order sent.
    for pool in (remote, local):
        pool.send(np.zeros(2, np.int32), [4, 1])
        pool.send(np.zeros(1, np.int32), [3])
    assert_same(remote.recv(), local.recv())


def test_bad_input_raises_what_a_local_pool_raises(cartpole) -> None:
    remote, local = cartpole
    bad_calls = [
        lambda p: p.step(np.zeros(3, np.int32)),
        lambda p: p.step(np.zeros(7, np.float32)),
        lambda p: p.step(np.full(7, 2, np.int32)),
        lambda p: p.step(np.full(7, 2**40)),
        lambda p: p.step(np.zeros(1, np.int32), [7]),
        lambda p: p.step(np.zeros(2, np.int32), [1, 1]),
        lambda p: p.step(np.zeros(1, np.int32), np.array([1.0])),
        lambda p: p.reset(seed=[3, 4]),  # a seed list must have one seed per env
        lambda p: p.recv(),  # nothing in flight
    ]
    for call in bad_calls:
        assert_same_error(call, remote, local)
    # Nothing stepped: both pools still agree.
    assert_same(remote.step(np.ones(7, np.int32)), local.step(np.ones(7, np.int32)))
    for pool in (remote, local):
        pool.send(np.zeros(1, np.int32), [2])
    assert_same_error(lambda p: p.send(np.zeros(1, np.int32), [2]), remote, local)  # still running
    assert_same(remote.recv(), local.recv())


def test_a_killed_actor_in_sync_mode_surfaces_naming_its_env_ids_and_close_ends_the_rest(cartpole) -> None:
    remote, _ = cartpole
    pids = [ray.get(actor.describe.remote())["pid"] for actor in remote.actors]
    ray.kill(remote.actors[1])
    # ray.kill only asks: a step sent before the actor is gone may still be served (seen
    # once in CI under load), so the test waits for its process to end.
    still_running([pids[1]], timeout_s=30)
    for _ in range(2):  # the call that finds out, and every later one
        with pytest.raises(ppd.ActorLostError, match=r"actor 1 .*envs 3\.\.4") as lost:
            remote.step(np.zeros(7, np.int32))
        assert lost.value.actor == 1 and lost.value.env_ids.tolist() == [3, 4]
    remote.close()
    remote.close()  # idempotent
    assert not still_running(pids, timeout_s=20)
    assert all_cpus_free()
    with pytest.raises(RuntimeError, match="pool closed"):
        remote.reset()


# ------------------------------------------------- sync mode, other flavours


def test_dm_pendulum_with_a_seed_list_and_autoreset_disabled_equals_a_local_pool(pools) -> None:
    config = {"num_envs": 5, "seed": [9, 1, 4, 100, 7], "autoreset_mode": "disabled", "max_episode_steps": 4}
    remote, local = both(pools, "make_dm", "Pendulum-v1", **config)
    assert remote.np_random_seed == local.np_random_seed == (9, 1, 4, 100, 7)
    zero = np.zeros((5, 1), np.float32)
    assert_same_error(lambda p: p.step(zero), remote, local)  # never reset
    assert_same(remote.reset(), local.reset())
    assert_same_error(lambda p: p.step(zero * np.nan), remote, local)
    rng = np.random.default_rng(2)
    for t in range(4):
        action = rng.uniform(-3, 3, (5, 1)).astype(np.float32)  # out of bounds: clipped by each env
        assert_same(remote.step(action), local.step(action), f"step {t}")
    # Truncated now: stepping an env is refused until it is reset.
    assert_same_error(lambda p: p.step(zero[:1], [1]), remote, local)
    assert_same(remote.reset([3, 1]), local.reset([3, 1]))
    assert_same(remote.step(zero[:2], [1, 3]), local.step(zero[:2], [1, 3]))


def test_per_env_config_values_equal_a_local_pools(pools) -> None:
    # Each actor gets its envs' own values (docs/api.md, "Config values per env").
    config = {"num_envs": 5, "seed": 3, "g": [2.0, 5.0, 9.81, 15.0, 24.79], "max_episode_steps": [3, 9, 4, 6, 5]}
    remote, local = both(pools, "make_vec", "Pendulum-v1", **config)
    assert remote.config["g"] == local.config["g"] == config["g"]
    assert_same(remote.reset(), local.reset())
    rng = np.random.default_rng(3)
    for t in range(12):
        action = rng.uniform(-2, 2, (5, 1)).astype(np.float32)
        assert_same(remote.step(action), local.step(action), f"step {t}")


def test_gym_same_step_autoreset_equals_a_local_pool(pools) -> None:
    remote, local = both(pools, "make_gym", "CartPole-v1", num_envs=4, seed=0, autoreset_mode="same_step")
    assert_same(remote.reset(), local.reset())
    for t in range(60):
        action = np.full(4, t % 2, np.int32)
        assert_same(remote.step(action), local.step(action), f"step {t}")  # final_obs, final_info too


# --------------------------------------------------------------- async mode


def trajectories(pool: Any, rounds: int) -> dict[int, list]:
    """Each env's results in order, the action of env i's t-th step being (i + t) % 2."""
    steps: dict[int, int] = {}
    seen: dict[int, list] = {}
    pool.async_reset()
    for _ in range(rounds):
        obs, reward, terminated, truncated, info = pool.recv()
        ids = info["env_id"]
        for row, i in enumerate(ids.tolist()):
            seen.setdefault(i, []).append((obs[row].copy(), reward[row], terminated[row], truncated[row]))
        action = np.array([(i + steps.setdefault(i, 0)) % 2 for i in ids.tolist()], dtype=np.int32)
        for i in ids.tolist():
            steps[i] += 1
        pool.send(action, ids)
    return seen


def assert_same_trajectories(remote: Any, local: Any, num_envs: int, batch_size: int) -> None:
    got, want = trajectories(remote, 60), trajectories(local, 60)
    assert sorted(got) == list(range(num_envs))
    compared = 0
    for i, rows in got.items():
        common = min(len(rows), len(want.get(i, [])))
        for t in range(common):
            assert_same(tuple(map(np.asarray, rows[t])), tuple(map(np.asarray, want[i][t])), f"env {i} step {t}")
        compared += common
    assert compared >= 60 * batch_size // 2  # most of what ran was compared


def test_async_one_actor_batch_per_recv(pools) -> None:
    """b == batch_size: each recv() is one actor's batch, read-only object store memory."""
    remote, local = both(pools, "make_vec", "CartPole-v1", num_envs=12, batch_size=4, seed=11)
    assert remote.actor_batch_size == 4 and remote.env_ranges == ((0, 4), (4, 8), (8, 12))
    assert_same_trajectories(remote, local, 12, 4)
    # Every env is in flight now: take all three batches back.
    for _ in range(3):
        obs, *_, info = remote.recv()
        assert not obs.flags.writeable and not obs.flags.owndata
        assert len(set((info["env_id"] // 4).tolist())) == 1  # one actor's envs, global ids
        with pytest.raises(ValueError, match="read-only"):
            obs[0] = 0
    with pytest.raises(RuntimeError, match="no env is running"):
        remote.recv()
    remote.send(np.zeros(1, np.int32), info["env_id"][:1])  # part of an actor batch back
    with pytest.raises(RuntimeError, match="wait forever"):
        remote.recv()
    remote.send(np.zeros(3, np.int32), info["env_id"][1:])
    assert sorted(remote.recv()[4]["env_id"].tolist()) == sorted(info["env_id"].tolist())


def test_async_several_actor_batches_per_recv_and_a_killed_actor(pools) -> None:
    remote, local = both(pools, "make_vec", "CartPole-v1", num_envs=12, batch_size=6, seed=11)
    assert remote.actor_batch_size == 2  # 3 actor batches per recv()
    assert_same_trajectories(remote, local, 12, 6)
    error = None
    for t in range(200):
        if t == 3:
            ray.kill(remote.actors[1])
        try:
            *_, info = remote.recv()
        except ppd.ActorLostError as lost:
            error = lost
            break
        remote.send(np.zeros(6, np.int32), info["env_id"])
    assert error is not None and error.actor == 1 and error.env_ids.tolist() == [4, 5, 6, 7]
    assert "envs 4..7" in str(error)
    with pytest.raises(ppd.ActorLostError, match=r"envs 4\.\.7"):
        remote.send(np.zeros(6, np.int32), np.arange(6))
    remote.close()
    assert all_cpus_free()


# ------------------------------------------------------------------ errors


def test_an_env_error_names_the_global_env_and_the_pool_goes_on(pools) -> None:
    # fail_env=1 is local env 1 of each actor: global envs 1, 3 and 5 fail.
    remote = ppd.make_vec(COUNTER, num_envs=6, fail_env=1, fail_step=2, episode_length=100)
    pools.append(remote)
    remote.reset()
    ones = np.ones(6, np.int32)
    remote.step(ones)
    with pytest.raises(RuntimeError, match=r"^env [135]: env 1 failed on purpose"):
        remote.step(ones)
    obs, *_ = remote.step(ones)  # those envs restarted their episodes, the others went on
    assert obs.shape == (6, 3)


def test_recv_timeout_raises_and_loses_nothing(pools) -> None:
    """recv(timeout=...) on a distributed pool: TimeoutError while the actors' envs run, the
    batch kept for the next recv(), in sync and async mode."""
    remote = ppd.make_vec(COUNTER, num_envs=3, sleep_us=300_000, episode_length=100)  # steps of 0.3-0.9 s
    pools.append(remote)
    remote.reset()
    remote.send(np.ones(3, np.int32))
    start = time.monotonic()
    with pytest.raises(TimeoutError, match=r"the next recv\(\) returns it"):
        remote.recv(timeout=0.05)
    assert time.monotonic() - start < 0.25
    obs, *_ = remote.recv(timeout=30)
    assert obs[:, 1:].tolist() == [[1, 1]] * 3  # [elapsed_step, last action]: the step sent
    with pytest.raises(ValueError, match="timeout: expected a finite number"):
        remote.recv(timeout=-1.0)
    remote.close()  # its actors' CPUs, for the next pool's

    batched = ppd.make_vec(COUNTER, num_envs=4, batch_size=2, sleep_us=100_000, episode_length=100)
    pools.append(batched)
    batched.async_reset()
    batched.recv()
    batched.recv()
    assert_polled_recv_returns_each_env_once(batched, np.ones(4, np.int32), timeout=0.01, batch_size=2)


def test_ctrl_c_and_close_during_a_wait(pools) -> None:
    """Ctrl-C ends a wait within a poll and loses nothing; close() from another thread
    ends a wait with "pool closed"."""
    remote = ppd.make_vec(COUNTER, num_envs=3, sleep_us=500_000, episode_length=100)  # steps of 0.5-1.5 s
    pools.append(remote)
    remote.reset()
    sent: list[float] = []

    def sigint() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(0.1, sigint).start()
    with pytest.raises(KeyboardInterrupt):
        remote.step(np.ones(3, np.int32))
    assert time.monotonic() - sent[0] < 0.4  # long before the step (1.5 s) is done
    # The interrupted step did happen: the next one collects and drops it first.
    obs, *_ = remote.step(np.full(3, 2, np.int32))
    assert obs[:, 1:].tolist() == [[2, 2]] * 3  # [elapsed_step, last action]
    raised: list[BaseException] = []

    def wait() -> None:
        try:
            remote.step(np.ones(3, np.int32))
        except BaseException as error:
            raised.append(error)

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.1)
    remote.close()
    waiter.join(timeout=30)
    assert not waiter.is_alive()
    assert len(raised) == 1 and isinstance(raised[0], RuntimeError) and str(raised[0]).startswith("pool closed")


def test_options_are_checked(cluster) -> None:
    cases = [
        ({"num_actors": 0}, ValueError, "num_actors"),
        ({"num_actors": "2"}, TypeError, "num_actors"),
        ({"num_actors": 9}, ValueError, "num_actors"),
        ({"num_actors": 2, "envs_per_actor": 2}, ValueError, "disagree"),
        ({"batch_size": 4, "actor_batch_size": 3}, ValueError, "actor_batch_size"),
        ({"actor_batch_size": 2}, ValueError, "sync mode"),
        ({"placement_strategy": "NEAR"}, ValueError, "placement_strategy"),
        ({"num_envs": 0}, ValueError, "num_envs"),
        ({"max_num_players": 2}, ValueError, "max_num_players"),
        ({"render_mode": "rgb_array"}, ValueError, "render_mode: a distributed pool does not render"),
    ]
    for options, error, match in cases:
        config = {"num_envs": 8, **options}
        with pytest.raises(error, match=match):
            ppd.make_vec("SeveralPlayers-v0" if "max_num_players" in options else "CartPole-v1", **config)
    with pytest.raises(RuntimeError, match="did not fit"):
        ppd.make_vec("CartPole-v1", num_envs=4, num_actors=2, cpus_per_actor=4, placement_timeout_s=1)
    assert all_cpus_free()  # nothing left reserved


def test_shutdown_leaves_no_ray_process(cluster) -> None:
    assert _descendants(os.getpid()), "the cluster's processes should be children of this test"
    assert cluster.shutdown() == set()
