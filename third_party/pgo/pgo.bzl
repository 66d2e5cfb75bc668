"""The flags of the wheel's profile-guided optimisation (pgo_repository.bzl), by build:

  --define=pgo=use       (the wheel, .bazelrc's manylinux config) compile
                         with the committed profile;
  --define=pgo=generate  (.bazelrc's pgo_generate config) instrument, and
                         link LLVM's profiling runtime;
  neither                (the gcc build) nothing.

A target opts in with both: pgo_copts() on what it compiles, pgo_deps() for
the profile (an input of the compile) and the runtime. In: the ALE and the
atari module, the highway module (their env, the core); the profile's
workload is tools/pgo_train.py.
"""

load("@wheel_pgo//:defs.bzl", "PROFILE")

def pgo_copts():
    return select({
        "@//third_party/pgo:generate": ["-fprofile-generate"],
        "@//third_party/pgo:use": [
            "-fprofile-use=" + PROFILE,
            # Code the workload did not run, or that changed since the profile
            # was made, is compiled as without a profile: not an error under
            # -Werror (tools/pgo_profile.sh remakes the profile). The modules
            # for other CPythons than the profiled one see other Python and
            # pybind11 headers: clang reports their changed functions as a
            # "hash mismatch" under -Wbackend-plugin.
            "-Wno-profile-instr-unprofiled",
            "-Wno-profile-instr-out-of-date",
            "-Wno-profile-instr-missing",
            "-Wno-backend-plugin",
        ],
        "//conditions:default": [],
    })

def pgo_deps():
    return select({
        "@//third_party/pgo:generate": ["@wheel_pgo//:profile_runtime"],
        "@//third_party/pgo:use": ["@wheel_pgo//:profile"],
        "//conditions:default": [],
    })
