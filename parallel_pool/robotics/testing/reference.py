"""gymnasium-robotics 1.4.2 as the tests run it: the reference, with its one test-time patch."""

from __future__ import annotations

import inspect

from gymnasium_robotics.utils import mujoco_utils


def patch_joint_type_lookups() -> None:
    """The reference's one test-time patch (docs/robotics.md): on MuJoCo 3.17 its
    `mujoco_utils` joint look-ups test `np.int32(type) in (mjJNT_HINGE, ...)`, which is
    False, so the envs that read joints by name (FrankaKitchen, Fetch, Shadow Hand) fail
    at their first observation; comparing `int(type)`, as the test meant, makes them run.
    It rebinds the module's functions, which the envs look up at call time. Idempotent."""
    if getattr(mujoco_utils, "_joint_type_patched", False):
        return
    source = inspect.getsource(mujoco_utils)
    patched = source.replace("joint_type = model.jnt_type[joint_id]", "joint_type = int(model.jnt_type[joint_id])")
    assert patched.count("int(model.jnt_type") == 4, "the reference's look-ups changed: review the patch"
    exec(compile(patched, mujoco_utils.__file__, "exec"), mujoco_utils.__dict__)
    mujoco_utils._joint_type_patched = True
