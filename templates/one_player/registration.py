"""Registers the one_player task ids."""

from parallel_pool.registration import register

register(
    task_id="OnePlayer-v0",
    import_path="templates.one_player",
    env="OnePlayer",
    # Keyword arguments are this id's config defaults (C++ DefaultConfig keys).
    max_episode_steps=50,
    length=5,
)
