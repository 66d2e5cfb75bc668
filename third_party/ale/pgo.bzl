"""The flags of the ALE's profile-guided optimisation (ale_pgo.bzl), by build:

  --define=ale_pgo=use       (the wheel, .bazelrc's manylinux config) compile
                             with the committed profile;
  --define=ale_pgo=generate  (.bazelrc's pgo_generate config) instrument, and
                             link LLVM's profiling runtime;
  neither                    (the gcc build) nothing.

For the ALE and for the atari module (its env, the resize, the core).
"""

load("@ale_pgo//:defs.bzl", "PROFILE")

def ale_pgo_copts():
    return select({
        "@//third_party/ale:pgo_generate": ["-fprofile-generate"],
        "@//third_party/ale:pgo_use": [
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

def ale_pgo_deps():
    return select({
        "@//third_party/ale:pgo_generate": ["@ale_pgo//:profile_runtime"],
        "@//third_party/ale:pgo_use": ["@ale_pgo//:profile"],
        "//conditions:default": [],
    })
