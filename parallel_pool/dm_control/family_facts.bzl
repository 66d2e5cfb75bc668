# What the tooling knows of this family, in the one place it is kept: the fuzzer,
# the sanitizer smoke, the seed test, the docs and the benchmark read it
# (Python: parallel_pool/family_facts.py; Bazel: family.bzl's env_families).
# A Python literal that is also Starlark; every key is required.
FACTS = {
    # The family's name in the docs and the benchmark report.
    "title": "dm_control",
    # Its hand-written page in docs/ (None: the generated one only).
    "doc": "dm_control.md",
    # Representative ids for the fuzzer: each action and observation layout.
    "fuzz_tasks": [
        "CartpoleBalance-v1",
        "CheetahRun-v1",
        "LqrLqr21-v1",
        "PointMassEasy-v1",
        "CartpoleTwoPoles-v1",
    ],
    # The most envs a fuzzed pool gets (engines and ROMs cost memory and start-up).
    "fuzz_max_envs": 32,
    # Cases in make test's short fuzz profile (reliability/fuzz_test.py).
    "fuzz_examples": 300,
    # Share of make fuzz-long's time, by what a case costs.
    "fuzz_weight": 2,
    # The id the sanitizer smoke drives (reliability/sanitizer_smoke.py).
    "sanitizer_task": "CheetahRun-v1",
    # Whether make test runs it (no third-party C++ to instrument).
    "sanitizer_in_make_test": False,
    # reset(seed=) against a new pool (python/seed_test.py): [id, config], limits that cross an episode end.
    "seed_tasks": [["CheetahRun-v1", {"max_episode_steps": 15}]],
    # make bench's tasks (benchmark/run.py).
    "bench_tasks": ["CheetahRun-v1", "WalkerWalk-v1", "HumanoidRun-v1"],
    # The most envs of --num-envs its tasks run (0: all).
    "bench_max_envs": 0,
    # Rounds of its tasks whatever --repeat says (each figure the best of them).
    "bench_min_rounds": 1,
}
