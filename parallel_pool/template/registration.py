"""Registers the template env."""

from parallel_pool.registration import register

register(
    task_id="Template-v0",
    import_path="parallel_pool.template",
    spec_cls="TemplateEnvSpec",
    dm_cls="TemplateDMEnvPool",
    gym_cls="TemplateGymEnvPool",
    gymnasium_cls="TemplateGymnasiumEnvPool",
    max_episode_steps=100,
    episode_length=5,
)
