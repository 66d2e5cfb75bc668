"""The repaired wheel: tagged for glibc 2.28, installed with its extras into an empty venv, it runs every family.

`make wheel-test` (run by `make test`) builds the wheel first. The venv gets
`parallel_pool[all,xla]` from the wheel, with requirements-dev.txt as
constraints (the versions the repository tests with); everything runs from an
empty directory, so only the installed package can be imported. Beyond
stepping one id of every family: rendering (on the CPU, and through EGL with
the wheel's libmujoco) and env.xla() (the wheel's XLA module under the
installed jax).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from types import ModuleType

import gymnasium
import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _family_facts() -> ModuleType:
    """The source tree's parallel_pool/family_facts.py, loaded by path: this process
    tests the installed wheel, so it imports no parallel_pool."""
    spec = importlib.util.spec_from_file_location("family_facts", ROOT / "parallel_pool" / "family_facts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# One id of each family: the representative id of its facts (family_facts.bzl's
# sanitizer_task), so a new family is run from the wheel with no edit here.
FAMILY_IDS = {
    family: facts.sanitizer_task for family, facts in _family_facts().all_facts((str(ROOT / "parallel_pool"),)).items()
}
# More ids, for what they exercise beyond their family's module.
LIBMUJOCO_ID = "HalfCheetah-v5"  # libmujoco from the wheel, gymnasium's XML, EGL rendering
OTHER_IDS = (
    LIBMUJOCO_ID,
    "SwimmerSwimmer6-v1",  # a model dm_control builds in code (the dm_control extra)
    "D1Basic-v1",  # the engine from vizdoom, the scenario from envpool-assets (vizdoom-dfp)
    "BipedalWalkerHardcore-v3",  # Box2D's terrain and lidar, compiled into the module
)
# Ids rendered too, with their frame's (height, width): CartPole draws on the
# CPU in our own code; HalfCheetah through the machine's libEGL (loaded at the
# first render) and the wheel's libmujoco, the path a headless training node
# takes (Mesa's llvmpipe here).
RENDER_SIZES = {"CartPole-v1": (400, 600), LIBMUJOCO_ID: (480, 480)}
RUN_IDS = [*FAMILY_IDS.values(), *OTHER_IDS]
assert set(RENDER_SIZES) <= set(RUN_IDS), "every rendered id is one the wheel test runs"

# Run in the venv: make, reset and step one id; report as JSON.
_STEP_ONE_ID = """
import json, sys
import gymnasium
import numpy as np
import parallel_pool
from parallel_pool.registration import registry

def shapes(obs):
    return {k: shapes(v) for k, v in obs.items()} if isinstance(obs, dict) else list(np.shape(obs))

def space_shapes(space):
    if isinstance(space, gymnasium.spaces.Dict):
        return {k: space_shapes(v) for k, v in space.spaces.items()}
    return list(space.shape)

def actions(space, rng):
    if isinstance(space, gymnasium.spaces.Box):  # within [-1, 1]: some ids' bounds are the float64 range
        return rng.uniform(np.maximum(space.low, -1), np.minimum(space.high, 1)).astype(space.dtype)
    return space.sample()

task_id = sys.argv[1]
render = sys.argv[2:] == ["render"]
env = parallel_pool.make_vec(task_id, num_envs=2, seed=0, render_mode="rgb_array" if render else None)
obs, _ = env.reset()
env.action_space.seed(0)
rng = np.random.default_rng(0)
rewards = []
for _ in range(5):
    obs, reward, terminated, truncated, _ = env.step(actions(env.action_space, rng))
    rewards.append(np.asarray(reward).tolist())
frames = env.render([0, 1]) if render else np.zeros((0,), np.uint8)
env.close()
with open("/proc/self/maps") as maps:  # which libmujoco got loaded, if any
    libmujoco = sorted({line.split()[-1] for line in maps if "libmujoco" in line})
print(json.dumps({
    "package": parallel_pool.__file__,
    "python": "%d.%d" % sys.version_info[:2],
    "failed_families": registry.failed_families(),
    "obs_shapes": shapes(obs),
    "space_shapes": space_shapes(env.observation_space),  # batched: (num_envs, ...)
    "rewards": rewards,
    "libmujoco": libmujoco,
    "mujoco_imported": "mujoco" in sys.modules,
    "frame_shape": list(frames.shape),
    "frame_dtype": str(frames.dtype),
    "frame_colors": [len(np.unique(frame.reshape(-1, 3), axis=0)) for frame in frames],
}))
"""


# The CPython whose wheel is tested: this interpreter's, or another version's
# (WHEEL_TEST_PYTHON=3.13) run inside its Debian chroot WHEEL_TEST_ROOT
# (tools/python_chroot.sh); `make wheel-test` runs each version of WHEEL_PYTHONS.
TARGET_VERSION = os.environ.get("WHEEL_TEST_PYTHON", f"{sys.version_info.major}.{sys.version_info.minor}")
CHROOT = os.environ.get("WHEEL_TEST_ROOT", "")


@pytest.fixture(scope="module")
def wheel() -> pathlib.Path:
    tag = "cp" + TARGET_VERSION.replace(".", "")
    wheels = sorted((ROOT / "wheelhouse").glob(f"parallel_pool-*-{tag}-{tag}-*manylinux*.whl"))
    assert len(wheels) == 1, f"expected one {tag} manylinux wheel in wheelhouse/ (make wheel), found {wheels}"
    return wheels[0]


def _chroot_launcher(folder: pathlib.Path) -> list[str]:
    """The command that runs an interpreter of the chroot with this machine's paths.

    Inside the chroot its own root's path (as seen from here) is a link to '/', so a
    path under the chroot means the same file on both sides: the venv, the wheel and
    the working folders all live under it (pytest's --basetemp, `make wheel-test`).
    /proc is mounted for the test's reads of /proc/self/maps.
    """
    root = pathlib.Path(CHROOT)
    assert folder.resolve().is_relative_to(root.resolve()), f"--basetemp must lie inside {root}"
    link = root / str(root.resolve()).lstrip("/")
    if not link.is_symlink():
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to("/")
    if not (root / "proc" / "self").exists():
        subprocess.run(["mount", "-t", "proc", "proc", str(root / "proc")], check=True)
    # chroot starts in '/': go back to the caller's folder where it is the same path
    # inside (the test's folders), else stay in '/'.
    return ["chroot", str(root), "/bin/sh", "-c", 'cd "$0" 2>/dev/null || cd /; exec "$@"']


@pytest.fixture(scope="module")
def venv_python(wheel: pathlib.Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    folder = tmp_path_factory.mktemp("wheel")
    venv = folder / "venv"
    if CHROOT:
        launcher = _chroot_launcher(folder)
        subprocess.run([*launcher, "/", f"python{TARGET_VERSION}", "-m", "venv", str(venv)], check=True)
        # A script here that runs the venv's python inside the chroot, from the caller's folder.
        python = folder / "python-in-chroot"
        python.write_text(
            "#!/bin/sh\nexec " + " ".join(f"'{a}'" for a in launcher) + f' "$PWD" {venv}/bin/python "$@"\n'
        )
        python.chmod(0o755)
        local_wheel = folder / wheel.name  # a path the chroot sees too
        shutil.copy(wheel, local_wheel)
        constraints = folder / "requirements-dev.txt"
        shutil.copy(ROOT / "requirements-dev.txt", constraints)
        wheel = local_wheel
    else:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = venv / "bin" / "python"
        constraints = ROOT / "requirements-dev.txt"
    install = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*install, f"{wheel}[all,xla]", "-c", str(constraints)], check=True)
    # On CPython 3.13 and later the dm_control extra brings dm-control's
    # requirements but labmaze (no wheel there) and not dm-control itself,
    # which a user then installs with --no-deps (docs/wheel.md): the same here,
    # at requirements-dev.txt's version.
    if subprocess.run([str(python), "-c", "import sys; sys.exit(sys.version_info < (3, 13))"]).returncode == 0:
        pin = re.search(r"^dm-control==[^;\s]+", (ROOT / "requirements-dev.txt").read_text(), re.M)
        assert pin, "requirements-dev.txt pins no dm-control"
        subprocess.run([*install, "--no-deps", pin.group(0)], check=True)
    yield python
    shutil.rmtree(venv)  # about 0.9 GB (dm-control, scipy, envpool-assets, ...): not left in /tmp
    if CHROOT:
        subprocess.run(["umount", str(pathlib.Path(CHROOT) / "proc")], check=False)


def _run_elsewhere(python: pathlib.Path, workdir: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Runs the venv's python in an empty folder, without this tree on any path."""
    workdir.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(
        [str(python), *args], cwd=workdir, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_wheel_needs_glibc_2_28_at_most(wheel: pathlib.Path) -> None:
    assert "manylinux_2_28_x86_64" in wheel.name
    shown = subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", str(wheel)], capture_output=True, text=True, check=True
    ).stdout
    tag = re.search(r'consistent with the following platform tag:\s*"manylinux_2_(\d+)_x86_64"', shown)
    assert tag, shown
    assert int(tag.group(1)) <= 28, shown


def test_the_wheel_carries_libmujoco_and_no_other_library(wheel: pathlib.Path) -> None:
    # Everything else is compiled in, with a static libc++: no libstdc++,
    # libgcc_s, Boost or zlib of the build machine's.
    with zipfile.ZipFile(wheel) as archive:
        grafted = [name for name in archive.namelist() if name.startswith("parallel_pool.libs/") and name[-1] != "/"]
    assert len(grafted) == 1 and re.fullmatch(r"parallel_pool\.libs/libmujoco-[0-9a-f]+\.so\.3\.17\.0", grafted[0]), (
        grafted
    )


def test_the_wheel_is_typed_and_carries_its_licence_and_notice(wheel: pathlib.Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "parallel_pool/py.typed" in names
    assert {"LICENSE", "NOTICE"} <= {pathlib.PurePosixPath(n).name for n in names if ".dist-info/" in n}
    assert re.search(r"^License(-Expression)?: Apache-2\.0$", metadata, re.M), metadata[:2000]


# What zig's compiler_rt also defines, weakly, as plain loops; glibc's are
# tuned per CPU. A module that defines them itself is slow (an Atari step
# was a third slower). The names are those the zig toolchain binds to glibc by
# version (third_party/zig/zig_configure.bzl, _GLIBC_SYMBOLS), read from there.
GLIBC_STRING_FUNCTIONS = tuple(
    re.findall(r"\.symver (\w+),", (ROOT / "third_party" / "zig" / "zig_configure.bzl").read_text())
)


def _dynamic_symbols(library: pathlib.Path, *, undefined: bool) -> set[str]:
    """The library's dynamic symbols, undefined (imported) or defined, without versions."""
    flag = "--undefined-only" if undefined else "--defined-only"
    out = subprocess.run(["nm", "-D", flag, str(library)], capture_output=True, text=True, check=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}


def test_every_module_takes_the_string_functions_from_glibc(wheel: pathlib.Path, tmp_path: pathlib.Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        modules = [name for name in archive.namelist() if name.startswith("parallel_pool/") and name.endswith(".so")]
        archive.extractall(tmp_path, members=modules)
    assert len(modules) >= len(FAMILY_IDS), modules
    assert {"memcpy", "memset", "memcmp"} <= set(GLIBC_STRING_FUNCTIONS), GLIBC_STRING_FUNCTIONS
    for name in modules:
        module = tmp_path / name
        imported = _dynamic_symbols(module, undefined=True)
        # Every C++ module copies and clears memory; one that imports neither
        # memcpy nor memset has them inside (stripped, so nm cannot list them).
        assert {"memcpy", "memset"} <= imported, f"{name} does not take memcpy/memset from glibc"
        assert not set(GLIBC_STRING_FUNCTIONS) & _dynamic_symbols(module, undefined=False), name


# Run in the venv: every id the installed package lists, and every private
# name its extension modules export, as JSON.
_WHAT_USERS_GET = """
import importlib, json, pathlib, re
import parallel_pool
package = pathlib.Path(parallel_pool.__file__).parent
private = {}
for so in sorted(package.glob("*/*_ext*.so")):
    module = importlib.import_module(f"parallel_pool.{so.parent.name}.{so.name.split('.')[0]}")
    private[module.__name__] = sorted(n for n in dir(module) if n.startswith("_") and not n.startswith("__"))
print(json.dumps({"ids": parallel_pool.list_all_envs(), "private": private}))
"""
# What a module may export under a private name: the bound classes its
# family's __init__.py wraps (_<Name>EnvSpec, _<Name>EnvPool), the limit
# probe the benchmark measures the installed build with (_limit_probe), and the
# probe the package asks at import how the user's NumPy rounds (_numpy_rounding).
SHIPPED_PRIVATE_NAME = re.compile(r"_\w+Env(Spec|Pool)|_limit_probe|_numpy_rounding")


def test_the_wheel_holds_no_template_no_test_hook_and_no_build_tool(
    wheel: pathlib.Path, venv_python: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    test_only = [n for n in names if "/testing/" in n or "test_hooks" in n or n.endswith(("_test.py", "_gen.py"))]
    assert test_only == [], test_only
    assert not [n for n in names if n.startswith("templates/")]
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", "-c", _WHAT_USERS_GET)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert not [i for i in report["ids"] if i in ("OnePlayer-v0", "SeveralPlayers-v0") or "Template" in i]
    assert len(report["private"]) >= len(FAMILY_IDS), report["private"]
    hooks = {m: [n for n in names if not SHIPPED_PRIVATE_NAME.fullmatch(n)] for m, names in report["private"].items()}
    assert all(not found for found in hooks.values()), hooks


@pytest.mark.parametrize("task_id", RUN_IDS)
def test_every_family_runs_from_the_installed_wheel(
    task_id: str, venv_python: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    # One process per id, as each family's own tests run. In one process,
    # dm_control's scipy (its OpenBLAS's fork handler) would hang a later
    # ViZDoom pool's engine start now and then (see docs/wheel.md).
    render = ["render"] if task_id in RENDER_SIZES else []
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", "-c", _STEP_ONE_ID, task_id, *render)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert str(ROOT) not in report["package"]  # the installed copy, not the source tree
    assert report["python"] == TARGET_VERSION
    assert report["failed_families"] == {}
    assert report["obs_shapes"] == report["space_shapes"]
    assert [len(reward) for reward in report["rewards"]] == [2] * 5
    if task_id == LIBMUJOCO_ID:
        # The wheel's own libmujoco, without the mujoco package.
        assert report["libmujoco"] and all("parallel_pool.libs" in path for path in report["libmujoco"]), report
        assert not report["mujoco_imported"]
    if render:
        # Both envs drawn, at the family's size; a blank frame (a GL context
        # that drew nothing) has one colour, a drawn scene many.
        assert report["frame_shape"] == [2, *RENDER_SIZES[task_id], 3], report
        assert report["frame_dtype"] == "uint8"
        assert min(report["frame_colors"]) > 10, report


# Run in the venv: the same actions through a jitted env.xla() loop and
# through step(), from two pools with the same seed; report both.
_XLA_AGAINST_STEP = """
import json
import jax
import numpy as np
import parallel_pool

actions = np.random.default_rng(0).integers(2, size=(40, 4)).astype(np.int32)

xla_env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=3)
handle, recv, send, step = xla_env.xla()

@jax.jit
def rollout(handle, actions):
    handle, _ = recv(handle)
    def body(t, carry):
        handle, _, total = carry
        handle, (obs, reward, *_) = step(handle, actions[t])
        return handle, obs, total + reward
    first = (handle, jax.numpy.zeros((4, 4), jax.numpy.float32), jax.numpy.zeros(4, jax.numpy.float32))
    return jax.lax.fori_loop(0, len(actions), body, first)[1:]

xla_env.async_reset()
xla_obs, xla_total = jax.device_get(rollout(handle, actions))

env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=3)
env.reset()
total = np.zeros(4, np.float32)
for action in actions:
    obs, reward, *_ = env.step(action)
    total += reward
print(json.dumps({
    "xla": [np.asarray(xla_obs).tolist(), np.asarray(xla_total).tolist()],
    "step": [obs.tolist(), total.tolist()],
}))
"""


def test_xla_runs_the_wheels_module_under_jax(venv_python: pathlib.Path, tmp_path: pathlib.Path) -> None:
    # The wheel's xla_ext (compiled by zig against jaxlib's FFI headers) as
    # custom calls of the jax the xla extra installed: what a jitted loop
    # returns equals the plain steps, float for float.
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", "-c", _XLA_AGAINST_STEP)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["xla"] == report["step"]


def test_an_example_runs_from_the_installed_wheel(venv_python: pathlib.Path, tmp_path: pathlib.Path) -> None:
    example = shutil.copy(ROOT / "examples" / "basic_step.py", tmp_path)
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", example)
    assert result.returncode == 0, result.stderr
    assert "parallel_pool imported from" in result.stdout
    assert str(ROOT) not in result.stdout
    assert "episodes finished" in result.stdout


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-v"]))


# The box2d family from the wheel (zig's clang, libc++) runs gymnasium's
# episodes as the gcc build does: one episode per task (CarRacing's 300 steps
# of it), each step's observation digest and reward printed here and compared
# with gymnasium's in this process (pybox2d and pygame are in the dev venv, not
# in the wheel's). CarRacing's are its 96 x 96 frames.
_BOX2D_EPISODES = """
import hashlib
import importlib.util
import json
import numpy as np
import parallel_pool
configs = json.loads(%r)
out = {}
for task_id, config in configs.items():
    env = parallel_pool.make_vec(task_id, seed=7, **config)
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    digests, rewards = [hashlib.sha256(obs[0].tobytes()).hexdigest()], []
    for _ in range(300):
        action = rng.uniform(-1, 1, env.single_action_space.shape).astype(np.float32)
        obs, reward, terminated, truncated, _ = env.step(action[None])
        digests.append(hashlib.sha256(obs[0].tobytes()).hexdigest())
        rewards.append(float(reward[0]))
        if terminated[0] or truncated[0]:
            break
    out[task_id] = {"obs": digests, "rewards": rewards}
print(json.dumps(out))
"""
BOX2D_CONFIGS = {"LunarLanderContinuous-v3": {"enable_wind": True}, "BipedalWalkerHardcore-v3": {}, "CarRacing-v3": {}}


def test_the_wheels_box2d_runs_gymnasiums_episodes(venv_python: pathlib.Path, tmp_path: pathlib.Path) -> None:
    script = _BOX2D_EPISODES % json.dumps(BOX2D_CONFIGS)
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", "-c", script)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])

    def digest(obs: np.ndarray) -> str:
        dtype = np.uint8 if obs.dtype == np.uint8 else np.float32
        return hashlib.sha256(np.ascontiguousarray(obs, dtype=dtype).tobytes()).hexdigest()

    for task_id, config in BOX2D_CONFIGS.items():
        ref = gymnasium.make(task_id, **config)
        obs, _ = ref.reset(seed=7)
        rng = np.random.default_rng(0)
        digests, rewards = [digest(obs)], []
        for _ in range(len(report[task_id]["rewards"])):
            obs, reward, _, _, _ = ref.step(rng.uniform(-1, 1, ref.action_space.shape).astype(np.float32))
            digests.append(digest(obs))
            rewards.append(float(reward))
        assert report[task_id] == {"obs": digests, "rewards": rewards}, task_id
