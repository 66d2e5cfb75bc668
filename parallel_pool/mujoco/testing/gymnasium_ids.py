"""The gymnasium MuJoCo ids this family provides, written out for the tests.

Kept apart from registration.py on purpose: a test that took its ids from our
own registry would not notice one that went missing.
"""

TASKS = [
    "Ant",
    "HalfCheetah",
    "Hopper",
    "Humanoid",
    "HumanoidStandup",
    "InvertedDoublePendulum",
    "InvertedPendulum",
    "Pusher",
    "Reacher",
    "Swimmer",
    "Walker2d",
]
ALL_IDS = [f"{task}-v{version}" for task in TASKS for version in (4, 5)]
