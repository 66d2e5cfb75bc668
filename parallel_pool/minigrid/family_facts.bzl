# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "MiniGrid",
    "doc": "minigrid.md",
    "fuzz_tasks": [
        "MiniGrid-DoorKey-8x8-v0",
        "MiniGrid-LavaCrossingS9N2-v0",
        "MiniGrid-Empty-Random-5x5-v0",
        "BabyAI-GoTo-v0",
        "BabyAI-BossLevel-v0",
        "BabyAI-PutNextS5N2Carrying-v0",
    ],
    "fuzz_max_envs": 256,
    "fuzz_examples": 300,
    "fuzz_weight": 2,
    "sanitizer_task": "BabyAI-BossLevel-v0",
    "sanitizer_in_make_test": True,
    "seed_tasks": [
        ["MiniGrid-DoorKey-5x5-v0", {"max_episode_steps": 15}],
        ["BabyAI-GoTo-v0", {"max_episode_steps": 15}],
    ],
    "bench_tasks": ["MiniGrid-DoorKey-8x8-v0", "BabyAI-GoTo-v0"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    # The benchmark report's targets (issue 27), which benchmark/performance/targets/minigrid.md states.
    "bench_targets": {"each_mode": ["envpool", 1.0], "one_env": ["gymnasium single env", 20.0]},
    "envpool_test_dirs": ["envpool/minigrid"],
    "envpool_test_helpers": ["envpool/minigrid/babyai_test_utils.py"],
}
