# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Highway",
    "doc": None,
    "fuzz_tasks": ["Highway-v0"],
    "fuzz_max_envs": 64,
    "fuzz_examples": 100,
    "fuzz_weight": 2,
    "sanitizer_task": "Highway-v0",
    "sanitizer_in_make_test": True,
    "seed_tasks": [["Highway-v0", {"max_episode_steps": 15}]],
    "bench_tasks": ["Highway-v0"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "bench_targets": {},
    "envpool_test_dirs": [],
    "envpool_test_helpers": [],
}
