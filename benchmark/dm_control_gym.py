"""A thin gymnasium wrapper of one dm_control suite env, for gymnasium's vector envs.

The observation is a Dict of float64 Boxes in dm_control's key order (as EnvPool and
parallel_pool give it), the action a Box of the action spec's bounds. A dm_control
episode ends at a LAST step: terminated if its discount is 0, else truncated (the time
limit). reset(seed=s) reseeds the task's RandomState, so the episode is the one
`suite.load(domain, task, task_kwargs={"random": s})` starts with.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

Obs = dict[str, Any]  # float64 arrays


def suite() -> Any:
    """dm_control.suite, imported headless (MUJOCO_GL=egl unless set: no display here)."""
    os.environ.setdefault("MUJOCO_GL", "egl")
    return importlib.import_module("dm_control.suite")  # (dm_control ships no type information)


def load(domain: str, task: str, seed: int) -> Any:
    """dm_control's env, as `suite.load(domain, task, task_kwargs={"random": seed})`."""
    return suite().load(domain, task, task_kwargs={"random": seed})


def action_box(spec: Any) -> spaces.Box:
    """A dm_control BoundedArray action spec as a gymnasium Box (float64)."""
    return spaces.Box(spec.minimum, spec.maximum, spec.shape, np.float64)


class DMControlEnv(gymnasium.Env[Obs, np.ndarray]):
    """dm_control's `suite.load(domain, task)` stepped through gymnasium's API."""

    def __init__(self, domain: str, task: str, seed: int = 0) -> None:
        self.env = load(domain, task, seed)
        specs = self.env.observation_spec().items()  # dm_control's order, kept (a list is not sorted)
        self.observation_space = spaces.Dict([(k, spaces.Box(-np.inf, np.inf, s.shape, np.float64)) for k, s in specs])
        self.action_space = action_box(self.env.action_spec())

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.env.task.random.seed(seed)  # in place: as a fresh RandomState(seed)
        return dict(self.env.reset().observation), {}

    def step(self, action: np.ndarray) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        ts = self.env.step(action)
        terminated = ts.last() and ts.discount == 0.0
        return dict(ts.observation), float(ts.reward), terminated, ts.last() and not terminated, {}

    def close(self) -> None:
        self.env.close()
