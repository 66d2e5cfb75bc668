#!/usr/bin/env bash
# Installs what parallel_pool needs on a Debian machine, idempotently:
#   - Debian packages (Bazel 4 from bazel-bootstrap, GoogleTest, compilers),
#     only those missing;
#   - a Python venv outside the clone ($VENV) with requirements-dev.txt.
# Safe to run again: a second run installs nothing and takes seconds.
set -euo pipefail

VENV=${VENV:-$HOME/.cache/parallel_pool/venv}
PYTHON=${PYTHON:-python3}
APT_PACKAGES=(bazel-bootstrap libgtest-dev zlib1g-dev g++ git python3-dev python3-venv clang-format)

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

if [[ ! -x "$VENV/bin/python" ]]; then
  echo "setup: creating venv $VENV"
  # --system-site-packages: reuse what the interpreter already has installed.
  "$PYTHON" -m venv --system-site-packages "$VENV"
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
  touch "$stamp"
fi

# The ALE sources for the atari family: the ale-py sdist from PyPI, fetched
# once with pip into a cache outside the clone, where the Bazel repository
# rule third_party/ale/ale_configure.bzl finds it (Bazel itself downloads
# nothing).
ALE_SDIST_DIR=${ALE_SDIST_DIR:-$HOME/.cache/parallel_pool/third_party}
ALE_SDIST="$ALE_SDIST_DIR/ale_py-0.12.1.tar.gz"
ALE_SDIST_SHA256=c503d574c5983e1063b451201ccb779d935919c0f6bf116fb0f4f8aa4c86d249
if [[ ! -f "$ALE_SDIST" ]]; then
  echo "setup: pip download ale-py==0.12.1 (sdist)"
  mkdir -p "$ALE_SDIST_DIR"
  tmp=$(mktemp -d)
  # pip prepares the sdist's metadata in an isolated build env
  # (scikit-build-core and nanobind from PyPI); nothing is built.
  "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-deps \
    --no-binary ale-py -d "$tmp" ale-py==0.12.1
  echo "$ALE_SDIST_SHA256  $tmp/ale_py-0.12.1.tar.gz" | sha256sum -c --quiet -
  mv "$tmp/ale_py-0.12.1.tar.gz" "$ALE_SDIST"
  rm -rf "$tmp"
fi
