"""Packs the Bazel-built package into a wheel: `make wheel` (not `pip install .`).

The Python sources come from this tree, the extension modules from
bazel-bin; `auditwheel repair` then gives the wheel its manylinux tag.
"""

import pathlib
import shutil

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = pathlib.Path(__file__).parent


class BinaryDistribution(Distribution):
    """The wheel holds compiled extensions: tag it per platform, not 'any'."""

    def has_ext_modules(self) -> bool:
        return True


class BuildPyWithExtensions(build_py):
    def find_package_modules(self, package: str, package_dir: str) -> list:
        # Tests stay in the repository; the wheel carries the library only.
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if not m[1].endswith("_test")]

    def run(self) -> None:
        super().run()
        built = sorted((ROOT / "bazel-bin" / "parallel_pool").glob("*/*_ext.so"))
        if not built:
            raise SystemExit("setup.py: no extensions in bazel-bin; run `make wheel`")
        for so in built:
            target = pathlib.Path(self.build_lib) / so.relative_to(ROOT / "bazel-bin")
            target.unlink(missing_ok=True)
            shutil.copyfile(so.resolve(), target)


setup(
    name="parallel_pool",
    version="0.1.0",
    description="Many RL environments in C++ threads, batched into numpy; a drop-in for EnvPool.",
    long_description=(ROOT / "README.md").read_text(),
    long_description_content_type="text/markdown",
    packages=find_packages(include=["parallel_pool", "parallel_pool.*"]),
    python_requires=">=3.11",
    install_requires=["numpy>=1.24", "gymnasium>=1.0", "dm-env>=1.6"],
    # The vizdoom family runs the engine of this exact version (its client
    # library is built in); envpool-assets holds EnvPool's D1-D4 scenarios.
    # `distributed`: parallel_pool.distributed, pools across a Ray cluster (docs/distributed.md).
    extras_require={
        "vizdoom": ["vizdoom==1.3.2"],
        "vizdoom-dfp": ["vizdoom==1.3.2", "envpool-assets>=0.3"],
        "distributed": ["ray==2.60.0"],
        # env.xla(): built and tested with jax 0.10.2 (XLA's typed FFI takes handlers built
        # against older headers, so later jax should load them too).
        "xla": ["jax>=0.10"],
    },
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildPyWithExtensions},
    zip_safe=False,
)
