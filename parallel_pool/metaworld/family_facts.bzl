# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Meta-World",
    "doc": "metaworld.md",
    "fuzz_tasks": ["MetaWorld/Reach-v3", "MetaWorld/PickPlace-v3", "MetaWorld/StickPush-v3"],
    "fuzz_max_envs": 16,
    "fuzz_examples": 50,
    "fuzz_weight": 1,
    "sanitizer_task": "MetaWorld/Reach-v3",
    "sanitizer_in_make_test": False,
    "seed_tasks": [
        ["MetaWorld/Reach-v3", {"max_episode_steps": 15}],
        ["MetaWorld/DoorOpen-v3", {"max_episode_steps": 15, "partially_observable": False}],
    ],
    "bench_tasks": ["MetaWorld/Reach-v3", "MetaWorld/PickPlace-v3", "MetaWorld/DoorOpen-v3"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "bench_targets": {"each_mode": ["envpool", 1.2], "one_env": ["gymnasium single env", 3.0]},
    "envpool_test_dirs": ["envpool/mujoco/metaworld"],
    "envpool_test_helpers": [],
}
