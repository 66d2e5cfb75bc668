# The tooling's facts of this family (the keys: parallel_pool/family_facts.py).
FACTS = {
    "title": "Toy text",
    "doc": None,
    "fuzz_tasks": [
        "FrozenLake-v1",
        "Taxi-v3",
        "Blackjack-v1",
        "CliffWalking-v1",
        "Catch-v0",
        "NChain-v0",
    ],
    "fuzz_max_envs": 512,
    "fuzz_examples": 500,
    "fuzz_weight": 2,
    "sanitizer_task": "Taxi-v3",
    "sanitizer_in_make_test": True,
    "seed_tasks": [
        ["Taxi-v3", {"max_episode_steps": 15}],
        ["FrozenLake-v1", {}],
        ["CliffWalkingSlippery-v1", {"max_episode_steps": 15}],
        ["NChain-v0", {"max_episode_steps": 15}],
        ["Blackjack-v1", {}],
        ["Catch-v0", {}],
    ],
    "bench_tasks": ["Taxi-v3"],
    "bench_max_envs": 0,
    "bench_min_rounds": 1,
}
