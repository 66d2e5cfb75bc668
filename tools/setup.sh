#!/usr/bin/env bash
# Installs what parallel_pool needs on a Debian machine, idempotently:
#   - Debian packages (Bazel 4 from bazel-bootstrap, GoogleTest, compilers),
#     only those missing;
#   - a Python venv outside the clone ($VENV) with requirements-dev.txt.
# Safe to run again: a second run installs nothing and takes seconds.
set -euo pipefail

VENV=${VENV:-$HOME/.cache/parallel_pool/venv}
PYTHON=${PYTHON:-python3}
APT_PACKAGES=(bazel-bootstrap libgtest-dev zlib1g-dev g++ git python3-dev python3-venv
  # pgrep, which the vizdoom tests use to find the engine processes of a pool.
  procps
  # Boost's headers for the ViZDoom client library (header-only: third_party/vizdoom).
  libboost-dev
  # Headless OpenGL through EGL for rendering MuJoCo (third_party/egl): the
  # headers to build, Mesa's EGL and drivers to render (libEGL is loaded at
  # run time, only when a pool renders).
  libegl-dev libegl1 libegl-mesa0 libgl1-mesa-dri
  # Qt 5's Gui library, which EnvPool 1.2.5's procgen module (the benchmark's
  # peer, and the envpool names test) loads.
  libqt5gui5)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The venv holds exactly what requirements-dev.txt declares: it does not see
# the interpreter's own site-packages, so a package missing from the file
# fails here and in CI, not only on a machine whose interpreter lacks it.
# A venv that sees them (include-system-site-packages = true) is emptied and
# made again.
if [[ ! -x "$VENV/bin/python" ]]; then
  echo "setup: creating venv $VENV"
  "$PYTHON" -m venv "$VENV"
elif grep -qiE '^include-system-site-packages *= *true' "$VENV/pyvenv.cfg" 2>/dev/null; then
  echo "setup: recreating venv $VENV without the system site-packages"
  "$PYTHON" -m venv --clear "$VENV"
fi
stamp="$VENV/.requirements-$(md5sum requirements-dev.txt | cut -c1-12)"
if [[ ! -f "$stamp" ]]; then
  echo "setup: pip install -r requirements-dev.txt"
  pip_q=("$VENV/bin/python" -m pip -q --disable-pip-version-check)
  # MuJoCo 4 came as mujoco + mujoco-core (+ mujoco-studio), all writing into
  # site-packages/mujoco/.
  # A venv that had it keeps mujoco-core's files after a move to another
  # version: remove it and reinstall the pinned mujoco whole.
  if "${pip_q[@]}" show mujoco-core >/dev/null 2>&1; then
    echo "setup: removing mujoco-core (left from MuJoCo 4)"
    "${pip_q[@]}" uninstall -y mujoco-core mujoco-studio mujoco
    "${pip_q[@]}" install --force-reinstall --no-deps "$(grep -E '^mujoco==' requirements-dev.txt)"
  fi
  "${pip_q[@]}" install -r requirements-dev.txt
  # dm-control without labmaze on CPython 3.13 and later: its other
  # requirements came with requirements-dev.txt (see there).
  if "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 13))'; then
    "${pip_q[@]}" install --no-deps "$(grep -oE '^dm-control==[^;[:space:]]+' requirements-dev.txt)"
  fi
  touch "$stamp"
fi
# The wheel `make bench` installed into the venv would shadow the source tree's
# package: Bazel's tests would import it (and miss the test-only modules the
# wheel leaves out), and so would the docs. Every other target runs on the tree.
if compgen -G "$VENV/lib/python3*/site-packages/parallel_pool" >/dev/null; then
  echo "setup: uninstalling the parallel_pool wheel from $VENV (make bench installs it again)"
  "$VENV/bin/python" -m pip -q --disable-pip-version-check uninstall -y parallel_pool
fi

# Third-party C++ sources, fetched once as sdists from PyPI with pip into a
# cache outside the clone, where the Bazel repository rules under
# third_party/ find them (Bazel itself downloads nothing). pip prepares an
# sdist's metadata in an isolated build env (its build backend from PyPI);
# nothing is built.
SDIST_DIR=${SDIST_DIR:-$HOME/.cache/parallel_pool/third_party}
fetch_sdist() { # fetch_sdist PACKAGE VERSION FILE SHA256
  local package=$1 version=$2 file=$3 sha256=$4
  [[ -f "$SDIST_DIR/$file" ]] && return
  echo "setup: pip download $package==$version (sdist)"
  mkdir -p "$SDIST_DIR"
  local tmp
  tmp=$(mktemp -d)
  "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-deps \
    --no-binary "$package" -d "$tmp" "$package==$version"
  echo "$sha256  $tmp/$file" | sha256sum -c --quiet -
  mv "$tmp/$file" "$SDIST_DIR/$file"
  rm -rf "$tmp"
}
# The ALE for the atari family (third_party/ale/ale_configure.bzl).
fetch_sdist ale-py 0.12.1 ale_py-0.12.1.tar.gz c503d574c5983e1063b451201ccb779d935919c0f6bf116fb0f4f8aa4c86d249
# Box2D for the box2d family (third_party/box2d/box2d_configure.bzl): the
# C++ library of PyPI's Box2D 2.3.2 sdist, the Box2D that gymnasium's
# reference wheel (Box2D 2.3.10, pybox2d) bundles.
fetch_sdist Box2D 2.3.2 Box2D-2.3.2.tar.gz d1557dffdf9c1d6c796ec5df53e3d93227bb026c14b8411d22c295edaa2fb225
# The ViZDoom client library for the vizdoom family
# (third_party/vizdoom/vizdoom_configure.bzl).
fetch_sdist vizdoom 1.3.2 vizdoom-1.3.2.tar.gz 10eef8c2a65111c774ed1311438d95949719d1ac41dc1f7010936dc544f70de2

# Wheels whose data a family builds in (fetched like the sdists above).
fetch_wheel() { # fetch_wheel PACKAGE VERSION FILE SHA256
  local package=$1 version=$2 file=$3 sha256=$4
  [[ -f "$SDIST_DIR/$file" ]] && return
  echo "setup: pip download $package==$version (wheel)"
  mkdir -p "$SDIST_DIR"
  local tmp
  tmp=$(mktemp -d)
  "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-deps \
    --only-binary :all: -d "$tmp" "$package==$version"
  echo "$sha256  $tmp/$file" | sha256sum -c --quiet -
  mv "$tmp/$file" "$SDIST_DIR/$file"
  rm -rf "$tmp"
}
# metaworld 3.1.1: its models for the metaworld family
# (third_party/metaworld/metaworld_configure.bzl) and the family's reference.
METAWORLD_WHEEL=metaworld-3.1.1-py3-none-any.whl
fetch_wheel metaworld 3.1.1 "$METAWORLD_WHEEL" 99e25d9baf97f2f1a19ca89c0d2ca9c6a2b396d9a9be81729de64eedc683f0d3

# procgen 0.10.7 (PyPI's procgen-mirror wheel): its sprites and backgrounds for
# the procgen family (third_party/procgen/procgen_configure.bzl), and the
# family's reference.
PROCGEN_WHEEL=procgen_mirror-0.10.7-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
fetch_wheel procgen-mirror 0.10.7 "$PROCGEN_WHEEL" 992aff14a0bc39c5fd594b68c3243c06e01b1a94f47ff261e60cc316c01660a7

# The procgen family's reference, procgen-mirror 0.10.7, in a venv of its own:
# it needs NumPy 1.x, gym 0.26 and gym3, which clash with the main venv's pins.
# The family's tests run it in a subprocess (parallel_pool/procgen/testing/).
PROCGEN_VENV=${PROCGEN_VENV:-$(dirname "$VENV")/venvs/procgen}
procgen_stamp="$PROCGEN_VENV/.procgen-mirror-0.10.7"
if [[ ! -f "$procgen_stamp" ]]; then
  echo "setup: creating the procgen reference venv $PROCGEN_VENV"
  "$VENV/bin/python" -m venv --clear "$PROCGEN_VENV"
  "$PROCGEN_VENV/bin/python" -m pip -q --disable-pip-version-check install \
    "$SDIST_DIR/$PROCGEN_WHEEL" numpy==1.26.4 gym==0.26.2 gym3==0.3.3
  touch "$procgen_stamp"
fi

# The metaworld family's reference, metaworld 3.1.1, in a venv of its own:
# it pins mujoco==3.3.0, whose physics differs from the 3.17.0 we build on,
# so it is installed --no-deps there and runs on the main venv's packages
# (MuJoCo 3.17.0, gymnasium, NumPy, SciPy), which a .pth file puts on its
# path. The family's tests run it in a subprocess
# (parallel_pool/metaworld/testing/reference.py).
METAWORLD_VENV=${METAWORLD_VENV:-$(dirname "$VENV")/venvs/metaworld}
metaworld_stamp="$METAWORLD_VENV/.metaworld-3.1.1"
if [[ ! -f "$metaworld_stamp" ]]; then
  echo "setup: creating the metaworld reference venv $METAWORLD_VENV"
  "$VENV/bin/python" -m venv --clear --without-pip "$METAWORLD_VENV"
  site=$("$METAWORLD_VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  main_site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  echo "$main_site" >"$site/main_venv.pth"
  "$VENV/bin/python" -m pip -q --disable-pip-version-check install --no-deps \
    --target "$site" "$SDIST_DIR/$METAWORLD_WHEEL"
  touch "$metaworld_stamp"
fi
