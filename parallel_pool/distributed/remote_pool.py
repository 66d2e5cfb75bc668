"""RemotePool: a family's C++ pool, as PoolBase calls it, made of Ray actors.

PoolBase (python/pool.py) drives one object with `_send`, `_recv`, `_step`,
`_reset`, `_close`, `_check_env_ids`, `_closed_message`, `_state_keys`,
`_final_keys` and `_in_flight` (the binding of core/py_env_pool.h). This class
answers those calls by splitting env ids among the actors (actor k holds the
global ids `ranges[k]`) and gathering their results, so the gym, gymnasium
and dm_env flavours run on it unchanged.

Sync mode (batch_size == num_envs): each actor's local pool is in sync mode;
a send becomes one `step` call per actor touched, and recv() gathers them
all, rows in the order the env ids were sent (as a local sync pool does).

Async mode: each actor's local pool has batch size b = actor_batch_size. A
send is one fire-and-forget `send` call per actor touched. The driver keeps
at most one `recv` call outstanding per actor, started once that actor has at
least b envs in flight not claimed by it. recv() waits (`ray.wait`) until
batch_size / b actor batches have arrived, whichever actors they come from,
oldest outstanding call first among those ready together, and returns them
concatenated. Batches that arrive beyond that wait in the object store for
the next recv().

Arrays come from the object store: read-only, and without a copy when the
batch is one actor batch (async mode with b == batch_size, or one actor).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import ray
from ray.exceptions import GetTimeoutError, RayActorError, RayError, RayTaskError

from parallel_pool.distributed import actions
from parallel_pool.distributed.layout import Layout
from parallel_pool.python.spec import ArraySpec

# env state on the driver: 0 idle, 1 running (sent, result not yet returned),
# 2 unknown (an error in an async actor batch lost track of it; the actor checks).
_IDLE, _RUNNING, _UNKNOWN = 0, 1, 2
# How long close() waits for the actors to close their pools before killing them.
_CLOSE_TIMEOUT_S = 10.0
# A wait returns to Python this often, so Ctrl-C (and other signal handlers) run
# during it, as in a local pool's wait (ray.wait itself does not run them).
_WAIT_POLL_S = 0.005


class ActorLostError(RuntimeError):
    """An actor of a distributed pool died (or its node did): its envs are lost.

    `actor` is its index, `env_ids` the global ids it held. The pool raises
    this from the call that found out and from every later call but close().
    """

    def __init__(self, message: str, actor: int, env_ids: np.ndarray) -> None:
        super().__init__(message)
        self.actor = actor
        self.env_ids = env_ids

    def __reduce__(self) -> tuple:
        return (type(self), (str(self), self.actor, self.env_ids))


_TIMEOUT_MESSAGE = (
    "recv(): no batch was ready within the timeout; its envs are still running, and the next recv() returns it"
)


def _wait(refs: list[ray.ObjectRef], num_returns: int, deadline: float | None = None) -> list[ray.ObjectRef]:
    """ray.wait, in slices of _WAIT_POLL_S: returns as soon as `num_returns` are ready.
    Past `deadline` (time.monotonic()) with fewer ready: TimeoutError, nothing taken."""
    while True:
        wait_s = _WAIT_POLL_S if deadline is None else max(0.0, min(_WAIT_POLL_S, deadline - time.monotonic()))
        ready, _ = ray.wait(refs, num_returns=num_returns, timeout=wait_s)
        if len(ready) >= num_returns:
            return ready
        if deadline is not None and time.monotonic() >= deadline:
            raise TimeoutError(_TIMEOUT_MESSAGE)


def _read_only(arr: np.ndarray) -> np.ndarray:
    arr.flags.writeable = False
    return arr


class RemotePool:
    """The envs of `layout`, hosted by `actors` (one PoolHost each, already constructed)."""

    def __init__(
        self,
        actors: Sequence[Any],
        layout: Layout,
        batch_size: int,
        describe: dict[str, Any],
        action_specs: Sequence[ArraySpec],
        autoreset_disabled: bool,
        on_close: Any = None,
    ) -> None:
        self._actors = list(actors)
        self._ranges = layout.ranges
        self._b = layout.actor_batch_size
        self._sync = self._b == 0
        self._num_envs = layout.ranges[-1][1]
        self._batch_size = batch_size
        counts = [stop - start for start, stop in layout.ranges]
        self._owner = np.repeat(np.arange(len(counts), dtype=np.int32), counts)
        self._starts = np.array([start for start, _ in layout.ranges], dtype=np.int32)
        self._state_keys_list = list(describe["state_keys"])
        self._final_keys_list = list(describe["final_keys"])
        # What a closed pool raises: the actors' C++ pool's words.
        self._closed_message_text = str(describe["closed_message"])
        self._env_id_i = self._state_keys_list.index("info:env_id")
        self._done_i = self._state_keys_list.index("done")
        self._action_specs = list(action_specs)
        self._running = np.zeros(self._num_envs, dtype=np.int8)
        # Autoreset "disabled": which envs have an episode to step (the C++ check,
        # made here so that no actor steps when another would refuse).
        self._episode: np.ndarray | None = np.zeros(self._num_envs, dtype=bool) if autoreset_disabled else None
        self._on_close = on_close
        self._closed = False
        self._lost: ActorLostError | None = None
        # Async mode: envs in flight per actor (including those an outstanding recv
        # claims), the outstanding recv calls (oldest first), batches received.
        self._count = [0] * len(self._actors)
        self._outstanding: dict[int, ray.ObjectRef] = {}
        self._ready: list[tuple] = []
        # Sync mode: (result ref, actor, rows of the result) since the last recv.
        self._pending: list[tuple[ray.ObjectRef, int, Any]] = []
        self._pending_ids: list[np.ndarray] = []
        self._interrupted = False

    # ------------------------------------------------ what PoolBase reads

    @property
    def _state_keys(self) -> list[str]:
        return self._state_keys_list

    @property
    def _final_keys(self) -> list[str]:
        return self._final_keys_list

    @property
    def _closed_message(self) -> str:
        return self._closed_message_text

    @property
    def _in_flight(self) -> int:
        if self._sync:
            return int(sum(len(ids) for ids in self._pending_ids))
        return int(sum(self._count) + self._b * len(self._ready))

    # ------------------------------------------------ the calls PoolBase makes

    def _send(self, fields: tuple, env_ids: Any, players: Any) -> None:
        self._check()
        # An empty selection first, then the actions, then the rest of the env id
        # checks: the order of the C++ checks.
        actions.check_env_ids_given(np.asarray(env_ids))
        rows = len(np.asarray(env_ids))
        fields = tuple(actions.action_field(f, s, rows) for f, s in zip(fields, self._action_specs, strict=True))
        ids = self._prepare(env_ids, players)
        if self._sync:
            self._submit_sync(ids, lambda actor, part, local: actor.step.remote(tuple(f[part] for f in fields), local))
        else:
            for k, part, local in self._split(ids):
                actor, sent = self._actors[k], tuple(f[part] for f in fields)
                self._count[k] += len(local)
                if k not in self._outstanding and self._count[k] >= self._b:
                    # This actor now has a whole batch in flight: ask for it in the same call.
                    self._outstanding[k] = actor.send_recv.remote(sent, local)
                else:
                    actor.send.remote(sent, local)
        self._running[ids] = _RUNNING

    def _reset(self, env_ids: Any, seeds: list[int | None] | None = None) -> None:
        """Resets `env_ids` (all if None); `seeds`, one per env reset (None: keep its
        generator), re-seeds them first, as the local pool's `_reset` does."""
        self._check()
        ids = self._prepare(np.arange(self._num_envs, dtype=np.int32) if env_ids is None else env_ids, None, True)

        def seeds_of(part: Any) -> list[int | None] | None:
            if seeds is None:
                return None
            rows = range(len(ids))[part] if isinstance(part, slice) else part.tolist()
            return [seeds[i] for i in rows]

        if self._sync:
            self._submit_sync(ids, lambda actor, part, local: actor.reset_recv.remote(local, seeds_of(part)))
        else:
            for k, part, local in self._split(ids):
                self._count[k] += len(local)
                if k not in self._outstanding and self._count[k] >= self._b:
                    self._outstanding[k] = self._actors[k].reset_recv.remote(local, seeds_of(part))
                else:
                    self._actors[k].reset.remote(local, seeds_of(part))
        self._running[ids] = _RUNNING

    def _recv(self, timeout: float | None = None) -> tuple:
        """The next batch; `timeout` (seconds, checked by the caller): TimeoutError if it is
        not ready by then, with every result kept for the next recv()."""
        self._check()
        deadline = None if timeout is None else time.monotonic() + timeout
        out = self._recv_sync(deadline) if self._sync else self._recv_async(deadline)
        ids = out[self._env_id_i]
        self._running[ids] = _IDLE
        if self._episode is not None:
            self._episode[ids] = ~out[self._done_i]
        return out

    def _check_env_ids(self, env_ids: Any) -> None:
        actions.check_env_ids(np.asarray(env_ids), self._num_envs)

    def _step(self, fields: tuple, env_ids: Any, players: Any) -> tuple:
        self._send(fields, env_ids, players)
        return self._recv()

    def _close(self) -> None:
        """Closes every actor's pool, then ends the actors and frees their placement."""
        if self._closed:
            return
        self._closed = True
        # New containers, not cleared ones: a thread waiting in recv() holds the old.
        self._outstanding, self._ready, self._pending, self._pending_ids = {}, [], [], []
        if ray.is_initialized():  # not at interpreter exit, after Ray's own shutdown
            closing = [actor.close.remote() for actor in self._actors]
            try:
                ray.wait(closing, num_returns=len(closing), timeout=_CLOSE_TIMEOUT_S)
            except RayError:
                pass
            for actor in self._actors:
                try:
                    ray.kill(actor)
                except (RayError, ValueError):
                    pass
        if self._on_close is not None:
            self._on_close()

    # ------------------------------------------------------------ helpers

    def _check(self) -> None:
        if self._lost is not None:
            lost = self._lost
            raise ActorLostError(str(lost), lost.actor, lost.env_ids)

    def _prepare(self, env_ids: Any, players: Any, reset: bool = False) -> np.ndarray:
        """Checked global env ids; after an interrupted sync recv, that batch first (dropped)."""
        if players is not None:
            raise ValueError("players.env_id: a distributed pool runs one player per env; leave it out")
        if self._sync and self._interrupted:
            self._drop_pending()
        ids = actions.env_ids(env_ids, self._num_envs, self._running)
        if not reset and self._episode is not None:
            idle = ~self._episode[ids]
            if idle.any():
                raise ValueError(
                    f"env_id: env {ids[np.argmax(idle)]} has no episode running (it ended, or was never reset) "
                    "and autoreset_mode is 'disabled'; reset it first"
                )
        return ids

    def _split(self, ids: np.ndarray) -> Iterator[tuple[int, Any, np.ndarray]]:
        """(actor, rows of `ids` it holds (a slice when contiguous), its local ids), by actor."""
        owner = self._owner[ids]
        first, last = int(owner[0]), int(owner[-1])
        if first == last and (owner == first).all():
            yield first, slice(None), ids - self._starts[first]
            return
        order = np.argsort(owner, kind="stable")
        sorted_owner = owner[order]
        cuts = np.flatnonzero(np.diff(sorted_owner)) + 1
        for rows in np.split(order, cuts):
            k = int(owner[rows[0]])
            lo = int(rows[0])
            part: Any = slice(lo, lo + len(rows)) if rows[-1] - lo == len(rows) - 1 else rows
            yield k, part, ids[part] - self._starts[k]

    # ------------------------------------------------------------ sync mode

    def _submit_sync(self, ids: np.ndarray, call: Any) -> None:
        offset = int(sum(len(p) for p in self._pending_ids))
        for k, part, local in self._split(ids):
            # Where this actor's rows go in the recv() result (all sends since the last one).
            if isinstance(part, slice):
                lo = offset + (part.start or 0)
                rows: Any = slice(lo, lo + len(local))
            else:
                rows = part + offset
            self._pending.append((call(self._actors[k], part, local), k, rows))
        self._pending_ids.append(ids)

    def _gather(self, pending: list[tuple[ray.ObjectRef, int, Any]]) -> tuple[list[Any], BaseException | None]:
        """Every pending result (None where it failed) and the first failure."""
        refs = [ref for ref, _, _ in pending]
        _wait(refs, len(refs))
        try:
            return ray.get(refs), None
        except RayError:
            pass
        results: list[Any] = []
        failure: BaseException | None = None
        for ref, k, _ in pending:
            try:
                results.append(ray.get(ref))
            except RayError as error:
                results.append(None)
                failure = failure or self._failure(k, error)
        return results, failure

    def _recv_sync(self, deadline: float | None = None) -> tuple:
        if not self._pending:
            raise RuntimeError("recv(): no env is running; send() actions or async_reset() first")
        if deadline is not None:  # a timeout leaves the batch pending, not interrupted
            _wait([ref for ref, _, _ in self._pending], len(self._pending), deadline)
        self._interrupted = True  # until the results are in: an interrupt leaves them pending
        pending, pending_ids = self._pending, self._pending_ids
        results, failure = self._gather(pending)
        if self._closed:  # by another thread while this one waited
            raise RuntimeError(self._closed_message)
        self._interrupted = False
        self._pending, self._pending_ids = [], []
        ids = np.concatenate(pending_ids)
        if failure is not None:
            self._running[ids] = _IDLE
            raise failure
        total = len(ids)
        if len(results) == 1 and isinstance(pending[0][2], slice) and pending[0][2] == slice(0, total):
            return results[0]
        out = []
        for i, first in enumerate(results[0]):
            whole = np.empty((total, *first.shape[1:]), dtype=first.dtype)
            for result, (_, _, rows) in zip(results, pending, strict=True):
                whole[rows] = result[i]
            out.append(_read_only(whole))
        return tuple(out)

    def _drop_pending(self) -> None:
        """The results of a sync recv that Ctrl-C interrupted: the envs did step; drop them."""
        self._interrupted = True
        _, failure = self._gather(self._pending)
        self._interrupted = False
        self._running[np.concatenate(self._pending_ids)] = _IDLE
        self._pending, self._pending_ids = [], []
        if isinstance(failure, ActorLostError):
            raise failure

    # ------------------------------------------------------------ async mode

    def _issue_recvs(self) -> None:
        """A recv call for each actor that has a whole batch in flight not yet claimed."""
        for k, actor in enumerate(self._actors):
            if k not in self._outstanding and self._count[k] >= self._b:
                self._outstanding[k] = actor.recv.remote()

    def _recv_async(self, deadline: float | None = None) -> tuple:
        wanted = self._batch_size // self._b
        self._check_capacity(wanted)
        while len(self._ready) < wanted:
            self._issue_recvs()
            owners = {ref: k for k, ref in self._outstanding.items()}
            # A timeout keeps the batches gathered so far in _ready for the next recv().
            done = _wait(list(owners), 1, deadline)
            k = owners[done[0]]
            try:
                batch = ray.get(done[0])
            except RayError as error:
                self._outstanding.pop(k, None)
                self._count[k] -= self._b
                raise self._failure(k, error) from None
            if self._closed:  # by another thread while this one waited
                raise RuntimeError(self._closed_message)
            del self._outstanding[k]
            self._count[k] -= self._b
            self._ready.append(batch)
        batches, self._ready = self._ready[:wanted], self._ready[wanted:]
        if len(batches) == 1:
            return batches[0]
        return tuple(_read_only(np.concatenate(fields)) for fields in zip(*batches, strict=True))

    def _check_capacity(self, wanted: int) -> None:
        """The RuntimeError a local pool raises for a recv() that would wait forever."""
        can = len(self._ready) + sum(c // self._b for c in self._count)
        if can >= wanted:
            return
        running = sum(self._count) + self._b * len(self._ready)
        if running == 0:
            raise RuntimeError("recv(): no env is running; send() actions or async_reset() first")
        per_actor = ", ".join(f"actor {k}: {c}" for k, c in enumerate(self._count) if c)
        raise RuntimeError(
            f"recv(): only {running} envs are running ({per_actor}, {self._b * len(self._ready)} received) but "
            f"batch_size is {self._batch_size}, taken as {wanted} batches of {self._b} envs of one actor "
            "(actor_batch_size), so this recv() would wait forever; send() more first"
        )

    # ------------------------------------------------------------ failures

    def _failure(self, k: int, error: RayError) -> BaseException:
        """What to raise for actor k's failed call: the env's own error, or ActorLostError
        (or, if close() ended the actors while this call waited, what a closed pool raises)."""
        if self._closed:
            return RuntimeError(self._closed_message)
        if isinstance(error, RayTaskError) and not isinstance(error, RayActorError):
            cause = error.cause
            self._resync(k)
            if isinstance(cause, (ValueError, TypeError, RuntimeError)):
                return type(cause)(str(cause))
            return RuntimeError(f"actor {k}: {type(cause).__name__}: {cause}")
        start, stop = self._ranges[k]
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        self._lost = ActorLostError(
            f"actor {k} of this distributed pool (envs {start}..{stop - 1}) is gone "
            f"({type(error).__name__}: {first_line}); the episodes of env ids {start}..{stop - 1} are lost. "
            "close() this pool and make a new one",
            k,
            np.arange(start, stop, dtype=np.int32),
        )
        return ActorLostError(str(self._lost), k, self._lost.env_ids)

    def _resync(self, k: int) -> None:
        """After an error in actor k's batch: its true count; which envs it lost is unknown."""
        if self._sync:
            return  # the whole sync batch is over, every env idle (the caller marks them)
        try:
            self._count[k] = ray.get(self._actors[k].in_flight.remote(), timeout=_CLOSE_TIMEOUT_S)
        except (RayError, GetTimeoutError):
            return
        start, stop = self._ranges[k]
        envs = self._running[start:stop]
        envs[envs == _RUNNING] = _UNKNOWN if self._count[k] else _IDLE
        if not self._count[k]:
            envs[:] = _IDLE
