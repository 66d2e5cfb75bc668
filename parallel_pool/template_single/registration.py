"""Registers the template_single task ids."""

from parallel_pool.registration import register

register(
    task_id="TemplateSingle-v0",
    import_path="parallel_pool.template_single",
    spec_cls="TemplateSingleEnvSpec",
    dm_cls="TemplateSingleDMEnvPool",
    gym_cls="TemplateSingleGymEnvPool",
    gymnasium_cls="TemplateSingleGymnasiumEnvPool",
    # Keyword arguments are this id's config defaults (C++ DefaultConfig keys).
    max_episode_steps=50,
    length=5,
)
