"""Interruptions (issue 10, item 4; docs/reliability.md): Ctrl-C, fork, exit, close.

Anything that could hang runs in a child interpreter under a timeout, so a
regression fails the test instead of hanging it. The slow env is the core's
CounterEnv (parallel_pool/core/test_envs.h, bound for tests only): each step
sleeps `sleep_us * (1 + env_id % 3)`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import parallel_pool
from parallel_pool.python.testing.api import assert_polled_recv_returns_each_env_once

# Defines slow_pool() in a child interpreter (and here, by exec).
_PRELUDE = textwrap.dedent(
    """
    import atexit, json, os, signal, sys, threading, time

    # Exit hooks that run after parallel_pool's (atexit runs the last registered first).
    _late_exit_hooks = []
    atexit.register(lambda: [hook() for hook in _late_exit_hooks])
    atexit_register = _late_exit_hooks.append

    import numpy as np
    import parallel_pool
    from parallel_pool.core import test_envs_module
    from parallel_pool.python.api import py_env

    CounterSpec, _, _, CounterGymnasium = py_env(test_envs_module._CounterEnvSpec, test_envs_module._CounterEnvPool)

    def slow_pool(num_envs, sleep_ms, batch_size=0, num_threads=1):
        # Steps take sleep_ms, 2 * sleep_ms or 3 * sleep_ms (env_id % 3); episodes never end.
        config = CounterSpec.default_config()
        config.update(num_envs=num_envs, batch_size=batch_size, num_threads=num_threads,
                      sleep_us=int(sleep_ms * 1000), episode_length=10**6, max_episode_steps=10**6)
        return CounterGymnasium(CounterSpec(tuple(config.values())))

    def report(**values):
        print("RESULT " + json.dumps(values), flush=True)
    """
)

namespace: dict = {}
exec(_PRELUDE, namespace)
slow_pool = namespace["slow_pool"]


def run_child(*bodies: str, timeout: float = 60.0) -> tuple[dict, subprocess.CompletedProcess]:
    """Runs `bodies` after the prelude in a fresh interpreter; returns what it report()ed."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    proc = subprocess.run(
        [sys.executable, "-c", _PRELUDE + "".join(textwrap.dedent(b) for b in bodies)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    results: dict = {}
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            results.update(json.loads(line[len("RESULT ") :]))
    return results, proc


def actions(n: int) -> np.ndarray:
    return np.ones(n, dtype=np.int32)


# --------------------------------------------------------------------- Ctrl-C

# Sends SIGINT to this process after `delay` s from a timer thread, waits in
# `call`, and reports how long KeyboardInterrupt took to arrive.
_SIGINT_AFTER = """
def interrupt(call, delay):
    sent = []
    def fire():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)
    timer = threading.Timer(delay, fire)
    start = time.perf_counter()
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        caught = time.perf_counter()
        return caught - sent[0], caught - start
    finally:
        timer.join()
    raise AssertionError("the call returned before the signal came")
"""


def test_sigint_interrupts_a_sync_step_quickly_and_the_pool_goes_on() -> None:
    # 32 envs of 10-30 ms steps: about 0.3 s a batch with one worker and the caller.
    results, proc = run_child(
        _SIGINT_AFTER,
        """
        env = slow_pool(num_envs=32, sleep_ms=10)
        env.reset()
        latencies, elapsed = [], []
        for _ in range(3):
            latency, waited = interrupt(lambda: env.step(np.ones(32, dtype=np.int32)), 0.1)
            latencies.append(latency)
            # The interrupted step goes on; the next step drops its results and steps again.
            obs, rew, term, trunc, info = env.step(np.ones(32, dtype=np.int32), env.all_env_ids)
            elapsed.append(sorted(set(info["elapsed_step"].tolist())))
        report(latencies=latencies, elapsed=elapsed, rows=len(rew))
        """,
    )
    assert proc.returncode == 0, proc.stderr
    assert max(results["latencies"]) < 0.1, results
    assert results["rows"] == 32
    assert results["elapsed"] == [[2], [4], [6]]


def test_sigint_interrupts_a_first_step_that_costs_more_than_its_resets() -> None:
    # The first step of a slow env whose resets are cheap: the pool's cost estimate says
    # "run inline" and is wrong; the inline run must hand the rest over and answer Ctrl-C.
    results, proc = run_child(
        _SIGINT_AFTER,
        """
        env = slow_pool(num_envs=32, sleep_ms=10)
        env.reset()
        latency, waited = interrupt(lambda: env.step(np.ones(32, dtype=np.int32)), 0.1)
        report(latency=latency)
        """,
    )
    assert proc.returncode == 0, proc.stderr
    assert results["latency"] < 0.1, results


def test_sigint_interrupts_an_async_recv_and_the_batch_is_not_lost() -> None:
    results, proc = run_child(
        _SIGINT_AFTER,
        """
        env = slow_pool(num_envs=32, batch_size=16, sleep_ms=20)
        env.async_reset()
        obs, rew, term, trunc, info = env.recv()
        env.send(np.ones(16, dtype=np.int32), info["env_id"])
        obs, rew, term, trunc, info = env.recv()
        ids = info["env_id"]
        env.send(np.ones(16, dtype=np.int32), ids)
        latency, waited = interrupt(env.recv, 0.05)
        obs, rew, term, trunc, info = env.recv()  # the batch the interrupted recv waited for
        report(latency=latency, rew=rew.tolist(), elapsed=info["elapsed_step"].tolist())
        """,
    )
    assert proc.returncode == 0, proc.stderr
    assert results["latency"] < 0.1, results
    assert results["rew"] == [1] * 16
    assert results["elapsed"] == [1] * 16


def test_a_handler_that_returns_runs_during_the_wait_which_goes_on() -> None:
    # A handler that does not raise (SIGUSR1 here) runs during the wait, not after it.
    results, proc = run_child(
        """
        fired, seen = [], []
        signal.signal(signal.SIGUSR1, lambda *_: seen.append(time.perf_counter()))
        def fire():
            fired.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGUSR1)
        env = slow_pool(num_envs=16, sleep_ms=10)
        env.reset()
        timer = threading.Timer(0.05, fire)
        timer.start()
        obs, rew, term, trunc, info = env.step(np.ones(16, dtype=np.int32), env.all_env_ids)
        end = time.perf_counter()
        timer.join()
        report(latency=seen[0] - fired[0], left=end - seen[0], elapsed=info["elapsed_step"].tolist())
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert results["latency"] < 0.1, results
    assert results["left"] > 0.02, results  # the step went on after the handler ran
    assert results["elapsed"] == [1] * 16


# ----------------------------------------------------------------------- fork


def test_fork_child_gets_a_clear_error_from_the_parents_pool_and_can_make_its_own() -> None:
    results, proc = run_child(
        """
        import warnings
        warnings.simplefilter("ignore", DeprecationWarning)  # fork() of a threaded process
        parent_pool = parallel_pool.make_vec("CartPole-v1", num_envs=4, num_threads=2)
        parent_pool.reset()
        slow = slow_pool(num_envs=4, batch_size=2, sleep_ms=50)
        slow.async_reset()
        slow.recv()
        slow.send(np.ones(2, dtype=np.int32))  # still in flight at the fork
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            out = {}
            for name, call in (
                ("step", lambda: parent_pool.step(np.zeros(4, dtype=np.int32))),
                ("reset", lambda: parent_pool.reset()),
                ("recv", lambda: slow.recv()),
                ("send", lambda: slow.send(np.ones(2, dtype=np.int32), np.array([0, 1]))),
            ):
                try:
                    call()
                    out[name] = "no error"
                except RuntimeError as error:
                    out[name] = str(error)
            own = parallel_pool.make_vec("CartPole-v1", num_envs=4, num_threads=2)
            own.reset()
            for _ in range(10):
                own.step(np.zeros(4, dtype=np.int32))
            own_slow = slow_pool(num_envs=4, sleep_ms=1, num_threads=2)
            own_slow.reset()
            _, rew, _, _, _ = own_slow.step(np.ones(4, dtype=np.int32))
            out["own"] = rew.tolist()
            parent_pool.close()  # closing the parent's copy is allowed (and frees nothing)
            os.write(write, json.dumps(out).encode())
            os._exit(0)  # also try the normal exit path below in a second child
        os.close(write)
        with os.fdopen(read) as f:
            child = json.loads(f.read())
        _, status = os.waitpid(pid, 0)
        # A child that exits normally (interpreter teardown destroys the copies) must not hang.
        pid2 = os.fork()
        if pid2 == 0:
            del parent_pool, slow
            sys.exit(0)
        _, status2 = os.waitpid(pid2, 0)
        # The parent's pools still work.
        parent_pool.step(np.zeros(4, dtype=np.int32))
        slow.recv()
        report(child=child, status=status, status2=status2)
        """,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    child = results["child"]
    for name in ("step", "reset", "recv", "send"):
        assert "fork" in child[name] and "Make a new pool in the child" in child[name], child
    assert child["own"] == [1, 1, 1, 1]
    assert results["status"] == 0 and results["status2"] == 0


# ----------------------------------------------------------------------- exit


def run_child_exiting_quickly(body: str) -> dict:
    """Runs `body` in a child (run_child, 30 s at most), which must exit cleanly within
    2 s more than a child that only makes a pool takes; returns what it report()ed."""
    start = time.perf_counter()
    results, proc = run_child(body, timeout=30)
    took = time.perf_counter() - start
    assert proc.returncode == 0, proc.stderr
    # Starting the interpreter and importing takes about a second of that.
    assert took < 2.0 + _startup_seconds(), took
    return results


def test_interpreter_exit_with_sends_in_flight_is_quick() -> None:
    # 64 envs of 100-300 ms steps, one worker: about 13 s of queued work at exit.
    results = run_child_exiting_quickly(
        """
        env = slow_pool(num_envs=64, batch_size=8, sleep_ms=100)
        env.async_reset()
        env.recv()
        for _ in range(7):
            env.recv()
            env.send(np.ones(8, dtype=np.int32))
        report(in_flight=env._pool._in_flight)
        """
    )
    assert results["in_flight"] > 8


def test_pools_still_open_at_exit_are_closed_first() -> None:
    # A pool that is never freed (a leaked reference) is closed by an atexit hook, so its
    # workers do not run env steps into the interpreter's teardown. atexit runs handlers
    # last-registered first: this one, registered before parallel_pool is imported, runs
    # after the pool's and sees it closed.
    results = run_child_exiting_quickly(
        """
        import ctypes
        env = slow_pool(num_envs=16, batch_size=4, sleep_ms=100)
        env.async_reset()
        env.recv()
        env.send(np.ones(4, dtype=np.int32))
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(env))  # never freed
        leaked = env._pool
        def check():
            report(closed=leaked._closed, in_flight=leaked._in_flight)
        atexit_register(check)
        """
    )
    assert results == {"closed": True, "in_flight": 16}


_STARTUP: list[float] = []


def _startup_seconds() -> float:
    """What a child that only imports and makes a pool takes (measured once)."""
    if not _STARTUP:
        start = time.perf_counter()
        run_child("env = slow_pool(num_envs=2, sleep_ms=1)\n")
        _STARTUP.append(time.perf_counter() - start)
    return _STARTUP[0]


# ------------------------------------------------------------ out of threads


def test_worker_threads_that_cannot_start_are_an_error_naming_num_threads() -> None:
    # Found by the fuzzer (num_threads=4096 under a memory limit): a worker thread that
    # could not start ended the process (a joinable std::thread destroyed: terminate).
    # With the address space capped, 64 threads' stacks (8 MiB each) do not fit.
    results, proc = run_child(
        """
        import resource
        def vm_size():
            with open("/proc/self/status") as f:
                return next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmSize"))
        limit = vm_size() + 200 * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        threads = len(os.listdir("/proc/self/task"))
        try:
            parallel_pool.make_vec("CartPole-v1", num_envs=64, num_threads=64)
            error = "none"
        except RuntimeError as e:
            error = str(e)
        left = len(os.listdir("/proc/self/task")) - threads
        env = parallel_pool.make_vec("CartPole-v1", num_envs=4, num_threads=2)
        env.reset()
        _, rew, _, _, _ = env.step(np.zeros(4, dtype=np.int32))
        report(error=error, left=left, rew=rew.tolist())
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert results["error"].startswith("num_threads: could not start worker thread "), results
    assert results["left"] == 0 and results["rew"] == [1, 1, 1, 1]


# ---------------------------------------------------------------------- close


def test_close_while_another_thread_waits_in_recv_raises_there() -> None:
    env = slow_pool(num_envs=8, batch_size=4, sleep_ms=200)
    env.async_reset()
    env.recv()
    env.send(actions(4))
    env.recv()
    env.send(actions(4))
    errors: list[BaseException] = []
    returned: list[float] = []

    def wait() -> None:
        try:
            env.recv()
        except BaseException as error:  # checked below
            errors.append(error)
        returned.append(time.perf_counter())

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.05)
    start = time.perf_counter()
    env.close()
    closed = time.perf_counter()
    waiter.join(timeout=10)
    assert not waiter.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], RuntimeError), errors
    assert "pool closed" in str(errors[0])
    # close() waits for the env steps already running (up to 0.6 s), not for the queue.
    assert closed - start < 1.0
    assert returned[0] - start < 1.0


def test_close_from_a_signal_handler_during_a_wait() -> None:
    results, proc = run_child(
        """
        env = slow_pool(num_envs=16, sleep_ms=20)
        env.reset()
        signal.signal(signal.SIGUSR1, lambda *_: env.close())
        threading.Timer(0.05, lambda: os.kill(os.getpid(), signal.SIGUSR1)).start()
        try:
            env.step(np.ones(16, dtype=np.int32))
            report(error="none")
        except RuntimeError as error:
            report(error=str(error))
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert "pool closed" in results["error"]


def test_deleting_a_pool_while_another_thread_waits_never_crashes() -> None:
    # The waiting call holds a reference, so `del` cannot free the pool under it: the
    # recv() completes normally, then the pool is freed (its threads joined).
    results, proc = run_child(
        """
        import gc
        threads_at_start = len(os.listdir("/proc/self/task"))
        env = slow_pool(num_envs=8, batch_size=4, sleep_ms=100, num_threads=2)
        env.async_reset()
        env.recv()
        env.send(np.ones(4, dtype=np.int32))
        env.recv()
        env.send(np.ones(4, dtype=np.int32))
        out = {}
        def wait(pool):
            try:
                out["rows"] = len(pool.recv()[1])
            except BaseException as error:
                out["error"] = repr(error)
        waiter = threading.Thread(target=wait, args=(env,))
        waiter.start()
        time.sleep(0.05)
        del env
        gc.collect()
        waiter.join(10)
        gc.collect()
        report(alive=waiter.is_alive(), threads_left=len(os.listdir("/proc/self/task")) - threads_at_start, **out)
        """
    )
    assert proc.returncode == 0, proc.stderr
    # The workers are joined once the last reference (the waiter's) goes.
    assert results == {"alive": False, "rows": 4, "threads_left": 0}


@pytest.mark.parametrize("make", [parallel_pool.make_gymnasium, parallel_pool.make_gym, parallel_pool.make_dm])
def test_close_is_idempotent_and_every_call_after_it_raises(make) -> None:
    env = make("CartPole-v1", num_envs=4, batch_size=2)
    env.async_reset()
    env.close()
    env.close()
    calls = {
        "reset": lambda: env.reset(),
        "step": lambda: env.step(np.zeros(2, dtype=np.int32), np.array([0, 1])),
        "send": lambda: env.send(np.zeros(2, dtype=np.int32), np.array([0, 1])),
        "recv": lambda: env.recv(),
        "async_reset": lambda: env.async_reset(),
    }
    for name, call in calls.items():
        with pytest.raises(RuntimeError, match="pool closed"):
            call()
        assert name  # every method raised
    # The C++ pool itself refuses too (a thread that passed the Python check first).
    assert env._pool._closed
    with pytest.raises(RuntimeError, match="pool closed"):
        env._pool._recv()
    with pytest.raises(RuntimeError, match="pool closed"):
        env._pool._reset(None)
    env.close()
    assert "num_envs=4" in repr(env) and len(env) == 4  # plain attributes still answer


def test_close_of_a_pool_with_work_queued_is_quick() -> None:
    env = slow_pool(num_envs=64, batch_size=8, sleep_ms=50)  # 6 s of queued work
    env.async_reset()
    env.recv()
    for _ in range(7):
        env.send(actions(8))
        env.recv()
    env.send(actions(8))
    start = time.perf_counter()
    env.close()
    assert time.perf_counter() - start < 0.5


# ------------------------------------------------------------ recv(timeout)


def test_recv_timeout_raises_in_time_and_loses_nothing() -> None:
    """Sync mode: a recv() whose timeout passes raises TimeoutError at once (it only waits,
    it runs no env itself); the envs go on and the next recv() returns their batch."""
    env = slow_pool(3, 100)  # steps of 0.1, 0.2 and 0.3 s
    env.reset()
    ones = np.ones(3, dtype=np.int64)
    env.send(ones)
    start = time.monotonic()
    with pytest.raises(TimeoutError, match=r"the next recv\(\) returns it"):
        env.recv(timeout=0.02)
    assert time.monotonic() - start < 0.09  # before the fastest env's step ended
    with pytest.raises(ValueError, match="env 0 is still running; recv"):
        env.step(ones)  # its batch is still to be received, not dropped
    obs, _, _, _, info = env.recv(timeout=10)
    assert info["env_id"].tolist() == [0, 1, 2]
    assert obs[:, 1:].tolist() == [[1, 1]] * 3  # [elapsed_step, last action]: the step sent
    time.sleep(0.35)
    env.send(ones)
    env.recv()
    obs, *_ = env.step(ones)  # the pool goes on as before
    assert obs[:, 1].tolist() == [3] * 3
    env.close()


def test_recv_timeout_in_async_mode_keeps_every_result() -> None:
    """Async mode: polling recv(timeout=...) until every env came back gives each env's
    result exactly once, whatever the timeouts in between."""
    env = slow_pool(4, 50, batch_size=2, num_threads=4)  # steps of 50-150 ms
    env.async_reset()
    env.recv()
    env.recv()
    assert_polled_recv_returns_each_env_once(env, np.ones(4, dtype=np.int64), timeout=0.005, batch_size=2)
    time.sleep(0.2)
    env.send(np.ones(2, dtype=np.int64), np.array([0, 1], dtype=np.int32))
    time.sleep(0.4)
    assert sorted(env.recv(timeout=0)[4]["env_id"].tolist()) == [0, 1]  # ready: timeout 0 takes it
    env.close()


@pytest.mark.parametrize(
    ("timeout", "error", "match"),
    [
        (-1, ValueError, r"timeout: expected a finite number of seconds >= 0 \(None: no timeout\), got -1"),
        (float("nan"), ValueError, "timeout: expected a finite number"),
        (float("inf"), ValueError, "timeout: expected a finite number"),
        ("1", TypeError, "timeout: expected None or a number of seconds, got str '1'"),
        (True, TypeError, "timeout: expected None or a number of seconds, got bool True"),
        ([1.0], TypeError, "timeout: expected None or a number of seconds"),
    ],
)
@pytest.mark.parametrize("make", [parallel_pool.make_gymnasium, parallel_pool.make_gym, parallel_pool.make_dm])
def test_a_bad_recv_timeout_is_refused_and_nothing_changes(make, timeout, error, match) -> None:
    env = make("CartPole-v1", num_envs=2)
    env.async_reset()
    with pytest.raises(error, match=match):
        env.recv(timeout=timeout)
    env.recv(timeout=np.float32(10))  # the reset's batch is still there
    env.close()
