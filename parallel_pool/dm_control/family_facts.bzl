# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "dm_control",
    "doc": "dm_control.md",
    "fuzz_tasks": [
        "CartpoleBalance-v1",
        "CheetahRun-v1",
        "LqrLqr21-v1",
        "PointMassEasy-v1",
        "CartpoleTwoPoles-v1",
    ],
    "fuzz_max_envs": 32,
    "fuzz_examples": 300,
    "fuzz_weight": 2,
    "sanitizer_task": "CheetahRun-v1",
    "sanitizer_in_make_test": False,
    "seed_tasks": [["CheetahRun-v1", {"max_episode_steps": 15}]],
    "bench_tasks": ["CheetahRun-v1", "WalkerWalk-v1", "HumanoidRun-v1"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    # The benchmark report's targets (issue 8), which benchmark/performance/targets/dm_control.md states.
    "bench_targets": {
        "each_mode": ["envpool", 1.0],
        "limit_rows": 8,
        "one_env": ["dm_control single env", 1.5],
    },
    "envpool_test_dirs": ["envpool/mujoco/dmc"],
    "envpool_test_helpers": [],
}
