"""PoolHost: the body of one Ray actor, a local pool of a contiguous range of envs.

The driver (remote_pool.RemotePool) wraps this class with `ray.remote` and
calls it with local env ids (0 .. n-1); results leave with global ids
(`info:env_id` + first_env_id), so the driver never rewrites an array the
object store hands it. Results are the local pool's flat tuple of numpy
arrays, which Ray stores out of band: the driver reads them without a copy.

A Ray actor runs one call at a time, in the order the driver submitted them,
and the local pool's calls hold its API lock anyway (a send waits for a recv
in progress), so nothing here needs a lock.
"""

from __future__ import annotations

import os
import re
from typing import Any

import numpy as np

# "env 3: ..." (the core's prefix naming the env that raised) and "env_id: env 3 ..."
# (a rejected send): the local id, to be turned into the global one.
_ENV_PREFIX = re.compile(r"^(env_id: )?env (\d+)\b")


class PoolHost:
    """Envs [first_env_id, first_env_id + config["num_envs"]) in one local pool."""

    def __init__(self, task_id: str, config: dict[str, Any], first_env_id: int) -> None:
        import parallel_pool  # in the actor's process; the driver's `import parallel_pool` imports no Ray

        # The dm flavour: the cheapest wrapper to build; only its C++ pool is used.
        from parallel_pool.python.pool import cpp_pool

        self._wrapper = parallel_pool.make_dm(task_id, **config)
        self._pool = cpp_pool(self._wrapper)
        self._first = first_env_id
        keys = list(self._pool._state_keys)
        finals = list(self._pool._final_keys)
        # Every field holding env ids: shifted to global ids before they leave.
        id_keys = ("info:env_id", "info:players.env_id")
        self._id_fields = [i for i, k in enumerate(keys) if k in id_keys]
        self._id_fields += [len(keys) + j for j, k in enumerate(finals) if k in id_keys]
        self._send_error: BaseException | None = None

    def describe(self) -> dict[str, Any]:
        """What the driver needs to know once: result fields, where the actor runs."""
        import ray

        context = ray.get_runtime_context()
        return {
            "state_keys": list(self._pool._state_keys),
            "final_keys": list(self._pool._final_keys),
            "closed_message": self._pool._closed_message,
            "node_id": context.get_node_id(),
            "node_ip": ray.util.get_node_ip_address(),
            "pid": os.getpid(),
            "num_threads": self._wrapper.config["num_threads"],
        }

    # Sends return nothing (the driver does not wait for them): a send the local
    # pool rejects is kept and raised by the next call that returns results.

    def send(self, fields: tuple, ids: np.ndarray) -> None:
        if self._send_error is None:
            try:
                self._pool._send(fields, ids, None)
            except Exception as error:
                self._send_error = error

    def reset(self, ids: np.ndarray | None, seeds: list[int | None] | None = None) -> None:
        if self._send_error is None:
            try:
                self._pool._reset(ids, seeds)
            except Exception as error:
                self._send_error = error

    def send_recv(self, fields: tuple, ids: np.ndarray) -> tuple:
        """send() then recv(): the next batch of this actor's envs, in one call."""
        self.send(fields, ids)
        return self.recv()

    def recv(self) -> tuple:
        self._raise_send_error()
        return self._global(self._call(self._pool._recv))

    def step(self, fields: tuple, ids: np.ndarray) -> tuple:
        self._raise_send_error()
        return self._global(self._call(self._pool._step, fields, ids, None))

    def reset_recv(self, ids: np.ndarray | None, seeds: list[int | None] | None = None) -> tuple:
        self._raise_send_error()
        self._call(self._pool._reset, ids, seeds)
        return self._global(self._call(self._pool._recv))

    def in_flight(self) -> int:
        return int(self._pool._in_flight)

    def close(self) -> None:
        self._wrapper.close()

    # ------------------------------------------------------------------ helpers

    def _raise_send_error(self) -> None:
        error, self._send_error = self._send_error, None
        if error is not None:
            raise self._globalised(error)

    def _call(self, method: Any, *args: Any) -> Any:
        try:
            return method(*args)
        except (ValueError, RuntimeError, TypeError) as error:
            raise self._globalised(error) from None

    def _globalised(self, error: BaseException) -> BaseException:
        """The same exception with "env <local id>: " turned into the global id."""
        message = str(error)
        match = _ENV_PREFIX.match(message)
        if match is None or not isinstance(error, (ValueError, RuntimeError, TypeError)):
            return error
        global_id = int(match.group(2)) + self._first
        return type(error)(f"{match.group(1) or ''}env {global_id}{message[match.end() :]}")

    def _global(self, out: tuple) -> tuple:
        if self._first == 0:
            return out
        shifted = list(out)
        for i in self._id_fields:
            shifted[i] = shifted[i] + np.int32(self._first)
        return tuple(shifted)
