"""PoolHost (an actor's body) run in this process, without Ray: global ids out, errors named."""

from __future__ import annotations

import numpy as np
import pytest

import parallel_pool
from parallel_pool.distributed.host import PoolHost


def test_results_carry_global_env_ids_and_equal_a_local_pools_rows() -> None:
    host = PoolHost("CartPole-v1", {"num_envs": 3, "seed": [15, 16, 17]}, first_env_id=5)
    local = parallel_pool.make_dm("CartPole-v1", num_envs=8, seed=10)._pool  # envs 5..7 have seeds 15..17
    local._reset(None)
    for got, want in zip(host.reset_recv(None), local._recv(), strict=True):
        np.testing.assert_array_equal(got, want[5:8])
    action = np.array([1, 0, 1], dtype=np.int32)
    everywhere = np.zeros(8, dtype=np.int32)
    everywhere[5:] = action
    for got, want in zip(host.step((action,), np.arange(3)), local._step((everywhere,), np.arange(8), None)):
        np.testing.assert_array_equal(got, want[5:8])
    host.close()


def test_env_ids_in_error_messages_become_global() -> None:
    host = PoolHost("CartPole-v1", {"num_envs": 2, "batch_size": 1}, first_env_id=10)
    action = (np.zeros(1, dtype=np.int32),)
    host.reset(np.array([0, 1], dtype=np.int32))
    host.send(action, np.array([1], dtype=np.int32))  # env 1 is still resetting: kept, raised later
    with pytest.raises(ValueError, match=r"^env_id: env 11 is still running"):
        host.recv()
    assert str(host._globalised(RuntimeError("env 1: boom"))) == "env 11: boom"
    assert str(host._globalised(RuntimeError("envelope 1"))) == "envelope 1"
    host.close()
