# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "highway-env",
    "doc": "highway.md",
    "fuzz_tasks": ["highway-fast-v0", "parking-v0", "intersection-v1", "lane-keeping-v0"],
    "fuzz_max_envs": 32,
    "fuzz_examples": 60,
    "fuzz_weight": 1,
    "sanitizer_task": "highway-fast-v0",
    "sanitizer_in_make_test": True,
    "seed_tasks": [
        ["highway-fast-v0", {"max_episode_steps": 15}],
        ["parking-v0", {"max_episode_steps": 15}],
    ],
    "bench_tasks": ["highway-fast-v0", "intersection-v0", "parking-v0"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    # The benchmark report's targets (issue 44), which benchmark/performance/targets/highway.md states.
    "bench_targets": {"each_mode": ["envpool", 1.2], "one_env": ["gymnasium single env", 20.0]},
    "envpool_test_dirs": ["envpool/highway"],
    "envpool_test_helpers": ["envpool/highway/highway_oracle_util.py"],
}
