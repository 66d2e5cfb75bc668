"""Registers the several_players task ids."""

from parallel_pool.registration import register

register(
    task_id="SeveralPlayers-v0",
    import_path="templates.several_players",
    spec_cls="SeveralPlayersEnvSpec",
    dm_cls="SeveralPlayersDMEnvPool",
    gym_cls="SeveralPlayersGymEnvPool",
    gymnasium_cls="SeveralPlayersGymnasiumEnvPool",
    max_episode_steps=100,
    episode_length=5,
)
