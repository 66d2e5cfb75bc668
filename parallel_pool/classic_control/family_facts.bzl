# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Classic control",
    "doc": None,
    "fuzz_tasks": ["CartPole-v1", "Pendulum-v1", "MountainCarContinuous-v0", "Acrobot-v1"],
    "fuzz_max_envs": 512,
    "fuzz_examples": 500,
    "fuzz_weight": 2,
    "sanitizer_task": "CartPole-v1",
    "sanitizer_in_make_test": True,
    "seed_tasks": [
        ["CartPole-v1", {}],
        ["Pendulum-v1", {"max_episode_steps": 15}],
        ["MountainCar-v0", {"max_episode_steps": 15}],
        ["MountainCarContinuous-v0", {"max_episode_steps": 15}],
        ["Acrobot-v1", {"max_episode_steps": 15}],
    ],
    "bench_tasks": ["CartPole-v1", "Pendulum-v1"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
    "bench_targets": {},
    "envpool_test_dirs": ["envpool/classic_control"],
    "envpool_test_helpers": [],
}
