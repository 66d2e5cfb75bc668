# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Box2D",
    "doc": "box2d.md",
    "fuzz_tasks": [
        "LunarLander-v3",
        "LunarLanderContinuous-v3",
        "BipedalWalker-v3",
        "BipedalWalkerHardcore-v3",
        "CarRacing-v3",
    ],
    "fuzz_max_envs": 64,
    "fuzz_examples": 300,
    "fuzz_weight": 2,
    "sanitizer_task": "LunarLander-v3",
    "sanitizer_in_make_test": False,
    "seed_tasks": [
        ["LunarLander-v3", {"max_episode_steps": 15, "enable_wind": True}],
        ["LunarLanderContinuous-v3", {"max_episode_steps": 15}],
    ],
    "bench_tasks": ["LunarLander-v3", "BipedalWalker-v3", "CarRacing-v3"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    # The benchmark report's targets (issue 26), which benchmark/performance/targets/box2d.md states.
    "bench_targets": {"each_mode": ["envpool", 1.2], "one_env": ["gymnasium single env", 3.0]},
    "envpool_test_dirs": ["envpool/box2d"],
    "envpool_test_helpers": [],
}
