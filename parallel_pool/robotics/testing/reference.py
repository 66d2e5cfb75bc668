"""gymnasium-robotics 1.4.2 as the robotics tests run it: its ids registered, and its
joint helpers patched so that its Fetch, Shadow Hand and Franka Kitchen envs run on
MuJoCo 3.17.

`utils/mujoco_utils.py`'s set_joint_qpos, set_joint_qvel, get_joint_qpos and
get_joint_qvel read `joint_type = model.jnt_type[joint_id]` (a NumPy int32) and
then assert `joint_type in (mjJNT_HINGE, mjJNT_SLIDE)`. The tuple's `in` asks the
MuJoCo 3.17 enum, whose `__eq__` is False for a NumPy int32 (though
`np.int32(3) == mjJNT_HINGE` is True), so every Fetch env fails in its constructor
(FetchReach-v4 at set_joint_qpos), and the kitchen at its first observation. The patch makes those four lines
`joint_type = int(model.jnt_type[joint_id])` and recompiles the module's source into
its own namespace: every caller (fetch_env.py through `self._utils`, robot_get_obs
through the module's globals) then runs the patched functions. Nothing else
changes, and only in the test process: the C++ envs never import it.
"""

from __future__ import annotations

import inspect
import os
import tempfile

import gymnasium
import gymnasium_robotics

_ORIGINAL = "joint_type = model.jnt_type[joint_id]"
_PATCHED = "joint_type = int(model.jnt_type[joint_id])"


def patch_joint_type() -> None:
    """Applies the patch above (once per process; a second call does nothing)."""
    from gymnasium_robotics.utils import mujoco_utils

    if getattr(mujoco_utils, "_parallel_pool_patched", False):
        return
    source = inspect.getsource(mujoco_utils)
    assert source.count(_ORIGINAL) == 4, "gymnasium-robotics' mujoco_utils.py is not 1.4.2's"
    exec(compile(source.replace(_ORIGINAL, _PATCHED), mujoco_utils.__file__, "exec"), mujoco_utils.__dict__)
    mujoco_utils._parallel_pool_patched = True  # type: ignore[attr-defined]


def register() -> None:
    """gymnasium-robotics' ids in gymnasium's registry, with the patch applied.

    AntMaze-v3's reference writes its maze to one fixed file in the temporary folder
    (`ant_maze.xml`) and reads it back: under Bazel each test's own folder (TEST_TMPDIR)
    keeps tests that run at once from reading each other's half-written file."""
    if "TEST_TMPDIR" in os.environ:
        tempfile.tempdir = os.environ["TEST_TMPDIR"]
    patch_joint_type()
    gymnasium.register_envs(gymnasium_robotics)
