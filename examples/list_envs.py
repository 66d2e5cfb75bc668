"""Every registered task id, with its spaces."""

import parallel_pool

for task_id in parallel_pool.list_all_envs():
    spec = parallel_pool.make_spec(task_id)
    print(f"{task_id:28s} obs {spec.observation_space}  action {spec.action_space}")
