#!/usr/bin/env bash
# Builds the manylinux_2_28 wheel of parallel_pool for one CPython version into
# wheelhouse/, idempotently (`make wheel` calls it once per version of
# WHEEL_PYTHONS; docs/wheel.md, "Python versions"):
#   tools/wheel_python.sh VENV_PYTHON 3.13
# VENV_PYTHON is the project venv's interpreter: it runs Bazel's repository
# rules (zig, MuJoCo, jax headers) and packs the wheel, whatever the target.
# A target other than its own version is built against the headers and NumPy
# of that CPython in a Debian chroot (tools/python_chroot.sh: Debian 12 for
# 3.11, Debian 13 for 3.13, sid for 3.14), reached by python_configure.bzl through
# WHEEL_PYTHON_ROOT. Only the modules that include Python.h depend on the
# version, so the ALE, the ViZDoom client, MuJoCo's and Box2D's objects come
# from Bazel's cache after the first version. The packed wheel is retagged for
# the target (the modules are named `<family>_ext.so`, which every CPython 3
# imports) and repaired by auditwheel as the host's is.
set -euo pipefail

venv_python=${1:?usage: tools/wheel_python.sh VENV_PYTHON VERSION}
version=${2:?usage: tools/wheel_python.sh VENV_PYTHON VERSION}
plat=${WHEEL_PLAT:-manylinux_2_28_x86_64}
cd "$(dirname "$0")/.."

host_version=$("$venv_python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
tag=cp${version/./}
export PYTHON_BIN_PATH=$venv_python
if [[ "$version" == "$host_version" ]]; then
  unset WHEEL_PYTHON_ROOT WHEEL_PYTHON
else
  # python_chroot.sh knows which suite has which CPython, and says so for one it cannot make.
  root=$(tools/python_chroot.sh "$version")
  # The build venv inside the chroot: the NumPy and pybind11 headers that
  # requirements-dev.txt pins, for that interpreter.
  build_venv=/opt/parallel_pool-build
  pins=$(grep -E '^(numpy|pybind11)==' requirements-dev.txt)
  [[ -x "$root$build_venv/bin/python" ]] || chroot "$root" "python$version" -m venv "$build_venv"
  # shellcheck disable=SC2086  # the pins are words
  chroot "$root" "$build_venv/bin/python" -m pip install -q --disable-pip-version-check $pins
  export WHEEL_PYTHON_ROOT=$root WHEEL_PYTHON=$build_venv/bin/python
fi

bazel build --config=manylinux //parallel_pool
rm -rf build dist
"$venv_python" -m pip wheel . --no-build-isolation --no-deps -q -w dist
if [[ "$version" != "$host_version" ]]; then
  "$venv_python" -m wheel tags --remove --python-tag "$tag" --abi-tag "$tag" dist/*.whl >/dev/null
fi
PATH=$(dirname "$venv_python"):$PATH "$venv_python" -m auditwheel repair --plat "$plat" dist/*.whl -w wheelhouse
rm -rf build dist
