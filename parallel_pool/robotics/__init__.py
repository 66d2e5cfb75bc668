"""The robotics family: gymnasium-robotics' native-MuJoCo envs in C++ on MuJoCo 3.17.0.

Importing it probes how this process's NumPy rounds short norms
(parallel_pool/numpy_exact/numpy_probe.py), so distances round as
gymnasium-robotics' do on this machine; the result is `NUMPY_DOT_ROUNDING`
(None where no known rounding reproduces NumPy). The module itself probes how
NumPy's BLAS rounds the 3 x n matrix-vector products of Fetch's site
velocities (`NUMPY_GEMV_ROUNDING`, "fused" or "plain"; None: neither) and
which ddot kernel it runs, by which Adroit's longer norms and dot products
round (`NUMPY_DDOT_KERNEL`, parallel_pool/numpy_exact/numpy_ddot.h).
"""

from parallel_pool.numpy_exact import numpy_probe
from parallel_pool.python.api import py_env

from . import hand_rewards, robotics_ext
from .goal_rewards import fetch_compute_reward, maze_compute_reward
from .robotics_ext import (
    _AntMazeEnvPool,
    _AntMazeEnvSpec,
    _FetchEnvPool,
    _FetchEnvSpec,
    _FrankaKitchenEnvPool,
    _FrankaKitchenEnvSpec,
    _PointMazeEnvPool,
    _PointMazeEnvSpec,
)

NUMPY_DOT_ROUNDING: str | None = numpy_probe.configure(robotics_ext)
NUMPY_GEMV_ROUNDING: str | None = robotics_ext._numpy_rounding.gemv
NUMPY_DDOT_KERNEL: str | None = robotics_ext._numpy_rounding.ddot

PointMazeEnvSpec, PointMazeDMEnvPool, PointMazeGymEnvPool, PointMazeGymnasiumEnvPool = py_env(
    _PointMazeEnvSpec, _PointMazeEnvPool, methods={"compute_reward": maze_compute_reward}
)

AntMazeEnvSpec, AntMazeDMEnvPool, AntMazeGymEnvPool, AntMazeGymnasiumEnvPool = py_env(
    _AntMazeEnvSpec, _AntMazeEnvPool, methods={"compute_reward": maze_compute_reward}
)

FrankaKitchenEnvSpec, FrankaKitchenDMEnvPool, FrankaKitchenGymEnvPool, FrankaKitchenGymnasiumEnvPool = py_env(
    _FrankaKitchenEnvSpec, _FrankaKitchenEnvPool
)
FetchEnvSpec, FetchDMEnvPool, FetchGymEnvPool, FetchGymnasiumEnvPool = py_env(
    _FetchEnvSpec, _FetchEnvPool, methods={"compute_reward": fetch_compute_reward}
)

HandReachEnvSpec, HandReachDMEnvPool, HandReachGymEnvPool, HandReachGymnasiumEnvPool = py_env(
    robotics_ext._HandReachEnvSpec,
    robotics_ext._HandReachEnvPool,
    methods={"compute_reward": hand_rewards.hand_reach_compute_reward},
)

(
    HandManipulateEnvSpec,
    HandManipulateDMEnvPool,
    HandManipulateGymEnvPool,
    HandManipulateGymnasiumEnvPool,
) = py_env(
    robotics_ext._HandManipulateEnvSpec,
    robotics_ext._HandManipulateEnvPool,
    methods={"compute_reward": hand_rewards.hand_manipulate_compute_reward},
)

AdroitDoorEnvSpec, AdroitDoorDMEnvPool, AdroitDoorGymEnvPool, AdroitDoorGymnasiumEnvPool = py_env(
    robotics_ext._AdroitDoorEnvSpec, robotics_ext._AdroitDoorEnvPool
)
AdroitHammerEnvSpec, AdroitHammerDMEnvPool, AdroitHammerGymEnvPool, AdroitHammerGymnasiumEnvPool = py_env(
    robotics_ext._AdroitHammerEnvSpec, robotics_ext._AdroitHammerEnvPool
)
AdroitPenEnvSpec, AdroitPenDMEnvPool, AdroitPenGymEnvPool, AdroitPenGymnasiumEnvPool = py_env(
    robotics_ext._AdroitPenEnvSpec, robotics_ext._AdroitPenEnvPool
)
AdroitRelocateEnvSpec, AdroitRelocateDMEnvPool, AdroitRelocateGymEnvPool, AdroitRelocateGymnasiumEnvPool = py_env(
    robotics_ext._AdroitRelocateEnvSpec, robotics_ext._AdroitRelocateEnvPool
)

__all__ = [
    "NUMPY_DDOT_KERNEL",
    "NUMPY_DOT_ROUNDING",
    "NUMPY_GEMV_ROUNDING",
    "AdroitDoorDMEnvPool",
    "AdroitDoorEnvSpec",
    "AdroitDoorGymEnvPool",
    "AdroitDoorGymnasiumEnvPool",
    "AdroitHammerDMEnvPool",
    "AdroitHammerEnvSpec",
    "AdroitHammerGymEnvPool",
    "AdroitHammerGymnasiumEnvPool",
    "AdroitPenDMEnvPool",
    "AdroitPenEnvSpec",
    "AdroitPenGymEnvPool",
    "AdroitPenGymnasiumEnvPool",
    "AdroitRelocateDMEnvPool",
    "AdroitRelocateEnvSpec",
    "AdroitRelocateGymEnvPool",
    "AdroitRelocateGymnasiumEnvPool",
    "AntMazeDMEnvPool",
    "AntMazeEnvSpec",
    "AntMazeGymEnvPool",
    "AntMazeGymnasiumEnvPool",
    "FetchDMEnvPool",
    "FetchEnvSpec",
    "FetchGymEnvPool",
    "FetchGymnasiumEnvPool",
    "FrankaKitchenDMEnvPool",
    "FrankaKitchenEnvSpec",
    "FrankaKitchenGymEnvPool",
    "FrankaKitchenGymnasiumEnvPool",
    "HandManipulateDMEnvPool",
    "HandManipulateEnvSpec",
    "HandManipulateGymEnvPool",
    "HandManipulateGymnasiumEnvPool",
    "HandReachDMEnvPool",
    "HandReachEnvSpec",
    "HandReachGymEnvPool",
    "HandReachGymnasiumEnvPool",
    "PointMazeDMEnvPool",
    "PointMazeEnvSpec",
    "PointMazeGymEnvPool",
    "PointMazeGymnasiumEnvPool",
]
