"""compute_reward of the Shadow Hand envs, as gymnasium-robotics' envs give it for HER relabelling.

`pool.compute_reward(achieved_goal, desired_goal, info)` takes one goal pair or a batch
(the last axis is the goal's: 15 fingertip coordinates for HandReach, position and
quaternion for HandManipulate) and returns what the reference's
`env.unwrapped.compute_reward` returns: the same NumPy operations on the same dtypes
(sparse rewards float32, dense float64), so the values are equal bit for bit
(robotics_test.py compares them on random batches). `info` is unused, as there.

One difference: with ignore_z_target_rotation (the pen ids) the reference's batch is
wrong. It gives the achieved orientation the desired one's z Euler angle with
`euler_a[2] = euler_b[2]`, which on a batch overwrites the third sample's three angles
instead of every sample's z (and raises IndexError below three samples). Here each
sample gets its own desired z angle: every row is the reference's reward of that one
sample, which is also the reward its step returned.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .goal_rewards import pool_value

_EPS = np.finfo(np.float64).eps


def _goals(achieved_goal: Any, desired_goal: Any, size: int) -> tuple[np.ndarray, np.ndarray]:
    achieved, desired = np.asarray(achieved_goal), np.asarray(desired_goal)
    if achieved.shape != desired.shape or achieved.shape[-1:] != (size,):
        raise ValueError(
            f"compute_reward: achieved_goal and desired_goal must have one shape ending in {size}, "
            f"got {achieved.shape} and {desired.shape}"
        )
    return achieved, desired


def hand_reach_reward(reward_type: str, distance_threshold: float, achieved_goal: Any, desired_goal: Any) -> Any:
    """HandReach's reward: over the 15 fingertip coordinates, dense -distance, sparse -1.0
    beyond distance_threshold, else -0.0 (float32)."""
    achieved, desired = _goals(achieved_goal, desired_goal, 15)
    distance = np.linalg.norm(achieved - desired, axis=-1)
    if reward_type == "sparse":
        return -(distance > distance_threshold).astype(np.float32)
    return -distance


def _quat_to_euler(q: np.ndarray) -> np.ndarray:
    """rotations.quat2euler (through the rotation matrix), on the last axis."""
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    norm2 = np.sum(q * q, axis=-1)
    s = 2.0 / norm2
    sx, sy, sz = x * s, y * s, z * s
    wx, wy, wz = w * sx, w * sy, w * sz
    xx, xy, xz = x * sx, x * sy, x * sz
    yy, yz, zz = y * sy, y * sz, z * sz
    regular = norm2 > _EPS
    # The matrix entries mat2euler reads, the identity's where |q|^2 is tiny.
    m00 = np.where(regular, 1.0 - (yy + zz), 1.0)
    m01 = np.where(regular, xy - wz, 0.0)
    m02 = np.where(regular, xz + wy, 0.0)
    m10 = np.where(regular, xy + wz, 0.0)
    m11 = np.where(regular, 1.0 - (xx + zz), 1.0)
    m12 = np.where(regular, yz - wx, 0.0)
    m22 = np.where(regular, 1.0 - (xx + yy), 1.0)
    cy = np.sqrt(m22 * m22 + m12 * m12)
    upright = cy > _EPS * 4.0
    euler = np.empty((*q.shape[:-1], 3), dtype=np.float64)
    euler[..., 2] = np.where(upright, -np.arctan2(m01, m00), -np.arctan2(-m10, m11))
    euler[..., 1] = -np.arctan2(-m02, cy)
    euler[..., 0] = np.where(upright, -np.arctan2(m12, m22), 0.0)
    return euler


def _euler_to_quat(euler: np.ndarray) -> np.ndarray:
    """rotations.euler2quat, on the last axis."""
    ai, aj, ak = euler[..., 2] / 2, -euler[..., 1] / 2, euler[..., 0] / 2
    si, sj, sk = np.sin(ai), np.sin(aj), np.sin(ak)
    ci, cj, ck = np.cos(ai), np.cos(aj), np.cos(ak)
    cc, cs, sc, ss = ci * ck, ci * sk, si * ck, si * sk
    quat = np.empty((*euler.shape[:-1], 4), dtype=np.float64)
    quat[..., 0] = cj * cc + sj * ss
    quat[..., 1] = cj * cs - sj * sc
    quat[..., 2] = -(cj * ss + sj * cc)
    quat[..., 3] = cj * sc - sj * cs
    return quat


def hand_manipulate_distances(
    achieved_goal: Any, desired_goal: Any, ignore_position: bool, ignore_z_rotation: bool
) -> tuple[Any, Any]:
    """_goal_distance: the position distance (0 where the position is ignored) and the angle
    between the orientations, 2 arccos(w of q_achieved * conj(q_desired))."""
    achieved, desired = _goals(achieved_goal, desired_goal, 7)
    d_pos = np.zeros_like(achieved[..., 0])
    if not ignore_position:
        d_pos = np.linalg.norm(achieved[..., :3] - desired[..., :3], axis=-1)
    qa, qb = achieved[..., 3:], desired[..., 3:]
    if ignore_z_rotation:
        euler_a = _quat_to_euler(qa)
        euler_a[..., 2] = _quat_to_euler(qb)[..., 2]
        qa = _euler_to_quat(euler_a)
    conj = -qb
    conj[..., 0] *= -1
    # The w component of rotations.quat_mul(qa, conj), summed left to right.
    w = qa[..., 0] * conj[..., 0] - qa[..., 1] * conj[..., 1] - qa[..., 2] * conj[..., 2] - qa[..., 3] * conj[..., 3]
    d_rot = 2 * np.arccos(np.clip(w, -1.0, 1.0))
    return d_pos, d_rot


def hand_manipulate_reward(
    reward_type: str,
    distance_threshold: float,
    rotation_threshold: float,
    ignore_position: bool,
    ignore_z_rotation: bool,
    achieved_goal: Any,
    desired_goal: Any,
) -> Any:
    """HandManipulate's reward: dense -(10 d_pos + d_rot); sparse 0.0 where both distances are
    under their thresholds, else -1.0 (float32)."""
    d_pos, d_rot = hand_manipulate_distances(achieved_goal, desired_goal, ignore_position, ignore_z_rotation)
    if reward_type == "sparse":
        success = (d_pos < distance_threshold).astype(np.float32) * (d_rot < rotation_threshold).astype(np.float32)
        return success - 1.0
    return -(10.0 * d_pos + d_rot)


def hand_reach_compute_reward(self: Any, achieved_goal: Any, desired_goal: Any, info: Any = None) -> Any:
    """gymnasium-robotics' MujocoHandReachEnv.compute_reward for this pool's config."""
    return hand_reach_reward(
        pool_value(self, "reward_type"), pool_value(self, "distance_threshold"), achieved_goal, desired_goal
    )


def hand_manipulate_compute_reward(self: Any, achieved_goal: Any, desired_goal: Any, info: Any = None) -> Any:
    """gymnasium-robotics' MujocoManipulateEnv.compute_reward for this pool's config (with
    ignore_z_target_rotation, per sample: see the module's docstring)."""
    return hand_manipulate_reward(
        pool_value(self, "reward_type"),
        pool_value(self, "distance_threshold"),
        pool_value(self, "rotation_threshold"),
        pool_value(self, "target_position") == "ignore",
        pool_value(self, "ignore_z_target_rotation"),
        achieved_goal,
        desired_goal,
    )
