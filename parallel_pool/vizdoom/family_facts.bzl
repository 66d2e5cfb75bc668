# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "ViZDoom",
    "doc": "vizdoom.md",
    "fuzz_tasks": ["Basic-v1"],
    "fuzz_max_envs": 3,
    "fuzz_examples": 60,
    "fuzz_weight": 1,
    "sanitizer_task": "Basic-v1",
    "sanitizer_in_make_test": False,
    "seed_tasks": [["Basic-v1", {"max_episode_steps": 15, "use_combined_action": True}]],
    "bench_tasks": ["Basic-v1", "MultiDuel-v1:max_num_players=2"],
    "bench_max_envs": 8,
    "bench_min_rounds": 3,
    # The benchmark report's targets, which benchmark/performance/targets/vizdoom.md states.
    "bench_targets": {"best_of_ours": ["gymnasium AsyncVectorEnv", 1.5], "limit_rows": "cores"},
    "envpool_test_dirs": ["envpool/vizdoom"],
    "envpool_test_helpers": [],
}
