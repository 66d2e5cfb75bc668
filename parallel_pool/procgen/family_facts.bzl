# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Procgen",
    "doc": "procgen.md",
    "fuzz_tasks": ["BigfishHard-v0", "StarpilotHard-v0", "MazeMemory-v0"],
    "fuzz_max_envs": 16,
    "fuzz_examples": 30,
    "fuzz_weight": 1,
    "sanitizer_task": "BigfishHard-v0",
    "sanitizer_in_make_test": False,
    "seed_tasks": [["BigfishEasy-v0", {"max_episode_steps": 30}], ["MazeEasy-v0", {"max_episode_steps": 30}]],
    "bench_tasks": ["CoinrunHard-v0", "StarpilotHard-v0", "BigfishHard-v0"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "bench_targets": {"each_mode": ["envpool", 1.2], "each_of_ours": ["procgen ProcgenEnv", 1.2]},
    "envpool_test_dirs": [],
    "envpool_test_helpers": [],
}
