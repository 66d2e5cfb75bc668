# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "MuJoCo",
    "doc": "mujoco.md",
    "fuzz_tasks": [
        "Hopper-v5",
        "HalfCheetah-v4",
        "Ant-v5",
        "InvertedPendulum-v5",
        "Reacher-v5",
        "Humanoid-v4",
    ],
    "fuzz_max_envs": 64,
    "fuzz_examples": 400,
    "fuzz_weight": 2,
    "sanitizer_task": "Hopper-v5",
    "sanitizer_in_make_test": False,
    "seed_tasks": [
        ["HalfCheetah-v4", {"max_episode_steps": 15}],
        ["Hopper-v5", {"max_episode_steps": 15}],
    ],
    "bench_tasks": ["Ant-v5", "HalfCheetah-v5"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "bench_targets": {},
    "envpool_test_dirs": ["envpool/mujoco/gym"],
    "envpool_test_helpers": ["envpool/mujoco/pixel_observation_test_utils.py"],
}
