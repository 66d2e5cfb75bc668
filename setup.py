"""Packs the Bazel-built package into a wheel: `make wheel` (not `pip install .`).

The Python sources come from this tree, the extension modules from Bazel's
manylinux build (zig, glibc 2.28: third_party/zig); `auditwheel repair` then
grafts libmujoco in and gives the wheel its manylinux_2_28 tag.
"""

import os
import pathlib
import shutil

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = pathlib.Path(__file__).parent
# Where the extension modules are: `make wheel`'s build (--config=manylinux,
# whose convenience link is bazel-manylinux-bin), unless the Makefile names
# another Bazel output folder.
BAZEL_BIN = pathlib.Path(os.environ.get("PARALLEL_POOL_BAZEL_BIN", ROOT / "bazel-manylinux-bin"))


class BinaryDistribution(Distribution):
    """The wheel holds compiled extensions: tag it per platform, not 'any'."""

    def has_ext_modules(self) -> bool:
        return True


class BuildPyWithExtensions(build_py):
    def find_package_modules(self, package: str, package_dir: str) -> list:
        # Tests and build-time generators (*_gen.py, run by Bazel genrules) stay
        # in the repository; the wheel carries the library only.
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if not m[1].endswith(("_test", "_gen"))]

    def run(self) -> None:
        super().run()
        # Shipped modules are named <package>_ext; test-only ones never are
        # (*_test_hooks, test_envs_module), so a stale one in BAZEL_BIN stays out.
        built = sorted((BAZEL_BIN / "parallel_pool").glob("*/*_ext.so"))
        if not built:
            raise SystemExit(f"setup.py: no extensions in {BAZEL_BIN}; run `make wheel`")
        for so in built:
            target = pathlib.Path(self.build_lib) / so.relative_to(BAZEL_BIN)
            target.unlink(missing_ok=True)
            shutil.copyfile(so.resolve(), target)
        # A family's run-time data that its build puts beside its module (the
        # metaworld family's models: third_party/metaworld/assets_dir.bzl).
        for assets in sorted((BAZEL_BIN / "parallel_pool").glob("*/assets")):
            target = pathlib.Path(self.build_lib) / assets.relative_to(BAZEL_BIN)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(assets.resolve(), target)


# What the installed package reads or imports at run time, per family. The
# compiled code is all in the wheel (libmujoco included); these are the data
# and the Python the families use.
BASE = [
    "numpy>=1.24,<3",  # the modules are built for NumPy's C API of 1.23 on (NumPy 2's default)
    "gymnasium>=1.0,<2",  # the Gymnasium API, and the MuJoCo family's model XMLs (envs/mujoco/assets)
    "dm-env>=1.6,<2",  # the dm_env API
]
# ROMs read from <ale_py>/roms/ (the same 108 files, byte for byte, in 0.9 to 0.12.1).
ATARI = ["ale-py>=0.9,<0.13"]
# Nothing beyond BASE: libmujoco is in the wheel, the models come with gymnasium.
MUJOCO: list[str] = []
# The suite's XMLs, and its builders for the models made in code (swimmer,
# lqr, stacker, ...). dm-control 1.0.50 does not run on mujoco 4.x (its
# suite.load fails), and pip would pick 4.x: keep dm_control itself usable.
# dm-control requires labmaze, which has wheels for CPython 3.12 and older only
# and which only dm_control.locomotion imports, never the suite: on 3.13 and
# later the extra brings dm-control's other requirements (as dm-control 1.0.50
# declares them), and the user installs dm-control itself with --no-deps
# (docs/wheel.md).
DM_CONTROL_PIN = "dm-control>=1.0.50,<1.1"
DM_CONTROL_DEPS_BUT_LABMAZE = [
    "absl-py>=0.7.0",
    "dm-tree!=0.1.2",
    "glfw",
    "lxml",
    "protobuf>=3.19.4",
    "pyopengl>=3.1.4",
    "pyparsing>=3.0.0",
    "requests",
    "scipy",
    "setuptools!=50.0.0",
    "tqdm",
]
DM_CONTROL = [
    f'{DM_CONTROL_PIN}; python_version < "3.13"',
    "mujoco>=3.17,<4",
    *(f'{r}; python_version >= "3.13"' for r in DM_CONTROL_DEPS_BUT_LABMAZE),
]
# The robotics family's models (gymnasium-robotics' assets folder), read at run
# time; the family reproduces 1.4.2's envs (1.4.3 changed Adroit's rewards).
ROBOTICS = ["gymnasium-robotics>=1.4.2,<1.4.3"]
# The engine, freedoom2.wad and the scenarios: the engine refuses a client
# library of another version, and ours is built from 1.3.2.
VIZDOOM = ["vizdoom==1.3.2"]
# EnvPool's D1-D4 scenarios (the same files in 0.3.0 to 0.4.1).
VIZDOOM_DFP = [*VIZDOOM, "envpool-assets>=0.3,<0.5"]
# Nothing: metaworld's models are in the wheel (metaworld itself pins mujoco==3.3.0).
METAWORLD: list[str] = []
# parallel_pool.distributed: pools across a Ray cluster (docs/distributed.md);
# the version its tests run, since the actors and the driver must agree.
DISTRIBUTED = ["ray==2.60.0"]
# env.xla(): the wheel's xla_ext is built against jaxlib 0.10.2's typed FFI
# headers (XLA's FFI takes handlers built against older headers, so later jax
# should load them too; the bound stops at the next major version).
XLA = ["jax>=0.10,<1"]
# make_pettingzoo(): multi-player pools as PettingZoo ParallelEnvs (tested with 1.27).
PETTINGZOO = ["pettingzoo>=1.24,<2"]
EXTRAS = {
    "atari": ATARI,
    "mujoco": MUJOCO,
    "dm_control": DM_CONTROL,
    "robotics": ROBOTICS,
    "metaworld": METAWORLD,
    "vizdoom": VIZDOOM,
    "vizdoom-dfp": VIZDOOM_DFP,
    "distributed": DISTRIBUTED,
    "xla": XLA,
    "pettingzoo": PETTINGZOO,
    # Every family's run-time data, not the integrations: ray (240 MB
    # installed) and jax with jaxlib (380 MB) serve no family; asked for by name.
    "all": sorted(set(ATARI + MUJOCO + DM_CONTROL + ROBOTICS + VIZDOOM_DFP)),
}

setup(
    name="parallel_pool",
    version="0.1.0",
    description="Many RL environments in C++ threads, batched into numpy; a drop-in for EnvPool.",
    long_description=(ROOT / "README.md").read_text(),
    long_description_content_type="text/markdown",
    # Our code's licence; NOTICE names what the wheel's compiled code includes
    # (the ALE is GPL-2.0) and whose behaviour the environments reproduce.
    license="Apache-2.0",
    license_files=["LICENSE", "NOTICE"],
    # Test support (a `testing` subpackage) stays in the repository, like the
    # tests; the templates are outside parallel_pool/ and never packed.
    packages=find_packages(include=["parallel_pool", "parallel_pool.*"], exclude=["*.testing", "*.testing.*"]),
    # The package is typed (PEP 561): type checkers read its annotations; and every
    # family's facts (family_facts.py reads them; make bench runs the wheel).
    package_data={"parallel_pool": ["py.typed", "*/family_facts.bzl"]},
    python_requires=">=3.11",
    # The versions whose every dependency has wheels (docs/wheel.md, "Python
    # versions"); a wheel itself is for the one CPython that built it (its tag).
    classifiers=[
        "Programming Language :: Python :: 3 :: Only",
        *(f"Programming Language :: Python :: 3.{minor}" for minor in (11, 12, 13, 14)),
        "Programming Language :: C++",
        "Operating System :: POSIX :: Linux",
    ],
    install_requires=BASE,
    extras_require=EXTRAS,
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildPyWithExtensions},
    zip_safe=False,
)
