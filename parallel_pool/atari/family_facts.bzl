# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Atari",
    "doc": "atari.md",
    "fuzz_tasks": ["Pong-v5", "Breakout-v5"],
    "fuzz_max_envs": 6,
    "fuzz_examples": 80,
    "fuzz_weight": 2,
    "sanitizer_task": "Pong-v5",
    "sanitizer_in_make_test": False,
    "seed_tasks": [
        ["Pong-v5", {"max_episode_steps": 15}],
        ["Breakout-v5", {"max_episode_steps": 15, "repeat_action_probability": 0.25}],
    ],
    "bench_tasks": ["Pong-v5", "Breakout-v5"],
    "bench_max_envs": 0,
    "bench_min_rounds": 3,
    # The benchmark report's targets (issue 13), which benchmark/performance/targets/atari.md states.
    "bench_targets": {
        "each_mode": ["ale_py AtariVectorEnv", 1.2],
        "limit_rows": "best",
        "one_env": ["gymnasium single env", 2.0],
    },
    "envpool_test_dirs": ["envpool/atari"],
    "envpool_test_helpers": ["envpool/atari/atari_network.py"],
}
