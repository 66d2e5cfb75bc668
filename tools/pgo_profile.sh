#!/usr/bin/env bash
# Remakes third_party/pgo/wheel.profdata, the profile with which the wheel's
# build compiles the ALE, the atari module and the highway module
# (docs/engineering_notes.md, "Profile-guided optimisation of the wheel"):
#   tools/pgo_profile.sh VENV_PYTHON      # `make pgo-profile`
# 1. LLVM 22.1.8's llvm-profdata and profiling runtime (tools/pgo_toolchain.sh);
# 2. the instrumented build: the wheel's (zig's clang) with -fprofile-generate
#    for what opts in (third_party/pgo/pgo.bzl; .bazelrc's pgo_generate config);
# 3. the committed workload, tools/pgo_train.py, run against it;
# 4. the raw profiles (one per instrumented module) merged by llvm-profdata into
#    third_party/pgo/wheel.profdata.
# The profile is committed; `make wheel` only reads it. Remake it when the ALE,
# a module that opts in or zig changes (clang then warns of nothing: out-of-date
# functions are compiled as without a profile).
set -euo pipefail

venv_python=${1:?usage: tools/pgo_profile.sh VENV_PYTHON}
cd "$(dirname "$0")/.."
toolchain=$(tools/pgo_toolchain.sh)
export PYTHON_BIN_PATH=$venv_python
unset WHEEL_PYTHON_ROOT WHEEL_PYTHON
# The runtime may have appeared since a running Bazel server last fetched
# @wheel_pgo (which then holds a rule that fails, saying to fetch it).
bazel sync --only=wheel_pgo
bazel build --config=pgo_generate //tools:pgo_train
raw=$(mktemp -d)
trap 'rm -rf "$raw"' EXIT
LLVM_PROFILE_FILE=$raw/%m-%p.profraw PATH=$(dirname "$venv_python"):$PATH \
  bazel-pgo-generate-bin/tools/pgo_train
"$toolchain/llvm-profdata-merge" third_party/pgo/wheel.profdata "$raw"/*.profraw
ls -l third_party/pgo/wheel.profdata
