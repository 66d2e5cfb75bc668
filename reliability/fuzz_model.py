"""The fuzzer's model of a pool's state (envs in flight, finished episodes, closed).

The runner (fuzz_runner.py) updates it after every call and asks it whether the
next call is valid, independently of the pool; the oracle (fuzz_oracle.py) checks
result batches against it; the inputs (fuzz_inputs.py) pick from it the env ids a
valid call may name.
"""

from __future__ import annotations

from typing import Any

import numpy as np


class Model:
    """What the pool's state allows next: envs in flight, finished episodes, closed."""

    def __init__(self, env: Any, flavour: str) -> None:
        self.n = env.num_envs
        self.batch = env.batch_size
        self.is_async = self.batch < self.n
        self.flavour = flavour
        config = env.spec.config
        self.disabled = config.autoreset_mode == "disabled"
        self.same_step = config.autoreset_mode == "same_step"
        self.flying = np.zeros(self.n, dtype=bool)  # sent, not yet received
        self.count = 0  # of flying envs
        self.order: list[np.ndarray] = []  # sync mode: the ids sent since the last recv, in order
        self.last_ids: np.ndarray | None = None if self.is_async else np.arange(self.n)
        self.alive = np.zeros(self.n, dtype=bool)  # an episode is running
        # Whether an episode runs is unknown: a step row that came back from reset()
        # (gym and gymnasium's reset() return no terminated/truncated).
        self.unknown = np.zeros(self.n, dtype=bool)
        self.has_row = np.zeros(self.n, dtype=bool)  # returned a result (reset_mask needs it)
        self.resetting: set[int] = set()  # their next row is a reset's
        self.closed = False
        self.keeps_rows = flavour == "gymnasium" and not self.is_async
        # reset() / step() of every env here give SyncVectorEnv's info: no env_id,
        # players, elapsed_step (recv() and calls given env_id keep them).
        self.gymnasium_info = self.keeps_rows and env.spec.config.max_num_players == 1
        spec = env.spec
        self.obs_specs = [(k, k.split(":", 1)[-1], spec.state_array_spec[k]) for k in spec.obs_keys]
        self.single_obs = spec.obs_keys == ["obs"]

    def free(self) -> np.ndarray:
        """Envs a send may name."""
        mask = ~self.flying
        if self.disabled:
            mask &= self.alive & ~self.unknown
        return np.flatnonzero(mask)

    def not_in_flight(self) -> np.ndarray:
        return np.flatnonzero(~self.flying)

    def sendable(self, ids: np.ndarray, reset: bool) -> bool:
        if ids.size == 0 or ids.min() < 0 or ids.max() >= self.n:
            return False
        seen = np.zeros(self.n, dtype=bool)
        seen[ids] = True
        if int(seen.sum()) != ids.size or self.flying[ids].any():
            return False
        return reset or not self.disabled or bool(self.alive[ids].all())

    def uncertain(self, ids: np.ndarray | None, reset: bool) -> bool:
        """Whether the pool may refuse a send the model cannot judge (see `unknown`)."""
        if ids is None or reset or not self.disabled:
            return False
        return bool(self.unknown[ids[(ids >= 0) & (ids < self.n)]].any())

    def receivable(self, extra: int = 0) -> bool:
        pending = self.count + extra
        return pending > 0 and (not self.is_async or pending >= self.batch)

    def rows_due(self) -> int:
        return self.count if not self.is_async else self.batch

    def send(self, ids: np.ndarray) -> None:
        self.flying[ids] = True
        self.count += ids.size
        if not self.is_async:
            self.order.append(ids)
