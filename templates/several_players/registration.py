"""Registers the several_players task ids."""

from parallel_pool.registration import register

register(
    task_id="SeveralPlayers-v0",
    import_path="templates.several_players",
    env="SeveralPlayers",
    max_episode_steps=100,
    episode_length=5,
)
