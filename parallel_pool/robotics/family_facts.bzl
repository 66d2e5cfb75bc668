# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Robotics",
    "doc": "robotics.md",
    "fuzz_tasks": [
        "PointMaze_UMaze-v3",
        "PointMaze_Medium_Diverse_GRDense-v3",
        "FetchPickAndPlaceDense-v4",
    ],
    "fuzz_max_envs": 64,
    "fuzz_examples": 100,
    "fuzz_weight": 1,
    "sanitizer_task": "PointMaze_UMaze-v3",
    "sanitizer_in_make_test": False,
    "seed_tasks": [
        ["PointMaze_Open_Diverse_GRDense-v3", {"max_episode_steps": 15}],
        ["FetchPickAndPlace-v4", {"max_episode_steps": 15}],
    ],
    "bench_tasks": ["FetchPush-v4", "HandManipulateBlock-v1", "PointMaze_Medium-v3", "AntMaze_Medium-v5"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "bench_targets": {"each_mode": ["envpool", 1.2], "one_env": ["gymnasium single env", 3.0]},
    "envpool_test_dirs": [],
    "envpool_test_helpers": [],
}
